import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Managing decks from the list of decks (TermUI's list picker: typing filters it): it is read
/// again each time it opens (a deck another TermFit imported shows up); "+ New deck “Name”" or
/// Ctrl-N makes a deck, Ctrl-R renames the highlighted one, and Ctrl-X deletes it after a
/// question that says how many cards go with it.
extension FlashcardsWorkout {
    /// Whether a typed character goes into a text field now (the editor's fields, a deck's name).
    var acceptsText: Bool {
        switch sheet {
        case .editor(let editor): return editor.focus != .list
        case .decks: return true
        default: return false
        }
    }

    /// The decks the host read after `.loadDecks` (or why they could not be read). The deck in use
    /// stays; when it is gone, the first deck is dealt.
    public mutating func receive(decks result: Result<[FlashcardDeck], any Error>, at now: Instant) {
        isReadingDecks = false
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
        openAfterDecks(at: now)
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
            case .showKeys: return showKeys(at: now)
            default: break
            }
            sheets.replaceTop(with: .decks(picker))
            return
        }
        switch action {
        case .pickDeck(let key), .type(let key): return updateList(.key(key), picker, at: now, into: &outputs)
        case .showKeys: return showKeys(at: now)
        case .newDeck: picker.startNaming(.new)
        case .renameDeck:
            if let chosen = picker.chosen { picker.startNaming(.rename(chosen)) }
        case .deleteDeck:
            guard let chosen = picker.chosen, let entry = picker.entry(chosen) else { break }
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

    /// An event for the list itself: a deck chosen opens; "+ New deck" makes one; Esc or a
    /// click outside closes the list.
    mutating func updateList(_ event: Event, _ picker: DeckPicker, at now: Instant, into outputs: inout [Output]) {
        var picker = picker
        let result = picker.update(
            event, in: ComponentContext(screen: size, helpBar: display.plain ? nil : layout.helpBar))
        sheets.replaceTop(with: .decks(picker))
        switch result {
        case .committed(.existing(let id))?: choose(deck: id, at: now, into: &outputs)
        case .committed(.new(let typed))?:
            guard let name = picker.checkedName(typed, renaming: nil) else {
                return sheets.replaceTop(with: .decks(picker))
            }
            makeDeck(named: name, picker, into: &outputs)
        case .cancelled?: close(at: now)
        case nil: break
        }
    }

    /// A new, empty deck called `name`, highlighted in the list.
    private mutating func makeDeck(named name: String, _ picker: DeckPicker, into outputs: inout [Output]) {
        var picker = picker
        let deck = FlashcardDeck(id: makeIdentifier(), name: name, createdAt: wallClock())
        decks.append(deck)
        outputs.append(.save(.flashcardDeck(deck)))
        picker.stopNaming()
        picker.refresh(pickerEntries(), current: nil)
        picker.highlight(deck.id)
        picker.say("Made “\(name.truncated(toWidth: 30))”: Enter opens it")
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
            return makeDeck(named: name, picker, into: &outputs)
        case .rename(let id):
            guard let index = decks.firstIndex(where: { $0.id == id }) else { return }
            decks[index].name = name
            var saved = decks[index]
            saved.cards = []
            outputs.append(.save(.flashcardDeck(saved)))
            picker.stopNaming()
            picker.refresh(pickerEntries(), current: deck?.id)
            picker.highlight(id)
            picker.say("Renamed to “\(name.truncated(toWidth: 30))”")
        }
        sheets.replaceTop(with: .decks(picker))
    }

    /// The deck `id` deleted, after the question said yes (and closed). The deck in use gives way to the first
    /// one left (its session ends as abandoned).
    mutating func deleteDeck(_ id: UUID, at now: Instant, into outputs: inout [Output]) {
        guard let index = decks.firstIndex(where: { $0.id == id }) else { return }
        let name = decks[index].name
        let wasCurrent = deck?.id == id
        if wasCurrent { abandon(at: now, into: &outputs) }
        let current = deck?.id
        decks.remove(at: index)
        outputs.append(.save(.flashcardDeckDeletion(id)))
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
    /// The list of decks: TermUI's list picker's keys (typing filters, ↑↓ Enter Esc Tab), and on
    /// keys that never type, F1 for every key and making, renaming and deleting decks; while a
    /// name is typed, the name line's keys.
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
        let hasDeck = picker.chosen != nil
        var bindings = picker.list.bindings.map { key in FlashcardsAction.pickDeck(key) }.bindings
        bindings.append(contentsOf: [
            KeyBinding([.function(1)], "Keys", group: "Decks", bar: 5, meaning: "every key", action: .showKeys),
            KeyBinding(
                [.control("n")], "New", group: "Manage", bar: 6, display: "^N", listing: "Ctrl-N",
                meaning: "name a new, empty deck (or type its name, then Enter on “+ New deck”)", action: .newDeck),
            KeyBinding(
                [.control("r")], "Rename", group: "Manage", bar: 7, display: "^R", listing: "Ctrl-R",
                meaning: "rename the highlighted deck", enabled: hasDeck, action: .renameDeck),
            KeyBinding(
                [.control("x")], "Delete", group: "Manage", bar: 8, display: "^X", listing: "Ctrl-X",
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

extension DeckPicker {
    /// Where the name sheet goes over the list, above the help bar: the message (why a name was
    /// refused) and the name's line.
    static func namingSheet(screen: Size, naming: Naming) -> (sheet: Sheet, bounds: Rect) {
        let bounds = Rect(size: screen).inset(bottom: screen.height > 0 ? 1 : 0)
        let title = naming == .new ? "New deck" : "Rename deck"
        return (
            Sheet(title: title, size: Size(width: min(60, screen.width - 2), height: min(5, bounds.height))), bounds
        )
    }

    /// Draws the list and, while a name is typed, the name sheet over it. On a plain display the
    /// list stands on a cleared screen with `helpBar` drawn as plain text.
    func render(into composition: inout Composition, plain: Bool, helpBar: HelpBar) {
        if plain {
            composition.add(.sheet) { canvas in
                canvas.clear()
                helpBar.render(into: &canvas, in: canvas.bounds.splitBottom(1).1)
            }
        }
        list.render(into: &composition)
        guard let naming else { return }
        let (sheet, bounds) = Self.namingSheet(screen: composition.size, naming: naming)
        let message = namingMessage
        let name = self.name
        let label = naming == .new ? "Name: " : "New name: "
        _ = composition.addSheet(sheet, in: bounds) { canvas, content in
            let area = content.inset(left: 1, right: 1)
            guard !area.isEmpty else { return }
            let line = area.row(area.height - 1)
            if let message, area.height > 1 {
                Text(message, style: .bold, wraps: true).render(into: &canvas, in: area.inset(bottom: 1))
            }
            canvas.write(label, at: line.origin, style: .bold, clip: line)
            let field = line.inset(left: label.count)
            name.render(into: &canvas, in: field, style: plain ? .plain : .underline)
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
