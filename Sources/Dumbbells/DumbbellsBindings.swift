import Records
import TermUI

/// What a key (or a click on its hint in the help bar) asks the dumbbell workout to do.
public enum DumbbellsAction: Hashable, Sendable {
    // The table and the pill.
    /// Enter: what the pill's main button does (Start, Next field, Finish, Rest, Skip).
    case primary
    /// `s`: start the set (from Start or the pad), or skip the rest.
    case startSet
    /// `f`: finish the running set.
    case finish
    /// `k`: open or close the number pad.
    case togglePad
    /// Esc on the pad: close it.
    case closePad
    /// `r`: offer the rest picker.
    case rest
    /// Esc in a rest countdown: end it.
    case skipRest
    /// The next field or the one before (Tab, Shift-Tab).
    case nextField, previousField
    /// ↑ ↓: another set's field.
    case moveRows(Int)
    /// ← →: the weight or the reps of the set.
    case selectField(SetField)
    /// Home, End: the current set's weight, the last set's reps.
    case firstField, lastField
    /// A character typed into the selected field (refused with the reason when it is no digit).
    case type(Character)
    /// Backspace and Delete in a field.
    case deleteBackward, clearField
    /// Esc while typing in a field: the field gets back the value it had; nothing is saved.
    case cancelTyping
    /// Enter while typing where the pill's action is not Enter's (a finished set's correction, a
    /// rest counting down): the value typed is taken, a correction saved.
    case commitField
    /// `l`: the last workout's numbers into the current set.
    case copyLast
    /// `L`: the last numbers into every set still to do.
    case copyLastAll
    /// `e`: choose the exercise.
    case chooseExercise
    /// `R`: the rest after each set starts by itself, or not.
    case toggleAutoRest
    /// `A`: another exercise in the workout (the exercise picker).
    case addExercise
    /// `[` `]`: the exercise before or after.
    case switchExercise(Int)
    /// `u`: kilograms or pounds.
    case toggleUnit
    /// `a`: one set more.
    case changeSetCount(Int)
    /// `d`: delete the selected set (it asks first).
    case deleteSet
    /// The delete question: delete the set.
    case confirmDeleteSet
    /// `z`: bring back the set deleted last.
    case undoDelete
    /// `w`: the selected finished set becomes a warm-up, drop, failure or working set, in turn.
    case cycleSetType
    /// `E`: the RPE of the selected finished set (else the set just done).
    case rateSet
    /// `n`: the note of the selected finished set (else the set just done).
    case noteSet
    /// A key for the RPE picker (TermUI's list picker).
    case rpePicker(Key)
    /// A key for the note field's sheet.
    case noteField(Key)
    /// `x`: end the workout and show the summary (it asks first).
    case endWorkout
    /// The end question: end the workout.
    case confirmEndWorkout
    /// `p`: the exercise's progress chart and records.
    case showProgress
    /// The progress sheet: the estimate or the volume.
    case switchMetric
    /// `h`: the exercise's past workouts, to correct and delete their sets.
    case showHistory
    /// A key of the history sheet or of its delete question.
    case past(PastWorkoutsAction)
    /// The progress sheet: a longer (1) or shorter (-1) range of months.
    case moveRange(Int)
    /// `?`, F1: the keys sheet.
    case keys
    /// `q`, Esc: leave, asking first when that would lose something.
    case leave

    // The rest picker.
    /// Moves the focus among the rests by this many places.
    case moveRest(Int)
    /// Takes the rest with this number (from 1).
    case chooseRestNumber(Int)
    /// Esc, Backspace on the rest picker: no rest (Esc on a length typed puts it back first).
    case noRest
    /// A key typed into the rest picker's length.
    case typeRestLength(Key)
    /// `+` `-` during a rest: this many seconds longer (or shorter).
    case adjustRest(Int)

    // Sheets.
    /// Closes the sheet on top (the progress, the exercise picker).
    case close
    /// A key of the keys sheet, which the sheet stack scrolls or closes it with (listed so the
    /// help bar shows its hints).
    case keysSheet(Key)
    /// A key for the exercise picker (TermUI's list picker: its own keys).
    case picker(Key)
    /// `o`: the routines sheet.
    case openRoutines
    /// A key for the routines sheet's list picker.
    case routinePicker(Key)
    /// The routines sheet: asks to delete the highlighted routine.
    case deleteRoutine
    /// The routines sheet: the highlighted routine's plan (Ctrl-O) or name (Ctrl-R) to edit.
    case editRoutine(renaming: Bool)
    /// The routines sheet: moves the highlighted routine one place up (-1) or down (1).
    case moveRoutine(Int)
    /// A key for the routine's editor.
    case routineField(Key)
    /// The delete question: delete the routine.
    case confirmDeleteRoutine
    /// The summary: a new workout.
    case restart
    /// The leave question: leave.
    case confirmLeave
}

/// The dumbbell workout's keys, per state: key handling, the help bar, the keys sheet and clicks
/// on the bar all come from these tables.
enum DumbbellsBindings {
    private static func characters(_ text: String) -> [Key] { text.map { Key.character($0) } }

    /// What the table's state offers, besides the pill.
    struct TableState {
        var pill: Pill.Kind
        var canStart: Bool
        var hasLast: Bool
        var canChangeExercise: Bool
        var hasCompletedSets: Bool
        var hasDeleted: Bool
        var unit: String
        var otherUnit: String
        var restCount: Int
        var exerciseCount = 1
        var autoRest = true
        var restSeconds = DumbbellsSettings.defaultRest
        /// A field is being typed into: every character goes into it (and is refused there
        /// when it is no digit), so no letter acts as a command until Enter, Tab, an arrow or Esc.
        var typing = false
        /// The selected field is a finished set's: Enter while typing saves its correction.
        var correcting = false
        /// The rest picker's length field has the focus: digits type into it.
        var typingRestLength = false
    }

    /// The table with the pill in any state. While a field is being typed into, the keys that
    /// are characters are typed (Space aside, which stays Start, Next or Finish), Esc puts the
    /// field's value back before it does anything else, and where the pill's Enter would do more
    /// than take the value (save a correction, skip a rest) Enter only takes it.
    static func table(_ state: TableState) -> KeyBindings<DumbbellsAction> {
        let bindings = tableList(state)
        guard state.typing else { return KeyBindings(bindings) }
        var typing = [cancelTyping]
        if state.correcting || state.pill == .countdown { typing.append(commitField(correcting: state.correcting)) }
        var claimed = Set(typing.flatMap(\.keys))
        for var binding in bindings {
            if binding.keys == TextField.printableKeys {
                typing.append(binding)
                continue
            }
            // Listed on the keys sheet as without the typing.
            binding.listing = binding.allKeys
            binding.keys = binding.keys.filter { key in
                if claimed.contains(key) { return false }
                guard case .character(let character) = key else { return true }
                return character == " "
            }
            guard !binding.keys.isEmpty else { continue }
            if binding.keys == [.function(1)] { binding.display = "F1" }
            claimed.formUnion(binding.keys)
            typing.append(binding)
        }
        return KeyBindings(typing)
    }

    /// Esc while typing.
    static let cancelTyping = KeyBinding<DumbbellsAction>(
        [.escape], "Cancel", group: "Fields", bar: 2,
        meaning: "while typing in a field: put back the value it had (nothing is saved)", action: .cancelTyping)

    /// Enter while typing a correction, or during a rest.
    static func commitField(correcting: Bool) -> KeyBinding<DumbbellsAction> {
        KeyBinding(
            [.enter, .character(" ")], correcting ? "Save" : "Done typing", group: "Fields", bar: 1,
            listing: "Enter  Space",
            meaning: "while typing a finished set's correction: save it; during a rest: keep the"
                + " number (the rest goes on)", action: .commitField)
    }

    /// The table's keys as the keys sheet lists them: every command, and Enter and Esc while typing.
    static func keysSheet(_ state: TableState) -> KeyBindings<DumbbellsAction> {
        var state = state
        state.typing = false
        let typing = [commitField(correcting: true), cancelTyping].map { binding in
            var binding = binding
            binding.barRank = nil
            return binding
        }
        return KeyBindings(tableList(state) + typing)
    }

    /// The table's bindings in order, the typed characters last.
    private static func tableList(_ state: TableState) -> [KeyBinding<DumbbellsAction>] {
        let pill = state.pill
        let picking = pill == .restPicker
        let onStart = pill == .start
        var bindings: [KeyBinding<DumbbellsAction>] = []
        switch pill {
        case .start:
            bindings.append(
                KeyBinding(
                    [.enter, .character(" "), .character("s")], "Start", group: "Set", bar: 1,
                    listing: "Enter  Space  s", meaning: "start the set (or say what is missing)",
                    action: .primary))
        case .keypad:
            bindings += [
                KeyBinding(
                    [.enter, .character(" ")], "Next", group: "Set", bar: 1, listing: "Enter  Space",
                    meaning: "the next field", action: .primary),
                KeyBinding(
                    [.character("s")], "Start", group: "Set", bar: 5, meaning: "start the set", action: .startSet),
            ]
        case .active:
            bindings.append(
                KeyBinding(
                    [.enter, .character(" "), .character("f")], "Finish", group: "Set", bar: 1,
                    listing: "Enter  Space  f", meaning: "finish the set", action: .finish))
        case .restPicker:
            bindings += restPickerList(state)
        case .countdown:
            bindings += [
                KeyBinding(
                    [.enter, .character(" "), .character("s"), .escape], "Skip", group: "Rest", bar: 1,
                    listing: "Enter  Space  s  Esc", meaning: "end the rest (Skip is the focused button)",
                    action: .skipRest),
                KeyBinding(
                    [.character("+"), .character("=")], "+\(RestCountdown.step)s", group: "Rest", bar: 6,
                    display: "+", listing: "+  =", meaning: "rest \(RestCountdown.step) s longer",
                    action: .adjustRest(RestCountdown.step)),
                KeyBinding(
                    [.character("-")], "−\(RestCountdown.step)s", group: "Rest", bar: 7,
                    meaning: "rest \(RestCountdown.step) s shorter", action: .adjustRest(-RestCountdown.step)),
            ]
        }
        if !picking {
            bindings += [
                KeyBinding(
                    [.tab, .backTab], "Next", group: "Fields", bar: pill == .active ? 5 : pill == .keypad ? nil : 2,
                    listing: "Tab  Shift-Tab", meaning: "the next field, or the one before"
                ) { key in key == .tab ? .nextField : .previousField },
                KeyBinding(
                    [.up, .down, .left, .right], "Move", group: "Fields", display: "↑↓←→", listing: "↑ ↓ ← →",
                    meaning: "another set, or its weight or reps"
                ) { key in
                    switch key {
                    case .up: return .moveRows(-1)
                    case .down: return .moveRows(1)
                    case .left: return .selectField(.weight)
                    default: return .selectField(.reps)
                    }
                },
                KeyBinding(
                    [.home, .end], "Ends", group: "Fields", listing: "Home  End",
                    meaning: "the current set's weight / the last set's reps"
                ) { key in key == .home ? .firstField : .lastField },
                KeyBinding(
                    [.backspace, .delete], "Erase", group: "Fields", listing: "⌫  Del",
                    meaning: "erase a character / clear the field"
                ) { key in key == .backspace ? .deleteBackward : .clearField },
            ]
        }
        switch pill {
        case .start, .keypad:
            bindings.append(
                KeyBinding(
                    [.character("k")], "Pad", group: "Set", bar: pill == .start ? 5 : nil,
                    meaning: pill == .keypad ? "close the number pad" : "the number pad (click a field too)",
                    action: .togglePad))
        default: break
        }
        if pill == .keypad {
            bindings.append(
                KeyBinding([.escape], "Done", group: "Set", bar: 2, meaning: "close the number pad", action: .closePad))
        }
        if pill != .restPicker && pill != .countdown {
            bindings.append(
                KeyBinding(
                    [.character("r")], "Rest", group: "Rest", bar: pill == .active ? 2 : pill == .start ? 6 : nil,
                    meaning: "rest: choose how long (s skips it)", action: .rest))
        }
        bindings += [
            KeyBinding(
                [.character("l")], "Last", group: "Workout", bar: onStart && state.hasLast ? 7 : nil,
                meaning: "copy the last workout's numbers", action: .copyLast),
            KeyBinding(
                [.character("L")], "Last all", group: "Workout",
                meaning: "copy the last numbers into every set still to do", action: .copyLastAll),
            KeyBinding(
                [.character("e")], "Exercise", group: "Workout", bar: onStart && state.canChangeExercise ? 8 : nil,
                meaning: "choose the exercise (before set 1)", action: .chooseExercise),
            KeyBinding(
                [.character("R")], state.autoRest ? "Auto rest on" : "Auto rest off", group: "Rest",
                meaning: "the rest after each set starts by itself (\(state.restSeconds) s for this exercise) or not",
                action: .toggleAutoRest),
            KeyBinding(
                [.character("A")], "Add exercise", group: "Workout",
                meaning: "another exercise in this workout, with its own sets", action: .addExercise),
            KeyBinding(
                [.character("["), .character("]")], "Exercise", group: "Workout",
                bar: onStart && state.exerciseCount > 1 ? 13 : nil, display: "[ ]", listing: "[  ]",
                meaning: "the exercise before / after in this workout"
            ) { key in key == .character("[") ? .switchExercise(-1) : .switchExercise(1) },
            KeyBinding(
                [.character("u")], state.otherUnit, group: "Workout", bar: onStart && state.canChangeExercise ? 9 : nil,
                meaning: "every weight converted to \(state.otherUnit) (from \(state.unit))", action: .toggleUnit),
            KeyBinding(
                [.character("a")], "Add", group: "Sets", bar: onStart ? 10 : nil, meaning: "one set more",
                action: .changeSetCount(1)),
            KeyBinding(
                [.character("d")], "Delete", group: "Sets",
                meaning: "delete the selected set, finished ones too (it asks first)",
                action: .deleteSet),
            KeyBinding(
                [.character("w")], "Set type", group: "Sets",
                meaning: "mark the selected finished set warm-up, drop, failure or working, in turn (warm-ups count "
                    + "towards no volume or record)", action: .cycleSetType),
            KeyBinding(
                [.character("E")], "RPE", group: "Sets",
                meaning: "the RPE of the selected finished set, else of the set just done: 6–10 in halves, or none",
                action: .rateSet),
            KeyBinding(
                [.character("n")], "Note", group: "Sets",
                meaning: "a note on the selected finished set, else on the set just done (empty takes it away)",
                action: .noteSet),
            KeyBinding(
                [.character("z")], "Undo", group: "Sets", bar: state.hasDeleted ? 12 : nil,
                meaning: "bring back the set deleted last", action: .undoDelete),
            KeyBinding(
                [.character("x")], "End", group: "Workout", bar: onStart && state.hasCompletedSets ? 11 : nil,
                meaning: "end the workout: the summary (it asks first)", action: .endWorkout),
            KeyBinding(
                [.character("o")], "Routines", group: "Workout",
                meaning: "routines: start one, save this workout as one, delete one", action: .openRoutines),
            KeyBinding(
                [.character("p")], "Progress", group: "Workout",
                meaning: "the exercise's progress and records: there ← → chart 3 months, 6 months, 1 year or all,"
                    + " Tab the e1RM or the volume", action: .showProgress),
            KeyBinding(
                [.character("h")], "History", group: "Workout",
                meaning: "past workouts of the exercise: correct or delete their sets (records follow)",
                action: .showHistory),
            KeyBinding(
                [.character("?"), .function(1)], "Keys", group: "Workout", bar: picking ? nil : 3, meaning: "every key",
                action: .keys),
            KeyBinding(
                pill == .start || pill == .active ? [.character("q"), .escape] : [.character("q")], "Back",
                group: "Workout", bar: 4, listing: pill == .start || pill == .active ? "q  Esc" : "q",
                meaning: "leave the workout (it asks first when that would lose something)", action: .leave),
        ]
        if !picking {
            // Last, so that the letters above keep their meaning: every other character is
            // typed into the field, and refused with the reason when it is not a digit.
            bindings.append(
                KeyBinding(
                    TextField.printableKeys, "Type", group: "Fields", listing: "0–9 .",
                    meaning: "type weight and reps, a finished set's too: the first digit replaces the value"
                        + " (Enter, Tab or an arrow keeps it, Esc puts it back); other characters are refused"
                ) { key in
                    if case .character(let character) = key { return .type(character) }
                    return .deleteBackward
                })
        }
        return bindings
    }

    /// The rest picker's keys: the focus moves among the lengths; digits take a length by its
    /// number, or type one once the length field has the focus.
    private static func restPickerList(_ state: TableState) -> [KeyBinding<DumbbellsAction>] {
        var bindings = [
            KeyBinding<DumbbellsAction>(
                [.left, .right, .up, .down, .tab, .backTab], "Choose", group: "Rest", bar: 1, display: "←→",
                listing: "← →  Tab", meaning: "the rest to take: a length, one typed, or none"
            ) { key in [Key.left, .up, .backTab].contains(key) ? .moveRest(-1) : .moveRest(1) },
            KeyBinding(
                [.enter, .character(" ")], "Rest", group: "Rest", bar: 2, listing: "Enter  Space",
                meaning: "take the rest chosen", action: .primary),
        ]
        if state.typingRestLength {
            bindings.append(
                KeyBinding(
                    characters("0123456789:") + [.backspace, .delete], "Type", group: "Rest", bar: 4,
                    display: "0-9", listing: "0–9 :  ⌫",
                    meaning: "type any rest: seconds (75) or minutes:seconds (1:15), "
                        + "\(ValueLimits.restSeconds.lowerBound) s to \(ValueLimits.restSeconds.upperBound / 60) min"
                ) { key in .typeRestLength(key) })
            bindings.append(
                KeyBinding(
                    [.escape], "No rest", group: "Rest", bar: 3, listing: "Esc",
                    meaning: "no rest (a length typed is put back first)", action: .noRest))
        } else {
            bindings += [
                KeyBinding(
                    characters("0123456789"), "Rest", group: "Rest", listing: "1…\(state.restCount)",
                    meaning: "take a rest by its number"
                ) { key in
                    if case .character(let digit) = key { return .chooseRestNumber(digit.wholeNumberValue ?? 0) }
                    return .primary
                },
                KeyBinding(
                    [.escape, .backspace], "No rest", group: "Rest", bar: 3, listing: "Esc  ⌫", meaning: "no rest",
                    action: .noRest),
            ]
        }
        return bindings
    }

    /// The progress sheet.
    static let progress = KeyBindings<DumbbellsAction>([
        KeyBinding(
            [.tab, .character("v")], "e1RM/volume", group: "Progress", bar: 1, listing: "Tab  v",
            meaning: "chart the estimated maximum or the volume", action: .switchMetric),
        KeyBinding(
            [.left, .right], "Range", group: "Progress", bar: 2, display: "←→", listing: "← →",
            meaning: "chart 3 months, 6 months, 1 year or all"
        ) { key in key == .left ? .moveRange(-1) : .moveRange(1) },
        KeyBinding(
            [.escape, .character("p"), .character("q"), .enter], "Close", group: "Progress", bar: 3, display: "Esc",
            listing: "Esc  p  q  Enter", meaning: "close the progress (a click too)", action: .close),
    ])

    /// The routines sheet: Ctrl-X, then the list picker's own keys.
    static func routines(_ sheet: RoutinesSheet) -> KeyBindings<DumbbellsAction> {
        KeyBindings(
            [
                KeyBinding(
                    [.control("o")], "Edit", group: "Routines", bar: 6, display: "^O", listing: "Ctrl-O",
                    meaning: "edit the highlighted routine: its exercises in order, sets and targets (3×10 @ 20)",
                    action: .editRoutine(renaming: false)),
                KeyBinding(
                    [.control("r")], "Rename", group: "Routines", bar: 7, display: "^R", listing: "Ctrl-R",
                    meaning: "rename the highlighted routine", action: .editRoutine(renaming: true)),
                KeyBinding(
                    [.control("t"), .control("g")], "Move", group: "Routines", bar: 8, display: "^T^G",
                    listing: "Ctrl-T  Ctrl-G", meaning: "move the highlighted routine up or down the list"
                ) { key in key == .control("t") ? .moveRoutine(-1) : .moveRoutine(1) },
                KeyBinding(
                    [.control("x")], "Delete", group: "Routines", bar: 5, display: "^X", listing: "Ctrl-X",
                    meaning: "delete the highlighted routine (it asks first)", action: .deleteRoutine),
            ] + sheet.picker.bindings.map { DumbbellsAction.routinePicker($0) }.bindings)
    }

    /// The question before a routine is deleted.
    static let deleteRoutineQuestion = KeyBindings<DumbbellsAction>(
        ConfirmSheet.bindings(
            group: "Delete?", confirm: "Delete", .confirmDeleteRoutine, meaning: "delete the routine",
            cancel: "Keep", .close, meaning: "keep the routine"))

    /// The question before a set of the workout is deleted.
    static let deleteSetQuestion = KeyBindings<DumbbellsAction>(
        ConfirmSheet.bindings(
            group: "Delete?", confirm: "Delete", .confirmDeleteSet, meaning: "delete the set (z brings it back)",
            cancel: "Keep", .close, meaning: "keep the set"))

    /// The summary of a finished workout.
    static let summary = KeyBindings<DumbbellsAction>([
        KeyBinding(
            [.enter, .character(" "), .character("r")], "Restart", group: "Summary", bar: 1,
            listing: "Enter  Space  r", meaning: "a new workout of the same exercises",
            action: .restart),
        KeyBinding(
            [.character("q"), .escape], "Back", group: "Summary", bar: 2, listing: "q  Esc",
            meaning: "leave the workout", action: .confirmLeave),
    ])

    /// The leave question.
    static let leaveQuestion = KeyBindings<DumbbellsAction>(
        ConfirmSheet.bindings(
            .confirmLeave, meaning: "leave; finished sets stay saved", .close,
            meaning: "stay with everything as it was"))

    /// The question before `x` ends the workout.
    static let endWorkoutQuestion = KeyBindings<DumbbellsAction>(
        ConfirmSheet.bindings(
            group: "End?", confirm: "End", .confirmEndWorkout, meaning: "end the workout: the summary of the sets done",
            cancel: "Keep going", .close, meaning: "keep the workout going as it was"))
}

extension DumbbellsWorkout {
    /// The keys of the workout in its current state: the sheet on top's, or the table's.
    public var bindings: KeyBindings<DumbbellsAction> {
        if let keys = sheets.keysBindings({ DumbbellsAction.keysSheet($0) }) { return keys }
        switch sheet {
        case .exercise(let picker, _): return picker.bindings.map { DumbbellsAction.picker($0) }
        case .summary: return DumbbellsBindings.summary
        case .leave: return DumbbellsBindings.leaveQuestion
        case .endWorkout: return DumbbellsBindings.endWorkoutQuestion
        case .progress: return DumbbellsBindings.progress
        case .routines(let sheet): return DumbbellsBindings.routines(sheet)
        case .deleteRoutine: return DumbbellsBindings.deleteRoutineQuestion
        case .pastWorkouts(let past):
            guard past.workoutID != nil else { return DumbbellsBindings.history }
            // Typing in a field never triggers a command key: `d` is typed while a correction is.
            return past.isTyping ? DumbbellsBindings.pastSetsTyping : DumbbellsBindings.pastSets
        case .deletePastSet: return DumbbellsBindings.deletePastSetQuestion
        case .deleteSet: return DumbbellsBindings.deleteSetQuestion
        case .rpe(let picker, _): return picker.bindings.map { DumbbellsAction.rpePicker($0) }
        case .note(let field, _): return field.bindings.map { DumbbellsAction.noteField($0) }
        case .routineEditor(let field, _): return field.bindings.map { DumbbellsAction.routineField($0) }
        case nil: return DumbbellsBindings.table(tableState)
        }
    }

    /// The table's keys with the pill as it is, as the keys sheet lists them (the commands, and
    /// Esc ending the typing).
    public var tableBindings: KeyBindings<DumbbellsAction> { DumbbellsBindings.keysSheet(tableState) }

    /// What the table's keys depend on.
    var tableState: DumbbellsBindings.TableState {
        let index = currentIndex
        let other: WeightUnit = settings.unit == .kilograms ? .pounds : .kilograms
        return DumbbellsBindings.TableState(
            pill: pill.kind, canStart: index < rows.count && rows[index].entry.isValid,
            hasLast: lastSet(for: index) != nil && isOpen(index), canChangeExercise: canChangeExercise,
            hasCompletedSets: !completedSets.isEmpty, hasDeleted: deleted != nil, unit: settings.unit.rawValue,
            otherUnit: other.rawValue,
            restCount: settings.restPresets.count, exerciseCount: exerciseNames.count, autoRest: settings.autoRest,
            restSeconds: settings.rest(for: settings.exercise), typing: isTyping,
            correcting: rows.indices.contains(selection.row) && rows[selection.row].completed != nil,
            typingRestLength: {
                if case .restPicker(let picker) = pill { return picker.focus == settings.restPresets.count }
                return false
            }())
    }
}
