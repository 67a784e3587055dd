import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Rules sheet's state: which rule is selected, and the text field while a name or an
/// address is typed. Every change goes straight into the settings (and the host keeps them).
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

    /// The selected rule.
    public internal(set) var selection = Row.spades
    /// The field while an exercise name or the server's address is typed.
    public internal(set) var field: TextField?
    /// The deck server is the operator's (`--kiosk`): "Deck from" shows it and cannot be edited.
    public let locksServer: Bool

    /// The sheet with the first rule selected; `locksServer` keeps "Deck from" as it is.
    public init(locksServer: Bool = false) { self.locksServer = locksServer }

    /// The longest server address.
    static let addressLimit = 200

    /// Does what `action` asks (the rules sheet's bindings give it), changing `settings` at once.
    mutating func perform(_ action: CardsAction, settings: inout CardSettings) -> Outcome {
        if var field {
            guard case .type(let key) = action else { return .none }
            // Enter, Tab or an arrow that leaves the field commits it, then moves as it says.
            let step = Self.leavingSteps[key]
            switch step == nil ? field.handle(key) : .submitted {
            case .submitted:
                self.field = nil
                let changed = commit(field.text, settings: &settings)
                if let step, step != 0 { move(by: step) }
                return changed ? .changed : .none
            case .cancelled:
                self.field = nil
            default:
                self.field = field
            }
            return .none
        }
        switch action {
        case .selectRule(let step):
            move(by: step)
        case .close:
            return .close
        case .editRule:
            if let suit = selection.suit {
                field = TextField(settings.exercise(for: suit), limit: CardSettings.exerciseNameLimit)
                return .none
            }
            if selection == .server {
                guard !locksServer else { return .none }
                field = TextField(settings.deckServer ?? "", limit: Self.addressLimit)
                return .none
            }
            return change(by: 1, settings: &settings)
        case .changeRule(let step):
            return change(by: step, settings: &settings)
        default:
            break
        }
        return .none
    }

    /// The keys that leave a field being typed, committing it, and the rows each moves: Tab and
    /// ↓ the next rule, Shift-Tab and ↑ the one before (Enter stays).
    static let leavingSteps: [Key: Int] = [.enter: 0, .tab: 1, .down: 1, .backTab: -1, .up: -1]

    /// Selects the rule `step` rows down (up when negative), round the ends.
    private mutating func move(by step: Int) {
        let rows = Row.allCases
        selection = rows[((selection.rawValue + step) % rows.count + rows.count) % rows.count]
    }

    /// Typed text into the selected rule; `false` when nothing changed.
    private func commit(_ text: String, settings: inout CardSettings) -> Bool {
        let before = settings
        if let suit = selection.suit {
            if let name = CardSettings.cleanedExercise(text) { settings.exercises[suit] = name }
        } else if selection == .server {
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
