import Records
import TermUI
import Testing

@testable import Dumbbells

/// Typing in a field never triggers a command key: from the first character typed until Enter,
/// Tab, an arrow, a click or Esc, every character goes into the field (and is refused there with
/// the reason when it is no digit), so "x", "d", "-" or "q" in the middle of a number lose nothing.
@Suite struct TypingTests {
    /// Set 1 done, set 2's weight typed as "22.5": typing.
    static func typingSet2() -> Harness {
        var harness = Harness(history: bicepHistory)
        harness.doSet("12", "10")
        harness.press(.escape)  // no rest
        harness.type("22.5")
        #expect(harness.workout.isTyping)
        return harness
    }

    @Test func whileTypingNoCharacterActsAsACommand() {
        let base = Self.typingSet2()
        for character in "abcdefghijklmnopqrstuvwxyzAELR[]-+?,/=_Q" {
            var harness = base
            let outputs = harness.press(.character(character))
            #expect(outputs.isEmpty, "\(character): \(outputs)")
            #expect(harness.workout.sheet == nil, "\(character) opened a sheet")
            #expect(harness.workout.rows == base.workout.rows, "\(character) changed the table")
            #expect(harness.workout.pill == base.workout.pill, "\(character) changed the pill")
            #expect(harness.workout.settings == base.workout.settings, "\(character) changed a setting")
            #expect(harness.workout.notice?.kind == .refused, "\(character) is refused with a reason")
            #expect(harness.workout.isTyping, "\(character): still typing")
        }
    }

    @Test func aCommandLetterIsRefusedWithTheWayOut() {
        var harness = Self.typingSet2()
        harness.press(.character("x"))
        #expect(harness.workout.notice?.text == "“x” is no digit · Tab first, then x")
        harness.press(.character("-"))
        #expect(harness.workout.notice?.text.hasPrefix("Weights and reps are never negative") == true)
        // A letter that is no command gets the field's own reason.
        harness.press(.character("b"))
        #expect(harness.workout.notice?.text == "Only digits (and one decimal point in kg)")
    }

    @Test func escPutsTheValueBackAndTheLettersAreCommandsAgain() {
        var harness = Self.typingSet2()
        #expect(harness.frame().last?.hasPrefix("Enter Start  Esc Cancel  Tab Next  F1 Keys") == true)
        harness.press(.escape)
        #expect(!harness.workout.isTyping)
        #expect(harness.workout.sheet == nil, "the first Esc only ends the typing")
        #expect(harness.workout.rows[1].entry.weight == "", "the field has the value it had: none")
        #expect(harness.frame().last?.hasPrefix("Enter Start  Tab Next  ? Keys  q Back") == true)
        harness.press(.character("a"))
        #expect(harness.workout.rows.count == 4, "a adds a set again")
        harness.press(.escape)
        #expect(harness.workout.pendingQuestion != nil, "Esc with nothing typed asks to leave")
    }

    @Test func movingOnEndsTheTyping() {
        // ← stays in the kg field typed into (as in a text field): it ends no typing.
        let keys: [Key] = [.tab, .backTab, .up, .down, .right, .home, .end, .function(1)]
        for key in keys {
            var harness = Self.typingSet2()
            harness.press(key)
            #expect(!harness.workout.isTyping, "\(key.name)")
        }
        var started = Self.typingSet2()
        started.press(.tab)
        started.type("8")
        started.press(.enter)
        #expect(started.workout.runningSet != nil)
        #expect(!started.workout.isTyping, "Enter starts the set and ends the typing")
        var clicked = Self.typingSet2()
        guard let frame = clicked.workout.layout.frame(of: FieldPosition(row: 2, field: .weight)) else {
            Issue.record("no field")
            return
        }
        clicked.click(frame.origin)
        #expect(!clicked.workout.isTyping, "a click on another field")
    }

    @Test func correctingAFinishedSetTypesLettersToo() {
        var harness = Self.typingSet2()
        harness.press(.escape, .up, .right, .backspace)
        #expect(harness.workout.isTyping, "Backspace in set 1's reps is typing")
        #expect(harness.workout.rows[0].entry.reps == "", "Backspace emptied the selected 10")
        harness.press(.character("d"))
        #expect(harness.workout.rows.count == 3, "d did not delete the set being corrected")
        harness.type("12")
        harness.press(.down)
        #expect(harness.savedSets.map(\.reps) == [10, 12], "the correction is saved on leaving the row")
    }

    @Test func typingDuringARestThenEscTwicePutsTheValueBackThenSkipsTheRest() {
        var harness = Harness(history: bicepHistory, autoRest: true)
        harness.doSet("12", "10")
        #expect(harness.workout.pill.kind == .countdown)
        harness.type("14")
        harness.press(.character("s"))
        #expect(harness.workout.pill.kind == .countdown, "s is typed, not Skip")
        harness.press(.escape)
        #expect(harness.workout.pill.kind == .countdown, "the first Esc ends the typing")
        #expect(harness.workout.rows[1].entry.weight == "", "and puts back the value the field had")
        harness.press(.escape)
        #expect(harness.workout.pill.kind == .start, "the second skips the rest")
    }

    @Test func theKeysSheetListsEscForTyping() {
        var harness = Self.typingSet2()
        harness.send(.resize(Size(width: 200, height: 60)))
        harness.press(.function(1))
        #expect(harness.workout.sheets.isShowingKeys)
        #expect(harness.frame().contains { $0.contains("while typing in a field: put back the value it had") })
    }
}
