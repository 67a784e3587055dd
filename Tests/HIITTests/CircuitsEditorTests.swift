import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import HIIT

/// The circuits sheet (TermUI's list picker): type to filter, choose; Ctrl-N, Ctrl-O, Ctrl-R and
/// Ctrl-X make, edit, rename and delete circuits; Standard, Tabata, EMOM and AMRAP fixed.
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
        #expect(harness.workout.openCircuitsPicker != nil)
        harness.press(.control("n"))
        #expect(harness.frame().last?.hasPrefix("Enter Save  Esc Cancel") == true, "the field's keys on the bar")
        harness.press(.control("u"))
        harness.type("Legs: Squat 20/5, Lunge 20; rounds 2")
        let outputs = harness.press(.enter)
        let squat = Circuit.Exercise("Squat", work: 20, rest: 5)
        let lunge = Circuit.Exercise("Lunge", work: 20, rest: 0)
        let legs = Circuit(name: "Legs", exercises: [squat, lunge], rounds: 2)
        #expect(outputs == [.keepCircuits([legs], chosen: "Standard")], "kept at once")
        #expect(harness.workout.openCircuitsPicker?.highlightedValue == "Legs", "the new one highlighted")
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
        #expect(harness.workout.openCircuitsPicker?.highlightedValue == "Legs", "the chosen one is highlighted")
        harness.press(.control("r"))
        harness.press(.control("u"))
        harness.type("Tabata")
        harness.press(.enter)
        #expect(
            harness.workout.circuitField?.message == "There is a circuit called Tabata already: choose another name.")
        #expect(harness.workout.circuitField?.field.text == "Tabata", "what was typed stays")
        harness.press(.control("u"))
        harness.type("Legs day")
        harness.press(.enter)
        #expect(harness.workout.circuit.name == "Legs day")
        // The list stays open, the renamed one highlighted (an `e` now would filter: EMOM first).
        #expect(harness.workout.openCircuitsPicker?.highlightedValue == "Legs day")
        harness.press(.control("o"))
        harness.press(.control("u"))
        harness.type("Squat 40/20; rounds 4")
        harness.press(.enter)
        #expect(harness.workout.circuit.rounds == 4)
        #expect(harness.workout.circuit.exercises == [Circuit.Exercise("Squat", work: 40, rest: 20)])
        harness.press(.control("x"))
        #expect(harness.workout.circuitsEditor.presets.count == 1, "deleting asks first")
        harness.press(.character("y"))
        #expect(harness.workout.circuitsEditor.presets.isEmpty)
        #expect(harness.workout.circuit.name == "Standard", "deleting the chosen one goes back to Standard")
        #expect(harness.outputs.last == .keepCircuits([], chosen: "Standard"))
        harness.press(.down)
        #expect(harness.workout.openCircuitsPicker?.highlightedValue == "Tabata")
        harness.press(.control("x"))
        #expect(
            harness.workout.circuitsEditor.circuits(standard: .standard()).map(\.name) == [
                "Standard", "Tabata", "EMOM", "AMRAP",
            ])
        #expect(!harness.workout.bindings.enabled.contains { $0.keys.contains(.control("x")) }, "Tabata stays")
    }

    @Test func tabataStaysTwentyTenTimesEight() {
        var harness = Self.opened()
        harness.press(.down)
        harness.press(.enter)
        #expect(harness.workout.circuit == .tabata)
        harness.press(.character("e"))
        harness.press(.control("o"))
        #expect(harness.workout.circuitField == nil, "Tabata is not edited")
    }

    @Test func typingFiltersTheListAndEnterChoosesTheOneLeftFirst() {
        let legs = Circuit(name: "Legs", exercises: [Circuit.Exercise("Squat", work: 20, rest: 5)], rounds: 2)
        let arms = Circuit(name: "Arms", exercises: [Circuit.Exercise("Curl", work: 30, rest: 0)], rounds: 1)
        var harness = Harness(
            HIITWorkout(history: .success([]), circuits: [legs, arms], wallClock: { date() }, calendar: utcCalendar))
        harness.press(.character("e"))
        let picker = harness.workout.openCircuitsPicker
        #expect(
            picker.map { $0.rows.map($0.label(of:)) } == [
                "Legs", "Arms", "Standard", "Tabata", "EMOM", "AMRAP",
            ], "own first")
        harness.type("TA")
        #expect(
            harness.workout.openCircuitsPicker.map { $0.rows.map($0.label(of:)) } == [
                "Tabata", "Standard", "+ New circuit “TA”",
            ], "case-insensitive: starting with it, then containing it")
        #expect(harness.frame().contains { $0.contains("Tabata") && $0.contains("fixed") })
        let outputs = harness.press(.enter)
        #expect(outputs == [.keepCircuits([legs, arms], chosen: "Tabata")])
        #expect(harness.workout.circuit == .tabata && harness.workout.sheet == nil)
    }

    @Test func aNameNoCircuitHasMakesOneFromTheNewRow() {
        var harness = Self.opened()
        harness.type("Core")
        harness.press(.up)
        harness.press(.up)
        harness.press(.enter)
        #expect(harness.workout.circuitField != nil, "“+ New circuit “Core”” opens the field")
        #expect(harness.frame().contains { $0.contains("Exercises and timing of Core:") })
        harness.type("Plank 45/15, Crunch 30; rounds 2")
        let outputs = harness.press(.enter)
        let core = Circuit(
            name: "Core",
            exercises: [Circuit.Exercise("Plank", work: 45, rest: 15), Circuit.Exercise("Crunch", work: 30, rest: 0)],
            rounds: 2)
        #expect(outputs == [.keepCircuits([core], chosen: "Standard")])
        #expect(harness.workout.openCircuitsPicker?.highlightedValue == "Core")
        harness.press(.enter)
        #expect(harness.workout.circuit == core)
    }

    @Test func aClickOnACircuitChoosesItAndEscClosesTheList() {
        var harness = Self.opened()
        let picker = harness.workout.openCircuitsPicker
        let tabata = picker?.layout(on: harness.workout.size).rows.first { $0.row == .item(1) }?.frame
        #expect(picker?.label(of: .item(1)) == "Tabata")
        if let tabata { harness.click(tabata.origin) }
        #expect(harness.workout.circuit == .tabata && harness.workout.sheet == nil)
        harness.press(.character("e"))
        #expect(harness.press(.escape).isEmpty)
        #expect(harness.workout.sheet == nil && harness.workout.circuit == .tabata)
    }

    @Test func theSheetFitsEverySizeAndItsKeysAreDeclared() {
        var harness = Self.opened()
        harness.press(.control("n"))
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
