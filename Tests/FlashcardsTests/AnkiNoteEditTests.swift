import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Flashcards

/// An edit in TermFit goes into the right field of its Anki note, changing only what changed:
/// a cloze keeps its deletions, a custom note type its markup.
@Suite struct AnkiNoteEditTests {
    static let cloze = ["The {{c1::heart}} pumps {{c2::blood::fluid}}.", "<i>cardio</i>"]

    @Test func anEditOfAClozeAnswerGoesIntoItsTextKeepingTheDeletions() throws {
        let shown = AnkiNotetype.cloze.card(ordinal: 0, values: Self.cloze)
        #expect(shown.prompt == "The […] pumps blood.")
        #expect(shown.answer == "The heart pumps blood.\ncardio")
        let inserted = AnkiNoteEdit.fields(
            Self.cloze, changing: shown.answer, to: "The heart pumps oxygenated blood.\ncardio")
        #expect(inserted == ["The {{c1::heart}} pumps oxygenated {{c2::blood::fluid}}.", "<i>cardio</i>"])
        let extra = AnkiNoteEdit.fields(Self.cloze, changing: shown.answer, to: "The heart pumps blood.\ncardiology")
        #expect(extra == ["The {{c1::heart}} pumps {{c2::blood::fluid}}.", "<i>cardiology</i>"])
        let inDeletion = AnkiNoteEdit.fields(Self.cloze, changing: shown.answer, to: "The Heart pumps blood.\ncardio")
        #expect(inDeletion?.first == "The {{c1::Heart}} pumps {{c2::blood::fluid}}.")
        let prompt = AnkiNoteEdit.fields(Self.cloze, changing: shown.prompt, to: "The […] pumps blood & lymph.")
        #expect(prompt?.first == "The {{c1::heart}} pumps {{c2::blood::fluid}} &amp; lymph.")
        // Both cards of the note show the edit as Anki would.
        let second = AnkiNotetype.cloze.card(ordinal: 1, values: try #require(inserted))
        #expect(second.prompt == "The heart pumps oxygenated [fluid].")
    }

    @Test func anEditOfACustomNoteTypeKeepsItsMarkup() {
        let fields = ["<b>perro</b>", "dog<br>a pet &amp; friend"]
        #expect(AnkiNoteEdit.fields(fields, changing: "perro", to: "el perro") == ["<b>el perro</b>", fields[1]])
        #expect(
            AnkiNoteEdit.fields(fields, changing: "dog\na pet & friend", to: "dog\na loyal pet & friend")
                == ["<b>perro</b>", "dog<br>a loyal pet &amp; friend"])
        #expect(
            AnkiNoteEdit.fields(fields, changing: "dog\na pet & friend", to: "dog\na pet <3")
                == ["<b>perro</b>", "dog<br>a pet &lt;3"])
        // A change that stands in no field as it reads (it spans a line break) takes the whole field.
        #expect(
            AnkiNoteEdit.fields(fields, changing: "dog\na pet & friend", to: "cat")
                == ["<b>perro</b>", "cat"])
    }

    @Test func theEditorsChangeGoesToEveryCardOfTheNoteAndIsSaved() throws {
        let guid = "cl0ze#note"
        let cards = (0..<2).map { ordinal in
            let shown = AnkiNotetype.cloze.card(ordinal: ordinal, values: Self.cloze)
            return Flashcard(
                id: fixedID(100 + ordinal), prompt: shown.prompt, answer: shown.answer, createdAt: testDate,
                guid: guid, notetype: "Cloze", fields: Self.cloze, ordinal: ordinal)
        }
        let deck = FlashcardDeck(id: fixedID(0), name: "Medical", createdAt: testDate, cards: cards)
        var harness = Harness(decks: [deck])
        var edited = cards[0]
        edited.answer = "The heart pumps oxygenated blood.\ncardio"
        var outputs: [FlashcardsWorkout.Output] = []
        harness.workout.writeBack(&edited, into: &outputs)
        let fields = ["The {{c1::heart}} pumps oxygenated {{c2::blood::fluid}}.", "<i>cardio</i>"]
        #expect(edited.fields == fields)
        guard case .save(.flashcard(let sibling, let deckID)) = outputs.first, outputs.count == 1 else {
            Issue.record("expected the other card saved, got \(outputs)")
            return
        }
        #expect(deckID == fixedID(0) && sibling.id == fixedID(101) && sibling.fields == fields)
        #expect(sibling.prompt == "The heart pumps oxygenated [fluid].")
        #expect(sibling.answer == "The heart pumps oxygenated blood.\ncardio")
        // A card made in TermFit has no note to write into.
        var made = Flashcard(prompt: "a", answer: "b", createdAt: testDate)
        let before = made
        made.answer = "c"
        #expect(AnkiNoteEdit.writingBack(made, over: before) == nil)
    }
}
