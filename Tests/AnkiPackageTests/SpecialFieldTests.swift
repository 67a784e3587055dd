import AnkiPackage
import Foundation
import Records
import Testing

@testable import Flashcards

/// A note type whose templates show Anki's special fields (`{{Tags}}`, `{{Deck}}`, `{{Subdeck}}`,
/// `{{Type}}`, `{{Card}}`, `{{CardFlag}}`), a `<style>` of their own, CSS, and the `text:` and
/// `hint:` filters, made with the `anki` package: each card reads as Anki renders it, and no
/// CSS is ever text. Skipped, with the reason printed, where `anki` is missing.
@Suite(
    .serialized,
    .enabled(if: AnkiPython.isAvailable, "needs the Python package `anki` (pip install anki)"))
struct SpecialFieldTests {
    static let fixture: (directory: URL, anki: CustomNotetypeTests.Fixture)? = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-anki-special-\(ProcessInfo.processInfo.processIdentifier)")
        let result = AnkiPython.run([AnkiPython.script, "special", directory.path])
        guard result.status == 0,
            let anki = try? JSONDecoder().decode(
                CustomNotetypeTests.Fixture.self,
                from: Data(contentsOf: directory.appendingPathComponent("special.json")))
        else {
            print("anki_fixture.py special failed: \(result.error)")
            return nil
        }
        return (directory, anki)
    }()

    func contents(_ file: String) throws -> AnkiText.Contents {
        let url = try #require(Self.fixture).directory.appendingPathComponent(file)
        let contents =
            AnkiPackage.isPackage(file)
            ? try AnkiPackage.read(url) : try DeckFile.read(Data(contentsOf: url), format: .tsv)
        #expect(contents.skipped.isEmpty, "\(contents.skipped)")
        return contents
    }

    func cards(_ file: String, into decks: [FlashcardDeck] = [], deckName: String? = nil) throws -> DeckImport {
        try DeckImport(
            contents(file), into: decks, deckName: deckName, now: Date(timeIntervalSince1970: 1_800_000_000))
    }

    @Test(arguments: ["special.apkg", "special-legacy.apkg"])
    func eachCardReadsAsAnkiRendersIt(file: String) throws {
        let anki = try #require(Self.fixture).anki
        let cards = try cards(file).decks.flatMap(\.cards)
        #expect(cards.count == anki.cards.count && cards.count == 4)
        for card in cards {
            let rendered = try #require(anki.cards["\(card.guid) \(card.ordinal)"], "\(card.prompt)")
            #expect(card.prompt == CustomNotetypeTests.shown(rendered.question, back: false, typed: ""))
            #expect(card.answer == CustomNotetypeTests.shown(rendered.answer, back: true, typed: ""))
            // The screen shows the same text (a card that shows its deck: the text it was given).
            #expect(card.styledSides.prompt.text == card.prompt && card.styledSides.answer.text == card.answer)
            for text in [card.prompt, card.answer] {
                #expect(!text.contains("font") && !text.contains("color") && !text.contains("{"), "CSS: \(text)")
            }
        }
        let etre = try #require(cards.first { $0.ordinal == 0 && $0.prompt.hasPrefix("être") })
        #expect(
            etre.prompt
                == "être & avoir\nirregular Lang::French verbs\n\ntagged\nin Lang::French::Verbs (Verbs)\nSpecial: Forward"
        )
        #expect(etre.answer.hasPrefix("to be <and> to have\nirregular verbs &c. [Note: irregular verbs &c.]"))
        let chien = try #require(cards.first { $0.ordinal == 1 && $0.prompt.hasPrefix("dog") })
        #expect(chien.prompt == "dog\nchien flag0" && chien.answer == "chien\n/ Loose")
    }

    @Test func aTextExportAfterThePackageChangesNothing() throws {
        let decks = try cards("special.apkg").decks
        let again = try cards("special.txt", into: decks)
        // A row a note: each note's first card, drawn through the templates it kept, with its
        // tags and deck as before.
        #expect(again.added == 0 && again.updated == 0 && again.unchanged == 2, "\(again.summary)")
    }

    @Test func aCardPutInAnotherDeckShowsThatDeck() throws {
        let cards = try cards("special.apkg", deckName: "Elsewhere::Deep").decks.flatMap(\.cards)
        let forward = cards.filter { $0.ordinal == 0 }
        #expect(forward.count == 2)
        #expect(forward.allSatisfy { $0.prompt.contains("in Elsewhere::Deep (Deep)") }, "\(forward.map(\.prompt))")
        #expect(cards.contains { $0.answer == "chien\n/ Deep" })
    }
}
