import Records
import TermUI

// What another window changed of the member's shared data, shown without reopening.

extension DumbbellsWorkout {
    /// Every exercise the member has a workout of, as the store reads them now (an import or
    /// another window may have added some): offered by the exercise picker from its next opening.
    public mutating func receive(exercises: [String]) {
        loggedExercises = exercises
    }

    /// The routines as stored now (another window saved, replaced or deleted one): the routines
    /// sheet shows them at once, the same routine highlighted. A question to delete a routine
    /// keeps asking about the same routine; when that one is gone, the question closes and says so.
    public mutating func receive(routines: [Routine], problem: String?) {
        guard routines != settings.routines || problem != settings.routinesProblem else { return }
        let before = settings.routines
        settings.routines = routines
        settings.routinesProblem = problem
        var question: (sheet: ConfirmSheet, name: String)?
        if case .deleteRoutine(let asked, let index) = sheet, before.indices.contains(index) {
            question = (asked, before[index].name)
            sheets.pop()
        }
        // A routine being edited stays the same routine, wherever it moved.
        var editor: (field: TextFieldSheet, edit: RoutineEdit, name: String)?
        if case .routineEditor(let field, let edit) = sheet, before.indices.contains(edit.index) {
            editor = (field, edit, before[edit.index].name)
            sheets.pop()
        }
        if case .routines(var list) = sheet {
            let selected = list.selection.flatMap { before.indices.contains($0) ? before[$0].name : nil }
            let index = selected.flatMap { name in routines.firstIndex { $0.name == name } }
            list.replaceRoutines(routines, highlighting: index)
            sheets.replaceTop(with: .routines(list))
        }
        if let editor {
            if let index = routines.firstIndex(where: { $0.name == editor.name }) {
                let edit: RoutineEdit = if case .name = editor.edit { .name(index) } else { .plan(index) }
                sheets.push(.routineEditor(editor.field, edit))
            } else {
                notice = Notice("The routine “\(editor.name)” was deleted in another window", kind: .refused)
            }
        }
        if let question {
            if let index = routines.firstIndex(where: { $0.name == question.name }) {
                sheets.push(.deleteRoutine(question.sheet, index: index))
            } else {
                notice = Notice("The routine “\(question.name)” was deleted in another window", kind: .refused)
            }
        }
    }
}
