import Foundation
import GRDB
import Records

extension Schema {
    /// Merges the histories of one exercise written in several cases ("Incline press",
    /// "incline press") into one spelling per profile: the spelling of the most workouts, then
    /// the one used most recently, then the first in code-point order. Only the name of a
    /// workout row changes; every row and set is kept.
    static func mergeExerciseSpellings(_ db: Database) throws {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT profile_id, exercise, count(*) AS workouts, max(started_at) AS newest
                FROM dumbbell_workout GROUP BY profile_id, exercise
                """)
        var groups: [String: [(name: String, workouts: Int, newest: Int64)]] = [:]
        for row in rows {
            let profile: String = row["profile_id"]
            let name: String = row["exercise"]
            groups[profile + "\u{0}" + name.lowercased(), default: []].append(
                (name, row["workouts"], row["newest"]))
        }
        for (key, spellings) in groups where spellings.count > 1 {
            let profile = String(key.prefix { $0 != "\u{0}" })
            let winner = ExerciseSpelling.winner(of: spellings.map { ($0.name, $0.workouts, $0.newest) })
            for spelling in spellings where spelling.name != winner {
                try db.execute(
                    sql: "UPDATE dumbbell_workout SET exercise = ? WHERE profile_id = ? AND exercise = ?",
                    arguments: [winner, profile, spelling.name])
            }
        }
    }
}

/// How one name is chosen among the spellings of an exercise that differ only in case.
enum ExerciseSpelling {
    /// The spelling kept: the one of the most workouts, then the newest, then the first in
    /// code-point order (so the choice never depends on the order rows are read in).
    static func winner(of spellings: [(name: String, workouts: Int, newest: Int64)]) -> String {
        spellings.min { left, right in
            if left.workouts != right.workouts { return left.workouts > right.workouts }
            if left.newest != right.newest { return left.newest > right.newest }
            return left.name < right.name
        }?.name ?? ""
    }

    /// Every spelling this profile has of `name` (one after migration v14; more only when a
    /// file of another TermFit brought some in), compared the way Swift lowercases, so "Übung"
    /// and "übung" are one exercise too.
    static func spellings(of name: String, profileID: String, in db: Database) throws -> [String] {
        let needle = name.lowercased()
        return try String.fetchAll(
            db, sql: "SELECT DISTINCT exercise FROM dumbbell_workout WHERE profile_id = ?", arguments: [profileID]
        ).filter { $0.lowercased() == needle }
    }

    /// The spelling this profile already uses for `name` in any case, or `name` itself when it
    /// has none: a workout saved or imported as "incline press" joins "Incline press".
    static func stored(_ name: String, profileID: String, in db: Database) throws -> String {
        let known = try spellings(of: name, profileID: profileID, in: db)
        return known.contains(name) ? name : known.min() ?? name
    }
}
