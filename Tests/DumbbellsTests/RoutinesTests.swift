import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// The routines sheet (`o`): saving the workout on screen, starting one, deleting one.
@Suite struct RoutinesTests {
    private let push = Routine(
        name: "Push day",
        exercises: [
            RoutineExercise(name: "Bench press", sets: 3, reps: 8),
            RoutineExercise(name: "Bent-over row", sets: 3, reps: 10),
            RoutineExercise(name: "Shoulder press", sets: 2, reps: 8),
        ])

    private func harness(routines: [Routine] = []) -> Harness {
        var settings = DumbbellsSettings()
        settings.routines = routines
        return Harness(settings: settings)
    }

    @Test func theWorkoutOnScreenIsSavedUnderTheNameTyped() {
        var harness = harness()
        harness.press(.tab)
        harness.type("12")
        harness.press(.tab, .backTab)  // Tab keeps the number typed, Shift-Tab comes back
        harness.press(.character("a"))
        harness.press(.character("o"))
        harness.type("  Arms   day ")
        harness.press(.enter)
        #expect(harness.workout.sheet == nil)
        #expect(harness.workout.notice?.text == "Saved routine “Arms day”")
        #expect(harness.workout.settings.routines.map(\.label) == ["Arms day: Bicep curl 4×12"])
        #expect(harness.outputs.last == .saveSettings(harness.workout.settings))
    }

    @Test func anEmptyOrBlankNameIsRefusedWithTheReasonAndTheSheetStays() {
        var harness = harness()
        harness.press(.character("o"))
        harness.press(.enter)
        #expect(harness.workout.notice == .init("Type a name for the routine first", kind: .refused))
        harness.type("   ")
        harness.press(.enter)
        #expect(harness.workout.notice?.kind == .refused)
        #expect(harness.workout.settings.routines.isEmpty)
        if case .routines = harness.workout.sheet {} else { Issue.record("the sheet stays open") }
        #expect(harness.frame().joined().contains("Type a name for the routine first"))
    }

    @Test func startingARoutineOpensItsExercisesSetsAndTargetReps() {
        var harness = harness(routines: [push])
        harness.press(.character("o"))
        harness.press(.enter)
        let workout = harness.workout
        #expect(workout.sheet == nil)
        #expect(workout.exerciseNames == ["Bench press", "Bent-over row", "Shoulder press"])
        #expect(workout.rows.map(\.entry.reps) == ["8", "8", "8"])
        #expect(workout.outputs(harness).contains(.loadHistory(exercise: "Shoulder press")))
        // The last weights arrive with the history.
        harness.workout.receive(.success(.none), for: "Bench press")
        harness.press(.character("]"), .character("]"))
        #expect(harness.workout.rows.map(\.entry.reps) == ["8", "8"])
    }

    @Test func aRoutineWaitsUntilTheWorkoutUnderWayIsOver() {
        var harness = harness(routines: [push])
        harness.doSet("10", "8")
        harness.press(.character("o"), .enter)
        #expect(harness.workout.notice?.kind == .refused)
        #expect(harness.workout.exerciseNames == ["Bicep curl"])
    }

    @Test func numbersTypedOnScreenAreReplacedOnlyWhenEnterIsPressedAgain() {
        var harness = harness(routines: [push])
        harness.type("12")
        harness.press(.tab, .character("o"), .enter)
        #expect(harness.workout.exerciseNames == ["Bicep curl"], "the typed 12 kg is not dropped by one Enter")
        #expect(harness.workout.rows[0].entry.weight == "12")
        #expect(harness.workout.notice?.text.contains("Enter again") == true)
        harness.press(.enter)
        #expect(harness.workout.exerciseNames == push.exercises.map(\.name), "a second Enter starts the routine")
    }

    @Test func deletingAsksFirstAndKeepOrDeleteDoWhatTheySay() {
        var harness = harness(routines: [push])
        harness.press(.character("o"), .control("x"))
        if case .deleteRoutine = harness.workout.sheet {} else { Issue.record("the question is asked") }
        harness.press(.character("n"))
        #expect(harness.workout.settings.routines == [push])
        harness.press(.control("x"), .character("y"))
        #expect(harness.workout.settings.routines.isEmpty)
        #expect(harness.workout.notice?.text == "Routine “Push day” deleted")
        #expect(harness.outputs.last == .saveSettings(harness.workout.settings))
    }

    @Test func aCorruptRoutinesSettingIsIgnoredWithAMessageAndNeverWrittenOver() {
        let stored = Settings(values: ["dumbbells.routines": .string("not a list")])
        var harness = Harness(settings: DumbbellsSettings(stored))
        #expect(harness.workout.settings.routines.isEmpty)
        harness.press(.character("o"))
        #expect(harness.workout.notice?.text.contains("could not be read") == true)
        harness.type("Legs")
        harness.press(.enter)
        #expect(harness.workout.notice?.text.hasPrefix("Not saved:") == true)
        #expect(harness.workout.settings.routines.isEmpty)
        #expect(!harness.outputs.contains { if case .saveSettings = $0 { true } else { false } })
    }

    @Test func routinesRoundTripThroughTheProfileSettings() throws {
        var stored = Settings()
        try stored.setValue([push], for: .dumbbellRoutines)
        #expect(DumbbellsSettings(stored).routines == [push])
        #expect(DumbbellsSettings(stored).routinesProblem == nil)
    }
}

extension DumbbellsWorkout {
    fileprivate func outputs(_ harness: Harness) -> [Output] { harness.outputs }
}
