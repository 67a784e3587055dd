import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// Every exercise with a workout in the member's history (logged or imported, as the store
/// lists them) is offered by the exercise picker, typed letters in any case finding it.
@Suite struct LoggedExercisesTests {
    private func labels(_ harness: Harness) -> [String] {
        guard case .exercise(let picker, _) = harness.workout.sheet else { return [] }
        return picker.rows.map(picker.label(of:))
    }

    @Test func anImportedExerciseIsOfferedByItsFirstLettersInAnyCase() {
        var harness = Harness()
        harness.workout.receive(exercises: ["Bench Press (Barbell)", "Zottman curl"])
        harness.press(.character("e"))
        #expect(labels(harness).prefix(3) == ["Bicep curl", "Bench Press (Barbell)", "Zottman curl"])
        harness.type("BENCH PRESS (")
        #expect(labels(harness) == ["Bench Press (Barbell)", "+ New exercise “BENCH PRESS (”"])
        harness.press(.escape, .character("e"))
        harness.type("bench press (barbell)")
        #expect(labels(harness) == ["Bench Press (Barbell)"], "the member's spelling, no “+ New”")
        harness.press(.enter)
        #expect(harness.workout.settings.exercise == "Bench Press (Barbell)")
    }

    @Test func aLoggedNameInAnotherCaseOfACommonOneIsListedOnce() {
        var harness = Harness()
        harness.workout.receive(exercises: ["goblet squat", "Goblet Squat"])
        harness.press(.character("e"))
        harness.type("gob")
        #expect(labels(harness) == ["goblet squat", "+ New exercise “gob”"], "the member's spelling, once")
    }

    @Test func theListReadAgainReplacesTheOldOne() {
        var harness = Harness()
        harness.workout.receive(exercises: ["Zercher squat"])
        harness.workout.receive(exercises: ["Landmine press"])
        harness.press(.character("e"))
        harness.type("z")
        #expect(!labels(harness).contains("Zercher squat"))
        harness.press(.escape, .character("e"))
        harness.type("landm")
        #expect(labels(harness).first == "Landmine press")
    }
}
