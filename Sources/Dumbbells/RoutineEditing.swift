import Records
import TermUI

// A routine's editor: Ctrl-O on the routines sheet opens its plan as one line of text
// ("Bench press 3×10 @ 20; Bent-over row 10@30, 8@32.5"), Ctrl-R its name, each in TermUI's
// text field sheet; the exercises' order is the text's.

/// Which routine the text field sheet over the routines sheet edits, and what of it.
public enum RoutineEdit: Hashable, Sendable {
    /// The plan of the routine at this index: its exercises, sets and targets.
    case plan(Int)
    /// The name of the routine at this index.
    case name(Int)
}

/// A routine's plan as the member reads and types it: exercises separated by `;`, each a name and
/// its sets: `3×10` (3 sets of 10), `3×10 @ 20` (each at 20), `10@20, 10@20, 8@22.5` (each set
/// its own), or `3 sets`. Weights are in the member's unit.
public enum RoutineText {
    /// The plan of `routine` as text, weights shown in `unit`.
    public static func text(of routine: Routine, in unit: WeightUnit) -> String {
        routine.exercises.map { "\($0.name) \(spec(of: $0, from: routine.unit, in: unit))" }.joined(separator: "; ")
    }

    /// An exercise's sets as text; weights saved in `from` shown in `shown` (as saved when either
    /// is `nil`).
    static func spec(of exercise: RoutineExercise, from saved: WeightUnit?, in shown: WeightUnit?) -> String {
        func weight(_ value: Double) -> String {
            guard let saved, let shown else { return Figures.text(value) }
            return ExactWeight(value, saved).text(in: shown)
        }
        guard let first = exercise.targets.first else {
            return exercise.reps.map { "\(exercise.sets)×\($0)" } ?? "\(exercise.sets) sets"
        }
        if exercise.targets.allSatisfy({ $0 == first }) {
            return "\(exercise.targets.count)×\(first.reps)" + (first.weight.map { " @ \(weight($0))" } ?? "")
        }
        return exercise.targets.map { "\($0.reps)" + ($0.weight.map { "@\(weight($0))" } ?? "") }
            .joined(separator: ", ")
    }

    /// The exercises `text` plans, weights in `unit`, or what is wrong with it, naming the part.
    public static func exercises(of text: String, unit: WeightUnit) -> Result<[RoutineExercise], RoutineTextProblem> {
        let chunks = text.split(separator: ";").map { $0.trimmingBlanks }.filter { !$0.isEmpty }
        guard !chunks.isEmpty else { return .failure(.empty) }
        guard chunks.count <= DumbbellsWorkout.maxExercises else { return .failure(.tooMany) }
        var exercises: [RoutineExercise] = []
        for chunk in chunks {
            guard let exercise = exercise(of: chunk, unit: unit) else { return .failure(.unreadable(chunk)) }
            guard exercise.name.count <= DumbbellsSettings.exerciseNameLimit else {
                return .failure(.longName(exercise.name))
            }
            guard !exercises.contains(where: { $0.name.lowercased() == exercise.name.lowercased() }) else {
                return .failure(.twice(exercise.name))
            }
            exercises.append(exercise)
        }
        return .success(exercises)
    }

    /// One exercise: its name is everything before the first word, from a digit on, after which
    /// the rest reads as sets.
    private static func exercise(of chunk: String, unit: WeightUnit) -> RoutineExercise? {
        let characters = Array(chunk)
        for index in characters.indices where characters[index].isASCII && characters[index].isWholeNumber {
            guard index > 0, characters[index - 1] == " " else { continue }
            let name = String(characters[..<index]).trimmingBlanks
            guard !name.isEmpty, let sets = sets(String(characters[index...]), unit: unit) else { continue }
            return sets.targets.isEmpty
                ? RoutineExercise(name: name, sets: sets.count, reps: sets.reps)
                : RoutineExercise(name: name, targets: sets.targets)
        }
        return nil
    }

    /// `3×10`, `3x10 @ 20`, `10@20, 8@22.5`, `3 sets`.
    private static func sets(_ spec: String, unit: WeightUnit) -> (count: Int, reps: Int?, targets: [RoutineSet])? {
        let plain = spec.lowercased().filter { !$0.isWhitespace }
        if let count = Int(
            plain.hasSuffix("sets") ? plain.dropLast(4) : plain.hasSuffix("set") ? plain.dropLast(3) : ""),
            DumbbellsSettings.setCountRange.contains(count)
        {
            return (count, nil, [])
        }
        let times = plain.firstIndex { $0 == "×" || $0 == "x" }
        if let times, !plain.contains(",") {
            guard let count = Int(plain[..<times]), DumbbellsSettings.setCountRange.contains(count),
                let target = target(String(plain[plain.index(after: times)...]), unit: unit)
            else { return nil }
            return target.weight == nil
                ? (count, target.reps, []) : (count, target.reps, Array(repeating: target, count: count))
        }
        let targets = plain.split(separator: ",", omittingEmptySubsequences: false).map {
            target(String($0), unit: unit)
        }
        guard !targets.isEmpty, DumbbellsSettings.setCountRange.contains(targets.count), !targets.contains(nil) else {
            return nil
        }
        let all = targets.compactMap { $0 }
        return (all.count, all.first?.reps, all)
    }

    /// `10` or `10@22.5`: reps 1–999, a weight as the table takes it in `unit`.
    private static func target(_ text: String, unit: WeightUnit) -> RoutineSet? {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let reps = Int(parts[0]), ValueLimits.targetReps.contains(reps) else {
            return nil
        }
        guard parts.count == 2 else { return RoutineSet(reps: reps) }
        let entry = SetEntry(weight: String(parts[1]), reps: "1", unit: unit)
        guard !parts[1].isEmpty, entry.weight == String(parts[1]), entry.problem == nil, let weight = entry.weightValue
        else { return nil }
        return RoutineSet(reps: reps, weight: weight)
    }
}

/// What is wrong with a routine's plan as typed.
public enum RoutineTextProblem: Error, Hashable, Sendable {
    case empty, tooMany
    case unreadable(String)
    case longName(String)
    case twice(String)

    /// What the sheet says.
    public var message: String {
        switch self {
        case .empty: "A routine needs an exercise: Bench press 3×10 @ 20"
        case .tooMany: "A routine has at most \(DumbbellsWorkout.maxExercises) exercises"
        case .unreadable(let part):
            "“\(part.truncated(toWidth: 24))”: a name, then 3×10, 3×10 @ 20, 10@20, 8@22.5 or 3 sets"
        case .longName(let name):
            "“\(name.truncated(toWidth: 24))”: at most \(DumbbellsSettings.exerciseNameLimit) characters"
        case .twice(let name): "“\(name.truncated(toWidth: 24))” is in the routine twice"
        }
    }
}

extension Substring {
    /// The text without blanks at either end.
    fileprivate var trimmingBlanks: String { String(self).trimmingBlanks }
}

extension String {
    /// The text without blanks at either end.
    fileprivate var trimmingBlanks: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

extension DumbbellsWorkout {
    /// Ctrl-O (the plan) or Ctrl-R (the name) on the routines sheet: the highlighted routine's
    /// text in a field over it.
    mutating func openRoutineEditor(renaming: Bool) {
        guard case .routines(var open) = sheet, let index = open.selection, settings.routines.indices.contains(index)
        else {
            let message = "Highlight a routine to \(renaming ? "rename" : "edit")"
            notice = Notice(message, kind: .refused)
            if case .routines(var open) = sheet {
                open.say(message)
                sheets.replaceTop(with: .routines(open))
            }
            return
        }
        if let problem = settings.routinesProblem {
            open.say("Not changed: \(problem)")
            sheets.replaceTop(with: .routines(open))
            return
        }
        let routine = settings.routines[index]
        let field =
            renaming
            ? TextFieldSheet(
                title: "Rename", prompt: "The routine “\(routine.name)”", fieldLabel: "Name", text: routine.name,
                limit: Routine.nameLimit, theme: palette.theme)
            : TextFieldSheet(
                title: "Edit “\(routine.name)”", prompt: "; between exercises · 3×10 @ 20 · 10@20, 8@22.5 · 3 sets",
                fieldLabel: "Plan", text: RoutineText.text(of: routine, in: settings.unit), limit: 600,
                theme: palette.theme)
        sheets.push(.routineEditor(field, renaming ? .name(index) : .plan(index)))
    }

    /// Ctrl-T or Ctrl-G on the routines sheet: the highlighted routine one place up (`step` -1)
    /// or down (1) the list, saved at once (the order of every routine, as one change).
    mutating func moveRoutine(by step: Int, into outputs: inout [Output]) {
        guard case .routines(var open) = sheet else { return }
        defer { sheets.replaceTop(with: .routines(open)) }
        guard let index = open.selection, settings.routines.indices.contains(index) else {
            return open.say("Highlight a routine to move")
        }
        if let problem = settings.routinesProblem { return open.say("Not changed: \(problem)") }
        let target = index + step
        guard settings.routines.indices.contains(target) else {
            return open.say("“\(settings.routines[index].name)” is \(step < 0 ? "first" : "last") already")
        }
        settings.routines.swapAt(index, target)
        outputs.append(.saveSettings(settings))
        open.replaceRoutines(settings.routines)
        open.highlight(target)
        open.say(nil)
        notice = Notice("“\(settings.routines[target].name)” moved \(step < 0 ? "up" : "down")")
    }

    /// A key, paste or click for the routine's editor: Enter saves (or says why not, the text
    /// kept), Esc goes back to the routines unchanged.
    mutating func updateRoutineEditor(_ event: Event, into outputs: inout [Output]) {
        guard case .routineEditor(var field, let edit) = sheet else { return }
        switch field.update(event, in: ComponentContext(screen: size, helpBar: layout.helpBar)) {
        case nil: sheets.replaceTop(with: .routineEditor(field, edit))
        case .cancelled: sheets.pop()
        case .committed(let text):
            if let problem = saveRoutineEdit(edit, text: text, into: &outputs) {
                field.message = problem
                notice = Notice(problem, kind: .refused)
                sheets.replaceTop(with: .routineEditor(field, edit))
            } else {
                sheets.pop()
                if case .routines(var open) = sheet {
                    open.replaceRoutines(settings.routines, highlighting: edit.index)
                    sheets.replaceTop(with: .routines(open))
                }
            }
        }
    }

    /// Saves the routine's new plan or name; why not, when it cannot be.
    private mutating func saveRoutineEdit(_ edit: RoutineEdit, text: String, into outputs: inout [Output]) -> String? {
        guard settings.routines.indices.contains(edit.index) else { return "The routine was deleted meanwhile" }
        var routine = settings.routines[edit.index]
        switch edit {
        case .plan:
            switch RoutineText.exercises(of: text, unit: settings.unit) {
            case .failure(let problem): return problem.message
            case .success(let exercises):
                routine.exercises = exercises.map { exercise in
                    var named = exercise
                    named.name = knownSpelling(of: exercise.name)
                    return named
                }
                routine.unit = exercises.contains { $0.targets.contains { $0.weight != nil } } ? settings.unit : nil
            }
        case .name:
            switch Routine.cleanedName(text) {
            case .failure(let problem): return problem.message
            case .success(let name):
                let taken = settings.routines.indices.contains {
                    $0 != edit.index && settings.routines[$0].name.lowercased() == name.lowercased()
                }
                if taken { return "A routine is called “\(name)” already" }
                routine.name = name
            }
        }
        guard routine != settings.routines[edit.index] else { return nil }
        let old = settings.routines[edit.index].name
        settings.routines[edit.index] = routine
        outputs.append(.saveSettings(settings))
        notice = Notice(
            old == routine.name
                ? "Routine “\(routine.name)” saved: \(routine.label)" : "Routine “\(old)” is now “\(routine.name)”")
        return nil
    }
}

extension DumbbellsWorkout {
    /// The rows a routine's exercise starts with when it has per-set targets: each set's reps and
    /// weight (in the member's unit, exact) in its fields, to confirm or type over; `nil` without
    /// targets.
    func targetRows(of exercise: RoutineExercise, in routine: Routine) -> [Row]? {
        guard !exercise.targets.isEmpty else { return nil }
        let unit = settings.unit
        return exercise.targets.map { target in
            guard let weight = target.weight else { return Row(entry: SetEntry(reps: String(target.reps), unit: unit)) }
            return Row(
                entry: SetEntry(weight: Weight(weight, routine.unit ?? unit), in: unit, reps: String(target.reps)))
        }
    }
}

extension RoutineEdit {
    /// The routine's index.
    var index: Int {
        switch self {
        case .plan(let index), .name(let index): index
        }
    }
}
