import Foundation
import Testing

/// Issue 29's Cards case in the real binary, in tmux: the rules sheet's fields follow the one
/// editing rule (the first key typed replaces, Tab keeps and moves on, Esc puts back).
@Suite(.serialized) struct CardsEditingEndToEndTests {
    @Test func theRulesFieldsReplaceKeepOnTabAndPutBackOnEsc() throws {
        let session = try TmuxSession(
            [Binary.termfit, "cards", "--profile", "casey"], width: 100, height: 30, environment: ["TZ": "UTC"])
        defer { session.close() }
        try session.waitFor("Enter draws the first card")
        try session.send("r")
        try session.waitFor("Push-ups")
        try session.send("Enter")
        try session.send("-l", "Dips")
        try session.send("Tab")
        // Kept (the tally names it too), and ♥ is selected: Enter opens its field.
        let kept = try session.waitForScreen { $0.contains { $0.contains("♠ Dips") && $0.contains("done") } }
        #expect(!kept.contains { $0.contains("Push-ups") }, "typing replaced Push-ups: \(kept.joined(separator: "\n"))")
        #expect(kept.contains { $0.contains("▸ ♥ Hearts") }, "Tab moved to the next rule")
        try session.send("Enter")
        try session.send("-l", "Crunches")
        try session.waitFor("Crunches")
        try session.send("Escape")
        let putBack = try session.waitForScreen { !$0.contains { $0.contains("Crunches") } }
        #expect(putBack.contains { $0.contains("Sit-ups") }, "Esc put back Sit-ups")
        try session.send("Escape")
        // (A key sent right after Esc would arrive as Alt and that key.)
        try session.waitForScreen { !$0.contains { $0.contains("Deck from") } }
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        // The kept rule is the profile's next time.
        let again = try TmuxSession(
            [Binary.termfit, "cards", "--profile", "casey"], width: 100, height: 30,
            environment: ["TZ": "UTC", "TERMFIT_DATA_DIR": session.directory.appendingPathComponent("data").path])
        defer { again.close() }
        try again.waitFor("Enter draws the first card")
        try again.send("r")
        let rules = try again.waitFor("Dips")
        #expect(rules.contains { $0.contains("Sit-ups") })
    }

    /// The rules sheet is TermUI's list picker: typing finds a rule (any case) and Enter gives it
    /// its next choice, kept at once.
    @Test func typingFindsARuleAndEnterChangesIt() throws {
        let session = try TmuxSession(
            [Binary.termfit, "cards", "--profile", "casey"], width: 100, height: 30, environment: ["TZ": "UTC"])
        defer { session.close() }
        try session.waitFor("Enter draws the first card")
        try session.send("r")
        try session.waitFor("Find:")
        try session.send("-l", "ACE")
        let found = try session.waitFor("▸ Ace")
        #expect(!found.contains { $0.contains("♠ Spades") }, "\(found.joined(separator: "\n"))")
        try session.send("Enter")
        try session.waitForScreen { $0.contains { $0.contains("▸ Ace") && $0.contains("14 reps") } }
        try session.send("Escape")
        try session.waitForScreen { !$0.contains { $0.contains("Find:") } }
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func theHelpSaysWhatTheRulesFieldsDo() throws {
        let help = try runCommand([Binary.termfit, "cards", "--help"])
        #expect(help.status == 0)
        let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(
            text.contains("the first key typed replaces the name, Enter or Tab keeps it, Esc puts it back"),
            "\(help.output)")
    }
}
