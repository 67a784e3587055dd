import Foundation
import Records
import TermUI
import Testing

@testable import Flashcards

/// The list of decks (TermUI's list picker: typing filters it) is read again when it opens, and
/// makes, renames and deletes decks on Ctrl-N, Ctrl-R and Ctrl-X.
@Suite struct DeckManagerTests {
    private func picker(_ harness: Harness) -> DeckPicker? {
        if case .decks(let picker) = harness.workout.sheet { return picker }
        return nil
    }

    @Test func openingTheListAsksForTheDecksAndShowsADeckImportedMeanwhile() {
        var harness = Harness(decks: [numberedDeck(3)])
        #expect(harness.press(.character("d")) == [.loadDecks])
        let imported = numberedDeck(5, name: "Imported", id: 1)
        harness.workout.receive(decks: .success([numberedDeck(3), imported]), at: harness.now)
        #expect(picker(harness)?.entries.map(\.name) == ["Numbers", "Imported"])
        #expect(harness.workout.decks.count == 2)
        #expect(harness.workout.deck?.name == "Numbers", "the deck in use stays")
        let outputs = harness.press(.down, .enter)
        #expect(outputs.contains(.loadReviews(deckID: imported.id)))
        #expect(harness.workout.deck?.name == "Imported")
    }

    @Test func controlNMakesANewDeckAndControlRRenamesOne() {
        var harness = Harness(decks: [numberedDeck(3)])
        harness.press(.character("d"), .control("n"))
        #expect(picker(harness)?.naming == .new)
        harness.type("Numbers")
        #expect(harness.press(.enter).isEmpty, "a name in use is refused")
        #expect(picker(harness)?.message == "A deck is already called “Numbers”: choose another name")
        #expect(harness.frame().contains { $0.contains("already called “Numbers”") }, "said where it can be read")
        harness.press(.control("u"))
        harness.type("Spanish::Verbs")
        let outputs = harness.press(.enter)
        guard case .save(.flashcardDeck(let made)) = outputs.first else {
            Issue.record("expected a new deck, got \(outputs)")
            return
        }
        #expect(made.name == "Spanish::Verbs" && made.cards.isEmpty)
        // A nested deck is listed under its parent, which is listed too.
        #expect(picker(harness)?.entries.map(\.name) == ["Numbers", "Spanish", "Spanish::Verbs"])
        #expect(picker(harness)?.chosen == made.id, "the new deck is highlighted")

        harness.press(.up, .up, .control("r"))
        #expect(picker(harness)?.name.text == "Numbers")
        harness.press(.control("u"))
        harness.type("Counting")
        let renamed = harness.press(.enter)
        guard case .save(.flashcardDeck(let saved)) = renamed.first else {
            Issue.record("expected a renamed deck, got \(renamed)")
            return
        }
        #expect(saved.id == fixedID(0) && saved.name == "Counting" && saved.cards.isEmpty, "the name only")
        #expect(harness.workout.deck?.name == "Counting")
        // Esc while naming keeps everything.
        harness.press(.control("n"))
        harness.type("Nope")
        #expect(harness.press(.escape).isEmpty)
        #expect(picker(harness)?.naming == nil && picker(harness)?.entries.count == 3)
    }

    @Test func deletingADeckAsksWithItsCardCountAndTheDeckInUseGivesWay() {
        var harness = Harness(decks: [numberedDeck(3), numberedDeck(1, name: "Other", id: 1)])
        harness.grade(.right)
        harness.press(.character("d"), .control("x"))
        guard case .deleteDeck(let question, let id) = harness.workout.sheet else {
            Issue.record("expected the question, got \(String(describing: harness.workout.sheet))")
            return
        }
        #expect(id == fixedID(0))
        #expect(question.message == "Delete “Numbers” and its 3 cards? Past sessions stay in the history.")
        #expect(harness.press(.character("n")).isEmpty, "n keeps it")
        #expect(harness.workout.decks.count == 2)
        harness.press(.control("x"))
        let outputs = harness.press(.character("y"))
        #expect(outputs.contains(.save(.flashcardDeckDeletion(fixedID(0)))))
        #expect(outputs.contains { if case .save(.flashcardFinish(_, .abandoned, _)) = $0 { true } else { false } })
        #expect(outputs.contains(.loadReviews(deckID: fixedID(1))))
        #expect(harness.workout.deck?.name == "Other")
        #expect(picker(harness)?.entries.map(\.name) == ["Other"])
        #expect(picker(harness)?.message == "Deleted “Numbers”")
        // The last deck too: no deck, and the list says how to make one.
        harness.press(.control("x"), .enter)
        #expect(harness.workout.decks.isEmpty && harness.workout.deck == nil)
        #expect(harness.canvas().lines().joined().contains("Deleted “Other”"))
        let empty = FlashcardsBindings.decks(DeckPicker(entries: [], current: nil))
        #expect(empty.action(for: .control("x")) == nil && empty.action(for: .control("r")) == nil)
        #expect(empty.action(for: .character("x")) == .pickDeck(.character("x")), "a letter types")
    }

    @Test func typingFiltersTheDecksCaseInsensitivelyAndEnterOpensTheFirst() {
        var harness = Harness(
            decks: [
                numberedDeck(3), numberedDeck(2, name: "Spanish", id: 1), numberedDeck(1, name: "German", id: 2),
            ])
        harness.press(.character("d"))
        #expect(picker(harness).map { $0.list.rows.map($0.list.label(of:)) } == ["Numbers", "Spanish", "German"])
        harness.type("AN")
        #expect(
            picker(harness).map { $0.list.rows.map($0.list.label(of:)) } == [
                "Spanish", "German", "+ New deck “AN”",
            ])
        #expect(harness.frame().contains { $0.contains("Spanish") && $0.contains("2 cards · 0 due") })
        let outputs = harness.press(.enter)
        #expect(outputs.contains(.loadReviews(deckID: fixedID(1))))
        #expect(harness.workout.deck?.name == "Spanish" && harness.workout.sheet == nil)
    }

    @Test func aNameNoDeckHasMakesOneFromTheNewRow() {
        var harness = Harness(decks: [numberedDeck(3)])
        harness.press(.character("d"))
        harness.type("Verbs")
        let outputs = harness.press(.enter)
        guard case .save(.flashcardDeck(let made)) = outputs.first else {
            Issue.record("expected a new deck, got \(outputs)")
            return
        }
        #expect(made.name == "Verbs" && made.cards.isEmpty)
        #expect(picker(harness)?.chosen == made.id && picker(harness)?.message == "Made “Verbs”: Enter opens it")
        harness.press(.enter)
        #expect(harness.workout.deck?.name == "Verbs")
    }

    @Test func aClickOnADeckOpensItAndEscClosesTheList() {
        var harness = Harness(decks: [numberedDeck(3), numberedDeck(2, name: "Other", id: 1)])
        harness.press(.character("d"))
        let frame = picker(harness)?.list.layout(on: harness.workout.size).rows.first { $0.row == .item(1) }?.frame
        if let frame { harness.click(frame.origin) }
        #expect(harness.workout.deck?.name == "Other" && harness.workout.sheet == nil)
        harness.press(.character("d"))
        harness.press(.escape)
        #expect(harness.workout.sheet == nil && harness.workout.deck?.name == "Other")
    }

    @Test func aDeckInUseDeletedByAnotherTermFitGivesWayWhenTheListIsReadAgain() {
        var harness = Harness(decks: [numberedDeck(3), numberedDeck(2, name: "Other", id: 1)])
        harness.press(.character("d"))
        harness.workout.receive(decks: .success([numberedDeck(2, name: "Other", id: 1)]), at: harness.now)
        #expect(harness.workout.deck?.name == "Other")
        #expect(harness.workout.stack.count == 2)
        struct Unreadable: Error, CustomStringConvertible { var description: String { "disk I/O error" } }
        harness.workout.receive(decks: .failure(Unreadable()), at: harness.now)
        #expect(harness.workout.problem == "Could not read the decks again: disk I/O error")
        #expect(harness.workout.decks.count == 1, "what was read before stays")
    }
}
