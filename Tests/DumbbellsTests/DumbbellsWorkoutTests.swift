import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

extension Harness {
    /// Fills the current set with `weight` × `reps` and starts it.
    mutating func startSet(_ weight: String, _ reps: String) {
        fill(row: workout.currentIndex, weight: weight, reps: reps)
        press(.enter)
    }

    /// Starts, runs for `seconds` and finishes the current set.
    @discardableResult
    mutating func doSet(_ weight: String, _ reps: String, seconds: Int = 40) -> [DumbbellsWorkout.Output] {
        startSet(weight, reps)
        wait(.seconds(seconds))
        return press(.enter)
    }

    /// The saved sets among the outputs, in order.
    var savedSets: [DumbbellSet] {
        outputs.compactMap { if case .save(.dumbbellSet(let set, _, _, _)) = $0 { set } else { nil } }
    }
}

@Suite struct SetFlowTests {
    @Test func setsAreDoneInOrderWhateverIsSelected() {
        var harness = Harness()
        harness.fill(row: 2, weight: "14", reps: "8")
        harness.fill(row: 1, weight: "12", reps: "10")
        // Set 3 and set 2 are filled in, set 1 is not: Start starts set 1 and says what it lacks.
        harness.press(.enter)
        #expect(harness.workout.pill == .start)
        #expect(harness.workout.notice?.text == "Set 1 needs its kg")
        #expect(harness.workout.selection == FieldPosition(row: 0, field: .weight))
        harness.fill(row: 0, weight: "10", reps: "12")
        harness.press(.down, .down)
        #expect(harness.frame()[harness.pillRow].contains("▶ Start set 1"))
        harness.press(.enter)
        #expect(harness.workout.runningSet?.index == 0)
        harness.wait(.seconds(30))
        harness.press(.enter, .escape)
        #expect(harness.frame()[harness.pillRow].contains("▶ Start set 2"))
        harness.doSet("12", "10")
        harness.press(.escape)
        harness.doSet("14", "8")
        #expect(harness.savedSets.map(\.number) == [1, 2, 3])
        #expect(harness.savedSets.map(\.weight) == [10, 12, 14])
    }

    @Test func aFinishedSetCanBeReachedAgain() {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.escape)
        #expect(harness.workout.selection == FieldPosition(row: 1, field: .weight), "finishing moves on")
        harness.press(.up, .up)
        #expect(harness.workout.selection.row == 0, "Up reaches set 1, finished")
        harness.press(.down, .backTab)
        #expect(harness.workout.selection == FieldPosition(row: 0, field: .reps), "Shift-Tab goes back to set 1")
        let field = harness.workout.layout.frame(of: FieldPosition(row: 0, field: .weight))
        harness.click(field ?? .init(x: 0, y: 0, width: 1, height: 1))
        #expect(harness.workout.selection == FieldPosition(row: 0, field: .weight))
        #expect(harness.workout.rows[0].entry == SetEntry(weight: "12", reps: "10"))
    }

    @Test func finishingSavesTheWorkoutThenEachSetAtOnce() throws {
        var harness = Harness()
        harness.startSet("12", "10")
        #expect(harness.outputs.isEmpty, "nothing is saved when a set starts")
        harness.wait(.seconds(42))
        let first = harness.press(.enter)
        let id = try #require(harness.workout.workoutID)
        let workout = DumbbellWorkout(
            id: id, exercise: "Bicep curl", unit: .kilograms, startedAt: testDate, sessionID: id)
        let set1 = DumbbellSet(
            number: 1, weight: 12, reps: 10, startedAt: testDate, finishedAt: testDate + 42, restBefore: nil)
        #expect(
            first == [
                .save(.dumbbellWorkout(workout)),
                .save(.dumbbellSet(set1, workoutID: id, exercise: "Bicep curl", unit: .kilograms)),
            ])
        // A 30 s rest, then set 2 starts 5 s after the rest ends.
        harness.press(.enter)
        harness.wait(.seconds(30))
        harness.wait(.seconds(5))
        harness.startSet("12", "8")
        harness.wait(.seconds(35))
        let second = harness.press(.enter)
        let set2 = DumbbellSet(
            number: 2, weight: 12, reps: 8, startedAt: testDate, finishedAt: testDate + 35, restBefore: 30)
        #expect(second == [.save(.dumbbellSet(set2, workoutID: id, exercise: "Bicep curl", unit: .kilograms))])
    }

    @Test func theLastSetShowsTheSummaryWithoutARest() throws {
        var harness = Harness(settings: DumbbellsSettings(setCount: 2))
        harness.doSet("12", "10", seconds: 42)
        harness.press(.escape)
        harness.wait(.seconds(18))
        let outputs = harness.doSet("14", "8", seconds: 45)
        let id = try #require(harness.workout.workoutID)
        #expect(outputs.last == .save(.dumbbellFinish(workoutID: id, status: .finished, at: testDate + 105)))
        #expect(harness.workout.pill == .start)
        guard case .summary(let summary) = harness.workout.sheet else {
            Issue.record("no summary")
            return
        }
        #expect(summary.sets.map(\.seconds) == [42, 45])
        #expect(summary.totalVolume == 232)
        #expect(summary.totalSeconds == 105)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "no timer runs in the summary")
        harness.wait(.seconds(100))
        #expect(harness.workout.workoutSeconds(at: harness.now) == 105, "the workout's time is frozen")
    }

    @Test func endingEarlySumsUpTheSetsDone() throws {
        var harness = Harness()
        harness.press(.character("x"))
        #expect(harness.workout.notice?.text == "Finish a set first; then x shows the summary")
        harness.startSet("12", "10")
        harness.press(.character("x"))
        #expect(harness.workout.notice?.text == "Finish set 1 first")
        harness.wait(.seconds(40))
        harness.press(.enter)
        harness.press(.character("x"))
        #expect(!harness.workout.isShowingSummary, "x asks first")
        harness.press(.character("y"))
        #expect(harness.workout.isShowingSummary)
        let id = try #require(harness.workout.workoutID)
        #expect(harness.outputs.last == .save(.dumbbellFinish(workoutID: id, status: .finished, at: testDate + 40)))
    }

    @Test func theSummarysBackLeavesWithoutAskingAndItsHintDoesTheSame() {
        for byClick in [false, true] {
            var harness = Harness(settings: DumbbellsSettings(setCount: 1))
            harness.send(.resize(Size(width: 80, height: 24)))
            harness.doSet("12", "10")
            #expect(harness.workout.isShowingSummary)
            if byClick {
                let bar = harness.workout.layout.helpBar
                let back = harness.workout.bindings.barTargets(in: bar).first { $0.action == .confirmLeave }
                guard let back else {
                    Issue.record("the summary's help bar shows Back")
                    return
                }
                harness.send(.mouse(MouseEvent(.release, at: back.frame.origin)))
            } else {
                harness.press(.character("q"))
            }
            #expect(harness.outputs.last == .effect(.quit), "Back on the summary leaves: the sets are saved")
            #expect(harness.workout.sheet == nil && harness.workout.pendingQuestion == nil)
        }
    }

    @Test func restartClearsTheTableAndShowsTheWorkoutJustDoneAsLast() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 1))
        harness.doSet("12", "10")
        #expect(harness.workout.isShowingSummary)
        harness.press(.enter)
        #expect(!harness.workout.isShowingSummary)
        #expect(harness.workout.rows == [DumbbellsWorkout.Row()])
        #expect(harness.workout.workoutID == nil)
        #expect(harness.workout.canChangeExercise)
        #expect(harness.frame()[harness.row(ofSet: 0)].hasSuffix("last: 12 kg × 10"))
        // The new workout has its own identifier.
        harness.doSet("12", "11")
        let started = harness.outputs.compactMap {
            if case .save(.dumbbellWorkout(let workout)) = $0 { workout.id } else { nil }
        }
        #expect(started.count == 2)
        #expect(Set(started).count == 2)
    }

    @Test func leavingMidWorkoutMarksItAbandonedAndDropsTheRunningSet() throws {
        var harness = Harness()
        harness.doSet("12", "10", seconds: 40)
        harness.press(.escape)
        harness.startSet("12", "10")
        harness.wait(.seconds(10))
        let id = try #require(harness.workout.workoutID)
        #expect(harness.press(.character("q")).isEmpty, "asks first")
        let outputs = harness.press(.character("y"))
        #expect(
            outputs == [.save(.dumbbellFinish(workoutID: id, status: .abandoned, at: testDate + 50)), .effect(.quit)])
        #expect(harness.savedSets.count == 1)
        #expect(harness.send(.terminate).isEmpty, "the end of the program adds nothing")
        #expect(harness.workout.workoutID == nil, "what stays on screen is a fresh table")
        #expect(harness.workout.rows.allSatisfy { $0.completed == nil })
    }

    @Test func leavingBeforeAnySetFinishedSavesNothing() {
        var harness = Harness()
        harness.startSet("12", "10")
        #expect(harness.press(.escape).isEmpty, "asks first")
        #expect(harness.press(.enter) == [.effect(.quit)])
    }

    @Test func aRunningSetIsNotACompletedSetWhenTheProgramEnds() {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.escape)
        harness.startSet("12", "10")
        harness.wait(.seconds(20))
        let ending = harness.send(.terminate)
        guard case .save(.dumbbellFinish(_, .cutOff, _)) = ending.first, ending.count == 1 else {
            Issue.record("only that the workout was cut off is saved: \(ending)")
            return
        }
        #expect(harness.workout.runningSet == nil)
        #expect(harness.workout.completedSets.count == 1)
    }

    @Test func finishNeedsTheRunningSetStillValid() {
        var harness = Harness()
        harness.startSet("12", "10")
        harness.press(.delete)
        harness.press(.enter)
        #expect(harness.workout.pill.kind == .active)
        #expect(harness.workout.notice?.text == "Set 1 needs its reps")
        harness.type("8")
        harness.press(.enter)
        #expect(harness.savedSets.map(\.reps) == [8], "reps corrected during the set are saved")
    }
}

@Suite struct RestTests {
    @Test func aRestFromStartReturnsToStartWithTheBell() {
        var harness = Harness()
        harness.fill(row: 0, weight: "12", reps: "10")
        harness.press(.tab, .backTab, .character("r"))  // Tab keeps the number, then r
        guard case .restPicker(let picker) = harness.workout.pill else {
            Issue.record("no rest picker")
            return
        }
        #expect(picker.origin == .start)
        harness.press(.enter)
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 30)
        harness.wait(.seconds(29))
        #expect(harness.workout.pill.kind == .countdown)
        let bell = harness.wait(.seconds(1))
        #expect(bell == [.effect(.bell)])
        #expect(harness.workout.pill == .start)
        #expect(harness.wait(.seconds(1)).isEmpty, "the bell rings once")
    }

    @Test func aRestFromTheKeypadReturnsToTheKeypad() {
        var harness = Harness()
        harness.press(.character("k"), .character("r"))
        harness.press(.right, .enter)  // 60 s
        harness.type("1")  // typing goes on during a rest
        harness.wait(.seconds(60))
        #expect(harness.workout.pill == .keypad)
        #expect(harness.workout.rows[0].entry.weight == "1")
    }

    @Test func aRestWhileASetRunsKeepsItsTimerAndReturnsToIt() {
        var harness = Harness()
        harness.startSet("12", "10")
        harness.wait(.seconds(20))
        guard case .active(let running) = harness.workout.pill else {
            Issue.record("no set running")
            return
        }
        harness.clickPill(.rest)
        harness.clickPill(.chooseRest(0))
        #expect(harness.workout.runningSet == running, "the set runs on behind the rest")
        harness.wait(.seconds(10))
        #expect(harness.workout.setSeconds(at: harness.now) == 30)
        harness.clickPill(.skip)
        #expect(harness.workout.runningSet?.index == running.index)
        #expect(harness.workout.runningSet?.startedAt == running.startedAt)
        #expect(harness.workout.setSeconds(at: harness.now) == 20, "the rest is not the set's time")
        harness.wait(.seconds(5))
        harness.press(.enter)
        // 20 s lifting, 10 s rest, 5 s lifting: the set took 25 s.
        #expect(harness.savedSets.first.map(\.duration) == 25)
        #expect(harness.workout.rows[0].completed?.seconds == 25)
    }

    @Test func aRestIsOfferedAfterEachSetButTheLast() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 2))
        harness.doSet("12", "10")
        #expect(harness.workout.pill == .restPicker(RestPicker(origin: .start, seconds: DumbbellsSettings.defaultRest)))
        harness.clickPill(.noRest)
        #expect(harness.workout.pill == .start)
        harness.doSet("12", "10")
        #expect(harness.workout.pill == .start)
        #expect(harness.workout.isShowingSummary)
    }

    @Test func skippingCountsOnlyTheRestTaken() {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.character("4"))  // 120 s
        harness.wait(.seconds(25))
        let outputs = harness.press(.character("s"))
        #expect(!outputs.contains(.effect(.bell)), "no bell for a skipped rest")
        #expect(outputs.count == 1, "only the skip, saved: \(outputs)")
        harness.doSet("12", "10")
        #expect(harness.savedSets.last?.restBefore == 25)
    }

    @Test func theBarEmptiesAsTheRestRunsOut() {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.character("2"))  // 60 s
        func bar() -> Double? {
            for item in harness.workout.targetFace(at: harness.now).items {
                if case .bar(let fraction, _) = item.content { return fraction }
            }
            return nil
        }
        #expect(bar() == 1)
        harness.wait(.seconds(30))
        #expect(bar() == 0.5)
        harness.wait(.seconds(29))
        #expect(bar() == 1.0 / 60)
    }

    @Test func restLengthsComeFromTheSettings() {
        var harness = Harness(settings: DumbbellsSettings(restPresets: [45, 180, 45, 0, 5000]))
        harness.press(.character("r"))
        let labels = harness.workout.targetFace(at: harness.now).items.map(\.content)
        #expect(labels == [.text("Rest"), .text("45 s"), .text("180 s"), .text("1:30"), .text("No rest")])
        harness.press(.character("3"))
        #expect(harness.workout.notice?.text == "Choose a rest with 1–2")
        harness.press(.character("2"))
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 180)
    }

    @Test func aRestKeepsCountingWhileTheProgramIsSuspended() {
        var harness = Harness()
        harness.press(.character("r"), .enter)
        harness.send(.suspend)
        harness.now = harness.now + .seconds(45)
        #expect(harness.send(.resume) == [.effect(.bell)], "the rest ended while suspended")
        #expect(harness.workout.pill == .start)
    }

    @Test func aSetKeepsCountingWhileTheProgramIsSuspended() {
        var harness = Harness()
        harness.startSet("12", "10")
        harness.send(.suspend)
        harness.now = harness.now + .seconds(80)
        harness.send(.resume)
        #expect(harness.workout.setSeconds(at: harness.now) == 80)
    }
}

@Suite struct ClockTests {
    @Test func anIdleScreenNeverWakes() {
        var harness = Harness()
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
        harness.fill(row: 0, weight: "12", reps: "10")
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
        harness.press(.character("k"))
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "no motion: no frames")
    }

    @Test func timersWakeTheScreenOnceASecondOnTheSecond() {
        var harness = Harness()
        harness.startSet("12", "10")
        let start = harness.now
        #expect(harness.workout.nextDeadline(after: start) == start + .seconds(1))
        harness.now = start + .milliseconds(1300)
        #expect(harness.workout.nextDeadline(after: harness.now) == start + .seconds(2))
        #expect(harness.workout.nextDeadline(after: start + .seconds(2)) == start + .seconds(3))
        // The rest and the workout share the workout's second.
        harness.press(.character("r"), .enter)
        #expect(harness.workout.nextDeadline(after: harness.now) == start + .seconds(2))
        guard case .countdown(let countdown) = harness.workout.pill else {
            Issue.record("no countdown")
            return
        }
        #expect(countdown.endsAt == start + .seconds(31), "it ends on the workout's second")
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 30)
    }

    @Test func aLateWakeUpDoesNotStretchTheTimers() {
        var harness = Harness()
        harness.startSet("12", "10")
        harness.wait(.milliseconds(4700))  // the loop woke 3.7 s late
        #expect(harness.workout.setSeconds(at: harness.now) == 4)
        harness.press(.character("r"), .enter)
        harness.wait(.seconds(40))
        #expect(harness.workout.pill.kind == .active, "a 30 s rest is over after 40 s, whenever the tick came")
    }

    @Test func aRestBeforeTheFirstSetCountsOnItsOwnSecond() {
        var harness = Harness()
        harness.press(.character("r"), .enter)
        let start = harness.now
        harness.now = start + .milliseconds(250)
        #expect(harness.workout.nextDeadline(after: harness.now) == start + .seconds(1))
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 30)
    }

    @Test func theWorkoutClockRunsFromSet1UntilTheSummary() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 2))
        #expect(harness.workout.workoutSeconds(at: harness.now) == nil)
        #expect(harness.frame()[harness.headerRow].hasSuffix("2 sets · kg"))
        harness.doSet("12", "10", seconds: 61)
        harness.press(.escape)
        harness.wait(.seconds(10))
        #expect(harness.frame()[harness.headerRow].hasSuffix("workout 1:11"))
        #expect(harness.workout.nextDeadline(after: harness.now) != nil, "it ticks between sets")
    }

    @Test func theClockShowsHours() {
        #expect(DumbbellsWorkout.clock(0) == "0:00")
        #expect(DumbbellsWorkout.clock(59) == "0:59")
        #expect(DumbbellsWorkout.clock(754) == "12:34")
        #expect(DumbbellsWorkout.clock(3723) == "1:02:03")
    }
}

@Suite struct MorphTests {
    @Test func thePillMorphsOver250MillisecondsAt30FramesASecond() {
        var harness = Harness(reducesMotion: false)
        harness.fill(row: 0, weight: "12", reps: "10")
        harness.wait(.seconds(1))
        let startWidth = harness.workout.targetFace(at: harness.now).width
        harness.press(.enter)
        let began = harness.now
        let endWidth = harness.workout.targetFace(at: harness.now).width
        #expect(harness.workout.isMorphing(at: began))
        var frames: [Instant] = []
        var widths: [Int] = []
        while let deadline = harness.workout.nextDeadline(after: harness.now), deadline <= began + .milliseconds(250) {
            harness.now = deadline
            harness.send(.tick)
            frames.append(deadline)
            widths.append(harness.workout.currentFace(at: harness.now).width)
        }
        #expect(frames.count == 8, "7 frames 33 ms apart, then the last at 250 ms")
        #expect(frames.last == began + .milliseconds(250))
        #expect(frames.first == began + .nanoseconds(33_333_333))
        #expect(widths.last == endWidth)
        #expect(widths == widths.sorted(), "the width moves one way")
        // Eased: it moves less in the first frame than in a middle one.
        let steps = zip([startWidth] + widths, widths).map { $1 - $0 }
        #expect(steps[0] < steps[3])
        #expect(!harness.workout.isMorphing(at: harness.now))
        #expect(harness.workout.nextDeadline(after: harness.now) == began + .seconds(1), "then one a second")
    }

    @Test func theOldContentShowsForTheFirstHalfAndTheNewForTheSecond() {
        var harness = Harness(reducesMotion: false)
        harness.fill(row: 0, weight: "12", reps: "10")
        harness.wait(.seconds(1))
        harness.press(.enter)
        let began = harness.now
        #expect(harness.frame(at: began + .milliseconds(100))[harness.pillRow].contains("Start set 1"))
        #expect(harness.frame(at: began + .milliseconds(150))[harness.pillRow].contains("[Finish]"))
    }

    @Test func reducedMotionSwitchesAtOnce() {
        var harness = Harness(reducesMotion: true)
        harness.fill(row: 0, weight: "12", reps: "10")
        harness.press(.enter)
        #expect(!harness.workout.isMorphing(at: harness.now))
        #expect(harness.workout.nextDeadline(after: harness.now) == harness.now + .seconds(1))
        #expect(harness.frame()[harness.pillRow].contains("[Finish]"))
    }

    @Test func typingInsideOneStateDoesNotMorph() {
        var harness = Harness(reducesMotion: false)
        harness.press(.character("k"))
        harness.wait(.seconds(1))
        harness.type("12")
        #expect(!harness.workout.isMorphing(at: harness.now))
    }

    @Test func aMorphFromMidMorphStartsWhereThePillIs() {
        var harness = Harness(reducesMotion: false)
        harness.press(.character("k"))
        harness.now = harness.now + .milliseconds(125)
        let shown = harness.workout.currentFace(at: harness.now).width
        harness.press(.character("k"))
        #expect(harness.workout.currentFace(at: harness.now).width == shown)
    }
}

@Suite struct LastWorkoutTests {
    @Test func lastNumbersShowBesideEachSet() {
        let harness = Harness(history: bicepHistory)
        let frame = harness.frame()
        #expect(frame[harness.titlesRow].hasSuffix("last workout"))
        #expect(frame[harness.row(ofSet: 0)].hasSuffix("last: 12 kg × 10"))
        #expect(frame[harness.row(ofSet: 2)].hasSuffix("last: 14 kg × 8"))
    }

    @Test func oneKeyCopiesThemIntoTheCurrentSet() {
        var harness = Harness(history: bicepHistory)
        harness.doSet("10", "10")
        harness.press(.escape, .down)
        harness.press(.character("l"))
        #expect(harness.workout.rows[1].entry == SetEntry(weight: Weight(12, .kilograms), in: .kilograms, reps: "10"))
        #expect(harness.workout.rows[1].entry.weight == "12")
        #expect(harness.workout.notice?.text == "Set 2: 12 kg × 10 from last time")
        harness.press(.enter)
        #expect(harness.workout.runningSet?.index == 1)
    }

    @Test func aClickOnLastCopiesThatRow() {
        var harness = Harness(history: bicepHistory)
        harness.click(harness.workout.layout.lastFrame(of: 2)?.origin ?? .zero)
        #expect(harness.workout.rows[2].entry.weight == "14")
        #expect(harness.workout.rows[2].entry.reps == "8")
    }

    @Test func copiesConvertToTheWorkoutsUnit() {
        var harness = Harness(settings: DumbbellsSettings(unit: .pounds), history: bicepHistory)
        harness.press(.character("l"))
        // 12 kg is 26.455 lb: shown to the half pound, and saved as shown.
        #expect(harness.workout.rows[0].entry.weight == "26.5")
        #expect(harness.workout.notice?.text == "Set 1: 26.5 lb × 10 from last time")
        harness.press(.enter)
        harness.wait(.seconds(20))
        harness.press(.enter)
        #expect(harness.savedSets.first?.weight == 26.5)
    }

    @Test func withoutALastWorkoutTheKeySaysSo() {
        var harness = Harness()
        harness.press(.character("l"))
        #expect(harness.workout.notice?.text == "No last numbers for set 1")
        #expect(!harness.frame()[2].contains("last workout"))
    }

    @Test func aHistoryThatCannotBeReadIsShown() {
        struct Broken: Error, CustomStringConvertible { var description: String { "disk on fire" } }
        let workout = DumbbellsWorkout(history: .failure(Broken()), wallClock: { testDate })
        #expect(workout.problem == "Could not read the last workout: disk on fire")
    }
}

@Suite struct PersonalBestTests {
    @Test func epleyEstimatesTheOneRepetitionMaximum() {
        #expect(PersonalBest.epley(weight: 30, reps: 10) == 40)
        #expect(PersonalBest.epley(weight: 12, reps: 0) == nil)
        #expect(PersonalBest.epley(weight: 12, reps: 13) == nil, "the estimate counts up to 12 reps")
        let best = PersonalBest(weight: 10, reps: 3, unit: .pounds)
        #expect(abs(best.volume - 13.6077711) < 1e-6, "pounds count as kilograms")
    }

    @Test func aSetBeatingTheVolumeOrTheEstimateIsAnnounced() {
        var harness = Harness(history: bicepHistory)
        // Best on record: 12 × 10 = 120 (volume) and 14 × (1 + 8/30) = 17.73 (1RM).
        harness.doSet("12", "10")
        #expect(harness.workout.notice == nil, "an equal set is no record")
        harness.press(.escape)
        harness.doSet("13", "10")
        #expect(
            harness.workout.notice
                == .init("★ Personal best: 13 kg × 10, volume 130 kg", kind: .personalBest))
        #expect(harness.frame()[harness.row(ofSet: 1)].contains("0:40 ★ last: 12 kg × 10"))
        harness.press(.escape)
        harness.doSet("20", "1")
        #expect(harness.workout.notice?.text == "★ Personal best: 20 kg × 1, est. 1RM 20.7 kg (Epley)")
        guard case .summary(let summary) = harness.workout.sheet else {
            Issue.record("no summary")
            return
        }
        #expect(summary.personalBests == 2)
    }

    @Test func aFirstWorkoutOfAnExerciseHasNoRecordsToBeat() {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.escape)
        harness.doSet("20", "10")
        #expect(harness.workout.notice == nil)
    }

    @Test func theHistoryFindsTheLastWorkoutAndTheBestSet() {
        let older = DumbbellWorkout(
            exercise: "Bicep curl", unit: .pounds, startedAt: testDate - 900_000,
            sets: [DumbbellSet(number: 1, weight: 50, reps: 5, startedAt: testDate, finishedAt: testDate)])
        let empty = DumbbellWorkout(exercise: "Bicep curl", unit: .kilograms, startedAt: testDate)
        let history = ExerciseHistory(workouts: [older, lastBicepCurls, empty])
        #expect(history.lastWorkout == lastBicepCurls, "the newest workout with a set")
        #expect(abs((history.best?.oneRepMax ?? 0) - 50 * PersonalBest.kilogramsPerPound * (1 + 5.0 / 30)) < 1e-9)
        #expect(history.best?.volume == 120)
    }
}

@Suite struct KeypadTests {
    @Test func theNumberPadWorksByMouse() {
        var harness = Harness()
        let weight = harness.workout.layout.frame(of: FieldPosition(row: 0, field: .weight))
        harness.click(weight ?? Rect(x: 0, y: 0, width: 1, height: 1))
        #expect(harness.workout.pill == .keypad)
        for key in ["1", "2", ".", "3"] { harness.clickPill(.pad(.character(Character(key)))) }
        #expect(harness.workout.rows[0].entry.weight == "12.")
        #expect(harness.workout.notice?.text == "kg go in steps of 0.25: .25 .5 .75")
        harness.clickPill(.pad(.backspace))
        harness.clickPill(.pad(.next))
        #expect(harness.workout.selection == FieldPosition(row: 0, field: .reps))
        harness.clickPill(.pad(.character("8")))
        harness.clickPill(.pad(.next))
        #expect(harness.workout.selection == FieldPosition(row: 1, field: .weight), "Next: kg → reps → next kg")
        harness.clickPill(.pad(.done))
        #expect(harness.workout.pill == .start)
        #expect(harness.workout.rows[0].entry == SetEntry(weight: "12", reps: "8"))
    }

    @Test func nextCyclesThroughTheTableAndWraps() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 2))
        harness.press(.character("k"))
        var visited: [FieldPosition] = [harness.workout.selection]
        for _ in 0..<4 {
            harness.press(.enter)
            visited.append(harness.workout.selection)
        }
        #expect(
            visited == [
                FieldPosition(row: 0, field: .weight), FieldPosition(row: 0, field: .reps),
                FieldPosition(row: 1, field: .weight), FieldPosition(row: 1, field: .reps),
                FieldPosition(row: 0, field: .weight),
            ])
    }

    @Test func theDecimalPointIsDimmedForReps() {
        var harness = Harness(size: Size(width: 40, height: 12))
        harness.press(.character("k"), .right)
        let item = harness.workout.targetFace(at: harness.now).items.first { $0.action == .pad(.character(".")) }
        #expect(item?.look == .muted)
    }
}

@Suite struct ExerciseAndSettingsTests {
    @Test func aTypedExerciseIsUsedAndItsHistoryAskedFor() {
        var harness = Harness(history: bicepHistory)
        harness.press(.character("e"))
        harness.type("Zottman curl")
        let outputs = harness.press(.enter)
        #expect(harness.workout.settings.exercise == "Zottman curl")
        #expect(outputs == [.loadHistory(exercise: "Zottman curl"), .saveSettings(harness.workout.settings)])
        #expect(harness.workout.history == .none, "the other exercise's numbers are gone")
        #expect(harness.workout.isLoadingHistory)
        harness.workout.receive(.success(bicepHistory), for: "Bicep curl")
        #expect(harness.workout.history == .none, "an answer for another exercise is ignored")
        harness.workout.receive(.success(bicepHistory), for: "Zottman curl")
        #expect(harness.workout.history == bicepHistory)
        #expect(harness.frame()[harness.headerRow].hasPrefix("      Dumbbells · Zottman curl"))
    }

    @Test func theListFiltersAsYouType() {
        var harness = Harness()
        harness.press(.character("e"))
        harness.type("curl")
        guard case .exercise(let picker, _) = harness.workout.sheet else {
            Issue.record("no exercise sheet")
            return
        }
        #expect(picker.rows.map(picker.label(of:)) == ["Bicep curl", "Hammer curl", "+ New exercise “curl”"])
        harness.press(.down, .enter)
        #expect(harness.workout.settings.exercise == "Hammer curl")
    }

    @Test func aClickOnTheTitleOpensTheListAndAClickChooses() {
        var harness = Harness()
        harness.click(harness.workout.layout.header.origin)
        guard case .exercise(let picker, _) = harness.workout.sheet else {
            Issue.record("no exercise sheet")
            return
        }
        let row = picker.layout(on: harness.workout.size).rows.first { picker.label(of: $0.row) == "Lunge" }
        harness.click(row?.frame.origin ?? .zero)
        #expect(harness.workout.settings.exercise == "Lunge")
    }

    /// At 40×12 the list of exercises is taller than the sheet: it scrolls (as ScrollList does)
    /// to keep the highlighted name in view, with a marker where names are out of view.
    @Test func theHighlightedExerciseStaysInViewAt40x12() {
        var harness = Harness(size: Size(width: 40, height: 12))
        harness.press(.character("e"))
        guard case .exercise(let opened, _) = harness.workout.sheet else {
            Issue.record("no exercise sheet")
            return
        }
        let count = opened.rows.count
        #expect(harness.frame().contains { $0.contains("▼") && $0.contains("more") }, "names hidden below")
        for step in 0..<(count + 2) {
            guard case .exercise(let picker, _) = harness.workout.sheet, let row = picker.highlighted else { return }
            let name = picker.label(of: row)
            #expect(harness.frame().contains { $0.contains("▸ " + name) }, "step \(step): \(name) is out of view")
            harness.press(.down)
        }
        #expect(harness.frame().contains { $0.contains("▲") && $0.contains("more") }, "names hidden above")
        // The wheel moves the highlight, which stays in view.
        for _ in 0..<3 { harness.send(.mouse(MouseEvent(.scrollUp, at: Point(x: 20, y: 6)))) }
        guard case .exercise(let picker, _) = harness.workout.sheet, let row = picker.highlighted else { return }
        #expect(picker.scroll.selection == count - 4)
        #expect(harness.frame().contains { $0.contains("▸ " + picker.label(of: row)) })
    }

    @Test func theExerciseAndUnitStayOnceSet1HasStarted() {
        var harness = Harness()
        harness.startSet("12", "10")
        harness.press(.character("e"))
        #expect(harness.workout.sheet == nil)
        #expect(harness.workout.notice?.text == "The exercise is set once set 1 has started · A adds another exercise")
        // The unit still changes: every weight converts, the set is saved in kg.
        harness.press(.character("u"))
        #expect(harness.workout.settings.unit == .pounds)
        #expect(harness.workout.rows[0].entry.weight == "26.5")
        harness.press(.enter)
        #expect(harness.savedSets.first?.weight == 12)
    }

    @Test func theUnitAndTheNumberOfSetsAreKept() {
        var harness = Harness(autoRest: true)
        #expect(harness.press(.character("u")) == [.saveSettings(DumbbellsSettings(unit: .pounds))])
        harness.press(.character("a"))
        #expect(harness.workout.rows.count == 4)
        for _ in 0..<10 { harness.press(.character("a")) }
        #expect(harness.workout.rows.count == 10)
        #expect(harness.workout.notice?.text == "At most 10 sets")
        for _ in 0..<9 { harness.press(.character("d"), .character("y")) }
        #expect(harness.workout.rows.count == 1)
        harness.press(.character("d"))
        #expect(harness.workout.notice?.text == "A workout keeps at least one set")
        #expect(harness.outputs.last == .saveSettings(DumbbellsSettings(setCount: 1, unit: .pounds)))
    }

    @Test func settingsAreBroughtIntoRange() {
        var stored = Settings()
        try? stored.setValue(42, for: .dumbbellSetCount)
        try? stored.setValue([0, -5], for: .restPresets)
        try? stored.setValue("  ", for: .dumbbellExercise)
        let settings = DumbbellsSettings(stored)
        #expect(settings == DumbbellsSettings(setCount: 10))
        #expect(settings.restPresets == [30, 60, 90, 120])
        #expect(DumbbellsSettings(exercise: "  Goblet\n squat ").exercise == "Goblet squat")
    }
}

@Suite struct ScreenTests {
    @Test func tenSetsScrollToTheSelectionInASmallWindow() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 10), size: Size(width: 40, height: 12))
        harness.press(.end)
        let frame = harness.frame()
        #expect(frame[2].contains("▲ 6 more"), "the sets above are counted, not hidden")
        #expect(frame[3].hasPrefix("  7"))
        #expect(frame[6].hasPrefix(" 10          [   ]"))
    }

    @Test func aLargeWindowCentresTheTable() {
        let harness = Harness(history: bicepHistory, size: Size(width: 200, height: 60))
        let frame = harness.frame()
        #expect(frame[harness.headerRow].hasPrefix(String(repeating: " ", count: 66) + "Dumbbells · Bicep curl"))
        #expect(frame[harness.pillRow].contains("│ Enter kg and reps for set 1 │"))
        // The pill is next to the table, and the group is centred between the title and the help bar.
        #expect(harness.pillRow - harness.row(ofSet: 2) <= 4)
        #expect(harness.headerRow == 0, "the title keeps the first row")
        let above = harness.titlesRow - 2
        let below = 58 - (harness.pillRow + 1)
        #expect(abs(above - below) <= 1, "centred: \(above) rows above, \(below) below")
        #expect(frame[59].hasPrefix("Enter Start  Tab Next  ? Keys  q Back"))
    }

    @Test func colourFreeSelectionIsReversedAndBracketed() {
        var harness = Harness(usesColor: false)
        harness.type("12")
        let canvas = harness.canvas()
        let row = canvas.lines()[harness.row(ofSet: 0)]
        #expect(row.hasPrefix("      ▸ 1 [12    ]"))
        #expect(canvas[11, harness.row(ofSet: 0)].style.attributes.contains(.reverse))
        #expect(canvas[14, harness.row(ofSet: 0)].style.attributes.contains(.reverse))
        let cursor = canvas[13, harness.row(ofSet: 0)].style.attributes
        #expect(cursor.contains(.underline) && !cursor.contains(.reverse), "typing: the cursor after 12 is a gap")
        harness.press(.escape)
        #expect(harness.canvas()[13, harness.row(ofSet: 0)].style.attributes.contains(.reverse), "done typing")
        #expect(
            !canvas[19, harness.row(ofSet: 0)].style.attributes.contains(.reverse), "the reps field is not selected")
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width {
                let style = canvas[x, y].style
                #expect(style.foreground == .default && style.background == .default, "no colour at (\(x), \(y))")
            }
        }
    }

    @Test func everySizeDrawsWithoutTrouble() {
        for width in [1, 10, 39, 40, 41, 55, 69, 70, 80, 132, 250] {
            for height in [1, 5, 11, 12, 15, 16, 24, 60] {
                var harness = Harness(history: bicepHistory, size: Size(width: width, height: height))
                harness.doSet("12", "10")
                _ = harness.frame()
                harness.press(.character("2"))
                _ = harness.frame()
                harness.press(.character("x"), .character("y"))
                let summary = harness.frame()
                #expect(summary.count == height)
            }
        }
    }

    @Test func theKeysSheetListsEveryKeyAndEscClosesIt() {
        var harness = Harness(size: Size(width: 120, height: 50))
        harness.press(.character("?"))
        let text = harness.frame().joined(separator: "\n")
        for key in ["Tab", "Enter", "k ", "r ", "l ", "e ", "u ", "a ", "d ", "z ", "x ", "q  Esc", "0–9 ."] {
            #expect(text.contains(key), "\(key)")
        }
        harness.press(.character("w"))
        #expect(harness.workout.sheets.isShowingKeys, "a key the sheet does not declare does nothing")
        harness.press(.escape)
        #expect(!harness.workout.sheets.coversScreen)
    }

    @Test func theKeysSheetFollowsARestThatEndsUnderIt() {
        var harness = Harness(size: Size(width: 120, height: 60), autoRest: true)
        harness.doSet("12", "10")
        #expect(harness.workout.pill.kind == .countdown)
        harness.press(.character("?"))
        let resting = harness.frame().joined(separator: "\n")
        #expect(resting.contains("end the rest"))
        #expect(!resting.contains("start the set"))
        harness.run(for: .seconds(200))
        #expect(harness.workout.pill == .start, "the rest ran out under the keys sheet")
        #expect(harness.workout.sheets.isShowingKeys)
        let ready = harness.frame().joined(separator: "\n")
        #expect(!ready.contains("end the rest"), "the keys as they are now:\n\(ready)")
        #expect(ready.contains("start the set"))
    }

    @Test func theExercisePickerOpenedToAddAndCancelledLeavesTheNextChoiceAChange() {
        var harness = Harness()
        harness.press(.character("A"))
        guard case .exercise(_, let adding) = harness.workout.sheet else {
            Issue.record("A opens the picker")
            return
        }
        #expect(adding)
        harness.press(.escape)
        #expect(harness.workout.sheet == nil)
        harness.press(.character("e"))
        guard case .exercise(_, adding: false) = harness.workout.sheet else {
            Issue.record("e opens the picker to change the exercise")
            return
        }
        harness.type("Hammer curl")
        harness.press(.enter)
        #expect(harness.workout.exerciseNames == ["Hammer curl"], "changed, not added")
    }
}
