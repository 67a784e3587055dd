import Foundation
import Testing

/// Scheduling as Anki users know it, on the release binary in tmux: the grades show the wait each
/// gives, a card answered Again comes back after its one-minute learning step, learning cards
/// count as due in the list of decks, and a re-import of unchanged notes says so.
@Suite(.serialized) struct SchedulingEndToEndTests {
    @Test func theGradesShowTheirIntervalsAndALearningCardReappearsAfterItsStep() throws {
        let data = try temporaryDataDirectory("scheduling")
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("pair.txt")
        try "#separator:tab\n#html:false\n#guid column:1\ng1\tFirst prompt?\tOne\ng2\tSecond prompt?\tTwo\n".write(
            to: file, atomically: true, encoding: .utf8)
        let common = ["--data-dir", data.path, "--profile", "sam"]
        let imported = try runCommand([Binary.termfit, "flashcards", "import", file.path, "--deck", "Pair"] + common)
        #expect(imported.status == 0, "\(imported.error)")

        let session = try TmuxSession(
            [Binary.termfit, "flashcards", "--seconds", "600"] + common, environment: ["TERMFIT_DATA_DIR": data.path])
        defer { session.close() }
        let prompts = ["First prompt?", "Second prompt?"]
        let start = try session.waitFor("Flashcards · Pair")
        let top = try #require(prompts.first { prompt in start.contains { $0.contains(prompt) } })
        let other = prompts.first { $0 != top } ?? ""
        try session.send("Space")
        // A new card: its learning steps, and Easy's days (fuzzed by a day either way).
        let revealed = try session.waitFor("1 Again 1m · 2 Hard 6m · 3 Good 10m · 4 Easy ")
        let line = try #require(revealed.first { $0.contains("1 Again 1m") })
        // 8 days, fuzzed within py-fsrs's range for it (6 to 10 days).
        #expect(line.range(of: #"4 Easy (6|7|8|9|10)d"#, options: .regularExpression) != nil, "\(line)")

        // Again: the card waits for its one-minute step; the other card is on top.
        try session.send("1")
        try session.waitFor("✓ 0  ✗ 1")
        let next = try session.waitForScreen { screen in
            screen.contains { $0.contains(other) } && !screen.contains { $0.contains(top) }
        }
        #expect(next.contains { $0.contains(other) }, "\(next)")
        // Its minute passes while the other card is on screen; answered, the first is back.
        Thread.sleep(forTimeInterval: 61)
        try session.send("Space")
        try session.waitFor("1 Again 1m")
        try session.send("3")
        let back = try session.waitFor(top)
        #expect(back.contains { $0.contains("✓ 1  ✗ 1") }, "\(back)")
        try session.send("Space")
        try session.waitFor("3 Good 10m", timeout: 5)

        // In the list of decks both learning cards count as due (their steps are within 20 minutes).
        try session.send("d")
        try session.waitFor("Pair · 2 cards · 2 due · 0 new")
        try session.send("Escape")
        try session.send("Escape")
        try session.waitForScreen { screen in !screen.contains { $0.contains("Pair · 2 cards") } }
        try session.send("q")
        try session.waitFor("y Leave")
        try session.send("y")
        #expect(try session.waitForExit() == 0)

        // The same notes again: reported unchanged, not updated.
        let again = try runCommand([Binary.termfit, "flashcards", "import", file.path, "--deck", "Pair"] + common)
        #expect(again.output == "Imported: added 0 cards, updated 0, unchanged 2, skipped 0.\n", "\(again.error)")
    }
}
