import Foundation
import Testing

/// Anki's notes on the release binary in tmux: a nested deck is listed under its parent, and a
/// bold word of a note's HTML is drawn bold (underlined in the prompt, which is bold already).
@Suite(.serialized) struct AnkiNotesEndToEndTests {
    @Test func aNestedDeckIsListedUnderItsParentAndABoldWordShowsAsSuch() throws {
        let data = try temporaryDataDirectory("anki-notes")
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("notes.txt")
        try """
        #separator:tab
        #html:true
        #notetype:Basic
        #deck column:1
        Lang::French\tHello <b>bold</b> &amp; more\tBonjour<br><b>salut</b>
        """.write(to: file, atomically: true, encoding: .utf8)
        let common = ["--data-dir", data.path, "--profile", "ana"]
        let imported = try runCommand([Binary.termfit, "flashcards", "import", file.path] + common)
        #expect(imported.status == 0, "\(imported.error)")

        let session = try TmuxSession(
            [Binary.termfit, "flashcards", "--seconds", "600"] + common, environment: ["TERMFIT_DATA_DIR": data.path])
        defer { session.close() }
        try session.waitFor("Flashcards · Lang::French")
        try session.waitFor("Hello bold & more")
        // The prompt is bold; its bold word is underlined too (SGR 4), the rest is not.
        let styled = try session.tmux(["capture-pane", "-e", "-p", "-t", "0"])
        let line = try #require(styled.split(separator: "\n").first { $0.contains("Hello") })
        let beforeBold = try #require(line.range(of: "Hello")).upperBound
        let word = try #require(line.range(of: "bold")).lowerBound
        #expect(
            line[beforeBold..<word].contains("4m") || line[beforeBold..<word].contains(";4"), "\(line.debugDescription)"
        )
        try session.send("Space")
        try session.waitFor("salut")

        // The list of decks: Lang (no deck of its own yet), with French indented under it.
        try session.send("d")
        let list = try session.waitFor("  French")
        let lang = try #require(list.firstIndex { $0.contains("Lang ") && $0.contains("1 card") }, "\(list)")
        #expect(list.dropFirst(lang + 1).contains { $0.contains("  French") && $0.contains("1 card") }, "\(list)")
        #expect(
            !list.contains { $0.contains("Lang::French") && !$0.contains("Flashcards ·") }, "only the title names it")
        // Opening the parent makes its deck and studies its child's card.
        try session.send("Up")
        try session.send("Enter")
        try session.waitFor("Flashcards · Lang ")
        try session.waitFor("Hello bold & more")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }
}
