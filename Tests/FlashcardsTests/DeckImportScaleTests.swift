import Foundation
import Records
import Testing

@testable import Flashcards

/// An import of tens of thousands of notes gives the same cards as one note at a time would:
/// notes without a guid are not added twice to a deck, whatever came before them in the file
/// or in the deck.
@Suite struct DeckImportScaleTests {
    private let date = Date(timeIntervalSince1970: 1_700_000_000)

    @Test func twentyThousandNotesWithoutAGUIDAreEachAddedOnceToTheirDeck() throws {
        // Rows 2k and 2k+1 are the same card; every row goes to one of four decks by its number.
        var text = "#separator:tab\n#deck column:3\n"
        for row in 0..<20_000 {
            text += "prompt \(row / 2)\tanswer \(row / 2)\tDeck \(row / 2 % 4)\n"
        }
        let read = try DeckFile.read(Data(text.utf8), format: .tsv)
        let plan = try DeckImport(read, into: [], now: date)
        #expect(plan.added == 10_000)
        #expect(plan.skipped.count == 10_000)
        #expect(plan.skipped.first?.description == "line 4: already in “Deck 0”")
        #expect(plan.decks.map(\.name) == ["Deck 0", "Deck 1", "Deck 2", "Deck 3"])
        #expect(plan.decks.map(\.cards.count) == [2_500, 2_500, 2_500, 2_500])
        #expect(Set(plan.decks.flatMap(\.cards).map(\.prompt)).count == 10_000)

        // Into those decks again: every row is there already.
        let again = try DeckImport(read, into: plan.decks, now: date)
        #expect(again.added == 0 && again.skipped.count == 20_000 && again.decks.isEmpty)
    }

    @Test func aCardUpdatedByItsGUIDEarlierInTheFileIsWhatLaterRowsAreComparedWith() throws {
        let deck = FlashcardDeck(
            name: "D", createdAt: date,
            cards: [
                Flashcard(prompt: "old", answer: "old", createdAt: date, guid: "g1"),
                Flashcard(prompt: "kept", answer: "kept", createdAt: date),
            ])
        let text = """
            #separator:tab
            #guid column:1
            g1\tnew\tnew
            \tnew\tnew
            \told\told
            \tkept\tkept

            """
        let plan = try DeckImport(DeckFile.read(Data(text.utf8), format: .tsv), into: [deck], deckName: "D", now: date)
        #expect(plan.updated == 1)
        // "new" is the updated card's now; "old" is no card's any more; "kept" is there.
        #expect(plan.skipped.map(\.description) == ["line 4: already in “D”", "line 6: already in “D”"])
        #expect(plan.added == 1)
        #expect(plan.decks.first?.cards.map(\.prompt).sorted() == ["new", "old"])
    }
}
