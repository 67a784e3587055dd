import Foundation
import Records
import TermUI
import Testing

@testable import Flashcards

/// Changing a card in place, undoing a deletion, and pasting with tabs and line breaks.
@Suite struct CardEditingTests {
    private func editor(_ harness: Harness) -> CardEditor? {
        if case .editor(let editor) = harness.workout.sheet { return editor }
        return nil
    }

    @Test func aCardIsChangedInPlaceKeepingItsIdentity() {
        var harness = Harness(decks: [numberedDeck(3)])
        harness.press(.character("e"), .tab, .tab, .down, .enter)
        #expect(editor(harness)?.editing?.id == fixedID(101))
        #expect(editor(harness)?.prompt.text == "Q2" && editor(harness)?.answer.text == "A2")
        #expect(harness.canvas().lines().joined().contains("[ Save ]"))
        harness.press(.control("u"))
        harness.type("Second question")
        let outputs = harness.press(.enter)
        guard case .save(.flashcard(let card, let deckID)) = outputs.first, outputs.count == 1 else {
            Issue.record("expected the changed card saved, got \(outputs)")
            return
        }
        #expect(card.id == fixedID(101) && card.prompt == "Second question" && card.answer == "A2")
        #expect(card.createdAt == numberedDeck(3).cards[1].createdAt && card.guid == numberedDeck(3).cards[1].guid)
        #expect(deckID == fixedID(0))
        #expect(harness.workout.deck?.cards.map(\.prompt) == ["Q1", "Second question", "Q3"], "no card added")
        #expect(editor(harness)?.editing == nil && editor(harness)?.focus == .list)
        // Esc while changing puts the field back as it was and saves nothing.
        harness.press(.character("e"), .control("u"))
        harness.type("Gone")
        #expect(harness.press(.escape).isEmpty)
        #expect(harness.workout.deck?.cards[1].prompt == "Second question")
        #expect(editor(harness)?.prompt.text == "Second question")
        #expect(editor(harness)?.hasUnsavedDraft == false)
    }

    @Test func aDeletedCardComesBackWithUUntilTheNextChangeOrTheEditorCloses() {
        var harness = Harness(decks: [numberedDeck(3)])
        harness.press(.character("e"), .tab, .tab, .down)
        #expect(harness.press(.delete) == [.save(.flashcardDeletion(fixedID(101)))])
        #expect(editor(harness)?.message == "u undoes deleting “Q2”")
        let original = numberedDeck(3).cards[1]
        #expect(harness.press(.character("u")) == [.save(.flashcard(original, deckID: fixedID(0)))])
        #expect(harness.workout.deck?.cards == numberedDeck(3).cards, "back in its place, the same card")
        #expect(editor(harness)?.message == "Put back “Q2”")
        #expect(harness.press(.character("u")).isEmpty, "one deletion, one undo")
        // Another deletion after it replaces what u puts back; a change in between forgets it.
        harness.press(.delete)
        harness.press(.enter)
        #expect(editor(harness)?.undoable == nil)
        harness.press(.tab, .tab)
        #expect(harness.press(.character("u")).isEmpty)
        // Closing the editor ends the chance (Esc: Done, nothing written is dropped).
        harness.press(.escape, .character("e"), .tab, .tab, .delete, .escape)
        #expect(harness.workout.sheet == nil)
        harness.press(.character("e"), .tab, .tab)
        #expect(editor(harness)?.undoable == nil)
        #expect(harness.press(.character("u")).isEmpty)
    }

    @Test func pastingKeepsLineBreaksInTheAnswerAndATabSplitsPromptFromAnswer() {
        var harness = Harness(decks: [numberedDeck(1)])
        harness.press(.character("e"))
        harness.send(.paste("hola\tline one\r\nline two\tand more"))
        #expect(editor(harness)?.prompt.text == "hola")
        #expect(editor(harness)?.answer.text == "line one\nline two and more")
        #expect(editor(harness)?.focus == .answer)
        let outputs = harness.press(.enter)
        guard case .save(.flashcard(let card, _)) = outputs.first else {
            Issue.record("expected a card, got \(outputs)")
            return
        }
        #expect(card.prompt == "hola" && card.answer == "line one\nline two and more")
        harness.send(.paste("a prompt\nover two lines"))
        #expect(editor(harness)?.prompt.text == "a prompt over two lines", "the prompt is one line")
        harness.press(.tab)
        harness.send(.paste("x\ty\nz"))
        #expect(editor(harness)?.answer.text == "x y\nz")
        #expect(harness.canvas().lines().joined().contains("x y↵z"))
    }
}
