import Foundation
import GRDB
import Records
import Testing

@testable import Store

/// A dumbbell workout cut off (a dropped link, Ctrl-C, a kill, a crash) is handed back to be
/// carried on for `DumbbellWorkout.resumableFor` (6 hours); one older, or one another TermFit is
/// doing, is not.
@Suite("Resuming a cut-off workout")
struct ResumeTests {
    private static let start = time("2026-01-02T08:00:00Z")

    /// A workout of `exercise` started at `start` with `sets` sets, one a minute.
    private func workout(
        _ number: Int, exercise: String = "Curl", sets: Int, start: Date = ResumeTests.start, group: Int? = nil
    ) -> DumbbellWorkout {
        DumbbellWorkout(
            id: id(number), exercise: exercise, unit: .kilograms, startedAt: start,
            sets: (0..<sets).map { index in
                DumbbellSet(
                    number: index + 1, weight: 12.5, reps: 10, startedAt: start.addingTimeInterval(Double(index) * 60),
                    finishedAt: start.addingTimeInterval(Double(index) * 60 + 30))
            }, sessionID: group.map(id))
    }

    private func status(_ store: TermFitStore, _ workout: UUID) throws -> String? {
        try #require(store.pool).read { db in
            try String.fetchOne(
                db, sql: "SELECT status FROM dumbbell_workout WHERE id = ?", arguments: [workout.uuidString])
        }
    }

    @Test("A workout cut off an hour ago comes back with its sets, in progress again, and only once")
    func cutOffWithinSixHours() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let anna = try store.profileStore(named: "anna")
        try anna.start(workout(1, sets: 0))
        try anna.save(workout(1, sets: 2).sets[0], inWorkout: id(1))
        try anna.save(workout(1, sets: 2).sets[1], inWorkout: id(1))
        // Ctrl-C or a hang-up: the workout says it was cut off.
        try anna.finishWorkout(id(1), status: .cutOff, at: Self.start.addingTimeInterval(100))
        let since = Self.start.addingTimeInterval(3600 - DumbbellWorkout.resumableFor)
        #expect(try anna.closeInterruptedSessions(resumableSince: since) == 0)
        let resumed = try anna.resumeCutOffWorkout(since: since)
        #expect(resumed.map(\.id) == [id(1)])
        #expect(resumed.first?.sets.map(\.number) == [1, 2])
        #expect(resumed.first?.status == .inProgress)
        #expect(try status(store, id(1)) == "inProgress")
        #expect(try anna.workout(id: id(1))?.finishedAt == nil)
        // Finished from there, it is one workout, finished, and no longer handed back.
        try anna.save(workout(1, sets: 3).sets[2], inWorkout: id(1))
        try anna.finishWorkout(id(1), status: .finished, at: Self.start.addingTimeInterval(200))
        #expect(try anna.resumeCutOffWorkout(since: since).isEmpty)
        #expect(try anna.recentWorkouts(limit: 10).map { $0.sets.count } == [3])
        try store.close()
    }

    @Test("A workout cut off more than six hours ago is closed as cut off and not handed back")
    func olderThanSixHours() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let anna = try store.profileStore(named: "anna")
        try anna.start(workout(1, sets: 2))
        // Killed: it is left in progress. Its last set ended 6 h 1 min before "now".
        let now = Self.start.addingTimeInterval(90 + DumbbellWorkout.resumableFor + 60)
        let since = now.addingTimeInterval(-DumbbellWorkout.resumableFor)
        #expect(try anna.resumeCutOffWorkout(since: since).isEmpty)
        #expect(try anna.closeInterruptedSessions(resumableSince: since) == 1)
        #expect(try status(store, id(1)) == "cutOff")
        // Two minutes earlier it was still within the six hours.
        try anna.start(workout(2, sets: 2, start: Self.start.addingTimeInterval(10)))
        #expect(try anna.closeInterruptedSessions(resumableSince: since.addingTimeInterval(-120)) == 0)
        #expect(try status(store, id(2)) == "inProgress")
        try store.close()
    }

    @Test("Only the most recent workout comes back: an older one left open is closed, a newer finished one wins")
    func onlyTheLatest() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let anna = try store.profileStore(named: "anna")
        let since = Self.start.addingTimeInterval(-3600)
        try anna.start(workout(1, sets: 1))
        try anna.start(workout(2, sets: 1, start: Self.start.addingTimeInterval(600)))
        #expect(try anna.closeInterruptedSessions(resumableSince: since) == 1)
        #expect(try status(store, id(1)) == "cutOff")
        #expect(try status(store, id(2)) == "inProgress")
        try anna.finishWorkout(id(2), status: .finished, at: Self.start.addingTimeInterval(700))
        #expect(try anna.resumeCutOffWorkout(since: since).isEmpty, "the newest was finished")
        // Another profile's cut-off workout is not this profile's.
        let ben = try store.profileStore(named: "ben")
        #expect(try ben.resumeCutOffWorkout(since: since).isEmpty)
        try store.close()
    }

    @Test("Every exercise of a workout of several comes back, oldest first")
    func severalExercises() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let anna = try store.profileStore(named: "anna")
        try anna.start(workout(1, exercise: "Curl", sets: 2, group: 1))
        try anna.start(workout(2, exercise: "Row", sets: 1, start: Self.start.addingTimeInterval(300), group: 1))
        let resumed = try anna.resumeCutOffWorkout(since: Self.start)
        #expect(resumed.map(\.exercise) == ["Curl", "Row"])
        #expect(resumed.map(\.sets.count) == [2, 1])
        try store.close()
    }

    @Test("A workout another running TermFit holds is not handed back; once that process is gone, it is")
    func heldByAnotherProcess() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        let store = try TermFitStore.open(at: location)
        let anna = try store.profileStore(named: "anna")
        try anna.start(workout(1, sets: 1))
        WorkoutClaims.release(id(1), in: location)  // as if another process had started it
        let path = WorkoutClaims.path(of: id(1), in: location)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        // Another process holds the workout's claim, as a TermFit doing it does.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = ["--no-fork", "--exclusive", path, "sleep", "30"]
        try holder.run()
        defer { if holder.isRunning { holder.terminate() } }
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            let probe = open(path, O_RDONLY)
            if probe >= 0 {
                let taken = flock(probe, LOCK_EX | LOCK_NB) != 0
                close(probe)
                if taken { break }
            }
            usleep(20_000)
        }
        #expect(try anna.resumeCutOffWorkout(since: Self.start).isEmpty, "running in another window")
        #expect(try anna.closeInterruptedSessions(resumableSince: Self.start) == 0, "and not closed either")
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        #expect(try anna.resumeCutOffWorkout(since: Self.start).map(\.id) == [id(1)])
        try store.close()
        #expect(!FileManager.default.fileExists(atPath: path), "closing the store lets go of its claims")
    }

    @Test("A skipped rest is kept with its workout and handed back with it; another profile's is refused")
    func skippedRestIsKept() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let anna = try store.profileStore(named: "anna")
        try anna.start(workout(1, sets: 2))
        #expect(try anna.workout(id: id(1))?.restEndedAt == nil)
        let skipped = Self.start.addingTimeInterval(70.25)
        try UnsavedStep.dumbbellRestEnd(workoutID: id(1), at: skipped).save(into: anna)
        #expect(try anna.workout(id: id(1))?.restEndedAt == skipped)
        try anna.finishWorkout(id(1), status: .cutOff, at: Self.start.addingTimeInterval(100))
        let resumed = try anna.resumeCutOffWorkout(since: Self.start)
        #expect(resumed.first?.restEndedAt == skipped)
        let ben = try store.profileStore(named: "ben")
        #expect(throws: LogError.self) { try ben.endRest(inWorkout: id(1), at: skipped) }
        #expect(throws: LogError.self) { try anna.endRest(inWorkout: id(2), at: skipped) }
        #expect(try anna.workout(id: id(1))?.restEndedAt == skipped)
    }

    @Test("A file of v14 gains the skipped rest's column, empty on every workout")
    func version14FileGainsTheColumn() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: location.databasePath)
        try Schema.migrator.migrate(queue, upTo: "v14 exercise names without regard to case")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO profile (id, name) VALUES ('P1', 'anna')")
            try db.execute(
                sql: """
                    INSERT INTO dumbbell_workout (id, profile_id, exercise, unit, started_at, status)
                    VALUES (?, 'P1', 'Curl', 'kg', 0, 'finished')
                    """,
                arguments: [id(1).uuidString])
        }
        try queue.close()
        let store = try TermFitStore.open(at: location)
        defer { try? store.close() }
        let (version, ended) = try #require(store.pool).read { db in
            (
                try Int.fetchOne(db, sql: "PRAGMA user_version"),
                try Int?.fetchAll(db, sql: "SELECT rest_ended_at FROM dumbbell_workout")
            )
        }
        #expect(version == Schema.version)
        #expect(ended == [nil])
    }
}
