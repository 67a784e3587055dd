import TermUI

/// What a key (or a click on its hint) does in the HIIT workout.
public enum HIITAction: Hashable, Sendable {
    /// Shows a page: Welcome or an exercise.
    case show(HIITWorkout.Page)
    case previousPage
    case nextPage
    /// Get Started, Start or Done, whichever the page shows.
    case primary
    /// Runs the circuit hands-free.
    case circuit
    /// Opens the circuits sheet.
    case circuits
    /// A change on the circuits sheet.
    case circuitsEdit(CircuitEdit)
    case togglePause
    /// Ends the hands-free circuit's stretch in progress (the warm-up too).
    case skipStretch
    /// Counts a round of an AMRAP done.
    case roundDone
    case reset
    /// Plays the demonstration (or, with reduced motion, shows the next pose).
    case demonstration
    /// Lengthens (or shortens) the exercise before Start, or the time left after.
    case adjust(seconds: Int)
    /// Moves the rating up or down one mark.
    case rate(by: Int)
    case tabata
    case history
    case keys
    /// A key of the keys sheet, which the sheet stack scrolls or closes it with (listed so the
    /// help bar shows its hints).
    case keysSheet(Key)
    /// Leaves the workout, asking first when that would lose something.
    case leave
    /// Closes the sheet on top (Continue on the High Five, Stay on the leave question).
    case close
    /// Leave, the answer to the leave question (Stop, while the circuit runs hands-free).
    case confirmLeave
    /// Yes to dropping the countdown: the page change or Reset goes ahead.
    case confirmDiscard
    /// Scrolls the sheet on top by rows.
    case scroll(Int)
    /// Scrolls the sheet on top by its height, this many times.
    case scrollPages(Int)
    case scrollToTop
    case scrollToEnd
}

extension HIITWorkout {
    /// The keys of the workout in its current state: the sheet on top's, or the page's. Key
    /// handling, the help bar, the keys sheet and clicks on the bar all come from this table.
    public var bindings: KeyBindings<HIITAction> {
        if let keys = sheets.keysBindings({ HIITAction.keysSheet($0) }) { return keys }
        switch sheet {
        case .history: return Self.historyBindings
        case .highFive: return Self.highFiveBindings
        case .leave(let question): return Self.questionBindings(question, confirm: .confirmLeave)
        case .discard(let question, _): return Self.questionBindings(question, confirm: .confirmDiscard)
        case .circuits(let picker): return Self.circuitsBindings(picker, own: highlightedPreset != nil)
        case .circuitField: return circuitFieldBindings
        case .deleteCircuit(let question, _):
            return Self.questionBindings(question, confirm: .circuitsEdit(.confirmDelete))
        case nil: return run != nil ? runBindings : pageBindings
        }
    }

    /// The keys of the screen under the sheets: the hands-free circuit's, or the page's.
    public var screenBindings: KeyBindings<HIITAction> { run != nil ? runBindings : pageBindings }

    /// The keys while the circuit runs hands-free.
    public var runBindings: KeyBindings<HIITAction> {
        let paused = run?.holds.contains(.paused) == true
        let warmingUp = run?.step == .warmUp
        var keys: [KeyBinding<HIITAction>] = [
            KeyBinding(
                [.character(" "), .character("p")], paused ? "Resume" : "Pause", group: "Circuit", bar: 1,
                listing: "Space  p", meaning: paused ? "resume the circuit" : "pause the circuit",
                action: .togglePause),
            KeyBinding(
                [.character("s"), .right], warmingUp ? "Skip warm-up" : "Skip", group: "Circuit", bar: 4,
                listing: "s  →",
                meaning: warmingUp ? "skip the warm-up" : "skip to the next stretch (a skipped exercise is not saved)",
                action: .skipStretch),
            KeyBinding(
                [.character("+"), .character("="), .character("-"), .character("_")], "10 s", group: "Circuit",
                bar: 5, display: "+ -", listing: "+ -", meaning: "10 seconds more / less left in this stretch"
            ) { key in .adjust(seconds: [Key.character("+"), .character("=")].contains(key) ? 10 : -10) },
            KeyBinding(
                [.character("?"), .function(1)], "Keys", group: "Circuit", bar: 2, meaning: "this list of keys",
                action: .keys),
            KeyBinding(
                [.character("q"), .escape], "Stop", group: "Circuit", bar: 3,
                meaning: "stop the circuit, back to the HIIT page (asks first; what is done is saved)",
                action: .leave),
        ]
        if run?.circuit.kind == .amrap {
            keys.append(
                KeyBinding(
                    [.enter, .character("r")], "Round done", group: "Circuit", bar: 6, listing: "Enter  r",
                    meaning: "count a round done", action: .roundDone))
        }
        return KeyBindings(keys)
    }

    /// Where the countdown of the page on screen is.
    enum CountdownPhase {
        case welcome, ready, running, paused, finished
    }

    var phase: CountdownPhase {
        guard exerciseIndex != nil else { return .welcome }
        guard let countdown else { return .ready }
        if countdown.isFinished { return .finished }
        return countdown.holds.contains(.paused) ? .paused : .running
    }

    /// The page's keys (Welcome or an exercise), as the keys sheet lists them.
    public var pageBindings: KeyBindings<HIITAction> {
        let phase = self.phase
        let onExercise = phase != .welcome
        let last = exercises.count
        let numbers = (0...last).map { Key.character(Character(String($0))) }
        let primary: KeyBinding<HIITAction>
        switch phase {
        case .welcome:
            primary = KeyBinding(
                [.enter, .character(" ")], "Get started", group: "Countdown", bar: 1, listing: "Enter  Space",
                meaning: "Get Started: the first exercise", action: .primary)
        case .ready:
            primary = KeyBinding(
                [.enter, .character(" "), .character("s")], "Start", group: "Countdown", bar: 1,
                listing: "Enter  Space  s", meaning: "start the countdown", action: .primary)
        case .finished:
            // Space is Pause while counting: a late Space at zero does nothing rather than
            // leave the page (the exercise is already saved).
            primary = KeyBinding(
                [.enter, .character("d")], "Done", group: "Countdown", bar: 1, listing: "Enter  d",
                meaning: "Done (saved at zero): the next exercise", action: .primary)
        case .running, .paused:
            primary = KeyBinding(
                [.enter, .character("d")], "Done", group: "Countdown", meaning: "Done, once the countdown is over",
                enabled: false, action: .primary)
        }
        let counting = phase == .running || phase == .paused
        return KeyBindings([
            primary,
            KeyBinding(
                [.character(" ")], phase == .paused ? "Resume" : "Pause", group: "Countdown", bar: 1,
                meaning: phase == .paused ? "resume the countdown" : "pause the countdown", enabled: counting,
                action: .togglePause),
            KeyBinding(
                [.character("+"), .character("="), .character("-"), .character("_")], "10 s", group: "Countdown",
                bar: 5, display: "+ -", listing: "+ -",
                meaning: phase == .ready ? "10 seconds longer / shorter" : "10 seconds more / less left",
                enabled: onExercise && phase != .finished
            ) { key in .adjust(seconds: [Key.character("+"), .character("=")].contains(key) ? 10 : -10) },
            KeyBinding(
                [.character("r")], "Reset", group: "Countdown", bar: 4, meaning: "reset the countdown",
                enabled: counting || phase == .finished, action: .reset),
            KeyBinding(
                [.character("c")], "Circuit", group: "Workout", bar: 5,
                meaning: "run the \(configuration.circuit.name) circuit hands-free",
                enabled: phase == .welcome || phase == .ready, action: .circuit),
            KeyBinding(
                [.character("e")], "Circuits", group: "Workout", bar: 11,
                meaning: "choose, make or edit the circuit c runs", enabled: phase == .welcome || phase == .ready,
                action: .circuits),
            KeyBinding(
                [.character("t")], "Tabata", group: "Countdown", bar: 9,
                meaning: "Tabata: 20 s work, 10 s rest, × 8 (again: back)", enabled: phase == .ready,
                action: .tabata),
            KeyBinding(
                [.character("p")], configuration.reducesMotion ? "Next pose" : "Show", group: "Exercise",
                bar: phase == .ready ? 4 : 6,
                meaning: configuration.reducesMotion ? "the next pose" : "play the demonstration",
                enabled: onExercise, action: .demonstration),
            KeyBinding(
                [.character("["), .character("]")], "Rate", group: "Exercise", bar: phase == .finished ? 4 : 7,
                display: "[ ]", listing: "[ ]", meaning: "rating lower / higher", enabled: onExercise
            ) { key in .rate(by: key == .character("]") ? 1 : -1) },
            KeyBinding(
                [.right, .pageDown], "Next", group: "Pages", bar: 4, listing: "→  PgDn", meaning: "the first exercise",
                enabled: !onExercise, action: .nextPage),
            KeyBinding(
                [.left, .right, .pageUp, .pageDown], "Page", group: "Pages", bar: 8, display: "←→",
                listing: "← →  PgUp PgDn", meaning: "previous / next page", enabled: onExercise
            ) { key in [Key.left, .pageUp].contains(key) ? .previousPage : .nextPage },
            KeyBinding(
                numbers + [.home, .end], "Go to", group: "Pages", listing: "0 1…\(last)  Home End",
                meaning: "Welcome / an exercise / the first page / the last"
            ) { key in
                switch key {
                case .end: return .show(.exercise(last - 1))
                case .character(let digit) where (digit.wholeNumberValue ?? 0) > 0:
                    return .show(.exercise((digit.wholeNumberValue ?? 1) - 1))
                default: return .show(.welcome)
                }
            },
            KeyBinding(
                [.character("h")], "History", group: "Workout", bar: 10, meaning: "history of the last days",
                action: .history),
            KeyBinding(
                [.character("?"), .function(1)], "Keys", group: "Workout", bar: 2, meaning: "this list of keys",
                action: .keys),
            KeyBinding(
                [.character("q"), .escape], "Leave", group: "Workout", bar: 3, meaning: "leave the workout",
                action: .leave),
        ])
    }

    /// The circuits sheet's keys: TermUI's list picker's (typing filters; ↑↓ Enter Esc Tab), and
    /// on Ctrl-keys, which never type, making, editing, renaming and deleting the member's own.
    static func circuitsBindings(_ picker: ListPicker<String>, own: Bool) -> KeyBindings<HIITAction> {
        var bindings = picker.bindings.map { key in HIITAction.circuitsEdit(.picker(key)) }.bindings
        bindings.append(contentsOf: [
            KeyBinding(
                [.control("n")], "New", group: "Circuits", bar: 5, display: "^N", listing: "Ctrl-N",
                meaning: "a new circuit from the highlighted one", enabled: picker.highlightedValue != nil,
                action: .circuitsEdit(.new)),
            KeyBinding(
                [.control("o")], "Edit", group: "Circuits", bar: 6, display: "^O", listing: "Ctrl-O",
                meaning: "the highlighted circuit's exercises and timing (your own)", enabled: own,
                action: .circuitsEdit(.editSpec)),
            KeyBinding(
                [.control("r")], "Rename", group: "Circuits", bar: 7, display: "^R", listing: "Ctrl-R",
                meaning: "rename the highlighted circuit (your own)", enabled: own, action: .circuitsEdit(.rename)),
            KeyBinding(
                [.control("x")], "Delete", group: "Circuits", bar: 8, display: "^X", listing: "Ctrl-X",
                meaning: "delete the highlighted circuit (your own; asks first)", enabled: own,
                action: .circuitsEdit(.delete)),
        ])
        return KeyBindings(bindings)
    }

    /// The keys of the field that makes, edits or renames a circuit.
    public var circuitFieldBindings: KeyBindings<HIITAction> {
        KeyBindings([
            KeyBinding(
                [.enter, .tab, .backTab, .up, .down], "Save", group: "Circuit", bar: 1, display: "Enter",
                listing: "Enter  Tab  ↑ ↓", meaning: "save the circuit"
            ) { key in .circuitsEdit(.key(key)) },
            KeyBinding(
                [.escape], "Cancel", group: "Circuit", bar: 2, meaning: "put back the circuit as it was"
            ) { key in .circuitsEdit(.key(key)) },
            KeyBinding(
                TextField.printableKeys + TextField.editingKeys, "Type", group: "Circuit", listing: "a-z 0-9 …",
                meaning: "Name: Squat 30/10, Plank 45; rounds 3; warm-up 60; cool-down 60"
            ) { key in .circuitsEdit(.key(key)) },
        ])
    }

    /// The history sheet's keys.
    static let historyBindings = KeyBindings<HIITAction>([
        scrollBinding(bar: 1),
        pageScrollBinding,
        KeyBinding(
            [.home, .end], "Ends", group: "History", listing: "Home End", meaning: "the newest / oldest day"
        ) { key in key == .home ? .scrollToTop : .scrollToEnd },
        KeyBinding(
            [.escape, .enter, .character("q"), .character("h")], "Close", group: "History", bar: 2,
            meaning: "close the history", action: .close),
    ])

    /// The High Five's keys: every way out continues to Welcome.
    static let highFiveBindings = KeyBindings<HIITAction>([
        KeyBinding(
            [.enter, .escape, .character(" "), .character("q"), .character("c")], "Continue", group: "High Five",
            bar: 1, meaning: "back to Welcome", action: .close)
    ])

    /// A question's keys, declared by `ConfirmSheet` (y, Y, Enter; n, N, Esc) with its own labels:
    /// yes does `confirm`, no closes it with everything as it was (the countdown ran on under it).
    static func questionBindings(_ question: ConfirmSheet, confirm: HIITAction) -> KeyBindings<HIITAction> {
        KeyBindings(
            question.bindings(
                confirm: confirm, meaning: question.message, cancel: .close, meaning: "everything stays as it was"))
    }

    private static func scrollBinding(bar: Int) -> KeyBinding<HIITAction> {
        KeyBinding(
            [.up, .down, .character("k"), .character("j")], "Scroll", group: "Scroll", bar: bar, display: "↑↓",
            listing: "↑ ↓  k j", meaning: "scroll a line"
        ) { key in [Key.up, .character("k")].contains(key) ? .scroll(-1) : .scroll(1) }
    }

    private static let pageScrollBinding = KeyBinding<HIITAction>(
        [.pageUp, .pageDown], "Scroll", group: "Scroll", listing: "PgUp PgDn", meaning: "scroll a page"
    ) { key in key == .pageUp ? .scrollPages(-1) : .scrollPages(1) }
}

/// A change on the circuits sheet.
public enum CircuitEdit: Hashable, Sendable {
    /// A key for the list picker (typing filters, ↑↓ move, Enter chooses, Esc closes).
    case picker(Key)
    /// A click or the wheel on the list picker.
    case pickerMouse(MouseEvent)
    /// Starts a new circuit from the highlighted one.
    case new
    /// Edits the highlighted circuit's exercises and timing.
    case editSpec
    /// Renames the highlighted circuit.
    case rename
    /// Asks whether to delete the highlighted circuit.
    case delete
    /// Yes to the question: the circuit is deleted.
    case confirmDelete
    /// A key for the field being edited.
    case key(Key)
    /// Text pasted into the picker's filter or the field.
    case paste(String)
}
