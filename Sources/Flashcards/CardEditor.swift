import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The Edit Cards sheet: two text fields for a new card's prompt and answer (or a card's being
/// changed), and the list of the deck's cards to change or delete from, with the last deletion
/// undoable. A value the workout keeps while the sheet is open.
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
        /// Save this card, changed (or restored after a deletion).
        case update(Flashcard)
        /// Put this deleted card back.
        case restore(Flashcard)
        /// Close the sheet.
        case close
        /// Closing would drop the card being written: ask first, saying this.
        case askToClose(String)
    }

    /// The most characters a side of a card takes (as many as a card may hold, so that changing an
    /// imported card never cuts it).
    public static let fieldLimit = ValueLimits.cardTextLength

    /// The new card's front.
    public private(set) var prompt = TextField(limit: CardEditor.fieldLimit)
    /// The new card's back; a pasted line break stays in it.
    public private(set) var answer = CardEditor.answerField()
    /// The card whose prompt and answer are in the fields to be changed, if one is.
    public private(set) var editing: Flashcard?
    /// The card deleted last, which `u` puts back until the sheet closes or another card is
    /// added, changed or deleted.
    public private(set) var undoable: Flashcard?
    /// The field or list with the keys.
    public private(set) var focus = Focus.prompt
    /// The deck's cards, oldest first, as the list shows them.
    public private(set) var cards: [Flashcard]
    /// The highlighted card of the list.
    public var selection: Int { scroll.selection ?? 0 }
    /// A line under the fields: what happened or why a key was refused.
    public private(set) var message: String?
    /// Whether a card was added or deleted since the sheet opened.
    public private(set) var changed = false

    /// An editor of `cards`.
    public init(cards: [Flashcard]) {
        self.cards = cards
    }

    /// Whether anything is typed into the fields (or a card is being changed).
    public var hasDraft: Bool { !prompt.text.isEmpty || !answer.text.isEmpty || editing != nil }

    /// Whether closing now would drop something written: a new card's text, or a change to the
    /// card being changed.
    public var hasUnsavedDraft: Bool {
        if let editing { return prompt.text != editing.prompt || answer.text != editing.answer }
        return !prompt.text.trimmingBlanks().isEmpty || !answer.text.trimmingBlanks().isEmpty
    }

    /// Whether Esc now puts back the focused field's value (it was typed into since the field was
    /// moved onto), rather than closing.
    public var canPutBack: Bool {
        switch focus {
        case .prompt: prompt.isModified
        case .answer: answer.isModified
        case .list: false
        }
    }

    /// What closing would drop, said in the question before it.
    var draftSummary: String {
        let shown = (prompt.text.isEmpty ? answer.text : prompt.text).replacingNewlines.truncated(toWidth: 30)
        if let editing { return "Your changes to “\(editing.prompt.truncated(toWidth: 30))” are not saved." }
        return "The card “\(shown)” is not added yet."
    }

    private static func answerField() -> TextField {
        var field = TextField(limit: CardEditor.fieldLimit)
        field.allowsLineBreaks = true
        return field
    }

    /// The highlighted card of the list and where the list is scrolled to.
    public private(set) var scroll = ScrollState()

    /// Carries out one of the editor's actions (see `FlashcardsBindings.editor`).
    public mutating func perform(_ action: FlashcardsAction) -> Request {
        message = nil
        switch action {
        case .nextField:
            move(to: Focus.allCases[((Focus.allCases.firstIndex(of: focus) ?? 0) + 1) % Focus.allCases.count])
        case .previousField:
            let index = Focus.allCases.firstIndex(of: focus) ?? 0
            move(to: Focus.allCases[(index + Focus.allCases.count - 1) % Focus.allCases.count])
        case .cancelCard:
            // The spreadsheet's Esc: the field as it was when it was moved onto; nothing saved.
            switch focus {
            case .prompt where prompt.isModified:
                _ = prompt.handle(.escape)
                prompt.select()
                message = "Prompt put back; Esc again: Done"
            case .answer where answer.isModified:
                _ = answer.handle(.escape)
                answer.select()
                message = "Answer put back; Esc again: Done"
            default:
                return done()
            }
        case .done:
            return done()
        case .fieldUp:
            if focus == .answer { move(to: .prompt) }
        case .fieldDown:
            move(to: .list)
        case .type(let key):
            if focus == .prompt { _ = prompt.handle(key) } else if focus == .answer { _ = answer.handle(key) }
        case .submit:
            switch focus {
            case .list:
                move(to: .prompt)
            case .prompt where answer.text.isEmpty:
                move(to: .answer)
            case .prompt, .answer:
                return submit()
            }
        case .move(let rows):
            if rows < 0 && selection == 0 {
                move(to: .answer)
            } else {
                select(selection + rows)
            }
        case .first:
            select(0)
        case .last:
            select(cards.count - 1)
        case .deleteCard:
            guard cards.indices.contains(selection) else {
                message = "No card to delete"
                return .none
            }
            return .delete(cards[selection])
        case .editCard:
            guard cards.indices.contains(selection) else {
                message = "No card to change"
                return .none
            }
            let card = cards[selection]
            editing = card
            undoable = nil
            prompt.set(card.prompt)
            answer.set(card.answer)
            focus = .prompt
            message = "Changing the card: Enter in the answer saves it"
        case .undoDelete:
            guard let card = undoable else {
                message = "Nothing to undo"
                return .none
            }
            return .restore(card)
        default:
            break
        }
        return .none
    }

    /// Pastes text into the focused field. The answer keeps line breaks; the prompt is one line
    /// (line breaks become spaces), and a tab in it ends the prompt: what follows goes into the
    /// answer, as a row of a deck file would (`prompt<TAB>answer`). Other tabs become spaces.
    public mutating func paste(_ text: String) {
        func spaced(_ text: Substring, keepingLineBreaks: Bool) -> String {
            String(text.map { $0 == "\t" || (!keepingLineBreaks && $0.isNewline) ? " " : $0 })
        }
        switch focus {
        case .prompt:
            if let tab = text.firstIndex(of: "\t") {
                // All or nothing: the prompt and the answer both fit, or neither changes.
                var front = prompt
                var back = answer
                back.select()
                let outcomes = [
                    front.paste(spaced(text[..<tab], keepingLineBreaks: false)),
                    back.paste(spaced(text[text.index(after: tab)...], keepingLineBreaks: true)),
                ]
                if let refused = outcomes.first(where: { $0 != .inserted && $0 != .nothingAccepted }) {
                    message = refused.message
                    return
                }
                prompt = front
                prompt.commit()
                answer = back
                focus = .answer
            } else {
                message = prompt.paste(spaced(text[...], keepingLineBreaks: false)).message
            }
        case .answer: message = answer.paste(spaced(text[...], keepingLineBreaks: true)).message
        case .list: message = "Tab to a field to paste"
        }
    }

    /// Enter in the answer (or the Add button): the card to add, or why not.
    public mutating func submit() -> Request {
        let front = prompt.text.trimmingBlanks()
        let back = answer.text.trimmingBlanks()
        guard !front.isEmpty else {
            move(to: .prompt)
            message = "Type a prompt first"
            return .none
        }
        guard !back.isEmpty else {
            move(to: .answer)
            message = "Type the answer too"
            return .none
        }
        if var card = editing {
            card.prompt = front
            card.answer = back
            return .update(card)
        }
        return .add(prompt: front, answer: back)
    }

    /// Moves the keys to `focus` (a click on a field).
    public mutating func focus(on focus: Focus) {
        move(to: focus)
    }

    /// The spreadsheet's rule: the field left keeps what it shows (the value Esc comes back to
    /// from now on), and the field moved onto has its text selected, replaced by the first
    /// character typed.
    private mutating func move(to newFocus: Focus) {
        guard newFocus != focus else { return }
        switch focus {
        case .prompt: prompt.commit()
        case .answer: answer.commit()
        case .list: break
        }
        focus = newFocus
        switch newFocus {
        case .prompt: prompt.select()
        case .answer: answer.select()
        case .list: break
        }
    }

    /// Done: closes, asking first when that would drop a card being written.
    private mutating func done() -> Request {
        hasUnsavedDraft ? .askToClose(draftSummary) : .close
    }

    /// Highlights card `index` of the list (clamped to it).
    public mutating func select(_ index: Int) {
        guard !cards.isEmpty else { return }
        scroll.select(index, count: cards.count)
        move(to: .list)
    }

    /// Scrolls the list to keep the highlighted card in view in `height` rows.
    mutating func scrollList(height: Int) {
        _ = scroll.visibleRows(count: cards.count, height: height)
    }

    /// The workout added `card`: it joins the list and the fields empty for the next.
    mutating func added(_ card: Flashcard) {
        undoable = nil
        cards.append(card)
        prompt.set("")
        answer.set("")
        focus = .prompt
        changed = true
        message = "Added “\(card.prompt.truncated(toWidth: 30))”"
    }

    /// The workout deleted `card`: `u` can put it back.
    mutating func deleted(_ card: Flashcard) {
        cards.removeAll { $0.id == card.id }
        scroll.select(selection, count: cards.count)
        changed = true
        undoable = card
        message = "u undoes deleting “\(card.prompt.truncated(toWidth: 30))”"
    }

    /// The workout saved `card` changed, or put it back after a deletion.
    mutating func updated(_ card: Flashcard, restored: Bool) {
        if let index = cards.firstIndex(where: { $0.id == card.id }) {
            cards[index] = card
        } else {
            cards.append(card)
            cards.sort { ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString) }
        }
        changed = true
        editing = nil
        undoable = nil
        prompt.set("")
        answer.set("")
        focus = .list
        if let index = cards.firstIndex(where: { $0.id == card.id }) { scroll.select(index, count: cards.count) }
        message = (restored ? "Put back “" : "Changed “") + card.prompt.truncated(toWidth: 30) + "”"
    }
}

/// The deck list: TermUI's list picker of every deck with its size and how many cards are due
/// (type to filter, Enter opens, "+ New deck “Name”" makes one), and a name sheet over it that
/// names a new deck or renames one.
public struct DeckPicker: Hashable, Sendable {
    /// One line of the list.
    public struct Entry: Hashable, Sendable {
        /// The deck.
        public var id: UUID
        /// Its name.
        public var name: String
        /// Its cards.
        public var count: Int
        /// Its cards answered before and due now.
        public var due: Int
        /// Its new cards a session would serve today (within the daily limit).
        public var new: Int
        /// How deep it is under its parents (`Lang::French` is 1); counts include the decks under it.
        public var depth = 0

        /// The line as listed: indented under its parent, by the last part of its name.
        var label: String {
            guard depth > 0 else { return name }
            return String(repeating: "  ", count: depth) + (DeckTree.path(name).last ?? name)
        }

        /// What the list shows after the name: "12 cards · 3 due · 2 new".
        var detail: String { (count == 1 ? "1 card" : "\(count) cards") + " · \(due) due · \(new) new" }
    }

    /// What the name line is for.
    public enum Naming: Hashable, Sendable {
        /// A new deck.
        case new
        /// Renaming this deck.
        case rename(UUID)
    }

    /// The decks, oldest first.
    public private(set) var entries: [Entry]
    /// The list as shown: the filter typed and the highlighted deck.
    public private(set) var list: ListPicker<UUID>
    /// What the name line is for, while it takes the keys.
    public private(set) var naming: Naming?
    /// The name being typed.
    public private(set) var name = TextField(limit: ValueLimits.nameLength)
    /// Why the name typed was refused (or a paste too long for it), shown over the name.
    public private(set) var namingMessage: String?

    /// A list of `entries` with `current` highlighted.
    public init(entries: [Entry], current: UUID?, theme: Theme = .color) {
        self.entries = entries
        list = ListPicker(
            title: "Decks", items: Self.items(entries), selected: current, newLabel: "New deck",
            commitLabel: "Open", nameLimit: ValueLimits.nameLength, theme: theme)
    }

    /// The decks as the picker lists them: each the member's own.
    static func items(_ entries: [Entry]) -> [ListPicker<UUID>.Item] {
        entries.map { ListPicker.Item($0.id, label: $0.label, detail: $0.detail, isOwn: true) }
    }

    /// What happened last, or why a key was refused: over the name while one is typed, else
    /// under the list until the next key.
    public var message: String? { naming == nil ? list.message : namingMessage }

    /// The highlighted deck.
    public var chosen: UUID? { list.highlightedValue }

    /// The entry of deck `id`.
    func entry(_ id: UUID?) -> Entry? { entries.first { $0.id == id } }

    /// An event for the list: see `ListPicker.update`.
    mutating func update(_ event: Event, in context: ComponentContext) -> SheetResult<ListPicker<UUID>.Choice>? {
        list.update(event, in: context)
    }

    /// The list read again: the highlight stays on its deck (else on `current`).
    mutating func refresh(_ newEntries: [Entry], current: UUID?) {
        let kept = chosen
        entries = newEntries
        list.replaceItems(Self.items(newEntries))
        if kept == nil || entry(kept) == nil { list.highlight(current) }
    }

    /// Highlights deck `id` with nothing typed.
    mutating func highlight(_ id: UUID?) {
        list = ListPicker(
            title: list.title, items: Self.items(entries), selected: id, newLabel: list.newLabel,
            commitLabel: list.commitLabel, nameLimit: ValueLimits.nameLength, theme: list.theme)
    }

    /// Shows `text` under the list (or over the name while one is typed).
    mutating func say(_ text: String?) {
        if naming == nil { list.message = text } else { namingMessage = text }
    }

    /// Starts typing a name: what was typed in the filter for a new deck, the deck's name to
    /// rename it (selected: the first key typed replaces it).
    mutating func startNaming(_ what: Naming) {
        naming = what
        namingMessage = nil
        list.message = nil
        if case .rename(let id) = what, let entry = entry(id) {
            name.set(entry.name)
        } else {
            name.set(list.typed)
        }
    }

    /// Stops typing a name; `note` shows under the list.
    mutating func stopNaming(_ note: String? = nil) {
        naming = nil
        name.set("")
        namingMessage = nil
        list.message = note
    }

    /// A key for the name being typed.
    mutating func type(_ key: Key) {
        namingMessage = nil
        _ = name.handle(key)
    }

    /// Pasted text into the name (line breaks and tabs become spaces: a name is one line); a
    /// paste too long for the name goes in not at all and says so.
    mutating func paste(_ text: String) {
        guard naming != nil else { return }
        namingMessage = name.paste(String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })).message
    }

    /// `typed`, checked: not empty and not another deck's; `nil` with a message if not.
    mutating func checkedName(_ typed: String, renaming renamed: UUID?) -> String? {
        let typed = typed.trimmingBlanks()
        guard !typed.isEmpty else {
            say("Type a name first")
            return nil
        }
        if entries.contains(where: { $0.name.lowercased() == typed.lowercased() && $0.id != renamed }) {
            say("A deck is already called “\(typed.truncated(toWidth: 30))”: choose another name")
            return nil
        }
        return typed
    }

    /// The name typed, checked: not empty and not another deck's; `nil` with a message if not.
    mutating func typedName() -> String? {
        var renamed: UUID?
        if case .rename(let id) = naming { renamed = id }
        return checkedName(name.text, renaming: renamed)
    }
}
