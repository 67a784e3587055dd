import Foundation
import GRDB
import Records

// Sessions carry their box and a lease; commands are carried out once (migration v15).

extension ProfileStore {
    /// Records that this box runs session `id` with a lease from now, when `status` says it
    /// runs; the store renews it while this process does.
    func lease(_ db: Database, _ id: UUID, if status: SessionStatus) throws {
        guard status == .inProgress else { return }
        try db.execute(
            sql: """
                INSERT INTO session_lease (session_id, profile_id, box_id, lease_until) VALUES (?, ?, ?, ?)
                ON CONFLICT (session_id) DO UPDATE SET box_id = excluded.box_id, lease_until = excluded.lease_until
                """,
            arguments: [id.uuidString, profileID, store.leases.box, SessionLeases.expiry(from: Date())])
        store.leases.started(id)
    }

    /// The condition on a row of session table `table` that this box may close it (arguments:
    /// the box, then now in milliseconds): it has no lease, or it is this box's, or its lease
    /// expired.
    static func closable(_ table: String) -> String {
        """
        NOT EXISTS (SELECT 1 FROM session_lease l
            WHERE l.session_id = \(table).id AND l.box_id <> ? AND l.lease_until >= ?)
        """
    }
}

extension ProfileStore: ClosesInterruptedSessions {}

extension ProfileStore: CarriesOutCommandsOnce {
    public func carryOut<Value>(command commandID: UUID, _ body: () throws -> Value) throws -> Value? {
        try write { db in
            let done = try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM carried_out_command WHERE id = ?)",
                arguments: [commandID.uuidString])
            if done == true { return nil }
            let value = try body()
            try db.execute(
                sql: "INSERT INTO carried_out_command (id, profile_id, carried_out_at) VALUES (?, ?, ?)",
                arguments: [commandID.uuidString, profileID, SessionLeases.milliseconds(Date())])
            return value
        }
    }
}

extension TermFitStore: RenewsSessionLeases {
    @discardableResult
    public func renewLeases(at now: Date) throws -> Int {
        let running = leases.current.map(\.uuidString)
        guard !running.isEmpty else { return 0 }
        return try write { db in
            let marks = Array(repeating: "?", count: running.count).joined(separator: ",")
            try db.execute(
                sql: "UPDATE session_lease SET lease_until = ? WHERE box_id = ? AND session_id IN (\(marks))",
                arguments: StatementArguments([SessionLeases.expiry(from: now)] as [Int64])
                    + StatementArguments([leases.box] + running))
            return db.changesCount
        }
    }
}
