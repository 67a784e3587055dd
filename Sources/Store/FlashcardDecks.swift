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
}
