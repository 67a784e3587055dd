import Foundation
import Testing

/// `termfit flashcards export` then `import` gives back the same deck, whatever a member can
/// keep in it: nothing is changed on the way through, so the import updates the deck instead of
/// making a second one. A character TermFit does not keep is refused on the way in, with its
/// line. The real binary, no terminal.
@Suite(.serialized)
struct DeckRoundTripEndToEndTests {
    /// Texts a member can keep in a card: separators, quotes, line breaks, a leading `#`, markup,
    /// backslashes, wide and right-to-left text.
    static let texts = [
        "Tab\tinside", "Line one\nline two", "\"Quoted\", with a comma", "# not a header", "<b>bold</b> &amp; more",
        #"C:\path\to \n no escape"#, "肱二头肌 💪", "العضلة ذات الرأسين", "ends with a quote\"", "a;b|c",
    ]

    /// An archive with one deck holding a card for every text (prompt and answer), and tags.
    static func archive() -> String {
        func json(_ text: String) -> String {
            String(decoding: (try? JSONEncoder().encode(text)) ?? Data(), as: UTF8.self)
        }
        let cards = texts.enumerated().map { index, text in
            """
            {"id": "00000000-0000-4000-8000-0000000001\(String(format: "%02d", index))", "prompt": \(json(text)),
             "answer": \(json(String(text.reversed()))), "createdAt": "2025-03-01T00:00:00.000Z",
             "guid": "guid\(index)", "tags": ["t\(index)", "gym"]}
            """
        }
        return """
            {"format": "termfit-profile", "version": 2, "profile": "ana", "settings": {}, "cardSessions": [],
             "dumbbellWorkouts": [], "flashcardSessions": [], "hiitSessions": [],
             "flashcardDecks": [{"id": "00000000-0000-4000-8000-000000000001", "name": "Gym \\"quoted\\", #1\\tdeck",
               "createdAt": "2025-03-01T00:00:00.000Z", "cards": [\(cards.joined(separator: ","))]}]}
            """
    }

    @Test(arguments: ["tsv", "csv"])
    func exportThenImportChangesNothing(format: String) throws {
        let data = try temporaryDataDirectory("deck-round-trip")
        defer { try? FileManager.default.removeItem(at: data) }
        let archive = data.appendingPathComponent("ana.json")
        try Self.archive().write(to: archive, atomically: true, encoding: .utf8)
        let common = ["--profile", "ana", "--data-dir", data.path]
        let imported = try runCommand([Binary.termfit, "import", archive.path] + common)
        #expect(imported.status == 0, "\(imported.error)")
        let before = try runCommand([Binary.termfit, "export"] + common)

        let deck = "Gym \"quoted\", #1\tdeck"
        let exported = try runCommand(
            [Binary.termfit, "flashcards", "export", "--deck", deck, "--format", format] + common)
        #expect(exported.status == 0, "\(exported.error)")
        let file = data.appendingPathComponent("deck.\(format)")
        try exported.output.write(to: file, atomically: true, encoding: .utf8)
        let again = try runCommand([Binary.termfit, "flashcards", "import", file.path] + common)
        #expect(again.status == 0, "\(again.error)")
        #expect(again.output.contains("added 0 cards, updated \(Self.texts.count), skipped 0"), "\(again.output)")
        #expect(!again.output.contains("new deck"), "\(again.output)")

        let after = try runCommand([Binary.termfit, "export"] + common)
        #expect(after.output == before.output, "the profile is as it was, byte for byte")
        let second = try runCommand(
            [Binary.termfit, "flashcards", "export", "--deck", deck, "--format", format] + common)
        #expect(second.output == exported.output)
    }

    @Test func blanksAtTheEndsOfASideGoOutAsHTMLSpacesAndComeBack() throws {
        let data = try temporaryDataDirectory("deck-blanks")
        defer { try? FileManager.default.removeItem(at: data) }
        let archive = data.appendingPathComponent("ana.json")
        let padded = Self.archive().replacingOccurrences(
            of: #""prompt": "Tab\tinside""#, with: #""prompt": " padded ""#)
        try padded.write(to: archive, atomically: true, encoding: .utf8)
        let common = ["--profile", "ana", "--data-dir", data.path]
        #expect(try runCommand([Binary.termfit, "import", archive.path] + common).status == 0)
        let before = try runCommand([Binary.termfit, "export"] + common)
        let exported = try runCommand(
            [Binary.termfit, "flashcards", "export", "--deck", "Gym \"quoted\", #1\tdeck"] + common)
        #expect(exported.status == 0)
        #expect(exported.output.contains("\t&nbsp;padded&nbsp;\t"), "\(exported.output)")
        let file = data.appendingPathComponent("deck.txt")
        try exported.output.write(to: file, atomically: true, encoding: .utf8)
        #expect(try runCommand([Binary.termfit, "flashcards", "import", file.path] + common).status == 0)
        #expect(try runCommand([Binary.termfit, "export"] + common).output == before.output)
    }

    @Test func aCharacterTermFitDoesNotKeepIsRefusedWithItsLine() throws {
        let data = try temporaryDataDirectory("deck-control")
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("deck.txt")
        try "Biceps?\tUpper arm\nEvil\u{1B}]0;owned\u{07}\tanswer\nTriceps?\t\u{202E}back\nPlank\tCore\n".write(
            to: file, atomically: true, encoding: .utf8)
        let imported = try runCommand([
            Binary.termfit, "flashcards", "import", file.path, "--deck", "Gym", "--profile", "ana", "--data-dir",
            data.path,
        ])
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("added 2 cards"), "\(imported.output)")
        #expect(
            imported.error.contains("line 2: the prompt has the control character U+001B, which TermFit does not keep"),
            "\(imported.error)")
        #expect(imported.error.contains("line 3: the answer has the control character U+202E"), "\(imported.error)")
        #expect(!imported.error.contains("\u{1B}"), "the refused text is never echoed raw")
    }
}
