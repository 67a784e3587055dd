import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The table of sets: its fields, typed by the spreadsheet rule, corrections of finished sets,
// sets added, deleted and brought back, the last workout's numbers and the unit.

extension DumbbellsWorkout {
    // MARK: Fields

    /// Whether row `index` can be typed into: every set until the workout ends (a finished
    /// set is corrected this way).
    func isEditable(_ index: Int) -> Bool {
        rows.indices.contains(index) && (rows[index].completed == nil || session?.endedAt == nil)
    }

    /// Whether row `index` is not yet finished and can be typed into.
    func isOpen(_ index: Int) -> Bool {
        rows.indices.contains(index) && rows[index].completed == nil
    }

    /// A character typed (or pressed on the pad) into the selected field, by the spreadsheet
    /// rule: it replaces a selected value and goes after a value being typed; refused with the
    /// reason when the field does not take it.
    mutating func type(_ character: Character) {
        guard isEditable(selection.row) else { return }
        let wasTyping = isTyping
        if let problem = editing.type(
            character, into: selection.field, of: &rows[selection.row].entry, unit: settings.unit)
        {
            var message = problem.message(unit: settings.unit)
            if wasTyping, problem == .notADigit, isCommand(character) {
                message = "“\(character)” is no digit · Tab first, then \(character)"
            }
            notice = Notice(message, kind: .refused)
        }
    }

    /// Whether `character` is a command of the table when no field is being typed into.
    func isCommand(_ character: Character) -> Bool {
        var state = tableState
        state.typing = false
        guard let action = DumbbellsBindings.table(state).action(for: .character(character)) else { return false }
        if case .type = action { return false }
        return true
    }

    /// Backspace (on the keyboard or the pad): empties a selected value, else erases the last
    /// character typed.
    mutating func deleteBackward() {
        guard isEditable(selection.row) else { return }
        editing.deleteBackward(in: selection.field, of: &rows[selection.row].entry)
    }

    /// Delete: empties the selected field.
    mutating func clearField() {
        guard isEditable(selection.row) else { return }
        editing.clear(selection.field, of: &rows[selection.row].entry)
    }

    /// ← → onto the field already selected: its selection ends, so the next digit goes after
    /// the text (a field being typed into stays as it is).
    mutating func endSelection() {
        guard isEditable(selection.row), !isTyping, !rows[selection.row].entry[selection.field].isEmpty else { return }
        editing.endSelection(of: rows[selection.row].entry)
    }

    /// Enter, Tab, an arrow, a click or any command while typing: the value typed is taken, and
    /// a finished set's correction saved (or its saved numbers put back, saying why).
    mutating func commitTyping(into outputs: inout [Output]) {
        guard isTyping else { return }
        editing.commit()
        commitEdit(of: selection.row, into: &outputs)
    }

    /// Esc while typing: the field gets back the value it had; nothing is saved.
    mutating func cancelTyping() {
        guard isTyping else { return }
        guard rows.indices.contains(selection.row) else { return editing.commit() }
        editing.revert(selection.field, of: &rows[selection.row].entry)
    }

    /// Text pasted into the table: typed into the selected field all at once, or (at the first
    /// character refused, which says why) not at all.
    mutating func paste(_ text: String) {
        // The keys sheet takes no paste, and nothing under it does.
        guard !sheets.isShowingKeys else { return }
        var none: [Output] = []
        if case .routines = sheet {
            updateRoutines(.paste(text), into: &none)
            return
        }
        if case .exercise = sheet {
            // A paste only types (or says it is too long): nothing is chosen by it.
            updateExercisePicker(.paste(text), into: &none)
            return
        }
        if case .pastWorkouts = sheet { return pastePast(text) }
        if case .rpe = sheet { return updateRPEPicker(.paste(text), into: &none) }
        if case .note = sheet { return updateNoteField(.paste(text), into: &none) }
        if case .routineEditor = sheet { return updateRoutineEditor(.paste(text), into: &none) }
        guard sheet == nil, pill.kind != .restPicker, isEditable(selection.row) else { return }
        if let problem = editing.paste(
            text, into: selection.field, of: &rows[selection.row].entry, unit: settings.unit)
        {
            notice = Notice(problem.message(unit: settings.unit) + " · nothing was pasted", kind: .refused)
        }
    }

    /// A key of the number pad (or its keyboard equivalent).
    mutating func press(_ key: PadKey, into outputs: inout [Output]) {
        guard isEditable(selection.row) else { return }
        switch key {
        case .character(let character): type(character)
        case .backspace: deleteBackward()
        case .next:
            commitTyping(into: &outputs)
            moveToNextField()
        case .done:
            commitTyping(into: &outputs)
            if pill == .keypad { pill = .start }
        }
    }

    /// Next: kg → reps → the next set's kg, and from the last set's reps back to the current
    /// set's kg.
    mutating func moveToNextField() {
        if selection.field == .weight {
            selection.field = .reps
        } else if selection.row + 1 < rows.count {
            selection = FieldPosition(row: selection.row + 1, field: .weight)
        } else {
            selection = FieldPosition(row: min(currentIndex, rows.count - 1), field: .weight)
        }
    }

    mutating func moveToPreviousField() {
        if selection.field == .reps {
            selection.field = .weight
        } else if selection.row > 0 {
            selection = FieldPosition(row: selection.row - 1, field: .reps)
        } else {
            selection = FieldPosition(row: rows.count - 1, field: .reps)
        }
    }

    /// ↑ ↓ reach every set, finished ones too (to correct them).
    mutating func moveSelection(rows offset: Int) {
        selection.row = min(rows.count - 1, max(0, selection.row + offset))
    }

    /// Keeps the selection on a row after the table changed.
    mutating func clampSelection() {
        selection.row = min(rows.count - 1, max(0, selection.row))
    }

    // MARK: Last workout, exercise, settings

    /// The newest finished set of row `index`'s number from an earlier workout, if any.
    func lastSet(for index: Int) -> LastSet? {
        history.lastSets[index + 1]
    }

    /// `l`: the last workout's numbers for set `index` into its fields (in this workout's unit).
    mutating func copyLast(into index: Int) {
        guard isOpen(index) else { return }
        guard let last = lastSet(for: index) else {
            notice = Notice("No last numbers for set \(index + 1)", kind: .refused)
            return
        }
        guard last.set.reps >= 1, last.set.reps <= 999 else {
            notice = Notice("Last numbers for set \(index + 1) do not fit the fields", kind: .refused)
            return
        }
        // The exact weight is kept; the field shows it in the member's unit, to its step.
        let entry = SetEntry(
            weight: Weight(last.set.weight, last.unit), in: settings.unit, reps: String(last.set.reps))
        rows[index].entry = entry
        selection = FieldPosition(row: index, field: .reps)
        notice = Notice("Set \(index + 1): \(entry.weight) \(settings.unit.rawValue) × \(last.set.reps) from last time")
    }

    /// `L`: each set still to do gets its number's last numbers, where there are some; the
    /// selection stays.
    mutating func copyLastIntoEveryOpenSet() {
        var copied: [Int] = []
        for index in rows.indices where isOpen(index) && runningSet?.index != index {
            guard let last = lastSet(for: index), last.set.reps >= 1, last.set.reps <= 999 else { continue }
            rows[index].entry = SetEntry(
                weight: Weight(last.set.weight, last.unit), in: settings.unit, reps: String(last.set.reps))
            copied.append(index + 1)
        }
        guard let first = copied.first, let lastNumber = copied.last else {
            notice = Notice("No last numbers for the sets still to do", kind: .refused)
            return
        }
        let which = first == lastNumber ? "Set \(first)" : "Sets \(first)–\(lastNumber)"
        notice = Notice("\(which) filled from last time")
    }

    /// `u`: every weight on screen in the other unit, converted (1 lb = 0.45359237 kg). Typed
    /// weights keep their exact value; saved sets stay saved in the workout's unit.
    mutating func toggleUnit(into outputs: inout [Output]) {
        let old = settings.unit
        settings.unit = old == .kilograms ? .pounds : .kilograms
        for index in rows.indices {
            if let completed = rows[index].completed, let session {
                rows[index].entry = SetEntry(
                    weight: Weight(completed.record.weight, session.unit), in: settings.unit,
                    reps: String(completed.record.reps))
            } else {
                rows[index].entry = rows[index].entry.converting(from: old, to: settings.unit)
            }
        }
        notice = Notice("Weights in \(settings.unit.rawValue), converted")
        outputs.append(.saveSettings(settings))
    }

    // MARK: Corrections

    /// Saves the correction typed into finished set `index`, or puts its saved numbers back
    /// (saying why) when the fields do not make a set.
    mutating func commitEdit(of index: Int, into outputs: inout [Output]) {
        guard rows.indices.contains(index), var completed = rows[index].completed, let session else { return }
        let entry = rows[index].entry
        let saved = completed.record
        guard entry.problem == nil, let weight = entry.weight(in: session.unit, shownIn: settings.unit),
            let reps = entry.repsValue
        else {
            let reason = entry.problem?.message(setNumber: index + 1, unit: settings.unit) ?? "not a set"
            rows[index].entry = SetEntry(
                weight: Weight(saved.weight, session.unit), in: settings.unit, reps: String(saved.reps))
            notice = Notice("Set \(index + 1) keeps its saved numbers: \(reason)", kind: .refused)
            return
        }
        guard weight != saved.weight || reps != saved.reps else { return }
        completed.record.weight = weight
        completed.record.reps = reps
        rows[index].completed = completed
        recomputeRecords()
        outputs.append(
            .save(
                .dumbbellSet(completed.record, workoutID: session.id, exercise: settings.exercise, unit: session.unit)))
        let shown = WeightText.display(weight, from: session.unit, in: settings.unit)
        notice = Notice("Set \(index + 1) corrected: \(shown) \(settings.unit.rawValue) × \(reps)")
    }

    /// `w`: finished set `index` becomes the next type in turn (working, warm-up, drop,
    /// failure), saved at once; the records are counted again without warm-ups.
    mutating func cycleSetType(at index: Int, into outputs: inout [Output]) {
        guard rows.indices.contains(index), var completed = rows[index].completed, let session else {
            notice = Notice("Finish the set first, then mark its type", kind: .refused)
            return
        }
        commitEdits(into: &outputs)
        let order: [SetType] = [.working, .warmUp, .drop, .failure]
        let next = order[((order.firstIndex(of: completed.record.type) ?? 0) + 1) % order.count]
        completed.record.type = next
        rows[index].completed = completed
        recomputeRecords()
        outputs.append(
            .save(
                .dumbbellSet(completed.record, workoutID: session.id, exercise: settings.exercise, unit: session.unit)))
        let word =
            switch next {
            case .working: "a working set"
            case .warmUp: "a warm-up (no volume or record)"
            case .drop: "a drop set"
            case .failure: "a set to failure"
            }
        notice = Notice("Set \(index + 1) is \(word)")
    }

    /// Saves the correction being typed, if one is.
    mutating func commitEdits(into outputs: inout [Output]) {
        commitTyping(into: &outputs)
    }

    /// The records each finished set beat, again from the bests before this workout, after a
    /// set was finished, corrected or deleted.
    mutating func recomputeRecords() {
        var best = pastBest
        let unit = session?.unit ?? settings.unit
        for index in rows.indices {
            guard var completed = rows[index].completed else { continue }
            let bests = PersonalBest(weight: completed.record.weight, reps: completed.record.reps, unit: unit)
            // The first workout of an exercise has no records to beat.
            // Nor does a warm-up beat any.
            let counts = completed.record.type.countsTowardsRecords
            completed.beaten = pastBest == nil || !counts ? [] : best.map { $0.records(beatenBy: bests) } ?? []
            best = PersonalBest.including(completed.record, unit: unit, in: best)
            rows[index].completed = completed
        }
        history.best = best
    }

    /// `d`: deletes set `index` (a finished one from the saved workout too); `z` brings it back.
    /// `d`: asks before the set at `index` is deleted, when it can be (nothing is dropped
    /// without asking; `z` brings it back after).
    mutating func askToDeleteSet(at index: Int, into outputs: inout [Output]) {
        guard canDeleteSet(at: index, into: &outputs) else { return }
        let row = rows[index]
        let what: String
        if let done = row.completed?.record {
            let weight = WeightText.display(done.weight, from: savedUnit, in: settings.unit)
            what = " (done: \(weight) \(settings.unit.rawValue) × \(done.reps); its saved record goes too)"
        } else if row.entry.isTyped {
            what =
                " (as typed: \(row.entry.weight.isEmpty ? "–" : row.entry.weight) × "
                + "\(row.entry.reps.isEmpty ? "–" : row.entry.reps))"
        } else {
            what = ""
        }
        sheets.push(
            .deleteSet(
                ConfirmSheet(
                    "Delete set \(index + 1)\(what)? z brings it back.", title: "Delete?", confirm: "Delete",
                    cancel: "Keep"),
                index: index))
    }

    /// Whether the set at `index` can be deleted now; says why not.
    private mutating func canDeleteSet(at index: Int, into outputs: inout [Output]) -> Bool {
        guard rows.indices.contains(index), isEditable(index) else { return false }
        commitEdits(into: &outputs)
        if let running = runningSet {
            notice = Notice("Finish set \(running.index + 1) first", kind: .refused)
            return false
        }
        guard rows.count > 1 else {
            notice = Notice("A workout keeps at least one set", kind: .refused)
            return false
        }
        return true
    }

    /// The delete question's Delete: the set at `index` goes (`z` brings it back).
    mutating func deleteSet(at index: Int, into outputs: inout [Output]) {
        guard canDeleteSet(at: index, into: &outputs) else { return }
        let removed = rows.remove(at: index)
        if removed.completed != nil, let session {
            let highest = completedSets.count + 1
            renumber(from: index, into: &outputs)
            outputs.append(.save(.dumbbellSetDeletion(number: highest, workoutID: session.id)))
            recomputeRecords()
        }
        deleted = DeletedRow(index: index, row: removed)
        clampSelection()
        settings.setCount = rows.count
        outputs.append(.saveSettings(settings))
        notice = Notice("Set \(index + 1) deleted · z brings it back")
    }

    /// `z`: the set deleted last, back in its place.
    mutating func undoDelete(into outputs: inout [Output]) {
        guard let deleted else {
            notice = Notice("Nothing deleted to bring back", kind: .refused)
            return
        }
        commitEdits(into: &outputs)
        if let running = runningSet {
            notice = Notice("Finish set \(running.index + 1) first", kind: .refused)
            return
        }
        guard rows.count < DumbbellsSettings.setCountRange.upperBound else {
            notice = Notice("At most \(DumbbellsSettings.setCountRange.upperBound) sets", kind: .refused)
            return
        }
        let row = deleted.row
        // Finished sets stay before the ones to do.
        let index = row.completed != nil ? min(deleted.index, completedSets.count) : max(deleted.index, currentIndex)
        rows.insert(row, at: min(index, rows.count))
        self.deleted = nil
        if row.completed != nil {
            renumber(from: index, into: &outputs)
            recomputeRecords()
        }
        selection = FieldPosition(row: min(index, rows.count - 1), field: .weight)
        settings.setCount = rows.count
        outputs.append(.saveSettings(settings))
        notice = Notice("Set \(index + 1) is back")
    }

    /// Gives the finished sets from row `index` on their row's number and saves them so.
    mutating func renumber(from index: Int, into outputs: inout [Output]) {
        guard let session else { return }
        for row in index..<rows.count {
            guard var completed = rows[row].completed else { continue }
            completed.record.number = row + 1
            rows[row].completed = completed
            outputs.append(
                .save(
                    .dumbbellSet(
                        completed.record, workoutID: session.id, exercise: settings.exercise, unit: session.unit)))
        }
    }

    mutating func changeSetCount(by change: Int, into outputs: inout [Output]) {
        let fewest = max(DumbbellsSettings.setCountRange.lowerBound, min(rows.count, currentIndex + 1))
        let count = min(DumbbellsSettings.setCountRange.upperBound, max(fewest, rows.count + change))
        guard count != rows.count else {
            notice = Notice(
                change > 0 ? "At most \(DumbbellsSettings.setCountRange.upperBound) sets" : "Set \(fewest) stays",
                kind: .refused)
            return
        }
        if count > rows.count {
            rows += Array(repeating: Row(), count: count - rows.count)
        } else {
            rows.removeLast(rows.count - count)
        }
        clampSelection()
        settings.setCount = count
        notice = Notice("\(count) \(count == 1 ? "set" : "sets")")
        outputs.append(.saveSettings(settings))
    }
}
