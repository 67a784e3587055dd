import Foundation
import Records
import Testing

@testable import Store

/// Recovery files: written 0600 beside the database, replayed in order through the logs' checks,
/// removed once replayed, kept and reported when they cannot be.
@Suite struct RecoveryTests {
    private let start = Date(timeIntervalSince1970: 1_741_000_000)

    private func steps(reps: Int = 10) -> [UnsavedStep] {
        let id = UUID()
        let set = DumbbellSet(
            number: 1, weight: 12, reps: reps, startedAt: start, finishedAt: start.addingTimeInterval(40))
        return [
            .dumbbellWorkout(DumbbellWorkout(id: id, exercise: "Lunge", unit: .kilograms, startedAt: start)),
            .dumbbellSet(set, workoutID: id, exercise: "Lunge", unit: .kilograms),
            .dumbbellFinish(workoutID: id, status: .finished, at: start.addingTimeInterval(60)),
        ]
    }

    @Test func aFileIsWrittenPrivatelyReplayedInOrderAndRemoved() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = StoreLocation(directory: directory.path, origin: .argument)
        let path = try Recovery.write(UnsavedWork(profile: "ann/../x", steps: steps()), in: location, at: start)
        #expect(path.hasPrefix(directory.path + "/termfit-recovery-ann%2F..%2Fx-20250303T"))
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        let second = try Recovery.write(UnsavedWork(profile: "ann/../x", steps: []), in: location, at: start)
        #expect(second != path, "never over another file")
        let store = try TermFitStore.open(at: location)
        defer { try? store.close() }
        #expect(Recovery.replay(into: store, profile: "bo").isEmpty, "another profile's files wait")
        let outcomes = Recovery.replay(into: store, profile: "ann/../x")
        #expect(outcomes.map(\.problem) == [nil, nil])
        #expect(outcomes.first?.stepCount == 3)
        #expect(Recovery.files(in: location).isEmpty)
        let workout = try #require(try store.profileStore(named: "ann/../x").lastWorkout(exercise: "Lunge"))
        #expect(workout.status == .finished)
        #expect(workout.sets.map(\.reps) == [10])
    }

    @Test func aFileThatCannotBeReplayedIsKeptAndSaysWhy() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = StoreLocation(directory: directory.path, origin: .argument)
        let invalid = try Recovery.write(UnsavedWork(profile: "ann", steps: steps(reps: -1)), in: location, at: start)
        let garbage = directory.path + "/termfit-recovery-ann-0.json"
        try Data("not json".utf8).write(to: URL(fileURLWithPath: garbage))
        chmod(garbage, 0o600)
        let store = try TermFitStore.open(at: location)
        defer { try? store.close() }
        let outcomes = Recovery.replay(into: store, profile: "ann")
        #expect(outcomes.count == 2)
        #expect(outcomes.allSatisfy { $0.problem != nil })
        #expect(outcomes.map(\.description).allSatisfy { $0.contains("the file is kept") })
        #expect(Set(Recovery.files(in: location)) == [invalid, garbage])
        #expect(try store.profileStore(named: "ann").lastWorkout(exercise: "Lunge") == nil, "nothing half-replayed")
    }
}
