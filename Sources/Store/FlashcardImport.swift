import Foundation
import GRDB
import Records

/// An import into a profile's decks that streams: the notes arrive in batches and each batch is
/// written as soon as it is planned, all inside one write transaction (as a lift import is,
/// D-233), so that memory holds one batch and not the file, and a file refused anywhere adds
/// nothing. The existing cards a batch may update or repeat are looked up by guid and by prompt
/// instead of reading every deck.
public struct FlashcardImportWriter {
    let db: Database
    let profile: ProfileStore

    /// The profile's decks, oldest first, without their cards.
    public func deckList() throws -> [FlashcardDeck] {
        try Row.fetchAll(
            db, sql: "SELECT id, name, created_at FROM flashcard_deck WHERE profile_id = ? ORDER BY created_at, id",
            arguments: [profile.profileID]
        ).map { row in
            FlashcardDeck(
                id: try Columns.uuid(row, "id"), name: try row.decode(forColumn: "name"),
                createdAt: try Columns.date(row, "created_at"))
        }
    }

    /// This profile's cards whose guid is one of `guids`, by the identifier of their deck.
    public func cards(withGUIDs guids: Set<String>) throws -> [UUID: [Flashcard]] {
        try cards(
            where: "c.guid IN", values: Array(guids), leading: [])
    }

    /// The cards of the deck `deckID` (this profile's) whose prompt is one of `prompts`.
    public func cards(inDeck deckID: UUID, withPrompts prompts: Set<String>) throws -> [Flashcard] {
        try cards(where: "c.deck_id = ? AND c.prompt IN", values: Array(prompts), leading: [deckID.uuidString])[
            deckID] ?? []
    }

    /// The answers already kept for these cards (TermFit's own and those carried in before).
    public func reviews(ofCards cardIDs: [UUID]) throws -> [FlashcardReview] {
        try profile.fetchReviews(db, ofCards: cardIDs)
    }

    /// Saves decks and answers as ``ProfileStore/save(decks:history:)`` does, inside this import's
    /// transaction.
    public func save(decks: [FlashcardDeck], history: [FlashcardReview]) throws {
        for deck in decks { try deck.validate() }
        for review in history { try review.validate() }
        try profile.saveImported(db, decks: decks, history: history)
    }

    private func cards(where condition: String, values: [String], leading: [String]) throws -> [UUID: [Flashcard]] {
        var found: [UUID: [Flashcard]] = [:]
        let rows = try ProfileStore.rows(
            db,
            sql: {
                """
                SELECT \(ProfileStore.cardColumns)
                FROM flashcard c JOIN flashcard_deck d ON d.id = c.deck_id
                WHERE d.profile_id = ? AND \(condition) (\($0)) ORDER BY c.created_at, c.id
                """
            }, ids: values, leading: [profile.profileID] + leading)
        var templates: [String: String] = [:]
        for row in rows {
            let deckID = try Columns.uuid(row, at: 0, "deck_id")
            found[deckID, default: []].append(try ProfileStore.card(row, sharingTemplates: &templates))
        }
        return found
    }
}

extension ProfileStore {
    /// Runs `body` with a ``FlashcardImportWriter`` in one write transaction: everything it saved
    /// is committed when `body` returns, and nothing when it throws. What `body` throws (a file
    /// refused: its reader's error) comes out unchanged; a database problem as a ``StoreError``.
    public func importingFlashcards<Value>(_ body: (FlashcardImportWriter) throws -> Value) throws -> Value {
        var refusal: (any Error)?
        do {
            return try write { db in
                // 100,000 cards touch index pages all over the file (their keys are random): in
                // SQLite's 2 MiB cache the transaction wrote the same pages to the log again and
                // again as it spilled them (69,000 writes for 11,000 cards). A cache of its own,
                // still a fixed size, for the import only.
                let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2_000
                try db.execute(sql: "PRAGMA cache_size = \(Self.importCacheSize)")
                defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
                do {
                    return try body(FlashcardImportWriter(db: db, profile: self))
                } catch let error as DatabaseError {
                    throw error
                } catch {
                    refusal = error
                    throw error
                }
            }
        } catch {
            throw refusal ?? error
        }
    }

    /// The page cache of an import's transaction, in KiB (negative: SQLite's way to say KiB).
    static let importCacheSize = -32_768

    /// A card from a row of `deck_id, id, prompt, answer, created_at, guid, tags, notetype,
    /// fields, ordinal, templates, anki_origin`, read by position.
    static func card(_ row: Row, sharingTemplates templates: inout [String: String]) throws -> Flashcard {
        Flashcard(
            id: try Columns.uuid(row, at: 1, "id"), prompt: try row.decode(atIndex: 2),
            answer: try row.decode(atIndex: 3),
            createdAt: Timestamp.date(milliseconds: try row.decode(atIndex: 4)),
            guid: try row.decode(atIndex: 5),
            tags: Self.split(try row.decode(atIndex: 6), at: " ", omittingEmpty: true),
            notetype: try row.decode(atIndex: 7),
            fields: (try row.decode(String?.self, atIndex: 8)).map { Self.split($0, at: "\u{1F}") } ?? [],
            ordinal: try row.decode(atIndex: 9),
            templates: (try row.decode(String?.self, atIndex: 10)).map { text in
                // The cards of one note type share one copy of its templates.
                if let shared = templates[text] { return shared }
                templates[text] = text
                return text
            } ?? "",
            ankiOrigin: (try row.decode(String?.self, atIndex: 11)).flatMap(AnkiNoteOrigin.init(storedForm:)))
    }
}
