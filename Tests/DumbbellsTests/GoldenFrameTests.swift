import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// Golden frames of each pill state, a morph half-way, and the summary, at 80×24 and 40×12.
/// `TERMFIT_GOLDEN_PRINT=1` prints every frame as a literal to paste after a deliberate change.
@Suite struct GoldenFrameTests {
    /// Set 1 done (12 kg × 10 in 0:42) with last workout's numbers beside each set; the rest
    /// picker is on offer.
    static func afterSet1(_ size: Size, reducesMotion: Bool = true) -> Harness {
        var harness = Harness(history: bicepHistory, reducesMotion: reducesMotion, size: size)
        harness.doSet("12", "10", seconds: 42)
        return harness
    }

    /// Set 2 filled in as 12 × 10 after a skipped rest: "Start set 2".
    static func readyForSet2(_ size: Size, reducesMotion: Bool = true) -> Harness {
        var harness = afterSet1(size, reducesMotion: reducesMotion)
        harness.press(.escape)
        harness.type("12")
        harness.press(.tab)
        harness.type("10")
        harness.press(.tab, .backTab)  // Tab keeps the number typed, Shift-Tab comes back
        harness.wait(.seconds(3))
        return harness
    }

    static func restCountdown(_ size: Size) -> Harness {
        var harness = afterSet1(size)
        harness.press(.character("2"))  // 60 s
        harness.wait(.seconds(12))
        return harness
    }

    static func keypad(_ size: Size) -> Harness {
        var harness = readyForSet2(size)
        harness.press(.character("k"))
        return harness
    }

    static func active(_ size: Size) -> Harness {
        var harness = readyForSet2(size)
        harness.press(.enter)
        harness.wait(.seconds(17))
        return harness
    }

    static func summary(_ size: Size) -> Harness {
        var harness = readyForSet2(size)
        harness.press(.enter)
        harness.wait(.seconds(40))
        harness.press(.enter)
        harness.press(.escape)
        harness.doSet("14", "8", seconds: 45)
        return harness
    }

    // MARK: Frames

    @Test func startSet2At80x24() {
        let size = Size(width: 80, height: 24)
        expectGolden(Self.readyForSet2(size).canvas(), "startSet2At80x24")
    }

    @Test func numberPadAt80x24() {
        let size = Size(width: 80, height: 24)
        expectGolden(Self.keypad(size).canvas(), "numberPadAt80x24")
    }

    @Test func setTimerRunningAt80x24() {
        let size = Size(width: 80, height: 24)
        expectGolden(Self.active(size).canvas(), "setTimerRunningAt80x24")
    }

    @Test func restPickerAt80x24() {
        let size = Size(width: 80, height: 24)
        expectGolden(Self.afterSet1(size).canvas(), "restPickerAt80x24")
    }

    /// Three exercises, the second on screen, its rest counting down by itself.
    static func threeExercises(_ size: Size) -> Harness {
        var harness = Harness(
            settings: DumbbellsSettings(setCount: 2, exercise: "Bench press"), size: size, autoRest: true)
        harness.doSet("20", "8")
        harness.press(.escape)
        for name in ["Bent-over row", "Shoulder press"] {
            harness.press(.character("A"))
            harness.type(name)
            harness.press(.enter)
        }
        harness.press(.character("["))
        harness.doSet("16", "10")
        harness.wait(.seconds(5))
        return harness
    }

    @Test func threeExercisesAt80x24() {
        expectGolden(Self.threeExercises(Size(width: 80, height: 24)).canvas(), "threeExercisesAt80x24")
    }

    /// The routines sheet with two routines, a name typed for saving.
    static func routines(_ size: Size) -> Harness {
        var harness = DumbbellsStates.all()[10].harness
        harness.send(.resize(size))
        return harness
    }

    /// The history sheet's list, and a past workout's sets being corrected.
    static func history(_ size: Size, sets: Bool) -> Harness {
        var harness = Harness(history: ExerciseHistory(workouts: [typoWorkout, poundsWorkout]), size: size)
        harness.press(.character("h"))
        if sets {
            // 130 selected, typed over with the 13 done.
            harness.press(.enter, .down, .right)
            harness.type("13")
        }
        return harness
    }

    @Test func historyAt80x24() {
        expectGolden(Self.history(Size(width: 80, height: 24), sets: false).canvas(), "historyAt80x24")
    }

    @Test func historyAt40x12() {
        expectGolden(Self.history(Size(width: 40, height: 12), sets: false).canvas(), "historyAt40x12")
    }

    @Test func pastSetsAt80x24() {
        expectGolden(Self.history(Size(width: 80, height: 24), sets: true).canvas(), "pastSetsAt80x24")
    }

    @Test func pastSetsAt40x12() {
        expectGolden(Self.history(Size(width: 40, height: 12), sets: true).canvas(), "pastSetsAt40x12")
    }

    @Test func routinesAt80x24() {
        expectGolden(Self.routines(Size(width: 80, height: 24)).canvas(), "routinesAt80x24")
    }

    @Test func routinesAt40x12() {
        expectGolden(Self.routines(Size(width: 40, height: 12)).canvas(), "routinesAt40x12")
    }

    @Test func threeExercisesAt40x12() {
        expectGolden(Self.threeExercises(Size(width: 40, height: 12)).canvas(), "threeExercisesAt40x12")
    }

    @Test func restCountingDownAt80x24() {
        let size = Size(width: 80, height: 24)
        expectGolden(Self.restCountdown(size).canvas(), "restCountingDownAt80x24")
    }

    @Test func morphFirstHalfAt80x24() {
        let size = Size(width: 80, height: 24)
        var harness = Self.readyForSet2(size, reducesMotion: false)
        harness.press(.enter)
        expectFrame(
            harness.frame(at: harness.now + .milliseconds(100)),
            [
                "      Dumbbells · Bicep curl                                 workout 0:45",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "      Set  kg       reps  time   last workout",
                "      ✓ 1  12       10    0:42   last: 12 kg × 10",
                "      ● 2  12      [10 ]         last: 12 kg × 10",
                "        3                        last: 14 kg × 8",
                "",
                "",
                "                             ╭───────────────────╮",
                "                             │   ▶ Start set 2   │",
                "                             ╰───────────────────╯",
                "",
                "",
                "",
                "",
                "",
                "",
                "Enter Finish  r Rest  ? Keys  q Back  Tab Next",
            ])
    }

    @Test func morphSecondHalfAt80x24() {
        let size = Size(width: 80, height: 24)
        var harness = Self.readyForSet2(size, reducesMotion: false)
        harness.press(.enter)
        expectFrame(
            harness.frame(at: harness.now + .milliseconds(150)),
            [
                "      Dumbbells · Bicep curl                                 workout 0:45",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "      Set  kg       reps  time   last workout",
                "      ✓ 1  12       10    0:42   last: 12 kg × 10",
                "      ● 2  12      [10 ]         last: 12 kg × 10",
                "        3                        last: 14 kg × 8",
                "",
                "",
                "                         ╭───────────────────────────╮",
                "                         │ t 2  0:00  [Finish]  [Res │",
                "                         ╰───────────────────────────╯",
                "",
                "",
                "",
                "",
                "",
                "",
                "Enter Finish  r Rest  ? Keys  q Back  Tab Next",
            ])
    }

    @Test func summarySheetAt80x24() {
        let size = Size(width: 80, height: 24)
        expectGolden(Self.summary(size).canvas(), "summarySheetAt80x24")
    }

    /// Typing set 2's reps, with "x" refused: the cursor in the field and the typing's own bar.
    static func typing(_ size: Size) -> Harness {
        var harness = afterSet1(size)
        harness.press(.escape)
        harness.type("12")
        harness.press(.tab)
        harness.type("1x")
        return harness
    }

    @Test func typingSet2RepsAt80x24() {
        expectGolden(Self.typing(Size(width: 80, height: 24)).canvas(), "typingSet2RepsAt80x24")
    }

    @Test func typingSet2RepsAt40x12() {
        expectGolden(Self.typing(Size(width: 40, height: 12)).canvas(), "typingSet2RepsAt40x12")
    }

    @Test func summaryOfThreeExercisesAt80x24() {
        let harness = WholeWorkoutTests.threeExercisesEnded(size: Size(width: 80, height: 24))
        expectGolden(harness.canvas(), "summaryOfThreeExercisesAt80x24")
    }

    @Test func summaryOfThreeExercisesAt40x12() {
        let harness = WholeWorkoutTests.threeExercisesEnded(size: Size(width: 40, height: 12))
        expectGolden(harness.canvas(), "summaryOfThreeExercisesAt40x12")
    }

    @Test func startSet2At40x12() {
        let size = Size(width: 40, height: 12)
        expectGolden(Self.readyForSet2(size).canvas(), "startSet2At40x12")
    }

    @Test func numberPadAt40x12() {
        let size = Size(width: 40, height: 12)
        expectGolden(Self.keypad(size).canvas(), "numberPadAt40x12")
    }

    @Test func setTimerRunningAt40x12() {
        let size = Size(width: 40, height: 12)
        expectGolden(Self.active(size).canvas(), "setTimerRunningAt40x12")
    }

    @Test func restPickerAt40x12() {
        let size = Size(width: 40, height: 12)
        expectGolden(Self.afterSet1(size).canvas(), "restPickerAt40x12")
    }

    @Test func restCountingDownAt40x12() {
        let size = Size(width: 40, height: 12)
        expectGolden(Self.restCountdown(size).canvas(), "restCountingDownAt40x12")
    }

    @Test func morphFirstHalfAt40x12() {
        let size = Size(width: 40, height: 12)
        var harness = Self.readyForSet2(size, reducesMotion: false)
        harness.press(.enter)
        expectFrame(
            harness.frame(at: harness.now + .milliseconds(100)),
            [
                "Dumbbells · Bicep curl              0:45",
                "",
                "Set  kg       reps  time   last workout",
                "✓ 1  12       10    0:42   12 kg × 10",
                "● 2  12      [10 ]         12 kg × 10",
                "  3                        14 kg × 8",
                "",
                "         ╭───────────────────╮",
                "         │   ▶ Start set 2   │",
                "         ╰───────────────────╯",
                "",
                "Enter Finish  r Rest  ? Keys  q Back",
            ])
    }

    @Test func morphSecondHalfAt40x12() {
        let size = Size(width: 40, height: 12)
        var harness = Self.readyForSet2(size, reducesMotion: false)
        harness.press(.enter)
        expectFrame(
            harness.frame(at: harness.now + .milliseconds(150)),
            [
                "Dumbbells · Bicep curl              0:45",
                "",
                "Set  kg       reps  time   last workout",
                "✓ 1  12       10    0:42   12 kg × 10",
                "● 2  12      [10 ]         12 kg × 10",
                "  3                        14 kg × 8",
                "",
                "     ╭───────────────────────────╮",
                "     │ t 2  0:00  [Finish]  [Res │",
                "     ╰───────────────────────────╯",
                "",
                "Enter Finish  r Rest  ? Keys  q Back",
            ])
    }

    @Test func summarySheetAt40x12() {
        let size = Size(width: 40, height: 12)
        expectGolden(Self.summary(size).canvas(), "summarySheetAt40x12")
    }

    // MARK: Looks beyond the text

    @Test func theSelectionAndTheDefaultButtonAreReversed() {
        let size = Size(width: 80, height: 24)
        let ready = Self.readyForSet2(size)
        let start = ready.canvas()
        let set2 = ready.row(ofSet: 1)
        #expect(start[20, set2].style.attributes.contains(.reverse), "the selected reps field")
        #expect(!start[13, set2].style.attributes.contains(.reverse), "the kg field is not selected")
        #expect(start[33, ready.pillRow].style.attributes.contains(.reverse), "Start fills the pill")
        let running = Self.active(size)
        let active = running.canvas()
        let pill = running.pillRow
        let finish = active.lines()[pill].distance(of: "Finish")
        #expect(active[finish, pill].style.attributes.contains(.reverse), "Enter presses Finish")
        #expect(!active[finish + 10, pill].style.attributes.contains(.reverse), "Rest is not the default")
    }

    /// Set 2 running with set 1 saved, and q pressed: the question over the dimmed table.
    static func leaveQuestion(_ size: Size) -> Harness {
        var harness = readyForSet2(size)
        harness.press(.enter)
        harness.wait(.seconds(7))
        harness.press(.character("q"))
        return harness
    }

    @Test func leaveQuestionAt80x24() {
        expectGolden(Self.leaveQuestion(Size(width: 80, height: 24)).canvas(), "leaveQuestionAt80x24")
    }

    @Test func leaveQuestionAt40x12() {
        // The sheet fits inside 40×12 and leaves the help bar its last row.
        expectGolden(Self.leaveQuestion(Size(width: 40, height: 12)).canvas(), "leaveQuestionAt40x12")
    }
}

extension String {
    /// The column where `text` starts in this (one-cell-per-character) row, or 0.
    fileprivate func distance(of text: String) -> Int {
        guard let range = range(of: text) else { return 0 }
        return self.distance(from: startIndex, to: range.lowerBound)
    }
}
