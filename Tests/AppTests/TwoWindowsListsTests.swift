import Dumbbells
import Foundation
import HIIT
import Records
import Store
import TermUI
import TestSupport
import Testing

@testable import App

/// Routines (Dumbbells) and circuits (HIIT) changed in another window on one SQLite file show
/// at this window's next key, without reopening.
@Suite struct TwoWindowsListsTests {
    private func twoWindows() throws -> (ProfileStore, ProfileStore, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-lists-\(UUID())").path
        let location = StoreLocation(directory: directory, origin: .argument)
        let first = try TermFitStore.open(at: location).profileStore(named: "anna")
        let second = try TermFitStore.open(at: location).profileStore(named: "anna")
        return (first, second, directory)
    }

    private static let start = Instant(nanoseconds: 1_000_000_000)

    private func dumbbells(on store: ProfileStore) -> WorkoutDriver<WorkoutHost<DumbbellsData>> {
        WorkoutDriver(
            WorkoutHost<DumbbellsData>(context: AppContext(profile: "anna"), log: store, settings: store),
            now: Self.start)
    }

    @Test func aRoutineSavedInAnotherWindowIsOnTheRoutinesSheetAndADeletedOneLeaves() throws {
        let (a, b, directory) = try twoWindows()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var other = dumbbells(on: a)
        var window = dumbbells(on: b)
        window.press(.character("o"))  // the routines sheet, open while the other window saves
        #expect(window.workout.workout?.settings.routines.isEmpty == true)

        other.press(.character("o"))
        other.type("Push")
        other.press(.enter)
        #expect(try b.settings().value(for: SettingKey<[Routine]>.dumbbellRoutines)?.map(\.name) == ["Push"])

        window.send(.focusIn)
        #expect(window.workout.workout?.settings.routines.map(\.name) == ["Push"])
        #expect(window.frame().contains { $0.contains("Push") }, "\(window.frame().joined(separator: "\n"))")

        // This window saves its own: the other's stays, and this one's is added.
        window.type("Legs")
        window.press(.enter)
        #expect(try a.settings().value(for: SettingKey<[Routine]>.dumbbellRoutines)?.map(\.name) == ["Push", "Legs"])

        // The other window deletes Push: at this window's next key it is gone here too.
        other.press(.character("o"), .control("x"), .character("y"))
        window.press(.character("o"))
        #expect(window.workout.workout?.settings.routines.map(\.name) == ["Legs"])
    }

    @Test func aRoutineMovedOrRenamedKeepsItsPlaceHereAfterReopeningAndInAnotherWindow() throws {
        let (a, b, directory) = try twoWindows()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let routines = ["Push", "Pull", "Legs"].map {
            Routine(name: $0, exercises: [RoutineExercise(name: "Bench press", sets: 3, reps: 8)])
        }
        try a.setValue(routines, for: SettingKey<[Routine]>.dumbbellRoutines)
        var other = dumbbells(on: a)
        var window = dumbbells(on: b)
        window.press(.character("o"), .down, .down, .control("t"))
        #expect(window.workout.workout?.settings.routines.map(\.name) == ["Push", "Legs", "Pull"])
        #expect(
            try a.settings().value(for: SettingKey<[Routine]>.dumbbellRoutines)?.map(\.name) == [
                "Push", "Legs", "Pull",
            ])

        other.press(.character("o"))
        #expect(other.workout.workout?.settings.routines.map(\.name) == ["Push", "Legs", "Pull"])
        #expect(other.frame().contains { $0.contains("Legs") }, "\(other.frame().joined(separator: "\n"))")

        // A rename in the other window keeps the routine's place, here too.
        other.press(.down, .control("r"), .control("u"))
        other.type("Lower")
        other.press(.enter)
        window.send(.focusIn)
        #expect(window.workout.workout?.settings.routines.map(\.name) == ["Push", "Lower", "Pull"])

        // Reopened, the order is as left.
        let reopened = dumbbells(on: b)
        #expect(reopened.workout.workout?.settings.routines.map(\.name) == ["Push", "Lower", "Pull"])
    }

    @Test func aCircuitMadeInAnotherWindowIsInTheCircuitsList() throws {
        let (a, b, directory) = try twoWindows()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var window = WorkoutDriver(
            WorkoutHost<HIITData>(
                context: AppContext(profile: "anna"), options: HIITOptions(seconds: 3), log: b, settings: b),
            now: Self.start)
        #expect(window.workout.workout?.circuitsEditor.presets.isEmpty == true)
        let mine = Circuit(
            name: "Mine", exercises: [Circuit.Exercise("Squat", work: 30, rest: 10)], rounds: 2)
        try a.setValue([mine], for: SettingKey<[Circuit]>.hiitCircuits)
        window.press(.character("e"))
        #expect(window.workout.workout?.circuitsEditor.presets.map(\.name) == ["Mine"])
        #expect(window.frame().contains { $0.contains("Mine") }, "\(window.frame().joined(separator: "\n"))")
    }
}
