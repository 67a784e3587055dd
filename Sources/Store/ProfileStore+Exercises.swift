import Foundation
import GRDB
import Records

extension ProfileStore: ListsDumbbellExercises {
    public func exerciseNames() throws -> [String] {
        try store.read { db in
            let names = try String.fetchAll(
                db,
                sql: """
                    SELECT exercise FROM dumbbell_workout WHERE profile_id = ?
                    GROUP BY exercise ORDER BY max(started_at) DESC, exercise
                    """,
                arguments: [profileID])
            var seen = Set<String>()
            return names.filter { seen.insert($0.lowercased()).inserted }
        }
    }

    /// A condition on `dumbbell_workout` that holds for `exercise` in every spelling the
    /// profile has of it, and the arguments it takes.
    func exerciseMatch(_ exercise: String, in db: Database) throws -> (condition: String, arguments: StatementArguments)
    {
        let names = try ExerciseSpelling.spellings(of: exercise, profileID: profileID, in: db)
        guard !names.isEmpty else { return ("exercise = ?", [exercise]) }
        return (
            "exercise IN (\(Array(repeating: "?", count: names.count).joined(separator: ",")))",
            StatementArguments(names)
        )
    }
}
