import Foundation
import Records
import TermUI
import Testing

@testable import Dumbbells

/// Every pill state × every key and every click target: where the pill goes, which sheet opens,
/// whether the workout is left. Written as a table (`expected`), checked one case at a time from a
/// fresh workout in that state.
@Suite struct PillStateTableTests {
    /// What an input led to.
    struct Outcome: Equatable, CustomStringConvertible {
        var pill: Pill.Kind
        var sheet: SheetKind? = nil
        var quits = false

        var description: String { "\(pill)\(sheet.map { " + \($0) sheet" } ?? "")\(quits ? " + quit" : "")" }
    }

    enum SheetKind: Equatable {
        case keys, exercise, summary, leave, endWorkout, progress, routines, history, deleteSet, setDetail
    }

    /// Something the user does.
    enum Input: Hashable, CustomStringConvertible {
        case key(Key)
        case pill(PillAction)
        case field(FieldPosition)
        case last(Int)
        case title
        case blank
        case hint(String)

        var description: String {
            switch self {
            case .key(let key): "key \(key.name)"
            case .pill(let action): "click pill \(action)"
            case .field(let position): "click \(position)"
            case .last(let row): "click last of set \(row + 1)"
            case .title: "click title"
            case .blank: "click blank"
            case .hint(let key): "click hint \(key)"
            }
        }
    }

    /// Every key the screen might see: all digits, all letters, the punctuation it uses and some
    /// it does not, the editing and moving keys, function and control keys.
    static let keys: [Key] =
        "0123456789.abcdefghijklmnopqrstuvwxyz+-=_? ,/Q".map { Key.character($0) } + [
            .enter, .escape, .tab, .backTab, .up, .down, .left, .right, .home, .end, .backspace, .delete,
            .insert, .pageUp, .pageDown, .function(1), .function(5), .control("a"), .character("é"),
        ]

    /// Set 1 done (12 kg × 10), set 2 filled in (12 × 10) with its reps selected and the number
    /// kept (Tab, Shift-Tab), then brought into `kind`: Start; the number pad (k); set 2 running for 17 s; the rest picker (r, from
    /// Start); a 60 s rest with 12 s gone.
    static func harness(in kind: Pill.Kind) -> Harness {
        var harness = Harness(history: bicepHistory)
        harness.type("12")
        harness.press(.tab)
        harness.type("10")
        harness.press(.enter)
        harness.wait(.seconds(40))
        harness.press(.enter)  // Finish: the rest picker is offered
        harness.press(.escape)  // no rest
        harness.type("12")
        harness.press(.tab)
        harness.type("10")
        harness.press(.tab, .backTab)  // Tab keeps the number typed: the letters are commands again
        switch kind {
        case .start: break
        case .keypad: harness.press(.character("k"))
        case .active:
            harness.press(.enter)
            harness.wait(.seconds(17))
        case .restPicker: harness.press(.character("r"))
        case .countdown:
            harness.press(.character("r"), .right)
            harness.press(.enter)
            harness.wait(.seconds(12))
        }
        #expect(harness.workout.pill.kind == kind)
        #expect(harness.workout.selection == FieldPosition(row: 1, field: .reps))
        return harness
    }

    /// Every input for a workout in `harness`'s state: the keys, each item of the pill, each
    /// field, each "last:", the title, an empty spot and each hint of the help bar.
    static func inputs(for harness: Harness) -> [Input] {
        let workout = harness.workout
        let pillItems = workout.targetFace(at: harness.now).items.compactMap(\.action).map(Input.pill)
        let fields = (0..<3).flatMap { row in SetField.allCases.map { Input.field(FieldPosition(row: row, field: $0)) }
        }
        let hints = workout.bindings.helpBar.hints.map { Input.hint($0.key) }
        return keys.map(Input.key) + pillItems + fields + [.last(0), .last(1), .last(2), .title, .blank] + hints
    }

    /// The table: what `input` does to a workout in `state` (set up as in `harness(in:)`).
    static func expected(_ state: Pill.Kind, _ input: Input, hints: [KeyBinding<DumbbellsAction>]) -> Outcome {
        let same = Outcome(pill: state)
        if case .hint(let name) = input {
            guard let key = hints.first(where: { $0.shownKeys == name })?.keys.first else { return same }
            return expected(state, .key(key), hints: hints)
        }
        // Everywhere: q asks before leaving (set 1 is saved, so leaving would abandon the
        // workout), ? and F1 open the keys, x sums up (no set is running but in Active, where it
        // is refused).
        let asks = Outcome(pill: state, sheet: .leave)
        switch input {
        case .key(.character("q")): return asks
        case .key(.character("?")), .key(.function(1)): return Outcome(pill: state, sheet: .keys)
        case .key(.character("p")): return Outcome(pill: state, sheet: .progress)
        case .key(.character("o")): return Outcome(pill: state, sheet: .routines)
        case .key(.character("h")): return Outcome(pill: state, sheet: .history)
        // n: the note of set 1 (done), whatever the pill shows.
        case .key(.character("n")): return Outcome(pill: state, sheet: .setDetail)
        case .key(.character("x")) where state != .active: return Outcome(pill: state, sheet: .endWorkout)
        // d asks before the selected set (set 1, done) is deleted; not while a set runs.
        case .key(.character("d")) where state != .active: return Outcome(pill: state, sheet: .deleteSet)
        default: break
        }
        switch state {
        case .start:
            switch input {
            case .key(.escape): return asks
            case .key(.enter), .key(.character(" ")), .key(.character("s")), .pill(.start):
                return Outcome(pill: .active)
            case .key(.character("k")): return Outcome(pill: .keypad)
            case .key(.character("r")): return Outcome(pill: .restPicker)
            case .field: return Outcome(pill: .keypad)
            default: return same
            }
        case .keypad:
            switch input {
            case .key(.escape), .key(.character("k")), .pill(.pad(.done)): return Outcome(pill: .start)
            case .key(.character("s")): return Outcome(pill: .active)
            case .key(.character("r")): return Outcome(pill: .restPicker)
            default: return same
            }
        case .active:
            switch input {
            case .key(.escape): return asks
            case .key(.enter), .key(.character(" ")), .key(.character("f")), .pill(.finish):
                return Outcome(pill: .restPicker)
            case .key(.character("r")), .pill(.rest): return Outcome(pill: .restPicker)
            default: return same
            }
        case .restPicker:
            switch input {
            case .key(.enter), .key(.character(" ")), .key(.character("1")), .key(.character("2")),
                .key(.character("3")), .key(.character("4")), .pill(.chooseRest):
                return Outcome(pill: .countdown)
            case .key(.escape), .key(.backspace), .pill(.noRest): return Outcome(pill: .start)
            default: return same
            }
        case .countdown:
            switch input {
            case .key(.enter), .key(.character(" ")), .key(.character("s")), .key(.escape), .pill(.skip):
                return Outcome(pill: .start)
            default: return same
            }
        }
    }

    static func apply(_ input: Input, to harness: inout Harness) {
        let layout = harness.workout.layout
        switch input {
        case .key(let key): harness.press(key)
        case .pill(let action): harness.clickPill(action)
        case .field(let position):
            if let frame = layout.frame(of: position) { harness.click(frame) }
        case .last(let row):
            if let frame = layout.lastFrame(of: row) { harness.click(frame.origin) }
        case .title: harness.click(layout.header.origin)
        case .blank: harness.click(Point(x: 1, y: 12))
        case .hint(let name):
            let hints = harness.workout.bindings.helpBar.hints
            let frames = HelpBar(hints).frames(in: layout.helpBar)
            if let index = hints.firstIndex(where: { $0.key == name }), index < frames.count {
                harness.click(frames[index].origin)
            }
        }
    }

    static func outcome(of harness: Harness, quit: Bool) -> Outcome {
        guard !harness.workout.sheets.isShowingKeys else {
            return Outcome(pill: harness.workout.pill.kind, sheet: .keys, quits: quit)
        }
        let sheet: SheetKind? =
            switch harness.workout.sheet {
            case .exercise: .exercise
            case .summary: .summary
            case .leave: .leave
            case .endWorkout: .endWorkout
            case .progress: .progress
            case .routines, .deleteRoutine, .routineEditor: .routines
            case .rpe, .note: .setDetail
            case .deleteSet: .deleteSet
            case .pastWorkouts, .deletePastSet: .history
            case nil: nil
            }
        return Outcome(pill: harness.workout.pill.kind, sheet: sheet, quits: quit)
    }

    @Test(arguments: Pill.Kind.allCases)
    func everyInputInEveryState(state: Pill.Kind) {
        let start = Self.harness(in: state)
        let hints = start.workout.bindings.barBindings
        #expect(Self.inputs(for: start).count > 75, "keys, buttons, fields, hints")
        for input in Self.inputs(for: start) {
            var harness = start
            Self.apply(input, to: &harness)
            let quit = harness.outputs.suffix(from: start.outputs.count).contains(.effect(.quit))
            let actual = Self.outcome(of: harness, quit: quit)
            let wanted = Self.expected(state, input, hints: hints)
            #expect(actual == wanted, "\(state) + \(input)")
            // Whatever happened, the table keeps its shape: finished sets first, all valid.
            Invariants.check(harness.workout, at: harness.now, context: "\(state) + \(input)")
        }
    }

    @Test func theTableCoversEachStatesButtonsAndHints() {
        for state in Pill.Kind.allCases {
            let harness = Self.harness(in: state)
            let inputs = Self.inputs(for: harness)
            let buttons = inputs.filter { if case .pill = $0 { return true } else { return false } }
            #expect(!buttons.isEmpty, "\(state) has buttons to click")
            #expect(inputs.contains(.hint("q")), "\(state) shows q in its help bar")
        }
    }
}
