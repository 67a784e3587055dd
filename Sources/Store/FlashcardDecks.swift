import Foundation
import GRDB
import Records

extension ProfileStore {
    /// Saves several decks (names and the cards they hold, as ``save(_:)-(FlashcardDeck)`` does)
    /// in one transaction: an import into several decks is saved whole or not at all.
    public func save(decks: [FlashcardDeck]) throws {
        for deck in decks { try deck.validate() }
        try store.write { db in
            for deck in decks {
                try requireNotForeign(db, table: "flashcard_deck", id: deck.id)
                try db.execute(
                    sql: """
                        INSERT INTO flashcard_deck (id, profile_id, name, created_at) VALUES (?, ?, ?, ?)
                        ON CONFLICT (id) DO UPDATE SET name = excluded.name
                        """,
                    arguments: [deck.id.uuidString, profileID, deck.name, deck.createdAt.storedMilliseconds])
                for card in deck.cards { try saveCard(db, card, deckID: deck.id) }
                try Self.requireDeckSize(db, deckID: deck.id)
            }
        }
    }
}
