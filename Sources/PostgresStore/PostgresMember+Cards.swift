import Foundation
import Records

// MARK: - Card sessions

extension PostgresMember: CardSessionLog {
    func start(_ session: CardSession) throws {
        try session.validate()
        try write {
            try requireNotForeign(table: "card_session", id: session.id)
            try store.rows(
                """
                INSERT INTO card_session
                    (id, profile_id, deck_id, deck_source, started_at, finished_at, status, active_duration)
                VALUES (\(session.id.uuidString), \(profileID), \(session.deckID), \(session.deckSource.rawValue),
                    \(session.startedAt.milliseconds), \(session.finishedAt?.milliseconds), \(session.status.rawValue),
                    \(session.activeDuration))
                ON CONFLICT (id) DO UPDATE SET
                    deck_id = excluded.deck_id, deck_source = excluded.deck_source,
                    started_at = excluded.started_at, finished_at = excluded.finished_at,
                    status = excluded.status, active_duration = excluded.active_duration
                """)
            for draw in session.draws { try saveDraw(draw, sessionID: session.id) }
            try lease(session.id, if: session.status)
        }
    }

    func save(_ draw: CardDraw, inCardSession sessionID: UUID) throws {
        try draw.validate()
        try writeInSession(table: "card_session", id: sessionID) { try saveDraw(draw, sessionID: sessionID) }
    }

    func deleteDraw(position: Int, inCardSession sessionID: UUID) throws {
        try writeInSession(table: "card_session", id: sessionID) {
            try store.rows(
                "DELETE FROM card_draw WHERE session_id = \(sessionID.uuidString) AND position = \(position)")
        }
    }

    func finishCardSession(
        _ sessionID: UUID, status: SessionStatus, at finishedAt: Date, activeDuration: TimeInterval
    ) throws {
        try SessionEnd.validate(at: finishedAt, activeDuration: activeDuration)
        try write {
            let changed = try store.changes(
                """
                UPDATE card_session SET status = \(status.rawValue), finished_at = \(finishedAt.milliseconds),
                    active_duration = \(activeDuration)
                WHERE id = \(sessionID.uuidString) AND profile_id = \(profileID)
                """)
            if changed == 0 { throw LogError.unknownSession(sessionID) }
        }
        store.leases.ended(sessionID)
    }

    func cardSession(id: UUID) throws -> CardSession? { try cardSessions(id: id.uuidString).first }

    func recentCardSessions(limit: Int) throws -> [CardSession] { try cardSessions(limit: max(0, limit)) }

    private func saveDraw(_ draw: CardDraw, sessionID: UUID) throws {
        try store.rows(
            """
            INSERT INTO card_draw (session_id, position, code, exercise, reps, drawn_at, seconds)
            VALUES (\(sessionID.uuidString), \(draw.position), \(draw.code), \(draw.exercise), \(draw.reps),
                \(draw.drawnAt.milliseconds), \(draw.seconds))
            ON CONFLICT (session_id, position) DO UPDATE SET
                code = excluded.code, exercise = excluded.exercise, reps = excluded.reps,
                drawn_at = excluded.drawn_at, seconds = excluded.seconds
            """)
    }

    /// This member's card sessions, newest first, with their cards: the one with identifier `id`,
    /// or all of them.
    private func cardSessions(id: String? = nil, limit: Int? = nil) throws -> [CardSession] {
        var sessions = try store.rows(
            """
            SELECT id, deck_id, deck_source, started_at, finished_at, status, active_duration FROM card_session
            WHERE profile_id = \(profileID) AND (\(id)::text IS NULL OR id = \(id))
            ORDER BY started_at DESC, id DESC LIMIT \(limit.map(Int64.init) ?? Int64.max)
            """
        ).map { row in
            let (id, deckID, source, startedAt, finishedAt, status, activeDuration) = try row.decode(
                (String, String, String, Int64, Int64?, String, Double).self)
            guard let identifier = UUID(uuidString: id), let status = SessionStatus(rawValue: status) else {
                throw PostgresStore.Failure(description: "a stored card session (\(id)) is not one TermFit reads")
            }
            return CardSession(
                id: identifier, deckID: deckID, deckSource: DeckSource(rawValue: source),
                startedAt: Date(milliseconds: startedAt), finishedAt: finishedAt.map(Date.init(milliseconds:)),
                status: status, activeDuration: activeDuration)
        }
        guard !sessions.isEmpty else { return [] }
        let index = Dictionary(uniqueKeysWithValues: sessions.enumerated().map { ($1.id.uuidString, $0) })
        for row in try store.rows(
            """
            SELECT session_id, position, code, exercise, reps, drawn_at, seconds FROM card_draw
            WHERE session_id = ANY(\(Array(index.keys))) ORDER BY session_id, position
            """)
        {
            let (sessionID, position, code, exercise, reps, drawnAt, seconds) = try row.decode(
                (String, Int, String, String, Int, Int64, Double?).self)
            guard let at = index[sessionID] else { continue }
            sessions[at].draws.append(
                CardDraw(
                    position: position, code: code, exercise: exercise, reps: reps,
                    drawnAt: Date(milliseconds: drawnAt), seconds: seconds))
        }
        return sessions
    }
}
