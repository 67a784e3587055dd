import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// Set types in the set table: `w` marks a finished set warm-up, drop, failure or working; a
/// warm-up counts towards no volume or record.
@Suite struct SetTypeTests {
    @Test func wMarksAFinishedSetAndAWarmUpBeatsNoRecord() throws {
        var harness = Harness(history: bicepHistory)
        harness.doSet("20", "10")
        let first = try #require(harness.workout.rows[0].completed)
        #expect(!first.beaten.isEmpty, "20 kg × 10 beats 14 kg × 8")
        // Esc leaves the rest picker; ↑ selects the finished set.
        harness.press(.escape, .up)
        #expect(harness.workout.selection.row == 0)
        let outputs = harness.press(.character("w"))
        let saved = outputs.compactMap { if case .save(.dumbbellSet(let set, _, _, _)) = $0 { set } else { nil } }
        #expect(saved.map(\.type) == [.warmUp], "saved at once")
        #expect(harness.workout.rows[0].completed?.record.type == .warmUp)
        #expect(harness.workout.rows[0].completed?.beaten == [], "a warm-up beats no record")
        #expect(harness.workout.notice?.text == "Set 1 is a warm-up (no volume or record)")
        let row = harness.frame()[harness.row(ofSet: 0)]
        #expect(row.contains("W 1"), "marked in the table: \(row)")
        #expect(!row.contains("★"))
        harness.press(.character("w"))
        #expect(harness.workout.rows[0].completed?.record.type == .drop)
        #expect(harness.frame()[harness.row(ofSet: 0)].contains("D 1"))
        harness.press(.character("w"))
        #expect(harness.workout.rows[0].completed?.record.type == .failure)
        harness.press(.character("w"))
        #expect(harness.workout.rows[0].completed?.record.type == .working)
        #expect(harness.workout.rows[0].completed?.beaten.isEmpty == false, "counted again")
        #expect(harness.frame()[harness.row(ofSet: 0)].contains("✓ 1"))
    }

    @Test func aSetNotYetFinishedHasNoType() {
        var harness = Harness()
        harness.press(.character("w"))
        #expect(harness.workout.notice?.text == "Finish the set first, then mark its type")
        #expect(harness.outputs.isEmpty)
    }

    @Test func warmUpsCountTowardsNoVolumeEstimateOrBest() {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let workout = DumbbellWorkout(
            exercise: "Bench", unit: .kilograms, startedAt: start, status: .finished,
            sets: [
                DumbbellSet(number: 1, weight: 100, reps: 10, startedAt: start, finishedAt: start, type: .warmUp),
                DumbbellSet(number: 2, weight: 50, reps: 5, startedAt: start, finishedAt: start),
            ])
        let session = ExerciseSession(workout)
        #expect(session.volume == 250)
        #expect(session.heaviest == 50)
        let history = ExerciseHistory(workouts: [workout])
        #expect(history.best == PersonalBest(weight: 50, reps: 5, unit: .kilograms))
    }
}
