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
        /// A change to the member's data, as the command the host queues and the store carries
        /// out: a new session (before its first answer), an answer, an answer undone, the end of a
        /// session (stack empty, time up, left, restarted), a card added, changed or deleted, a
        /// deck made, renamed or deleted.
        case save(UnsavedStep)
        /// Read the reviews of this deck's cards and hand them over with `receive(_:for:at:)`.
        case loadReviews(deckID: UUID)
        /// Remember this deck as the one last chosen.
        case rememberDeck(UUID)
        /// Read every deck again and hand them over with `receive(decks:at:)` (the list of decks
        /// opened: another TermFit may have imported one).
        case loadDecks
        /// Keep these settings of the profile (the scheduling sheet's).
        case keepSettings([String: JSONValue])
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
        /// Adding and deleting cards.
        case editor(CardEditor)
        /// Choosing a deck.
        case decks(DeckPicker)
        /// Leaving would end a session under way: Leave or Stay.
        case leave(ConfirmSheet)
        /// Deleting this deck and its cards: Delete or Keep.
        case deleteDeck(ConfirmSheet, UUID)
        /// Closing the editor would drop the card being written: Discard or Keep.
        case discardDraft(ConfirmSheet)
        /// Desired retention, maximum interval, the hour a day begins.
        case scheduling(SchedulingSheet)
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
        /// Where days begin and end (for the daily limit and review cards) and the learn-ahead.
        public var day: StudyDay
        /// The scheduler: desired retention, maximum interval, fuzz.
        public var fsrs: FSRS

        /// Anki's defaults: 20 new cards a day, shuffled, days of the local calendar from 4 am,
        /// FSRS at retention 0.9 without fuzz.
        public init(
            newCardsPerDay: Int = StudyQueue.defaultNewCardsPerDay, random: SeededRandom? = .fresh(),
            calendar: Calendar = .current, day: StudyDay? = nil, fsrs: FSRS = FSRS()
        ) {
            self.newCardsPerDay = max(0, newCardsPerDay)
            self.random = random
            self.day = day ?? StudyDay(calendar: calendar)
            self.fsrs = fsrs
        }
    }

    // MARK: State

    /// How the screen looks and moves.
    public let display: Display
    /// The size of the screen, from the last `.resize`.
    public internal(set) var size = Size.zero
    /// Every deck of the profile, oldest first.
    public internal(set) var decks: [FlashcardDeck]
    /// The deck in use (an index into `decks`), if there is any.
    public internal(set) var deckIndex: Int?
    /// The FSRS memories of the cards.
    public internal(set) var schedule: ReviewSchedule
    /// How sessions choose their cards.
    public internal(set) var study: Study
    /// Whether this session studies or crams.
    public internal(set) var mode = Mode.study
    /// The stack, top card first.
    public internal(set) var stack: [Flashcard] = []
    /// Cards in their learning steps that come back in this session, soonest first.
    public internal(set) var waiting: [Waiting] = []
    /// Cards the session started with.
    public internal(set) var cardCount = 0
    /// New cards among them.
    public internal(set) var newCount = 0
    /// Answers other than Again this session.
    public internal(set) var correctCount = 0
    /// Answers graded Again this session (a card answered Again twice counts twice).
    public internal(set) var wrongCount = 0
    /// Whether the top card shows its answer.
    public internal(set) var isRevealed = false
    /// The session's countdown.
    public internal(set) var timer: PausableTimer
    /// The mouse holding the top card, if it is.
    public internal(set) var drag: Drag?
    /// A card moving by itself, if one is.
    public internal(set) var motion: Motion?
    /// The sheets over the cards, the newest on top.
    public internal(set) var sheets = SheetStack<Sheet>()
    /// A problem the host reported (a save or a read that failed); shown until it reports none.
    public internal(set) var problem: String?
    /// What the last key did or why it did nothing ("Show the answer first"), until the next key
    /// or click.
    public internal(set) var note: String?
    /// Rows the top card's text is scrolled by, when it is longer than the card.
    public internal(set) var textOffset = 0
    /// Opened on the first session's cards only (``init(opening:deckID:due:new:ahead:reviews:sessionLength:display:study:wallClock:makeIdentifier:)``):
    /// the decks' cards are still being read.
    public internal(set) var isReadingDecks = false
    /// `.loadDecks` went out for the decks being read.
    var askedForDecks = false
    /// Edit or Decks, pressed while the decks were being read: done when they arrive.
    var actionAfterDecks: FlashcardsAction?
    /// The last answer of this session, which `u` takes back.
    var lastAnswer: Answered?
    var session: Session?
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
        schedule = ReviewSchedule(fsrs: study.fsrs, day: study.day)
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
        !sheets.coversScreen && topCard != nil && !isOver(at: now)
    }

    /// Seconds left on the timer at `now`.
    public func secondsLeft(at now: Instant) -> Int { timer.secondsLeft(at: now) }

    /// Columns a drag must cover to swipe: a third of the card's width.
    public var swipeThreshold: Int { max(1, layout.card.width / 3) }

    /// The top card's text as the card shows it now.
    var topCardText: CardText? {
        topCard.map { CardText(card: $0, revealed: isRevealed, inside: layout.cardInside) }
    }

    // MARK: Host calls

    /// The answers to a deck's cards the host read after `.loadReviews(deckID:)`; the stack is
    /// dealt again from them. Ignored when another deck has been chosen since.
    public mutating func receive(_ reviews: Result<[FlashcardReview], any Error>, for deckID: UUID, at now: Instant) {
        guard let deck, deck.id == deckID else { return }
        switch reviews {
        case .success(let found):
            schedule.replace(DeckTree.cards(of: deck, in: decks).map(\.id), with: found)
        case .failure(let error):
            problem = "Could not read past answers (cards are dealt as new): \(error)"
        }
        startAgain(at: now)
    }

    /// Shows `message` (a save that failed) until the host clears it with `nil`.
    public mutating func showProblem(_ message: String?) {
        problem = message
    }

    mutating func take(_ reviews: Result<[FlashcardReview], any Error>) {
        switch reviews {
        case .success(let found):
            schedule = ReviewSchedule(reviews: found, fsrs: study.fsrs, day: study.day)
        case .failure(let error):
            schedule = ReviewSchedule(fsrs: study.fsrs, day: study.day)
            problem = "Could not read past answers (cards are dealt as new): \(error)"
        }
    }

    // MARK: Events

    /// Reacts to `event` at `now` and returns what the host should do.
    public mutating func handle(_ event: Event, at now: Instant) -> [Output] {
        var outputs: [Output] = []
        if isReadingDecks, !askedForDecks {
            askedForDecks = true
            outputs.append(.loadDecks)
        }
        if case .ready = timer.state, cardCount > 0 { beginSession(at: now) }
        advance(to: now, into: &outputs)
        switch event {
        case .resize(let newSize):
            size = newSize
            drag = nil
            textOffset = min(textOffset, topCardText?.maxOffset ?? 0)
        case .key:
            timer.release(.unfocused, at: now)
            note = nil
            route(event, at: now, into: &outputs)
        case .mouse(let mouse):
            timer.release(.unfocused, at: now)
            if mouse.kind == .release { note = nil }
            route(event, at: now, into: &outputs)
        case .paste:
            route(event, at: now, into: &outputs)
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
        // An open keys sheet lists the keys as they are now.
        if sheets.isShowingKeys { sheets.refreshKeys(keysSheet(at: now)) }
        return outputs
    }

    /// Scrolls the list of the sheet on top to keep its highlighted row in view at this size.
    mutating func keepListInView(at now: Instant) {
        switch sheet {
        case .editor(var editor):
            editor.scrollList(height: EditorLayout(screen: size, editor: editor, plain: display.plain).list.height)
            sheets.replaceTop(with: .editor(editor))
        case .decks, .leave, .deleteDeck, .discardDraft, .scheduling, nil:
            break
        }
    }

    /// Ends the session when its time is up and forgets a motion that is over.
    mutating func advance(to now: Instant, into outputs: inout [Output]) {
        if let motion, now >= motion.endsAt { self.motion = nil }
        if case .running = timer.state { bringBackWaiting(at: now) }
        if case .running(let endsAt) = timer.state, now >= endsAt {
            timer.stop(at: endsAt)
            end(at: endsAt, into: &outputs)
        }
    }

    /// Marks the session over: input to the cards stops and Start Again shows.
    mutating func end(at instant: Instant, into outputs: inout [Output]) {
        drag = nil
        isRevealed = false
        guard var session, !session.isFinished else { return }
        session.isFinished = true
        if session.isInLog {
            outputs.append(
                .save(.flashcardFinish(sessionID: session.id, status: .finished, at: session.date(at: instant))))
        }
        self.session = session
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
