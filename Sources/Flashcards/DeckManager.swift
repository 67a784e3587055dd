import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Managing decks from the list of decks: it is read again each time it opens (a deck another
/// TermFit imported shows up), `n` names a new deck, `r` renames the highlighted one, and `x`
/// deletes it after a question that says how many cards go with it.
extension FlashcardsWorkout {
    /// Whether a typed character goes into a text field now (the editor's fields, a deck's name).
    var acceptsText: Bool {
        switch sheet {
        case .editor(let editor): return editor.focus != .list
        case .decks(let picker): return picker.naming != nil
        default: return false
        }
    }

    /// The decks the host read after `.loadDecks` (or why they could not be read). The deck in use
    /// stays; when it is gone, the first deck is dealt.
    public mutating func receive(decks result: Result<[FlashcardDeck], any Error>, at now: Instant) {
        guard case .success(let fresh) = result else {
            if case .failure(let error) = result { problem = "Could not read the decks again: \(error)" }
            return
        }
        let current = deck?.id
        decks = fresh
        deckIndex = decks.firstIndex { $0.id == current }
        if deckIndex == nil, current != nil {
            deckIndex = decks.isEmpty ? nil : 0
            schedule = ReviewSchedule(fsrs: study.fsrs, day: study.day)
            startAgain(at: now)
        }
        refreshPicker()
    }

    /// The list of decks on screen, if open, shows the decks as they are now.
    mutating func refreshPicker() {
        guard let index = sheets.sheets.lastIndex(where: { if case .decks = $0 { true } else { false } }),
            case .decks(var picker) = sheets.sheets[index]
        else { return }
        picker.refresh(pickerEntries(), current: deck?.id)
        var all = sheets.sheets
        all[index] = .decks(picker)
        var stack = SheetStack<Sheet>()
        for sheet in all { stack.push(sheet) }
        sheets = stack
    }

    /// One action in the list of decks.
    mutating func performInPicker(
        _ action: FlashcardsAction, _ picker: DeckPicker, at now: Instant, into outputs: inout [Output]
    ) {
        var picker = picker
        if picker.naming != nil {
            switch action {
            case .type(let key): picker.type(key)
            case .cancelCard: picker.stopNaming()
            case .submit: return finishNaming(picker, at: now, into: &outputs)
            case .showKeys: return open(.keys(ScrollState(selection: nil)), at: now)
            default: break
            }
            sheets.replaceTop(with: .decks(picker))
            return
        }
        picker.say(nil)
        switch action {
        case .move(let rows): picker.move(by: rows)
        case .first: picker.select(0)
        case .last: picker.select(picker.entries.count - 1)
        case .openDeck:
            if let chosen = picker.chosen { return choose(deck: chosen, at: now, into: &outputs) }
        case .openDeckNumber(let number):
            if picker.entries.indices.contains(number - 1) {
                return choose(deck: picker.entries[number - 1].id, at: now, into: &outputs)
            }
        case .close: return close(at: now)
        case .showKeys: return open(.keys(ScrollState(selection: nil)), at: now)
        case .newDeck: picker.startNaming(.new)
        case .renameDeck:
            if let chosen = picker.chosen { picker.startNaming(.rename(chosen)) }
        case .deleteDeck:
            guard let chosen = picker.chosen, let entry = picker.entries.first(where: { $0.id == chosen }) else {
                break
            }
            let cards = entry.count == 1 ? "its 1 card" : "its \(entry.count) cards"
            let question = ConfirmSheet(
                "Delete “\(entry.name)” and \(cards)? Past sessions stay in the history.", title: "Delete deck?",
                confirm: "Delete", cancel: "Keep")
            sheets.replaceTop(with: .decks(picker))
            return open(.deleteDeck(question, chosen), at: now)
        default: break
        }
        sheets.replaceTop(with: .decks(picker))
    }

    /// Enter on the name line: the new deck is made, or the deck renamed.
    private mutating func finishNaming(_ picker: DeckPicker, at now: Instant, into outputs: inout [Output]) {
        var picker = picker
        guard let name = picker.typedName(), let naming = picker.naming else {
            sheets.replaceTop(with: .decks(picker))
            return
        }
        switch naming {
        case .new:
            let deck = FlashcardDeck(id: makeIdentifier(), name: name, createdAt: wallClock())
            decks.append(deck)
            outputs.append(.saveDeck(deck))
            picker.stopNaming("Made “\(name.truncated(toWidth: 30))”: Enter opens it")
            picker.refresh(pickerEntries(), current: nil)
            picker.select(picker.entries.count - 1)
        case .rename(let id):
            guard let index = decks.firstIndex(where: { $0.id == id }) else { return }
            decks[index].name = name
            var saved = decks[index]
            saved.cards = []
            outputs.append(.saveDeck(saved))
            picker.stopNaming("Renamed to “\(name.truncated(toWidth: 30))”")
            picker.refresh(pickerEntries(), current: deck?.id)
        }
        sheets.replaceTop(with: .decks(picker))
    }

    /// The deck `id` deleted, after the question said yes. The deck in use gives way to the first
    /// one left (its session ends as abandoned).
    mutating func deleteDeck(_ id: UUID, at now: Instant, into outputs: inout [Output]) {
        close(at: now)
        guard let index = decks.firstIndex(where: { $0.id == id }) else { return }
        let name = decks[index].name
        let wasCurrent = deck?.id == id
        if wasCurrent { abandon(at: now, into: &outputs) }
        let current = deck?.id
        decks.remove(at: index)
        outputs.append(.deleteDeck(id))
        deckIndex = decks.firstIndex { $0.id == current }
        if wasCurrent {
            deckIndex = decks.isEmpty ? nil : 0
            schedule = ReviewSchedule(fsrs: study.fsrs, day: study.day)
            startAgain(at: now)
            if let deck {
                outputs.append(.rememberDeck(deck.id))
                outputs.append(.loadReviews(deckID: deck.id))
            }
        }
        refreshPicker()
        if case .decks(var picker) = sheet {
            picker.say("Deleted “\(name.truncated(toWidth: 30))”")
            sheets.replaceTop(with: .decks(picker))
        }
    }
}

extension FlashcardsBindings {
    /// The list of decks: moving, opening, and making, renaming and deleting decks; while a name
    /// is typed, the name line's keys.
    static func decks(_ picker: DeckPicker) -> KeyBindings<FlashcardsAction> {
        if picker.naming != nil {
            let what = picker.naming == .new ? "make the deck" : "rename the deck"
            return KeyBindings([
                KeyBinding([.enter], "Save", group: "Name", bar: 1, meaning: what, action: .submit),
                KeyBinding(
                    [.escape], "Cancel", group: "Name", bar: 2, meaning: "keep the decks as they are",
                    action: .cancelCard),
                KeyBinding(
                    TextField.printableKeys + TextField.editingKeys, "Type", group: "Name", listing: "a-z 0-9 …",
                    meaning: "type the name; ← → Home End move, Backspace Delete erase, Ctrl-U Ctrl-K cut"
                ) { key in .type(key) },
                KeyBinding([.function(1)], "Keys", group: "Name", bar: 3, meaning: "every key", action: .showKeys),
            ])
        }
        let hasDeck = !picker.entries.isEmpty
        var bindings = decks(count: picker.entries.count).bindings
        bindings.append(contentsOf: [
            KeyBinding(
                [.character("n")], "New", group: "Manage", bar: 5, meaning: "make a new, empty deck", action: .newDeck),
            KeyBinding(
                [.character("r")], "Rename", group: "Manage", bar: 6, meaning: "rename the highlighted deck",
                enabled: hasDeck, action: .renameDeck),
            KeyBinding(
                [.character("x"), .delete], "Delete", group: "Manage", bar: 7,
                meaning: "delete the highlighted deck and its cards (asks first)", enabled: hasDeck,
                action: .deleteDeck),
        ])
        return KeyBindings(bindings)
    }

    /// The question before a deck is deleted.
    static var deleteDeckQuestion: KeyBindings<FlashcardsAction> {
        KeyBindings(
            ConfirmSheet.bindings(
                group: "Delete deck?", confirm: "Delete", .confirmDeleteDeck, meaning: "delete the deck and its cards",
                cancel: "Keep", .keepDeck, meaning: "keep the deck"))
    }
}

extension DeckPickerLayout {
    /// Draws the name line (while a name is typed) or the last message on `footer`.
    static func drawFooter(_ picker: DeckPicker, in footer: Rect, plain: Bool, muted: Style, into canvas: inout Canvas)
    {
        guard !footer.isEmpty else { return }
        if let naming = picker.naming {
            // The name's line is the last; a message (why Enter refused the name) the one above.
            let line = footer.row(footer.height - 1)
            if let message = picker.message, footer.height > 1 {
                Text(message, style: .bold).render(into: &canvas, in: footer.row(0))
            }
            let label = naming == .new ? "New deck: " : "New name: "
            canvas.write(label, at: line.origin, style: .bold, clip: line)
            let field = Rect(x: line.x + label.count, y: line.y, width: max(0, line.width - label.count), height: 1)
            picker.name.render(into: &canvas, in: field, style: plain ? .plain : .underline)
        } else if let message = picker.message {
            Text(message, style: .bold).render(into: &canvas, in: footer)
        } else if picker.entries.isEmpty {
            Text("No decks: n makes one", style: muted).render(into: &canvas, in: footer)
        } else {
            Text("n new · r rename · x delete", style: muted).render(into: &canvas, in: footer)
        }
    }
}

extension FlashcardsWorkout {
    /// `card` changed in place in deck `index`, or put back where its creation time puts it.
    mutating func keep(_ card: Flashcard, in index: Int) {
        if let position = decks[index].cards.firstIndex(where: { $0.id == card.id }) {
            decks[index].cards[position] = card
        } else {
            decks[index].cards.append(card)
            decks[index].cards.sort { ($0.createdAt, $0.id.uuidString) < ($1.createdAt, $1.id.uuidString) }
        }
        if let position = stack.firstIndex(where: { $0.id == card.id }) { stack[position] = card }
    }
}
