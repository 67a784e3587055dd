import Foundation
import PostgresStore
import Records
import Testing

/// `termfit migrate --to`: a box's file copied into PostgreSQL, twice, doubles nothing.
@Suite("Copying a box into PostgreSQL")
struct CopyTests {
    @Test("copied twice, the counts are the same and match the file's")
    func twice() throws {
        let source = try FreshStore(.sqlite)
        defer { source.remove() }
        let target = try FreshStore(.postgresql)
        defer { target.remove() }
        let member = source.store.memberData(for: try source.store.profileCreatingIfNeeded(named: "ana"))
        try member.start(ConformanceTests.workout("Press", at: "2026-10-01T07:00:00Z", weights: [20, 22.5]))
        try member.start(ConformanceTests.workout("Row", at: "2026-10-02T07:00:00Z", weights: [30]))
        try member.start(CardConformanceTests.session(at: "2026-10-03T07:00:00Z", cards: 3))
        try member.save(
            HIITSession(exercise: "Squat", startedAt: time("2026-10-04T07:00:00Z"), duration: 30, completed: true))
        _ = try member.apply([.item(setting: "hiit.ratings", key: "Squat", expected: nil, new: .number(4))])
        try member.setSetting(.string("lb"), forName: "dumbbells.unit")
        let snapshot = MemberSnapshot(
            profileName: "ana",
            workouts: try member.workouts(exercise: "Press", limit: 10) + member.workouts(exercise: "Row", limit: 10),
            cardSessions: try member.recentCardSessions(limit: 10),
            hiitSessions: try member.hiitSessions(since: nil, limit: nil),
            settings: try member.settings())
        let postgres = try #require(target.store as? PostgresStore)
        let expected = CopyCounts(workouts: 2, sets: 3, cardSessions: 1, cards: 3, hiitExercises: 1, settings: 2)
        #expect(snapshot.counts == expected)
        #expect(try postgres.copy(snapshot) == expected)
        #expect(try postgres.copy(snapshot) == expected)
        let copied = postgres.memberData(for: try #require(try postgres.profile(named: "ana")))
        #expect(try copied.workouts(exercise: "Press", limit: 10) == member.workouts(exercise: "Press", limit: 10))
        #expect(try copied.recentCardSessions(limit: 10) == member.recentCardSessions(limit: 10))
        #expect(try copied.settings() == member.settings())
    }
}
