import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// A finished set's RPE (`E`, 6–10 in halves) and note (`n`): one key away in the table, on a
/// past workout's sets, shown in the table, the summary and the history sheet.
@Suite struct SetDetailTests {
    private func savedSets(_ outputs: [DumbbellsWorkout.Output]) -> [DumbbellSet] {
        outputs.compactMap { if case .save(.dumbbellSet(let set, _, _, _)) = $0 { set } else { nil } }
    }

    @Test func eRatesTheSetJustDoneWhileItsRestRunsAndTheTableShowsIt() throws {
        var harness = Harness()
        harness.doSet("20", "10")
        harness.press(.character("1"))
        #expect(harness.workout.restSecondsLeft(at: harness.now) != nil, "the rest counts down")
        harness.press(.character("E"))
        guard case .rpe(let picker, let target) = harness.workout.sheet else {
            Issue.record("no RPE picker")
            return
        }
        #expect(target == .row(0), "the set just done, though set 2 is selected")
        #expect(picker.prompt == "Set 1 · 20 kg × 10")
        let frame = harness.frame().joined(separator: "\n")
        #expect(frame.contains("No RPE"))
        #expect(frame.contains("1–2 reps left"), "8.5 says what it means: \(frame)")
        // Typing filters the list; Enter keeps the highlighted rating, saved at once.
        harness.type("8.5")
        let outputs = harness.press(.enter)
        #expect(savedSets(outputs).map(\.rpe) == [8.5])
        #expect(harness.workout.sheet == nil)
        #expect(harness.workout.rows[0].completed?.record.rpe == 8.5)
        #expect(harness.workout.notice?.text == "Set 1: RPE 8.5")
        #expect(harness.workout.restSecondsLeft(at: harness.now) != nil, "the rest goes on")
        let row = harness.frame()[harness.row(ofSet: 0)]
        #expect(row.contains("RPE 8.5"), "\(row)")
    }

    @Test func escChangesNothingAndNoRPETakesItAway() {
        var harness = Harness()
        harness.doSet("20", "10")
        harness.press(.character("E"))
        harness.type("9")
        harness.press(.enter)
        #expect(harness.workout.rows[0].completed?.record.rpe == 9)
        // The picker opens on the rating the set has; Esc keeps it.
        harness.press(.character("E"))
        #expect(
            { if case .rpe(let picker, _) = harness.workout.sheet { picker.highlightedValue == 9 } else { false } }())
        harness.press(.down)
        #expect(harness.press(.escape).isEmpty)
        #expect(harness.workout.rows[0].completed?.record.rpe == 9)
        // "No RPE" is the first row: ↑ to the top and Enter.
        harness.press(.character("E"), .pageUp)
        let outputs = harness.press(.enter)
        #expect(savedSets(outputs).map(\.rpe) == [nil])
        #expect(harness.workout.notice?.text == "Set 1: no RPE or note")
    }

    @Test func nWritesANoteUnderTheSpreadsheetRule() {
        var harness = Harness()
        harness.doSet("20", "10")
        harness.press(.character("n"))
        guard case .note = harness.workout.sheet else {
            Issue.record("no note field")
            return
        }
        harness.type("left elbow sore")
        var outputs = harness.press(.enter)
        #expect(savedSets(outputs).map(\.note) == ["left elbow sore"])
        #expect(harness.frame()[harness.row(ofSet: 0)].contains("left elbow sore"))
        // Opened again, the note is selected: the first key replaces it, Esc puts it back.
        harness.press(.character("n"))
        harness.type("x")
        #expect(harness.frame().joined().contains("Note: x"))
        #expect(harness.press(.escape).isEmpty)
        #expect(harness.workout.rows[0].completed?.record.note == "left elbow sore")
        // Backspace on the selection empties it; Enter on nothing takes the note away.
        harness.press(.character("n"), .backspace)
        outputs = harness.press(.enter)
        #expect(savedSets(outputs).map(\.note) == [nil])
        // A letter typed into the note is the note's, never a command of the table.
        harness.press(.character("n"))
        harness.type("dq")
        #expect(harness.workout.sheet != nil)
        harness.press(.enter)
        #expect(harness.workout.rows[0].completed?.record.note == "dq")
        #expect(harness.workout.rows.count == 3, "d deleted nothing")
    }

    @Test func theSelectedFinishedSetIsTheOneRated() {
        var harness = Harness()
        harness.doSet("20", "10")
        harness.press(.escape)
        harness.doSet("22.5", "8")
        harness.press(.escape, .up, .up)
        #expect(harness.workout.selection.row == 0)
        harness.press(.character("E"))
        harness.type("7")
        harness.press(.enter)
        #expect(harness.workout.rows.map { $0.completed?.record.rpe } == [7, nil, nil])
    }

    @Test func beforeAnySetIsFinishedItSaysWhy() {
        var harness = Harness()
        harness.press(.character("E"))
        #expect(harness.workout.sheet == nil)
        #expect(harness.workout.notice?.text == "Finish a set first: RPE and notes are a finished set's")
        harness.press(.character("n"))
        #expect(harness.workout.sheet == nil)
        #expect(harness.outputs.isEmpty)
    }

    @Test func theSummaryListsTypeRPEAndNote() {
        var harness = Harness()
        harness.doSet("10", "12")
        harness.press(.escape, .up, .character("w"))
        harness.press(.character("n"))
        harness.type("easy")
        harness.press(.enter)
        harness.press(.down)
        harness.doSet("20", "8")
        harness.press(.character("E"))
        harness.type("9")
        harness.press(.enter, .escape)
        harness.press(.character("x"), .character("y"))
        #expect(harness.workout.isShowingSummary)
        let frame = harness.frame().joined(separator: "\n")
        #expect(frame.contains("warm-up · easy"), "\(frame)")
        #expect(frame.contains("0:40  RPE 9"), "\(frame)")
        #expect(frame.contains("10 kg × 12      0:40  warm-up · easy"), "\(frame)")
        #expect(frame.contains("Total volume  160 kg"), "the warm-up counts for nothing: \(frame)")
    }

    @Test func aPastWorkoutsSetGetsItsRPEAndNoteOnTheHistorySheet() throws {
        var harness = Harness(history: ExerciseHistory(workouts: [typoWorkout]))
        harness.openPast()
        harness.press(.down)
        harness.press(.character("E"))
        harness.type("10")
        var outputs = harness.press(.enter)
        let corrected = try #require(harness.past(typoWorkout.id))
        #expect(
            outputs == [
                .save(
                    .dumbbellSet(
                        corrected.sets[1], workoutID: typoWorkout.id, exercise: corrected.exercise,
                        unit: corrected.unit))
            ])
        #expect(harness.past(typoWorkout.id)?.sets.map(\.rpe) == [nil, 10, nil])
        #expect(harness.pastSheet != nil, "back on the history sheet")
        harness.press(.character("n"))
        harness.type("typo: 13 reps")
        outputs = harness.press(.enter)
        #expect(savedSets(outputs).map(\.note) == ["typo: 13 reps"])
        #expect(savedSets(outputs).map(\.number) == [2])
        let frame = harness.frame().joined(separator: "\n")
        #expect(frame.contains("RPE 10 · typo: 13 reps"), "\(frame)")
        // While a correction is typed, E and n are refused digits, not commands.
        harness.press(.right)
        harness.type("1")
        harness.press(.character("n"))
        #expect(harness.pastSheet != nil)
    }

    @Test func ratingsAreSixToTenInHalvesAndSayWhatTheyMean() {
        #expect(SetDetails.ratings == [6, 6.5, 7, 7.5, 8, 8.5, 9, 9.5, 10])
        #expect(SetDetails.meaning(of: 10) == "no rep left")
        #expect(SetDetails.meaning(of: 9) == "1 rep left")
        #expect(SetDetails.meaning(of: 9.5) == "0–1 reps left")
        #expect(SetDetails.meaning(of: 6) == "4 reps left")
        let set = DumbbellSet(
            number: 1, weight: 10, reps: 5, startedAt: testDate, finishedAt: testDate, type: .drop, rpe: 7.5,
            note: "two\nlines")
        #expect(SetDetails.text(of: set) == "RPE 7.5 · two lines")
        #expect(SetDetails.text(of: set, withType: true) == "drop set · RPE 7.5 · two lines")
    }
}
