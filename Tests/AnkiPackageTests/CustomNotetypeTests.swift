import AnkiPackage
import Foundation
import Records
import Testing

@testable import Flashcards

/// A note type Anki does not ship, made with the `anki` package: its cards come in as Anki makes
/// them, are drawn through its own templates as Anki renders them, and go back to Anki with
/// the note type they came with. Skipped, with the reason printed, where `anki` is missing.
@Suite(
    .serialized,
    .enabled(if: AnkiPython.isAvailable, "needs the Python package `anki` (pip install anki)"))
struct CustomNotetypeTests {
    struct Rendered: Decodable {
        var question: String
        var answer: String
    }

    struct Fixture: Decodable {
        var cards: [String: Rendered]
        var byNotetype: [String: Int]
    }

    static let fixture: (directory: URL, anki: Fixture)? = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-anki-custom-\(ProcessInfo.processInfo.processIdentifier)")
        let result = AnkiPython.run([AnkiPython.script, "custom", directory.path])
        guard result.status == 0,
            let anki = try? JSONDecoder().decode(
                Fixture.self, from: Data(contentsOf: directory.appendingPathComponent("custom.json")))
        else {
            print("anki_fixture.py custom failed: \(result.error)")
            return nil
        }
        return (directory, anki)
    }()

    /// The cards an import of `file` makes.
    func cards(_ file: String, into decks: [FlashcardDeck] = []) throws -> DeckImport {
        let (directory, _) = try #require(Self.fixture)
        let url = directory.appendingPathComponent(file)
        let contents =
            AnkiPackage.isPackage(file)
            ? try AnkiPackage.read(url) : try DeckFile.read(Data(contentsOf: url), format: .tsv)
        #expect(contents.skipped.isEmpty, "\(contents.skipped)")
        return try DeckImport(contents, into: decks, now: Date(timeIntervalSince1970: 1_800_000_000))
    }

    /// What Anki's rendering of a side shows in a terminal: its hint link opened (`[Name: hint]`),
    /// its type-in box empty on the front and the typed field's answer on the back, the part of
    /// the back that repeats the front left out (TermFit shows the prompt above the answer).
    static func shown(_ html: String, back: Bool, typed: String) -> String {
        var text = html
        if back, let line = text.range(of: "<hr id=answer>") { text = String(text[line.upperBound...]) }
        text = text.replacingOccurrences(
            of:
                #"<a class=hint[^>]*>\s*([^<]*)</a>\s*<div id="hint[^"]*" class=hint style="display: none">(.*?)</div>"#,
            with: "[$1: $2]", options: .regularExpression)
        text = text.replacingOccurrences(
            of: #"\[\[type:[^\]]*\]\]"#, with: back ? typed : "", options: .regularExpression)
        // Anki writes an open deletion as [...]; TermFit as […].
        return HTMLText.plain(text).replacingOccurrences(of: "[...]", with: "[…]")
    }

    @Test(arguments: ["custom.apkg", "custom-legacy.apkg"])
    func eachCardIsDrawnThroughItsNoteTypesTemplatesAsAnkiRendersIt(file: String) throws {
        let anki = try #require(Self.fixture).anki
        let cards = try cards(file).decks.flatMap(\.cards)
        #expect(cards.count == anki.cards.count)
        #expect(Dictionary(grouping: cards, by: \.notetype).mapValues(\.count) == anki.byNotetype)
        for card in cards {
            let rendered = try #require(anki.cards["\(card.guid) \(card.ordinal)"], "\(card.prompt)")
            #expect(!card.templates.isEmpty, "the note type is kept with the card")
            let sides = card.styledSides
            let typed = card.notetype == "Vocab" ? card.fields[0] : ""
            #expect(sides.prompt.text == Self.shown(rendered.question, back: false, typed: typed))
            #expect(sides.answer.text == Self.shown(rendered.answer, back: true, typed: typed))
            #expect(sides.prompt.text == card.prompt && sides.answer.text == card.answer)
        }
        let chat = try #require(
            cards.first { $0.notetype == "Vocab" && $0.ordinal == 0 && $0.fields[0].contains("chat") })
        #expect(chat.prompt == "chat\n\n(ʃa) [Hint: animal]")
        #expect(chat.styledSides.prompt.isEmphasized, "<b>chat</b> is bold; text:Reading is not")
        #expect(cards.contains { $0.answer == "chat\nProduction of Vocab" })
        #expect(cards.contains { $0.prompt == "Paris is the capital of [country]." })
    }

    @Test func termFitsPackageGivesAnkiTheNoteTypesItCameWith() throws {
        let (directory, _) = try #require(Self.fixture)
        let decks = try cards("custom.apkg").decks
        let package = directory.appendingPathComponent("termfit-custom.apkg")
        try AnkiPackage.write(decks, reviews: [], to: package)
        let opened = try #require(AnkiPython.fixture(["open", package.path]) as? [String: Any])
        let source = try #require(
            AnkiPython.fixture(["open", directory.appendingPathComponent("custom.apkg").path]) as? [String: Any])
        #expect(opened["cards"] as? Int == 5)
        let types = try #require(opened["notetypes"] as? [String: Any])
        let sourceTypes = try #require(source["notetypes"] as? [String: Any])
        for name in ["Vocab", "Cloze Plus"] {
            let ours = try #require(types[name] as? [String: Any], "\(name) in \(types.keys)")
            let theirs = try #require(sourceTypes[name] as? [String: Any])
            #expect(ours["fields"] as? [String] == theirs["fields"] as? [String], "\(name)")
            #expect(ours["templates"] as? [[String]] == theirs["templates"] as? [[String]], "\(name)")
            #expect(ours["cloze"] as? Bool == theirs["cloze"] as? Bool, "\(name)")
        }
        let notes = try #require(opened["notes"] as? [String: [String: Any]])
        let sourceNotes = try #require(source["notes"] as? [String: [String: Any]])
        for (guid, note) in sourceNotes {
            #expect(notes[guid]?["fields"] as? [String] == note["fields"] as? [String], "\(guid)")
            #expect(notes[guid]?["notetype"] as? String == note["notetype"] as? String, "\(guid)")
        }
        // TermFit reads its own package back with the same cards, drawn the same.
        let back = try AnkiPackage.read(package)
        let cards = decks.flatMap(\.cards)
        #expect(Set(back.notes.map(\.prompt)) == Set(cards.map(\.prompt)))
        #expect(Set(back.notes.map(\.answer)) == Set(cards.map(\.answer)))
    }

    @Test func aTextExportOfTheSameNotesAfterThePackageChangesNothing() throws {
        let decks = try cards("custom.apkg").decks
        let again = try cards("custom.txt", into: decks)
        #expect(again.added == 0 && again.updated == 0, "\(again.summary)")
        #expect(again.unchanged == 4, "each Vocab note's first card and both cloze cards: \(again.summary)")
        let package = try cards("custom.apkg", into: decks)
        #expect(package.added == 0 && package.updated == 0 && package.unchanged == 5, "\(package.summary)")
        #expect(package.summary == "Imported: added 0 cards, updated 0, unchanged 5, skipped 0.")
    }
}
