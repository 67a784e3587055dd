import Foundation
import GRDB
import Records

extension ProfileStore {
    /// Saves several decks (names and the cards they hold, as ``save(_:)-(FlashcardDeck)`` does)
    /// in one transaction: an import into several decks is saved whole or not at all.
    public func save(decks: [FlashcardDeck]) throws {
        for deck in decks { try deck.validate() }
        try write { db in
            for deck in decks { try saveDeck(db, deck) }
        }
    }

    public func deleteFlashcardReview(_ reviewID: UUID, inFlashcardSession sessionID: UUID) throws {
        try store.write { db in
            guard try ownership(db, table: "flashcard_session", id: sessionID) == .this else {
                throw LogError.unknownSession(sessionID)
            }
            try db.execute(
                sql: "DELETE FROM flashcard_review WHERE id = ? AND session_id = ?",
                arguments: [reviewID.uuidString, sessionID.uuidString])
        }
    }
}
