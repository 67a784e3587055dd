import Foundation
import GRDB
import Records

/// The list of decks of a large collection, counted by SQLite from its indexes (v16): no card
/// is read, only the answered cards' decks.
extension ProfileStore: CountsFlashcards {
    /// Counts each deck's cards (and notes) from the `flashcard_by_deck_and_note` index alone.
    static let deckCountsSQL = """
        SELECT d.id, d.name, d.created_at, (SELECT count(*) FROM flashcard c WHERE c.deck_id = d.id)
        FROM flashcard_deck d WHERE d.profile_id = ? ORDER BY d.created_at, d.id
        """
    /// ``deckCountsSQL`` with each deck's notes too.
    static let deckCountsWithNotesSQL = """
        SELECT d.id, d.name, d.created_at, (SELECT count(*) FROM flashcard c WHERE c.deck_id = d.id),
            (SELECT count(DISTINCT c.guid) FROM flashcard c WHERE c.deck_id = d.id)
        FROM flashcard_deck d WHERE d.profile_id = ? ORDER BY d.created_at, d.id
        """

    public func flashcardDeckCounts(countingNotes: Bool) throws -> [FlashcardDeckCount] {
        try store.read { db in
            try Row.fetchAll(
                db, sql: countingNotes ? Self.deckCountsWithNotesSQL : Self.deckCountsSQL, arguments: [profileID]
            ).map { row in
                FlashcardDeckCount(
                    id: try Columns.uuid(row, at: 0, "id"), name: try row.decode(atIndex: 1),
                    createdAt: Timestamp.date(milliseconds: try row.decode(atIndex: 2)),
                    cards: try row.decode(atIndex: 3),
                    notes: countingNotes ? try row.decode(Int.self, atIndex: 4) : nil)
            }
        }
    }

    public func flashcardNoteCount(inDecks deckIDs: [UUID]) throws -> Int {
        guard !deckIDs.isEmpty else { return 0 }
        return try store.read { db in
            let marks = Array(repeating: "?", count: deckIDs.count).joined(separator: ",")
            return try Int.fetchOne(
                db,
                sql: """
                    SELECT count(DISTINCT c.guid) FROM flashcard c JOIN flashcard_deck d ON d.id = c.deck_id
                    WHERE d.profile_id = ? AND c.deck_id IN (\(marks))
                    """,
                arguments: StatementArguments([profileID] + deckIDs.map(\.uuidString))) ?? 0
        }
    }

    /// The answered cards and their decks. The cards come first (`CROSS JOIN` keeps SQLite to
    /// that order), each found by its key from the answers: joined the other way round, SQLite
    /// walked every card of the member's decks.
    static let answeredCardsSQL = """
        SELECT c.id, c.deck_id FROM flashcard c CROSS JOIN flashcard_deck d ON d.id = c.deck_id
        WHERE d.profile_id = ? AND c.id IN (
            SELECT r.card_id FROM flashcard_review r JOIN flashcard_session s ON s.id = r.session_id
            WHERE s.profile_id = ?
            UNION SELECT h.card_id FROM flashcard_history h)
        """

    /// The cards of `count` row keys, each found by its key (the cards first, as above).
    static func cardsByKeySQL(count: Int) -> String {
        """
        SELECT \(cardColumns), c.rowid FROM flashcard c CROSS JOIN flashcard_deck d ON d.id = c.deck_id
        WHERE d.profile_id = ? AND c.rowid IN (\(Array(repeating: "?", count: count).joined(separator: ",")))
        """
    }

    public func answeredFlashcards() throws -> (reviews: [FlashcardReview], deckOfCard: [UUID: UUID]) {
        try store.read { db in
            var deckOfCard: [UUID: UUID] = [:]
            // Only the cards answered: their identifiers come from the answers, each card is
            // found by its primary key.
            let cards = try Row.fetchCursor(
                db,
                sql: Self.answeredCardsSQL, arguments: [profileID, profileID])
            while let row = try cards.next() {
                deckOfCard[try Columns.uuid(row, at: 0, "id")] = try Columns.uuid(row, at: 1, "deck_id")
            }
            guard !deckOfCard.isEmpty else { return ([], [:]) }
            return (try fetchReviews(db, ofCards: Array(deckOfCard.keys)), deckOfCard)
        }
    }
}

extension ProfileStore: ReadsFirstFlashcards {
    /// The columns ``card(_:sharingTemplates:)`` reads, by position (every read of cards selects them).
    static let cardColumns = """
        c.deck_id, c.id, c.prompt, c.answer, c.created_at, c.guid, c.tags, c.notetype, c.fields, c.ordinal, \
        c.templates, c.anki_origin
        """

    /// A deck's cards never answered outside cram, by key, in the deck's order.
    static let newKeysSQL = """
        SELECT c.rowid FROM flashcard c WHERE c.deck_id = ? AND c.id NOT IN (
            SELECT r.card_id FROM flashcard_review r JOIN flashcard_session s ON s.id = r.session_id
            WHERE s.profile_id = ? AND NOT r.cram
            UNION SELECT h.card_id FROM flashcard_history h WHERE NOT h.cram)
        ORDER BY c.created_at, c.id
        """

    public func newFlashcardKeys(inDecks deckIDs: [UUID]) throws -> [Int64] {
        guard !deckIDs.isEmpty else { return [] }
        return try store.read { db in
            var keys: [Int64] = []
            // Deck by deck, in the order asked, each through `flashcard_by_deck` (which holds the
            // card's identifier): no card's text is read.
            let statement = try db.makeStatement(sql: Self.newKeysSQL)
            for deckID in deckIDs {
                guard try ownership(db, table: "flashcard_deck", id: deckID) == .this else { continue }
                let cursor = try Int64.fetchCursor(statement, arguments: [deckID.uuidString, profileID])
                while let key = try cursor.next() { keys.append(key) }
            }
            return keys
        }
    }

    public func flashcards(withKeys keys: [Int64]) throws -> [Flashcard] {
        guard !keys.isEmpty else { return [] }
        return try store.read { db in
            var templates: [String: String] = [:]
            var found: [Int64: Flashcard] = [:]
            for start in stride(from: 0, to: keys.count, by: 5_000) {
                let chunk = keys[start..<min(start + 5_000, keys.count)]
                let rows = try Row.fetchCursor(
                    db, sql: Self.cardsByKeySQL(count: chunk.count),
                    arguments: StatementArguments([profileID] + chunk.map { DatabaseValue(value: $0) }))
                while let row = try rows.next() {
                    found[try row.decode(Int64.self, atIndex: 12)] = try Self.card(row, sharingTemplates: &templates)
                }
            }
            return keys.compactMap { found[$0] }
        }
    }

    public func flashcards(withIDs ids: [UUID]) throws -> [Flashcard] {
        guard !ids.isEmpty else { return [] }
        return try store.read { db in
            var templates: [String: String] = [:]
            var found: [UUID: Flashcard] = [:]
            for row in try Self.rows(
                db,
                sql: {
                    """
                    SELECT \(Self.cardColumns) FROM flashcard c JOIN flashcard_deck d ON d.id = c.deck_id
                    WHERE d.profile_id = ? AND c.id IN (\($0))
                    """
                }, ids: ids.map(\.uuidString), leading: [profileID])
            {
                let card = try Self.card(row, sharingTemplates: &templates)
                found[card.id] = card
            }
            return ids.compactMap { found[$0] }
        }
    }
}
