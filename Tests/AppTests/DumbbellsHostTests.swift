import Dumbbells
import Foundation
import Records
import Store
import TermUI
import TestSupport
import Testing

@testable import App

/// A dumbbell workout's host at 80×24 on a test clock.
private typealias HostHarness = HostDriver<DumbbellsData>

extension WorkoutDriver where Model == WorkoutHost<DumbbellsData> {
    fileprivate init(
        log: any DumbbellLog & SettingsStore, context: AppContext = AppContext(profile: "alex", reducesMotion: true)
    ) {
        self.init(
            WorkoutHost(
                context: context, log: log, settings: log, wallClock: { Date(timeIntervalSince1970: 1_794_646_800) }),
            now: hostClockStart)
    }

    /// Types a set into the current row and runs it for `seconds`; returns the effects of Finish.
    @discardableResult
    fileprivate mutating func doSet(_ weight: String, _ reps: String, seconds: Int = 30) -> [Effect] {
        type(weight)
        press(.tab)
        type(reps)
        press(.enter)
        wait(.seconds(seconds))
        return press(.enter)
    }
}

@Suite struct DumbbellsHostTests {
    @Test func eachFinishedSetIsSavedTheMomentItIsFinished() throws {
        let log = InMemoryWorkoutLog()
        var harness = HostHarness(log: log)
        harness.doSet("12", "10", seconds: 42)
        let id = try #require(harness.host.workout?.workoutID)
        let saved = try #require(try log.workout(id: id))
        #expect(saved.sets.map(\.reps) == [10])
        #expect(saved.status == .inProgress)
        harness.press(.escape)
        harness.doSet("14", "8")
        #expect(try log.workout(id: id)?.sets.map(\.weight) == [12, 14])
        harness.press(.character("x"), .character("y"))
        #expect(try log.workout(id: id)?.status == .finished)
        #expect(try log.lastWorkout(exercise: "Bicep curl")?.id == id)
    }

    @Test func aFailedSaveIsShownKeptAndTriedAgain() throws {
        let log = FlakyWorkoutLog()
        log.failing = true
        var harness = HostHarness(log: log)
        let effects = harness.doSet("12", "10")
        #expect(effects.isEmpty, "no crash, no quit")
        #expect(harness.host.unsaved.count == 2, "the workout and its set wait")
        let frame = harness.frame()
        #expect(frame.contains("    ! Not saved (disk full): set 1 kept here, tried again with the next set"))
        #expect(frame.contains { $0.hasPrefix("      ✓ 1  12       10") }, "the set stays done on screen")
        // The disk has room again: the next set brings the first with it.
        log.failing = false
        harness.press(.escape)
        harness.doSet("12", "9")
        let id = try #require(harness.host.workout?.workoutID)
        #expect(try log.workout(id: id)?.sets.map(\.reps) == [10, 9])
        #expect(harness.host.unsaved.isEmpty)
        #expect(!harness.frame()[19].contains("Not saved"))
    }

    @Test func whatIsUnsavedIsTriedOnceMoreWhenTheProgramEnds() throws {
        let log = FlakyWorkoutLog()
        var harness = HostHarness(log: log)
        harness.doSet("12", "10")
        let id = try #require(harness.host.workout?.workoutID)
        log.failing = true
        harness.press(.escape)  // the rest skipped: saved too
        harness.doSet("13", "10")
        #expect(harness.host.unsaved.count == 2, "the skip and set 2")
        log.failing = false
        _ = harness.host.handle(.terminate, at: harness.now)
        #expect(try log.workout(id: id)?.sets.count == 2)
        #expect(try log.workout(id: id)?.restEndedAt != nil)
    }

    @Test func theProfilesSettingsShapeTheTableAndChangesAreKept() throws {
        let log = InMemoryWorkoutLog()
        try log.setValue(5, for: .dumbbellSetCount)
        try log.setValue(.pounds, for: .dumbbellUnit)
        try log.setValue([45, 90], for: .restPresets)
        var harness = HostHarness(log: log)
        #expect(harness.host.workout?.rows.count == 5)
        #expect(harness.frame().contains { $0.hasSuffix("5 sets · lb") })
        harness.press(.character("r"))
        #expect(harness.frame().contains { $0.contains("[45 s]  [90 s]  [1:30]  [No rest]") })
        harness.press(.escape, .character("a"), .character("u"))
        #expect(try log.value(for: .dumbbellSetCount) == 6)
        #expect(try log.value(for: .dumbbellUnit) == .kilograms)
    }

    @Test func commandLineOptionsWinOverTheSettings() {
        let log = InMemoryWorkoutLog()
        let host = WorkoutHost<DumbbellsData>(
            context: AppContext(profile: "alex"), options: DumbbellsOptions(setCount: 2, exercise: "Lunge"), log: log)
        #expect(host.workout?.rows.count == 2)
        #expect(host.workout?.settings.exercise == "Lunge")
    }

    @Test func choosingAnExerciseLoadsItsLastWorkout() throws {
        let log = InMemoryWorkoutLog()
        let lunge = DumbbellWorkout(
            exercise: "Lunge", unit: .kilograms, startedAt: Date(timeIntervalSince1970: 1_794_000_000),
            sets: [
                DumbbellSet(
                    number: 1, weight: 8, reps: 12, startedAt: Date(timeIntervalSince1970: 1_794_000_000),
                    finishedAt: Date(timeIntervalSince1970: 1_794_000_040))
            ])
        try log.start(lunge)
        var harness = HostHarness(log: log)
        #expect(!harness.frame().joined().contains("last:"))
        harness.press(.character("e"))
        harness.type("lunge")
        harness.press(.enter)
        #expect(harness.host.workout?.settings.exercise == "Lunge")
        #expect(harness.frame().contains { $0.hasSuffix("last: 8 kg × 12") })
        #expect(try log.value(for: .dumbbellExercise) == "Lunge", "the choice is kept for next time")
    }

    @Test func theBestSetComesFromEarlierWorkouts() throws {
        let log = InMemoryWorkoutLog()
        for (day, weight) in [(1, 20.0), (2, 10.0), (3, 11.0)] {
            let start = Date(timeIntervalSince1970: 1_794_000_000 + Double(day) * 86_400)
            try log.start(
                DumbbellWorkout(
                    exercise: "Bicep curl", unit: .kilograms, startedAt: start,
                    sets: [DumbbellSet(number: 1, weight: weight, reps: 5, startedAt: start, finishedAt: start + 30)]))
        }
        let history = try DumbbellsData.history(of: "Bicep curl", in: log).get()
        #expect(history.lastWorkout?.sets.first?.weight == 11)
        #expect(history.best?.volume == 100, "the heaviest set was two workouts before the last")
    }

    @Test func leavingGivesQuitAndMarksTheWorkout() throws {
        let log = InMemoryWorkoutLog()
        var harness = HostHarness(log: log)
        harness.doSet("12", "10")
        let id = try #require(harness.host.workout?.workoutID)
        #expect(harness.press(.escape, .character("q")).isEmpty, "set 1 is saved: asks first")
        #expect(harness.host.pendingQuestion == "Leave? The workout is saved as abandoned (1 of 3 sets done).")
        #expect(harness.press(.character("y")) == [.quit])
        #expect(try log.workout(id: id)?.status == .abandoned)
    }

    @Test func aWorkoutOfThreeExercisesIsSavedAsThreeGroupedRowsAndJoinsTheProgressChart() throws {
        let log = InMemoryWorkoutLog()
        try log.setValue(2, for: .dumbbellSetCount)
        try log.setValue("Bench press", for: .dumbbellExercise)
        var harness = HostHarness(log: log)
        for name in ["Bent-over row", "Shoulder press"] {
            harness.press(.character("A"))
            harness.type(name)
            harness.press(.enter)
        }
        #expect(harness.host.workout?.exerciseNames == ["Bench press", "Bent-over row", "Shoulder press"])
        harness.press(.character("["), .character("["))
        #expect(harness.host.workout?.settings.exercise == "Bench press")
        for (weight, reps) in [("20", "8"), ("16", "10"), ("14", "10")] {
            harness.doSet(weight, reps)
            #expect(harness.host.workout?.restSecondsLeft(at: harness.now) == 90, "the rest started by itself")
            harness.press(.escape)
            harness.doSet(weight, reps)
            if harness.host.workout?.isShowingSummary != true { harness.press(.escape) }
        }
        #expect(harness.host.workout?.isShowingSummary == true)
        #expect(harness.host.unsaved.isEmpty)

        let rows = try ["Bench press", "Bent-over row", "Shoulder press"].map {
            try #require(try log.lastWorkout(exercise: $0))
        }
        #expect(rows.map { $0.sets.map(\.reps) } == [[8, 8], [10, 10], [10, 10]])
        #expect(rows.map { $0.sets.map(\.weight) } == [[20, 20], [16, 16], [14, 14]])
        #expect(rows.allSatisfy { $0.status == .finished })
        #expect(Set(rows.map(\.id)).count == 3)
        #expect(rows.allSatisfy { $0.sessionID == rows[0].id }, "one workout: the first exercise's id")

        harness.press(.enter)
        #expect(
            harness.host.workout?.exerciseNames == ["Bench press", "Bent-over row", "Shoulder press"],
            "Restart keeps the workout's exercises")
        harness.press(.character("["), .character("p"))
        let chart = harness.frame().joined(separator: "\n")
        #expect(chart.contains("Progress · Shoulder press"))
        #expect(chart.contains("18.7"), "14 kg × 10 is an estimated 18.7 kg (Epley)")
    }

    @Test func aRoutineOfThreeExercisesIsSavedStartedLoggedAndSavedGroupedInSQLite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-routine-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let location = StoreLocation(directory: directory, origin: .argument)
        let profile = try TermFitStore.open(at: location).profileStore(named: "alex")
        try profile.setValue(2, for: .dumbbellSetCount)
        try profile.setValue("Bench press", for: .dumbbellExercise)
        var harness = HostHarness(log: profile)
        // The workout on screen: three exercises of two sets, the reps typed as targets.
        harness.press(.tab)
        harness.type("8")
        for name in ["Bent-over row", "Overhead press"] {
            harness.press(.tab, .character("A"))  // Tab keeps the number typed: A is a command again
            harness.type(name)
            harness.press(.enter, .tab)
            harness.type("10")
        }
        harness.press(.tab, .character("o"))  // Tab keeps the 10
        harness.type("Push day")
        harness.press(.enter)
        #expect(harness.host.workout?.notice?.text == "Saved routine “Push day”")
        let stored = try #require(try profile.value(for: .dumbbellRoutines))
        #expect(stored.map(\.label) == ["Push day: Bench press 2×8, Bent-over row 2×10, Overhead press 2×10"])

        // Opened again, as next time: the routine starts a workout of its three exercises.
        harness = HostHarness(log: profile)
        harness.press(.character("o"))
        harness.press(.enter)
        let workout = try #require(harness.host.workout)
        #expect(workout.exerciseNames == ["Bench press", "Bent-over row", "Overhead press"])
        #expect(workout.rows.map(\.entry.reps) == ["8", "8"], "the routine's reps are the targets")
        for (index, weight) in ["20", "16", "14"].enumerated() {
            for _ in 0..<2 {
                harness.type(weight)
                harness.press(.enter)
                harness.wait(.seconds(30))
                harness.press(.enter)
                if harness.host.workout?.isShowingSummary != true { harness.press(.escape) }
            }
            if index < 2 { #expect(harness.host.workout?.exerciseIndex == index + 1, "on to the next exercise") }
        }
        #expect(harness.host.workout?.isShowingSummary == true)
        #expect(harness.host.unsaved.isEmpty)

        let reader = try TermFitStore.open(at: location).profileStore(named: "alex")
        let rows = try ["Bench press", "Bent-over row", "Overhead press"].map {
            try #require(try reader.lastWorkout(exercise: $0))
        }
        #expect(rows.map { $0.sets.map(\.reps) } == [[8, 8], [10, 10], [10, 10]])
        #expect(rows.map { $0.sets.map(\.weight) } == [[20, 20], [16, 16], [14, 14]])
        #expect(rows.allSatisfy { $0.status == .finished })
        #expect(rows.allSatisfy { $0.sessionID == rows[0].id }, "one workout: the first exercise's id")

        harness.press(.enter, .character("["), .character("p"))
        let chart = harness.frame().joined(separator: "\n")
        #expect(chart.contains("Progress · Overhead press"))
        #expect(chart.contains("18.7"), "14 kg × 10 is an estimated 18.7 kg (Epley)")

        // The next workout of the routine starts from these weights.
        harness.press(.escape, .character("o"), .enter)
        #expect(harness.host.workout?.rows.map(\.entry.weight) == ["20", "20"])
    }

    @Test func fromTheMenuLeavingReturnsToTheMenu() {
        var app = dumbbellsOpenedFromTheMenu(log: InMemoryWorkoutLog())
        #expect(app.activeWorkout == "dumbbells")
        #expect(app.handle(.key(.character("q")), at: .zero).isEmpty)
        #expect(app.activeWorkout == nil)
    }
}

/// The home menu at 80×24 with the dumbbell workout (on `log`) opened from it.
private func dumbbellsOpenedFromTheMenu(log: any DumbbellLog & SettingsStore) -> AppScene {
    let entry = WorkoutEntry(identifier: "dumbbells", title: "Dumbbells", summary: "sets") { context in
        WorkoutHost<DumbbellsData>(context: context, log: log, settings: log)
    }
    var app = AppScene(
        context: AppContext(profile: "alex"), workouts: [entry], profiles: InMemoryProfileDirectory(["alex"]))
    _ = app.handle(.resize(Size(width: 80, height: 24)), at: .zero)
    _ = app.handle(.key(.enter), at: .zero)
    return app
}

@Suite struct UnsavedWorkAtTheEndTests {
    @Test func aWorkoutLeftForTheMenuStillHandsOverWhatItCouldNotSave() {
        let log = FlakyWorkoutLog()
        log.failing = true
        var app = dumbbellsOpenedFromTheMenu(log: log)
        for key in [Key.character("5"), .tab, .character("8"), .enter, .enter] { _ = app.handle(.key(key), at: .zero) }
        #expect(app.unsavedWork.first?.steps.count == 2, "the workout and its set, while on screen")
        _ = app.handle(.key(.escape), at: .zero)
        _ = app.handle(.key(.character("q")), at: .zero)
        _ = app.handle(.key(.character("y")), at: .zero)
        #expect(app.activeWorkout == nil)
        let work = app.unsavedWork
        #expect(work.map(\.profile) == ["alex"])
        #expect(
            work.first?.steps.map(\.summary).contains { $0.hasPrefix("dumbbells: Bicep curl set 1, 5 kg × 8 (done 20") }
                == true, "the set, its numbers and its day")
    }
}

/// Sets of ended workouts corrected and deleted from the history sheet, through the host's queue.
@Suite struct DumbbellsPastCorrectionTests {
    /// A profile's store in a new SQLite file, and the file's place.
    private func store() throws -> (ProfileStore, StoreLocation, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-past-\(UUID())").path
        let location = StoreLocation(directory: directory, origin: .argument)
        return (try TermFitStore.open(at: location).profileStore(named: "alex"), location, directory)
    }

    @Test func aWorkoutCorrectedFromTheHistoryIsStoredAndListedByTermFitHistory() throws {
        let (profile, location, directory) = try store()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var first = HostHarness(log: profile)
        first.doSet("22.5", "8")
        first.press(.escape)
        first.doSet("22.5", "130")
        first.press(.escape)
        first.doSet("20", "10")
        let id = try #require(first.host.workout?.workoutID)
        #expect(first.host.workout?.isShowingSummary == true)

        // Another day: the workout is read back from the file and corrected.
        var second = HostHarness(log: profile)
        #expect(second.host.workout?.history.best?.volume == 22.5 * 130)
        second.press(.character("h"), .enter, .down, .right, .backspace, .backspace, .backspace)
        second.type("13")
        second.press(.enter)
        #expect(second.host.unsaved.isEmpty)
        #expect(second.host.workout?.history.best?.volume == 22.5 * 13)
        let reader = try TermFitStore.open(at: location).profileStore(named: "alex")
        let stored = try #require(try reader.workout(id: id))
        #expect(stored.sets.map(\.reps) == [8, 13, 10])
        #expect(stored.status == .finished, "a correction leaves how the workout ended")
        let entries = try reader.history(workout: .dumbbells)
        let table = HistoryReport.render(entries, format: .table, detail: true, timeZone: .current)
        #expect(table.contains("Bicep curl: 3 sets, 22.5 kg x 8, 22.5 kg x 13, 20 kg x 10"), "\(table)")
        #expect(!table.contains("130"))

        // Deleting the first set renumbers the others in the file.
        second.press(.up, .character("d"), .character("y"))
        let left = try #require(try reader.workout(id: id))
        #expect(left.sets.map(\.number) == [1, 2])
        #expect(left.sets.map(\.reps) == [13, 10])
        // A third opening reads the corrected numbers as the last workout's.
        let third = HostHarness(log: profile)
        #expect(third.host.workout?.history.lastSets[1]?.set.reps == 13)
        #expect(third.host.workout?.history.lastSets[3] == nil)
    }

    @Test func aCorrectionThatCannotBeSavedNamesTheSetAndTheWorkoutsDay() throws {
        let log = FlakyWorkoutLog()
        let started = Date(timeIntervalSince1970: 1_794_646_800 - 7 * 86_400)
        let past = DumbbellWorkout(
            exercise: "Bicep curl", unit: .kilograms, startedAt: started, finishedAt: started.addingTimeInterval(600),
            status: .finished,
            sets: [
                DumbbellSet(
                    number: 1, weight: 22.5, reps: 130, startedAt: started, finishedAt: started.addingTimeInterval(40))
            ])
        try log.start(past)
        log.failing = true
        var harness = HostHarness(log: log)
        harness.press(.character("h"), .enter, .right, .backspace, .backspace, .backspace)
        harness.type("13")
        harness.press(.enter)
        let day = PastWorkoutsSheet.day(started)
        #expect(harness.host.unsaved.count == 1)
        #expect(
            harness.host.problem?.description
                == "Not saved (disk full): set 1 of \(day) kept here, tried again with the next set")
        #expect(harness.frame().contains { $0.contains("! Not saved (disk full): set 1 of \(day)") })
        let summaries = harness.host.unsavedSteps.map(\.summary)
        #expect(summaries.count == 1)
        #expect(summaries.first?.hasPrefix("dumbbells: Bicep curl set 1, 22.5 kg × 13 (done 2026-11-0") == true)
        // The disk has room again: the next save brings it in.
        log.failing = false
        harness.press(.character("d"), .character("y"))
        #expect(harness.host.unsaved.isEmpty)
        #expect(try log.workout(id: past.id)?.sets.isEmpty == true)
    }

    @Test func waitingCorrectionsAreNamedByTheirWorkoutsDayAndKeepItsUnit() {
        let data = DumbbellsData(log: InMemoryWorkoutLog(), keeper: SettingsKeeper(store: nil, stored: Settings()))
        let started = Date(timeIntervalSince1970: 1_794_646_800 - 7 * 86_400)
        let set = DumbbellSet(number: 2, weight: 25, reps: 13, startedAt: started, finishedAt: started)
        let past = DumbbellWorkout(
            exercise: "Hammer curl", unit: .pounds, startedAt: started, status: .finished, sets: [set])
        var three = set
        three.number = 3
        let day = PastWorkoutsSheet.day(started)
        // The screen is on another exercise, in kg; the ended workout is in its history.
        var screen = DumbbellsWorkout(
            settings: DumbbellsSettings(exercise: "Bicep curl"),
            history: .success(ExerciseHistory(workouts: [past])), wallClock: { started })
        _ = screen.handle(.resize(Size(width: 80, height: 24)), at: .zero)
        let corrected = UnsavedStep.dumbbellSet(set, workoutID: past.id, exercise: "Hammer curl", unit: .pounds)
        let correctedThree = UnsavedStep.dumbbellSet(
            three, workoutID: past.id, exercise: "Hammer curl", unit: .pounds)
        let deleted = UnsavedStep.dumbbellSetDeletion(number: 4, workoutID: past.id)
        #expect(data.describe([corrected], in: screen) == "set 2 of \(day)")
        #expect(data.describe([corrected, correctedThree, deleted], in: screen) == "sets 2, 3, 4 deleted of \(day)")
        let current = UnsavedStep.dumbbellSet(set, workoutID: UUID(), exercise: "Bicep curl", unit: .kilograms)
        #expect(data.describe([current, correctedThree], in: screen) == "set 2; set 3 of \(day)")
        let unit = UnsavedStep.settings([.value(name: "dumbbells.unit", expected: nil, new: .string("lb"))])
        #expect(data.describe([unit], in: screen) == "the settings")
        #expect(data.describe([unit, current], in: screen) == "set 2")
        // The command a correction makes names the past workout's exercise and unit, not the screen's.
        var routed = screen
        guard case .save(let command) = data.route(.save(corrected), in: &routed, at: .zero) else {
            Issue.record("a correction is a command")
            return
        }
        #expect(command == corrected)
    }
}
