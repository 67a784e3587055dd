import Foundation
import GRDB
import Records
import Testing

@testable import Store

/// One status vocabulary: finished, abandoned, cut off. What a killed TermFit left "in progress"
/// is closed as cut off, by the v2 migration for old files and on every start since.
@Suite("Cut off sessions")
struct CutOffTests {
    /// A database as TermFit schema 1 left it, with a card session, a dumbbell workout (and its
    /// set) and a flashcard session a killed process left in progress, and one finished workout.
    private func makeVersion1Database(_ location: StoreLocation) throws {
        try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: location.databasePath)
        try Schema.migrator.migrate(queue, upTo: "v1 profiles, workouts, settings")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO profile VALUES ('P1', 'anna')")
            try db.execute(
                sql: """
                    INSERT INTO card_session VALUES ('C1', 'P1', 'deck', 'local', 1000, NULL, 'inProgress', 12.5);
                    INSERT INTO card_draw VALUES ('C1', 1, '5H', 'Sit-ups', 5, 2000);
                    INSERT INTO dumbbell_workout VALUES ('D1', 'P1', 'Curl', 'kg', 1000, NULL, 'inProgress');
                    INSERT INTO dumbbell_workout VALUES ('D2', 'P1', 'Curl', 'kg', 500, 900, 'finished');
                    INSERT INTO dumbbell_set VALUES ('D1', 1, 12.0, 10, 1500, 1600, 0);
                    INSERT INTO flashcard_session VALUES ('F1', 'P1', 'deck', 'Muscles', 1000, NULL, 'inProgress');
                    """)
        }
        try queue.close()
    }

    @Test("The v2 migration keeps every row and closes what a killed process left as cut off")
    func migration() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try makeVersion1Database(location)
        let store = try TermFitStore.open(at: location)
        try #require(store.pool).read { (db: Database) throws -> Void in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.version)
            #expect(try String.fetchAll(db, sql: "SELECT status FROM card_session") == ["cutOff"])
            #expect(
                try String.fetchAll(db, sql: "SELECT status FROM dumbbell_workout ORDER BY id") == [
                    "cutOff", "finished",
                ])
            #expect(try String.fetchAll(db, sql: "SELECT status FROM flashcard_session") == ["cutOff"])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM dumbbell_set") == 1, "children kept")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM card_draw") == 1)
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            #expect(try db.indexes(on: "dumbbell_workout").contains { $0.name == "dumbbell_workout_by_exercise" })
        }
        // The rebuilt tables still cascade: removing a workout removes its sets.
        try #require(store.pool).write { db in
            try db.execute(sql: "DELETE FROM dumbbell_workout WHERE id = 'D1'")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM dumbbell_set") == 0)
        }
        try store.close()
    }

    @Test("A session left running is closed as cut off on the next start; other profiles' are not")
    func closedOnTheNextStart() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let anna = try store.profileStore(named: "anna")
        let ben = try store.profileStore(named: "ben")
        let workout = DumbbellWorkout(
            id: id(1), exercise: "Curl", unit: .kilograms, startedAt: time("2026-01-02T08:00:00Z"))
        try anna.start(workout)
        try ben.start(
            DumbbellWorkout(id: id(2), exercise: "Curl", unit: .kilograms, startedAt: time("2026-01-02T08:00:00Z")))
        func status(_ workout: UUID) throws -> String? {
            try #require(store.pool).read { db in
                try String.fetchOne(
                    db, sql: "SELECT status FROM dumbbell_workout WHERE id = ?", arguments: [workout.uuidString])
            }
        }
        #expect(try anna.closeInterruptedSessions() == 1)
        #expect(try status(id(1)) == "cutOff")
        #expect(try status(id(2)) == "inProgress", "another profile's workout is left alone")
        // Ended where it really was running, it says so.
        try anna.finishWorkout(id(1), status: .finished, at: time("2026-01-02T08:30:00Z"))
        #expect(try status(id(1)) == "finished")
        try store.close()
    }

    @Test("History and every screen say the same words", arguments: SessionStatus.allCases)
    func oneVocabulary(status: SessionStatus) {
        #expect(HistoryReport.statusWord(status) == status.word)
        #expect(["in progress", "finished", "abandoned", "cut off"].contains(status.word))
    }

    @Test("Archives in every wording import; what was running there was cut off")
    func oldWordsImport() throws {
        for (word, expected) in [
            ("inProgress", SessionStatus.inProgress), ("unfinished", .cutOff), ("cut off", .cutOff),
            ("cutOff", .cutOff), ("abandoned", .abandoned),
        ] {
            let decoded = try JSONDecoder().decode([SessionStatus].self, from: Data("[\"\(word)\"]".utf8))
            #expect(decoded == [expected], "\(word)")
            #expect(decoded[0].ended != .inProgress)
        }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([SessionStatus].self, from: Data("[\"x\"]".utf8))
        }
    }
}
