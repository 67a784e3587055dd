import Foundation
import Records
import Testing

@testable import Store

@Suite("An answer taken back with undo leaves the flashcard-session log")
struct FlashcardUndoTests {
    @Test("deleteFlashcardReview removes that review from the SQLite file, keeps the others, and may run twice")
    func deleteFlashcardReviewRemovesOneReview() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let log = try store.profileStore(named: "anna")
        let card = Flashcard(
            id: id(10), prompt: "Deltoid?", answer: "Shoulder", createdAt: time("2025-03-01T18:00:00Z"))
        try log.save(FlashcardDeck(id: id(20), name: "Muscles", createdAt: time("2025-03-01T18:00:00Z"), cards: [card]))
        let first = FlashcardReview(id: id(1), cardID: card.id, grade: .good, reviewedAt: time("2025-03-01T18:00:05Z"))
        let second = FlashcardReview(
            id: id(2), cardID: card.id, grade: .again, reviewedAt: time("2025-03-01T18:00:09Z"))
        try log.start(
            FlashcardSession(id: id(3), deckID: id(20), deckName: "Muscles", startedAt: time("2025-03-01T18:00:00Z")))
        try log.save(first, inFlashcardSession: id(3))
        try log.save(second, inFlashcardSession: id(3))
        try log.deleteFlashcardReview(id(2), inFlashcardSession: id(3))
        #expect(try log.flashcardSession(id: id(3))?.reviews == [first])
        #expect(try log.flashcardReviews(ofCards: [card.id]) == [first], "the schedule no longer counts it")
        // Carried out again (a recovery file replayed): nothing changes, no error.
        try log.deleteFlashcardReview(id(2), inFlashcardSession: id(3))
        #expect(try log.flashcardSession(id: id(3))?.reviews == [first])
        #expect(throws: LogError.unknownSession(id(9))) {
            try log.deleteFlashcardReview(id(1), inFlashcardSession: id(9))
        }
        // Another profile's session is not touched.
        let other = try store.profileStore(named: "ben")
        #expect(throws: LogError.unknownSession(id(3))) {
            try other.deleteFlashcardReview(id(1), inFlashcardSession: id(3))
        }
        #expect(try log.flashcardSession(id: id(3))?.reviews == [first])
        try store.close()

        let reopened = try TermFitStore.open(at: temporary.location())
        #expect(try reopened.profileStore(named: "anna").flashcardSession(id: id(3))?.reviews == [first])
        try reopened.close()
    }
}
