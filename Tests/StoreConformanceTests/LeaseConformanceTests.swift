import Foundation
import Records
import Synchronization
import Testing

/// Several boxes on one store: sessions carry their box and a lease, and a command carried out
/// again (its answer lost, the queue replayed) goes in once. The same tests on both backends.
@Suite("Store conformance: boxes, leases and commands carried out once")
struct LeaseConformanceTests {
    /// A dumbbell workout and a card session in progress, started an hour ago (too long ago for
    /// the workout to be carried on).
    private static func startSessions(on log: any MemberData) throws -> (workout: UUID, cards: UUID) {
        let started = Date().addingTimeInterval(-3600)
        let workout = DumbbellWorkout(exercise: "Row", unit: .kilograms, startedAt: started)
        try log.start(workout)
        let session = CardSession(deckID: "deck", deckSource: .local, startedAt: started)
        try log.start(session)
        return (workout.id, session.id)
    }

    private static func statuses(_ ids: (workout: UUID, cards: UUID), in log: any MemberData) throws
        -> [SessionStatus?]
    {
        [try log.workout(id: ids.workout)?.status, try log.cardSession(id: ids.cards)?.status]
    }

    @Test("a live session of another box is never closed; once its lease expired it is", arguments: Backend.allCases)
    func anotherBoxsLiveSessionStaysOpen(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let boxA = try fresh.another(box: "box-A")
        let boxB = try fresh.another(box: "box-B")
        let onA = boxA.memberData(for: try boxA.profileCreatingIfNeeded(named: "pat"))
        let onB = try #require(
            boxB.memberData(for: try boxB.profileCreatingIfNeeded(named: "pat")) as? any ClosesInterruptedSessions)
        let ids = try Self.startSessions(on: onA)
        let now = Date()

        // Box B opens the member while box A runs both: nothing of A's is closed.
        #expect(try onB.closeInterruptedSessions(resumableSince: now, at: now) == 0)
        #expect(try Self.statuses(ids, in: onA) == [.inProgress, .inProgress])

        // A renews its leases; B, a lease's length later, still finds them live.
        #expect(try boxA.renewLeases(at: now.addingTimeInterval(50)) == 2)
        let afterFirstLease = now.addingTimeInterval(SessionLeases.length + 5)
        #expect(try onB.closeInterruptedSessions(resumableSince: now, at: afterFirstLease) == 0)
        #expect(try Self.statuses(ids, in: onA) == [.inProgress, .inProgress])

        // A stopped renewing (it was killed): once the renewed lease expired, B closes both.
        let afterRenewedLease = now.addingTimeInterval(50 + SessionLeases.length + 1)
        #expect(try onB.closeInterruptedSessions(resumableSince: now, at: afterRenewedLease) == 2)
        #expect(try Self.statuses(ids, in: onA) == [.cutOff, .cutOff])
    }

    @Test("a box closes its own interrupted sessions at once, lease or not", arguments: Backend.allCases)
    func ownBoxClosesAtOnce(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let box = try fresh.another(box: "box-A")
        let log = box.memberData(for: try box.profileCreatingIfNeeded(named: "pat"))
        let ids = try Self.startSessions(on: log)
        // The same box opened again (the process that ran them is gone).
        let again = try fresh.another(box: "box-A")
        let reopened = try #require(
            again.memberData(for: try again.profileCreatingIfNeeded(named: "pat")) as? any ClosesInterruptedSessions)
        #expect(try reopened.closeInterruptedSessions(resumableSince: Date(), at: Date()) == 2)
        #expect(try Self.statuses(ids, in: log) == [.cutOff, .cutOff])
    }

    @Test("a finished session's lease is no longer renewed", arguments: Backend.allCases)
    func finishedSessionIsNotRenewed(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let box = try fresh.another(box: "box-A")
        let log = box.memberData(for: try box.profileCreatingIfNeeded(named: "pat"))
        let ids = try Self.startSessions(on: log)
        try log.finishWorkout(ids.workout, status: .finished, at: Date())
        #expect(box.leases.current == [ids.cards])
        #expect(try box.renewLeases(at: Date()) == 1)
    }

    @Test("a command carried out again after its answer was lost goes in once", arguments: Backend.allCases)
    func commandCarriedOutOnce(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let profile = try fresh.store.profileCreatingIfNeeded(named: "pat")
        let log = fresh.store.memberData(for: profile)
        let ledger = try #require(log as? any CarriesOutCommandsOnce)
        let command = UUID()
        let runs = Mutex(0)
        // A new HIIT exercise each time the body runs: a second run would be a second row.
        func carryOut(on ledger: any CarriesOutCommandsOnce, _ log: any MemberData) throws -> Int? {
            try ledger.carryOut(command: command) {
                runs.withLock { $0 += 1 }
                try log.save(HIITSession(exercise: "Burpee", startedAt: Date(), duration: 30, completed: true))
                return 1
            }
        }
        #expect(try carryOut(on: ledger, log) == 1)
        // The answer was lost: the box sends it again, from another connection (after a restart).
        let restarted = try fresh.another()
        let again = restarted.memberData(for: profile)
        #expect(try carryOut(on: try #require(again as? any CarriesOutCommandsOnce), again) == nil)
        #expect(try carryOut(on: ledger, log) == nil)
        #expect(runs.withLock { $0 } == 1)
        #expect(try log.hiitSessions(since: nil, limit: nil).count == 1)
    }

    @Test(
        "a command that failed is not counted as carried out, and goes in when tried again", arguments: Backend.allCases
    )
    func failedCommandGoesInLater(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let log = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "pat"))
        let ledger = try #require(log as? any CarriesOutCommandsOnce)
        let command = UUID()
        struct Refused: Error {}
        #expect(throws: (any Error).self) {
            try ledger.carryOut(command: command) {
                try log.save(HIITSession(exercise: "Squat", startedAt: Date(), duration: 30, completed: true))
                throw Refused()
            }
        }
        // All of it was rolled back, the exercise too.
        #expect(try log.hiitSessions(since: nil, limit: nil).isEmpty)
        let again = try ledger.carryOut(command: command) {
            try log.save(HIITSession(exercise: "Squat", startedAt: Date(), duration: 30, completed: true))
            return "in"
        }
        #expect(again == "in")
        #expect(try log.hiitSessions(since: nil, limit: nil).count == 1)
    }
}
