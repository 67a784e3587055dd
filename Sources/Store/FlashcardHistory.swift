import Foundation
import GRDB
import Records

/// Answers carried in with cards from Anki's review log (`flashcard_history`, since v12): read
/// with the profile's own answers, so that each card's FSRS memory continues from its history.
extension ProfileStore {
    /// Saves several decks (as ``save(decks:)`` does) and the answers `history` holds of their
    /// cards, in one transaction: an import is saved whole or not at all. An answer to a card
    /// that is not this profile's is refused.
    public func save(decks: [FlashcardDeck], history: [FlashcardReview]) throws {
        for deck in decks { try deck.validate() }
        for review in history { try review.validate() }
        try write { db in try saveImported(db, decks: decks, history: history) }
    }

    /// Saves decks and the answers carried in with their cards, inside the caller's transaction.
    func saveImported(_ db: Database, decks: [FlashcardDeck], history: [FlashcardReview]) throws {
        for deck in decks { try saveDeck(db, deck) }
        for review in history {
            // Cached statements: an import of a collection with scheduling saves every answer here.
            let owner = try String.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT d.profile_id FROM flashcard c JOIN flashcard_deck d ON d.id = c.deck_id WHERE c.id = ?
                        """),
                arguments: [review.cardID.uuidString])
            guard owner == profileID else {
                throw LogError.invalidValue("an answer to the card \(review.cardID.uuidString), not in this profile")
            }
            try db.cachedStatement(
                sql: """
                    INSERT INTO flashcard_history (id, card_id, grade, reviewed_at, cram) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO NOTHING
                    """
            ).execute(arguments: [
                review.id.uuidString, review.cardID.uuidString, review.grade.rawValue,
                review.reviewedAt.storedMilliseconds, review.isCram,
            ])
        }
    }

    /// The rows of every answer carried in to this profile's cards.
    func importedHistory(_ db: Database) throws -> [Row] {
        try Row.fetchAll(
            db,
            sql: """
                SELECT h.id, h.card_id, h.grade, h.reviewed_at, h.cram
                FROM flashcard_history h JOIN flashcard c ON c.id = h.card_id
                JOIN flashcard_deck d ON d.id = c.deck_id
                WHERE d.profile_id = ?
                """,
            arguments: [profileID])
    }

    /// The rows of answers carried in for `cardIDs` (this profile's cards only).
    func importedHistory(_ db: Database, ofCards cardIDs: [UUID]) throws -> [Row] {
        try Self.rows(
            db,
            sql: {
                """
                SELECT h.id, h.card_id, h.grade, h.reviewed_at, h.cram
                FROM flashcard_history h JOIN flashcard c ON c.id = h.card_id
                JOIN flashcard_deck d ON d.id = c.deck_id
                WHERE d.profile_id = ? AND h.card_id IN (\($0))
                """
            }, ids: cardIDs.map(\.uuidString), leading: [profileID])
    }
}
