import Foundation
import GRDB
import Records
import Synchronization

// Carrying on a dumbbell workout that was cut off, and closing what can no longer be carried on.

extension ProfileStore: ResumesDumbbellWorkouts {
    public func resumeCutOffWorkout(since: Date) throws -> [DumbbellWorkout] {
        try write { db in
            let latest = try Row.fetchOne(
                db,
                sql: """
                    SELECT COALESCE(session_id, id) AS grouped FROM dumbbell_workout WHERE profile_id = ?
                    ORDER BY started_at DESC LIMIT 1
                    """,
                arguments: [profileID])
            guard let grouped: String = latest?["grouped"], let group = UUID(uuidString: grouped) else { return [] }
            let exercises = try fetchWorkouts(
                db, where: "COALESCE(session_id, id) = ?", arguments: [group.uuidString])
            guard DumbbellWorkout.canResume(exercises, since: since) else { return [] }
            // Another TermFit doing it now holds its claim.
            guard WorkoutClaims.claim(group, in: store.location) else { return [] }
            try db.execute(
                sql: """
                    UPDATE dumbbell_workout SET status = 'inProgress', finished_at = NULL
                    WHERE profile_id = ? AND COALESCE(session_id, id) = ?
                    """,
                arguments: [profileID, group.uuidString])
            for exercise in exercises { try lease(db, exercise.id, if: .inProgress) }
            return exercises.map { exercise in
                var reopened = exercise
                reopened.status = .inProgress
                reopened.finishedAt = nil
                return reopened
            }
        }
    }

    /// Closes as cut off every session of this profile that a killed process left running (in
    /// progress), but the dumbbell workout that can still be carried on: the profile's most
    /// recent, worked on at or after `resumableSince`; and but a session another box runs (its
    /// lease holds at `now`). Returns how many were closed.
    @discardableResult
    public func closeInterruptedSessions(resumableSince: Date, at now: Date = Date()) throws -> Int {
        let leaseArguments: StatementArguments = [store.leases.box, SessionLeases.milliseconds(now)]
        return try write { db in
            var closed = 0
            for table in ["card_session", "flashcard_session"] {
                try db.execute(
                    sql: """
                        UPDATE \(table) SET status = 'cutOff'
                        WHERE profile_id = ? AND status = 'inProgress' AND \(Self.closable(table))
                        """,
                    arguments: [profileID] + leaseArguments)
                closed += db.changesCount
            }
            let latest = try String.fetchOne(
                db,
                sql: """
                    SELECT COALESCE(session_id, id) FROM dumbbell_workout WHERE profile_id = ?
                    ORDER BY started_at DESC LIMIT 1
                    """,
                arguments: [profileID])
            var kept = ""
            if let latest {
                let exercises = try fetchWorkouts(db, where: "COALESCE(session_id, id) = ?", arguments: [latest])
                if DumbbellWorkout.canResume(exercises, since: resumableSince) { kept = latest }
            }
            try db.execute(
                sql: """
                    UPDATE dumbbell_workout SET status = 'cutOff'
                    WHERE profile_id = ? AND status = 'inProgress' AND COALESCE(session_id, id) <> ?
                        AND \(Self.closable("dumbbell_workout"))
                    """,
                arguments: [profileID, kept] + leaseArguments)
            closed += db.changesCount
            return closed
        }
    }
}

/// The dumbbell workouts this process is doing, each claimed by an advisory lock (`flock`) on a
/// file of the data directory's `running` folder, named by the workout. The kernel lets go of a
/// lock when its process ends however it ends (a kill, a crash), so a workout whose claim can be
/// taken is run by no TermFit; one that cannot is open in another window and is not carried on
/// here.
enum WorkoutClaims {
    private static let held = Mutex<[String: Int32]>([:])

    static func path(of workout: UUID, in location: StoreLocation) -> String {
        let directory = location.directory.hasSuffix("/") ? location.directory : location.directory + "/"
        return directory + "running/" + workout.uuidString
    }

    /// Takes the claim on `workout` for this process (true when this process holds it already);
    /// false when another process holds it. A claim that cannot be made at all (a read-only
    /// directory) is taken as made: the workout is carried on as before there were claims.
    static func claim(_ workout: UUID, in location: StoreLocation) -> Bool {
        let path = path(of: workout, in: location)
        return held.withLock { held in
            if held[path] != nil { return true }
            let folder = (path as NSString).deletingLastPathComponent
            try? FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else { return true }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                return false
            }
            held[path] = descriptor
            return true
        }
    }

    /// Lets go of the claim on `workout`, if this process holds it, and removes its file (and
    /// the `running` folder once it is empty).
    static func release(_ workout: UUID, in location: StoreLocation) {
        let path = path(of: workout, in: location)
        held.withLock { held in
            guard let descriptor = held.removeValue(forKey: path) else { return }
            unlink(path)
            close(descriptor)
            rmdir((path as NSString).deletingLastPathComponent)
        }
    }

    /// Lets go of every claim this process holds in `location` (its database is closing: no
    /// workout goes on there from this process).
    static func releaseAll(in location: StoreLocation) {
        let folder = (path(of: UUID(), in: location) as NSString).deletingLastPathComponent + "/"
        held.withLock { held in
            for (path, descriptor) in held where path.hasPrefix(folder) {
                unlink(path)
                close(descriptor)
                held[path] = nil
            }
            rmdir(folder)
        }
    }
}
