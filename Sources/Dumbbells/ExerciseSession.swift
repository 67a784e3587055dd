import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The session of exercises: the exercise picker, several exercises in one workout, routines.

extension DumbbellsWorkout {
    mutating func openExercisePicker(adding: Bool = false) {
        guard adding || canChangeExercise else {
            notice = Notice("The exercise is set once set 1 has started · A adds another exercise", kind: .refused)
            return
        }
        if adding, let running = runningSet {
            notice = Notice("Finish set \(running.index + 1) first", kind: .refused)
            return
        }
        if adding, exerciseNames.count >= Self.maxExercises {
            notice = Notice("At most \(Self.maxExercises) exercises in a workout", kind: .refused)
            return
        }
        var picker = makeExercisePicker()
        picker.keepHighlightInView(on: size)
        sheets.push(.exercise(picker, adding: adding))
    }

    /// An event for the exercise picker on top; a choice made closes it and is used as the
    /// picker was opened for (the exercise on screen, or one added).
    mutating func updateExercisePicker(_ event: Event, into outputs: inout [Output]) {
        guard case .exercise(var picker, let adding) = sheet else { return }
        switch picker.update(event, in: ComponentContext(screen: size, helpBar: layout.helpBar)) {
        case nil:
            sheets.replaceTop(with: .exercise(picker, adding: adding))
        case .cancelled:
            sheets.pop()
        case .committed(.existing(let name)), .committed(.new(let name)):
            sheets.pop()
            chooseExercise(knownSpelling(of: name), adding: adding, into: &outputs)
        }
    }

    /// Uses `name` (spelt as the member has it already): the exercise on screen, or (`adding`)
    /// another one added to the workout; it stays among the member's own exercises.
    mutating func chooseExercise(_ name: String, adding: Bool, into outputs: inout [Output]) {
        let name = knownSpelling(of: name)
        let remembered = settings.exercises
        settings.remember(name)
        if adding {
            let count = exerciseNames.count
            addExercise(name, into: &outputs)
            if exerciseNames.count > count, settings.exercises != remembered { outputs.append(.saveSettings(settings)) }
            if exerciseNames.count == count { settings.exercises = remembered }
            return
        }
        let before = settings.exercise
        settings.exercise = name
        guard settings.exercise != before else {
            if settings.exercises != remembered { outputs.append(.saveSettings(settings)) }
            return
        }
        history = .none
        isLoadingHistory = true
        outputs.append(.loadHistory(exercise: settings.exercise))
        outputs.append(.saveSettings(settings))
    }

    // MARK: Routines

    /// `o`: the routines sheet.
    mutating func openRoutines() {
        var sheet = RoutinesSheet(routines: settings.routines, theme: palette.theme)
        if let problem = settings.routinesProblem { sheet.say(problem) }
        sheets.push(.routines(sheet))
        if let problem = settings.routinesProblem { notice = Notice(problem, kind: .refused) }
    }

    /// An event for the routines sheet on top: Ctrl-X asks to delete the highlighted routine,
    /// everything else goes to its picker; Enter starts a routine or saves this workout as one.
    mutating func updateRoutines(_ event: Event, into outputs: inout [Output]) {
        guard case .routines(var sheet) = sheet else { return }
        if event == .key(.control("x")) { return askToDeleteRoutine() }
        if event == .key(.enter), sheet.picker.choice == nil, sheet.picker.typed.isEmpty {
            notice = Notice(RoutineNameProblem.empty.message, kind: .refused)
            sheet.say(RoutineNameProblem.empty.message)
            sheets.replaceTop(with: .routines(sheet))
            return
        }
        let context = ComponentContext(screen: size, helpBar: layout.helpBar)
        switch sheet.update(event, in: context) {
        case nil:
            sheets.replaceTop(with: .routines(sheet))
        case .cancelled:
            sheets.pop()
        case .committed(.existing(let index)):
            sheets.replaceTop(with: .routines(sheet))
            startRoutine(at: index, into: &outputs)
        case .committed(.new(let name)):
            sheets.replaceTop(with: .routines(sheet))
            saveRoutine(named: name, into: &outputs)
        }
        // A refusal is said where it is read: under the list.
        if case .routines(var open) = self.sheet, let notice, notice.kind == .refused {
            open.say(notice.text)
            sheets.replaceTop(with: .routines(open))
        }
    }

    /// Starts routine `index`; numbers typed for sets not yet done are the member's, so a
    /// routine replaces them only when Enter is pressed on it again.
    mutating func startRoutine(at index: Int, into outputs: inout [Output]) {
        guard case .routines(var sheet) = sheet, settings.routines.indices.contains(index) else { return }
        let routine = settings.routines[index]
        let typed = allSlots.map(\.rows).joined().contains {
            $0.completed == nil && !($0.entry.weight.isEmpty && $0.entry.reps.isEmpty)
        }
        if typed, sheet.replacingAsked != index {
            sheet.replacingAsked = index
            sheet.say("“\(routine.name)” replaces the numbers typed · Enter again starts it")
            sheets.replaceTop(with: .routines(sheet))
            notice = Notice("“\(routine.name)” replaces the numbers typed on screen · Enter again starts it")
            return
        }
        startRoutine(routine, into: &outputs)
    }

    /// This workout as a routine: each exercise with its sets and the reps of its first set
    /// that has some (done or typed).
    public func routine(named name: String) -> Routine {
        Routine(
            name: name,
            exercises: allSlots.map { slot in
                let reps = slot.rows.lazy.compactMap { $0.completed?.record.reps ?? $0.entry.repsValue }.first
                return RoutineExercise(name: slot.exercise, sets: slot.rows.count, reps: reps)
            })
    }

    mutating func saveRoutine(named text: String, into outputs: inout [Output]) {
        if let problem = settings.routinesProblem {
            notice = Notice("Not saved: \(problem)", kind: .refused)
            return
        }
        let name: String
        switch Routine.cleanedName(text) {
        case .success(let cleaned): name = cleaned
        case .failure(let problem):
            notice = Notice(problem.message, kind: .refused)
            return
        }
        let routine = routine(named: name)
        if let index = settings.routines.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
            settings.routines[index] = routine
            notice = Notice("Routine “\(name)” replaced")
        } else {
            guard settings.routines.count < Routine.maximumCount else {
                notice = Notice("At most \(Routine.maximumCount) routines · Ctrl-X deletes one", kind: .refused)
                return
            }
            settings.routines.append(routine)
            notice = Notice("Saved routine “\(name)”")
        }
        sheets.pop()
        outputs.append(.saveSettings(settings))
    }

    /// A new workout of `routine`'s exercises and sets, the reps as targets and the last
    /// workout's weights where known.
    mutating func startRoutine(_ routine: Routine, into outputs: inout [Output]) {
        guard clock == nil else {
            notice = Notice("A routine starts a new workout: x ends this one, then Restart", kind: .refused)
            return
        }
        sheets.pop()
        slots = routine.exercises.map { exercise in
            let row = Row(entry: SetEntry(reps: exercise.reps.map(String.init) ?? "", unit: settings.unit))
            return ExerciseSlot(
                exercise: exercise.name,
                rows: targetRows(of: exercise, in: routine) ?? Array(repeating: row, count: exercise.sets),
                selection: FieldPosition(row: 0, field: .weight), history: .none, isLoadingHistory: true,
                pastBest: nil, session: nil, deleted: nil, restSinceLastSet: .zero, fillsWeights: true)
        }
        exerciseIndex = 0
        show(slots[0])
        settings.setCount = rows.count
        deleted = nil
        pill = .start
        outputs += slots.map { .loadHistory(exercise: $0.exercise) }
        outputs.append(.saveSettings(settings))
        notice = Notice(
            "\(routine.name): \(slots.count) \(slots.count == 1 ? "exercise" : "exercises") · [ ] move between them")
    }

    /// Ctrl-X on the routines sheet: asks before deleting the highlighted routine.
    mutating func askToDeleteRoutine() {
        guard case .routines(var sheet) = sheet, let index = sheet.selection, settings.routines.indices.contains(index)
        else {
            notice = Notice("Highlight a routine to delete", kind: .refused)
            if case .routines(var open) = self.sheet {
                open.say("Highlight a routine to delete")
                sheets.replaceTop(with: .routines(open))
            }
            return
        }
        let name = settings.routines[index].name
        sheet.replacingAsked = nil
        sheets.replaceTop(with: .routines(sheet))
        sheets.push(
            .deleteRoutine(
                ConfirmSheet("Delete the routine “\(name)”?", title: "Delete?", confirm: "Delete", cancel: "Keep"),
                index: index))
    }

    mutating func deleteRoutine(at index: Int, into outputs: inout [Output]) {
        if let problem = settings.routinesProblem {
            notice = Notice("Not deleted: \(problem)", kind: .refused)
            return
        }
        guard settings.routines.indices.contains(index) else { return }
        let removed = settings.routines.remove(at: index)
        if case .routines(var sheet) = sheet {
            sheet.replaceRoutines(settings.routines)
            sheets.replaceTop(with: .routines(sheet))
        }
        notice = Notice("Routine “\(removed.name)” deleted")
        outputs.append(.saveSettings(settings))
    }

    /// Open sets with no weight typed get the weight of the same set last time.
    static func filledWeights(_ rows: [Row], from history: ExerciseHistory, in unit: WeightUnit) -> [Row] {
        rows.enumerated().map { index, row in
            guard row.completed == nil, row.entry.weight.isEmpty, let last = history.lastSets[index + 1] else {
                return row
            }
            var filled = row
            let reps = row.entry.reps.isEmpty ? String(last.set.reps) : row.entry.reps
            filled.entry = SetEntry(weight: Weight(last.set.weight, last.unit), in: unit, reps: reps)
            return filled
        }
    }

    /// The most exercises one workout holds.
    public static let maxExercises = 12

    /// `A` and a choice: another exercise in the workout, with its own sets, on screen.
    mutating func addExercise(_ name: String, into outputs: inout [Output]) {
        if exerciseNames.contains(where: { $0.lowercased() == name.lowercased() }) {
            notice = Notice("\(name) is in this workout already", kind: .refused)
            return
        }
        commitEdits(into: &outputs)
        if slots.isEmpty { slots = [currentSlot] } else { slots[exerciseIndex] = currentSlot }
        let slot = ExerciseSlot(
            exercise: name, rows: Array(repeating: Row(), count: settings.setCount),
            selection: FieldPosition(row: 0, field: .weight), history: .none, isLoadingHistory: true, pastBest: nil,
            session: nil, deleted: nil, restSinceLastSet: .zero)
        slots.append(slot)
        exerciseIndex = slots.count - 1
        show(slot)
        if pill == .keypad { pill = .start }
        outputs.append(.loadHistory(exercise: name))
        notice = Notice("\(name) added · [ ] move between the exercises")
    }

    /// `[` `]`: the exercise before or after, each keeping its sets.
    mutating func switchExercise(by step: Int, into outputs: inout [Output]) {
        guard slots.count > 1 else {
            notice = Notice("One exercise in this workout · A adds another", kind: .refused)
            return
        }
        if let running = runningSet {
            notice = Notice("Finish set \(running.index + 1) first", kind: .refused)
            return
        }
        commitEdits(into: &outputs)
        move(to: (exerciseIndex + step % slots.count + slots.count) % slots.count)
        notice = Notice("\(settings.exercise) · exercise \(exerciseIndex + 1) of \(slots.count)")
    }

    /// Parks the exercise on screen and shows exercise `index`.
    mutating func move(to index: Int) {
        guard slots.indices.contains(index), index != exerciseIndex else { return }
        slots[exerciseIndex] = currentSlot
        exerciseIndex = index
        show(slots[index])
        if pill == .keypad { pill = .start }
    }

    /// Ends the saved exercises not on screen with `status`.
    mutating func endParked(status: SessionStatus, at now: Instant, into outputs: inout [Output]) {
        for index in parkedIndices {
            guard var parked = slots[index].session, parked.endedAt == nil else { continue }
            parked.endedAt = now
            slots[index].session = parked
            if parked.isInLog {
                outputs.append(.save(.dumbbellFinish(workoutID: parked.id, status: status, at: parked.date(at: now))))
            }
        }
    }
}
