import Foundation
import GRDB
import Records
import Testing

@testable import Store

/// Each card's split (working seconds from its draw to its Done) is kept in the SQLite file,
/// shown by `termfit history --detail`, and files from before splits open with none.
@Suite("Card split times")
struct CardSplitTests {
    @Test("A split saved with a card is read back and listed by history --detail")
    func savedAndListed() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        let log = try store.profileStore(named: "anna")
        let first = CardDraw(
            position: 1, code: "AS", exercise: "Push-ups", reps: 11, drawnAt: time("2025-03-01T18:00:00Z"), seconds: 31)
        let second = CardDraw(
            position: 2, code: "7H", exercise: "Sit-ups", reps: 7, drawnAt: time("2025-03-01T18:00:31Z"), seconds: 12)
        try log.start(
            CardSession(
                id: id(1), deckID: "abc", deckSource: .local, startedAt: time("2025-03-01T18:00:00Z"),
                status: .inProgress, activeDuration: 31, draws: [first]))
        try log.save(second, inCardSession: id(1))
        #expect(try log.cardSession(id: id(1))?.draws.map(\.seconds) == [31, 12])

        let csv = try log.historyReport(format: .csv, workout: .cards, detail: true)
        let rows = csv.split(separator: "\n").map(String.init)
        let header = rows[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let duration = try #require(header.firstIndex(of: "duration_seconds"))
        let values = rows.dropFirst().map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)[duration]
        }
        #expect(values == ["31", "12"])

        #expect(throws: LogError.self) {
            try log.save(
                CardDraw(
                    position: 3, code: "2S", exercise: "Push-ups", reps: 2, drawnAt: time("2025-03-01T18:00:43Z"),
                    seconds: -1),
                inCardSession: id(1))
        }
    }

    @Test("A file from before splits keeps its cards, with no split, and takes new ones")
    func migratedFromVersion2() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        let queue = try TemporaryDirectory.version2Database(at: location)
        try queue.write { db in
            try db.execute(sql: "INSERT INTO profile VALUES ('\(id(7).uuidString)', 'anna')")
            try db.execute(
                sql: """
                    INSERT INTO card_session VALUES ('\(id(1).uuidString)', '\(id(7).uuidString)', 'deck', 'local',
                        1000, NULL, 'inProgress', 12);
                    INSERT INTO card_draw VALUES ('\(id(1).uuidString)', 1, '5H', 'Sit-ups', 5, 2000);
                    """)
        }
        try queue.close()

        let store = try TermFitStore.open(at: location)
        defer { try? store.close() }
        let log = try store.profileStore(named: "anna")
        let session = try #require(try log.cardSession(id: id(1)))
        #expect(session.draws.map(\.code) == ["5H"])
        #expect(session.draws.map(\.seconds) == [nil])
        try log.save(
            CardDraw(
                position: 2, code: "6S", exercise: "Push-ups", reps: 6, drawnAt: time("2025-03-01T18:00:31Z"),
                seconds: 8),
            inCardSession: id(1))
        #expect(try log.cardSession(id: id(1))?.draws.map(\.seconds) == [nil, 8])
        let detail = try log.historyReport(format: .json, workout: .cards, detail: true)
        #expect(detail.contains("\"durationSeconds\" : 8"))
    }
}
