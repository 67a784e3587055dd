import Foundation
import GRDB
import Records
import Testing

@testable import Store

/// Routines, ratings, circuits, rests per exercise and the exercise per card suit are rows changed
/// one item at a time, and a one-value setting is compared and set: two windows (here two store
/// handles on one SQLite file, as two TermFit processes have) never overwrite each other.
@Suite("Settings shared by two windows")
struct SharedSettingsTests {
    private static func json(_ text: String) -> JSONValue {
        (try? JSONValue(jsonText: text)) ?? .null
    }

    private static let pushV1 = json(#"{"exercises":[{"name":"Bench press","sets":3}],"name":"Push"}"#)
    private static let pushV2 = json(#"{"exercises":[{"name":"Bench press","sets":4}],"name":"Push"}"#)
    private static let pushV3 = json(#"{"exercises":[{"name":"Shoulder press","sets":3}],"name":"Push"}"#)

    /// Two handles on one database file, each with the profile "anna".
    private func twoWindows(_ temporary: TemporaryDirectory) throws -> (ProfileStore, ProfileStore) {
        let first = try TermFitStore.open(at: temporary.location())
        let second = try TermFitStore.open(at: temporary.location())
        return (try first.profileStore(named: "anna"), try second.profileStore(named: "anna"))
    }

    /// What window `store` writes when its settings `name` go from `old` to `new`.
    @discardableResult
    private func change(
        _ store: ProfileStore, _ name: String, from old: JSONValue?, to new: JSONValue?
    ) throws -> [SettingConflict] {
        try store.apply(SettingChange.changes(name: name, from: old, to: new))
    }

    @Test("A saves routine RoutineA, B saves RoutineB: both remain, in the order saved")
    func routines() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (a, b) = try twoWindows(temporary)
        let routineA = Self.json(#"{"exercises":[{"name":"Lunge","sets":3}],"name":"RoutineA"}"#)
        let routineB = Self.json(#"{"exercises":[{"name":"Shrug","sets":2}],"name":"RoutineB"}"#)
        #expect(try change(a, "dumbbells.routines", from: nil, to: .array([routineA])).isEmpty)
        #expect(try change(b, "dumbbells.routines", from: nil, to: .array([routineB])).isEmpty)
        #expect(try a.settings()["dumbbells.routines"] == .array([routineA, routineB]))
        #expect(try b.settings()["dumbbells.routines"] == .array([routineA, routineB]))
    }

    @Test("A switches to lb, B writes its settings again unchanged: lb stays; B changing it anyway is refused")
    func unit() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (a, b) = try twoWindows(temporary)
        try change(a, "dumbbells.unit", from: nil, to: .string("lb"))
        // B still shows kg, and writes all it shows again: nothing it did not change goes in.
        #expect(try change(b, "dumbbells.unit", from: .string("kg"), to: .string("kg")).isEmpty)
        #expect(try b.settings()["dumbbells.unit"] == .string("lb"))
        // B sets kg from its stale copy (it saw the unit unset): A's lb stays, and B is told.
        let conflicts = try change(b, "dumbbells.unit", from: nil, to: .string("kg"))
        #expect(
            conflicts == [
                SettingConflict(
                    change: .value(name: "dumbbells.unit", expected: nil, new: .string("kg")),
                    outcome: .notKept(current: .string("lb")))
            ])
        #expect(try a.settings()["dumbbells.unit"] == .string("lb"))
        // Set from what is stored, it goes in.
        #expect(try change(b, "dumbbells.unit", from: .string("lb"), to: .string("kg")).isEmpty)
        #expect(try a.settings()["dumbbells.unit"] == .string("kg"))
    }

    @Test("A rates Squat 5, B rates Step Up 2: both ratings are kept")
    func ratings() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (a, b) = try twoWindows(temporary)
        try change(a, "hiit.ratings", from: nil, to: Self.json(#"{"Squat":5}"#))
        try change(b, "hiit.ratings", from: nil, to: Self.json(#"{"Step Up":2}"#))
        #expect(try a.settings().value(for: .hiitRatings) == ["Squat": 5, "Step Up": 2])
        // B rating Squat from its copy without A's 5 is refused and said.
        let conflicts = try change(
            b, "hiit.ratings", from: Self.json(#"{"Step Up":2}"#), to: Self.json(#"{"Squat":1,"Step Up":2}"#))
        #expect(conflicts.map(\.outcome) == [.notKept(current: .number(5))])
        #expect(try a.settings().value(for: .hiitRatings) == ["Squat": 5, "Step Up": 2])
    }

    @Test("Both change the same routine: the first stays, the second is kept beside it as “Push (2)”")
    func sameRoutineChangedTwice() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (a, b) = try twoWindows(temporary)
        try change(a, "dumbbells.routines", from: nil, to: .array([Self.pushV1]))
        #expect(try change(a, "dumbbells.routines", from: .array([Self.pushV1]), to: .array([Self.pushV2])).isEmpty)
        let conflicts = try change(b, "dumbbells.routines", from: .array([Self.pushV1]), to: .array([Self.pushV3]))
        #expect(conflicts.map(\.outcome) == [.keptAs("Push (2)")])
        guard case .array(let stored)? = try a.settings()["dumbbells.routines"], stored.count == 2,
            case .object(let second) = stored[1]
        else {
            Issue.record("two routines expected: \(String(describing: try a.settings()["dumbbells.routines"]))")
            return
        }
        #expect(stored[0] == Self.pushV2)
        #expect(second["name"] == .string("Push (2)"))
        #expect(second["exercises"] == Self.json(#"[{"name":"Shoulder press","sets":3}]"#))
        // Deleting what the other window changed since is refused.
        let refused = try change(a, "dumbbells.routines", from: .array([Self.pushV1]), to: .array([]))
        #expect(refused.map(\.outcome) == [.notKept(current: Self.pushV2)])
    }

    @Test("Both rename the same circuit: both new names are kept and the second rename is told")
    func renamedTwice() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (a, b) = try twoWindows(temporary)
        let legs = Self.json(
            #"{"name":"Legs","rounds":3,"warmUp":30,"coolDown":30,"exercises":[{"name":"Squat","work":30,"rest":10}]}"#)
        try change(a, "hiit.circuits", from: nil, to: .array([legs]))
        #expect(
            try change(
                a, "hiit.circuits", from: .array([legs]),
                to: .array([
                    Self.json(
                        #"{"name":"Legs A","rounds":3,"warmUp":30,"coolDown":30,"exercises":[{"name":"Squat","work":30,"rest":10}]}"#
                    )
                ])
            )
            .isEmpty)
        let conflicts = try change(
            b, "hiit.circuits", from: .array([legs]),
            to: .array([
                Self.json(
                    #"{"name":"Legs B","rounds":3,"warmUp":30,"coolDown":30,"exercises":[{"name":"Squat","work":30,"rest":10}]}"#
                )
            ]))
        #expect(conflicts.map(\.outcome) == [.alreadyGone])
        #expect(
            try a.settings()["hiit.circuits"]
                == .array([
                    Self.json(
                        #"{"name":"Legs A","rounds":3,"warmUp":30,"coolDown":30,"exercises":[{"name":"Squat","work":30,"rest":10}]}"#
                    ),
                    Self.json(
                        #"{"name":"Legs B","rounds":3,"warmUp":30,"coolDown":30,"exercises":[{"name":"Squat","work":30,"rest":10}]}"#
                    ),
                ]))
    }

    @Test("A value out of range refuses the whole batch: nothing of it is stored")
    func allOrNothing() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (a, _) = try twoWindows(temporary)
        #expect(throws: LogError.self) {
            try a.apply([
                .item(setting: "hiit.ratings", key: "Squat", expected: nil, new: .number(4)),
                .value(name: "dumbbells.setCount", expected: nil, new: .number(99)),
            ])
        }
        #expect(try a.settings().values.isEmpty)
    }

    @Test("The v8 migration moves whole-JSON settings of a schema-7 file into items, losing nothing")
    func migration() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: location.databasePath)
        try Schema.migrator.migrate(queue, upTo: "v7 flashcard notes have a guid and tags")
        let (anna, ben) = (id(1).uuidString, id(2).uuidString)
        let stored: [String: String] = [
            "dumbbells.routines": #"[{"exercises":[{"name":"Bench press","reps":8,"sets":3}],"name":"Push"},"#
                + #"{"exercises":[{"name":"Lunge","sets":2}],"name":"Legs"}]"#,
            "dumbbells.restByExercise": #"{"Bench press":120,"Lunge":60}"#,
            "dumbbells.unit": #""lb""#,
            "hiit.ratings": #"{"Squat":5,"Step Up":2}"#,
            "hiit.circuits": #"[{"coolDown":0,"exercises":[{"name":"Squat","rest":10,"work":30}],"name":"Mine","#
                + #""rounds":2,"warmUp":0}]"#,
            "cards.suitExercises": #"{"C":"Sit-ups","S":"Push-ups"}"#,
        ]
        try queue.write { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 7)
            try db.execute(sql: "INSERT INTO profile VALUES (?, 'anna'), (?, 'ben')", arguments: [anna, ben])
            for (name, value) in stored {
                try db.execute(sql: "INSERT INTO setting VALUES (?, ?, ?)", arguments: [anna, name, value])
            }
            // Ben's routines cannot be read as items (a routine without a name): kept whole.
            try db.execute(
                sql: "INSERT INTO setting VALUES (?, 'dumbbells.routines', ?)", arguments: [ben, #"[{"sets":3}]"#])
        }
        try queue.close()

        let store = try TermFitStore.open(at: location)
        defer { try? store.close() }
        try #require(store.pool).read { (db: Database) throws -> Void in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.version)
            #expect(
                try String.fetchAll(
                    db, sql: "SELECT name FROM setting WHERE profile_id = ? ORDER BY name", arguments: [anna])
                    == ["dumbbells.unit"])
            #expect(
                try String.fetchAll(
                    db, sql: "SELECT key FROM setting_item WHERE setting = 'dumbbells.routines' ORDER BY position")
                    == ["Push", "Legs"])
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM setting_item") == 9)
        }
        let settings = try store.profileStore(named: "anna").settings()
        #expect(settings.values.count == stored.count)
        for (name, text) in stored { #expect(settings[name] == Self.json(text), "\(name)") }
        #expect(try store.profileStore(named: "ben").settings()["dumbbells.routines"] == Self.json(#"[{"sets":3}]"#))
        // The moved routines change one at a time from here on.
        let anneStore = try store.profileStore(named: "anna")
        let routines = try #require(settings["dumbbells.routines"])
        guard case .array(let list) = routines else { return }
        #expect(try change(anneStore, "dumbbells.routines", from: routines, to: .array([list[1]])).isEmpty)
        #expect(try anneStore.settings()["dumbbells.routines"] == .array([list[1]]))
    }
}
