import Foundation
import Testing

/// A collection of more than 2,000 cards on the real binary in tmux (D-253): it opens on its first
/// cards, the decks follow after the first frame, and then the editor and the list of decks have
/// every card; `termfit flashcards decks` counts them.
@Suite(.serialized) struct FlashcardsLargeCollectionEndToEndTests {
    @Test func aLargeCollectionOpensOnItsFirstCardsAndReadsTheDecksAfter() throws {
        let data = try temporaryDataDirectory("flashcards-large")
        defer { try? FileManager.default.removeItem(at: data) }
        let common = ["--data-dir", data.path, "--profile", "alex"]
        for (deck, count) in [("Big::Part 0", 1_500), ("Big::Part 1", 1_000)] {
            let file = data.appendingPathComponent("\(deck.count)-\(count).txt")
            let lines = (0..<count).map { "\(deck) prompt \($0)\tanswer \($0)\n" }.joined()
            try lines.write(to: file, atomically: true, encoding: .utf8)
            let imported = try runCommand([Binary.termfit, "flashcards", "import", file.path, "--deck", deck] + common)
            #expect(imported.status == 0, "\(imported.error)")
        }
        let decks = try runCommand([Binary.termfit, "flashcards", "decks"] + common)
        #expect(
            decks.output == "deck\tnotes\tcards\tdue\nBig\t2500\t2500\t0\nBig::Part 0\t1500\t1500\t0\n"
                + "Big::Part 1\t1000\t1000\t0\n", "\(decks.output)")

        let session = try TmuxSession(
            [Binary.termfit, "flashcards"] + common, width: 80, height: 24,
            environment: ["TERMFIT_DATA_DIR": data.path])
        defer { session.close() }
        let first = try session.waitFor("Flashcards · Big::Part 0")
        #expect(first.contains { $0.contains("Big::Part 0 prompt") }, "a new card of the deck: \(first)")
        // Decks pressed at once opens the list when the decks have been read.
        try session.send("d")
        let list = try session.waitFor("2500 cards")
        #expect(
            list.contains { $0.contains("Big::Part 1") || $0.contains("Part 1") }, "\(list.joined(separator: "\n"))")
        try session.send("Escape")
        try session.waitFor("d Decks")
        try session.send("e")
        try session.waitFor("Edit cards")
        try session.waitFor("1500 cards")
        try session.send("Escape")
        try session.waitFor("d Decks")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }
}
