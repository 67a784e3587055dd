import Foundation
import GRDB
import Records
import Testing

@testable import Store

/// Database files of every schema version TermFit ever wrote (v1 to v8; there never was a v5),
/// each built by the migrator up to that version and filled through SQL with the rows a member
/// of that version had, then opened by today's TermFit: every row survives, and weights that
/// carried the float noise of a unit conversion are rounded to their unit's step.
///
/// The files are made in the test rather than committed: the migrator of each version is the
/// code that wrote them, and a committed binary file could not be reviewed.
@Suite("Migrating files of every earlier version")
struct EveryVersionMigrationTests {
    /// Every migration before today's weights, oldest first, with the schema version it leaves.
    static let earlierVersions: [(name: String, version: Int)] = {
        let all = Schema.migrator.migrations
        let count = all.firstIndex { $0.hasPrefix("v9 ") } ?? all.count
        return all.prefix(count).map { name in
            (name, Int(name.dropFirst().prefix { $0.isNumber }) ?? 0)
        }
    }()

    @Test("There is a file of each version from v1 to v8")
    func everyVersion() {
        #expect(Self.earlierVersions.map(\.version) == [1, 2, 3, 4, 6, 7, 8])
    }

    @Test("A file of each version opens with every row kept and its weights exact", arguments: [1, 2, 3, 4, 6, 7, 8])
    func opensEveryVersion(_ version: Int) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: location.databasePath)
        let name = try #require(Self.earlierVersions.first { $0.version == version }?.name)
        try Schema.migrator.migrate(queue, upTo: name)
        try queue.write { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == version)
            try OldFile.fill(db, version: version)
        }
        try queue.close()

        let store = try TermFitStore.open(at: location)
        defer { try? store.close() }
        try #require(store.pool).read { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.version)
            for (table, count) in OldFile.rowCounts {
                #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") == count, "\(table) of v\(version)")
            }
            let weights = try Row.fetchAll(
                db, sql: "SELECT workout_id, number, weight_hundredths FROM dumbbell_set ORDER BY workout_id, number")
            #expect(
                weights.map { "\($0["workout_id"] as String) \($0["number"] as Int) \($0["weight_hundredths"] as Int)" }
                    == OldFile.hundredthsAfter)
            #expect(try String.fetchOne(db, sql: "SELECT typeof(weight_hundredths) FROM dumbbell_set") == "integer")
            let statuses = try String.fetchAll(db, sql: "SELECT status FROM card_session ORDER BY id")
            // v2 closed what a killed process had left running; from v2 on it stays for the
            // next start to close.
            #expect(statuses == ["finished", version < 2 ? "cutOff" : "inProgress"])
            let grades = try String.fetchAll(db, sql: "SELECT grade FROM flashcard_review ORDER BY id")
            #expect(grades == (version < 6 ? ["good", "again"] : ["hard", "easy"]))
            let sessions = try String?.fetchAll(db, sql: "SELECT session_id FROM dumbbell_workout ORDER BY id")
            #expect(sessions == (version >= 4 ? [OldFile.workoutKg, OldFile.workoutKg] : [nil, nil]))
            let seconds = try Double?.fetchAll(db, sql: "SELECT seconds FROM card_draw ORDER BY position")
            #expect(seconds == (version >= 3 ? [12, nil] : [nil, nil]))
            let draws = try String.fetchAll(db, sql: "SELECT code || ' ' || exercise || ' ' || reps FROM card_draw")
            #expect(draws == ["AS Push-ups 14", "0H Squats 10"])
            let hiit = try String.fetchAll(
                db,
                sql: "SELECT exercise || ' ' || completed || ' ' || ifnull(rating, '-') FROM hiit_session ORDER BY id")
            #expect(hiit == ["Squat 1 4", "Lunge 0 -"])
            let cards = try String.fetchAll(db, sql: "SELECT prompt || '=' || answer FROM flashcard ORDER BY id")
            #expect(cards == ["to run=correr", "to eat=comer"])
        }

        let anna = try store.profileStore(named: "anna", createIfNeeded: false)
        #expect(try store.profiles().map(\.name) == ["anna", "ben"])
        let settings = try anna.settings()
        #expect(settings["dumbbells.unit"] == .string("lb"))
        #expect(settings["hiit.ratings"] == (try JSONValue(jsonText: #"{"Squat":5,"Lunge":3}"#)))
        let poundsID = try #require(UUID(uuidString: OldFile.workoutLb))
        let pounds = try #require(try anna.workout(id: poundsID))
        #expect(pounds.sets.map(\.weight) == [27.5, 22.5, 22])
        #expect(pounds.sets.map(\.reps) == [12, 8, 6])
        #expect(pounds.unit == .pounds)
        let kilogramsID = try #require(UUID(uuidString: OldFile.workoutKg))
        let kilograms = try #require(try anna.workout(id: kilogramsID))
        #expect(kilograms.sets.map(\.weight) == [12.5, 12.5, 22.25])
        #expect(kilograms.sets.map(\.restBefore) == [nil, 90, 89.5])
        // What every surface shows now is the number the screen showed then.
        let csv = try anna.historyReport(format: .csv, workout: .dumbbells, detail: true)
        #expect(csv.contains(",Curl,27.5,lb,12,"), "\(csv)")
        #expect(!csv.contains("27.557"))
        let export = String(decoding: try anna.exportJSON(), as: UTF8.self)
        #expect(export.contains("27.5") && !export.contains("27.557"))
    }

    @Test("An export of an older TermFit with float-noise weights imports with them rounded as v9 rounds them")
    func oldExportImportsRounded() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let first = try TermFitStore.open(at: temporary.location("first"))
        let anna = try first.profileStore(named: "anna")
        let start = time("2025-03-02T07:00:00Z")
        let workout = DumbbellWorkout(id: id(40), exercise: "Curl", unit: .pounds, startedAt: start)
        try anna.start(workout)
        for (number, weight) in [(1, 27.5), (2, 22.25)] {
            try anna.save(
                DumbbellSet(
                    number: number, weight: weight, reps: 10, startedAt: start, finishedAt: start.addingTimeInterval(30)
                ),
                inWorkout: workout.id)
        }
        let written = String(decoding: try anna.exportJSON(), as: UTF8.self)
        try first.close()
        #expect(written.contains(#""weight" : 27.5"#), "\(written)")
        let old = written.replacingOccurrences(of: #""weight" : 27.5"#, with: #""weight" : 27.557782773109697"#)
        let second = try TermFitStore.open(at: temporary.location("second"))
        defer { try? second.close() }
        _ = try second.importJSON(Data(old.utf8), intoProfile: "anna")
        let imported = try #require(try second.profileStore(named: "anna").workout(id: id(40)))
        #expect(imported.sets.map(\.weightHundredths) == [2750, 2225], "noise to the step; 22.25 lb kept exactly")
    }

    @Test("The noise of a conversion goes to the unit's step; a whole number of hundredths stays")
    func repairRule() {
        #expect(
            ExactWeight(repairing: 27.557782773109697, unit: .pounds) == ExactWeight(hundredths: 2750, unit: .pounds))
        #expect(ExactWeight(repairing: 22.04622621848776, unit: .pounds).hundredths == 2200)
        #expect(ExactWeight(repairing: 12.473790175, unit: .kilograms).hundredths == 1250)
        #expect(ExactWeight(repairing: 11.339809250000001, unit: .kilograms).hundredths == 1125)
        #expect(ExactWeight(repairing: 12.47, unit: .kilograms).hundredths == 1247, "hundredths are exact already")
        #expect(ExactWeight(repairing: 22.25, unit: .kilograms).hundredths == 2225)
        #expect(ExactWeight(repairing: 0.1 + 0.2, unit: .kilograms).hundredths == 30, "representation only")
        #expect(ExactWeight(repairing: 999.75, unit: .pounds).hundredths == 99975)
    }
}

/// The rows of an old file, written with the columns its version had.
private enum OldFile {
    static let anna = "00000000-0000-0000-0000-0000000000A1"
    static let ben = "00000000-0000-0000-0000-0000000000B2"
    static let workoutKg = "00000000-0000-0000-0000-000000000D01"
    static let workoutLb = "00000000-0000-0000-0000-000000000D02"

    /// Rows each table has once the file is open.
    static let rowCounts: [(String, Int)] = [
        ("profile", 2), ("card_session", 2), ("card_draw", 2), ("dumbbell_workout", 2), ("dumbbell_set", 6),
        ("flashcard_deck", 1), ("flashcard", 2), ("flashcard_session", 1), ("flashcard_review", 2),
        ("hiit_session", 2),
    ]

    /// Each set's weight afterwards, in hundredths of its workout's unit.
    static let hundredthsAfter = [
        "\(workoutKg) 1 1250", "\(workoutKg) 2 1250", "\(workoutKg) 3 2225",
        "\(workoutLb) 1 2750", "\(workoutLb) 2 2250", "\(workoutLb) 3 2200",
    ]

    static func fill(_ db: Database, version: Int) throws {
        let day: Int64 = 1_740_902_400_000  // 2025-03-02T08:00:00Z
        try db.execute(
            sql: """
                INSERT INTO profile VALUES ('\(anna)', 'anna'), ('\(ben)', 'ben');
                INSERT INTO setting VALUES ('\(anna)', 'dumbbells.unit', '"lb"');
                INSERT INTO card_session VALUES
                    ('00000000-0000-0000-0000-000000000C01', '\(anna)', '3p40paa87x90', 'local', \(day), \(day + 600_000),
                     'finished', 540.5),
                    ('00000000-0000-0000-0000-000000000C02', '\(ben)', 'x', 'local', \(day + 1000), NULL, 'inProgress', 3);
                INSERT INTO dumbbell_workout (id, profile_id, exercise, unit, started_at, finished_at, status) VALUES
                    ('\(workoutKg)', '\(anna)', 'Bicep curl', 'kg', \(day), \(day + 400_000), 'finished'),
                    ('\(workoutLb)', '\(anna)', 'Curl', 'lb', \(day + 500_000), \(day + 900_000), 'finished');
                INSERT INTO dumbbell_set VALUES
                    ('\(workoutKg)', 1, 12.5, 10, \(day), \(day + 40_000), NULL),
                    ('\(workoutKg)', 2, 12.473790175, 9, \(day + 130_000), \(day + 170_000), 90),
                    ('\(workoutKg)', 3, 22.25, 6, \(day + 260_000), \(day + 300_000), 89.5),
                    ('\(workoutLb)', 1, 27.557782773109697, 12, \(day + 500_000), \(day + 540_000), NULL),
                    ('\(workoutLb)', 2, 22.5, 8, \(day + 600_000), \(day + 640_000), 60),
                    ('\(workoutLb)', 3, 22.04622621848776, 6, \(day + 700_000), \(day + 740_000), 60);
                INSERT INTO flashcard_deck VALUES ('00000000-0000-0000-0000-000000000F00', '\(anna)', 'Spanish', \(day));
                INSERT INTO flashcard_session VALUES
                    ('00000000-0000-0000-0000-000000000F10', '\(anna)', '00000000-0000-0000-0000-000000000F00',
                     'Spanish', \(day), \(day + 100_000), 'finished');
                INSERT INTO hiit_session VALUES
                    ('00000000-0000-0000-0000-000000000E01', '\(anna)', 'Squat', \(day), 30, 1, 4),
                    ('00000000-0000-0000-0000-000000000E02', '\(anna)', 'Lunge', \(day + 60_000), 12.5, 0, NULL);
                """)
        let drawColumns = version >= 3 ? "(session_id, position, code, exercise, reps, drawn_at, seconds)" : ""
        let splits = version >= 3 ? ["12", "NULL"] : []
        try db.execute(
            sql: """
                INSERT INTO card_draw \(drawColumns) VALUES
                    ('00000000-0000-0000-0000-000000000C01', 1, 'AS', 'Push-ups', 14, \(day + 5000)\(splits.first.map { ", " + $0 } ?? "")),
                    ('00000000-0000-0000-0000-000000000C01', 2, '0H', 'Squats', 10, \(day + 70_000)\(splits.last.map { ", " + $0 } ?? ""));
                """)
        if version >= 4 {
            try db.execute(sql: "UPDATE dumbbell_workout SET session_id = '\(workoutKg)'")
        }
        let cardColumns = version >= 7 ? ", guid, tags" : ""
        let cardValues = version >= 7 ? [", 'g1', 'verbs'", ", 'g2', ''"] : ["", ""]
        try db.execute(
            sql: """
                INSERT INTO flashcard (id, deck_id, prompt, answer, created_at\(cardColumns)) VALUES
                    ('00000000-0000-0000-0000-000000000F01', '00000000-0000-0000-0000-000000000F00', 'to run', 'correr',
                     \(day)\(cardValues[0])),
                    ('00000000-0000-0000-0000-000000000F02', '00000000-0000-0000-0000-000000000F00', 'to eat', 'comer',
                     \(day + 1)\(cardValues[1]));
                """)
        let reviews =
            version >= 6
            ? "(id, session_id, card_id, grade, reviewed_at, cram) VALUES "
                + "('00000000-0000-0000-0000-000000000F21', '00000000-0000-0000-0000-000000000F10', "
                + "'00000000-0000-0000-0000-000000000F01', 'hard', \(day + 1000), 0), "
                + "('00000000-0000-0000-0000-000000000F22', '00000000-0000-0000-0000-000000000F10', "
                + "'00000000-0000-0000-0000-000000000F02', 'easy', \(day + 2000), 1)"
            : "(id, session_id, card_id, outcome, reviewed_at) VALUES "
                + "('00000000-0000-0000-0000-000000000F21', '00000000-0000-0000-0000-000000000F10', "
                + "'00000000-0000-0000-0000-000000000F01', 'correct', \(day + 1000)), "
                + "('00000000-0000-0000-0000-000000000F22', '00000000-0000-0000-0000-000000000F10', "
                + "'00000000-0000-0000-0000-000000000F02', 'wrong', \(day + 2000))"
        try db.execute(sql: "INSERT INTO flashcard_review " + reviews)
        if version >= 8 {
            try db.execute(
                sql: """
                    INSERT INTO setting_item (profile_id, setting, key, position, value) VALUES
                        ('\(anna)', 'hiit.ratings', 'Squat', 0, '5'), ('\(anna)', 'hiit.ratings', 'Lunge', 1, '3');
                    """)
        } else {
            try db.execute(
                sql: "INSERT INTO setting VALUES ('\(anna)', 'hiit.ratings', ?)", arguments: [#"{"Squat":5,"Lunge":3}"#]
            )
        }
    }
}
