import Foundation
import Records
import Testing

/// A member's settings on every backend: one-value settings, and items that two boxes change
/// one at a time without overwriting each other.
@Suite("Store conformance: settings")
struct SettingsConformanceTests {
    @Test("two boxes rate different exercises: both ratings stay", arguments: Backend.allCases)
    func itemsFromTwoBoxes(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let other = try fresh.another()
        let boxA = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        let boxB = other.memberData(for: try other.profileCreatingIfNeeded(named: "ana"))
        #expect(try boxA.apply([.item(setting: "hiit.ratings", key: "Squat", expected: nil, new: .number(4))]).isEmpty)
        #expect(try boxB.apply([.item(setting: "hiit.ratings", key: "Lunge", expected: nil, new: .number(2))]).isEmpty)
        let expected: JSONValue = .object(["Squat": .number(4), "Lunge": .number(2)])
        #expect(try boxA.settings()["hiit.ratings"] == expected)
        #expect(try boxB.settings()["hiit.ratings"] == expected)
        // Box B changes the rating box A set, from a stale copy: kept as box A left it, and said.
        let conflicts = try boxB.apply([
            .item(setting: "hiit.ratings", key: "Squat", expected: .number(3), new: .number(1))
        ])
        #expect(conflicts.count == 1)
        #expect(try boxA.settings()["hiit.ratings"] == expected)
    }

    @Test(
        "a one-value setting is stored, replaced and removed; a value out of range is refused",
        arguments: Backend.allCases)
    func values(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let ana = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        let ben = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ben"))
        try ana.setSetting(.string("lb"), forName: "dumbbells.unit")
        try ana.setSetting(.number(5), forName: "dumbbells.setCount")
        try ana.setSetting(.number(6), forName: "dumbbells.setCount")
        #expect(try ana.settings()["dumbbells.unit"] == .string("lb"))
        #expect(try ana.settings()["dumbbells.setCount"] == .number(6))
        #expect(try ben.settings().values.isEmpty)
        #expect(throws: LogError.self) {
            try ana.apply([
                .item(setting: "hiit.ratings", key: "Squat", expected: nil, new: .number(4)),
                .value(name: "dumbbells.setCount", expected: .number(6), new: .number(99)),
            ])
        }
        #expect(try ana.settings()["hiit.ratings"] == nil)
        try ana.setSetting(nil, forName: "dumbbells.unit")
        #expect(try ana.settings()["dumbbells.unit"] == nil)
    }
}
