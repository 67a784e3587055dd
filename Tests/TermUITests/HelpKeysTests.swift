import TermUI
import TestSupport
import Testing

/// The reading of a `--help` text's keys, and the two ways it can disagree with a key table.
@Suite struct HelpKeysTests {
    @Test func theKeysAreReadFromTheProse() {
        let text = """
            Space (or Enter) shows it; 1 Again, 2 Hard; ← (or h) is Again. a adds a set and d \
            deletes one (a finished set's too); + and - make it 15 s longer; Ctrl-N new, F1 keys, \
            PgUp PgDn scroll, ? lists every key, q or Esc leaves, so a class can work.
            """
        #expect(
            HelpKeys.named(in: text) == [
                .character(" "), .enter, .character("1"), .character("2"), .left, .character("h"), .character("a"),
                .character("d"), .character("+"), .character("-"), .control("n"), .function(1), .pageUp, .pageDown,
                .character("?"), .character("q"), .escape,
            ])
    }

    @Test func aKeyThatDoesNothingAndAKeyLeftOutAreNamed() {
        let screen = KeyBindings<Int>([
            KeyBinding([.character("s")], "Start", group: "Set", bar: 1, meaning: "start the set", action: 1),
            KeyBinding([.character("w")], "Set type", group: "Set", meaning: "the set's type", action: 2),
            KeyBinding([.character("x")], "End", group: "Set", bar: 2, meaning: "end", action: 3),
        ])
        let sheet = KeyBindings<Int>([KeyBinding([.escape], "Close", group: "Sheet", meaning: "close", action: 4)])
        let help = "s starts a set, Esc closes the sheet."
        #expect(
            HelpKeys.problems(help: help, states: [screen, sheet], screens: [screen]) == [
                "--help leaves out x (End)"
            ])
        #expect(
            HelpKeys.problems(help: help + " x ends, z undoes", states: [screen, sheet], screens: [screen]) == [
                "--help names z, which does nothing in any state"
            ])
    }
}
