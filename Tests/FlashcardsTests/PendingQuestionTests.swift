import Records
import TermUI
import Testing

@testable import Flashcards

/// Every question Flashcards asks is reported while it is open (`pendingQuestion`,
/// `pendingConfirmation`), so the run loop holds back keys typed before it showed and the
/// too-small notice shows it with its own answers.
@Suite struct PendingQuestionTests {
    private func expectNone(_ harness: Harness) {
        #expect(harness.workout.pendingQuestion == nil)
        #expect(harness.workout.pendingConfirmation == nil)
    }

    @Test func theDeleteDeckQuestion() {
        var harness = Harness(decks: [numberedDeck(3), numberedDeck(1, name: "Other", id: 1)])
        harness.press(.character("d"))
        expectNone(harness)
        harness.press(.control("x"))
        let message = "Delete “Numbers” and its 3 cards? Past sessions stay in the history."
        #expect(harness.workout.pendingQuestion == "Delete deck? \(message)")
        #expect(harness.workout.pendingConfirmation?.message == message)
        #expect(harness.workout.pendingConfirmation?.keysLine() == "y Delete · n Keep")
        harness.press(.character("n"))
        expectNone(harness)
        #expect(harness.workout.decks.count == 2)
    }

    @Test func theDiscardCardQuestion() {
        var harness = Harness()
        harness.press(.character("e"))
        harness.type("Which muscle?")
        harness.press(.tab)
        expectNone(harness)
        harness.press(.escape)
        let question = harness.workout.pendingQuestion
        #expect(question?.hasPrefix("Discard card? ") == true)
        #expect(question?.contains("Which muscle?") == true)
        #expect(harness.workout.pendingConfirmation?.question == question)
        #expect(harness.workout.pendingConfirmation?.keysLine() == "y Discard · n Keep")
        harness.press(.escape)
        expectNone(harness)
        #expect(harness.workout.sheet != nil, "Keep goes back to the card being written")
    }
}
