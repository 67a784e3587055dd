import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a key (or a click) asks of the history sheet.
public enum PastWorkoutsAction: Hashable, Sendable {
    /// ↑ ↓: another workout of the list, or another set of the workout shown.
    case move(Int)
    /// Enter on the list: the highlighted workout's sets, to correct.
    case open
    /// ← →: the weight or the reps of the set.
    case selectField(SetField)
    /// Tab, Shift-Tab: the next field or the one before.
    case nextField, previousField
    /// A character typed into the selected field (refused with the reason as on the table).
    case type(Character)
    /// Backspace and Delete in a field.
    case deleteBackward, clearField
    /// Enter on a set: saves its correction.
    case save
    /// Esc while typing a correction: the field's value back, nothing saved.
    case cancel
    /// `d`: asks before deleting the selected set.
    case delete
    /// The delete question: delete the set.
    case confirmDelete
    /// Esc: from a workout's sets back to the list, from the list closed.
    case back
}

/// The history sheet (`h`): the exercise's past workouts, newest first; Enter shows a workout's
/// sets as weight × reps fields that correct it by the spreadsheet rule (`EntryEditing`), `d`
/// deletes a set after asking.
public struct PastWorkoutsSheet: Hashable, Sendable {
    /// The highlighted workout of the list and how far the list is scrolled.
    public private(set) var scroll = ScrollState(selection: 0)
    /// The workout whose sets show, or `nil` while the list shows.
    public private(set) var workoutID: UUID?
    /// The sets of that workout as typed, in the member's unit.
    public private(set) var entries: [SetEntry] = []
    /// The selected field of the sets.
    public private(set) var selection = FieldPosition(row: 0, field: .weight)
    /// The selected field's editing: selected whole, or typed into since the value Esc puts back.
    private(set) var editing = EntryEditing()
    /// How far the sets are scrolled.
    private(set) var setsScroll = ScrollState(selection: 0)

    /// A sheet showing the list, its first workout highlighted.
    public init() {}

    /// Whether the selected field is being typed into: Enter, Tab, an arrow or a click saves the
    /// correction, Esc puts the value back.
    public var isTyping: Bool { editing.isTyping }

    /// The highlighted workout of the list.
    public var highlighted: Int { scroll.selection ?? 0 }

    mutating func select(_ index: Int, count: Int) { scroll.select(index, count: max(1, count)) }

    /// Scrolls the list shown just enough to show its selection in a list of `height` rows, of
    /// `count` workouts when the list shows.
    mutating func keepSelectionInView(workouts count: Int, height: Int) {
        if workoutID == nil {
            _ = scroll.visibleRows(count: count, height: height)
        } else {
            _ = setsScroll.visibleRows(count: entries.count, height: height)
        }
    }

    /// Shows `workout`'s sets, weights in `unit`.
    mutating func show(_ workout: DumbbellWorkout, in unit: WeightUnit) {
        if workoutID != workout.id { selection = FieldPosition(row: 0, field: .weight) }
        workoutID = workout.id
        entries = Self.entries(of: workout, in: unit)
        selection.row = min(selection.row, max(0, entries.count - 1))
        editing = EntryEditing()
        setsScroll.select(selection.row, count: max(1, entries.count))
    }

    /// Back to the list.
    mutating func showList() {
        workoutID = nil
        entries = []
        selection = FieldPosition(row: 0, field: .weight)
        setsScroll = ScrollState(selection: 0)
        editing = EntryEditing()
    }

    mutating func selectRow(_ row: Int) {
        selection.row = min(max(0, entries.count - 1), max(0, row))
        setsScroll.select(selection.row, count: max(1, entries.count))
    }

    /// ← →: the other field, or on the field already selected the end of its selection.
    mutating func selectField(_ field: SetField) {
        if field != selection.field {
            selection.field = field
        } else if entries.indices.contains(selection.row), !isTyping, !entries[selection.row][field].isEmpty {
            editing.endSelection(of: entries[selection.row])
        }
    }

    /// Tab: kg → reps → the next set's kg (from the last set's reps to the first set's kg).
    mutating func nextField() {
        if selection.field == .weight {
            selection.field = .reps
        } else {
            selectRow(selection.row + 1 < entries.count ? selection.row + 1 : 0)
            selection.field = .weight
        }
    }

    mutating func previousField() {
        if selection.field == .reps {
            selection.field = .weight
        } else {
            selectRow(selection.row > 0 ? selection.row - 1 : entries.count - 1)
            selection.field = .reps
        }
    }

    /// Types into the selected field (replacing a selected value); why it was refused, if it was
    /// (the text stays as it was).
    mutating func type(_ character: Character, unit: WeightUnit) -> InputProblem? {
        guard entries.indices.contains(selection.row) else { return nil }
        return editing.type(character, into: selection.field, of: &entries[selection.row], unit: unit)
    }

    /// A paste into the selected field: all of it, or none of it and why.
    mutating func paste(_ text: String, unit: WeightUnit) -> InputProblem? {
        guard entries.indices.contains(selection.row) else { return nil }
        return editing.paste(text, into: selection.field, of: &entries[selection.row], unit: unit)
    }

    mutating func deleteBackward() {
        guard entries.indices.contains(selection.row) else { return }
        editing.deleteBackward(in: selection.field, of: &entries[selection.row])
    }

    mutating func clearField() {
        guard entries.indices.contains(selection.row) else { return }
        editing.clear(selection.field, of: &entries[selection.row])
    }

    /// Esc while typing: the field's value back.
    mutating func cancelTyping() {
        guard entries.indices.contains(selection.row) else { return editing.commit() }
        editing.revert(selection.field, of: &entries[selection.row])
    }

    /// The value typed is taken (and is to be saved).
    mutating func commitTyping() { editing.commit() }

    /// Set `row`'s fields show `entry`, saved.
    mutating func put(_ entry: SetEntry, at row: Int) {
        guard entries.indices.contains(row) else { return }
        entries[row] = entry
    }

    /// The fields of `workout`'s sets, weights exact and shown in `unit`.
    static func entries(of workout: DumbbellWorkout, in unit: WeightUnit) -> [SetEntry] {
        workout.sets.map { SetEntry(weight: Weight($0.weight, workout.unit), in: unit, reps: String($0.reps)) }
    }

    /// "Sat 14 Nov": a workout's day, in the member's time zone.
    public static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let parts = calendar.dateComponents([.weekday, .day, .month], from: date)
        let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let weekday = weekdays[max(0, min(6, (parts.weekday ?? 1) - 1))]
        let month = months[max(0, min(11, (parts.month ?? 1) - 1))]
        return "\(weekday) \(parts.day ?? 0) \(month)"
    }

    /// "Sat 14 Nov  3 sets  22.5 × 8, 22.5 × 8, 20 × 10 kg": a workout on the list, weights in
    /// `unit`.
    static func line(_ workout: DumbbellWorkout, in unit: WeightUnit) -> String {
        let count = workout.sets.count
        let sets = workout.sets.map { "\(WeightText.display($0.weight, from: workout.unit, in: unit)) × \($0.reps)" }
        return "\(day(workout.startedAt))  \(count) \(count == 1 ? "set" : "sets")  "
            + sets.joined(separator: ", ") + " \(unit.rawValue)"
    }
}

/// Where a set line of the history sheet puts its fields.
enum PastWorkoutsLayout {
    /// The weight field of a set line, and its reps field.
    static let numberWidth = 4
    static let weightWidth = 8
    static let repsWidth = 5

    /// The frame of `field` on a set line.
    static func frame(of field: SetField, in line: Rect) -> Rect {
        let weight = Rect(x: line.x + numberWidth, y: line.y, width: weightWidth, height: 1)
        guard field == .reps else { return weight.intersection(line) }
        return Rect(x: weight.maxX + 3, y: line.y, width: repsWidth, height: 1).intersection(line)
    }
}

extension DumbbellsWorkout {
    /// The past workouts of the exercise on screen that have sets, newest first (the workout in
    /// progress is corrected on the table, never here).
    public var pastWorkouts: [DumbbellWorkout] {
        history.workouts.filter { !$0.sets.isEmpty && $0.id != session?.id }
    }

    /// The past workout of this identifier, also when its sets were all deleted.
    public func pastWorkout(id: UUID) -> DumbbellWorkout? {
        history.workouts.first { $0.id == id && $0.id != session?.id }
    }

    /// `h`: the history sheet.
    mutating func openHistory() {
        sheets.push(.pastWorkouts(PastWorkoutsSheet()))
        if isLoadingHistory { notice = Notice("The history of \(settings.exercise) is still being read") }
    }

    /// Does what a key or click on the history sheet (or its delete question) stands for.
    mutating func performPast(_ action: PastWorkoutsAction, into outputs: inout [Output]) {
        // Its delete question is answered by `ConfirmSheet` alone (see `route`).
        if case .deletePastSet = sheet { return }
        guard case .pastWorkouts(var past) = sheet else { return }
        let workouts = pastWorkouts
        // Any action but the keys that type ends the typing: Esc puts the value back, everything
        // else saves the correction.
        let wasTyping = past.isTyping
        switch action {
        case .type, .deleteBackward, .clearField: break
        case .selectField(let field) where field == past.selection.field: break
        case .cancel: past.cancelTyping()
        default:
            if wasTyping {
                past.commitTyping()
                commitPast(past.selection.row, of: &past, into: &outputs)
            }
        }
        switch action {
        case .move(let step):
            if past.workoutID == nil {
                past.select(past.highlighted + step, count: workouts.count)
            } else {
                past.selectRow(past.selection.row + step)
            }
        case .open:
            guard past.workoutID == nil else {
                if !wasTyping { notice = Notice("Type a correction first; the set is saved as shown") }
                break
            }
            guard workouts.indices.contains(past.highlighted) else {
                notice = Notice("No past workouts of \(settings.exercise) to correct", kind: .refused)
                return
            }
            past.show(workouts[past.highlighted], in: settings.unit)
        case .save:
            if !wasTyping, past.workoutID != nil {
                notice = Notice("Type a correction first; the set is saved as shown")
            }
        case .selectField(let field): past.selectField(field)
        case .nextField: past.nextField()
        case .previousField: past.previousField()
        case .type(let character):
            guard past.workoutID != nil else { return }
            if let problem = past.type(character, unit: settings.unit) {
                // While a correction is typed, `d` is typed too: it deletes only once saved.
                let message =
                    past.isTyping && problem == .notADigit && character == "d"
                    ? "“d” is no digit · Enter saves, then d deletes" : problem.message(unit: settings.unit)
                notice = Notice(message, kind: .refused)
            }
        case .deleteBackward: if past.workoutID != nil { past.deleteBackward() }
        case .clearField: if past.workoutID != nil { past.clearField() }
        case .delete:
            askToDeletePastSet(&past, into: &outputs)
            return
        case .confirmDelete, .cancel: break
        case .back:
            guard past.workoutID != nil else {
                sheets.pop()
                return
            }
            past.showList()
        }
        past.keepSelectionInView(workouts: pastWorkouts.count, height: pastLayout(past).list.height)
        sheets.replaceTop(with: .pastWorkouts(past))
    }

    /// Saves the correction typed into set `row` of the workout shown, or puts its saved numbers
    /// back (saying why) when the fields do not make a set.
    mutating func commitPast(_ row: Int, of past: inout PastWorkoutsSheet, into outputs: inout [Output]) {
        guard let id = past.workoutID, let workout = pastWorkout(id: id), workout.sets.indices.contains(row),
            past.entries.indices.contains(row)
        else { return }
        let entry = past.entries[row]
        let saved = workout.sets[row]
        let day = PastWorkoutsSheet.day(workout.startedAt)
        let unit = settings.unit
        let original = SetEntry(weight: Weight(saved.weight, workout.unit), in: unit, reps: String(saved.reps))
        guard entry.problem == nil, let weight = entry.weight(in: workout.unit, shownIn: unit),
            let reps = entry.repsValue
        else {
            let reason = entry.problem?.message(setNumber: saved.number, unit: unit) ?? "not a set"
            past.put(original, at: row)
            notice = Notice("Set \(saved.number) of \(day) keeps its saved numbers: \(reason)", kind: .refused)
            return
        }
        guard weight != saved.weight || reps != saved.reps else {
            past.put(original, at: row)
            return
        }
        var corrected = saved
        corrected.weight = weight
        corrected.reps = reps
        var edited = workout
        edited.sets[row] = corrected
        outputs.append(.save(.dumbbellSet(corrected, workoutID: id, exercise: workout.exercise, unit: workout.unit)))
        let records = replacePast(edited)
        past.put(SetEntry(weight: Weight(weight, workout.unit), in: unit, reps: String(reps)), at: row)
        let shown = WeightText.display(weight, from: workout.unit, in: unit)
        notice = Notice("Set \(saved.number) of \(day) corrected: \(shown) \(unit.rawValue) × \(reps)\(records)")
    }

    /// Text pasted into a set's field: all of it, or (at the first character refused, which
    /// says why) none of it.
    mutating func pastePast(_ text: String) {
        guard case .pastWorkouts(var past) = sheet, past.workoutID != nil else { return }
        if let problem = past.paste(text, unit: settings.unit) {
            notice = Notice(problem.message(unit: settings.unit) + " · nothing was pasted", kind: .refused)
        }
        sheets.replaceTop(with: .pastWorkouts(past))
    }

    /// Saves the correction open on the history sheet (TermFit is ending).
    mutating func commitPastEdit(into outputs: inout [Output]) {
        guard case .pastWorkouts(var past) = sheet, past.isTyping else { return }
        past.commitTyping()
        commitPast(past.selection.row, of: &past, into: &outputs)
        sheets.replaceTop(with: .pastWorkouts(past))
    }

    /// `d`: asks before deleting the selected set of the workout shown.
    private mutating func askToDeletePastSet(_ past: inout PastWorkoutsSheet, into outputs: inout [Output]) {
        guard let id = past.workoutID else {
            notice = Notice("Enter shows a workout's sets; d deletes one of them", kind: .refused)
            return
        }
        sheets.replaceTop(with: .pastWorkouts(past))
        guard let workout = pastWorkout(id: id), workout.sets.indices.contains(past.selection.row) else { return }
        let set = workout.sets[past.selection.row]
        let day = PastWorkoutsSheet.day(workout.startedAt)
        let shown = WeightText.display(set.weight, from: workout.unit, in: settings.unit)
        let last = workout.sets.count == 1 ? " It is the workout's only set: the workout leaves the history." : ""
        sheets.push(
            .deletePastSet(
                ConfirmSheet(
                    "Delete set \(set.number) of \(day) (\(shown) \(settings.unit.rawValue) × \(set.reps))?\(last)",
                    title: "Delete?", confirm: "Delete", cancel: "Keep"),
                workoutID: id, number: set.number))
    }

    /// Deletes set `number` of a past workout: the later sets saved again one number lower, then
    /// the highest number deleted, as the table's `d` does.
    mutating func deletePastSet(number: Int, of id: UUID, into outputs: inout [Output]) {
        guard var workout = pastWorkout(id: id), let index = workout.sets.firstIndex(where: { $0.number == number })
        else { return }
        let numbers = workout.sets.map(\.number)
        let removed = workout.sets.remove(at: index)
        for position in workout.sets.indices where workout.sets[position].number != position + 1 {
            workout.sets[position].number = position + 1
            outputs.append(
                .save(
                    .dumbbellSet(workout.sets[position], workoutID: id, exercise: workout.exercise, unit: workout.unit))
            )
        }
        for stale in numbers.filter({ $0 > workout.sets.count }).sorted(by: >) {
            outputs.append(.save(.dumbbellSetDeletion(number: stale, workoutID: id)))
        }
        let records = replacePast(workout)
        let day = PastWorkoutsSheet.day(workout.startedAt)
        let shown = WeightText.display(removed.weight, from: workout.unit, in: settings.unit)
        let gone = workout.sets.isEmpty ? "; the workout has no sets left" : ""
        notice = Notice(
            "Set \(number) of \(day) deleted (\(shown) \(settings.unit.rawValue) × \(removed.reps))\(gone)\(records)")
        guard case .pastWorkouts(var past) = sheet else { return }
        if workout.sets.isEmpty {
            past.showList()
            past.select(past.highlighted, count: pastWorkouts.count)
        } else {
            past.show(workout, in: settings.unit)
        }
        sheets.replaceTop(with: .pastWorkouts(past))
    }

    /// Puts the edited `workout` in the history and rebuilds it (last numbers, best, progress),
    /// then the records of the sets on screen; says what the record is now when it changed.
    mutating func replacePast(_ workout: DumbbellWorkout) -> String {
        let before = history.best
        var workouts = history.workouts
        if let index = workouts.firstIndex(where: { $0.id == workout.id }) { workouts[index] = workout }
        history = ExerciseHistory(workouts: workouts)
        pastBest = history.best
        recomputeRecords()
        guard history.best != before else { return "" }
        guard let best = history.best else { return " · no records left" }
        let unit = settings.unit
        let volume = Figures.volumeText(best.volume(in: unit))
        var records = " · records now: best set volume \(volume) \(unit.rawValue)"
        if best.oneRepMax > 0 {
            let estimate = Figures.oneRepMaxText(best.oneRepMax(in: unit))
            records += ", est. 1RM \(estimate) \(unit.rawValue)"
        }
        return records
    }

    /// A click or the wheel on the history sheet: the wheel moves, a click on a workout opens it,
    /// on a field selects it, outside the sheet goes back (as Esc).
    mutating func handlePastMouse(_ mouse: MouseEvent, into outputs: inout [Output]) {
        guard case .pastWorkouts(var past) = sheet else { return }
        switch mouse.kind {
        case .scrollUp: performPast(.move(-1), into: &outputs)
        case .scrollDown: performPast(.move(1), into: &outputs)
        case .release:
            let layout = pastLayout(past)
            guard layout.frame.contains(mouse.position) else { return performPast(.back, into: &outputs) }
            guard let row = layout.rows.first(where: { $0.rect.contains(mouse.position) }) else { return }
            if past.workoutID == nil {
                past.select(row.index, count: pastWorkouts.count)
                sheets.replaceTop(with: .pastWorkouts(past))
                performPast(.open, into: &outputs)
            } else {
                let field: SetField =
                    PastWorkoutsLayout.frame(of: .reps, in: row.rect).contains(mouse.position) ? .reps : .weight
                // A click takes the value typed, as Tab does, then selects the field clicked.
                if past.isTyping {
                    past.commitTyping()
                    commitPast(past.selection.row, of: &past, into: &outputs)
                }
                past.selectRow(row.index)
                if field != past.selection.field { past.selectField(field) }
                sheets.replaceTop(with: .pastWorkouts(past))
            }
        case .press, .drag:
            break
        }
    }

    /// The history sheet's layout on this screen.
    func pastLayout(_ past: PastWorkoutsSheet) -> FieldListSheetLayout {
        // A heading over the list, and two rows of footer: a correction's notice and the records
        // it changed are read in full.
        if let id = past.workoutID, let workout = pastWorkout(id: id) {
            return FieldListSheetLayout(
                title: "\(PastWorkoutsSheet.day(workout.startedAt)) · \(settings.exercise)", width: 76, label: 0,
                count: past.entries.count, scroll: past.setsScroll, screen: size, gap: 1, footerRows: 2)
        }
        return FieldListSheetLayout(
            title: "History · \(settings.exercise)", width: 76, label: 0, count: pastWorkouts.count,
            scroll: past.scroll, screen: size, gap: 1, footerRows: 2)
    }

    /// Draws the history sheet over everything.
    func renderPast(_ past: PastWorkoutsSheet, into composition: inout Composition) {
        let layout = pastLayout(past)
        let palette = self.palette
        let unit = settings.unit
        let workouts = pastWorkouts
        let notice = self.notice
        let problem = self.problem
        let shownSets = past.workoutID.flatMap { pastWorkout(id: $0) }?.sets ?? []
        composition.addSheet(layout.sheet, in: layout.bounds) { canvas, area in
            var scroll: ScrollState
            if past.workoutID == nil {
                Text("Past workouts, newest first · Enter corrects one", style: palette.muted).render(
                    into: &canvas, in: layout.field)
                if workouts.isEmpty {
                    Text("No finished sets of this exercise yet", style: palette.muted).render(
                        into: &canvas, in: layout.list.row(0))
                }
                scroll = past.scroll
                ScrollList.render(
                    count: workouts.count, into: &canvas, in: layout.list, state: &scroll, markerStyle: palette.muted
                ) { canvas, rect, index, selected in
                    let style: Style = selected ? palette.selectedField : .plain
                    canvas.fill(rect, with: Cell(.space, style: style))
                    let line = PastWorkoutsSheet.line(workouts[index], in: unit)
                    canvas.write((selected ? "▸ " : "  ") + line, at: rect.origin, style: style, clip: rect)
                }
            } else {
                Text("Set  \(unit.rawValue) × reps · type to correct", style: palette.muted).render(
                    into: &canvas, in: layout.field)
                scroll = past.setsScroll
                ScrollList.render(
                    count: past.entries.count, into: &canvas, in: layout.list, state: &scroll,
                    markerStyle: palette.muted
                ) { canvas, rect, index, _ in
                    let number = index + 1 < 10 ? " \(index + 1)" : "\(index + 1)"
                    canvas.write(number, at: rect.origin, style: .plain, clip: rect)
                    for field in SetField.allCases {
                        let frame = PastWorkoutsLayout.frame(of: field, in: rect)
                        let text = past.entries[index][field]
                        let width = max(0, frame.width - 2)
                        let padded = text + String(repeating: " ", count: max(0, width - text.count))
                        let inside = Point(x: frame.x + 1, y: frame.y)
                        if past.selection == FieldPosition(row: index, field: field) {
                            canvas.write("[", at: frame.origin, style: .bold, clip: frame)
                            canvas.write(padded, at: inside, style: palette.selectedField, clip: frame)
                            canvas.write("]", at: Point(x: frame.maxX - 1, y: frame.y), style: .bold, clip: frame)
                        } else {
                            canvas.write(padded, at: inside, style: palette.idleField, clip: frame)
                        }
                    }
                    let times = PastWorkoutsLayout.frame(of: .weight, in: rect)
                    canvas.write("×", at: Point(x: times.maxX + 1, y: rect.y), style: palette.muted, clip: rect)
                    if shownSets.indices.contains(index) {
                        let details = SetDetails.text(of: shownSets[index], withType: true)
                        let after = PastWorkoutsLayout.frame(of: .reps, in: rect).maxX + 2
                        canvas.write(details, at: Point(x: after, y: rect.y), style: palette.muted, clip: rect)
                    }
                }
            }
            let hint =
                past.workoutID == nil
                ? "Enter shows a workout's sets · Esc closes"
                : past.isTyping
                    ? "Enter, Tab or ↑↓ saves · Esc puts the value back"
                    : "Type to correct · E RPE · n note · d deletes · Esc back"
            // A save that failed is said first: the correction waits until it goes in.
            if let problem {
                Text("! " + problem, style: palette.problem, wraps: true).render(into: &canvas, in: layout.footer)
            } else {
                let style = notice?.kind == .refused ? palette.refused : palette.muted
                Text(notice?.text ?? hint, style: style, wraps: true).render(into: &canvas, in: layout.footer)
            }
        }
    }
}
