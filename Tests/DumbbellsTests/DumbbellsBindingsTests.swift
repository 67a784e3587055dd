import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// The screen's states a member meets, each a harness at 80×24 with no notice showing (any key
/// clears a notice, which would make every key look as if it did something).
enum DumbbellsStates {
    /// The states by name.
    static func all() -> [(name: String, harness: Harness)] {
        var fresh = Harness(history: bicepHistory)
        fresh.send(.resize(Size(width: 80, height: 24)))
        var keys = PillStateTableTests.harness(in: .active)
        keys.press(.character("?"))
        var exercise = Harness()
        exercise.press(.character("e"))
        var summary = PillStateTableTests.harness(in: .active)
        summary.press(.character("f"))
        summary.press(.escape)
        summary.press(.character("x"), .character("y"))
        var leave = PillStateTableTests.harness(in: .active)
        leave.press(.character("q"))
        var settings = DumbbellsSettings()
        settings.routines = [
            Routine(
                name: "Push day",
                exercises: [
                    RoutineExercise(name: "Bench press", sets: 3, reps: 8),
                    RoutineExercise(name: "Bent-over row", sets: 3, reps: 10),
                    RoutineExercise(name: "Romanian deadlift", sets: 4),
                ]),
            Routine(name: "Arms", exercises: [RoutineExercise(name: "Bicep curl", sets: 3, reps: 12)]),
        ]
        var routines = Harness(settings: settings)
        routines.press(.character("o"))
        routines.type("Legs")
        var deleteRoutine = Harness(settings: settings)
        deleteRoutine.press(.character("o"), .control("x"))
        var history = Harness(history: ExerciseHistory(workouts: [typoWorkout, poundsWorkout]))
        history.press(.character("h"))
        var pastSets = history
        pastSets.press(.enter, .down)
        var deletePastSet = pastSets
        deletePastSet.press(.character("d"))
        var typing = PillStateTableTests.harness(in: .start)
        typing.type("1")
        var typingInARest = PillStateTableTests.harness(in: .countdown)
        typingInARest.type("1")
        var endQuestion = PillStateTableTests.harness(in: .start)
        endQuestion.press(.character("x"))
        var correcting = PillStateTableTests.harness(in: .start)
        correcting.press(.up)
        correcting.type("1")
        var correctingPast = pastSets
        correctingPast.type("2")
        var deleteSet = PillStateTableTests.harness(in: .start)
        deleteSet.press(.up, .character("d"))
        var restLength = PillStateTableTests.harness(in: .restPicker)
        restLength.press(.left, .left)
        // Set 1 marked a drop set (w twice), selected again once the notice has gone.
        var setType = PillStateTableTests.harness(in: .start)
        setType.press(.up, .character("w"), .character("w"), .down, .up)
        return [
            ("an empty table", fresh), ("set 2 typed in", PillStateTableTests.harness(in: .start)),
            ("the number pad", PillStateTableTests.harness(in: .keypad)),
            ("set 2 running", PillStateTableTests.harness(in: .active)),
            ("the rest picker", PillStateTableTests.harness(in: .restPicker)),
            ("a rest counting down", PillStateTableTests.harness(in: .countdown)), ("the keys sheet", keys),
            ("the exercise picker", exercise), ("the summary", summary), ("the leave question", leave),
            ("the routines sheet", routines), ("the delete-routine question", deleteRoutine),
            ("the history sheet", history), ("a past workout's sets", pastSets),
            ("the delete-past-set question", deletePastSet),
            ("typing set 2's reps", typing), ("typing during a rest", typingInARest),
            ("the end question", endQuestion), ("typing set 1's correction", correcting),
            ("typing a past set's correction", correctingPast), ("the delete-set question", deleteSet),
            ("the rest picker's typed length", restLength), ("a drop set selected", setType),
        ]
    }
}

/// The bindings table is the whole truth about the keys: every key that does something is
/// declared, and every enabled binding is on the keys sheet.
@Suite struct DumbbellsBindingsTests {
    /// What a key can change: the screen and everything the workout shows or will do.
    private func look(_ harness: Harness) -> String {
        let workout = harness.workout
        return "\(harness.frame())|\(workout.pill)|\(String(describing: workout.sheet))|\(workout.rows)|"
            + "\(workout.selection)|\(workout.settings)|\(String(describing: workout.notice))|"
            + "\(String(describing: workout.sheets.keys?.scroll))|\(String(describing: workout.nextDeadline(after: harness.now)))"
    }

    @Test func theStatesAreThoseNamed() {
        let states = DumbbellsStates.all()
        #expect(states.allSatisfy { $0.harness.workout.notice == nil })
        #expect(
            states.map { $0.harness.workout.pill.kind }.prefix(6) == [
                .start, .start, .keypad, .active, .restPicker, .countdown,
            ])
        #expect(
            states.map { !$0.harness.workout.sheets.coversScreen } == Array(repeating: true, count: 6)
                + Array(repeating: false, count: 9) + [true, true, false, true, false, false, true, true])
        #expect(
            states.map(\.harness.workout.isTyping) == Array(repeating: false, count: 15)
                + [true, true, false, true, false, false, false, false])
        #expect(states[states.count - 4].harness.pastSheet?.isTyping == true)
        let setType = states[states.count - 1].harness.workout
        #expect(setType.selection.row == 0 && setType.rows[0].completed?.record.type == .drop)
    }

    @Test func everyKeyThatDoesSomethingIsDeclared() {
        for (name, harness) in DumbbellsStates.all() {
            let problems = harness.undeclaredKeyEffects(of: harness.workout.bindings, look: look)
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
    }

    @Test func everyEnabledBindingIsOnTheKeysSheet() {
        for (name, harness) in DumbbellsStates.all() where !harness.workout.sheets.coversScreen {
            // The keys in force (while typing too) are on the sheet F1 opens.
            let missing = harness.bindingsMissingFromKeysSheet(\.bindings, openedBy: .function(1))
            #expect(missing.isEmpty, "\(name): \(missing)")
        }
    }

    /// The drift the tables ended: `s` and `f` were missing from the keys sheet.
    @Test func theKeysSheetListsStartAndFinish() {
        for (state, key) in [(Pill.Kind.start, "s"), (.active, "f")] {
            var harness = PillStateTableTests.harness(in: state)
            harness.send(.resize(Size(width: 200, height: 60)))
            harness.press(.character("?"))
            let lines = harness.frame().filter { $0.contains("Enter  Space  \(key)") }
            #expect(lines.count == 1, "\(state): \(key)")
        }
    }

    @Test func typingDigitsStillFillsTheFields() {
        for state in [Pill.Kind.start, .keypad, .active, .countdown] {
            var harness = PillStateTableTests.harness(in: state)
            harness.press(.delete)
            harness.type("8")
            #expect(harness.workout.rows[1].entry.reps == "8", "\(state)")
            harness.type("z")
            #expect(harness.workout.notice?.kind == .refused, "\(state): a letter is refused with its reason")
        }
    }

    @Test func clickingAHintDoesWhatItsKeyDoes() {
        for (name, harness) in DumbbellsStates.all() {
            let bar = Rect(x: 0, y: 23, width: 80, height: 1)
            let bindings = harness.workout.bindings
            for (frame, action) in bindings.barTargets(in: bar) {
                guard let key = bindings.barBindings.first(where: { $0.action == action })?.keys.first else {
                    continue
                }
                var clicked = harness
                var pressed = harness
                let clickOutputs = clicked.click(frame.origin)
                let keyOutputs = pressed.press(key)
                #expect(clickOutputs.count == keyOutputs.count, "\(name): \(key.name)")
                #expect(look(clicked) == look(pressed), "\(name): a click on \(key.name)'s hint")
            }
        }
    }
}

/// The sheets sit on one `SheetStack` with one Esc rule: Esc closes the top sheet; with no sheet,
/// Esc first closes the pad or the rest picker (or skips the rest), and only then asks to leave.
@Suite struct DumbbellsSheetStackTests {
    @Test func escClosesTheSheetOnTopAndThePadOrPickerFirst() {
        for state in [Pill.Kind.keypad, .restPicker, .countdown] {
            var harness = PillStateTableTests.harness(in: state)
            harness.press(.escape)
            #expect(harness.workout.pill.kind == .start, "\(state)")
            #expect(harness.workout.sheets.isEmpty, "\(state)")
            harness.press(.escape)
            #expect(harness.workout.pendingQuestion != nil, "\(state): then Esc asks to leave")
            harness.press(.escape)
            #expect(harness.workout.sheets.isEmpty, "\(state): and Esc on the question stays")
        }
        for key in [Key.character("?"), .character("e")] {
            var harness = Harness()
            harness.press(key)
            #expect(harness.workout.sheets.coversScreen)
            harness.press(.escape)
            #expect(!harness.workout.sheets.coversScreen, "\(key.name)")
        }
    }

    @Test func theSummaryReplacesEveryOtherSheet() {
        var harness = PillStateTableTests.harness(in: .active)
        harness.press(.character("f"), .escape, .character("x"))
        #expect(harness.workout.sheets.sheets.count == 1, "x asks first")
        harness.press(.character("y"))
        #expect(harness.workout.sheets.sheets.count == 1)
        #expect(harness.workout.isShowingSummary)
        harness.press(.enter)
        #expect(harness.workout.sheets.isEmpty, "Restart closes it")
    }
}

/// Every state at every size from 40×12 to 250×70: boxes whole, the help bar (as the bindings
/// say) on the last row, the selected set on screen.
@Suite struct DumbbellsSizeGridTests {
    /// The grid's states (the slow part in a debug build): the table with ten sets, the pad, a
    /// running set, the rest picker, the rest's big digits, the keys, the exercise picker, the
    /// summary, the questions, the sheets and a set of another type.
    static func states() -> [(name: String, harness: Harness)] {
        var settings = DumbbellsSettings()
        settings.setCount = 10
        var table = Harness(settings: settings, history: bicepHistory)
        for _ in 0..<9 { table.press(.down) }
        let all = DumbbellsStates.all()
        var progress = Harness(history: progressHistory)
        progress.press(.character("p"))
        var year = Harness(progressOf: eightMonthHistory)
        year.press(.character("p"), .right)
        var exercises = Harness(settings: DumbbellsSettings(exercise: "Romanian deadlift"), autoRest: true)
        exercises.doSet("22.5", "8")
        exercises.press(.escape)
        for name in ["Bent-over row", "Shoulder press"] {
            exercises.press(.character("A"))
            exercises.type(name)
            exercises.press(.enter)
        }
        exercises.press(.character("["))
        exercises.doSet("16", "10")
        return [("ten sets, the last selected", table)] + [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map { all[$0] } + [
            ("progress", progress), ("three exercises, a rest counting down by itself", exercises),
            ("progress over a year of eight months of workouts", year),
        ] + all[12...]
    }

    @Test func theGridCoversEveryState() {
        #expect(Self.states().count == 25, "everyStateFitsEverySize's arguments count them")
    }

    @Test(arguments: 0..<25)
    func everyStateFitsEverySize(state: Int) {
        let (name, harness) = Self.states()[state]
        for size in ScreenInvariants.sizes {
            var copy = harness
            copy.send(.resize(size))
            var composition = Composition(size: size)
            copy.workout.render(into: &composition, at: copy.now)
            var bar = Canvas(size: Size(width: size.width, height: 1))
            copy.workout.bindings.helpBar.render(into: &bar, in: bar.bounds)
            let problems = ScreenInvariants.problems(in: composition, helpBar: bar.lines().first ?? "")
            #expect(problems.isEmpty, "\(name) at \(size.width)×\(size.height): \(problems)")
            let layout = copy.workout.layout
            #expect(layout.row(of: copy.workout.selection.row) != nil, "\(name) at \(size.width)×\(size.height)")
        }
    }

    @Test func aShortWindowScrollsTheTableWithMarkers() {
        var settings = DumbbellsSettings()
        settings.setCount = 10
        var harness = Harness(settings: settings, size: Size(width: 60, height: 16))
        let frame = harness.frame().joined(separator: "\n")
        #expect(frame.contains("▼"), "sets below are counted")
        for _ in 0..<9 { harness.press(.down) }
        let scrolled = harness.frame()
        #expect(scrolled.contains { $0.contains("▲") }, "sets above are counted")
        #expect(scrolled.contains { $0.contains("10 [      ]") }, "the selected set 10 shows")
    }
}
