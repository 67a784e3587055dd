import Foundation
import GRDB
import Records
import Testing

@testable import Store

@Suite("A dumbbell workout of several exercises is one row per exercise, grouped by session_id")
struct DumbbellSessionTests {
    private func set(_ number: Int, _ weight: Double, _ reps: Int, minute: Int) -> DumbbellSet {
        DumbbellSet(
            number: number, weight: weight, reps: reps, startedAt: time("2025-03-01T18:\(10 + minute):00Z"),
            finishedAt: time("2025-03-01T18:\(10 + minute):40Z"))
    }

    @Test("the exercises of one workout share its session_id and keep their own sets and history")
    func exercisesAreGrouped() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let log = try store.profileStore(named: "anna")
        let names = ["Bench press", "Bent-over row", "Shoulder press"]
        for (index, name) in names.enumerated() {
            try log.start(
                DumbbellWorkout(
                    id: id(index + 1), exercise: name, unit: .kilograms,
                    startedAt: time("2025-03-01T18:1\(index):00Z"), sessionID: id(1)))
            try log.save(set(1, 20, 8, minute: index * 3), inWorkout: id(index + 1))
            try log.save(set(2, 20, 7, minute: index * 3 + 1), inWorkout: id(index + 1))
            try log.finishWorkout(id(index + 1), status: .finished, at: time("2025-03-01T18:40:00Z"))
        }
        try store.close()

        let reopened = try TermFitStore.open(at: temporary.location())
        try #require(reopened.pool).read { (db: Database) throws -> Void in
            let rows = try Row.fetchAll(
                db, sql: "SELECT exercise, session_id FROM dumbbell_workout ORDER BY started_at")
            #expect(rows.map { $0["exercise"] as String } == names)
            #expect(Set(rows.map { $0["session_id"] as String? }) == [id(1).uuidString])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM dumbbell_set") == 6)
        }
        let profile = try reopened.profileStore(named: "anna")
        let row = try #require(try profile.lastWorkout(exercise: "Bent-over row", before: time("2025-03-02T00:00:00Z")))
        #expect(row.id == id(2))
        #expect(row.sessionID == id(1))
        #expect(row.sets.map(\.reps) == [8, 7])
        try reopened.close()
    }

    @Test("the v4 migration keeps every v2 workout and its sets, with no session")
    func migrationFromVersion2() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        let queue = try TemporaryDirectory.version2Database(at: location)
        let (profile, first, second) = (id(7).uuidString, id(1).uuidString, id(2).uuidString)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO profile VALUES ('\(profile)', 'anna');
                    INSERT INTO dumbbell_workout VALUES ('\(first)', '\(profile)', 'Curl', 'kg', 1000, 2000, 'finished');
                    INSERT INTO dumbbell_workout VALUES ('\(second)', '\(profile)', 'Lunge', 'lb', 3000, NULL, 'cutOff');
                    INSERT INTO dumbbell_set VALUES ('\(first)', 1, 12.5, 10, 1500, 1600, NULL);
                    INSERT INTO dumbbell_set VALUES ('\(first)', 2, 12.5, 9, 1700, 1800, 60);
                    """)
        }
        try queue.close()

        let store = try TermFitStore.open(at: location)
        try #require(store.pool).read { (db: Database) throws -> Void in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.version)
            let rows = try Row.fetchAll(
                db, sql: "SELECT id, exercise, status, session_id FROM dumbbell_workout ORDER BY id")
            #expect(rows.map { $0["id"] as String } == [first, second])
            #expect(rows.map { $0["status"] as String } == ["finished", "cutOff"])
            #expect(rows.allSatisfy { ($0["session_id"] as String?) == nil })
            #expect(
                try Int.fetchAll(db, sql: "SELECT weight_hundredths FROM dumbbell_set ORDER BY number") == [1250, 1250])
            #expect(try db.indexes(on: "dumbbell_workout").contains { $0.name == "dumbbell_workout_by_session" })
        }
        let workouts = try store.profileStore(named: "anna").recentWorkouts(limit: 10)
        #expect(workouts.map(\.exercise) == ["Lunge", "Curl"])
        #expect(workouts.allSatisfy { $0.sessionID == nil })
        try store.close()
    }
}
