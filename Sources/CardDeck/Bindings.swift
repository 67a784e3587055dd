import TermUI

/// What a key, a click on the help bar, the card or a button asks the card workout to do.
public enum CardsAction: Hashable, Sendable {
    // The screen.
    /// Enter, Space, a click on the card or its button: Stop or Start in flip mode; Draw, Done,
    /// Retry or New deck in deck mode.
    case primary
    /// Open the rules sheet.
    case rules
    /// Open the keys sheet for the screen or sheet below it.
    case keys
    /// Flip mode ↔ deck mode.
    case switchMode
    /// After a deck server failed: go on with TermFit's own deck.
    case ownDeck
    /// Leave the workout (asking first with a deck under way).
    case leave
    /// Pause the deck (its clock and a rest stand still), or go on.
    case pause
    /// Take back the last card done: it shows again, the card on screen goes back on the deck.
    case undo

    // Any sheet.
    /// Close the sheet on top (Stay, on the leave question).
    case close
    /// A key of the keys sheet, which the sheet stack scrolls or closes it with (listed so the
    /// help bar shows its hints).
    case keysSheet(Key)

    // The rules sheet.
    /// A key for the list of rules (typing filters, ↑↓ move, Enter edits or changes the rule, Esc
    /// closes).
    case pickRule(Key)
    /// A click or the wheel on the list of rules.
    case pickRuleMouse(MouseEvent)
    /// Text pasted into the list's filter.
    case pickRulePaste(String)
    /// The next (or previous) choice of the selected rule.
    case changeRule(by: Int)
    /// A key for the field being typed (Enter keeps it, Esc cancels it).
    case type(Key)

    // The leave question.
    /// Leave; a deck under way is saved as abandoned.
    case confirmLeave
}

/// The card workout's keys, per state: key handling, the help bar, the keys sheet and clicks on
/// the bar all come from these tables.
enum CardsBindings {
    /// The screen: flip mode (flipping or stopped) or deck mode by its phase.
    static func screen(
        mode: CardWorkout.Mode, isFlipping: Bool, phase: CardWorkout.Phase, isPaused: Bool = false,
        canPause: Bool = false, canUndo: Bool = false
    ) -> KeyBindings<CardsAction> {
        var primary: KeyBinding<CardsAction>
        var finished = false
        var failed = false
        switch (mode, phase) {
        case (.flip, _):
            primary = KeyBinding(
                [.character(" "), .enter], isFlipping ? "Stop" : "Start", group: "Cards", bar: 1,
                listing: "Space  Enter",
                meaning: isFlipping
                    ? "stop on a card: its exercise shows" : "flip the cards again (a click on the card too)",
                action: .primary)
        case (.deck, .ready):
            primary = KeyBinding(
                [.enter, .character(" ")], "Draw", group: "Cards", bar: 1, listing: "Enter  Space",
                meaning: "draw the first card; the clock starts (a click on the card too)", action: .primary)
        case (.deck, .waiting):
            primary = KeyBinding(
                [.enter, .character(" ")], "Wait", group: "Cards", listing: "Enter  Space",
                meaning: "the deck server is being asked", action: .primary)
        case (.deck, .failed):
            failed = true
            primary = KeyBinding(
                [.enter, .character(" ")], "Retry", group: "Cards", bar: 1, listing: "Enter  Space",
                meaning: "ask the deck server again", action: .primary)
        case (.deck, .showing):
            primary = KeyBinding(
                [.enter, .character(" ")], "Done", group: "Cards", bar: 1, listing: "Enter  Space",
                meaning: "the card is done: it is saved, the next one shows (a click on the card too)",
                action: .primary)
        case (.deck, .finished):
            finished = true
            primary = KeyBinding(
                [.enter, .character(" "), .character("n")], "New deck", group: "Cards", bar: 1,
                listing: "Enter  Space  n", meaning: "a new deck, shuffled", action: .primary)
        }
        if isPaused {
            primary = KeyBinding(
                [.enter, .character(" ")], "Resume", group: "Cards", bar: 1, listing: "Enter  Space",
                meaning: "go on: the clock runs again", action: .pause)
        }
        return KeyBindings([
            primary,
            KeyBinding(
                [.character("p")], isPaused ? "Resume" : "Pause", group: "Cards", bar: 7,
                meaning: isPaused ? "go on: the clock runs again" : "pause: the clock and a rest stand still",
                enabled: canPause, action: .pause),
            KeyBinding(
                [.character("u"), .backspace], "Undo", group: "Cards", bar: 8, listing: "u  Backspace",
                meaning: "take back the last card done: it shows again, its save is removed", enabled: canUndo,
                action: .undo),
            KeyBinding(
                [.character("l")], "Own deck", group: "Cards", bar: 2,
                meaning: "go on with TermFit's own deck (the cards done are left out)", enabled: failed,
                action: .ownDeck),
            KeyBinding(
                [.character("r")], "Rules", group: "Workout", bar: 5,
                meaning: "rules: exercises, reps, jokers, decks", enabled: !finished, action: .rules),
            KeyBinding(
                [.character("m")], mode == .flip ? "Deck mode" : "Flip mode", group: "Workout", bar: 6,
                meaning: mode == .flip ? "deck mode: a whole deck, timed" : "flip mode: cards flip until Stop",
                enabled: !finished, action: .switchMode),
            KeyBinding(
                [.character("?"), .function(1)], "Keys", group: "Workout", bar: 4, meaning: "this list of keys",
                action: .keys),
            KeyBinding(
                [.character("q"), .escape], "Back", group: "Workout", bar: 3,
                meaning: "leave the workout (with a deck under way, it asks first)", action: .leave),
        ])
    }

    /// The rules sheet, choosing a rule or typing into one.
    static func rules(_ editor: RulesEditor) -> KeyBindings<CardsAction> {
        if editor.field != nil {
            return KeyBindings([
                KeyBinding(
                    [.enter, .tab, .backTab, .up, .down], "Keep", group: "Rule", bar: 1, display: "Enter",
                    listing: "Enter  Tab  ↑ ↓", meaning: "keep what is typed (Tab ↑ ↓ then move to the next rule)"
                ) { key in .type(key) },
                KeyBinding(
                    [.escape], "Cancel", group: "Rule", bar: 2, meaning: "put back the rule as it was",
                    action: .type(.escape)),
                KeyBinding(
                    TextField.printableKeys + TextField.editingKeys, "Type", group: "Field", listing: "a-z 0-9 …",
                    meaning: "type (any letter); ← → Home End move, Backspace Delete erase, Ctrl-U Ctrl-K cut"
                ) { key in .type(key) },
            ])
        }
        // ← → change a chosen rule while nothing is typed in the filter (they have nothing to
        // move through there); once something is typed they move in it.
        var bindings: [KeyBinding<CardsAction>] = []
        if editor.list.typed.isEmpty {
            bindings.append(
                KeyBinding(
                    [.left, .right], "Change", group: "Rules", bar: 5, display: "←→", listing: "← →",
                    meaning: "the previous / next choice (with nothing typed to find)",
                    enabled: !editor.selection.isTyped && editor.list.highlightedValue != nil
                ) { key in key == .left ? .changeRule(by: -1) : .changeRule(by: 1) })
        }
        bindings += editor.list.bindings.map { key in CardsAction.pickRule(key) }.bindings
        bindings.append(
            KeyBinding([.function(1)], "Keys", group: "Rules", bar: 6, meaning: "this list of keys", action: .keys))
        return KeyBindings(bindings)
    }

    /// The leave question, its keys declared by `ConfirmSheet`.
    static let leaveQuestion = KeyBindings<CardsAction>(
        ConfirmSheet.bindings(
            confirm: "Leave", .confirmLeave, meaning: "leave; a deck with cards done is saved as abandoned",
            cancel: "Stay", .close, meaning: "stay with everything as it was"))
}

extension CardWorkout {
    /// The keys that work now: the keys sheet's, those of the sheet on top, or of the screen.
    public var bindings: KeyBindings<CardsAction> {
        sheets.keysBindings { CardsAction.keysSheet($0) } ?? bindings(below: sheets.sheets.count)
    }

    /// The keys of the screen under the first `depth` sheets (0: the screen itself).
    func bindings(below depth: Int) -> KeyBindings<CardsAction> {
        guard depth > 0 else {
            return CardsBindings.screen(
                mode: mode, isFlipping: isFlipping, phase: phase, isPaused: isPaused, canPause: canPause,
                canUndo: canUndo)
        }
        switch sheets.sheets[depth - 1] {
        case .rules(let editor): return CardsBindings.rules(editor)
        case .leave: return CardsBindings.leaveQuestion
        }
    }
}
