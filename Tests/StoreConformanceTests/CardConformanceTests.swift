import Foundation
import Records
import Testing

/// The card workout's log on every backend: the same tests as the file's.
@Suite("Store conformance: cards")
struct CardConformanceTests {
    static func session(at start: String, cards: Int, id: UUID = UUID()) -> CardSession {
        let startedAt = time(start)
        return CardSession(
            id: id, deckID: "deck-1", deckSource: .local, startedAt: startedAt,
            draws: (0..<cards).map { index in
                let position = index + 1
                return CardDraw(
                    position: position, code: "\(position + 1)H", exercise: "Push-ups", reps: position + 1,
                    drawnAt: startedAt.addingTimeInterval(Double(position) * 20), seconds: 12.5)
            })
    }

    @Test("a card session keeps its cards; undo takes one back; the end is kept", arguments: Backend.allCases)
    func roundTrip(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let log = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        let session = Self.session(at: "2026-11-05T06:00:00Z", cards: 2)
        try log.start(session)
        let third = CardDraw(
            position: 3, code: "KS", exercise: "Squats", reps: 13, drawnAt: time("2026-11-05T06:01:00Z"))
        try log.save(third, inCardSession: session.id)
        try log.deleteDraw(position: 2, inCardSession: session.id)
        try log.deleteDraw(position: 2, inCardSession: session.id)
        try log.finishCardSession(session.id, status: .finished, at: time("2026-11-05T06:05:00Z"), activeDuration: 290)

        let stored = try #require(try log.cardSession(id: session.id))
        #expect(stored.draws == [session.draws[0], third])
        #expect(stored.status == .finished)
        #expect(stored.activeDuration == 290)
        #expect(stored.deckSource == .local)
        let later = Self.session(at: "2026-11-06T06:00:00Z", cards: 0)
        try log.start(later)
        #expect(try log.recentCardSessions(limit: 5).map(\.id) == [later.id, session.id])
        #expect(try log.recentCardSessions(limit: 1).map(\.id) == [later.id])
    }

    @Test("another member's card session is neither read nor changed", arguments: Backend.allCases)
    func scoped(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let ana = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        let ben = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ben"))
        let session = Self.session(at: "2026-11-05T06:00:00Z", cards: 1)
        try ana.start(session)
        #expect(try ben.cardSession(id: session.id) == nil)
        #expect(try ben.recentCardSessions(limit: 10).isEmpty)
        #expect(throws: LogError.unknownSession(session.id)) {
            try ben.deleteDraw(position: 1, inCardSession: session.id)
        }
        #expect(throws: LogError.unknownSession(session.id)) {
            try ben.finishCardSession(
                session.id, status: .abandoned, at: time("2026-11-05T07:00:00Z"), activeDuration: 1)
        }
        #expect(throws: LogError.self) {
            try ben.start(Self.session(at: "2026-11-07T06:00:00Z", cards: 0, id: session.id))
        }
        #expect(try ana.cardSession(id: session.id) == session)
    }
}
