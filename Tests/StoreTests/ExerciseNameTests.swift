import Foundation
import GRDB
import Records
import Testing

@testable import Store

/// One exercise whatever the case of its name: migration v14 merges histories split by case on a
/// real file of version 13, and reads and saves after it match names without regard to case.
@Suite("Exercise names without regard to case")
struct ExerciseNameTests {
    /// A file of version 13 whose members logged the same exercises in several cases.
    static func splitHistoryFile(_ location: StoreLocation) throws {
        try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: location.databasePath)
        try Schema.migrator.migrate(queue, upTo: "v13 set types, RPE and notes")
        let (anna, ben) = (id(70).uuidString, id(71).uuidString)
        // anna: "Incline press" twice (the most used), "incline press" once and newest, and
        // "INCLINE PRESS" once; "Row" and "row" once each (a tie: the newest wins).
        // ben: "incline press" only, never renamed after anna's spelling.
        let workouts: [(Int, String, String, Int64)] = [
            (1, anna, "Incline press", 1_000), (2, anna, "Incline press", 2_000), (3, anna, "incline press", 9_000),
            (4, anna, "INCLINE PRESS", 3_000), (5, anna, "Row", 4_000), (6, anna, "row", 5_000),
            (7, ben, "incline press", 6_000),
        ]
        try queue.write { db in
            try db.execute(sql: "INSERT INTO profile VALUES ('\(anna)', 'anna'), ('\(ben)', 'ben')")
            for (number, profile, exercise, start) in workouts {
                let workout = id(number).uuidString
                try db.execute(
                    sql: """
                        INSERT INTO dumbbell_workout (id, profile_id, exercise, unit, started_at, finished_at, status,
                            session_id)
                        VALUES (?, ?, ?, 'kg', ?, ?, 'finished', ?)
                        """,
                    arguments: [workout, profile, exercise, start, start + 500, workout])
                for set in 1...2 {
                    try db.execute(
                        sql: """
                            INSERT INTO dumbbell_set (workout_id, number, weight_hundredths, reps, started_at,
                                finished_at, set_type, rpe, note)
                            VALUES (?, ?, ?, ?, ?, ?, 'working', 8, ?)
                            """,
                        arguments: [workout, set, 2_000 + number * 100, 10 - set, start + 10, start + 60, "s\(set)"])
                }
            }
        }
        try queue.close()
    }

    @Test("v14 merges split histories into the most used spelling, then the newest, and loses no row")
    func migrationMergesSpellings() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try Self.splitHistoryFile(location)

        let store = try TermFitStore.open(at: location)
        defer { try? store.close() }
        try #require(store.pool).read { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.version)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM dumbbell_workout") == 7)
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM dumbbell_set") == 14)
            let names = try String.fetchAll(db, sql: "SELECT exercise FROM dumbbell_workout ORDER BY started_at")
            #expect(
                names == [
                    "Incline press", "Incline press", "Incline press", "row", "row", "incline press", "Incline press",
                ])
            let notes = try String.fetchAll(db, sql: "SELECT note FROM dumbbell_set WHERE number = 2")
            #expect(notes == Array(repeating: "s2", count: 7))
        }
        let anna = try store.profileStore(named: "anna", createIfNeeded: false)
        #expect(try anna.exerciseNames() == ["Incline press", "row"])
        let all = try anna.workouts(exercise: "INCLINE press", limit: 10)
        #expect(all.map(\.id) == [id(3), id(4), id(2), id(1)])
        #expect(all.allSatisfy { $0.sets.count == 2 && $0.exercise == "Incline press" })
        #expect(try anna.lastWorkout(exercise: "ROW")?.id == id(6))
        let ben = try store.profileStore(named: "ben", createIfNeeded: false)
        #expect(try ben.exerciseNames() == ["incline press"])
    }

    @Test("The merge keeps the most used spelling; on a tie the newest, then the first by code point")
    func winnerRule() {
        #expect(ExerciseSpelling.winner(of: [("a", 1, 9), ("A", 3, 1)]) == "A")
        #expect(ExerciseSpelling.winner(of: [("Row", 1, 4), ("row", 1, 5)]) == "row")
        #expect(ExerciseSpelling.winner(of: [("row", 1, 5), ("Row", 1, 5)]) == "Row")
    }

    @Test("A workout saved in another case joins the spelling the history has, Unicode letters too")
    func savesJoinTheKnownSpelling() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        let log = try store.profileStore(named: "anna")
        func workout(_ number: Int, _ exercise: String, at minute: Int) throws {
            let start = time("2025-03-01T18:00:00Z").addingTimeInterval(Double(minute) * 60)
            var saved = DumbbellWorkout(
                id: id(number), exercise: exercise, unit: .kilograms, startedAt: start, finishedAt: nil,
                status: .inProgress)
            saved.sets = [
                DumbbellSet(
                    number: 1, weight: 20, reps: 8, startedAt: start, finishedAt: start.addingTimeInterval(30))
            ]
            try log.start(saved)
            try log.finishWorkout(id(number), status: .finished, at: start.addingTimeInterval(60))
        }
        try workout(1, "Übung", at: 0)
        try workout(2, "ÜBUNG", at: 10)
        try workout(3, "Incline press", at: 20)
        try workout(4, "incline PRESS", at: 30)
        #expect(try log.exerciseNames() == ["Incline press", "Übung"])
        #expect(try log.workouts(exercise: "übung", limit: 5).map(\.exercise) == ["Übung", "Übung"])
        #expect(try log.lastWorkout(exercise: "INCLINE PRESS")?.id == id(4))
        #expect(try log.workout(id: id(4))?.exercise == "Incline press")
    }
}
