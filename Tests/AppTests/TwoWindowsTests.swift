import Foundation
import HIIT
import Records
import Store
import TermUI
import TestSupport
import Testing

@testable import App

/// Two windows on one SQLite file (two store handles, as two TermFit processes have): what one
/// saves shows in the other at its next key, without reopening, and neither writes back the
/// other's settings from a stale copy.
@Suite struct TwoWindowsTests {
    /// Two handles on a new database file, each with the profile "anna"; and the directory.
    private func twoWindows() throws -> (ProfileStore, ProfileStore, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-two-\(UUID())").path
        let location = StoreLocation(directory: directory, origin: .argument)
        let first = try TermFitStore.open(at: location).profileStore(named: "anna")
        let second = try TermFitStore.open(at: location).profileStore(named: "anna")
        return (first, second, directory)
    }

    private static let start = Instant(nanoseconds: 1_000_000_000)

    /// The HIIT workout's host on `store`, driven on a test clock.
    private func hiitWindow(on store: ProfileStore) -> WorkoutDriver<WorkoutHost<HIITData>> {
        WorkoutDriver(
            WorkoutHost<HIITData>(
                context: AppContext(profile: "anna"), options: HIITOptions(seconds: 3), log: store, settings: store),
            now: Self.start)
    }

    @Test func aRatingAndAnExerciseFromAnotherWindowShowAtTheNextKeyAndBothRatingsAreKept() throws {
        let (a, b, directory) = try twoWindows()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var window = hiitWindow(on: b)
        #expect(window.workout.workout?.ratings["Squat"] == nil)

        // Another window rates Squat 5 and saves an exercise.
        #expect(try a.apply([.item(setting: "hiit.ratings", key: "Squat", expected: nil, new: .number(5))]).isEmpty)
        let squat = HIITSession(exercise: "Squat", startedAt: Date(), duration: 30, completed: true, rating: 5)
        try a.save(squat)
        window.send(.resize(Size(width: 90, height: 24)))
        #expect(window.workout.workout?.ratings["Squat"] == nil, "a resize does not read the data")

        window.press(.enter)  // Get Started: the key wakes the window, which reads what changed
        #expect(window.workout.workout?.ratings["Squat"] == 5)
        #expect(window.workout.workout?.history.map(\.id) == [squat.id])

        // This window rates Step Up 2: the other's 5 for Squat stays.
        window.press(.right, .character("]"), .character("]"))
        #expect(window.workout.workout?.ratings["Step Up"] == 2)
        #expect(try a.settings().value(for: .hiitRatings) == ["Squat": 5, "Step Up": 2])
        #expect(window.workout.problem == nil)
    }

    @Test func aRatingChangedAfterAnotherWindowRatedTheSameExerciseStartsFromTheirs() throws {
        let (a, b, directory) = try twoWindows()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var window = hiitWindow(on: b)
        window.press(.enter)
        // The other window rates Squat 5 while this one, on the same page, is between keys; the
        // next key reads it first, so raising the rating goes from 5.
        #expect(try a.apply([.item(setting: "hiit.ratings", key: "Squat", expected: nil, new: .number(5))]).isEmpty)
        window.press(.character("["))
        #expect(try a.settings().value(for: .hiitRatings) == ["Squat": 4])
        #expect(window.workout.problem == nil)
    }

    @Test func focusRegainedShowsAnotherWindowsChangeAndAMessageDoesNotLook() throws {
        let (a, b, directory) = try twoWindows()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var window = hiitWindow(on: b)
        #expect(try a.apply([.item(setting: "hiit.ratings", key: "Squat", expected: nil, new: .number(3))]).isEmpty)
        window.send(.message(Message("elsewhere", payload: 0)))
        #expect(window.workout.workout?.ratings["Squat"] == nil)
        #expect(window.workout.nextDeadline(after: window.now) == nil, "an idle window asks for no wake-up")
        window.send(.focusIn)
        #expect(window.workout.workout?.ratings["Squat"] == 3)
    }

    @Test func aWorkoutFinishedInAnotherWindowShowsInProgressAtTheNextKey() throws {
        let (a, b, directory) = try twoWindows()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var window = WorkoutDriver(
            WorkoutHost<DumbbellsData>(context: AppContext(profile: "anna"), log: b, settings: b), now: Self.start)
        #expect(!window.frame().joined().contains("last:"))

        let started = Date().addingTimeInterval(-600)
        var workout = DumbbellWorkout(exercise: "Bicep curl", unit: .kilograms, startedAt: started)
        try a.start(workout)
        try a.save(
            DumbbellSet(
                number: 1, weight: 12, reps: 10, startedAt: started, finishedAt: started.addingTimeInterval(40)),
            inWorkout: workout.id)
        workout.status = .finished
        try a.finishWorkout(workout.id, status: .finished, at: started.addingTimeInterval(60))

        window.press(.character("p"))
        let progress = window.frame().joined(separator: "\n")
        #expect(progress.contains("Heaviest     12 kg × 10"), "\(progress)")
        window.press(.character("p"))
        #expect(window.frame().contains { $0.contains("last: 12 kg × 10") })
    }
}

/// What a window is told when its change met another window's.
@Suite struct SettingConflictNoticeTests {
    /// What a window shows once `keeper` made the command for `values` and it was carried out.
    private func keep(_ values: [String: JSONValue?], with keeper: SettingsKeeper) throws -> SaveError? {
        guard let command = try keeper.command(keeping: values) else { return nil }
        guard case .settings = command else {
            Issue.record("settings are kept by a settings command: \(command)")
            return nil
        }
        return SettingsKeeper.describe(try keeper.carryOut(command) { Issue.record("not a settings command") })
    }

    @Test func theSameRoutineSavedInTwoWindowsKeepsBothAndSaysWhere() throws {
        let log = InMemoryWorkoutLog()
        let push = try JSONValue(jsonText: #"[{"exercises":[{"name":"Lunge","sets":3}],"name":"Push"}]"#)
        let other = try JSONValue(jsonText: #"[{"exercises":[{"name":"Shrug","sets":2}],"name":"Push"}]"#)
        let first = SettingsKeeper(store: log, stored: Settings())
        let second = SettingsKeeper(store: log, stored: Settings())
        #expect(try keep(["dumbbells.routines": push], with: first) == nil)
        #expect(
            try keep(["dumbbells.routines": other], with: second)
                == .changedElsewhere("“Push” was also changed in another window: yours is kept as “Push (2)”"))
        let names = try log.settings().value(for: SettingKey<[[String: JSONValue]]>("dumbbells.routines"))?.map {
            $0["name"]
        }
        #expect(names == [.string("Push"), .string("Push (2)")])
    }

    @Test func aUnitLeftAloneIsNotWrittenAndANumberSetFromAStaleCopyIsNotKept() throws {
        let log = InMemoryWorkoutLog()
        let view: [String: JSONValue?] = ["dumbbells.unit": .string("kg"), "dumbbells.setCount": .number(3)]
        let first = SettingsKeeper(store: log, stored: Settings(), view: view)
        let second = SettingsKeeper(store: log, stored: Settings(), view: view)
        #expect(try keep(["dumbbells.unit": .string("lb")], with: first) == nil)
        // The second window writes its settings with only Auto rest changed: lb stays.
        #expect(try keep(["dumbbells.unit": .string("kg"), "dumbbells.autoRest": .bool(false)], with: second) == nil)
        #expect(try log.settings()["dumbbells.unit"] == .string("lb"))
        #expect(try log.settings()["dumbbells.autoRest"] == .bool(false))
        // Both change the number of sets from 3: the first's stays, the second is told.
        #expect(try keep(["dumbbells.setCount": .number(4)], with: first) == nil)
        #expect(
            try keep(["dumbbells.setCount": .number(5)], with: second)
                == .changedElsewhere("The number of sets was changed in another window to 4; yours is not kept"))
        #expect(try log.settings()["dumbbells.setCount"] == .number(4))
    }
}
