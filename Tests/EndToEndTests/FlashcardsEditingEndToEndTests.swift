import Foundation
import Testing

/// Issue 29's Flashcards cases replayed on the real binary in tmux: Esc in the card editor puts a
/// field back and closing over a card being written asks; a grade waits for the answer; `u`
/// takes back an answer and its saved review; a long answer scrolls with "▼ N more"; a rename to
/// a name in use says why where it can be read; `--help` and the keys sheet name the keys.
@Suite(.serialized) struct FlashcardsEditingEndToEndTests {
    /// A data directory whose profile `alex` has `decks` (name, prompt, answer), each one card.
    private func dataDirectory(_ decks: [(String, String, String)]) throws -> (URL, [String]) {
        let data = try temporaryDataDirectory("flashcards-editing")
        let common = ["--data-dir", data.path, "--profile", "alex"]
        for (index, deck) in decks.enumerated() {
            let file = data.appendingPathComponent("deck\(index).txt")
            try "\(deck.1)\t\(deck.2)\n".write(to: file, atomically: true, encoding: .utf8)
            let imported = try runCommand(
                [Binary.termfit, "flashcards", "import", file.path, "--deck", deck.0] + common)
            #expect(imported.status == 0, "\(imported.error)")
        }
        return (data, common)
    }

    private func open(_ common: [String], data: URL, width: Int = 80, height: Int = 24) throws -> TmuxSession {
        try TmuxSession(
            [Binary.termfit, "flashcards"] + common, width: width, height: height,
            environment: ["TERMFIT_DATA_DIR": data.path])
    }

    @Test func escInTheEditorPutsTheAnswerBackAndClosingOverTheCardAsks() throws {
        let (data, common) = try dataDirectory([("Gym", "Squat?", "Legs")])
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try open(common, data: data)
        defer { session.close() }
        try session.waitFor("Flashcards · Gym")
        try session.send("e")
        try session.waitFor("Edit cards")
        try session.send("-l", "Deadlift?")
        try session.send("Tab")
        try session.send("-l", "Posterior chain")
        try session.waitFor("Esc Put back")
        try session.send("Escape")
        let back = try session.waitFor("Esc Done")
        #expect(back.contains { $0.contains("Deadlift?") }, "the prompt stays: \(back.joined(separator: "\n"))")
        #expect(!back.contains { $0.contains("Posterior chain") }, "the answer as it was before typing")
        // Done over a card being written asks; n keeps it.
        try session.send("Escape")
        try session.waitFor("Discard card?")
        try session.send("n")
        let kept = try session.waitFor("Edit cards")
        #expect(kept.contains { $0.contains("Deadlift?") })
        try session.send("-l", "Posterior chain")
        try session.send("Enter")
        try session.waitFor("Gym: 2 cards")
        try session.send("Escape")
        try session.waitFor("d Decks")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        let export = try runCommand([Binary.termfit, "flashcards", "export", "--deck", "Gym"] + common)
        #expect(export.output.contains("Deadlift?\tPosterior chain"), "\(export.output)")
    }

    @Test func aGradeKeyBeforeTheAnswerShowsSaysToShowItFirst() throws {
        let (data, common) = try dataDirectory([("Gym", "Squat?", "Legs")])
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try open(common, data: data)
        defer { session.close() }
        let first = try session.waitFor("Space Show answer")
        #expect(!(first.last ?? "").contains("Again"), "no grade on the bar yet: \(first.last ?? "")")
        for key in ["1", "4", "Right", "h"] {
            try session.send(key)
            try session.waitFor("Show the answer first")
            #expect(try session.screen().contains { $0.contains("✓ 0  ✗ 0") })
            try session.send("Space")
            try session.waitFor("Space Hide")
            try session.send("Space")
            try session.waitFor("Space Show answer")
        }
        try session.send("Space")
        try session.waitFor("← Again  → Good")
        try session.send("3")
        try session.waitFor("✓ 1  ✗ 0")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        let history = try runCommand([Binary.termfit, "history", "--workout", "flashcards"] + common)
        #expect(history.output.contains("Gym: 1 correct, 0 wrong"), "\(history.output)")
    }

    @Test func uTakesBackTheLastAnswerAndItsSavedReview() throws {
        let (data, common) = try dataDirectory([("Gym", "Squat?", "Legs")])
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("more.txt")
        try "Curl?\tBiceps\n".write(to: file, atomically: true, encoding: .utf8)
        _ = try runCommand([Binary.termfit, "flashcards", "import", file.path, "--deck", "Gym"] + common)
        let session = try open(common, data: data)
        defer { session.close() }
        try session.waitFor("Flashcards · Gym")
        try session.send("Space")
        try session.waitFor("Space Hide")
        try session.send("l")
        try session.waitFor("✓ 1  ✗ 0")
        try session.send("Space")
        try session.waitFor("Space Hide")
        try session.send("h")
        try session.waitFor("✓ 1  ✗ 1")
        try session.send("u")
        try session.waitFor("Took back Again")
        try session.waitFor("✓ 1  ✗ 0")
        // The card is back with its answer shown; leaving asks (an answer is saved), y leaves.
        try session.send("q")
        try session.waitFor("Leave?")
        try session.send("y")
        #expect(try session.waitForExit() == 0)
        let history = try runCommand([Binary.termfit, "history", "--workout", "flashcards"] + common)
        #expect(history.output.contains("Gym: 1 correct, 0 wrong"), "the Again taken back: \(history.output)")
        let detail = try runCommand(
            [Binary.termfit, "history", "--workout", "flashcards", "--detail", "--format", "csv"] + common)
        #expect(!detail.output.contains(",again,"), "\(detail.output)")
    }

    @Test(arguments: [(80, 24), (40, 12)])
    func anAnswerLongerThanTheCardScrolls(size: (width: Int, height: Int)) throws {
        let words = (1...120).map { "word\($0)" }
        let (data, common) = try dataDirectory([("Long", "Say the words", words.joined(separator: " "))])
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try open(common, data: data, width: size.width, height: size.height)
        defer { session.close() }
        try session.waitFor("Flashcards · Long")
        try session.send("Space")
        let shown = try session.waitFor("more")
        let all = shown.joined(separator: "\n")
        #expect(all.contains("▼"), "\(all)")
        #expect(!all.contains("…"), "nothing cut: \(all)")
        var seen = Set<String>()
        var screen = shown
        for _ in 0..<200 {
            seen.formUnion(screen.joined(separator: " ").split(separator: " ").map(String.init))
            if screen.contains(where: { $0.contains("word120") }) { break }
            try session.send("Down")
            Thread.sleep(forTimeInterval: 0.05)
            screen = try session.screen()
        }
        #expect(screen.contains { $0.contains("word120") }, "↓ reaches the end: \(screen.joined(separator: "\n"))")
        #expect(!screen.contains { $0.contains("▼") }, "nothing below at the end")
        #expect(screen.contains { $0.contains("▲") }, "what is above is counted")
        let missing = Set(words).subtracting(seen)
        #expect(missing.isEmpty, "every word shows once scrolled: \(missing.sorted())")
        try session.send("PPage")
        try session.waitForScreen { $0.contains { $0.contains("▼") } }
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test(arguments: [(80, 24), (40, 12)])
    func aRenameToANameInUseSaysWhyWhereItCanBeRead(size: (width: Int, height: Int)) throws {
        let (data, common) = try dataDirectory([("Gym", "Squat?", "Legs"), ("Legs", "Lunge?", "Quads")])
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try open(common, data: data, width: size.width, height: size.height)
        defer { session.close() }
        try session.waitFor("Flashcards · Gym")
        try session.send("d")
        try session.waitFor("Legs")
        try session.send("C-r")
        try session.waitFor("New name:")
        // The old name is selected: the first letter typed replaces it.
        try session.send("-l", "Legs")
        try session.send("Enter")
        let refused = try session.waitFor("already called")
        #expect(refused.contains { $0.contains("New name: Legs") }, "\(refused.joined(separator: "\n"))")
        try session.send("Escape")
        try session.waitForScreen { $0.contains { $0.contains("Gym") && $0.contains("1 card · ") } }
        // Esc on its own (a key straight after it would read as Alt-key).
        try session.send("Escape")
        try session.waitFor("d Decks")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    /// The deck list is TermUI's list picker: typing filters it (any case) and Enter opens the
    /// first deck left.
    @Test func typingFiltersTheDeckListAndEnterOpensTheDeck() throws {
        let (data, common) = try dataDirectory([("Gym", "Squat?", "Legs"), ("Legs", "Lunge?", "Quads")])
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try open(common, data: data)
        defer { session.close() }
        try session.waitFor("Flashcards · Gym")
        try session.send("d")
        try session.waitFor("Find:")
        try session.send("-l", "EG")
        let filtered = try session.waitFor("▸ Legs")
        #expect(!filtered.contains { $0.contains("Gym") && $0.contains("1 card · ") }, "Gym is filtered out")
        try session.send("Enter")
        try session.waitFor("Flashcards · Legs")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    /// Ctrl-R on the deck found by typing renames it; the new name is what is saved.
    @Test func aDeckIsRenamedThroughThePicker() throws {
        let (data, common) = try dataDirectory([("Gym", "Squat?", "Legs"), ("Legs", "Lunge?", "Quads")])
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try open(common, data: data)
        defer { session.close() }
        try session.waitFor("Flashcards · Gym")
        try session.send("d")
        try session.waitFor("Find:")
        try session.send("-l", "leg")
        try session.waitFor("▸ Legs")
        try session.send("C-r")
        try session.waitFor("New name:")
        try session.send("-l", "Lower body")
        try session.send("Enter")
        try session.waitFor("Renamed to “Lower body”")
        try session.send("Escape")
        try session.waitFor("d Decks")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        let export = try runCommand([Binary.termfit, "flashcards", "export", "--deck", "Lower body"] + common)
        #expect(export.output.contains("Lunge?\tQuads"), "\(export.output)")
    }

    @Test func helpAndTheKeysSheetNameTheKeys() throws {
        let help = try runCommand([Binary.termfit, "flashcards", "--help"])
        #expect(help.status == 0)
        let text = help.output.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        for phrase in ["1 Again, 2 Hard, 3 Good, 4 Easy", "u takes back the last answer", "↑ ↓, PgUp PgDn", "c crams"] {
            #expect(text.contains(phrase), "--help names \(phrase): \(help.output)")
        }
        #expect(!text.contains("serves only the cards due"))
        let (data, common) = try dataDirectory([("Gym", "Squat?", "Legs"), ("Gym", "Curl?", "Biceps")])
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try open(common, data: data, width: 120, height: 40)
        defer { session.close() }
        try session.waitFor("Flashcards · Gym")
        try session.send("Space")
        try session.waitFor("Space Hide")
        try session.send("l")
        try session.waitFor("u Undo")
        try session.send("?")
        let keys = try session.waitFor("take back the last answer").joined(separator: "\n")
        for phrase in ["once the answer shows", "1", "Space  Enter"] {
            #expect(keys.contains(phrase), "the keys sheet names \(phrase):\n\(keys)")
        }
        try session.send("Escape")
        try session.waitFor("u Undo")
        try session.send("q")
        try session.waitFor("Leave?")
        try session.send("y")
        #expect(try session.waitForExit() == 0)
    }
}
