import Foundation
import Records
import TermUI

/// The Edit Cards sheet: two text fields for a new card's prompt and answer, and the list of the
/// deck's cards to delete from. A value the workout keeps while the sheet is open.
public struct CardEditor: Hashable, Sendable {
    /// Where the keys go.
    public enum Focus: Hashable, Sendable, CaseIterable {
        case prompt, answer, list
    }

    /// What a key asks the workout to do.
    public enum Request: Hashable, Sendable {
        /// Nothing beyond the editor itself.
        case none
        /// Add a card with this prompt and answer.
        case add(prompt: String, answer: String)
        /// Delete this card.
        case delete(Flashcard)
        /// Close the sheet.
        case close
    }

    /// The most characters a side of a card takes when typed.
    public static let fieldLimit = 200

    /// The new card's front.
    public private(set) var prompt = TextField(limit: CardEditor.fieldLimit)
    /// The new card's back.
    public private(set) var answer = TextField(limit: CardEditor.fieldLimit)
    /// The field or list with the keys.
    public private(set) var focus = Focus.prompt
    /// The deck's cards, oldest first, as the list shows them.
    public private(set) var cards: [Flashcard]
    /// The highlighted card of the list.
    public private(set) var selection = 0
    /// A line under the fields: what happened or why a key was refused.
    public private(set) var message: String?
    /// Whether a card was added or deleted since the sheet opened.
    public private(set) var changed = false

    /// An editor of `cards`.
    public init(cards: [Flashcard]) {
        self.cards = cards
    }

    /// Whether anything is typed into the fields.
    public var hasDraft: Bool { !prompt.text.isEmpty || !answer.text.isEmpty }

    /// Applies one key.
    public mutating func handle(_ key: Key) -> Request {
        message = nil
        switch key {
        case .tab:
            focus = Focus.allCases[(Focus.allCases.firstIndex(of: focus).map { $0 + 1 } ?? 0) % Focus.allCases.count]
            return .none
        case .backTab:
            let index = Focus.allCases.firstIndex(of: focus) ?? 0
            focus = Focus.allCases[(index + Focus.allCases.count - 1) % Focus.allCases.count]
            return .none
        case .escape:
            guard hasDraft else { return .close }
            prompt.set("")
            answer.set("")
            focus = .prompt
            message = "Card not added; Esc again closes"
            return .none
        default:
            break
        }
        switch focus {
        case .prompt, .answer:
            return handleField(key)
        case .list:
            return handleList(key)
        }
    }

    private mutating func handleField(_ key: Key) -> Request {
        var field = focus == .prompt ? prompt : answer
        let outcome = field.handle(key)
        if focus == .prompt { prompt = field } else { answer = field }
        switch outcome {
        case .submitted:
            if focus == .prompt && answer.text.isEmpty {
                focus = .answer
                return .none
            }
            return submit()
        case .edited, .cancelled:
            return .none
        case .ignored:
            if key == .down { focus = .list }
            if key == .up && focus == .answer { focus = .prompt }
            return .none
        }
    }

    private mutating func handleList(_ key: Key) -> Request {
        switch key {
        case .up:
            if selection == 0 { focus = .answer } else { selection -= 1 }
        case .down:
            selection = min(max(0, cards.count - 1), selection + 1)
        case .home:
            selection = 0
        case .end:
            selection = max(0, cards.count - 1)
        case .delete, .backspace, .character("x"):
            guard cards.indices.contains(selection) else {
                message = "No card to delete"
                return .none
            }
            return .delete(cards[selection])
        case .enter:
            focus = .prompt
        default:
            message = "Tab goes back to the fields; Delete removes the card"
        }
        return .none
    }

    /// Pastes text into the focused field (line breaks become spaces).
    public mutating func paste(_ text: String) {
        let flat = String(text.map { $0.isNewline ? " " : $0 })
        switch focus {
        case .prompt: prompt.insert(flat)
        case .answer: answer.insert(flat)
        case .list: message = "Tab to a field to paste"
        }
    }

    /// Enter in the answer (or the Add button): the card to add, or why not.
    public mutating func submit() -> Request {
        let front = prompt.text.trimmingCharacters(in: .whitespaces)
        let back = answer.text.trimmingCharacters(in: .whitespaces)
        guard !front.isEmpty else {
            focus = .prompt
            message = "Type a prompt first"
            return .none
        }
        guard !back.isEmpty else {
            focus = .answer
            message = "Type the answer too"
            return .none
        }
        return .add(prompt: front, answer: back)
    }

    /// Moves the keys to `focus`.
    public mutating func focus(on focus: Focus) {
        self.focus = focus
    }

    /// Highlights card `index` of the list.
    public mutating func select(_ index: Int) {
        guard cards.indices.contains(index) else { return }
        selection = index
        focus = .list
    }

    /// The workout added `card`: it joins the list and the fields empty for the next.
    mutating func added(_ card: Flashcard) {
        cards.append(card)
        prompt.set("")
        answer.set("")
        focus = .prompt
        changed = true
        message = "Added “\(card.prompt.truncated(toWidth: 30))”"
    }

    /// The workout deleted `card`.
    mutating func deleted(_ card: Flashcard) {
        cards.removeAll { $0.id == card.id }
        selection = min(selection, max(0, cards.count - 1))
        changed = true
        message = "Deleted “\(card.prompt.truncated(toWidth: 30))”"
    }
}

/// The deck list: every deck with its size and how many cards are due.
public struct DeckPicker: Hashable, Sendable {
    /// One line of the list.
    public struct Entry: Hashable, Sendable {
        /// The deck.
        public var id: UUID
        /// Its name.
        public var name: String
        /// Its cards.
        public var count: Int
        /// Its cards due now, when known (for the deck in use).
        public var due: Int?
    }

    /// The decks, oldest first.
    public let entries: [Entry]
    /// The highlighted line.
    public private(set) var selection: Int

    /// A list of `entries` with `current` highlighted.
    public init(entries: [Entry], current: UUID?) {
        self.entries = entries
        selection = entries.firstIndex { $0.id == current } ?? 0
    }

    /// Applies one key: the deck chosen, `nil` with `cancelled` false to stay, or `cancelled`.
    public mutating func handle(_ key: Key) -> (chosen: UUID?, cancelled: Bool) {
        switch key {
        case .up, .character("k"): selection = max(0, selection - 1)
        case .down, .character("j"): selection = min(max(0, entries.count - 1), selection + 1)
        case .home: selection = 0
        case .end: selection = max(0, entries.count - 1)
        case .enter, .character(" "):
            return (entries.indices.contains(selection) ? entries[selection].id : nil, false)
        case .escape, .character("q"), .character("d"): return (nil, true)
        case .character(let digit) where digit.wholeNumberValue.map { (1...9).contains($0) } == true:
            let index = (digit.wholeNumberValue ?? 1) - 1
            if entries.indices.contains(index) { return (entries[index].id, false) }
        default: break
        }
        return (nil, false)
    }

    /// Highlights line `index`.
    public mutating func select(_ index: Int) {
        if entries.indices.contains(index) { selection = index }
    }
}
