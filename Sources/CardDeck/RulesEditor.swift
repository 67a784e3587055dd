import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Rules sheet's state: TermUI's list picker of the rules (type to filter: "ace", "joker"),
/// and the text field while a name or an address is typed, in a small sheet over the list. Every
/// change goes straight into the settings (and the host keeps them).
public struct RulesEditor: Hashable, Sendable {
    /// One line of the sheet.
    public enum Row: Int, Hashable, Sendable, CaseIterable {
        case spades, hearts, diamonds, clubs, faceCards, ace, jokers, jokerSpecial, decks, server

        /// The suit of a suit row.
        var suit: Suit? {
            switch self {
            case .spades: .spades
            case .hearts: .hearts
            case .diamonds: .diamonds
            case .clubs: .clubs
            default: nil
            }
        }

        /// Whether the rule is typed (an exercise, the address) rather than chosen.
        var isTyped: Bool { suit != nil || self == .server }
    }

    /// What a key did to the sheet.
    enum Outcome: Hashable {
        /// Moved, or typing: nothing to keep yet.
        case none
        /// A rule changed.
        case changed
        /// Close the sheet.
        case close
    }

    /// The rules as listed, the filter typed and the highlighted rule.
    public internal(set) var list: ListPicker<Row>
    /// The field while an exercise name or the server's address is typed.
    public internal(set) var field: TextField?
    /// The rule the field types into.
    public internal(set) var editing: Row?
    /// The deck server is the operator's (`--kiosk`): "Deck from" shows it and cannot be edited.
    public let locksServer: Bool

    /// The sheet of `settings` with the first rule highlighted; `locksServer` keeps "Deck from"
    /// as it is.
    public init(locksServer: Bool = false, settings: CardSettings = CardSettings(), theme: Theme = .color) {
        self.locksServer = locksServer
        list = ListPicker(
            title: "Rules", items: Self.items(settings, locksServer: locksServer), selected: .spades,
            commitLabel: "Edit", nameLimit: 24, theme: theme)
    }

    /// The highlighted rule (the first when the filter matches none).
    public var selection: Row { list.highlightedValue ?? .spades }

    /// The longest server address.
    static let addressLimit = 200

    /// The rules as the picker lists them: each rule's name, its value beside it.
    static func items(_ settings: CardSettings, locksServer: Bool) -> [ListPicker<Row>.Item] {
        zip(Row.allCases, lines(settings, locksServer: locksServer)).map { row, line in
            ListPicker.Item(row, label: line.label, detail: line.value)
        }
    }

    /// Does what `action` asks (the rules sheet's bindings give it), changing `settings` at once;
    /// the list is read again from them after.
    mutating func perform(_ action: CardsAction, settings: inout CardSettings, screen: Size) -> Outcome {
        let outcome = apply(action, settings: &settings, screen: screen)
        list.replaceItems(Self.items(settings, locksServer: locksServer))
        list.commitLabel = selection.isTyped ? "Edit" : "Change"
        return outcome
    }

    private mutating func apply(_ action: CardsAction, settings: inout CardSettings, screen: Size) -> Outcome {
        if var field {
            guard case .type(let key) = action else { return .none }
            // Enter, Tab or an arrow that leaves the field commits it, then moves as it says.
            let step = Self.leavingSteps[key]
            switch step == nil ? field.handle(key) : .submitted {
            case .submitted:
                self.field = nil
                let changed = commit(field.text, settings: &settings)
                editing = nil
                if let step, step != 0 { move(by: step, screen: screen) }
                return changed ? .changed : .none
            case .cancelled:
                self.field = nil
                editing = nil
            default:
                self.field = field
            }
            return .none
        }
        let context = ComponentContext(screen: screen)
        let result: SheetResult<ListPicker<Row>.Choice>?
        switch action {
        case .pickRule(let key), .type(let key):
            result = list.update(.key(key), in: context)
        case .pickRuleMouse(let mouse):
            result = list.update(.mouse(mouse), in: context)
        case .pickRulePaste(let text):
            result = list.update(.paste(text), in: context)
        case .changeRule(let step):
            return change(by: step, settings: &settings)
        case .close:
            return .close
        default:
            return .none
        }
        switch result {
        case .committed(.existing(let row))?:
            return edit(row, settings: &settings)
        case .cancelled?:
            return .close
        case .committed(.new)?, nil:
            return .none
        }
    }

    /// Enter (or a click) on a rule: a field for an exercise or the address, else the next choice.
    private mutating func edit(_ row: Row, settings: inout CardSettings) -> Outcome {
        list.highlight(row)
        if let suit = row.suit {
            editing = row
            field = TextField(settings.exercise(for: suit), limit: CardSettings.exerciseNameLimit)
            return .none
        }
        if row == .server {
            guard !locksServer else {
                list.message = "The deck server is set for this box"
                return .none
            }
            editing = row
            field = TextField(settings.deckServer ?? "", limit: Self.addressLimit)
            return .none
        }
        return change(by: 1, settings: &settings)
    }

    /// The keys that leave a field being typed, committing it, and the rows each moves: Tab and
    /// ↓ the next rule, Shift-Tab and ↑ the one before (Enter stays).
    static let leavingSteps: [Key: Int] = [.enter: 0, .tab: 1, .down: 1, .backTab: -1, .up: -1]

    /// Highlights the rule `step` rows down (up when negative), round the ends, nothing typed.
    private mutating func move(by step: Int, screen: Size) {
        let rows = Row.allCases
        list.highlight(rows[((selection.rawValue + step) % rows.count + rows.count) % rows.count])
        list.keepHighlightInView(on: screen)
    }

    /// Typed text into the rule being edited; `false` when nothing changed.
    private func commit(_ text: String, settings: inout CardSettings) -> Bool {
        let before = settings
        if let suit = editing?.suit {
            if let name = CardSettings.cleanedExercise(text) { settings.exercises[suit] = name }
        } else if editing == .server {
            let address = text.trimmingBlanks()
            settings.deckServer = address.isEmpty ? nil : address
        }
        return settings != before
    }

    /// ← → on a rule with choices: the next or previous choice.
    private func change(by step: Int, settings: inout CardSettings) -> Outcome {
        func cycle<Choice: Equatable>(_ choices: [Choice], _ value: Choice) -> Choice {
            let index = choices.firstIndex(of: value) ?? 0
            return choices[(index + step + choices.count) % choices.count]
        }
        switch selection {
        case .faceCards: settings.faceCards = cycle(CardSettings.FaceCards.allCases, settings.faceCards)
        case .ace: settings.aceReps = cycle(CardSettings.aceChoices, settings.aceReps)
        case .jokers: settings.jokers.toggle()
        case .jokerSpecial: settings.jokerSpecial = cycle(CardSettings.JokerSpecial.allCases, settings.jokerSpecial)
        case .decks:
            let count = settings.deckCount
            settings.deckCount += step
            if settings.deckCount == count { return .none }
        case .spades, .hearts, .diamonds, .clubs, .server:
            return .none
        }
        return .changed
    }

    /// The label and value of each line, as the sheet shows them.
    static func lines(_ settings: CardSettings, locksServer: Bool = false) -> [(label: String, value: String)] {
        Row.allCases.map { row in
            switch row {
            case .spades, .hearts, .diamonds, .clubs:
                let suit = row.suit ?? .spades
                return ("\(suit.symbol) \(suit.name)", settings.exercise(for: suit))
            case .faceCards:
                return ("J Q K", settings.faceCards == .ten ? "10 reps each" : "11, 12, 13 reps")
            case .ace:
                return ("Ace", settings.aceReps == 1 ? "1 rep" : "\(settings.aceReps) reps")
            case .jokers:
                return ("Jokers", settings.jokers ? "on, 2 a deck" : "off")
            case .jokerSpecial:
                return ("Joker", settings.jokerSpecial.title)
            case .decks:
                return ("Decks", settings.deckCount == 1 ? "1 deck" : "\(settings.deckCount) decks")
            case .server:
                return ("Deck from", (settings.deckServer ?? "TermFit (no server)") + (locksServer ? " (locked)" : ""))
            }
        }
    }
}

extension RulesEditor {
    /// Where the field's sheet goes over the list, above the help bar.
    static func fieldSheet(screen: Size, editing: Row?) -> (sheet: Sheet, bounds: Rect) {
        let bounds = Rect(size: screen).inset(bottom: screen.height > 0 ? 1 : 0)
        let title: String
        if let suit = editing?.suit { title = "\(suit.symbol) \(suit.name)" } else { title = "Deck from" }
        return (
            Sheet(title: title, size: Size(width: min(56, screen.width - 2), height: min(5, bounds.height))), bounds
        )
    }

    /// Draws the list, or while a rule is typed, the field's sheet in its place.
    func render(into composition: inout Composition, theme: Theme) {
        guard let field else { return list.render(into: &composition) }
        let (sheet, bounds) = Self.fieldSheet(screen: composition.size, editing: editing)
        let label = editing == .server ? "Address (empty: TermFit's own deck)" : "Exercise"
        _ = composition.addSheet(sheet, in: bounds) { canvas, content in
            let area = content.inset(left: 1, right: 1)
            guard !area.isEmpty else { return }
            if area.height > 1 { Text(label, style: theme.muted).render(into: &canvas, in: area.row(0)) }
            field.render(into: &canvas, in: area.row(area.height > 1 ? 1 : 0))
            if area.height > 2 {
                Text("Enter keeps it · Esc puts it back", style: theme.muted).render(into: &canvas, in: area.row(2))
            }
        }
    }
}
