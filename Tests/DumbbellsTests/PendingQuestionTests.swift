import Records
import TermUI
import Testing

@testable import Dumbbells

/// Every question Dumbbells asks is reported while it is open (`pendingQuestion`,
/// `pendingConfirmation`), so the run loop holds back keys typed before it showed and the
/// too-small notice shows it with its own answers.
@Suite struct PendingQuestionTests {
    private func expectAsked(_ harness: Harness, _ title: String, _ message: String, keys: String) {
        #expect(harness.workout.pendingQuestion == "\(title) \(message)")
        #expect(harness.workout.pendingConfirmation?.message == message)
        #expect(harness.workout.pendingConfirmation?.keysLine() == keys)
    }

    private func expectNone(_ harness: Harness) {
        #expect(harness.workout.pendingQuestion == nil)
        #expect(harness.workout.pendingConfirmation == nil)
    }

    @Test func theDeleteRoutineQuestion() {
        var settings = DumbbellsSettings()
        settings.routines = [
            Routine(name: "Push day", exercises: [RoutineExercise(name: "Bench press", sets: 3, reps: 8)])
        ]
        var harness = Harness(settings: settings)
        harness.press(.character("o"))
        expectNone(harness)
        harness.press(.control("x"))
        expectAsked(harness, "Delete?", "Delete the routine “Push day”?", keys: "y Delete · n Keep")
        harness.press(.character("n"))
        expectNone(harness)
        #expect(harness.workout.settings.routines.count == 1)
    }

    @Test func theDeletePastSetQuestion() {
        var harness = Harness(history: ExerciseHistory(workouts: [typoWorkout]))
        harness.openPast()
        harness.press(.down)
        expectNone(harness)
        harness.press(.character("d"))
        let day = PastWorkoutsSheet.day(typoWorkout.startedAt)
        expectAsked(harness, "Delete?", "Delete set 2 of \(day) (22.5 kg × 130)?", keys: "y Delete · n Keep")
        harness.press(.escape)
        expectNone(harness)
        #expect(harness.past(typoWorkout.id)?.sets.count == 3)
    }

    @Test func theEndWorkoutQuestion() {
        var harness = EditingRuleTests.setOneDone()
        expectNone(harness)
        harness.press(.character("x"))
        expectAsked(
            harness, "End?", "End the workout? 2 sets are not done; the summary shows the 1 done.",
            keys: "y End · n Keep going")
        harness.press(.character("n"))
        expectNone(harness)
    }

    @Test func theLeaveQuestionToo() {
        var harness = EditingRuleTests.setOneDone()
        harness.press(.character("q"))
        #expect(harness.workout.pendingConfirmation?.keysLine() == "y Leave · n Stay")
        #expect(harness.workout.pendingQuestion?.hasPrefix("Leave?") == true)
        harness.press(.escape)
        expectNone(harness)
    }
}
