import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// The spreadsheet rule on the table and the history sheet (issue 29's Dumbbells findings): a
/// field moved onto is selected whole and the first character typed replaces it; Enter, Tab or
/// an arrow that leaves takes it; Esc puts back the value it had and saves nothing. Enter does
/// what the help bar says and skips a rest only when Skip is what it offers; `x` and Esc ask
/// before they lose anything.
@Suite struct EditingRuleTests {
    /// Set 1 finished at 20 kg × 10, the rest picker closed: the selection is on set 2's kg.
    static func setOneDone(history: ExerciseHistory = bicepHistory) -> Harness {
        var harness = Harness(history: history)
        harness.doSet("20", "10")
        harness.press(.escape)  // no rest
        return harness
    }

    /// The text of `row`'s `field` on screen, between its brackets when selected.
    static func shown(_ harness: Harness, row: Int, field: SetField) -> String {
        guard let frame = harness.workout.layout.frame(of: FieldPosition(row: row, field: field)) else { return "" }
        let line = Array(harness.frame()[frame.y])
        let cells = line.indices.contains(frame.x) ? line[frame.x..<min(line.count, frame.maxX)] : []
        return String(cells)
    }

    @Test func typingOverAFinishedSetsRepsReplacesThem() {
        var harness = Self.setOneDone()
        harness.press(.up, .tab)
        #expect(harness.workout.selection == FieldPosition(row: 0, field: .reps))
        #expect(!harness.workout.isTyping, "moving onto a field selects it")
        harness.type("12")
        #expect(harness.workout.rows[0].entry.reps == "12", "the first digit replaced 10")
        #expect(Self.shown(harness, row: 0, field: .reps) == "[12 ]")
        harness.press(.down)
        #expect(harness.savedSets.last?.reps == 12)
        #expect(harness.savedSets.last?.weight == 20)
        #expect(harness.workout.notice?.text == "Set 1 corrected: 20 kg × 12")
    }

    @Test func typingOverNumbersCopiedFromLastTimeReplacesThem() {
        var harness = Harness(history: bicepHistory)
        harness.press(.character("l"))
        #expect(harness.workout.rows[0].entry.reps == "10")
        harness.type("30")
        #expect(harness.workout.rows[0].entry.reps == "30")
        harness.press(.left)
        harness.type("27.5")
        harness.press(.tab, .backTab)
        #expect(harness.workout.rows[0].entry.weight == "27.5")
        harness.type("30")
        #expect(harness.workout.rows[0].entry.weight == "30", "not 27.50")
        harness.press(.enter)
        harness.wait(.seconds(20))
        harness.press(.enter)
        #expect(harness.savedSets.map(\.weight) == [30])
        #expect(harness.savedSets.map(\.reps) == [30])
    }

    @Test func theNumberPadReplacesASelectedValueToo() {
        var harness = Harness(history: bicepHistory)
        harness.press(.character("l"), .left)
        #expect(harness.workout.rows[0].entry.weight == "12")
        harness.press(.character("k"))
        harness.clickPill(.pad(.character("9")))
        #expect(harness.workout.rows[0].entry.weight == "9")
        harness.clickPill(.pad(.character("5")))
        #expect(harness.workout.rows[0].entry.weight == "95", "once typing, a digit goes after the text")
        harness.clickPill(.pad(.backspace))
        #expect(harness.workout.rows[0].entry.weight == "9")
    }

    @Test func backspaceOnASelectedValueEmptiesItAndArrowsInTheFieldEndTheSelection() {
        var harness = Harness(history: bicepHistory)
        harness.press(.character("l"), .left, .backspace)
        #expect(harness.workout.rows[0].entry.weight == "")
        harness.press(.escape)
        #expect(harness.workout.rows[0].entry.weight == "12", "Esc put it back")
        harness.press(.left)  // ← on the kg field: the selection ends, the cursor after "12"
        #expect(harness.workout.isTyping)
        harness.type("5")
        #expect(harness.workout.rows[0].entry.weight == "125")
    }

    @Test func escWhileTypingPutsTheValueBackAndSavesNothing() {
        var harness = Self.setOneDone()
        harness.press(.up, .tab)
        let before = harness.outputs.count
        harness.type("11")
        #expect(harness.frame().last?.hasPrefix("Enter Save  Esc Cancel") == true)
        harness.press(.escape)
        #expect(harness.workout.rows[0].entry.reps == "10")
        #expect(!harness.workout.isTyping)
        #expect(harness.workout.sheet == nil, "the first Esc only puts the value back")
        harness.press(.down, .down)
        #expect(harness.outputs.count == before, "nothing was saved")
        #expect(harness.workout.completedSets.first?.record.reps == 10)
        // On a set to do too: the kg typed over goes back to what it was.
        harness.press(.up)
        harness.type("22")
        harness.press(.escape)
        #expect(harness.workout.rows[1].entry.weight == "")
    }

    @Test func enterDuringARestSavesTheCorrectionAndTheRestGoesOn() {
        var harness = Harness(history: bicepHistory, autoRest: true)
        harness.doSet("20", "10")
        #expect(harness.workout.pill.kind == .countdown)
        harness.press(.up, .tab)
        harness.type("12")
        #expect(harness.frame().last?.hasPrefix("Enter Save") == true, "the bar says what Enter does")
        harness.press(.enter)
        #expect(harness.workout.pill.kind == .countdown, "the rest goes on")
        #expect(harness.savedSets.last?.reps == 12)
        // Typing a set to do during the rest: Enter keeps the number, the rest goes on.
        harness.press(.down, .left)
        harness.type("22")
        #expect(harness.frame().last?.hasPrefix("Enter Done typing") == true)
        harness.press(.enter)
        #expect(harness.workout.pill.kind == .countdown)
        #expect(harness.workout.rows[1].entry.weight == "22")
        // With nothing typed the bar offers Skip, and Enter skips.
        #expect(harness.frame().last?.hasPrefix("Enter Skip") == true)
        harness.press(.enter)
        #expect(harness.workout.pill.kind == .start)
    }

    @Test func escWithNothingTypedAsksWhenAnySetToDoHoldsNumbers() {
        var harness = Harness()
        #expect(harness.press(.escape) == [.effect(.quit)], "nothing to lose: it leaves")
        var typed = Harness()
        typed.fill(row: 2, weight: "14", reps: "8")
        typed.press(.tab, .escape)
        #expect(typed.workout.pendingQuestion?.hasSuffix("Set 3 as typed is not saved.") == true)
        typed.press(.character("n"))
        #expect(typed.workout.rows[2].entry.weight == "14")
    }

    @Test func xAsksBeforeItEndsTheWorkout() {
        var harness = Self.setOneDone()
        harness.press(.character("x"))
        #expect(!harness.workout.isShowingSummary)
        guard case .endWorkout(let question) = harness.workout.sheet else {
            Issue.record("no question: \(String(describing: harness.workout.sheet))")
            return
        }
        #expect(question.message == "End the workout? 2 sets are not done; the summary shows the 1 done.")
        harness.press(.character("n"))
        #expect(harness.workout.sheet == nil)
        #expect(!harness.outputs.contains { if case .save(.dumbbellFinish) = $0 { true } else { false } })
        harness.press(.character("x"), .enter)
        #expect(harness.workout.isShowingSummary)
        #expect(
            harness.outputs.contains { if case .save(.dumbbellFinish(_, .finished, _)) = $0 { true } else { false } })
    }

    @Test func aPasteGoesInWholeOrNotAtAll() {
        var harness = Harness(history: bicepHistory)
        harness.press(.character("l"), .left)
        harness.send(.paste("17.5"))
        #expect(harness.workout.rows[0].entry.weight == "17.5", "the paste replaced the selected 12")
        harness.press(.tab, .backTab)
        harness.send(.paste("1.2.3"))
        #expect(harness.workout.rows[0].entry.weight == "17.5", "nothing of a paste refused")
        #expect(harness.workout.notice?.text == "Only one decimal point · nothing was pasted")
    }

    // MARK: The history sheet

    @Test func theHistorySheetReplacesAndEscPutsBack() {
        var harness = Harness(history: ExerciseHistory(workouts: [typoWorkout]))
        harness.openPast()
        harness.press(.right)
        #expect(harness.pastSheet?.selection == FieldPosition(row: 0, field: .reps))
        harness.type("11")
        #expect(harness.pastSheet?.entries[0].reps == "11", "the first digit replaced 5")
        harness.press(.escape)
        #expect(harness.pastSheet?.entries[0].reps == "5")
        #expect(harness.pastSheet?.workoutID != nil, "the first Esc only puts the value back")
        #expect(harness.savedSets.isEmpty)
        #expect(harness.workout.notice == nil)
        // Typed again and taken with Tab: saved.
        harness.type("6")
        harness.press(.tab)
        #expect(harness.savedSets.map(\.reps) == [6])
        #expect(harness.pastSheet?.selection == FieldPosition(row: 1, field: .weight))
        harness.press(.escape)
        #expect(harness.pastSheet?.workoutID == nil, "Esc with nothing typed goes back to the list")
    }

    @Test func theHistorySheetsTypoIsFixedByTypingOverIt() {
        var harness = Harness(history: ExerciseHistory(workouts: [typoWorkout]))
        harness.openPast()
        harness.press(.down, .right)
        harness.type("13")
        harness.press(.enter)
        #expect(harness.savedSets.map(\.reps) == [13])
        #expect(harness.pastSheet?.entries[1].reps == "13")
    }
}
