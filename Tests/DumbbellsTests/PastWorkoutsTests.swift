import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// A past workout of bicep curls, `days` before `testDate`, of these sets (weight, reps).
func pastCurls(
    _ days: Int, _ sets: [(Double, Int)], unit: WeightUnit = .kilograms,
    id: String = "CCCCCCCC-0000-0000-0000-000000000001"
) -> DumbbellWorkout {
    let start = testDate.addingTimeInterval(-86_400 * Double(days))
    return DumbbellWorkout(
        id: UUID(uuidString: id) ?? UUID(), exercise: "Bicep curl", unit: unit, startedAt: start,
        finishedAt: start.addingTimeInterval(900), status: .finished,
        sets: sets.enumerated().map { index, set in
            DumbbellSet(
                number: index + 1, weight: set.0, reps: set.1, startedAt: start.addingTimeInterval(Double(index) * 120),
                finishedAt: start.addingTimeInterval(Double(index) * 120 + 40))
        })
}

/// A workout a week ago with a typo: 130 reps where 13 were done.
let typoWorkout = pastCurls(7, [(30, 5), (22.5, 130), (20, 10)])
/// An older workout, in pounds.
let poundsWorkout = pastCurls(14, [(25, 10), (25, 8)], unit: .pounds, id: "CCCCCCCC-0000-0000-0000-000000000002")

extension WorkoutDriver where Model == DumbbellsWorkout {
    /// Opens the history sheet and the sets of its `index`-th workout (newest first).
    mutating func openPast(_ index: Int = 0) {
        press(.character("h"))
        for _ in 0..<index { press(.down) }
        press(.enter)
    }

    /// The history sheet, when it is on top.
    var pastSheet: PastWorkoutsSheet? {
        if case .pastWorkouts(let sheet) = workout.sheet { return sheet }
        return nil
    }

    /// The past workout of this identifier as the workout now knows it.
    func past(_ id: UUID) -> DumbbellWorkout? { workout.history.workouts.first { $0.id == id } }
}

/// The history sheet (`h`): sets of ended workouts corrected and deleted, records recomputed.
@Suite struct PastWorkoutsTests {
    private var day: String { PastWorkoutsSheet.day(typoWorkout.startedAt) }

    @Test func theListShowsThePastWorkoutsNewestFirstInTheMembersUnit() {
        var harness = Harness(history: ExerciseHistory(workouts: [poundsWorkout, typoWorkout]))
        harness.press(.character("h"))
        #expect(harness.workout.pastWorkouts.map(\.id) == [typoWorkout.id, poundsWorkout.id])
        let frame = harness.frame().joined(separator: "\n")
        #expect(frame.contains("▸ \(day)  3 sets  30 × 5, 22.5 × 130, 20 × 10 kg"))
        // 25 lb is 11.34 kg: shown to the kilogram step, stored as it was.
        let older = PastWorkoutsSheet.day(poundsWorkout.startedAt)
        #expect(frame.contains("  \(older)  2 sets  11.25 × 10, 11.25 × 8 kg"))
        harness.press(.escape)
        #expect(harness.workout.sheet == nil, "Esc closes the list")
    }

    @Test func correcting130RepsTo13RemovesTheFalseRecordAndTheSetOnScreenBecomesOne() throws {
        var harness = Harness(history: ExerciseHistory(workouts: [typoWorkout]))
        // 25 × 12 today: 300 kg of volume, short of the false 2925, and an estimate of 35 kg,
        // the same as 30 × 5's: no record.
        harness.doSet("25", "12")
        harness.press(.escape)
        #expect(harness.workout.rows[0].completed?.beaten == [])
        #expect(harness.workout.history.best?.volume == 22.5 * 130)

        harness.openPast()
        harness.press(.down, .right, .backspace, .backspace, .backspace)
        harness.type("13")
        harness.press(.enter)
        let corrected = try #require(harness.past(typoWorkout.id))
        #expect(corrected.sets.map(\.reps) == [5, 13, 10])
        #expect(corrected.sets[1].weight == 22.5)
        var expected = typoWorkout.sets[1]
        expected.reps = 13
        #expect(
            harness.outputs.last
                == .save(
                    .dumbbellSet(
                        expected, workoutID: typoWorkout.id, exercise: typoWorkout.exercise, unit: typoWorkout.unit)))
        // The record is now the set on screen, and the last numbers follow.
        #expect(harness.workout.rows[0].completed?.beaten == [.volume])
        #expect(harness.workout.history.best?.volume == 300)
        #expect(harness.workout.history.lastSets[2]?.set.reps == 13)
        let volume: Double = 150 + 292.5 + 200
        #expect(harness.workout.history.sessions.map(\.volume) == [volume])
        let notice = try #require(harness.workout.notice?.text)
        #expect(
            notice.hasPrefix("Set 2 of \(day) corrected: 22.5 kg × 13 · records now: best set volume 300 kg"),
            "\(notice)")
        // Going back to the table, the star shows.
        harness.press(.escape, .escape)
        let row: String = harness.frame()[harness.row(ofSet: 0)]
        #expect(row.contains("✓ 1  25       12"), "\(row)")
        #expect(row.contains("★"), "\(row)")
    }

    @Test func aCorrectionIsSavedWhenTheSelectionLeavesTheSet() throws {
        var harness = Harness(history: ExerciseHistory(workouts: [typoWorkout]))
        harness.openPast()
        harness.press(.right, .backspace)
        harness.type("6")
        #expect(harness.past(typoWorkout.id)?.sets[0].reps == 5, "not yet saved while typing")
        harness.press(.down)
        #expect(harness.past(typoWorkout.id)?.sets[0].reps == 6)
        #expect(harness.workout.notice?.text.hasPrefix("Set 1 of \(day) corrected: 30 kg × 6") == true)
    }

    @Test func aPoundsWorkoutStaysStoredInPoundsExactly() throws {
        var harness = Harness(history: ExerciseHistory(workouts: [poundsWorkout]))
        harness.openPast()
        #expect(harness.pastSheet?.entries.first?.weight == "11.25")
        harness.press(.right, .backspace, .backspace)
        harness.type("12")
        harness.press(.enter)
        let saved = try #require(harness.past(poundsWorkout.id))
        #expect(saved.unit == .pounds)
        #expect(saved.sets[0].weight == 25, "the weight not retyped keeps its exact pounds")
        #expect(saved.sets[0].reps == 12)
        // A weight typed in kilograms is converted into the workout's pounds, to the hundredth
        // (22.046 lb), which shows as the 10 kg typed.
        harness.press(.left, .delete)
        harness.type("10")
        harness.press(.enter)
        let converted = try #require(harness.past(poundsWorkout.id)?.sets[0])
        #expect(converted.weightHundredths == 2205)
        #expect(converted.exactWeight(in: .pounds).text(in: .kilograms) == "10")
    }

    @Test func deletingAMiddleSetAsksThenRenumbersAsTheTableDoes() throws {
        var harness = Harness(history: ExerciseHistory(workouts: [typoWorkout]))
        harness.openPast()
        harness.press(.down, .character("d"))
        guard case .deletePastSet(let question, _, let number) = harness.workout.sheet else {
            Issue.record("the question is asked")
            return
        }
        #expect(number == 2)
        #expect(question.message.contains("Delete set 2 of \(day) (22.5 kg × 130)?"))
        harness.press(.character("n"))
        #expect(harness.past(typoWorkout.id)?.sets.count == 3, "Keep keeps it")
        let before = harness.outputs.count
        harness.press(.character("d"), .character("y"))
        var renumbered = typoWorkout.sets[2]
        renumbered.number = 2
        #expect(
            Array(harness.outputs[before...]) == [
                .save(
                    .dumbbellSet(
                        renumbered, workoutID: typoWorkout.id, exercise: typoWorkout.exercise, unit: typoWorkout.unit)),
                .save(.dumbbellSetDeletion(number: 3, workoutID: typoWorkout.id)),
            ])
        let left = try #require(harness.past(typoWorkout.id))
        #expect(left.sets.map(\.number) == [1, 2])
        #expect(left.sets.map(\.reps) == [5, 10])
        #expect(harness.workout.history.best?.volume == 200, "the false record went with the set")
        #expect(
            harness.workout.notice?.text.hasPrefix("Set 2 of \(day) deleted (22.5 kg × 130) · records now") == true)
        #expect(harness.pastSheet?.entries.map(\.reps) == ["5", "10"], "the workout's sets show again")
    }

    @Test func dWhileACorrectionIsTypedIsTypedNotADeletion() throws {
        var harness = Harness(history: ExerciseHistory(workouts: [typoWorkout]))
        harness.openPast()
        harness.press(.down, .right)
        harness.type("13")
        harness.press(.character("d"))
        #expect(harness.pastSheet != nil, "no delete question while typing")
        #expect(harness.workout.notice?.text == "“d” is no digit · Enter saves, then d deletes")
        #expect(harness.pastSheet?.entries[1].reps == "13", "the text stays")
        harness.press(.enter)
        #expect(harness.past(typoWorkout.id)?.sets[1].reps == 13)
        harness.press(.character("d"))
        guard case .deletePastSet = harness.workout.sheet else {
            Issue.record("once saved, d asks to delete")
            return
        }
    }

    @Test func deletingAWorkoutsOnlySetTakesItOutOfTheHistory() {
        let single = pastCurls(3, [(12, 10)], id: "CCCCCCCC-0000-0000-0000-000000000003")
        var harness = Harness(history: ExerciseHistory(workouts: [single, typoWorkout]))
        harness.openPast()
        harness.press(.character("d"), .enter)
        #expect(harness.outputs.last == .save(.dumbbellSetDeletion(number: 1, workoutID: single.id)))
        #expect(harness.workout.pastWorkouts.map(\.id) == [typoWorkout.id])
        #expect(harness.workout.history.lastWorkout?.id == typoWorkout.id)
        #expect(harness.workout.notice?.text.contains("the workout has no sets left") == true)
        #expect(harness.pastSheet != nil, "the history stays open")
        #expect(harness.pastSheet?.workoutID == nil, "back to the list")
    }

    @Test func refusedInputKeepsTheTextWithTheTablesReasons() throws {
        var harness = Harness(history: ExerciseHistory(workouts: [typoWorkout]))
        harness.openPast()
        func weight() -> String { harness.pastSheet?.entries.first?.weight ?? "" }
        harness.press(.delete)
        harness.type("1.2")
        harness.type(".")
        #expect(weight() == "1.2")
        #expect(harness.workout.notice?.text == InputProblem.secondDecimalPoint.message(unit: .kilograms))
        harness.type("3")
        #expect(weight() == "1.2", "1.2.3 is refused key by key, the text kept")
        #expect(harness.workout.notice?.text == InputProblem.notAStep.message(unit: .kilograms))
        harness.press(.enter)
        let step = EntryProblem.notAStep.message(setNumber: 1, unit: .kilograms)
        #expect(harness.workout.notice?.text == "Set 1 of \(day) keeps its saved numbers: \(step)")
        #expect(weight() == "30")
        harness.press(.delete)
        harness.type("1000")
        #expect(weight() == "100")
        #expect(harness.workout.notice?.text == InputProblem.tooHeavy.message(unit: .kilograms))
        harness.type("x")
        #expect(harness.workout.notice?.text == InputProblem.notADigit.message(unit: .kilograms))
        // "22." is not a weight: the set keeps its saved numbers and says why.
        harness.press(.delete)
        harness.type("22.")
        let before = harness.outputs.count
        harness.press(.enter)
        #expect(harness.outputs.count == before, "nothing saved")
        #expect(weight() == "30")
        let reason = EntryProblem.unfinishedDecimal.message(setNumber: 1, unit: .kilograms)
        #expect(harness.workout.notice == .init("Set 1 of \(day) keeps its saved numbers: \(reason)", kind: .refused))
    }

    @Test func aPasteGoesInWholeOrNotAtAll() {
        var harness = Harness(history: ExerciseHistory(workouts: [typoWorkout]))
        harness.openPast()
        harness.send(.paste("27.5x9"))
        #expect(harness.pastSheet?.entries.first?.weight == "30", "nothing of a paste refused")
        #expect(
            harness.workout.notice?.text == InputProblem.notADigit.message(unit: .kilograms) + " · nothing was pasted")
        harness.send(.paste("27.5"))
        #expect(harness.pastSheet?.entries.first?.weight == "27.5", "a paste replaces the selected value")
        harness.press(.enter)
        #expect(harness.past(typoWorkout.id)?.sets.first?.weight == 27.5)
    }

    @Test func aLongHistoryScrollsToTheHighlightAndStaysPutGoingBack() throws {
        let many = (1...12).map { pastCurls($0, [(10, 10)], id: "CCCCCCCC-0000-0000-0000-0000000001\($0 + 10)") }
        var harness = Harness(history: ExerciseHistory(workouts: many), size: Size(width: 40, height: 12))
        harness.press(.character("h"))
        for _ in 0..<11 { harness.press(.down) }
        let bottom = try #require(harness.pastSheet)
        #expect(harness.workout.pastLayout(bottom).rows.map(\.index).last == 11)
        #expect(harness.frame().contains { $0.contains("▲") && $0.contains("more") })
        harness.press(.up)
        let back = try #require(harness.pastSheet)
        #expect(
            harness.workout.pastLayout(back).rows.map(\.index).first
                == harness.workout.pastLayout(bottom).rows.map(\.index).first, "no jump to the top")
    }

    @Test func theWorkoutInProgressIsNotInThePast() {
        var harness = Harness(history: ExerciseHistory(workouts: [typoWorkout]))
        harness.doSet("20", "10")
        harness.press(.escape)
        let id = harness.workout.workoutID
        #expect(harness.workout.pastWorkouts.map(\.id) == [typoWorkout.id])
        // A history read while it is saved leaves it out, by its identifier.
        let saved = DumbbellWorkout(
            id: id ?? UUID(), exercise: "Bicep curl", unit: .kilograms, startedAt: testDate,
            sets: harness.workout.completedSets.map(\.record))
        harness.workout.receive(.success(ExerciseHistory(workouts: [saved, typoWorkout])), for: "Bicep curl")
        #expect(harness.workout.history.workouts.map(\.id) == [typoWorkout.id])
        #expect(harness.workout.history.lastWorkout?.id == typoWorkout.id)
        // Once it has ended and a new one begins, it is a past workout to correct.
        harness.press(.character("x"), .enter, .enter)
        #expect(harness.workout.pastWorkouts.first?.id == id)
    }

    @Test func clicksAndTheWheelWorkLikeTheOtherSheets() throws {
        var harness = Harness(history: ExerciseHistory(workouts: [poundsWorkout, typoWorkout]))
        harness.press(.character("h"))
        harness.mouse(.scrollDown, Point(x: 40, y: 10))
        #expect(harness.pastSheet?.highlighted == 1)
        harness.mouse(.scrollUp, Point(x: 40, y: 10))
        let sheet = try #require(harness.pastSheet)
        let layout = harness.workout.pastLayout(sheet)
        harness.click(layout.rows[1].rect)
        let opened = try #require(harness.pastSheet)
        #expect(opened.workoutID == poundsWorkout.id)
        let sets = harness.workout.pastLayout(opened)
        harness.click(PastWorkoutsLayout.frame(of: .reps, in: sets.rows[1].rect))
        let selected = try #require(harness.pastSheet)
        #expect(selected.selection == FieldPosition(row: 1, field: .reps))
        harness.click(Point(x: 0, y: 0))
        harness.click(Point(x: 0, y: 0))
        #expect(harness.workout.sheet == nil, "a click outside goes back, then closes")
    }

    @Test func theProgressSheetFollowsACorrection() {
        var harness = Harness(history: ExerciseHistory(workouts: [typoWorkout]))
        harness.openPast()
        harness.press(.down, .right)
        harness.type("13")
        harness.press(.enter, .escape, .escape, .character("p"))
        #expect(harness.frame().contains { $0.contains("Most volume  643 kg") }, "150 + 292.5 + 200, not 3275")
    }
}
