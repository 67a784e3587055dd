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

    /// Every review of these cards in this profile's sessions, oldest first (ties by identifier).
    /// For many cards (a whole collection, as the workout asks when it opens) the profile's
    /// reviews are read in one query and kept when their card was asked for: binding 100,000
    /// identifiers, 5,000 a query, costs more.
    func fetchReviews(_ db: Database, ofCards cardIDs: [UUID]) throws -> [FlashcardReview] {
        var rows: [Row]
        if cardIDs.count > 2_000 {
            // Answers carried in from Anki's review log (v12) too: read for the profile, not by
            // 100,000 identifiers bound 5,000 a query.
            let all =
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT r.* FROM flashcard_review r JOIN flashcard_session s ON s.id = r.session_id
                        WHERE s.profile_id = ?
                        """,
                    arguments: [profileID]) + importedHistory(db)
            let wanted = all.isEmpty ? [] : Set(cardIDs)
            rows = all.filter { row in
                let card: String = row["card_id"] ?? ""
                return (Columns.hexUUID(card) ?? UUID(uuidString: card)).map(wanted.contains) ?? false
            }
        } else {
            rows =
                try importedHistory(db, ofCards: cardIDs)
                + Self.rows(
                    db,
                    sql: {
                        """
                        SELECT r.* FROM flashcard_review r JOIN flashcard_session s ON s.id = r.session_id
                        WHERE s.profile_id = ? AND r.card_id IN (\($0))
                        """
                    }, ids: cardIDs.map(\.uuidString), leading: [profileID])
        }
        let reviews = try rows.map(Self.review)
        // The identifiers' text once each, not twice a comparison.
        return zip(reviews, reviews.map(\.id.uuidString))
            .sorted { ($0.0.reviewedAt, $0.1) < ($1.0.reviewedAt, $1.1) }.map(\.0)
    }

    /// `text` split at an ASCII `separator`, by its bytes (splitting by characters costs a
    /// grapheme break test a character, which shows when 100,000 cards are read).
    static func split(_ text: String, at separator: Unicode.Scalar, omittingEmpty: Bool = false) -> [String] {
        text.utf8.split(separator: UInt8(separator.value), omittingEmptySubsequences: omittingEmpty).map {
            String(decoding: $0, as: UTF8.self)
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
