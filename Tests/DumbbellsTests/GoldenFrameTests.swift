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
        expectFrame(
            Self.readyForSet2(size).frame(),
            [
                "        Dumbbells · Bicep curl                              workout 0:45",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "        Set  kg    reps  time   last workout",
                "        ✓ 1  12    10    0:42   last: 12 kg × 10",
                "        ▸ 2  12   [10 ]         last: 12 kg × 10",
                "          3                     last: 14 kg × 8",
                "",
                "",
                "                               ╭───────────────╮",
                "                               │ ▶ Start set 2 │",
                "                               ╰───────────────╯",
                "",
                "",
                "",
                "",
                "",
                "",
                "Enter Start  Tab Next  ? Keys  q Back  k Pad  r Rest  l Last  +- Sets  x End",
            ])
    }

    @Test func numberPadAt80x24() {
        let size = Size(width: 80, height: 24)
        expectFrame(
            Self.keypad(size).frame(),
            [
                "        Dumbbells · Bicep curl                              workout 0:45",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "        Set  kg    reps  time   last workout",
                "        ✓ 1  12    10    0:42   last: 12 kg × 10",
                "        ▸ 2  12   [10 ]         last: 12 kg × 10",
                "          3                     last: 14 kg × 8",
                "",
                "",
                "       ╭───────────────────────────────────────────────────────────────╮",
                "       │ [1] [2] [3] [4] [5] [6] [7] [8] [9] [0] [.] [⌫] [Next] [Done] │",
                "       ╰───────────────────────────────────────────────────────────────╯",
                "",
                "",
                "",
                "",
                "",
                "",
                "Enter Next  Esc Done  ? Keys  q Back  s Start",
            ])
    }

    @Test func setTimerRunningAt80x24() {
        let size = Size(width: 80, height: 24)
        expectFrame(
            Self.active(size).frame(),
            [
                "        Dumbbells · Bicep curl                              workout 1:02",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "        Set  kg    reps  time   last workout",
                "        ✓ 1  12    10    0:42   last: 12 kg × 10",
                "        ● 2  12   [10 ]         last: 12 kg × 10",
                "          3                     last: 14 kg × 8",
                "",
                "",
                "                       ╭───────────────────────────────╮",
                "                       │ Set 2  0:17  [Finish]  [Rest] │",
                "                       ╰───────────────────────────────╯",
                "",
                "",
                "",
                "",
                "",
                "",
                "Enter Finish  r Rest  ? Keys  q Back  Tab Next",
            ])
    }

    @Test func restPickerAt80x24() {
        let size = Size(width: 80, height: 24)
        expectFrame(
            Self.afterSet1(size).frame(),
            [
                "        Dumbbells · Bicep curl                              workout 0:42",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "        Set  kg    reps  time   last workout",
                "        ✓ 1  12    10    0:42   last: 12 kg × 10",
                "        ▸ 2 [   ]               last: 12 kg × 10",
                "          3                     last: 14 kg × 8",
                "",
                "",
                "              ╭──────────────────────────────────────────────────╮",
                "              │ Rest  [30 s]  [60 s]  [90 s]  [120 s]  [No rest] │",
                "              ╰──────────────────────────────────────────────────╯",
                "",
                "",
                "",
                "",
                "",
                "",
                "←→ Choose  Enter Rest  Esc No rest  q Back",
            ])
    }

    @Test func restCountingDownAt80x24() {
        let size = Size(width: 80, height: 24)
        expectFrame(
            Self.restCountdown(size).frame(),
            [
                "        Dumbbells · Bicep curl                              workout 0:54",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "        Set  kg    reps  time   last workout",
                "        ✓ 1  12    10    0:42   last: 12 kg × 10",
                "        ▸ 2 [   ]               last: 12 kg × 10",
                "          3                     last: 14 kg × 8",
                "",
                "",
                "                  ╭──────────────────────────────────────────╮",
                "                  │ Rest  0:48  ████████████████      [Skip] │",
                "                  ╰──────────────────────────────────────────╯",
                "",
                "",
                "",
                "",
                "",
                "",
                "Enter Skip  Tab Next  ? Keys  q Back",
            ])
    }

    @Test func morphFirstHalfAt80x24() {
        let size = Size(width: 80, height: 24)
        var harness = Self.readyForSet2(size, reducesMotion: false)
        harness.press(.enter)
        expectFrame(
            harness.frame(at: harness.now + .milliseconds(100)),
            [
                "        Dumbbells · Bicep curl                              workout 0:45",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "        Set  kg    reps  time   last workout",
                "        ✓ 1  12    10    0:42   last: 12 kg × 10",
                "        ● 2  12   [10 ]         last: 12 kg × 10",
                "          3                     last: 14 kg × 8",
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
                "        Dumbbells · Bicep curl                              workout 0:45",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "        Set  kg    reps  time   last workout",
                "        ✓ 1  12    10    0:42   last: 12 kg × 10",
                "        ● 2  12   [10 ]         last: 12 kg × 10",
                "          3                     last: 14 kg × 8",
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
        expectFrame(
            Self.summary(size).frame(),
            [
                "        Dumbbells · Bicep curl                              workout 2:10",
                "",
                "",
                "",
                "",
                "",
                "               ╭ Workout done ──────────────────────────────────╮",
                "               │ Bicep curl · 3 sets                            │",
                "        Set  kg│  1  12 kg × 10      0:42                       │",
                "        ✓ 1  12│  2  12 kg × 10      0:40                       │",
                "        ✓ 2  12│  3  14 kg × 8       0:45                       │",
                "        ✓ 3  14│                                                │",
                "               │ Total volume  352 kg                           │",
                "               │ Total time    2:10                             │",
                "               │                                                │",
                "               │             [ Restart ]  [ Back ]              │",
                "               ╰────────────────────────────────────────────────╯",
                "",
                "",
                "",
                "",
                "",
                "",
                "Enter Restart  q Back",
            ])
    }

    @Test func startSet2At40x12() {
        let size = Size(width: 40, height: 12)
        expectFrame(
            Self.readyForSet2(size).frame(),
            [
                "Dumbbells · Bicep curl              0:45",
                "",
                "Set  kg    reps  time   last workout",
                "✓ 1  12    10    0:42   last: 12 kg × 10",
                "▸ 2  12   [10 ]         last: 12 kg × 10",
                "  3                     last: 14 kg × 8",
                "",
                "           ╭───────────────╮",
                "           │ ▶ Start set 2 │",
                "           ╰───────────────╯",
                "",
                "Enter Start  Tab Next  ? Keys  q Back",
            ])
    }

    @Test func numberPadAt40x12() {
        let size = Size(width: 40, height: 12)
        expectFrame(
            Self.keypad(size).frame(),
            [
                "Dumbbells · Bicep curl              0:45",
                "",
                "Set  kg    reps  time   last workout",
                "✓ 1  12    10    0:42   last: 12 kg × 10",
                "▸ 2  12   [10 ]         last: 12 kg × 10",
                "  3                     last: 14 kg × 8",
                "",
                " ╭───────────────────────────────────╮",
                " │ 1 2 3 4 5 6 7 8 9 0 . ⌫ Next Done │",
                " ╰───────────────────────────────────╯",
                "",
                "Enter Next  Esc Done  ? Keys  q Back",
            ])
    }

    @Test func setTimerRunningAt40x12() {
        let size = Size(width: 40, height: 12)
        expectFrame(
            Self.active(size).frame(),
            [
                "Dumbbells · Bicep curl              1:02",
                "",
                "Set  kg    reps  time   last workout",
                "✓ 1  12    10    0:42   last: 12 kg × 10",
                "● 2  12   [10 ]         last: 12 kg × 10",
                "  3                     last: 14 kg × 8",
                "",
                "   ╭───────────────────────────────╮",
                "   │ Set 2  0:17  [Finish]  [Rest] │",
                "   ╰───────────────────────────────╯",
                "",
                "Enter Finish  r Rest  ? Keys  q Back",
            ])
    }

    @Test func restPickerAt40x12() {
        let size = Size(width: 40, height: 12)
        expectFrame(
            Self.afterSet1(size).frame(),
            [
                "Dumbbells · Bicep curl              0:42",
                "",
                "Set  kg    reps  time   last workout",
                "✓ 1  12    10    0:42   last: 12 kg × 10",
                "▸ 2 [   ]               last: 12 kg × 10",
                "  3                     last: 14 kg × 8",
                "",
                " ╭────────────────────────────────────╮",
                " │ [30s] [60s] [90s] [120s] [No rest] │",
                " ╰────────────────────────────────────╯",
                "",
                "←→ Choose  Enter Rest  Esc No rest",
            ])
    }

    @Test func restCountingDownAt40x12() {
        let size = Size(width: 40, height: 12)
        expectFrame(
            Self.restCountdown(size).frame(),
            [
                "Dumbbells · Bicep curl              0:54",
                "",
                "Set  kg    reps  time   last workout",
                "✓ 1  12    10    0:42   last: 12 kg × 10",
                "▸ 2 [   ]               last: 12 kg × 10",
                "  3                     last: 14 kg × 8",
                "",
                "   ╭───────────────────────────────╮",
                "   │ Rest 0:48 █████████▌   [Skip] │",
                "   ╰───────────────────────────────╯",
                "",
                "Enter Skip  Tab Next  ? Keys  q Back",
            ])
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
                "Set  kg    reps  time   last workout",
                "✓ 1  12    10    0:42   last: 12 kg × 10",
                "● 2  12   [10 ]         last: 12 kg × 10",
                "  3                     last: 14 kg × 8",
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
                "Set  kg    reps  time   last workout",
                "✓ 1  12    10    0:42   last: 12 kg × 10",
                "● 2  12   [10 ]         last: 12 kg × 10",
                "  3                     last: 14 kg × 8",
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
        expectFrame(
            Self.summary(size).frame(),
            [
                "D╭ Workout done ──────────────────────╮0",
                " │ Bicep curl · 3 sets                │",
                "S│  1  12 kg × 10      0:42           │",
                "✓│  2  12 kg × 10      0:40           │0",
                "✓│  3  14 kg × 8       0:45           │0",
                "✓│                                    │",
                " │ Total volume  352 kg               │",
                " │ Total time    2:10                 │",
                " │                                    │",
                " │       [ Restart ]  [ Back ]        │",
                " ╰────────────────────────────────────╯",
                "Enter Restart  q Back",
            ])
    }

    // MARK: Looks beyond the text

    @Test func theSelectionAndTheDefaultButtonAreReversed() {
        let size = Size(width: 80, height: 24)
        let ready = Self.readyForSet2(size)
        let start = ready.canvas()
        let set2 = ready.row(ofSet: 1)
        #expect(start[19, set2].style.attributes.contains(.reverse), "the selected reps field")
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
        expectFrame(
            Self.leaveQuestion(Size(width: 80, height: 24)).frame(),
            [
                "        Dumbbells · Bicep curl                              workout 0:52",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "        Set  kg    reps  time   last workout",
                "        ✓ 1  1╭ Leave? ──────────────────────────────────────────╮",
                "        ● 2  1│  Set 2 in progress is not saved. The workout is  │",
                "          3   │      saved as abandoned (1 of 3 sets done).      │",
                "              │                                                  │",
                "              │               [ Leave ]  [ Stay ]                │",
                "              ╰──────────────────────────────────────────────────╯",
                "                       │ Set 2  0:07  [Finish]  [Rest] │",
                "                       ╰───────────────────────────────╯",
                "",
                "",
                "",
                "",
                "",
                "",
                "y Leave  n Stay",
            ])
    }

    @Test func leaveQuestionAt40x12() {
        // The sheet fits inside 40×12 and leaves the help bar its last row.
        expectFrame(
            Self.leaveQuestion(Size(width: 40, height: 12)).frame(),
            [
                "Dumbbells · Bicep curl              0:52",
                "",
                "S╭ Leave? ────────────────────────────╮",
                "✓│  Set 2 in progress is not saved.   │0",
                "●│ The workout is saved as abandoned  │0",
                " │        (1 of 3 sets done).         │",
                " │                                    │",
                " │        [ Leave ]  [ Stay ]         │",
                " ╰────────────────────────────────────╯",
                "   ╰───────────────────────────────╯",
                "",
                "y Leave  n Stay",
            ])
    }
}

extension String {
    /// The column where `text` starts in this (one-cell-per-character) row, or 0.
    fileprivate func distance(of text: String) -> Int {
        guard let range = range(of: text) else { return 0 }
        return self.distance(from: startIndex, to: range.lowerBound)
    }
}
