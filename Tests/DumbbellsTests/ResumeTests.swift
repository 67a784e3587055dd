import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// A workout cut off and carried on: its saved sets back in the table, its clock, the rest still
/// to run, the notice; and the sets that follow saved into the same workout.
@Suite struct ResumeTests {
    static let workoutID = UUID(uuidString: "CCCCCCCC-0000-0000-0000-000000000001") ?? UUID()

    /// Bicep curl started 150 s before `testDate`: set 1 (12 kg × 10) and set 2 (14 kg × 8), the
    /// last one finished 60 s ago.
    static func cutOff(exercise: String = "Bicep curl", id: UUID = workoutID, lastFinishedAgo: Double = 60)
        -> DumbbellWorkout
    {
        let end = testDate.addingTimeInterval(-lastFinishedAgo)
        return DumbbellWorkout(
            id: id, exercise: exercise, unit: .kilograms, startedAt: end.addingTimeInterval(-90), status: .cutOff,
            sets: [
                DumbbellSet(
                    number: 1, weight: 12, reps: 10, startedAt: end.addingTimeInterval(-90),
                    finishedAt: end.addingTimeInterval(-60)),
                DumbbellSet(
                    number: 2, weight: 14, reps: 8, startedAt: end.addingTimeInterval(-30), finishedAt: end,
                    restBefore: 30),
            ], sessionID: workoutID)
    }

    /// A workout of three sets with auto rest, carried on at its first event.
    static func carriedOn(_ exercises: [DumbbellWorkout], size: Size = Size(width: 80, height: 24)) -> Harness {
        var settings = DumbbellsSettings()
        settings.setCount = 3
        var harness = Harness(settings: settings, history: bicepHistory, size: size, autoRest: true)
        harness.workout.carryOn(exercises)
        harness.send(.resize(size))
        return harness
    }

    @Test func theSavedSetsTheClockTheRestAndTheNoticeAreBack() {
        let harness = Self.carriedOn([Self.cutOff()])
        let workout = harness.workout
        #expect(workout.workoutID == Self.workoutID)
        #expect(workout.completedSets.map(\.record.weight) == [12, 14])
        #expect(workout.rows.count == 3)
        #expect(workout.currentIndex == 2)
        #expect(workout.workoutSeconds(at: harness.now) == 150, "the clock runs from the workout's start")
        #expect(workout.restSecondsLeft(at: harness.now) == 30, "90 s of rest, 60 s gone")
        #expect(workout.notice?.text == "Carried on: the workout cut off 1 min ago · 2 sets kept · x ends it")
        #expect(harness.outputs == [.loadHistory(exercise: "Bicep curl")], "nothing saved again")
        #expect(!workout.canChangeExercise)
    }

    @Test func set3IsSavedIntoTheSameWorkoutAndTheSummaryFinishesIt() {
        var harness = Self.carriedOn([Self.cutOff()])
        harness.outputs = []
        harness.wait(.seconds(30))  // the rest ends
        harness.type("16")
        harness.press(.tab)
        harness.type("6")
        harness.press(.enter)
        harness.wait(.seconds(20))
        harness.press(.enter)
        let saves = harness.outputs.filter { if case .loadHistory = $0 { false } else { true } }
        #expect(saves.contains { if case .save(.dumbbellWorkout) = $0 { true } else { false } } == false)
        guard
            case .save(.dumbbellSet(let set, let id, _, _))? = saves.first(where: {
                if case .save(.dumbbellSet) = $0 { true } else { false }
            })
        else {
            Issue.record("set 3 was not saved: \(saves)")
            return
        }
        #expect(id == Self.workoutID && set.number == 3 && set.reps == 6)
        #expect(set.restBefore == 90)
        #expect(
            saves.contains {
                if case .save(.dumbbellFinish(workoutID: Self.workoutID, status: .finished, at: let date)) = $0 {
                    date > testDate
                } else {
                    false
                }
            }, "finished when set 3 ended: \(saves)")
        #expect(harness.workout.isShowingSummary)
    }

    @Test func aRestThatRanOutIsCountedAndNotRestarted() {
        let harness = Self.carriedOn([Self.cutOff(lastFinishedAgo: 600)])
        #expect(harness.workout.restSecondsLeft(at: harness.now) == nil)
        #expect(harness.workout.pill == .start)
        #expect(harness.workout.notice?.text.contains("cut off 10 min ago") == true)
    }

    @Test func ofSeveralExercisesTheOneWorkedOnLastIsShownWithTheNextOpenSet() {
        let row = Self.cutOff(
            exercise: "Bent-over row", id: UUID(uuidString: "CCCCCCCC-0000-0000-0000-000000000002") ?? UUID(),
            lastFinishedAgo: 10)
        let harness = Self.carriedOn([Self.cutOff(lastFinishedAgo: 200), row])
        #expect(harness.workout.exerciseNames == ["Bicep curl", "Bent-over row"])
        #expect(harness.workout.settings.exercise == "Bent-over row")
        #expect(harness.workout.completedSets.count == 2)
        #expect(harness.outputs == [.loadHistory(exercise: "Bicep curl"), .loadHistory(exercise: "Bent-over row")])
    }

    @Test func leavingAsksAndThenSavesItAsAbandoned() {
        var harness = Self.carriedOn([Self.cutOff(lastFinishedAgo: 600)])
        harness.outputs = []
        harness.press(.character("q"))
        #expect(
            harness.workout.pendingQuestion?.contains("The workout is saved as abandoned (2 of 3 sets done).") == true)
        harness.press(.character("y"))
        #expect(
            harness.outputs.contains {
                $0 == .save(.dumbbellFinish(workoutID: Self.workoutID, status: .abandoned, at: testDate))
            })
    }

    @Test func nothingToCarryOnChangesNothing() {
        let harness = Self.carriedOn([])
        #expect(harness.workout.workoutID == nil)
        #expect(harness.workout.notice == nil)
        #expect(harness.outputs.isEmpty)
    }

    /// Carried on, with the history the host reads at once (the last workout beside each set).
    static func carriedOnWithHistory(_ size: Size) -> Harness {
        var harness = carriedOn([cutOff()], size: size)
        harness.workout.receive(.success(bicepHistory), for: "Bicep curl")
        return harness
    }

    @Test func carriedOnAt80x24() {
        expectGolden(Self.carriedOnWithHistory(Size(width: 80, height: 24)).canvas(), "carriedOnAt80x24")
    }

    @Test func carriedOnAt40x12() {
        expectGolden(Self.carriedOnWithHistory(Size(width: 40, height: 12)).canvas(), "carriedOnAt40x12")
    }
}
