import Foundation
import GRDB
import Records

// MARK: - HIIT

extension ProfileStore: HIITLog {
    public func save(_ session: HIITSession) throws {
        try session.validate()
        _ = try write { db in try saveHIIT(db, session, replacing: true) }
    }

    public func hiitSessions(since: Date?, limit: Int?) throws -> [HIITSession] {
        try store.read { db in
            try fetchHIITSessions(
                db, where: "started_at >= ?", arguments: [since.storedMilliseconds ?? Int64.min], newestFirst: true,
                limit: limit)
        }
    }

    /// Inserts a HIIT session, or (when `replacing`) updates it if it exists for this profile.
    /// Returns whether a row was written.
    @discardableResult
    func saveHIIT(_ db: Database, _ session: HIITSession, replacing: Bool) throws -> Bool {
        try requireNotForeign(db, table: "hiit_session", id: session.id)
        let conflict =
            replacing
            ? """
            DO UPDATE SET exercise = excluded.exercise, started_at = excluded.started_at,
                duration = excluded.duration, completed = excluded.completed, rating = excluded.rating
            """
            : "DO NOTHING"
        try db.execute(
            sql: """
                INSERT INTO hiit_session (id, profile_id, exercise, started_at, duration, completed, rating)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) \(conflict)
                """,
            arguments: [
                session.id.uuidString, profileID, session.exercise, session.startedAt.storedMilliseconds,
                session.duration, session.completed, session.rating,
            ])
        return db.changesCount > 0
    }

    /// HIIT sessions of this profile matching `condition`, ordered by start.
    func fetchHIITSessions(
        _ db: Database, where condition: String = "1", arguments: StatementArguments = [],
        newestFirst: Bool = false, limit: Int? = nil
    ) throws -> [HIITSession] {
        try sessionRows(
            db, table: "hiit_session", where: condition, arguments: arguments, newestFirst: newestFirst, limit: limit
        ).map { row in
            HIITSession(
                id: try Columns.uuid(row, "id"), exercise: try row.decode(forColumn: "exercise"),
                startedAt: try Columns.date(row, "started_at"), duration: try row.decode(forColumn: "duration"),
                completed: try row.decode(forColumn: "completed"), rating: try row.decode(forColumn: "rating"))
        }
    }
}
