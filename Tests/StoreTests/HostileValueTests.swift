import Foundation
import GRDB
import Records
import TestSupport
import Testing

@testable import Store

/// Archives with extreme and hostile values: an import either refuses them cleanly or takes
/// them, and then history (every format) and export work. Seeded: a failing run prints its seed,
/// and `TERMFIT_PROPERTY_SEED=N` replays it (`TERMFIT_PROPERTY_RUNS=N` runs more).
@Suite("Extreme and hostile values")
struct HostileValueTests {
    static let doubles: [Double] = [
        30, 1, 0, 59.5, -1, -0.0, 604_800, 604_800.5, 10_000, 10_000.5, 1e15, 9.3e18, 1e19, .greatestFiniteMagnitude,
        .leastNonzeroMagnitude,
    ]
    static let integers: [Int] = [
        1, 5, 0, 6, -1, 1_000, 1_001, 10_000, 10_001, Int.max, Int.min, Int.max / 2 + 1, 2_147_483_648,
    ]
    static let times = [
        "2025-03-04T07:30:00.000Z", "1970-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z",
        "0000-01-01T00:00:00Z", "2025-02-30T00:00:00Z", "2025-03-04T07:30:00+23:59", "9999-12-31T23:59:59-23:59",
    ]
    static let texts = [
        "Squat", "Bicep curl", "Sit-ups", "", " ", "\u{1B}]0;owned\u{07}", "a\u{0}b",
        String(repeating: "x", count: 1_001), "\u{202E}gnp.exe",
    ]
    static let identifiers = (1...6).map { "00000000-0000-0000-0000-00000000000\($0)" }

    struct Generator {
        var random: SeededGenerator

        /// Mostly one of the first three values (sound ones), sometimes any (the hostile ones).
        mutating func pick<Value>(_ values: [Value]) -> Value {
            let choices = chance(85) ? min(3, values.count) : values.count
            return values[Int(random.next() % UInt64(choices))]
        }
        /// Mostly a fresh identifier, sometimes one used before in this archive.
        mutating func identifier() -> String {
            guard chance(90) else { return HostileValueTests.identifiers[Int(random.next() % 6)] }
            return UUID(
                uuid: (
                    UInt8(truncatingIfNeeded: random.next()), 0, 0, 0, 0, 0, 0x40, 0, 0x80, 0, 0, 0, 0, 0,
                    UInt8(truncatingIfNeeded: random.next()), UInt8(truncatingIfNeeded: random.next())
                )
            ).uuidString
        }

        mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        mutating func count(_ maximum: Int) -> Int { Int(random.next() % UInt64(maximum + 1)) }
        mutating func number() -> Any {
            chance(50) ? pick(HostileValueTests.doubles) : pick(HostileValueTests.integers)
        }
        mutating func integer() -> Any {
            chance(85) ? pick(HostileValueTests.integers) : pick(HostileValueTests.doubles)
        }

        mutating func archive() -> [String: Any] {
            var archive: [String: Any] = [
                "format": "termfit-profile", "version": chance(95) ? 1 : pick([0, -1, 2]), "profile": "anna",
                "settings": chance(80) ? [:] : ["hiit.exerciseSeconds": number(), "x": ["y": number()]],
            ]
            archive["hiitSessions"] = (0..<count(3)).map { _ in
                var session: [String: Any] = [
                    "id": identifier(), "exercise": pick(HostileValueTests.texts),
                    "startedAt": pick(HostileValueTests.times), "duration": number(), "completed": chance(50),
                ]
                if chance(50) { session["rating"] = integer() }
                return session
            }
            archive["cardSessions"] = (0..<count(2)).map { _ in
                [
                    "id": identifier(), "deckID": pick(HostileValueTests.texts),
                    "deckSource": "local", "startedAt": pick(HostileValueTests.times),
                    "status": pick(["finished", "abandoned", "inProgress"]), "activeDuration": number(),
                    "draws": (0..<count(3)).map { _ in
                        [
                            "position": integer(), "code": pick(["AS", "", "0H"]),
                            "exercise": pick(HostileValueTests.texts), "reps": integer(),
                            "drawnAt": pick(HostileValueTests.times),
                        ] as [String: Any]
                    },
                ] as [String: Any]
            }
            archive["dumbbellWorkouts"] = (0..<count(2)).map { _ in
                var workout: [String: Any] = [
                    "id": identifier(), "exercise": pick(HostileValueTests.texts), "unit": "kg",
                    "startedAt": pick(HostileValueTests.times), "status": "finished",
                    "sets": (0..<count(3)).map { _ in
                        var set: [String: Any] = [
                            "number": integer(), "weight": number(), "reps": integer(),
                            "startedAt": pick(HostileValueTests.times), "finishedAt": pick(HostileValueTests.times),
                        ]
                        if chance(50) { set["restBefore"] = number() }
                        return set
                    },
                ]
                if chance(50) { workout["finishedAt"] = pick(HostileValueTests.times) }
                return workout
            }
            archive["flashcardDecks"] = (0..<count(1)).map { _ in
                [
                    "id": identifier(), "name": pick(HostileValueTests.texts),
                    "createdAt": pick(HostileValueTests.times),
                    "cards": (0..<count(2)).map { _ in
                        [
                            "id": identifier(), "prompt": pick(HostileValueTests.texts),
                            "answer": pick(HostileValueTests.texts), "createdAt": pick(HostileValueTests.times),
                        ]
                    },
                ] as [String: Any]
            }
            archive["flashcardSessions"] = (0..<count(1)).map { _ in
                [
                    "id": identifier(), "deckID": identifier(),
                    "deckName": pick(HostileValueTests.texts), "startedAt": pick(HostileValueTests.times),
                    "status": "finished",
                    "reviews": (0..<count(2)).map { _ in
                        [
                            "id": identifier(), "cardID": identifier(),
                            "outcome": pick(["correct", "wrong"]), "reviewedAt": pick(HostileValueTests.times),
                        ]
                    },
                ] as [String: Any]
            }
            return archive
        }
    }

    @Test("Random hostile archives: import refuses them cleanly, or history and export work afterwards")
    func hostileArchives() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["TERMFIT_PROPERTY_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 0...UInt64.max)
        let runs = environment["TERMFIT_PROPERTY_RUNS"].flatMap(Int.init) ?? 300
        print("HostileValueTests seed \(seed) (TERMFIT_PROPERTY_SEED=\(seed) replays it)")
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        var generator = Generator(random: SeededGenerator(seed: seed))
        var accepted = 0
        for run in 0..<runs {
            let json = try JSONSerialization.data(withJSONObject: generator.archive(), options: [.sortedKeys])
            let profile = "p\(run)"
            do {
                _ = try store.importJSON(json, intoProfile: profile)
                accepted += 1
            } catch let error as StoreError {
                #expect(error.isDataFileProblem, "seed \(seed) run \(run): \(error)")
                continue
            }
            let log = try store.profileStore(named: profile, createIfNeeded: false)
            for format in HistoryFormat.allCases {
                #expect(!(try log.historyReport(format: format, timeZone: TimeZone(identifier: "UTC")!)).isEmpty)
            }
            // What was accepted exports, and the export reads back as a valid archive.
            let exported = try TermFitStore.decodeArchive(try log.exportJSON())
            try TermFitStore.validate(exported)
        }
        #expect(accepted > 0, "seed \(seed): some archives are valid")
    }

    @Test("Values beyond every range, stored by an older TermFit, still show in history and export")
    func storedOutOfRange() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        let store = try TermFitStore.open(at: location)
        let log = try store.profileStore(named: "anna")
        try store.close()
        let queue = try DatabaseQueue(path: location.databasePath)
        try queue.write { db in
            let profile = log.profile.id.uuidString
            try db.execute(
                sql: """
                    INSERT INTO hiit_session VALUES ('\(id(1).uuidString)', ?, 'Squat', 0, 9.3e18, 1, NULL);
                    INSERT INTO card_session VALUES ('\(id(2).uuidString)', ?, 'd', 'local', 1, NULL, 'finished', 1e19);
                    INSERT INTO card_draw VALUES ('\(id(2).uuidString)', 1, 'AS', 'Push-ups', \(Int.max), 1, 1e308);
                    INSERT INTO card_draw VALUES ('\(id(2).uuidString)', 2, 'AS', 'Push-ups', \(Int.max), 1, NULL);
                    INSERT INTO dumbbell_workout
                        (id, profile_id, exercise, unit, started_at, finished_at, status, session_id)
                        VALUES ('\(id(3).uuidString)', ?, 'Curl', 'kg', \(Int64.min), \(Int64.max), 'finished', NULL);
                    INSERT INTO dumbbell_set
                        (workout_id, number, weight_hundredths, reps, started_at, finished_at, rest_before)
                        VALUES ('\(id(3).uuidString)', 1, 1e308, \(Int.min), \(Int64.min), \(Int64.max), -1e308);
                    """, arguments: [profile, profile, profile])
        }
        try queue.close()
        let reopened = try TermFitStore.open(at: location)
        defer { try? reopened.close() }
        let anna = try reopened.profileStore(named: "anna", createIfNeeded: false)
        let table = try anna.historyReport(format: .table, timeZone: TimeZone(identifier: "UTC")!)
        #expect(table.contains("168:00:00"), "a duration beyond the range shows as the range's end: \(table)")
        #expect(table.contains("Push-ups \(Int.max)"), "reps add up to Int.max at most: \(table)")
        for format in HistoryFormat.allCases { _ = try anna.historyReport(format: format) }
        _ = try anna.exportJSON()
    }
}
