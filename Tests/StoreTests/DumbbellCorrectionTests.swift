import Foundation
import Records
import Testing

@testable import Store

@Suite("A dumbbell set corrected or deleted in the workout changes the SQLite file")
struct DumbbellCorrectionTests {
    private func set(_ number: Int, _ weight: Double, _ reps: Int) -> DumbbellSet {
        DumbbellSet(
            number: number, weight: weight, reps: reps, startedAt: time("2025-03-01T18:0\(number):00Z"),
            finishedAt: time("2025-03-01T18:0\(number):40Z"))
    }

    @Test("a set saved again replaces it; deleteSet removes the highest after the others were renumbered")
    func correctionsAndDeletionsAreKept() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let log = try store.profileStore(named: "anna")
        try log.start(
            DumbbellWorkout(
                id: id(1), exercise: "Bicep curl", unit: .pounds, startedAt: time("2025-03-01T18:00:00Z")))
        try log.save(set(1, 22, 130), inWorkout: id(1))
        try log.save(set(2, 22.5, 10), inWorkout: id(1))
        try log.save(set(3, 25, 8), inWorkout: id(1))
        // The typo corrected: 130 reps were 13.
        try log.save(set(1, 22, 13), inWorkout: id(1))
        // Set 2 deleted: set 3 becomes set 2, and the old number 3 goes.
        try log.save(set(2, 25, 8), inWorkout: id(1))
        try log.deleteSet(number: 3, inWorkout: id(1))
        // Carried out again (a recovery file replayed): nothing changes, no error.
        try log.deleteSet(number: 3, inWorkout: id(1))
        #expect(throws: LogError.unknownSession(id(9))) { try log.deleteSet(number: 1, inWorkout: id(9)) }
        try store.close()

        let reopened = try TermFitStore.open(at: temporary.location())
        let workout = try reopened.profileStore(named: "anna").workout(id: id(1))
        #expect(workout?.sets.map(\.reps) == [13, 8])
        #expect(workout?.sets.map(\.weight) == [22, 25])
        #expect(workout?.sets.map(\.number) == [1, 2])
        try reopened.close()

        // A recovery file replays the deletion the same way.
        let memory = InMemoryWorkoutLog()
        try memory.start(
            DumbbellWorkout(
                id: id(1), exercise: "Bicep curl", unit: .pounds, startedAt: time("2025-03-01T18:00:00Z"),
                sets: [set(1, 22, 13), set(2, 25, 8)]))
        try UnsavedStep.dumbbellSetDeletion(number: 2, workoutID: id(1)).save(into: memory)
        #expect(try memory.workout(id: id(1))?.sets.map(\.number) == [1])
    }

    @Test("a set of an ended workout is corrected and deleted from the history; how it ended stays")
    func anEndedWorkoutAcceptsCorrections() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let log = try store.profileStore(named: "anna")
        let ended = time("2025-03-01T18:20:00Z")
        for (index, status) in [SessionStatus.finished, .cutOff].enumerated() {
            let workoutID = id(index + 1)
            try log.start(
                DumbbellWorkout(
                    id: workoutID, exercise: "Bicep curl", unit: .kilograms, startedAt: time("2025-03-01T18:00:00Z")))
            for number in 1...3 { try log.save(set(number, 22.5, number == 2 ? 130 : 10), inWorkout: workoutID) }
            try log.finishWorkout(workoutID, status: status, at: ended)
            // A week later, from the history.
            try log.save(set(2, 22.5, 13), inWorkout: workoutID)
            try log.save(set(2, 22.5, 10), inWorkout: workoutID)
            try log.deleteSet(number: 3, inWorkout: workoutID)
            let workout = try #require(try log.workout(id: workoutID))
            #expect(workout.sets.map(\.reps) == [10, 10], "\(status)")
            #expect(workout.status == status)
            #expect(workout.finishedAt == ended)
        }
        // Another profile's workout is never corrected through this one.
        let other = try store.profileStore(named: "ben")
        #expect(throws: LogError.unknownSession(id(1))) { try other.save(set(1, 20, 10), inWorkout: id(1)) }
        try store.close()
    }
}
