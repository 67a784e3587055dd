import Foundation
import GRDB
import Records
import Testing

@testable import Store

@Suite("Set types, RPE and notes: migration v13 and saves")
struct SetTypeMigrationTests {
    @Test("v13 keeps every set of an older file as a working set without RPE or note")
    func olderSetsBecomeWorkingSets() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: location.databasePath)
        try Schema.migrator.migrate(queue, upTo: "v8 itemized settings are a row per item")
        let (profile, workout) = (id(7).uuidString, id(1).uuidString)
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO profile VALUES ('\(profile)', 'anna');
                    INSERT INTO dumbbell_workout VALUES
                        ('\(workout)', '\(profile)', 'Curl', 'kg', 1000, 2000, 'finished', '\(workout)');
                    INSERT INTO dumbbell_set VALUES ('\(workout)', 1, 12.5, 10, 1500, 1600, NULL);
                    """)
        }
        try queue.close()

        let store = try TermFitStore.open(at: location)
        defer { try? store.close() }
        let log = try store.profileStore(named: "anna")
        let saved = try #require(try log.workout(id: id(1)))
        #expect(saved.sets.map(\.type) == [.working])
        #expect(saved.sets.map(\.rpe) == [nil])
        #expect(saved.title == nil)
        // A set saved now keeps its type, RPE and note.
        let set = DumbbellSet(
            number: 2, weight: 10, reps: 12, startedAt: time("2025-03-01T18:10:00Z"),
            finishedAt: time("2025-03-01T18:10:40Z"), type: .warmUp, rpe: 6.5, note: "Easy")
        try log.save(set, inWorkout: id(1))
        #expect(try log.workout(id: id(1))?.sets.last == set)
        #expect(throws: LogError.self) {
            var wrong = set
            wrong.rpe = 11
            try log.save(wrong, inWorkout: id(1))
        }
    }
}
