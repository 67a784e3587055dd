import Foundation
import Records
import Testing

/// The store contract (Records' `MemberStore`), the same tests against every backend: the SQLite
/// file and PostgreSQL. A difference between the two is a failure here.
@Suite("Store conformance")
struct ConformanceTests {
    /// A workout of `exercise` started at `start`, with sets of 10 reps at `weights`.
    static func workout(
        _ exercise: String, at start: String, weights: [Double] = [], id: UUID = UUID()
    ) -> DumbbellWorkout {
        let startedAt = time(start)
        return DumbbellWorkout(
            id: id, exercise: exercise, unit: .kilograms, startedAt: startedAt,
            sets: weights.enumerated().map { index, weight in
                set(index + 1, weight: weight, at: startedAt.addingTimeInterval(Double(index) * 120))
            })
    }

    static func set(_ number: Int, weight: Double, reps: Int = 10, at start: Date) -> DumbbellSet {
        DumbbellSet(
            number: number, weight: weight, reps: reps, startedAt: start, finishedAt: start.addingTimeInterval(40),
            restBefore: number == 1 ? nil : 80, type: number == 1 ? .warmUp : .working, rpe: 8.5, note: "felt ok")
    }

    @Test("the PostgreSQL backend is under test: a server answers at TERMFIT_TEST_POSTGRES_URL")
    func serverIsThere() throws {
        // Said once, by name, when the PostgreSQL cases of the tests below cannot run.
        let fresh = try FreshStore(.postgresql)
        defer { fresh.remove() }
        #expect(try fresh.store.profiles().isEmpty)
    }

    @Test("a profile is made once, whoever asks, and profiles come sorted by name", arguments: Backend.allCases)
    func profiles(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let zoe = try fresh.store.profileCreatingIfNeeded(named: "zoe")
        let again = try fresh.another().profileCreatingIfNeeded(named: "zoe")
        #expect(again == zoe)
        _ = try fresh.store.profileCreatingIfNeeded(named: "adam")
        #expect(try fresh.store.profiles().map(\.name) == ["adam", "zoe"])
        #expect(try fresh.store.profile(named: "zoe") == zoe)
        #expect(try fresh.store.profile(named: "nobody") == nil)
        #expect(throws: (any Error).self) { try fresh.store.profileCreatingIfNeeded(named: "") }
    }

    @Test("a dumbbell workout keeps its sets exactly, and a set saved again replaces it", arguments: Backend.allCases)
    func dumbbellRoundTrip(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let log = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        var workout = Self.workout("Bicep curl", at: "2026-11-02T07:00:00Z", weights: [12.5])
        workout.title = "Monday"
        try log.start(workout)
        let second = Self.set(2, weight: 13.75, at: time("2026-11-02T07:03:00Z"))
        try log.save(second, inWorkout: workout.id)
        var corrected = second
        corrected.reps = 8
        try log.save(corrected, inWorkout: workout.id)
        try log.finishWorkout(workout.id, status: .finished, at: time("2026-11-02T07:10:00Z"))

        let stored = try #require(try log.workout(id: workout.id))
        #expect(stored.sets == [workout.sets[0], corrected])
        #expect(stored.sets.map(\.weightHundredths) == [1250, 1375])
        #expect(stored.status == .finished)
        #expect(stored.finishedAt == time("2026-11-02T07:10:00Z"))
        #expect(stored.title == "Monday")
        // Starting it again (a recovery replay) changes nothing and keeps the sets.
        try log.start(workout)
        #expect(try log.workout(id: workout.id)?.sets.count == 2)

        try log.deleteSet(number: 2, inWorkout: workout.id)
        try log.deleteSet(number: 2, inWorkout: workout.id)
        #expect(try log.workout(id: workout.id)?.sets.map(\.number) == [1])
    }

    @Test("the last workout of an exercise is the newest before a time that has sets", arguments: Backend.allCases)
    func lastWorkout(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let log = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        let old = Self.workout("Press", at: "2026-10-01T07:00:00Z", weights: [20])
        let newer = Self.workout("Press", at: "2026-10-08T07:00:00Z", weights: [22.5, 22.5])
        let empty = Self.workout("Press", at: "2026-10-15T07:00:00Z")
        let other = Self.workout("Row", at: "2026-10-20T07:00:00Z", weights: [30])
        for workout in [old, newer, empty, other] { try log.start(workout) }

        #expect(try log.lastWorkout(exercise: "Press")?.id == newer.id)
        #expect(try log.lastWorkout(exercise: "Press", before: time("2026-10-08T07:00:00Z"))?.id == old.id)
        #expect(try log.lastWorkout(exercise: "Press", before: time("2026-09-01T00:00:00Z")) == nil)
        #expect(try log.workouts(exercise: "Press", limit: 10).map(\.id) == [newer.id, old.id])
        #expect(try log.workouts(exercise: "Press", limit: 1).map(\.id) == [newer.id])
        #expect(try log.workouts(exercise: "Press", limit: 0).isEmpty)
        // A name in another case is the same exercise.
        #expect(try log.lastWorkout(exercise: "press")?.id == newer.id)
        #expect(try log.workouts(exercise: "PRESS", limit: 10).map(\.id) == [newer.id, old.id])
    }

    @Test("a set logged through one connection is the other's last numbers", arguments: Backend.allCases)
    func anotherBoxSeesTheSet(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let boxA = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        let otherStore = try fresh.another()
        let boxB = otherStore.memberData(for: try otherStore.profileCreatingIfNeeded(named: "ana"))
        let workout = Self.workout("Squat", at: "2026-11-03T18:00:00Z", weights: [60])
        try boxA.start(workout)
        #expect(try boxB.lastWorkout(exercise: "Squat") == workout)
    }

    @Test("a member never reads or writes another member's rows", arguments: Backend.allCases)
    func scopedToTheMember(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let ana = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        let ben = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ben"))
        let workout = Self.workout("Squat", at: "2026-11-03T18:00:00Z", weights: [60])
        try ana.start(workout)
        let session = HIITSession(
            exercise: "Burpee", startedAt: time("2026-11-03T18:30:00Z"), duration: 30, completed: true)
        try ana.save(session)

        #expect(try ben.workout(id: workout.id) == nil)
        #expect(try ben.lastWorkout(exercise: "Squat") == nil)
        #expect(try ben.hiitSessions(since: nil, limit: nil).isEmpty)
        // Ana's identifiers are refused to Ben, and Ana's rows stay as they were.
        #expect(throws: LogError.unknownSession(workout.id)) {
            try ben.save(Self.set(2, weight: 1, at: time("2026-11-03T18:05:00Z")), inWorkout: workout.id)
        }
        #expect(throws: LogError.unknownSession(workout.id)) { try ben.deleteSet(number: 1, inWorkout: workout.id) }
        #expect(throws: LogError.unknownSession(workout.id)) {
            try ben.finishWorkout(workout.id, status: .abandoned, at: time("2026-11-03T19:00:00Z"))
        }
        #expect(throws: LogError.self) {
            try ben.start(Self.workout("Squat", at: "2026-11-04T18:00:00Z", id: workout.id))
        }
        var stolen = session
        stolen.rating = 1
        #expect(throws: LogError.self) { try ben.save(stolen) }
        #expect(try ana.workout(id: workout.id) == workout)
        #expect(try ana.hiitSessions(since: nil, limit: nil) == [session])
    }

    @Test("a set for a workout never started is refused", arguments: Backend.allCases)
    func unknownWorkout(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let log = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        let missing = UUID()
        #expect(throws: LogError.unknownSession(missing)) {
            try log.save(Self.set(1, weight: 10, at: time("2026-11-03T18:00:00Z")), inWorkout: missing)
        }
        #expect(throws: LogError.unknownSession(missing)) {
            try log.finishWorkout(missing, status: .finished, at: time("2026-11-03T18:00:00Z"))
        }
    }

    @Test("values outside TermFit's limits are refused before they are written", arguments: Backend.allCases)
    func limits(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let log = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        #expect(throws: LogError.self) { try log.start(Self.workout("", at: "2026-11-03T18:00:00Z")) }
        let rated = HIITSession(
            exercise: "Plank", startedAt: time("2026-11-03T18:00:00Z"), duration: 30, completed: true, rating: 6)
        #expect(throws: LogError.self) { try log.save(rated) }
        #expect(try log.hiitSessions(since: nil, limit: nil).isEmpty)
    }

    @Test("HIIT exercises: a rating given later updates the exercise, newest first", arguments: Backend.allCases)
    func hiit(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let log = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        let first = HIITSession(
            exercise: "Squat", startedAt: time("2026-11-01T08:00:00Z"), duration: 30, completed: true)
        var second = HIITSession(
            exercise: "Lunge", startedAt: time("2026-11-02T08:00:00Z"), duration: 29.5, completed: false)
        try log.save(first)
        try log.save(second)
        second.rating = 4
        try log.save(second)
        #expect(try log.hiitSessions(since: nil, limit: nil) == [second, first])
        #expect(try log.hiitSessions(since: time("2026-11-02T00:00:00Z"), limit: nil) == [second])
        #expect(try log.hiitSessions(since: nil, limit: 1) == [second])
    }
}
