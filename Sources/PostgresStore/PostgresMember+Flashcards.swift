import Foundation
import Records

// MARK: - Flashcards

/// A member's decks, cards, review sessions and answers on PostgreSQL: the same rows as the
/// file's, so a card answered on one box is scheduled from that answer on every box. Every query
/// names the member's profile (a deck's, a session's or a card's through its deck).
extension PostgresMember: FlashcardLibrary {
    /// Cards written in one statement: an Anki import of 100,000 cards is some twenty round trips.
    static let cardsPerStatement = 5_000

    func decks() throws -> [FlashcardDeck] {
        var decks = try store.rows(
            "SELECT id, name, created_at FROM flashcard_deck WHERE profile_id = \(profileID) ORDER BY created_at, id"
        ).map { row in
            let (id, name, createdAt) = try row.decode((String, String, Int64).self)
            return FlashcardDeck(
                id: try Self.identifier(id, "deck"), name: name, createdAt: Date(milliseconds: createdAt))
        }
        guard !decks.isEmpty else { return [] }
        let index = Dictionary(uniqueKeysWithValues: decks.enumerated().map { ($1.id.uuidString, $0) })
        var sharedTemplates: [String: String] = [:]
        for row in try store.rows(
            """
            SELECT c.deck_id, c.id, c.prompt, c.answer, c.created_at, c.guid, c.tags, c.notetype, c.fields, c.ordinal,
                c.templates, c.anki_origin
            FROM flashcard c JOIN flashcard_deck d ON d.id = c.deck_id
            WHERE d.profile_id = \(profileID) ORDER BY c.deck_id, c.created_at, c.id
            """)
        {
            let (deckID, id, prompt, answer, createdAt, guid, tags, notetype, fields, ordinal, templates, origin) =
                try row.decode(
                    (String, String, String, String, Int64, String, String, String, String?, Int, String?, String?).self
                )
            guard let position = index[deckID] else { continue }
            decks[position].cards.append(
                Flashcard(
                    id: try Self.identifier(id, "card"), prompt: prompt, answer: answer,
                    createdAt: Date(milliseconds: createdAt), guid: guid,
                    tags: tags.split(separator: " ").map(String.init), notetype: notetype,
                    fields: fields.map {
                        $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
                    }
                        ?? [],
                    ordinal: ordinal,
                    templates: templates.map { text in
                        // The cards of one note type share one copy of its templates.
                        if let shared = sharedTemplates[text] { return shared }
                        sharedTemplates[text] = text
                        return text
                    } ?? "",
                    ankiOrigin: origin.flatMap(AnkiNoteOrigin.init(storedForm:))))
        }
        return decks
    }

    func save(_ deck: FlashcardDeck) throws {
        try save(decks: [deck], history: [])
    }

    /// Saves several decks and the answers `history` carries in for their cards (an Anki
    /// import), in one transaction: all of it or none. An answer to a card that is not this
    /// member's is refused.
    func save(decks: [FlashcardDeck], history: [FlashcardReview]) throws {
        for deck in decks { try deck.validate() }
        for review in history { try review.validate() }
        try write {
            for deck in decks {
                try requireNotForeign(table: "flashcard_deck", id: deck.id)
                try store.rows(
                    """
                    INSERT INTO flashcard_deck (id, profile_id, name, created_at)
                    VALUES (\(deck.id.uuidString), \(profileID), \(deck.name), \(deck.createdAt.milliseconds))
                    ON CONFLICT (id) DO UPDATE SET name = excluded.name
                    """)
                try saveCards(deck.cards, deckID: deck.id)
                try requireDeckSize(deck.id)
            }
            try saveHistory(history)
        }
    }

    func deleteDeck(_ deckID: UUID) throws {
        try write {
            try store.rows("DELETE FROM flashcard_deck WHERE id = \(deckID.uuidString) AND profile_id = \(profileID)")
        }
    }

    func save(_ card: Flashcard, inDeck deckID: UUID) throws {
        try card.validate()
        try write {
            let owned = try store.rows(
                "SELECT 1 FROM flashcard_deck WHERE id = \(deckID.uuidString) AND profile_id = \(profileID)")
            guard !owned.isEmpty else { throw LogError.unknownDeck(deckID) }
            try saveCards([card], deckID: deckID)
            try requireDeckSize(deckID)
        }
    }

    func deleteCard(_ cardID: UUID) throws {
        try write {
            try store.rows(
                """
                DELETE FROM flashcard WHERE id = \(cardID.uuidString)
                    AND deck_id IN (SELECT id FROM flashcard_deck WHERE profile_id = \(profileID))
                """)
        }
    }

    func start(_ session: FlashcardSession) throws {
        try session.validate()
        try write {
            try requireNotForeign(table: "flashcard_session", id: session.id)
            try store.rows(
                """
                INSERT INTO flashcard_session (id, profile_id, deck_id, deck_name, started_at, finished_at, status)
                VALUES (\(session.id.uuidString), \(profileID), \(session.deckID.uuidString), \(session.deckName),
                    \(session.startedAt.milliseconds), \(session.finishedAt?.milliseconds), \(session.status.rawValue))
                ON CONFLICT (id) DO UPDATE SET
                    deck_id = excluded.deck_id, deck_name = excluded.deck_name, started_at = excluded.started_at,
                    finished_at = excluded.finished_at, status = excluded.status
                """)
            for review in session.reviews { try saveReview(review, sessionID: session.id) }
            try lease(session.id, if: session.status)
        }
    }

    func save(_ review: FlashcardReview, inFlashcardSession sessionID: UUID) throws {
        try review.validate()
        try writeInSession(table: "flashcard_session", id: sessionID) { try saveReview(review, sessionID: sessionID) }
    }

    func deleteFlashcardReview(_ reviewID: UUID, inFlashcardSession sessionID: UUID) throws {
        try writeInSession(table: "flashcard_session", id: sessionID) {
            try store.rows(
                "DELETE FROM flashcard_review WHERE id = \(reviewID.uuidString) AND session_id = \(sessionID.uuidString)"
            )
        }
    }

    func finishFlashcardSession(_ sessionID: UUID, status: SessionStatus, at finishedAt: Date) throws {
        try SessionEnd.validate(at: finishedAt)
        try write {
            let changed = try store.changes(
                """
                UPDATE flashcard_session SET status = \(status.rawValue), finished_at = \(finishedAt.milliseconds)
                WHERE id = \(sessionID.uuidString) AND profile_id = \(profileID)
                """)
            if changed == 0 { throw LogError.unknownSession(sessionID) }
        }
    }

    func flashcardSession(id: UUID) throws -> FlashcardSession? {
        try flashcardSessions(id: id.uuidString).first
    }

    /// Every answer to these cards, the member's own and those carried in from Anki, oldest
    /// first (ties by identifier). For many cards (the whole collection, as the workout asks
    /// when it opens) the member's answers are read whole and kept when their card was asked for.
    func flashcardReviews(ofCards cardIDs: [UUID]) throws -> [FlashcardReview] {
        guard !cardIDs.isEmpty else { return [] }
        let all = cardIDs.count > 2_000
        let ids = all ? [] : cardIDs.map(\.uuidString)
        let rows = try store.rows(
            """
            SELECT r.id, r.card_id, r.grade, r.reviewed_at, r.cram
            FROM flashcard_review r JOIN flashcard_session s ON s.id = r.session_id
            WHERE s.profile_id = \(profileID) AND (\(all) OR r.card_id = ANY(\(ids)))
            UNION ALL
            SELECT h.id, h.card_id, h.grade, h.reviewed_at, h.cram
            FROM flashcard_history h JOIN flashcard c ON c.id = h.card_id JOIN flashcard_deck d ON d.id = c.deck_id
            WHERE d.profile_id = \(profileID) AND (\(all) OR h.card_id = ANY(\(ids)))
            """)
        let wanted = all ? Set(cardIDs) : nil
        let reviews = try rows.map(Self.review).filter { wanted?.contains($0.cardID) ?? true }
        return zip(reviews, reviews.map(\.id.uuidString))
            .sorted { ($0.0.reviewedAt, $0.1) < ($1.0.reviewedAt, $1.1) }.map(\.0)
    }

    /// Every flashcard session of the member, oldest first, with its answers (an export, the
    /// history).
    func allFlashcardSessions() throws -> [FlashcardSession] {
        try flashcardSessions().reversed()
    }

    // MARK: Rows

    /// Writes `cards` into `deckID` (which this member owns), a few thousand a statement,
    /// refusing any card identifier another member's deck holds.
    private func saveCards(_ cards: [Flashcard], deckID: UUID) throws {
        for start in stride(from: 0, to: cards.count, by: Self.cardsPerStatement) {
            let batch = cards[start..<min(start + Self.cardsPerStatement, cards.count)]
            let ids = batch.map(\.id.uuidString)
            let foreign = try store.rows(
                """
                SELECT c.id FROM flashcard c JOIN flashcard_deck d ON d.id = c.deck_id
                WHERE c.id = ANY(\(ids)) AND d.profile_id <> \(profileID) LIMIT 1
                """)
            if let row = foreign.first {
                throw LogError.invalidValue("the identifier \(try row.decode(String.self)) belongs to another profile")
            }
            try store.rows(
                """
                INSERT INTO flashcard (
                    id, deck_id, prompt, answer, created_at, guid, tags, notetype, fields, ordinal, templates, anki_origin)
                SELECT id, \(deckID.uuidString), prompt, answer, created_at, guid, tags, notetype,
                    CASE WHEN has_fields THEN fields END, ordinal, NULLIF(templates, ''), NULLIF(anki_origin, '')
                FROM unnest(\(ids)::text[], \(batch.map(\.prompt))::text[], \(batch.map(\.answer))::text[],
                    \(batch.map(\.createdAt.milliseconds))::bigint[], \(batch.map(\.guid))::text[],
                    \(batch.map { $0.tags.joined(separator: " ") })::text[], \(batch.map(\.notetype))::text[],
                    \(batch.map { $0.fields.joined(separator: "\u{1F}") })::text[],
                    \(batch.map { !$0.fields.isEmpty })::boolean[], \(batch.map { Int64($0.ordinal) })::bigint[],
                    \(batch.map(\.templates))::text[], \(batch.map { $0.ankiOrigin?.storedForm ?? "" })::text[])
                    AS card(id, prompt, answer, created_at, guid, tags, notetype, fields, has_fields, ordinal, templates,
                        anki_origin)
                ON CONFLICT (id) DO UPDATE SET
                    deck_id = excluded.deck_id, prompt = excluded.prompt, answer = excluded.answer,
                    created_at = excluded.created_at, guid = excluded.guid, tags = excluded.tags,
                    notetype = excluded.notetype, fields = excluded.fields, ordinal = excluded.ordinal,
                    templates = excluded.templates, anki_origin = excluded.anki_origin
                """)
        }
    }

    /// Writes answers carried in from Anki, each once, to cards this member owns.
    private func saveHistory(_ history: [FlashcardReview]) throws {
        guard !history.isEmpty else { return }
        let cards = Array(Set(history.map(\.cardID.uuidString)))
        let owned = try Set(
            store.rows(
                """
                SELECT c.id FROM flashcard c JOIN flashcard_deck d ON d.id = c.deck_id
                WHERE c.id = ANY(\(cards)) AND d.profile_id = \(profileID)
                """
            ).map { try $0.decode(String.self) })
        if let stranger = history.first(where: { !owned.contains($0.cardID.uuidString) }) {
            throw LogError.invalidValue("an answer to the card \(stranger.cardID.uuidString), not in this profile")
        }
        for start in stride(from: 0, to: history.count, by: Self.cardsPerStatement) {
            let batch = history[start..<min(start + Self.cardsPerStatement, history.count)]
            try store.rows(
                """
                INSERT INTO flashcard_history (id, card_id, grade, reviewed_at, cram)
                SELECT * FROM unnest(\(batch.map(\.id.uuidString))::text[], \(batch.map(\.cardID.uuidString))::text[],
                    \(batch.map(\.grade.rawValue))::text[], \(batch.map(\.reviewedAt.milliseconds))::bigint[],
                    \(batch.map(\.isCram))::boolean[])
                ON CONFLICT (id) DO NOTHING
                """)
        }
    }

    private func saveReview(_ review: FlashcardReview, sessionID: UUID) throws {
        try store.rows(
            """
            INSERT INTO flashcard_review (id, session_id, card_id, grade, reviewed_at, cram)
            VALUES (\(review.id.uuidString), \(sessionID.uuidString), \(review.cardID.uuidString),
                \(review.grade.rawValue), \(review.reviewedAt.milliseconds), \(review.isCram))
            ON CONFLICT (id) DO UPDATE SET
                card_id = excluded.card_id, grade = excluded.grade, reviewed_at = excluded.reviewed_at,
                cram = excluded.cram
            WHERE flashcard_review.session_id = excluded.session_id
            """)
    }

    /// Refuses a deck of more cards than ``ValueLimits/cardsPerDeck`` (the transaction rolls back).
    private func requireDeckSize(_ deckID: UUID) throws {
        let count = try store.rows("SELECT count(*) FROM flashcard WHERE deck_id = \(deckID.uuidString)")
        try SessionEnd.validateDeckSize(try count.first?.decode(Int.self) ?? 0)
    }

    /// This member's flashcard sessions, newest first, with their answers: the one with
    /// identifier `id`, or all of them.
    private func flashcardSessions(id: String? = nil) throws -> [FlashcardSession] {
        var sessions = try store.rows(
            """
            SELECT id, deck_id, deck_name, started_at, finished_at, status FROM flashcard_session
            WHERE profile_id = \(profileID) AND (\(id)::text IS NULL OR id = \(id))
            ORDER BY started_at DESC, id DESC
            """
        ).map { row in
            let (id, deckID, deckName, startedAt, finishedAt, status) = try row.decode(
                (String, String, String, Int64, Int64?, String).self)
            guard let status = SessionStatus(rawValue: status) else {
                throw PostgresStore.Failure(description: "a stored flashcard session (\(id)) is not one TermFit reads")
            }
            return FlashcardSession(
                id: try Self.identifier(id, "flashcard session"), deckID: try Self.identifier(deckID, "deck"),
                deckName: deckName, startedAt: Date(milliseconds: startedAt),
                finishedAt: finishedAt.map(Date.init(milliseconds:)), status: status)
        }
        guard !sessions.isEmpty else { return [] }
        let index = Dictionary(uniqueKeysWithValues: sessions.enumerated().map { ($1.id.uuidString, $0) })
        for row in try store.rows(
            """
            SELECT id, card_id, grade, reviewed_at, cram, session_id FROM flashcard_review
            WHERE session_id = ANY(\(Array(index.keys))) ORDER BY session_id, reviewed_at, id
            """)
        {
            guard let position = index[try row.makeRandomAccess()[5].decode(String.self)] else { continue }
            sessions[position].reviews.append(try Self.review(row))
        }
        return sessions
    }

    /// A review from a row of (id, card_id, grade, reviewed_at, cram, …).
    private static func review(_ row: PostgresRow) throws -> FlashcardReview {
        let columns = row.makeRandomAccess()
        let id = try columns[0].decode(String.self)
        let card = try columns[1].decode(String.self)
        let grade = try columns[2].decode(String.self)
        let reviewedAt = try columns[3].decode(Int64.self)
        let cram = try columns[4].decode(Bool.self)
        guard let grade = ReviewGrade(rawValue: grade) else {
            throw PostgresStore.Failure(description: "a stored answer (\(id)) has the grade \(grade)")
        }
        return FlashcardReview(
            id: try identifier(id, "answer"), cardID: try identifier(card, "card"), grade: grade,
            reviewedAt: Date(milliseconds: reviewedAt), isCram: cram)
    }

    /// `text` as an identifier, or a failure naming what it identifies.
    static func identifier(_ text: String, _ what: String) throws -> UUID {
        guard let id = UUID(uuidString: text) else {
            throw PostgresStore.Failure(description: "a stored \(what) has an identifier that is not a UUID (\(text))")
        }
        return id
    }
}
