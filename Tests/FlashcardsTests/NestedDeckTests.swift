import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Flashcards

/// Nested decks (`Lang::French`) in the workout: the list shows each deck indented under its
/// parent, a parent without a deck of its own is listed and made when opened, and studying a
/// parent deals its children's cards too.
@Suite struct NestedDeckTests {
    private func picker(_ harness: Harness) -> DeckPicker? {
        if case .decks(let picker) = harness.workout.sheet { return picker }
        return nil
    }

    static let decks = [
        numberedDeck(2, name: "Numbers", id: 0),
        numberedDeck(3, name: "Lang::French", id: 1),
        numberedDeck(1, name: "Lang::Japanese::Kana", id: 2),
        numberedDeck(4, name: "Lang::Japanese", id: 3),
    ]

    @Test func theListShowsEachDeckIndentedUnderItsParentCountingItsChildren() {
        let listed = DeckTree.listed(Self.decks)
        #expect(listed.map(\.name) == ["Numbers", "Lang", "Lang::French", "Lang::Japanese", "Lang::Japanese::Kana"])
        #expect(listed.map(\.depth) == [0, 0, 1, 1, 2])
        #expect(listed[1].deck == nil, "no deck is called Lang")
        var harness = Harness(decks: Self.decks)
        harness.press(.character("d"))
        let entries = picker(harness)?.entries ?? []
        #expect(entries.map(\.count) == [2, 8, 3, 5, 1])
        #expect(entries.map(\.new) == [2, 8, 3, 5, 1])
        let frame = harness.frame().joined(separator: "\n")
        #expect(frame.contains("Lang "), "\(frame)")
        #expect(frame.contains("  French"), "\(frame)")
        #expect(frame.contains("    Kana"), "\(frame)")
        #expect(!frame.contains("Lang::French"), "the child is listed by its own name under its parent")
    }

    @Test func studyingAParentDealsItsChildrensCardsToo() {
        var harness = Harness(decks: Self.decks)
        harness.press(.character("d"), .down, .down, .down)
        #expect(picker(harness)?.chosen == fixedID(3))
        let outputs = harness.press(.enter)
        #expect(outputs.contains(.loadReviews(deckID: fixedID(3))))
        #expect(harness.workout.deck?.name == "Lang::Japanese")
        #expect(Set(harness.workout.stack.map(\.id)) == Set((400..<404).map(fixedID) + [fixedID(300)]))
        #expect(harness.workout.studiedCards(ofDeck: fixedID(1)).count == 3, "a leaf studies its own cards")
    }

    @Test func openingAParentWithoutADeckMakesItAndStudiesEveryDeckUnderIt() {
        var harness = Harness(decks: Self.decks)
        harness.press(.character("d"), .down)
        let id = DeckTree.parentIdentifier("Lang")
        #expect(picker(harness)?.chosen == id)
        let outputs = harness.press(.enter)
        guard
            case .save(.flashcardDeck(let made)) = outputs.first(where: {
                if case .save(.flashcardDeck) = $0 { true } else { false }
            })
        else {
            Issue.record("expected the parent deck to be made, got \(outputs)")
            return
        }
        #expect(made.id == id && made.name == "Lang" && made.cards.isEmpty)
        #expect(outputs.contains(.loadReviews(deckID: id)))
        #expect(harness.workout.deck?.name == "Lang")
        #expect(harness.workout.stack.count == 8)
        // Read again, the list has the deck itself at the same place.
        harness.press(.character("d"))
        #expect(picker(harness)?.entries.map(\.id).prefix(2) == [fixedID(0), id])
        #expect(DeckTree.listed(harness.workout.decks)[1].deck?.id == id)
    }

    @Test func aParentsDueCountIncludesItsChildrensAnswers() {
        let answered = FlashcardReview(
            cardID: fixedID(200), grade: .good, reviewedAt: testDate.addingTimeInterval(-5 * 86_400))
        let earlier = FlashcardReview(
            cardID: fixedID(200), grade: .good, reviewedAt: testDate.addingTimeInterval(-5 * 86_400 - 60))
        var harness = Harness(decks: Self.decks, reviews: [earlier, answered])
        harness.press(.character("d"))
        let entries = picker(harness)?.entries ?? []
        #expect(entries.map(\.due) == [0, 1, 1, 0, 0])
    }
}
