import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import HIIT

/// The circuits sheet: choose, make, edit, rename and delete circuits; Standard, Tabata, EMOM and
/// AMRAP fixed.
@Suite struct CircuitsEditorTests {
    @Test func aCircuitIsReadFromWhatTheMemberWrites() throws {
        let legs = try Circuit.parse(name: " Legs ", spec: "Squat 30/10, Wall Sit 45; rounds 2; warm-up 60")
        #expect(legs.name == "Legs")
        #expect(
            legs.exercises == [
                Circuit.Exercise("Squat", work: 30, rest: 10), Circuit.Exercise("Wall Sit", work: 45, rest: 0),
            ])
        #expect(legs.rounds == 2 && legs.warmUp == 60 && legs.coolDown == 0)
        #expect(try Circuit.parse(name: "Again", spec: legs.spec).exercises == legs.exercises, "spec reads back")
    }

    @Test func whatCannotBeReadSaysWhy() {
        func problem(_ name: String, _ spec: String) -> String? {
            do {
                _ = try Circuit.parse(name: name, spec: spec)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(problem("", "Squat 30") == "Give the circuit a name.")
        #expect(problem("A", "Squat") == "\"Squat\": write the exercise, then its seconds, e.g. Squat 30/10.")
        #expect(problem("A", "Squat 0/10")?.contains("seconds of work from 1 to 5999") == true)
        #expect(problem("A", "Squat 30; rounds 0")?.contains("rounds 1–99") == true)
        #expect(problem("A", "Squat 30; laps 3") == "\"laps 3\": write rounds N, warm-up N or cool-down N.")
    }

    /// Opens the circuits sheet from Welcome.
    static func opened() -> Harness {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.character("e"))
        return harness
    }

    @Test func aNewCircuitIsSavedChosenAndRunHandsFree() {
        var harness = Self.opened()
        #expect(harness.workout.sheet == .circuits)
        harness.press(.character("n"))
        #expect(harness.frame().last?.hasPrefix("Enter Save  Esc Cancel") == true, "the field's keys on the bar")
        harness.press(.control("u"))
        harness.type("Legs: Squat 20/5, Lunge 20; rounds 2")
        let outputs = harness.press(.enter)
        let squat = Circuit.Exercise("Squat", work: 20, rest: 5)
        let lunge = Circuit.Exercise("Lunge", work: 20, rest: 0)
        let legs = Circuit(name: "Legs", exercises: [squat, lunge], rounds: 2)
        #expect(outputs == [.keepCircuits([legs], chosen: "Standard")], "kept at once")
        #expect(harness.workout.circuitsEditor.selection == 4, "after Standard, Tabata, EMOM and AMRAP")
        harness.press(.enter)
        #expect(harness.workout.circuit == legs)
        #expect(harness.outputs.last == .keepCircuits([legs], chosen: "Legs"))
        harness.press(.character("c"))
        harness.run(for: .seconds(90))
        #expect(harness.saved.map(\.exercise) == ["Squat", "Lunge", "Squat", "Lunge"])
        #expect(HIITWorkout.figure(forExerciseNamed: "Lunge") == .welcome, "no built-in figure: the plain one")
    }

    @Test func renameEditAndDeleteTheMembersOwnOnly() {
        let legs = Circuit(name: "Legs", exercises: [Circuit.Exercise("Squat", work: 20, rest: 5)], rounds: 2)
        var harness = Harness(
            HIITWorkout(
                history: .success([]), circuits: [legs], chosenCircuit: "Legs", wallClock: { date() },
                calendar: utcCalendar))
        #expect(harness.workout.circuit == legs)
        harness.press(.character("e"))
        #expect(harness.workout.circuitsEditor.selection == 4, "the chosen one is selected")
        harness.press(.character("r"))
        harness.press(.control("u"))
        harness.type("Tabata")
        harness.press(.enter)
        #expect(
            harness.workout.circuitsEditor.problem == "There is a circuit called Tabata already: choose another name.")
        #expect(harness.workout.circuitsEditor.field?.text == "Tabata", "what was typed stays")
        harness.press(.control("u"))
        harness.type("Legs day")
        harness.press(.enter)
        #expect(harness.workout.circuit.name == "Legs day")
        harness.press(.character("e"))
        harness.press(.control("u"))
        harness.type("Squat 40/20; rounds 4")
        harness.press(.enter)
        #expect(harness.workout.circuit.rounds == 4)
        #expect(harness.workout.circuit.exercises == [Circuit.Exercise("Squat", work: 40, rest: 20)])
        harness.press(.character("x"))
        #expect(harness.workout.circuitsEditor.presets.isEmpty)
        #expect(harness.workout.circuit.name == "Standard", "deleting the chosen one goes back to Standard")
        #expect(harness.outputs.last == .keepCircuits([], chosen: "Standard"))
        harness.press(.up)
        harness.press(.character("x"))
        #expect(
            harness.workout.circuitsEditor.circuits(standard: .standard()).map(\.name) == [
                "Standard", "Tabata", "EMOM", "AMRAP",
            ])
        #expect(!harness.workout.bindings.enabled.contains { $0.keys.contains(.character("x")) }, "EMOM stays")
    }

    @Test func tabataStaysTwentyTenTimesEight() {
        var harness = Self.opened()
        harness.press(.down)
        harness.press(.enter)
        #expect(harness.workout.circuit == .tabata)
        harness.press(.character("e"))
        harness.press(.character("e"))
        #expect(harness.workout.circuitsEditor.field == nil, "Tabata is not edited")
    }

    @Test func theSheetFitsEverySizeAndItsKeysAreDeclared() {
        var harness = Self.opened()
        harness.press(.character("n"))
        for size in [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 200, height: 60)] {
            var copy = harness
            copy.send(.resize(size))
            var composition = Composition(size: size)
            copy.workout.render(into: &composition, at: copy.now)
            let bar = HIITStates.barText(copy.workout.bindings.helpBar, width: size.width)
            #expect(ScreenInvariants.problems(in: composition, helpBar: bar).isEmpty, "\(size.width)×\(size.height)")
        }
        for state in [Self.opened(), harness] {
            let problems = state.undeclaredKeyEffects(of: state.workout.bindings) { harness in
                "\(harness.frame())|\(harness.workout.sheets)|\(harness.workout.circuitsEditor)|\(harness.workout.circuit)"
            }
            #expect(problems.isEmpty, "\(problems)")
        }
    }
}
