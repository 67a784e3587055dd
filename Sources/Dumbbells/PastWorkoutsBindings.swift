import TermUI

// The history sheet's keys: its list of past workouts, a workout's sets, the delete question.

extension DumbbellsBindings {
    /// The history sheet's list of past workouts.
    static let history = KeyBindings<DumbbellsAction>([
        KeyBinding(
            [.up, .down, .pageUp, .pageDown], "Choose", group: "History", bar: 1, display: "↑↓",
            listing: "↑ ↓  PgUp PgDn", meaning: "move through the past workouts"
        ) { key in
            switch key {
            case .up: return .past(.move(-1))
            case .pageUp: return .past(.move(-5))
            case .pageDown: return .past(.move(5))
            default: return .past(.move(1))
            }
        },
        KeyBinding(
            [.enter], "Correct", group: "History", bar: 2,
            meaning: "the highlighted workout's sets, to correct or delete (a click too)", action: .past(.open)),
        KeyBinding(
            [.escape, .character("h"), .character("q")], "Close", group: "History", bar: 3, display: "Esc",
            listing: "Esc  h  q", meaning: "close the history", action: .past(.back)),
    ])

    /// The sets of a past workout on the history sheet.
    static let pastSets = KeyBindings<DumbbellsAction>([
        KeyBinding(
            [.up, .down, .left, .right], "Move", group: "Sets", bar: 1, display: "↑↓←→", listing: "↑ ↓ ← →",
            meaning: "another set (saving the correction), or its weight or reps"
        ) { key in
            switch key {
            case .up: return .past(.move(-1))
            case .down: return .past(.move(1))
            case .left: return .past(.selectField(.weight))
            default: return .past(.selectField(.reps))
            }
        },
        KeyBinding(
            [.tab, .backTab], "Next", group: "Sets", listing: "Tab  Shift-Tab",
            meaning: "the next field, or the one before"
        ) { key in key == .tab ? .past(.nextField) : .past(.previousField) },
        KeyBinding(
            [.enter], "Save", group: "Sets", bar: 2, meaning: "save the correction typed (Tab and the arrows too)",
            action: .past(.save)),
        KeyBinding(
            [.character("d")], "Delete", group: "Sets", bar: 3, meaning: "delete the selected set (it asks first)",
            action: .past(.delete)),
        KeyBinding(
            [.character("E"), .character("n")], "RPE/note", group: "Sets", display: "E n", listing: "E  n",
            meaning: "the selected set's RPE (6–10 in halves) / its note"
        ) { key in key == .character("E") ? .rateSet : .noteSet },
        KeyBinding([.escape], "Back", group: "Sets", bar: 4, meaning: "back to the list", action: .past(.back)),
        KeyBinding(
            [.backspace, .delete], "Erase", group: "Sets", listing: "⌫  Del",
            meaning: "erase a character / clear the field"
        ) { key in key == .backspace ? .past(.deleteBackward) : .past(.clearField) },
        KeyBinding(
            TextField.printableKeys, "Type", group: "Sets", listing: "0–9 .",
            meaning: "type the weight and reps: the first digit replaces the value; other characters are refused"
        ) { key in
            if case .character(let character) = key { return .past(.type(character)) }
            return .past(.deleteBackward)
        },
    ])

    /// A past workout's sets while a correction is typed: `d` goes into the field, and Esc puts
    /// the value back.
    static let pastSetsTyping = KeyBindings<DumbbellsAction>(
        pastSets.bindings.compactMap { binding in
            if binding.keys == [.character("d")] || binding.keys == [.character("E"), .character("n")] { return nil }
            guard binding.keys == [.escape] else { return binding }
            return KeyBinding(
                [.escape], "Cancel", group: "Sets", bar: 4, meaning: "put back the value the field had (nothing saved)",
                action: .past(.cancel))
        })

    /// The question before a past workout's set is deleted.
    static let deletePastSetQuestion = KeyBindings<DumbbellsAction>(
        ConfirmSheet.bindings(
            group: "Delete?", confirm: "Delete", .past(.confirmDelete), meaning: "delete the set", cancel: "Keep",
            .past(.back), meaning: "keep the set"))
}
