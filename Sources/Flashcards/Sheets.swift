import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The keys and the sheets over the cards: which bindings hold now, what an action does on the
/// screen or on the sheet on top, and the sheets' clicks.
extension FlashcardsWorkout {
    // MARK: Keys

    /// The keys that work now: the keys sheet's, those of the sheet on top, or of the screen.
    public func bindings(at now: Instant) -> KeyBindings<FlashcardsAction> {
        sheets.keysBindings { FlashcardsAction.keysSheet($0) } ?? bindings(below: sheets.sheets.count, at: now)
    }

    /// The keys of the screen under the first `depth` sheets (0: the screen itself).
    func bindings(below depth: Int, at now: Instant) -> KeyBindings<FlashcardsAction> {
        guard depth > 0 else {
            return FlashcardsBindings.main(
                hasCard: topCard != nil, isOver: isOver(at: now), isRevealed: isRevealed, mode: mode,
                showsAnswerButtons: !display.usesColor && !display.plain, canUndo: canUndo(at: now),
                scrolls: topCardText?.overflows ?? false)
        }
        switch sheets.sheets[depth - 1] {
        case .editor(let editor): return FlashcardsBindings.editor(editor)
        case .decks(let picker): return FlashcardsBindings.decks(picker)
        case .leave: return FlashcardsBindings.leaveQuestion
        case .deleteDeck: return FlashcardsBindings.deleteDeckQuestion
        case .discardDraft: return FlashcardsBindings.discardDraftQuestion
        case .scheduling: return FlashcardsBindings.scheduling
        }
    }

    /// Keys, clicks and pastes go through the sheet stack's one rule (SheetStack+Actions.swift):
    /// the sheet on top gets them, a question is answered by `ConfirmSheet` alone, a click outside
    /// a sheet closes it; with no sheet open they are the cards'.
    mutating func route(_ event: Event, at now: Instant, into outputs: inout [Output]) {
        // The plain screen's help bar is text to read, not hints to click.
        let context = ComponentContext(screen: size, helpBar: display.plain ? nil : layout.helpBar, now: now)
        let workout = self
        let showedKeys = sheets.isShowingKeys
        sheets.route(event, in: context, target: { workout.target($0, at: now) }).carryOut(
            event, screenBindings: bindings(at: now), perform: { perform($0, at: now, into: &outputs) },
            // The cards take no paste.
            onScreen: { if case .mouse(let mouse) = $0 { handle(mouse, at: now, into: &outputs) } },
            onSheet: { takeOnSheet($0, at: now, into: &outputs) },
            answered: { answered($0, at: now, into: &outputs) },
            closed: { _ in sheetClosed(at: now) })
        if showedKeys && !sheets.isShowingKeys { sheetClosed(at: now) }
    }

    /// What the stack needs to know of a sheet: its keys, where it lies, the question it asks.
    func target(_ sheet: Sheet, at now: Instant) -> SheetTarget<FlashcardsAction> {
        let bindings = bindings(at: now)
        switch sheet {
        case .scheduling:
            return SheetTarget(
                bindings, frame: Self.schedulingSheet(screen: size).frame(in: Rect(size: size).inset(bottom: 1)))
        // The editor and the list of decks place their own clicks.
        case .editor, .decks: return SheetTarget(bindings)
        case .leave(let question), .deleteDeck(let question, _), .discardDraft(let question): return .question(question)
        }
    }

    /// Yes to the question `question` (already closed).
    mutating func answered(_ question: Sheet, at now: Instant, into outputs: inout [Output]) {
        switch question {
        case .leave: leave(at: now, into: &outputs)
        case .deleteDeck(_, let id): deleteDeck(id, at: now, into: &outputs)
        case .discardDraft: if case .editor(let editor) = sheet { closeEditor(editor, at: now, into: &outputs) }
        default: break
        }
    }

    /// Does what `action` asks, whether it came from a key, the help bar or a button.
    mutating func perform(_ action: FlashcardsAction, at now: Instant, into outputs: inout [Output]) {
        if case .keysSheet = action { return }  // the sheet stack scrolls and closes the keys sheet
        switch sheet {
        case .editor(var editor):
            if action == .showKeys { return showKeys(at: now) }
            let request = editor.perform(action)
            sheets.replaceTop(with: .editor(editor))
            carryOut(request, at: now, into: &outputs)
        case .decks(let picker):
            performInPicker(action, picker, at: now, into: &outputs)
        case .deleteDeck, .leave, .discardDraft:
            // Questions are answered by `ConfirmSheet` alone (see `route`).
            break
        case .scheduling(let scheduling):
            if action == .showKeys { return showKeys(at: now) }
            performInScheduling(action, scheduling, at: now, into: &outputs)
        case nil:
            performOnCards(action, at: now, into: &outputs)
        }
    }

    mutating func performOnCards(_ action: FlashcardsAction, at now: Instant, into outputs: inout [Output]) {
        if waitsForDecks(action) { return waitForDecks(action) }
        switch action {
        case .leave:
            if let message = leaveQuestion(at: now) {
                open(.leave(ConfirmSheet(message)), at: now)
            } else {
                leave(at: now, into: &outputs)
            }
        case .showKeys: showKeys(at: now)
        case .openScheduling: open(.scheduling(SchedulingSheet(study: study)), at: now)
        case .edit: openEditor(at: now)
        case .chooseDeck:
            openDeckPicker(at: now)
            outputs.append(.loadDecks)
        case .toggleCram:
            abandon(at: now, into: &outputs)
            startAgain(as: mode == .cram ? .study : .cram, at: now)
        case .reveal: reveal(at: now)
        case .startAgain: if isOver(at: now) { startAgain(as: nextMode, at: now) }
        case .grade(let grade): answer(grade, from: 0, at: now, into: &outputs)
        case .undoAnswer: undoAnswer(at: now, into: &outputs)
        case .scrollCard(let rows): scrollCard(by: rows)
        default: break
        }
    }

    /// Carries out what the editor asked for.
    mutating func carryOut(_ request: CardEditor.Request, at now: Instant, into outputs: inout [Output]) {
        guard case .editor(var editor) = sheet else { return }
        switch request {
        case .none:
            return
        case .add(let prompt, let answer):
            guard let deckIndex else { return }
            let card = Flashcard(id: makeIdentifier(), prompt: prompt, answer: answer, createdAt: wallClock())
            decks[deckIndex].cards.append(card)
            outputs.append(.save(.flashcard(card, deckID: decks[deckIndex].id)))
            editor.added(card)
        case .delete(let card):
            guard let deckIndex else { return }
            decks[deckIndex].cards.removeAll { $0.id == card.id }
            outputs.append(.save(.flashcardDeletion(card.id)))
            editor.deleted(card)
        case .update(let edited), .restore(let edited):
            guard let deckIndex else { return }
            var card = edited
            if case .update = request { writeBack(&card, into: &outputs) }
            keep(card, in: deckIndex)
            outputs.append(.save(.flashcard(card, deckID: decks[deckIndex].id)))
            editor.updated(card, restored: request == .restore(card))
        case .close:
            closeEditor(editor, at: now, into: &outputs)
            return
        case .askToClose(let message):
            open(
                .discardDraft(ConfirmSheet(message, title: "Discard card?", confirm: "Discard", cancel: "Keep")),
                at: now)
            return
        }
        sheets.replaceTop(with: .editor(editor))
    }

    /// Closes the editor on top; with cards added, changed or deleted, a new session deals them.
    mutating func closeEditor(_ editor: CardEditor, at now: Instant, into outputs: inout [Output]) {
        close(at: now)
        if editor.changed {
            // Done with the saved cards: a new session, as the original does.
            abandon(at: now, into: &outputs)
            startAgain(at: now)
        }
    }

    /// An event the sheet on top places itself: letters typed, pastes, the wheel, clicks on the
    /// editor's fields, rows and buttons, the list of decks.
    mutating func takeOnSheet(_ event: Event, at now: Instant, into outputs: inout [Output]) {
        guard let sheet else { return }
        switch event {
        case .key(let key):
            // A letter beyond ASCII (é, ß, 中) is typed like the declared ones.
            if case .character = key, acceptsText { perform(.type(key), at: now, into: &outputs) }
        case .paste(let text):
            if case .editor(var editor) = sheet {
                editor.paste(text)
                sheets.replaceTop(with: .editor(editor))
            } else if case .decks(var picker) = sheet {
                picker.paste(text)
                sheets.replaceTop(with: .decks(picker))
            }
        case .mouse(let mouse):
            click(sheet, mouse: mouse, at: now, into: &outputs)
        default:
            break
        }
    }

    mutating func click(_ sheet: Sheet, mouse: MouseEvent, at now: Instant, into outputs: inout [Output]) {
        let point = mouse.position
        if case .decks(let picker) = sheet {
            if picker.naming == nil { updateList(.mouse(mouse), picker, at: now, into: &outputs) }
            return
        }
        if mouse.kind == .scrollUp || mouse.kind == .scrollDown {
            if case .editor(let editor) = sheet, editor.focus != .list { return }
            return perform(.move(mouse.kind == .scrollUp ? -1 : 1), at: now, into: &outputs)
        }
        guard mouse.kind == .release else { return }
        switch sheet {
        case .editor(var editor):
            let layout = EditorLayout(screen: size, editor: editor, plain: display.plain)
            if layout.addButton.contains(point) {
                let request = editor.submit()
                sheets.replaceTop(with: .editor(editor))
                carryOut(request, at: now, into: &outputs)
            } else if layout.doneButton.contains(point) {
                perform(.done, at: now, into: &outputs)
            } else if layout.promptField.contains(point) {
                editor.focus(on: .prompt)
                sheets.replaceTop(with: .editor(editor))
            } else if layout.answerField.contains(point) {
                editor.focus(on: .answer)
                sheets.replaceTop(with: .editor(editor))
            } else if let row = layout.listRows.first(where: { $0.rect.contains(point) }) {
                editor.select(row.index)
                sheets.replaceTop(with: .editor(editor))
            }
        case .scheduling, .decks, .leave, .deleteDeck, .discardDraft:
            break
        }
    }

    mutating func open(_ newSheet: Sheet, at now: Instant) {
        drag = nil
        sheets.push(newSheet)
        timer.hold(.sheet, at: now)
    }

    /// Closes the sheet on top; the timer runs again once the last is closed.
    mutating func close(at now: Instant) {
        sheets.pop()
        sheetClosed(at: now)
    }

    /// A sheet was closed: the timer runs again once none is left.
    mutating func sheetClosed(at now: Instant) {
        if !sheets.coversScreen { timer.release(.sheet, at: now) }
    }

    /// Opens the keys sheet of what is on screen (the cards, or the sheet on top) over it; the
    /// timer stands still while it is open, as under every sheet.
    mutating func showKeys(at now: Instant) {
        drag = nil
        sheets.showKeys(keysSheet(at: now))
        timer.hold(.sheet, at: now)
    }

    /// The keys sheet of what is under it at `now`: the cards, or the sheet on top.
    func keysSheet(at now: Instant) -> KeysSheet {
        KeysSheet(bindings(below: sheets.sheets.count, at: now), headingStyle: .bold, isPlain: display.plain)
    }

    mutating func openEditor(at now: Instant) {
        guard let deck else {
            problem = "There is no deck to edit"
            return
        }
        open(.editor(CardEditor(cards: deck.cards)), at: now)
    }

    mutating func openDeckPicker(at now: Instant) {
        open(.decks(DeckPicker(entries: pickerEntries(), current: deck?.id, theme: palette)), at: now)
    }

    /// The lines of the list of decks: nested decks under their parents.
    func pickerEntries() -> [DeckPicker.Entry] { nestedPickerEntries() }

    /// Switches to deck `id`: the host reads its reviews and hands them back (`receive`).
    mutating func choose(deck id: UUID, at now: Instant, into outputs: inout [Output]) {
        close(at: now)
        makeListedParent(id, into: &outputs)
        guard let index = decks.firstIndex(where: { $0.id == id }) else { return }
        if index == deckIndex { return }
        abandon(at: now, into: &outputs)
        deckIndex = index
        startAgain(at: now)
        outputs.append(.rememberDeck(id))
        outputs.append(.loadReviews(deckID: id))
    }
}
