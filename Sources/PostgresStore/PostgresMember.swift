import Foundation
import Records

/// One member's data on PostgreSQL: every query names the member's profile, so whatever a member
/// types on a box, no row of another member is read or written.
struct PostgresMember: Sendable {
    let profile: Profile
    let store: PostgresStore

    var profileID: String { profile.id.uuidString }

    /// Runs `body` in one transaction once the member's profile is known to exist.
    func write<Value>(_ body: () throws -> Value) throws -> Value {
        try store.transaction {
            guard try !store.rows("SELECT 1 FROM profile WHERE id = \(profileID) FOR SHARE").isEmpty else {
                throw PostgresStore.Failure(description: "the profile \(profile.name) was removed")
            }
            return try body()
        }
    }

    /// Refuses an identifier of `table` that another member's row holds.
    func requireNotForeign(table: String, id: UUID) throws {
        let owner = try store.rows(
            PostgresQuery(unsafeSQL: "SELECT profile_id FROM \(table) WHERE id = $1", binds: binds(id.uuidString)))
        if let owner = owner.first, try owner.decode(String.self) != profileID {
            throw LogError.invalidValue("the identifier \(id.uuidString) belongs to another profile")
        }
    }

    /// Runs `body` in a transaction when session `id` of `table` is this member's.
    func writeInSession(table: String, id: UUID, _ body: () throws -> Void) throws {
        try write {
            let owned = try store.rows(
                PostgresQuery(
                    unsafeSQL: "SELECT 1 FROM \(table) WHERE id = $1 AND profile_id = $2",
                    binds: binds(id.uuidString, profileID)))
            guard !owned.isEmpty else { throw LogError.unknownSession(id) }
            try body()
        }
    }

    func binds(_ values: String...) -> PostgresBindings {
        var bindings = PostgresBindings()
        for value in values { bindings.append(value) }
        return bindings
    }
}

/// Times as the database keeps them: whole milliseconds since 1970 UTC, rounded as the file does.
extension Date {
    var milliseconds: Int64 {
        let milliseconds = (timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite else { return 0 }
        return Int64(min(max(milliseconds, -9e15), 9e15))
    }

    init(milliseconds: Int64) { self.init(timeIntervalSince1970: Double(milliseconds) / 1000) }
}

// MARK: - Dumbbells

extension PostgresMember: DumbbellLog {
    func lastWorkout(exercise: String, before date: Date) throws -> DumbbellWorkout? {
        try fetchWorkouts(exercise: exercise, before: date.milliseconds, limit: 1).first
    }

    func workouts(exercise: String, limit: Int) throws -> [DumbbellWorkout] {
        try fetchWorkouts(exercise: exercise, limit: max(0, limit))
    }

    func start(_ workout: DumbbellWorkout) throws {
        try workout.validate()
        try write {
            try requireNotForeign(table: "dumbbell_workout", id: workout.id)
            try store.rows(
                """
                INSERT INTO dumbbell_workout
                    (id, profile_id, exercise, unit, started_at, finished_at, status, session_id,
                     title, workout_note, exercise_note)
                VALUES (\(workout.id.uuidString), \(profileID), \(workout.exercise), \(workout.unit.rawValue),
                    \(workout.startedAt.milliseconds), \(workout.finishedAt?.milliseconds), \(workout.status.rawValue),
                    \(workout.sessionID?.uuidString), \(workout.title), \(workout.workoutNote), \(workout.exerciseNote))
                ON CONFLICT (id) DO UPDATE SET
                    exercise = excluded.exercise, unit = excluded.unit, started_at = excluded.started_at,
                    finished_at = excluded.finished_at, status = excluded.status, session_id = excluded.session_id,
                    title = excluded.title, workout_note = excluded.workout_note,
                    exercise_note = excluded.exercise_note
                """)
            for set in workout.sets { try saveSet(set, workoutID: workout.id) }
            try lease(workout.id, if: workout.status)
        }
    }

    func save(_ set: DumbbellSet, inWorkout workoutID: UUID) throws {
        try set.validate()
        try writeInSession(table: "dumbbell_workout", id: workoutID) { try saveSet(set, workoutID: workoutID) }
    }

    func deleteSet(number: Int, inWorkout workoutID: UUID) throws {
        try writeInSession(table: "dumbbell_workout", id: workoutID) {
            try store.rows("DELETE FROM dumbbell_set WHERE workout_id = \(workoutID.uuidString) AND number = \(number)")
        }
    }

    func finishWorkout(_ workoutID: UUID, status: SessionStatus, at finishedAt: Date) throws {
        try SessionEnd.validate(at: finishedAt)
        try write {
            let changed = try store.changes(
                """
                UPDATE dumbbell_workout SET status = \(status.rawValue), finished_at = \(finishedAt.milliseconds)
                WHERE id = \(workoutID.uuidString) AND profile_id = \(profileID)
                """)
            if changed == 0 { throw LogError.unknownSession(workoutID) }
        }
        store.leases.ended(workoutID)
    }

    func endRest(inWorkout workoutID: UUID, at endedAt: Date) throws {
        try SessionEnd.validate(at: endedAt)
        try writeInSession(table: "dumbbell_workout", id: workoutID) {
            try store.rows(
                """
                UPDATE dumbbell_workout SET rest_ended_at = \(endedAt.milliseconds)
                WHERE id = \(workoutID.uuidString) AND profile_id = \(profileID)
                """)
        }
    }

    func workout(id: UUID) throws -> DumbbellWorkout? {
        try fetchWorkouts(id: id.uuidString).first
    }

    private func saveSet(_ set: DumbbellSet, workoutID: UUID) throws {
        try store.rows(
            """
            INSERT INTO dumbbell_set
                (workout_id, number, weight_hundredths, reps, started_at, finished_at, rest_before, set_type,
                 rpe, note)
            VALUES (\(workoutID.uuidString), \(set.number), \(set.weightHundredths), \(set.reps),
                \(set.startedAt.milliseconds), \(set.finishedAt.milliseconds), \(set.restBefore), \(set.type.rawValue),
                \(set.rpe), \(set.note))
            ON CONFLICT (workout_id, number) DO UPDATE SET
                weight_hundredths = excluded.weight_hundredths, reps = excluded.reps,
                started_at = excluded.started_at, finished_at = excluded.finished_at,
                rest_before = excluded.rest_before, set_type = excluded.set_type, rpe = excluded.rpe,
                note = excluded.note
            """)
    }

    /// This member's workouts, newest first, with their sets: of `exercise` with at least one set
    /// and started before `before` (when given), or the one with identifier `id`.
    func fetchWorkouts(
        exercise: String? = nil, before: Int64? = nil, id: String? = nil, limit: Int? = nil
    ) throws -> [DumbbellWorkout] {
        let query: PostgresQuery = """
            SELECT id, exercise, unit, started_at, finished_at, status, session_id, title, workout_note,
                exercise_note
            FROM dumbbell_workout
            WHERE profile_id = \(profileID) AND (\(id)::text IS NULL OR id = \(id))
                AND (\(exercise)::text IS NULL OR (lower(exercise) = lower(\(exercise))
                    AND EXISTS (SELECT 1 FROM dumbbell_set WHERE workout_id = dumbbell_workout.id)))
                AND started_at < \(before ?? Int64.max)
            ORDER BY started_at DESC, id DESC LIMIT \(limit.map(Int64.init) ?? Int64.max)
            """
        var workouts = try store.rows(query).map { row in
            let (id, exercise, unit, startedAt, finishedAt, status, sessionID, title, workoutNote, exerciseNote) =
                try row.decode(
                    (String, String, String, Int64, Int64?, String, String?, String?, String?, String?).self)
            guard let identifier = UUID(uuidString: id), let unit = WeightUnit(rawValue: unit),
                let status = SessionStatus(rawValue: status)
            else { throw PostgresStore.Failure(description: "a stored workout (\(id)) is not one TermFit reads") }
            return DumbbellWorkout(
                id: identifier, exercise: exercise, unit: unit, startedAt: Date(milliseconds: startedAt),
                finishedAt: finishedAt.map(Date.init(milliseconds:)), status: status,
                sessionID: sessionID.flatMap(UUID.init(uuidString:)), title: title, workoutNote: workoutNote,
                exerciseNote: exerciseNote)
        }
        guard !workouts.isEmpty else { return [] }
        let index = Dictionary(uniqueKeysWithValues: workouts.enumerated().map { ($1.id.uuidString, $0) })
        let sets = try store.rows(
            """
            SELECT workout_id, number, weight_hundredths, reps, started_at, finished_at, rest_before, set_type,
                rpe, note
            FROM dumbbell_set WHERE workout_id = ANY(\(Array(index.keys))) ORDER BY workout_id, number
            """)
        for row in sets {
            let (workoutID, number, hundredths, reps, startedAt, finishedAt, rest, type, rpe, note) = try row.decode(
                (String, Int, Int, Int, Int64, Int64, Double?, String, Double?, String?).self)
            guard let position = index[workoutID] else { continue }
            var set = DumbbellSet(
                number: number, weight: 0, reps: reps, startedAt: Date(milliseconds: startedAt),
                finishedAt: Date(milliseconds: finishedAt), restBefore: rest, type: SetType(rawValue: type) ?? .working,
                rpe: rpe, note: note)
            set.weightHundredths = hundredths
            workouts[position].sets.append(set)
        }
        return workouts
    }
}

// MARK: - HIIT

extension PostgresMember: HIITLog {
    func save(_ session: HIITSession) throws {
        try session.validate()
        try write {
            try requireNotForeign(table: "hiit_session", id: session.id)
            try store.rows(
                """
                INSERT INTO hiit_session (id, profile_id, exercise, started_at, duration, completed, rating)
                VALUES (\(session.id.uuidString), \(profileID), \(session.exercise), \(session.startedAt.milliseconds),
                    \(session.duration), \(session.completed), \(session.rating))
                ON CONFLICT (id) DO UPDATE SET exercise = excluded.exercise, started_at = excluded.started_at,
                    duration = excluded.duration, completed = excluded.completed, rating = excluded.rating
                """)
        }
    }

    func hiitSessions(since: Date?, limit: Int?) throws -> [HIITSession] {
        try store.rows(
            """
            SELECT id, exercise, started_at, duration, completed, rating FROM hiit_session
            WHERE profile_id = \(profileID) AND started_at >= \(since?.milliseconds ?? Int64.min)
            ORDER BY started_at DESC, id DESC LIMIT \(limit.map(Int64.init) ?? Int64.max)
            """
        ).map { row in
            let (id, exercise, startedAt, duration, completed, rating) = try row.decode(
                (String, String, Int64, Double, Bool, Int?).self)
            guard let identifier = UUID(uuidString: id) else {
                throw PostgresStore.Failure(description: "a stored HIIT exercise (\(id)) is not one TermFit reads")
            }
            return HIITSession(
                id: identifier, exercise: exercise, startedAt: Date(milliseconds: startedAt), duration: duration,
                completed: completed, rating: rating)
        }
    }
}
