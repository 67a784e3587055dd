import Foundation
import Records

// Sessions carry their box and a lease; commands are carried out once (migration v15).

extension PostgresMember {
    /// Records that this box runs session `id` with a lease from now, when `status` says it runs.
    func lease(_ id: UUID, if status: SessionStatus) throws {
        guard status == .inProgress else { return }
        try store.rows(
            """
            INSERT INTO session_lease (session_id, profile_id, box_id, lease_until)
            VALUES (\(id.uuidString), \(profileID), \(store.leases.box), \(SessionLeases.expiry(from: Date())))
            ON CONFLICT (session_id) DO UPDATE SET box_id = excluded.box_id, lease_until = excluded.lease_until
            """)
        store.leases.started(id)
    }
}

extension PostgresMember: ClosesInterruptedSessions {
    func closeInterruptedSessions(resumableSince: Date, at now: Date) throws -> Int {
        let box = store.leases.box
        let now = SessionLeases.milliseconds(now)
        return try write {
            // The dumbbell workout that can still be carried on stays open.
            var kept = ""
            let latest = try store.rows(
                """
                SELECT COALESCE(session_id, id) FROM dumbbell_workout WHERE profile_id = \(profileID)
                ORDER BY started_at DESC LIMIT 1
                """
            ).first.map { try $0.decode(String.self) }
            if let latest {
                let ids = try store.rows(
                    """
                    SELECT id FROM dumbbell_workout
                    WHERE profile_id = \(profileID) AND COALESCE(session_id, id) = \(latest)
                    """
                ).map { try $0.decode(String.self) }
                let exercises = try ids.flatMap { try fetchWorkouts(id: $0) }
                if DumbbellWorkout.canResume(exercises, since: resumableSince) { kept = latest }
            }
            var closed = 0
            for table in ["card_session", "dumbbell_workout", "flashcard_session"] {
                closed += try store.changes(
                    PostgresQuery(
                        unsafeSQL: """
                            UPDATE \(table) SET status = 'cutOff'
                            WHERE profile_id = $1 AND status = 'inProgress' AND COALESCE(\(
                                table == "dumbbell_workout" ? "session_id, id" : "id")) <> $2
                                AND NOT EXISTS (SELECT 1 FROM session_lease l
                                    WHERE l.session_id = \(table).id AND l.box_id <> $3 AND l.lease_until >= $4)
                            """,
                        binds: bindings(profileID, kept, box, now)))
            }
            return closed
        }
    }

    private func bindings(_ profile: String, _ kept: String, _ box: String, _ now: Int64) -> PostgresBindings {
        var bindings = binds(profile, kept, box)
        bindings.append(now)
        return bindings
    }
}

extension PostgresMember: CarriesOutCommandsOnce {
    func carryOut<Value>(command commandID: UUID, _ body: () throws -> Value) throws -> Value? {
        try write {
            // Two boxes replaying the same command at once: the insert of one waits for the
            // other's transaction, and then finds the identifier taken.
            let taken = try store.changes(
                """
                INSERT INTO carried_out_command (id, profile_id, carried_out_at)
                VALUES (\(commandID.uuidString), \(profileID), \(SessionLeases.milliseconds(Date())))
                ON CONFLICT (id) DO NOTHING
                """)
            guard taken == 1 else { return nil }
            return try body()
        }
    }
}

extension PostgresStore: RenewsSessionLeases {
    @discardableResult
    public func renewLeases(at now: Date) throws -> Int {
        let running = leases.current.map(\.uuidString)
        guard !running.isEmpty else { return 0 }
        return try changes(
            """
            UPDATE session_lease SET lease_until = \(SessionLeases.expiry(from: now))
            WHERE box_id = \(leases.box) AND session_id = ANY(\(running))
            """)
    }
}
