import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// A finished set's RPE and note: `E` and `n` on the table (the selected finished set, else the
// set just done) and on a past workout's sets, each through one of TermUI's sheets.

/// The finished set whose RPE or note is being chosen.
public enum SetDetailTarget: Hashable, Sendable {
    /// The set at this row of the table.
    case row(Int)
    /// Set `number` of this past workout (the history sheet).
    case past(workoutID: UUID, number: Int)
}

/// What a set's RPE and note look like wherever a set is listed.
public enum SetDetails {
    /// The ratings offered: 6 to 10 in halves (RPE 10 is a set with no rep left).
    public static let ratings: [Double] = stride(from: 6.0, through: 10.0, by: 0.5).map { $0 }

    /// "RPE 8 · felt easy", "RPE 7.5", "felt easy", or "" for a set with neither; with its type
    /// first when `withType` and it is not a working set ("warm-up · RPE 6").
    public static func text(of set: DumbbellSet, withType: Bool = false) -> String {
        var parts: [String] = []
        if withType, let word = word(for: set.type) { parts.append(word) }
        if let rpe = set.rpe { parts.append("RPE \(Figures.text(rpe))") }
        if let note = set.note, !note.isEmpty { parts.append(oneLine(note)) }
        return parts.joined(separator: " · ")
    }

    /// "warm-up", "drop set", "to failure"; `nil` for a working set.
    public static func word(for type: SetType) -> String? {
        switch type {
        case .working: nil
        case .warmUp: "warm-up"
        case .drop: "drop set"
        case .failure: "to failure"
        }
    }

    /// A note on one line: its line breaks and tabs become spaces.
    static func oneLine(_ note: String) -> String {
        note.split(whereSeparator: { $0.isNewline || $0 == "\t" }).joined(separator: " ")
    }

    /// What a rating means, as the picker lists it: "2 reps left", "1–2 reps left".
    static func meaning(of rating: Double) -> String {
        let left = 10 - rating
        if left == left.rounded() {
            let reps = Int(left)
            return reps == 0 ? "no rep left" : reps == 1 ? "1 rep left" : "\(reps) reps left"
        }
        return "\(Int(left.rounded(.down)))–\(Int(left.rounded(.up))) reps left"
    }
}

extension DumbbellsWorkout {
    /// The row `E` and `n` work on: the selected set when it is finished, else the set finished
    /// last (the one just done, while its rest runs); `nil` before any set is finished.
    var detailRow: Int? {
        if rows.indices.contains(selection.row), rows[selection.row].completed != nil { return selection.row }
        return rows.indices.last { rows[$0].completed != nil }
    }

    /// The set `target` stands for, as saved, and a short name for it ("Set 2", "Set 2 of Sat 14 Nov").
    func detailSet(_ target: SetDetailTarget) -> (set: DumbbellSet, name: String, unit: WeightUnit)? {
        switch target {
        case .row(let index):
            guard rows.indices.contains(index), let completed = rows[index].completed else { return nil }
            return (completed.record, "Set \(index + 1)", savedUnit)
        case .past(let id, let number):
            guard let workout = pastWorkout(id: id), let set = workout.sets.first(where: { $0.number == number })
            else { return nil }
            return (set, "Set \(number) of \(PastWorkoutsSheet.day(workout.startedAt))", workout.unit)
        }
    }

    /// The finished set the key is for: on the history sheet its selected set, else the table's.
    private var detailTarget: SetDetailTarget? {
        if case .pastWorkouts(let past) = sheet {
            guard let id = past.workoutID, let workout = pastWorkout(id: id),
                workout.sets.indices.contains(past.selection.row)
            else { return nil }
            return .past(workoutID: id, number: workout.sets[past.selection.row].number)
        }
        return detailRow.map(SetDetailTarget.row)
    }

    /// `E`: the RPE picker for the set the key is for (6–10 in halves, or none).
    mutating func openRPEPicker(into outputs: inout [Output]) {
        guard let target = openingDetail(into: &outputs), let (set, name, unit) = detailSet(target) else { return }
        let items =
            [ListPicker<Double>.Item(0, label: "No RPE")]
            + SetDetails.ratings.map {
                ListPicker.Item($0, label: Figures.text($0), detail: SetDetails.meaning(of: $0))
            }
        let picker = ListPicker(
            title: "RPE", items: items, selected: set.rpe ?? 0, prompt: "\(name) · \(numbers(of: set, unit: unit))",
            fieldLabel: "RPE", commitLabel: "Keep", nameLimit: 4, theme: palette.theme)
        sheets.push(.rpe(picker, target))
    }

    /// `n`: the note field for the set the key is for, its note selected (typing replaces it).
    mutating func openNoteField(into outputs: inout [Output]) {
        guard let target = openingDetail(into: &outputs), let (set, name, unit) = detailSet(target) else { return }
        let note = set.note ?? ""
        let field = TextFieldSheet(
            title: "Note", prompt: "\(name) · \(numbers(of: set, unit: unit))", text: note,
            limit: min(ValueLimits.noteLength, max(Self.noteFieldLimit, note.count)), theme: palette.theme)
        sheets.push(.note(field, target))
    }

    /// The most characters a note typed here takes (an imported longer note keeps its length).
    static let noteFieldLimit = 200

    /// The target of `E` or `n`, a correction being typed saved first; says why there is none.
    private mutating func openingDetail(into outputs: inout [Output]) -> SetDetailTarget? {
        if case .pastWorkouts = sheet { commitPastEdit(into: &outputs) } else { commitEdits(into: &outputs) }
        guard let target = detailTarget else {
            let what = sheet == nil ? "Finish a set first" : "Enter shows a workout's sets"
            notice = Notice("\(what): RPE and notes are a finished set's", kind: .refused)
            return nil
        }
        return target
    }

    /// "22.5 kg × 8" in the member's unit.
    private func numbers(of set: DumbbellSet, unit: WeightUnit) -> String {
        "\(WeightText.display(set.weight, from: unit, in: settings.unit)) \(settings.unit.rawValue) × \(set.reps)"
    }

    /// A key, paste or click for the RPE picker.
    mutating func updateRPEPicker(_ event: Event, into outputs: inout [Output]) {
        guard case .rpe(var picker, let target) = sheet else { return }
        switch picker.update(event, in: ComponentContext(screen: size, helpBar: layout.helpBar)) {
        case nil: sheets.replaceTop(with: .rpe(picker, target))
        case .cancelled: sheets.pop()
        case .committed(.existing(let rating)):
            sheets.pop()
            change(target, into: &outputs) { $0.rpe = rating == 0 ? nil : rating }
        case .committed(.new): sheets.pop()
        }
    }

    /// A key, paste or click for the note field.
    mutating func updateNoteField(_ event: Event, into outputs: inout [Output]) {
        guard case .note(var field, let target) = sheet else { return }
        switch field.update(event, in: ComponentContext(screen: size, helpBar: layout.helpBar)) {
        case nil: sheets.replaceTop(with: .note(field, target))
        case .cancelled: sheets.pop()
        case .committed(let text):
            sheets.pop()
            change(target, into: &outputs) { $0.note = text.isEmpty ? nil : text }
        }
    }

    /// Changes the set `target` stands for with `edit` and saves it at once; says what it has now.
    private mutating func change(
        _ target: SetDetailTarget, into outputs: inout [Output], _ edit: (inout DumbbellSet) -> Void
    ) {
        guard let (before, name, _) = detailSet(target) else { return }
        var set = before
        edit(&set)
        guard set != before else { return }
        switch target {
        case .row(let index):
            guard var completed = rows[index].completed, let session else { return }
            completed.record = set
            rows[index].completed = completed
            outputs.append(
                .save(.dumbbellSet(set, workoutID: session.id, exercise: settings.exercise, unit: session.unit)))
        case .past(let id, _):
            guard var workout = pastWorkout(id: id), let index = workout.sets.firstIndex(where: { $0 == before })
            else { return }
            workout.sets[index] = set
            outputs.append(.save(.dumbbellSet(set, workoutID: id, exercise: workout.exercise, unit: workout.unit)))
            _ = replacePast(workout)
        }
        let details = SetDetails.text(of: set)
        notice = Notice(details.isEmpty ? "\(name): no RPE or note" : "\(name): \(details)")
    }
}
