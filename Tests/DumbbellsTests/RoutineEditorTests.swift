import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// A routine's editor on the routines sheet: Ctrl-O its plan as a line of text (exercises in
/// order, sets, per-set targets), Ctrl-R its name; starting it fills the targets in.
@Suite struct RoutineEditorTests {
    private let push = Routine(
        name: "Push day",
        exercises: [
            RoutineExercise(name: "Bench press", sets: 3, reps: 8),
            RoutineExercise(name: "Bent-over row", sets: 2),
        ])
    private let legs = Routine(name: "Legs", exercises: [RoutineExercise(name: "Goblet squat", sets: 3, reps: 12)])

    private func harness(_ routines: [Routine], unit: WeightUnit = .kilograms) -> Harness {
        var settings = DumbbellsSettings()
        settings.routines = routines
        settings.unit = unit
        return Harness(settings: settings)
    }

    @Test func theTextReadsBackEveryShapeOfSets() throws {
        let text = "Bench press 3×10 @ 20; Bent-over row 10@30, 8@32.5; Plank 3 sets; Curl 2x12"
        let exercises = try RoutineText.exercises(of: text, unit: .kilograms).get()
        #expect(exercises.map(\.name) == ["Bench press", "Bent-over row", "Plank", "Curl"])
        #expect(exercises.map(\.sets) == [3, 2, 3, 2])
        #expect(exercises[0].targets == Array(repeating: RoutineSet(reps: 10, weight: 20), count: 3))
        #expect(exercises[1].targets == [RoutineSet(reps: 10, weight: 30), RoutineSet(reps: 8, weight: 32.5)])
        #expect(exercises[2].targets.isEmpty && exercises[2].reps == nil)
        #expect(exercises[3].targets.isEmpty && exercises[3].reps == 12)
        let routine = Routine(name: "Mixed", exercises: exercises, unit: .kilograms)
        #expect(
            RoutineText.text(of: routine, in: .kilograms)
                == "Bench press 3×10 @ 20; Bent-over row 10@30, 8@32.5; Plank 3 sets; Curl 2×12")
        // A digit in a name stays in the name; weights follow the table's rules.
        #expect(try RoutineText.exercises(of: "21s curl 3×7", unit: .kilograms).get().first?.name == "21s curl")
        for refused in ["Bench 3×10 @ 22.3", "Bench 0×10", "Bench 11×10", "Bench 3×1000", "Bench", "3×10", "Bench 10@"]
        {
            #expect(throws: RoutineTextProblem.self, "\(refused)") {
                try RoutineText.exercises(of: refused, unit: .kilograms).get()
            }
        }
        #expect(throws: RoutineTextProblem.twice("bench")) {
            try RoutineText.exercises(of: "Bench 3×5; bench 2×5", unit: .kilograms).get()
        }
        #expect(throws: RoutineTextProblem.empty) { try RoutineText.exercises(of: " ; ", unit: .kilograms).get() }
    }

    @Test func ctrlOEditsThePlanWithPerSetTargetsAndReordersItsExercises() throws {
        var harness = harness([legs, push])
        harness.press(.character("o"), .down)
        harness.press(.control("o"))
        guard case .routineEditor(let field, .plan(1)) = harness.workout.sheet else {
            Issue.record("no editor for Push day")
            return
        }
        #expect(field.field.text == "Bench press 3×8; Bent-over row 2 sets", "the plan, selected whole")
        // The first character replaces it: the row first now, then the bench with a target per set.
        harness.type("bent-over row 3x10 @ 30; Bench press 20x10, 22.5x8")
        harness.press(.enter)
        #expect(harness.workout.notice?.kind == .refused, "20x10 is not reps@weight")
        #expect(harness.frame().joined().contains("a name, then 3×10"), "said under the field")
        if case .routineEditor = harness.workout.sheet {} else { Issue.record("the text typed stays to correct") }
        harness.press(.end)
        for _ in 0..<"20x10, 22.5x8".count { harness.press(.backspace) }
        harness.type("10@20, 8@22.5")
        harness.press(.enter)
        if case .routines = harness.workout.sheet {} else { Issue.record("back on the routines") }
        let saved = harness.workout.settings.routines[1]
        #expect(saved.name == "Push day")
        #expect(saved.unit == .kilograms)
        #expect(saved.exercises.map(\.name) == ["Bent-over row", "Bench press"], "the typed spelling is the known one")
        #expect(saved.exercises[1].targets == [RoutineSet(reps: 10, weight: 20), RoutineSet(reps: 8, weight: 22.5)])
        #expect(harness.outputs.last == .saveSettings(harness.workout.settings))
        #expect(harness.workout.notice?.text == "Routine “Push day” saved: \(saved.label)")
        #expect(saved.label == "Push day: Bent-over row 3×10 @ 30, Bench press 10@20, 8@22.5")
        // Kept in the profile and read back the same.
        let data = try JSONEncoder().encode(saved)
        #expect(try JSONDecoder().decode(Routine.self, from: data) == saved)
        let json = try #require(try? JSONDecoder().decode(JSONValue.self, from: data))
        #expect(throws: Never.self) { try Settings.validate(.array([json]), named: "dumbbells.routines") }
    }

    @Test func escLeavesTheRoutineAsItWas() {
        var harness = harness([push])
        harness.press(.character("o"), .control("o"))
        harness.type("Curl 3×5")
        harness.press(.escape)
        #expect(harness.workout.settings.routines == [push])
        if case .routines = harness.workout.sheet {} else { Issue.record("back on the routines") }
    }

    @Test func ctrlRRenamesRefusingANameInUse() {
        var harness = harness([push, legs])
        harness.press(.character("o"), .control("r"))
        harness.type("legs")
        harness.press(.enter)
        #expect(harness.workout.notice?.text == "A routine is called “legs” already")
        #expect(harness.workout.settings.routines.map(\.name) == ["Push day", "Legs"])
        harness.press(.control("u"))
        harness.type("Chest & back")
        harness.press(.enter)
        #expect(harness.workout.settings.routines.map(\.name) == ["Chest & back", "Legs"])
        #expect(harness.workout.settings.routines[0].exercises == push.exercises)
        #expect(harness.workout.notice?.text == "Routine “Push day” is now “Chest & back”")
        guard case .routines(let sheet) = harness.workout.sheet else {
            Issue.record("back on the routines")
            return
        }
        #expect(sheet.selection == 0, "the renamed routine stays highlighted")
    }

    @Test func anotherWindowsChangeKeepsTheEditorOnItsRoutine() {
        var harness = harness([legs, push])
        harness.press(.character("o"), .down, .control("o"))
        // Another window deletes Legs: Push day is now the first routine.
        harness.workout.receive(routines: [push], problem: nil)
        guard case .routineEditor(_, .plan(0)) = harness.workout.sheet else {
            Issue.record("the editor follows Push day")
            return
        }
        harness.type("Zottman curl 2x5")
        harness.press(.enter)
        #expect(harness.workout.settings.routines.map(\.name) == ["Push day"])
        #expect(harness.workout.settings.routines[0].exercises.map(\.label) == ["Zottman curl 2×5"])
        // A routine deleted meanwhile closes its editor, saying so.
        harness.press(.control("r"))
        harness.workout.receive(routines: [legs], problem: nil)
        if case .routines = harness.workout.sheet {} else { Issue.record("back on the routines") }
        #expect(harness.workout.notice?.text == "The routine “Push day” was deleted in another window")
    }

    @Test func ctrlTAndCtrlGMoveTheHighlightedRoutineAndSaveTheOrder() {
        let arms = Routine(name: "Arms", exercises: [RoutineExercise(name: "Curl", sets: 2)])
        var harness = harness([push, legs, arms])
        harness.press(.character("o"), .down, .down, .control("t"))
        #expect(harness.workout.settings.routines.map(\.name) == ["Push day", "Arms", "Legs"])
        #expect(harness.outputs.last == .saveSettings(harness.workout.settings))
        #expect(harness.workout.notice?.text == "“Arms” moved up")
        guard case .routines(let sheet) = harness.workout.sheet else {
            Issue.record("the routines stay open")
            return
        }
        #expect(sheet.selection == 1, "the moved routine stays highlighted")
        #expect(sheet.picker.items.map(\.label) == ["Push day", "Arms", "Legs"])
        harness.press(.control("t"), .control("t"))
        #expect(harness.workout.settings.routines.map(\.name) == ["Arms", "Push day", "Legs"])
        guard case .routines(let first) = harness.workout.sheet else { return }
        #expect(first.picker.message == "“Arms” is first already")
        harness.press(.control("g"), .control("g"))
        #expect(harness.workout.settings.routines.map(\.name) == ["Push day", "Legs", "Arms"])
        #expect(harness.workout.notice?.text == "“Arms” moved down")
        guard case .routines(let moved) = harness.workout.sheet else { return }
        #expect(moved.picker.message == nil, "the refusal is gone once a move is made")
        // The help bar is full at 80 columns; the sheet's bindings carry the keys for its listing.
        #expect(harness.workout.bindings.bindings.contains { $0.listing == "Ctrl-T  Ctrl-G" && $0.barRank != nil })
    }

    @Test func startingARoutineFillsEachSetsTargetToConfirm() {
        let plan = Routine(
            name: "Heavy",
            exercises: [
                RoutineExercise(
                    name: "Bench press", targets: [RoutineSet(reps: 10, weight: 20), RoutineSet(reps: 8, weight: 22.5)]),
                RoutineExercise(name: "Curl", targets: [RoutineSet(reps: 12)]),
            ], unit: .kilograms)
        var harness = harness([plan])
        harness.press(.character("o"), .enter)
        #expect(harness.workout.exerciseNames == ["Bench press", "Curl"])
        #expect(harness.workout.rows.map(\.entry.weight) == ["20", "22.5"])
        #expect(harness.workout.rows.map(\.entry.reps) == ["10", "8"])
        // Last time's weights do not replace a target.
        harness.workout.receive(.success(bicepHistory), for: "Bench press")
        #expect(harness.workout.rows.map(\.entry.weight) == ["20", "22.5"])
        // Enter confirms: set 1 starts with its target.
        harness.press(.enter)
        #expect(harness.workout.runningSet?.index == 0)
        // In pounds the targets show converted.
        var pounds = self.harness([plan], unit: .pounds)
        pounds.press(.character("o"), .enter)
        #expect(pounds.workout.rows.map(\.entry.weight) == ["44", "49.5"])
    }
}
