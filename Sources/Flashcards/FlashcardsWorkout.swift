import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The flashcard workout's view model, after "Flashzilla": a stack of cards with depth, the top
/// one's answer revealed on request, graded Again, Hard, Good or Easy (keys 1–4), or swiped left
/// (Again) or right (Good) by key or by dragging it with the mouse. Cards are scheduled by FSRS:
/// a study session serves the cards due (shuffled), then new cards (shuffled, up to a daily
/// limit); a card in its learning steps comes back in the session when its step is due. A cram
/// session shows every card of the deck and moves no due date (Again puts the card under the
/// stack). A session lasts until its stack is empty or its timer (100 s by default) runs out; the
/// timer is held while TermFit is suspended, the window is in the background or a sheet is open.
/// Start Again studies what is due, or crams the whole deck when nothing is. An editor adds and
/// deletes cards and a list switches decks.
///
/// A plain value and a state machine: `handle(_:at:)` takes one event at a monotonic instant and
/// returns what the host should do (save a review, a card; load a deck's reviews). It never reads
/// a clock or touches a disk; wall-clock dates come from the injected `wallClock`.
public struct FlashcardsWorkout: Workout {
    /// What the workout asks its host to do.
    public enum Output: Equatable, Sendable {
        /// An effect for the run loop. `.quit` means "leave the workout".
        case effect(Effect)
        /// Save a new session (before its first answer).
        case startSession(FlashcardSession)
        /// Save one answer of the session with this identifier.
        case saveReview(FlashcardReview, sessionID: UUID)
        /// Mark a session finished (stack empty, time up) or abandoned (left, restarted).
        case finishSession(UUID, status: SessionStatus, at: Date)
        /// Save a new card into a deck.
        case saveCard(Flashcard, deckID: UUID)
        /// Delete a card.
        case deleteCard(UUID)
        /// Read the reviews of this deck's cards and hand them over with `receive(_:for:at:)`.
        case loadReviews(deckID: UUID)
        /// Remember this deck as the one last chosen.
        case rememberDeck(UUID)
        /// Read every deck again and hand them over with `receive(decks:at:)` (the list of decks
        /// opened: another TermFit may have imported one).
        case loadDecks
        /// Save a deck's name (a new deck, or one renamed); its cards are left alone.
        case saveDeck(FlashcardDeck)
        /// Delete a deck and its cards.
        case deleteDeck(UUID)
    }

    /// How the screen should look and move.
    public struct Display: Hashable, Sendable {
        /// Move cards at once instead of animating them.
        public var reducesMotion: Bool
        /// Colour may be used. Without it the card shows ✓ and ✗ and Again/Good buttons appear.
        public var usesColor: Bool
        /// Plain lines for a screen reader: no boxes, no colour, no decoration.
        public var plain: Bool

        /// How the screen looks; by default animated, in colour, with boxes.
        public init(reducesMotion: Bool = false, usesColor: Bool = true, plain: Bool = false) {
            self.reducesMotion = reducesMotion
            self.usesColor = usesColor
            self.plain = plain
        }
    }

    /// A sheet over the cards.
    public enum Sheet: Hashable, Sendable {
        /// Every key of the screen or sheet below it, scrolled by its state.
        case keys(ScrollState)
        /// Adding and deleting cards.
        case editor(CardEditor)
        /// Choosing a deck.
        case decks(DeckPicker)
        /// Leaving would end a session under way: Leave or Stay.
        case leave(ConfirmSheet)
        /// Deleting this deck and its cards: Delete or Keep.
        case deleteDeck(ConfirmSheet, UUID)
    }

    /// The mouse holding the top card.
    public struct Drag: Hashable, Sendable {
        /// The column where the button went down.
        public var startX: Int
        /// Columns the card has moved (right is positive).
        public var offset: Int
    }

    /// A card moving by itself: one swiped away, or one springing back.
    public struct Motion: Hashable, Sendable {
        /// What moves.
        public enum Kind: Hashable, Sendable {
            /// The card leaves the screen towards `grade`'s side (Again left, the rest right) from `offset`.
            case away(Flashcard, ReviewGrade, from: Int)
            /// The top card returns to its place from `offset`.
            case back(from: Int)
        }

        public var kind: Kind
        public var startedAt: Instant

        /// How long a card takes to leave or return.
        public static let duration = Duration.milliseconds(240)
        /// Time between two frames of a motion.
        public static let frameInterval = Duration.milliseconds(40)

        /// The share of the motion done at `now`, 0…1, eased out.
        func progress(at now: Instant) -> Double {
            let linear = min(1, max(0, (now - startedAt).seconds / Self.duration.seconds))
            return 1 - (1 - linear) * (1 - linear)
        }

        var endsAt: Instant { startedAt + Self.duration }
    }

    /// The session under way: made when its timer starts, saved with its first answer.
    struct Session: Hashable, Sendable {
        var id: UUID
        var startedAt: Instant
        var startedOn: Date
        var isInLog = false
        var isFinished = false

        func date(at instant: Instant) -> Date {
            startedOn.addingTimeInterval((instant - startedAt).seconds)
        }

        func instant(at date: Date) -> Instant {
            startedAt + .milliseconds(Int64((date.timeIntervalSince(startedOn) * 1000).rounded(.up)))
        }
    }

    /// What a session does with the answers.
    public enum Mode: Hashable, Sendable {
        /// Due and new cards, scheduled by FSRS.
        case study
        /// Every card of the deck, shown without moving a due date.
        case cram
    }

    /// A card in its learning steps that comes back in this session when its step is due.
    public struct Waiting: Hashable, Sendable {
        public var card: Flashcard
        public var due: Date
    }

    /// How sessions choose their cards.
    public struct Study: Hashable, Sendable {
        /// At most this many cards are answered for the first time in one day.
        public var newCardsPerDay: Int
        /// Shuffles the due and the new cards of a session; `nil` keeps the deck's order.
        public var random: SeededRandom?
        /// Where days begin and end, for the daily limit.
        public var calendar: Calendar

        /// Anki's defaults: 20 new cards a day, shuffled, days of the local calendar.
        public init(
            newCardsPerDay: Int = StudyQueue.defaultNewCardsPerDay, random: SeededRandom? = .fresh(),
            calendar: Calendar = .current
        ) {
            self.newCardsPerDay = max(0, newCardsPerDay)
            self.random = random
            self.calendar = calendar
        }
    }

    // MARK: State

    /// How the screen looks and moves.
    public let display: Display
    /// The size of the screen, from the last `.resize`.
    public private(set) var size = Size.zero
    /// Every deck of the profile, oldest first.
    public internal(set) var decks: [FlashcardDeck]
    /// The deck in use (an index into `decks`), if there is any.
    public internal(set) var deckIndex: Int?
    /// The FSRS memories of the cards.
    public internal(set) var schedule = ReviewSchedule()
    /// How sessions choose their cards.
    public private(set) var study: Study
    /// Whether this session studies or crams.
    public private(set) var mode = Mode.study
    /// The stack, top card first.
    public internal(set) var stack: [Flashcard] = []
    /// Cards in their learning steps that come back in this session, soonest first.
    public private(set) var waiting: [Waiting] = []
    /// Cards the session started with.
    public private(set) var cardCount = 0
    /// New cards among them.
    public private(set) var newCount = 0
    /// Answers other than Again this session.
    public private(set) var correctCount = 0
    /// Answers graded Again this session (a card answered Again twice counts twice).
    public private(set) var wrongCount = 0
    /// Whether the top card shows its answer.
    public private(set) var isRevealed = false
    /// The session's countdown.
    public private(set) var timer: PausableTimer
    /// The mouse holding the top card, if it is.
    public private(set) var drag: Drag?
    /// A card moving by itself, if one is.
    public private(set) var motion: Motion?
    /// The sheets over the cards, the newest on top.
    public internal(set) var sheets = SheetStack<Sheet>()
    /// A problem the host reported (a save or a read that failed); shown until it reports none.
    public internal(set) var problem: String?
    private(set) var session: Session?
    let wallClock: @Sendable () -> Date
    let makeIdentifier: @Sendable () -> UUID

    /// A workout on `decks`, starting with the deck `deckID` (else the first).
    ///
    /// - Parameters:
    ///   - reviews: every answer to the cards of the decks, for their schedule, or why they could
    ///     not be read.
    ///   - sessionLength: the timer's length.
    ///   - study: the daily limit of new cards and the shuffling.
    ///   - wallClock: the date and time, read when each session's timer starts.
    ///   - makeIdentifier: a new identifier for each session, review and card.
    public init(
        decks: [FlashcardDeck], deckID: UUID? = nil,
        reviews: Result<[FlashcardReview], any Error> = .success([]),
        sessionLength: Duration = .seconds(100), display: Display = Display(), study: Study = Study(),
        wallClock: @escaping @Sendable () -> Date, makeIdentifier: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.decks = decks
        self.display = display
        self.study = study
        self.wallClock = wallClock
        self.makeIdentifier = makeIdentifier
        timer = PausableTimer(length: sessionLength)
        deckIndex = decks.firstIndex { $0.id == deckID } ?? (decks.isEmpty ? nil : 0)
        take(reviews)
        fillStack()
    }

    // MARK: Derived state

    /// The deck in use.
    public var deck: FlashcardDeck? { deckIndex.map { decks[$0] } }

    /// The sheet on top, which gets the keys, if any.
    public var sheet: Sheet? { sheets.top }

    /// The card on top of the stack, the only one that takes input.
    public var topCard: Flashcard? { stack.first }

    /// Whether the session is over: time up, or no card left (none waiting for its step either).
    public func isOver(at now: Instant) -> Bool {
        cardCount > 0 && ((stack.isEmpty && waiting.isEmpty) || timer.isUp(at: now))
    }

    /// Whether the top card takes a reveal or a swipe at `now`.
    public func acceptsAnswers(at now: Instant) -> Bool {
        sheet == nil && topCard != nil && !isOver(at: now)
    }

    /// Seconds left on the timer at `now`.
    public func secondsLeft(at now: Instant) -> Int { timer.secondsLeft(at: now) }

    /// Columns a drag must cover to swipe: a third of the card's width.
    public var swipeThreshold: Int { max(1, layout.card.width / 3) }

    // MARK: Host calls

    /// The answers to a deck's cards the host read after `.loadReviews(deckID:)`; the stack is
    /// dealt again from them. Ignored when another deck has been chosen since.
    public mutating func receive(_ reviews: Result<[FlashcardReview], any Error>, for deckID: UUID, at now: Instant) {
        guard let deck, deck.id == deckID else { return }
        switch reviews {
        case .success(let found):
            schedule.replace(deck.cards.map(\.id), with: found)
        case .failure(let error):
            problem = "Could not read past answers (cards are dealt as new): \(error)"
        }
        startAgain(at: now)
    }

    /// Shows `message` (a save that failed) until the host clears it with `nil`.
    public mutating func showProblem(_ message: String?) {
        problem = message
    }

    private mutating func take(_ reviews: Result<[FlashcardReview], any Error>) {
        switch reviews {
        case .success(let found):
            schedule = ReviewSchedule(reviews: found)
        case .failure(let error):
            schedule = ReviewSchedule()
            problem = "Could not read past answers (cards are dealt as new): \(error)"
        }
    }

    // MARK: Events

    /// Reacts to `event` at `now` and returns what the host should do.
    public mutating func handle(_ event: Event, at now: Instant) -> [Output] {
        var outputs: [Output] = []
        if case .ready = timer.state, cardCount > 0 { beginSession(at: now) }
        advance(to: now, into: &outputs)
        switch event {
        case .resize(let newSize):
            size = newSize
            drag = nil
        case .key(let key):
            timer.release(.unfocused, at: now)
            handle(key, at: now, into: &outputs)
        case .mouse(let mouse):
            timer.release(.unfocused, at: now)
            handle(mouse, at: now, into: &outputs)
        case .paste(let text):
            if case .editor(var editor) = sheet {
                editor.paste(text)
                sheets.replaceTop(with: .editor(editor))
            } else if case .decks(var picker) = sheet {
                picker.paste(text)
                sheets.replaceTop(with: .decks(picker))
            }
        case .suspend:
            timer.hold(.suspended, at: now)
        case .resume:
            timer.release(.suspended, at: now)
        case .focusOut:
            timer.hold(.unfocused, at: now)
        case .focusIn:
            timer.release(.unfocused, at: now)
        case .terminate:
            // Every answer is saved already; a session under way was cut off.
            drag = nil
            motion = nil
            close(as: .cutOff, at: now, into: &outputs)
        case .tick, .message:
            break
        }
        advance(to: now, into: &outputs)
        keepListInView(at: now)
        return outputs
    }

    /// Scrolls the list of the sheet on top to keep its highlighted row in view at this size.
    private mutating func keepListInView(at now: Instant) {
        switch sheet {
        case .editor(var editor):
            editor.scrollList(height: EditorLayout(screen: size, editor: editor, plain: display.plain).list.height)
            sheets.replaceTop(with: .editor(editor))
        case .decks(var picker):
            picker.scrollList(
                height: DeckPickerLayout(screen: size, picker: picker, plain: display.plain).content.height)
            sheets.replaceTop(with: .decks(picker))
        case .keys(var scroll):
            let keys = KeysSheet(bindings(below: sheets.sheets.count - 1, at: now))
            let height = display.plain ? size.height - 2 : keys.size(on: size).height - 2
            _ = scroll.visibleRows(count: keys.lines.count + (display.plain ? 1 : 0), height: max(0, height))
            sheets.replaceTop(with: .keys(scroll))
        case .leave, .deleteDeck, nil:
            break
        }
    }

    /// Ends the session when its time is up and forgets a motion that is over.
    private mutating func advance(to now: Instant, into outputs: inout [Output]) {
        if let motion, now >= motion.endsAt { self.motion = nil }
        if case .running = timer.state { bringBackWaiting(at: now) }
        if case .running(let endsAt) = timer.state, now >= endsAt {
            timer.stop(at: endsAt)
            end(at: endsAt, into: &outputs)
        }
    }

    /// Marks the session over: input to the cards stops and Start Again shows.
    private mutating func end(at instant: Instant, into outputs: inout [Output]) {
        drag = nil
        isRevealed = false
        guard var session, !session.isFinished else { return }
        session.isFinished = true
        if session.isInLog {
            outputs.append(.finishSession(session.id, status: .finished, at: session.date(at: instant)))
        }
        self.session = session
    }

    // MARK: Keys

    /// The keys that work now: those of the sheet on top, or of the screen.
    public func bindings(at now: Instant) -> KeyBindings<FlashcardsAction> {
        bindings(below: sheets.sheets.count, at: now)
    }

    /// The keys of the screen under the first `depth` sheets (0: the screen itself).
    func bindings(below depth: Int, at now: Instant) -> KeyBindings<FlashcardsAction> {
        guard depth > 0 else {
            return FlashcardsBindings.main(
                hasCard: topCard != nil, isOver: isOver(at: now), isRevealed: isRevealed, mode: mode,
                showsAnswerButtons: !display.usesColor && !display.plain)
        }
        switch sheets.sheets[depth - 1] {
        case .keys: return FlashcardsBindings.keysSheet
        case .editor(let editor): return FlashcardsBindings.editor(editor)
        case .decks(let picker): return FlashcardsBindings.decks(picker)
        case .leave: return FlashcardsBindings.leaveQuestion
        case .deleteDeck: return FlashcardsBindings.deleteDeckQuestion
        }
    }

    private mutating func handle(_ key: Key, at now: Instant, into outputs: inout [Output]) {
        if let action = bindings(at: now).action(for: key) {
            perform(action, at: now, into: &outputs)
        } else if case .character = key, acceptsText {
            // A letter beyond ASCII (é, ß, 中) is typed like the declared ones.
            perform(.type(key), at: now, into: &outputs)
        }
    }

    /// Does what `action` asks, whether it came from a key, the help bar or a button.
    mutating func perform(_ action: FlashcardsAction, at now: Instant, into outputs: inout [Output]) {
        switch sheet {
        case .keys(var scroll):
            switch action {
            case .move(let rows):
                scroll.move(by: rows, count: KeysSheet(bindings(below: sheets.sheets.count - 1, at: now)).lines.count)
                sheets.replaceTop(with: .keys(scroll))
            case .close: close(at: now)
            default: break
            }
        case .editor(var editor):
            if action == .showKeys { return open(.keys(ScrollState(selection: nil)), at: now) }
            let request = editor.perform(action)
            sheets.replaceTop(with: .editor(editor))
            carryOut(request, at: now, into: &outputs)
        case .decks(let picker):
            performInPicker(action, picker, at: now, into: &outputs)
        case .deleteDeck(_, let id):
            switch action {
            case .confirmDeleteDeck: deleteDeck(id, at: now, into: &outputs)
            case .keepDeck: close(at: now)
            default: break
            }
        case .leave:
            switch action {
            case .confirmLeave:
                close(at: now)
                leave(at: now, into: &outputs)
            case .stay: close(at: now)
            default: break
            }
        case nil:
            performOnCards(action, at: now, into: &outputs)
        }
    }

    private mutating func performOnCards(_ action: FlashcardsAction, at now: Instant, into outputs: inout [Output]) {
        switch action {
        case .leave:
            if let message = leaveQuestion(at: now) {
                open(.leave(ConfirmSheet(message)), at: now)
            } else {
                leave(at: now, into: &outputs)
            }
        case .showKeys: open(.keys(ScrollState(selection: nil)), at: now)
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
        default: break
        }
    }

    /// Carries out what the editor asked for.
    private mutating func carryOut(_ request: CardEditor.Request, at now: Instant, into outputs: inout [Output]) {
        guard case .editor(var editor) = sheet else { return }
        switch request {
        case .none:
            return
        case .add(let prompt, let answer):
            guard let deckIndex else { return }
            let card = Flashcard(id: makeIdentifier(), prompt: prompt, answer: answer, createdAt: wallClock())
            decks[deckIndex].cards.append(card)
            outputs.append(.saveCard(card, deckID: decks[deckIndex].id))
            editor.added(card)
        case .delete(let card):
            guard let deckIndex else { return }
            decks[deckIndex].cards.removeAll { $0.id == card.id }
            outputs.append(.deleteCard(card.id))
            editor.deleted(card)
        case .update(let card), .restore(let card):
            guard let deckIndex else { return }
            keep(card, in: deckIndex)
            outputs.append(.saveCard(card, deckID: decks[deckIndex].id))
            editor.updated(card, restored: request == .restore(card))
        case .close:
            close(at: now)
            if editor.changed {
                // Done with the saved cards: a new session, as the original does.
                abandon(at: now, into: &outputs)
                startAgain(at: now)
            }
            return
        }
        sheets.replaceTop(with: .editor(editor))
    }

    // MARK: Mouse

    private mutating func handle(_ mouse: MouseEvent, at now: Instant, into outputs: inout [Output]) {
        if let sheet {
            handleSheet(sheet, mouse: mouse, at: now, into: &outputs)
            return
        }
        let layout = self.layout
        let point = mouse.position
        switch mouse.kind {
        case .press:
            // Only the top card can be picked up, and only while it takes answers.
            if acceptsAnswers(at: now) && layout.card.contains(point) {
                drag = Drag(startX: point.x, offset: 0)
                if case .back = motion?.kind { motion = nil }
            }
            return
        case .drag:
            if var drag {
                drag.offset = point.x - drag.startX
                self.drag = drag
            }
            return
        case .scrollUp, .scrollDown:
            return
        case .release:
            break
        }
        if let held = drag {
            drag = nil
            let offset = point.x - held.startX
            if abs(offset) >= swipeThreshold {
                answer(offset > 0 ? .good : .again, from: offset, at: now, into: &outputs)
            } else if offset == 0 {
                reveal(at: now)
            } else if !display.reducesMotion {
                motion = Motion(kind: .back(from: offset), startedAt: now)
            }
            return
        }
        if let action = bindings(at: now).barAction(at: point, in: layout.helpBar) {
            perform(action, at: now, into: &outputs)
        } else if isOver(at: now), layout.startAgain.contains(point) {
            perform(.startAgain, at: now, into: &outputs)
        } else if layout.editButton.contains(point) {
            perform(.edit, at: now, into: &outputs)
        } else if layout.showsButtons && layout.wrongButton.contains(point) {
            perform(.grade(.again), at: now, into: &outputs)
        } else if layout.showsButtons && layout.correctButton.contains(point) {
            perform(.grade(.good), at: now, into: &outputs)
        } else if layout.card.contains(point) {
            perform(.reveal, at: now, into: &outputs)
        }
    }

    private mutating func handleSheet(
        _ sheet: Sheet, mouse: MouseEvent, at now: Instant, into outputs: inout [Output]
    ) {
        let point = mouse.position
        if mouse.kind == .release, !display.plain,
            let action = bindings(at: now).barAction(at: point, in: layout.helpBar)
        {
            return perform(action, at: now, into: &outputs)
        }
        if mouse.kind == .scrollUp || mouse.kind == .scrollDown {
            if case .editor(let editor) = sheet, editor.focus != .list { return }
            return perform(.move(mouse.kind == .scrollUp ? -1 : 1), at: now, into: &outputs)
        }
        if case .leave(let question) = sheet {
            switch question.handle(mouse, screen: size) {
            case .leave: perform(.confirmLeave, at: now, into: &outputs)
            case .stay: perform(.stay, at: now, into: &outputs)
            case .none: break
            }
            return
        }
        if case .deleteDeck(let question, _) = sheet {
            switch question.handle(mouse, screen: size) {
            case .leave: perform(.confirmDeleteDeck, at: now, into: &outputs)
            case .stay: perform(.keepDeck, at: now, into: &outputs)
            case .none: break
            }
            return
        }
        guard mouse.kind == .release else { return }
        switch sheet {
        case .keys:
            close(at: now)
        case .editor(var editor):
            let layout = EditorLayout(screen: size, editor: editor, plain: display.plain)
            if layout.addButton.contains(point) {
                let request = editor.submit()
                sheets.replaceTop(with: .editor(editor))
                carryOut(request, at: now, into: &outputs)
            } else if layout.doneButton.contains(point) {
                carryOut(.close, at: now, into: &outputs)
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
        case .decks(var picker):
            let layout = DeckPickerLayout(screen: size, picker: picker, plain: display.plain)
            if let row = layout.rows.first(where: { $0.rect.contains(point) }) {
                picker.select(row.index)
                sheets.replaceTop(with: .decks(picker))
                perform(.openDeck, at: now, into: &outputs)
            } else if !layout.frame.contains(point) {
                close(at: now)
            }
        case .leave, .deleteDeck:
            break
        }
    }

    // MARK: Actions

    /// Shows or hides the top card's answer.
    private mutating func reveal(at now: Instant) {
        guard acceptsAnswers(at: now) else { return }
        isRevealed.toggle()
    }

    /// Grades the top card; the answer is saved at once (with the session before the first one).
    /// In a study session FSRS schedules the card: one still in its learning steps waits for its
    /// step and comes back if that falls within the time left. In a cram session Again puts the
    /// card under the stack and no due date moves.
    private mutating func answer(
        _ grade: ReviewGrade, from offset: Int, at now: Instant, into outputs: inout [Output]
    ) {
        guard acceptsAnswers(at: now), let card = topCard, var session, let deck else { return }
        stack.removeFirst()
        if grade.isRecalled { correctCount += 1 } else { wrongCount += 1 }
        isRevealed = false
        drag = nil
        let date = session.date(at: now)
        let isCram = mode == .cram
        let review = FlashcardReview(
            id: makeIdentifier(), cardID: card.id, grade: grade, reviewedAt: date, isCram: isCram)
        if !session.isInLog {
            session.isInLog = true
            outputs.append(
                .startSession(
                    FlashcardSession(id: session.id, deckID: deck.id, deckName: deck.name, startedAt: session.startedOn)
                ))
        }
        self.session = session
        outputs.append(.saveReview(review, sessionID: session.id))
        if isCram {
            if grade == .again { stack.append(card) }
        } else {
            schedule.record(grade, card: card.id, at: date)
            let memory = schedule[card.id]
            let endsOn = date.addingTimeInterval(Double(secondsLeft(at: now)))
            if memory.isLearning, let due = memory.due, due <= endsOn {
                waiting.append(Waiting(card: card, due: due))
                waiting.sort { $0.due < $1.due }
            }
        }
        motion = display.reducesMotion ? nil : Motion(kind: .away(card, grade, from: offset), startedAt: now)
        bringBackWaiting(at: now)
        if stack.isEmpty && waiting.isEmpty {
            timer.stop(at: now)
            end(at: now, into: &outputs)
        }
    }

    /// Puts the waiting cards whose step is due at `now` into the stack, after the top card (the
    /// one on screen does not change under the member), or on top of an empty stack.
    private mutating func bringBackWaiting(at now: Instant) {
        guard let session, !session.isFinished else { return }
        let date = session.date(at: now)
        let ready = waiting.prefix { $0.due <= date }
        guard !ready.isEmpty else { return }
        waiting.removeFirst(ready.count)
        stack.insert(contentsOf: ready.map(\.card), at: stack.isEmpty ? 0 : 1)
    }

    /// When the next waiting card comes back, if one does.
    public var nextWaitingCard: Instant? {
        guard let session, let first = waiting.first else { return nil }
        return session.instant(at: first.due)
    }

    /// What Start Again begins: a study session when cards are due (or new ones are left for
    /// today), else a cram session of the whole deck.
    public var nextMode: Mode {
        guard let deck else { return .study }
        let date = wallClock()
        let hasDue = schedule.dueCount(of: deck.cards, at: date) > 0
        let hasNew =
            schedule.newCount(of: deck.cards) > 0
            && schedule.introducedCount(of: deck.cards, on: date, calendar: study.calendar) < study.newCardsPerDay
        return hasDue || hasNew ? .study : .cram
    }

    /// Deals the deck again and starts a new study session with a full timer.
    mutating func startAgain(at now: Instant) {
        startAgain(as: .study, at: now)
    }

    /// Deals the deck again for a session in `mode` with a full timer.
    private mutating func startAgain(as mode: Mode, at now: Instant) {
        self.mode = mode
        fillStack(at: now)
        session = nil
        motion = nil
        if cardCount > 0 { beginSession(at: now) }
    }

    /// The study queue of `deck` at `date`.
    private mutating func queue(of deck: FlashcardDeck, at date: Date) -> StudyQueue {
        var random = study.random
        defer { study.random = random }
        return StudyQueue(
            deck.cards, schedule: schedule, at: date, newCardsPerDay: study.newCardsPerDay, calendar: study.calendar,
            random: &random)
    }

    /// The stack for a new session: the study queue, or in a cram session the whole deck
    /// (shuffled as the study queue is).
    private mutating func fillStack(at now: Instant = .zero) {
        if let deck {
            switch mode {
            case .study:
                let queue = self.queue(of: deck, at: wallClock())
                stack = queue.cards
                newCount = queue.new.count
            case .cram:
                stack = deck.cards
                if var random = study.random {
                    stack.shuffle(using: &random)
                    study.random = random
                }
                newCount = 0
            }
        } else {
            stack = []
            newCount = 0
        }
        waiting = []
        cardCount = stack.count
        correctCount = 0
        wrongCount = 0
        isRevealed = false
        drag = nil
        let holds = timer.holds
        timer = PausableTimer(length: timer.length)
        timer.hold(holds, at: now)
    }

    /// Starts the timer and a session record (saved with its first answer).
    private mutating func beginSession(at now: Instant) {
        timer.start(at: now)
        session = Session(id: makeIdentifier(), startedAt: now, startedOn: wallClock())
    }

    /// Marks a session that was saved and is not over as abandoned.
    mutating func abandon(at now: Instant, into outputs: inout [Output]) {
        close(as: .abandoned, at: now, into: &outputs)
    }

    /// Ends a session that was saved and is not over with `status`.
    private mutating func close(as status: SessionStatus, at now: Instant, into outputs: inout [Output]) {
        guard let session, session.isInLog, !session.isFinished else { return }
        outputs.append(.finishSession(session.id, status: status, at: session.date(at: now)))
        self.session?.isFinished = true
    }

    /// What leaving now would lose, or `nil` when nothing is: a session with an answer saved that
    /// is not over (leaving marks it abandoned). A session is not asked about before its first
    /// answer: its timer starts by itself when the screen opens, and nothing of it is saved yet.
    public func leaveQuestion(at now: Instant) -> String? {
        guard let session, session.isInLog, !session.isFinished, !isOver(at: now) else { return nil }
        return "The session is saved as abandoned (\(correctCount) recalled, \(wrongCount) again, "
            + "\(stack.count + waiting.count) left)."
    }

    /// The leave question on screen, if it is.
    public var pendingQuestion: String? {
        if case .leave(let question) = sheet { return question.question }
        return nil
    }

    /// The answer to the leave question: leave as `q` did before there was a question, or stay
    /// with everything as it was. The timer stood still under the question, as under every sheet.
    private mutating func answer(_ answer: ConfirmSheet.Answer, at now: Instant, into outputs: inout [Output]) {
        guard answer != .none else { return }
        close(at: now)
        if answer == .leave { leave(at: now, into: &outputs) }
    }

    /// Leaves the workout; a session under way is marked abandoned.
    private mutating func leave(at now: Instant, into outputs: inout [Output]) {
        abandon(at: now, into: &outputs)
        outputs.append(.effect(.quit))
    }

    /// Opens `newSheet` over the cards (and any sheet); the timer stands still under it.
    mutating func open(_ newSheet: Sheet, at now: Instant) {
        drag = nil
        sheets.push(newSheet)
        timer.hold(.sheet, at: now)
    }

    /// Closes the sheet on top; the timer runs again once the last is closed.
    mutating func close(at now: Instant) {
        sheets.pop()
        if sheets.isEmpty { timer.release(.sheet, at: now) }
    }

    private mutating func openEditor(at now: Instant) {
        guard let deck else {
            problem = "There is no deck to edit"
            return
        }
        open(.editor(CardEditor(cards: deck.cards)), at: now)
    }

    mutating func openDeckPicker(at now: Instant) {
        open(.decks(DeckPicker(entries: pickerEntries(), current: deck?.id)), at: now)
    }

    /// The lines of the list of decks.
    func pickerEntries() -> [DeckPicker.Entry] {
        let date = wallClock()
        return decks.map { deck in
            DeckPicker.Entry(
                id: deck.id, name: deck.name, count: deck.cards.count, due: schedule.dueCount(of: deck.cards, at: date),
                new: min(
                    schedule.newCount(of: deck.cards),
                    max(
                        0,
                        study.newCardsPerDay
                            - schedule.introducedCount(of: deck.cards, on: date, calendar: study.calendar))))
        }
    }

    /// Switches to deck `id`: the host reads its reviews and hands them back (`receive`).
    mutating func choose(deck id: UUID, at now: Instant, into outputs: inout [Output]) {
        close(at: now)
        guard let index = decks.firstIndex(where: { $0.id == id }) else { return }
        if index == deckIndex { return }
        abandon(at: now, into: &outputs)
        deckIndex = index
        startAgain(at: now)
        outputs.append(.rememberDeck(id))
        outputs.append(.loadReviews(deckID: id))
    }

    // MARK: Time

    /// The next moment the screen changes by itself: the next frame of a moving card, or the next
    /// second of a running timer; `nil` when nothing moves (a held or stopped timer, a sheet).
    public func nextDeadline(after now: Instant) -> Instant? {
        var deadlines: [Instant] = []
        if let motion, now < motion.endsAt {
            let elapsed = (now - motion.startedAt).totalNanoseconds
            let step = Motion.frameInterval.totalNanoseconds
            let next = motion.startedAt + .nanoseconds((elapsed / step + 1) * step)
            deadlines.append(min(next, motion.endsAt))
        }
        if let change = timer.nextChange(after: now) { deadlines.append(change) }
        if case .running = timer.state, let back = nextWaitingCard, back > now { deadlines.append(back) }
        return deadlines.min()
    }
}
