import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Rules sheet's state: TermUI's list picker of the rules (type to filter: "ace", "joker"),
/// and while a name or an address is typed, TermUI's text field sheet in place of the list, which
/// ends with the text typed (or cancelled). Every change goes straight into the settings (and the
/// host keeps them).
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
    /// The field's sheet while an exercise name or the server's address is typed, and the rule
    /// it types into.
    public internal(set) var ruleField: RuleField?
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

    /// The text field sheet typing into one rule.
    public struct RuleField: Hashable, Sendable {
        /// The sheet, ending with the text typed.
        public internal(set) var sheet: TextFieldSheet
        /// The rule its text goes into.
        public let row: Row
    }

    /// The field while a rule is typed: what it shows.
    public var field: TextField? { ruleField?.sheet.field }

    /// The rule being typed into.
    public var editing: Row? { ruleField?.row }

    /// Does what `action` asks (the rules sheet's bindings give it), changing `settings` at once;
    /// the list is read again from them after.
    mutating func perform(_ action: CardsAction, settings: inout CardSettings, screen: Size) -> Outcome {
        let outcome = apply(action, settings: &settings, screen: screen)
        list.replaceItems(Self.items(settings, locksServer: locksServer))
        list.commitLabel = selection.isTyped ? "Edit" : "Change"
        return outcome
    }

    private mutating func apply(_ action: CardsAction, settings: inout CardSettings, screen: Size) -> Outcome {
        if var typing = ruleField {
            let event: Event
            switch action {
            case .type(let key): event = .key(key)
            case .pickRulePaste(let text): event = .paste(text)
            default: return .none
            }
            switch typing.sheet.update(event, in: ComponentContext(screen: screen)) {
            case nil:
                ruleField = typing
                return .none
            case .cancelled?:
                ruleField = nil
                return .none
            case .committed(let text)?:
                ruleField = nil
                let changed = commit(text, to: typing.row, settings: &settings)
                // Tab or an arrow that leaves the field committed it; then it moves as it says.
                if case .key(let key) = event, let step = Self.leavingSteps[key], step != 0 {
                    move(by: step, screen: screen)
                }
                return changed ? .changed : .none
            }
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
            openField(for: row, text: settings.exercise(for: suit), limit: CardSettings.exerciseNameLimit)
            return .none
        }
        if row == .server {
            guard !locksServer else {
                list.message = "The deck server is set for this box"
                return .none
            }
            openField(for: row, text: settings.deckServer ?? "", limit: Self.addressLimit)
            return .none
        }
        return change(by: 1, settings: &settings)
    }

    /// Opens the field typing into `row`, `text` selected (the first key typed replaces it).
    private mutating func openField(for row: Row, text: String, limit: Int) {
        let sheet = TextFieldSheet(
            title: Self.fieldTitle(of: row), prompt: Self.fieldLabel(of: row), text: text, limit: limit,
            commitKeys: [.enter, .tab, .backTab, .up, .down], theme: list.theme)
        ruleField = RuleField(sheet: sheet, row: row)
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

    /// Typed text into the rule `row`; `false` when nothing changed.
    private func commit(_ text: String, to row: Row, settings: inout CardSettings) -> Bool {
        let before = settings
        if let suit = row.suit {
            if let name = CardSettings.cleanedExercise(text) { settings.exercises[suit] = name }
        } else if row == .server {
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
    /// The field's title: the suit, or where the deck comes from.
    static func fieldTitle(of row: Row) -> String {
        if let suit = row.suit { return "\(suit.symbol) \(suit.name)" }
        return "Deck from"
    }

    /// What the label above the field says.
    static func fieldLabel(of row: Row) -> String {
        row == .server ? "Address (empty: TermFit's own deck)" : "Exercise"
    }

    /// Where the field's sheet goes over the list, above the help bar.
    static func fieldSheet(screen: Size, title: String) -> (sheet: Sheet, bounds: Rect) {
        let bounds = Rect(size: screen).inset(bottom: screen.height > 0 ? 1 : 0)
        return (
            Sheet(title: title, size: Size(width: min(56, screen.width - 2), height: min(5, bounds.height))), bounds
        )
    }

    /// Draws the list, or while a rule is typed, the field's sheet in its place.
    func render(into composition: inout Composition, theme: Theme) {
        guard let typing = ruleField?.sheet else { return list.render(into: &composition) }
        let (sheet, bounds) = Self.fieldSheet(screen: composition.size, title: typing.title)
        _ = composition.addSheet(sheet, in: bounds) { canvas, content in
            let area = content.inset(left: 1, right: 1)
            guard !area.isEmpty else { return }
            if area.height > 1 { Text(typing.prompt, style: theme.muted).render(into: &canvas, in: area.row(0)) }
            typing.field.render(into: &canvas, in: area.row(area.height > 1 ? 1 : 0))
            if area.height > 2 {
                // Why a paste was refused, else the rule of the field.
                let footer =
                    typing.message.map { (text: $0, style: theme.negative) }
                    ?? (text: "Enter keeps it · Esc puts it back", style: theme.muted)
                Text(footer.text, style: footer.style).render(into: &canvas, in: area.row(2))
            }
        }
    }
}
