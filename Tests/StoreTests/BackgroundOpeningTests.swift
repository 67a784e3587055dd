import Foundation
import Records
import Testing

@testable import Store

/// The interactive app opens the connection pool on a thread of its own; everything must work
/// the same whether the first call comes before or after it is ready.
@Suite struct BackgroundOpeningTests {
    @Test func readsAndWritesRightAfterOpeningInTheBackground() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        // An existing database, as on every start after the first.
        do {
            let store = try TermFitStore.open(at: location)
            _ = try store.profileCreatingIfNeeded(named: "anna")
            try store.close()
        }
        for round in 1...5 {
            let store = try TermFitStore.open(at: location, check: .headerAndSchema, poolOpening: .inBackground)
            // The first read does not wait for the pool; the first write does.
            #expect(try store.profiles().map(\.name) == ["anna"])
            let log = try store.profileStore(named: "anna")
            let workout = DumbbellWorkout(
                id: id(100 + round), exercise: "Bicep curl", unit: .kilograms, startedAt: Fixture.workout.startedAt)
            try log.start(workout)
            try log.save(Fixture.sets[0], inWorkout: workout.id)
            #expect(try log.workout(id: workout.id)?.sets.count == 1)
            try store.close()
        }
        let reopened = try TermFitStore.open(at: location)
        defer { try? reopened.close() }
        let log = try reopened.profileStore(named: "anna")
        for round in 1...5 { #expect(try log.workout(id: id(100 + round))?.sets == [Fixture.sets[0]]) }
    }

    @Test func aNewOrOldFileOpensAtOnceWhateverIsAsked() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        // A missing file has nothing to check with and must be created: the pool opens at once.
        let store = try TermFitStore.open(at: temporary.location(), check: .headerAndSchema, poolOpening: .inBackground)
        defer { try? store.close() }
        #expect(try store.profileCreatingIfNeeded(named: "sam").name == "sam")
        #expect(try store.profiles().map(\.name) == ["sam"])
    }
}
