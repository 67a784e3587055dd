import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

extension Harness {
    /// `A`, the name typed, Enter: another exercise in the workout.
    mutating func addExercise(_ name: String) {
        press(.character("A"))
        type(name)
        press(.enter)
    }

    /// The workouts started among the outputs, in order.
    var startedWorkouts: [DumbbellWorkout] {
        outputs.compactMap { if case .save(.dumbbellWorkout(let workout)) = $0 { workout } else { nil } }
    }
}

@Suite struct SeveralExercisesTests {
    @Test func eachExerciseKeepsItsOwnSetsAndTheRowsShareOneSession() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 2, exercise: "Bench press"))
        harness.doSet("20", "8")
        harness.press(.escape)
        harness.addExercise("Bent-over row")
        #expect(harness.workout.exerciseNames == ["Bench press", "Bent-over row"])
        #expect(harness.workout.settings.exercise == "Bent-over row")
        #expect(harness.outputs.contains(.loadHistory(exercise: "Bent-over row")))
        #expect(harness.workout.completedSets.isEmpty, "a new exercise has its own empty table")
        #expect(harness.frame().joined().contains("Dumbbells · Bent-over row (2/2)"))
        harness.doSet("16", "10")
        harness.press(.escape)
        harness.press(.character("["))
        #expect(harness.workout.settings.exercise == "Bench press")
        #expect(harness.workout.completedSets.map(\.record.reps) == [8])
        harness.press(.character("]"))
        #expect(harness.workout.completedSets.map(\.record.weight) == [16])

        let started = harness.startedWorkouts
        #expect(started.map(\.exercise) == ["Bench press", "Bent-over row"])
        #expect(started.allSatisfy { $0.sessionID == started.first?.id }, "grouped by the first exercise's id")
        #expect(Set(started.map(\.id)).count == 2, "one row per exercise")
    }

    @Test func finishingAnExercisesLastSetMovesToTheNextWithSetsToDoAndTheLastEndsThemAll() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 1, exercise: "Bench press"))
        harness.addExercise("Bent-over row")
        harness.press(.character("["))
        harness.doSet("20", "8")
        #expect(harness.workout.settings.exercise == "Bent-over row", "on to the exercise with a set to do")
        #expect(harness.workout.notice?.text == "Bench press done · now Bent-over row")
        #expect(!harness.workout.isShowingSummary)
        harness.press(.escape)
        harness.doSet("16", "10")
        #expect(harness.workout.isShowingSummary)
        let finished = harness.outputs.compactMap {
            if case .save(.dumbbellFinish(let id, .finished, _)) = $0 { id } else { nil }
        }
        #expect(Set(finished) == Set(harness.startedWorkouts.map(\.id)))
    }

    @Test func leavingAbandonsEveryExerciseSaved() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 2, exercise: "Bench press"))
        harness.doSet("20", "8")
        harness.press(.escape)
        harness.addExercise("Bent-over row")
        harness.doSet("16", "10")
        harness.press(.escape)
        #expect(harness.workout.leaveQuestion(at: harness.now)?.contains("(2 of 4 sets done)") == true)
        harness.press(.character("q"), .character("y"))
        let abandoned = harness.outputs.compactMap {
            if case .save(.dumbbellFinish(let id, .abandoned, _)) = $0 { id } else { nil }
        }
        #expect(Set(abandoned) == Set(harness.startedWorkouts.map(\.id)))
    }

    @Test func switchingIsRefusedWithOneExerciseOrASetRunningAndAnExerciseIsAddedOnce() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 2, exercise: "Bench press"))
        harness.press(.character("]"))
        #expect(harness.workout.notice?.text == "One exercise in this workout · A adds another")
        harness.addExercise("Bent-over row")
        harness.startSet("16", "10")
        harness.press(.character("["))
        #expect(harness.workout.notice?.text == "Finish set 1 first")
        harness.press(.character("A"))
        #expect(harness.workout.sheet == nil)
        harness.press(.enter, .escape)
        harness.addExercise("Bench press")
        #expect(harness.workout.notice?.text == "Bench press is in this workout already")
        #expect(harness.workout.exerciseNames.count == 2)
    }

    @Test func copyLastTimeFillsTheExerciseOnScreen() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 3, exercise: "Squat"))
        harness.addExercise("Bicep curl")
        harness.workout.receive(.success(ExerciseHistory(workouts: [lastBicepCurls])), for: "Bicep curl")
        harness.press(.character("L"))
        #expect(harness.workout.rows.map(\.entry.weight) == ["12", "12", "14"])
        harness.press(.character("["))
        #expect(harness.workout.rows.allSatisfy { $0.entry.weight.isEmpty }, "the other exercise is untouched")
    }

    @Test func aSessionsExerciseJoinsItsProgressChart() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 1, exercise: "Bench press"))
        harness.addExercise("Bent-over row")
        harness.doSet("20", "5")
        harness.press(.escape)
        harness.doSet("30", "5")
        #expect(harness.workout.isShowingSummary)
        harness.press(.enter, .character("p"))
        let frame = harness.frame().joined(separator: "\n")
        #expect(frame.contains("Progress · Bench press"))
        #expect(frame.contains("35"), "30 kg × 5 is an estimated 35 kg (Epley)")
    }
}

@Suite struct AutoRestTests {
    @Test func theExercisesRestStartsByItselfAfterASetButTheLast() {
        var settings = DumbbellsSettings(setCount: 2, exercise: "Bench press")
        settings.restByExercise = ["Bench press": 120]
        var harness = Harness(settings: settings, autoRest: true)
        harness.doSet("20", "8")
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 120)
        harness.wait(.seconds(120))
        #expect(harness.workout.pill == .start, "the rest ran out by itself")
        harness.doSet("20", "8")
        #expect(harness.workout.isShowingSummary)
    }

    @Test func anExerciseWithoutAChosenRestGetsTheDefaultAndAChoiceIsRemembered() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 3, exercise: "Lunge"), autoRest: true)
        harness.doSet("10", "12")
        #expect(harness.workout.restSecondsLeft(at: harness.now) == DumbbellsSettings.defaultRest)
        harness.press(.character("s"))
        harness.press(.character("r"), .character("2"))
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 60)
        #expect(harness.workout.settings.restByExercise == ["Lunge": 60])
        #expect(harness.outputs.contains(.saveSettings(harness.workout.settings)))
        harness.press(.character("s"))
        harness.doSet("10", "12")
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 60, "the rest chosen is the exercise's now")
    }

    @Test func capitalROnOrOffIsKeptAndOffOffersThePicker() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 2), autoRest: true)
        harness.press(.character("R"))
        #expect(!harness.workout.settings.autoRest)
        #expect(harness.workout.notice?.text == "Auto rest off: r chooses a rest")
        #expect(harness.outputs.contains(.saveSettings(harness.workout.settings)))
        harness.doSet("12", "10")
        #expect(harness.workout.pill.kind == .restPicker)
        harness.press(.escape, .character("R"))
        #expect(harness.workout.settings.autoRest)
        #expect(harness.workout.notice?.text == "Auto rest on: 90 s after each set of Bicep curl")
    }

    @Test func theSettingsAreReadBackFromTheProfile() throws {
        var stored = Settings()
        try stored.setValue(false, for: .dumbbellAutoRest)
        try stored.setValue(["Lunge": 45, "Curl": 0], for: .dumbbellRestByExercise)
        let settings = DumbbellsSettings(stored)
        #expect(!settings.autoRest)
        #expect(settings.restByExercise == ["Lunge": 45], "a rest out of range is dropped")
        #expect(DumbbellsSettings(Settings()).autoRest, "on unless turned off")
    }
}

/// A workout of several exercises ends as one: one summary of them all, one clock from the first
/// set of any exercise, and Restart keeps the exercises.
@Suite struct WholeWorkoutTests {
    /// Bench press 2 of 3 sets done, Bent-over row 1 of 3, Shoulder press none, then `x`.
    static func threeExercisesEnded(size: Size = Size(width: 80, height: 24)) -> Harness {
        var harness = Harness(settings: DumbbellsSettings(setCount: 3, exercise: "Bench press"), size: size)
        harness.doSet("20", "8")
        harness.press(.escape)
        harness.doSet("22.5", "6", seconds: 50)
        harness.press(.escape)
        harness.addExercise("Bent-over row")
        harness.addExercise("Shoulder press")
        harness.press(.character("["))
        harness.doSet("16", "10")
        harness.press(.escape, .character("x"), .character("y"))
        return harness
    }

    @Test func theSummaryListsEveryExerciseAndTheWholeWorkoutsTotals() {
        let harness = Self.threeExercisesEnded()
        guard case .summary(let summary) = harness.workout.sheet else {
            Issue.record("no summary")
            return
        }
        #expect(summary.parts.map(\.exercise) == ["Bench press", "Bent-over row"])
        #expect(summary.notDone == ["Shoulder press"])
        let volume: Double = 20 * 8 + 22.5 * 6 + 16 * 10
        #expect(summary.totalVolume == volume)
        #expect(summary.totalSeconds == 40 + 50 + 40, "from Bench press's set 1 to the row's set 1 finished")
        let frame = harness.frame().joined(separator: "\n")
        let lines = [
            "Bench press · 2 sets", "Bent-over row · 1 set", "22.5 kg × 6", "16 kg × 10", "Not done: Shoulder press",
        ]
        for line in lines {
            #expect(frame.contains(line), "\(line)")
        }
        #expect(frame.contains("Total volume  455 kg"))
        #expect(frame.contains("Total time    2:10"))
        // Every exercise started is finished, once.
        let finished = harness.outputs.compactMap {
            if case .save(.dumbbellFinish(let id, .finished, _)) = $0 { id } else { nil }
        }
        #expect(
            finished.sorted { $0.uuidString < $1.uuidString }
                == harness.startedWorkouts.map(\.id).sorted { $0.uuidString < $1.uuidString })
    }

    @Test func aSmallScreenListsEachExerciseOnOneLine() {
        let harness = Self.threeExercisesEnded(size: Size(width: 40, height: 12))
        let frame = harness.frame().joined(separator: "\n")
        #expect(frame.contains("Bench press · 2 sets · 295 kg"))
        #expect(frame.contains("Bent-over row · 1 set · 160 kg"))
        #expect(frame.contains("[ Restart ]"))
    }

    @Test func theWorkoutClockRunsOnAcrossExercisesWithOneWakeUpASecond() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 1, exercise: "Bench press"))
        harness.addExercise("Bent-over row")
        harness.press(.character("["))
        harness.doSet("20", "8")
        #expect(harness.workout.settings.exercise == "Bent-over row")
        #expect(harness.workout.workoutSeconds(at: harness.now) == 40, "the row has no set yet, the clock runs on")
        harness.press(.escape)
        harness.wait(.milliseconds(300))
        let deadline = harness.workout.nextDeadline(after: harness.now)
        #expect(deadline != nil, "the clock on screen ticks")
        harness.type("16")
        harness.press(.tab)
        harness.type("10")
        harness.press(.enter)
        harness.wait(.seconds(20))
        #expect(harness.workout.workoutSeconds(at: harness.now) == 60)
        #expect(harness.workout.setSeconds(at: harness.now) == 19 || harness.workout.setSeconds(at: harness.now) == 20)
        // The set's timer and the workout's tick together: the next wake-up is the next whole
        // second of the workout's clock.
        if let next = harness.workout.nextDeadline(after: harness.now) {
            #expect(harness.workout.workoutSeconds(at: next) == 61)
            #expect(harness.workout.workoutSeconds(at: next - .milliseconds(1)) == 60)
        }
        harness.press(.enter)
        guard case .summary(let summary) = harness.workout.sheet else {
            Issue.record("no summary")
            return
        }
        #expect(summary.parts.count == 2)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "nothing ticks in the summary")
    }

    @Test func restartKeepsTheExercisesAndTheirSetCountsWithTheWorkoutJustDoneAsLast() {
        var harness = Self.threeExercisesEnded()
        harness.press(.enter)  // Restart
        #expect(harness.workout.sheet == nil)
        #expect(harness.workout.exerciseNames == ["Bench press", "Bent-over row", "Shoulder press"])
        #expect(harness.workout.exerciseIndex == 0)
        #expect(harness.workout.completedSets.isEmpty)
        #expect(harness.workout.rows.count == 3)
        #expect(harness.workout.workoutSeconds(at: harness.now) == nil, "a new workout's clock starts at its set 1")
        #expect(harness.workout.lastSet(for: 1)?.set.weight == 22.5, "last time's numbers are the workout just done")
        harness.press(.character("]"))
        #expect(harness.workout.lastSet(for: 0)?.set.weight == 16)
        #expect(harness.workout.rows.count == 3)
        harness.press(.character("]"))
        #expect(harness.workout.lastSet(for: 0) == nil, "nothing was done of Shoulder press")
        // The new workout is saved as new rows.
        let before = Set(harness.startedWorkouts.map(\.id))
        harness.doSet("18", "8")
        #expect(harness.startedWorkouts.count == before.count + 1)
        #expect(harness.startedWorkouts.last.map { !before.contains($0.id) } == true)
    }
}
