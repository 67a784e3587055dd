import Records
import TermUI

/// The spreadsheet rule for the fields of a set (the table's and the history sheet's), as
/// TermUI's `TextField` follows it for text: a field moved onto has its whole value selected, so
/// the first character typed (on the keyboard, the number pad or in a paste) replaces it;
/// Backspace on the selection empties it; ← → in the field end the selection and the next digit
/// goes after the text. Enter, Tab, an arrow that leaves the field or a click elsewhere commits
/// it; Esc puts back the value the field had when typing began and commits nothing.
///
/// The fields keep their own checks of what may be typed (`SetEntry.type`), character by
/// character with the reason, so the rule lives here beside them rather than in a `TextField`.
struct EntryEditing: Hashable, Sendable {
    /// The entry as it was when typing began (what Esc puts back); `nil` while the field is only
    /// selected, its value whole.
    private(set) var original: SetEntry?

    /// Whether the field is being typed into (its selection ended).
    var isTyping: Bool { original != nil }

    /// Types `character` into `field` of `entry`: a selected value is replaced by it, a value
    /// being typed gets it at its end. Returns why it was refused (`entry` unchanged), if it was.
    mutating func type(_ character: Character, into field: SetField, of entry: inout SetEntry, unit: WeightUnit)
        -> InputProblem?
    {
        var edited = entry
        if original == nil { edited.clear(field) }
        if let problem = edited.type(character, into: field, unit: unit) { return problem }
        if original == nil { original = entry }
        entry = edited
        return nil
    }

    /// Types `text` (a paste) into `field`: all of it or, at the first character refused, none of
    /// it. Returns the reason of the refusal, if any.
    mutating func paste(_ text: String, into field: SetField, of entry: inout SetEntry, unit: WeightUnit)
        -> InputProblem?
    {
        var editing = self
        var edited = entry
        for character in text where !character.isWhitespace {
            if let problem = editing.type(character, into: field, of: &edited, unit: unit) { return problem }
        }
        self = editing
        entry = edited
        return nil
    }

    /// Backspace: a selected value is emptied, a value being typed loses its last character.
    mutating func deleteBackward(in field: SetField, of entry: inout SetEntry) {
        if original == nil {
            original = entry
            entry.clear(field)
        } else {
            entry.deleteBackward(in: field)
        }
    }

    /// Delete: the field emptied.
    mutating func clear(_ field: SetField, of entry: inout SetEntry) {
        if original == nil { original = entry }
        entry.clear(field)
    }

    /// ← or → that stays in the field: the selection ends, the next digit goes after the text.
    mutating func endSelection(of entry: SetEntry) {
        if original == nil { original = entry }
    }

    /// Esc: `field` gets back the value it had when typing began; nothing is committed.
    mutating func revert(_ field: SetField, of entry: inout SetEntry) {
        if let original { entry.restore(field, from: original) }
        original = nil
    }

    /// The value typed is taken (the field is selected again, whole).
    mutating func commit() {
        original = nil
    }
}
