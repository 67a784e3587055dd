import Foundation
import Records
import Testing

@testable import Store

/// The order of a setting's named items (the routines) is one change that rewrites their
/// positions, compared with the order the window saw: an order another window set meanwhile stays.
@Suite("The order of routines shared by two windows")
struct SettingsOrderTests {
    private static func routine(_ name: String) -> JSONValue {
        (try? JSONValue(jsonText: #"{"exercises":[{"name":"Bench press","sets":3}],"name":"\#(name)"}"#)) ?? .null
    }

    private static func routines(_ names: [String]) -> JSONValue { .array(names.map(routine)) }

    private func twoWindows(_ temporary: TemporaryDirectory) throws -> (ProfileStore, ProfileStore) {
        let first = try TermFitStore.open(at: temporary.location())
        let second = try TermFitStore.open(at: temporary.location())
        return (try first.profileStore(named: "anna"), try second.profileStore(named: "anna"))
    }

    private func names(_ store: ProfileStore) throws -> [String] {
        let items = Settings.items(of: try store.settings()["dumbbells.routines"], layout: .named) ?? []
        return items.map(\.key)
    }

    @Test("A move is one order change; the other window reads the new order")
    func move() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (a, b) = try twoWindows(temporary)
        try a.setSetting(Self.routines(["Push", "Pull", "Legs"]), forName: "dumbbells.routines")
        let changes = SettingChange.changes(
            name: "dumbbells.routines", from: Self.routines(["Push", "Pull", "Legs"]),
            to: Self.routines(["Push", "Legs", "Pull"]))
        #expect(
            changes == [
                .order(
                    setting: "dumbbells.routines", expected: ["Push", "Pull", "Legs"], new: ["Push", "Legs", "Pull"])
            ])
        #expect(try a.apply(changes).isEmpty)
        #expect(try names(b) == ["Push", "Legs", "Pull"])
    }

    @Test("A rename keeps the routine's place")
    func rename() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (a, b) = try twoWindows(temporary)
        try a.setSetting(Self.routines(["Push", "Pull", "Legs"]), forName: "dumbbells.routines")
        let conflicts = try a.apply(
            SettingChange.changes(
                name: "dumbbells.routines", from: Self.routines(["Push", "Pull", "Legs"]),
                to: Self.routines(["Push", "Back", "Legs"])))
        #expect(conflicts.isEmpty)
        #expect(try names(b) == ["Push", "Back", "Legs"])
    }

    @Test("An order set in another window meanwhile stays; a routine added there stays, after the moved ones")
    func conflict() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (a, b) = try twoWindows(temporary)
        let seen = Self.routines(["Push", "Pull", "Legs"])
        try a.setSetting(seen, forName: "dumbbells.routines")
        // B adds Arms; A, not knowing, moves Legs up: its move goes in, Arms stays last.
        #expect(
            try b.apply(
                SettingChange.changes(
                    name: "dumbbells.routines", from: seen, to: Self.routines(["Push", "Pull", "Legs", "Arms"]))
            ).isEmpty)
        #expect(
            try a.apply(
                SettingChange.changes(
                    name: "dumbbells.routines", from: seen, to: Self.routines(["Push", "Legs", "Pull"]))
            ).isEmpty)
        #expect(try names(b) == ["Push", "Legs", "Pull", "Arms"])
        // B, having seen the order before A's move, moves Push last: A's order stays, said as a conflict.
        let stale = Self.routines(["Push", "Pull", "Legs", "Arms"])
        let conflicts = try b.apply(
            SettingChange.changes(
                name: "dumbbells.routines", from: stale, to: Self.routines(["Pull", "Legs", "Arms", "Push"])))
        #expect(conflicts.count == 1)
        #expect(
            conflicts.first?.outcome
                == .notKept(current: .array(["Push", "Legs", "Pull", "Arms"].map(JSONValue.string))))
        #expect(try names(a) == ["Push", "Legs", "Pull", "Arms"])
    }

    @Test("Settings kept in memory reorder the same way")
    func inMemory() throws {
        var settings = Settings()
        settings["dumbbells.routines"] = Self.routines(["Push", "Pull", "Legs"])
        let conflicts = try settings.apply(
            SettingChange.changes(
                name: "dumbbells.routines", from: Self.routines(["Push", "Pull", "Legs"]),
                to: Self.routines(["Legs", "Push", "Back"])))
        #expect(conflicts.isEmpty)
        #expect(settings["dumbbells.routines"] == Self.routines(["Legs", "Push", "Back"]))
    }
}
