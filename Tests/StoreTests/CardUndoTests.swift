import Foundation
import Records
import Testing

@testable import Store

@Suite("A card taken back with undo leaves the card-session log")
struct CardUndoTests {
    @Test("deleteDraw removes that card from the SQLite file, keeps the others, and may run twice")
    func deleteDrawRemovesOneCard() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let log = try store.profileStore(named: "anna")
        let first = CardDraw(
            position: 1, code: "AS", exercise: "Push-ups", reps: 11, drawnAt: time("2025-03-01T18:00:05Z"))
        let second = CardDraw(
            position: 2, code: "7H", exercise: "Sit-ups", reps: 7, drawnAt: time("2025-03-01T18:00:20Z"))
        try log.start(
            CardSession(
                id: id(1), deckID: "abc", deckSource: .local, startedAt: time("2025-03-01T18:00:00Z"),
                status: .inProgress, activeDuration: 5, draws: [first]))
        try log.save(second, inCardSession: id(1))
        try log.deleteDraw(position: 2, inCardSession: id(1))
        #expect(try log.cardSession(id: id(1))?.draws == [first])
        // Carried out again (a recovery file replayed): nothing changes, no error.
        try log.deleteDraw(position: 2, inCardSession: id(1))
        #expect(try log.cardSession(id: id(1))?.draws == [first])
        #expect(throws: LogError.unknownSession(id(9))) { try log.deleteDraw(position: 1, inCardSession: id(9)) }
        try store.close()

        let reopened = try TermFitStore.open(at: temporary.location())
        #expect(try reopened.profileStore(named: "anna").cardSession(id: id(1))?.draws == [first])
        try reopened.close()

        // The in-memory log does the same.
        let memory = InMemoryWorkoutLog()
        try memory.start(
            CardSession(
                id: id(1), deckID: "abc", deckSource: .local, startedAt: time("2025-03-01T18:00:00Z"),
                status: .inProgress, activeDuration: 5, draws: [first, second]))
        try memory.deleteDraw(position: 2, inCardSession: id(1))
        #expect(try memory.cardSession(id: id(1))?.draws == [first])
    }
}
