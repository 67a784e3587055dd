import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Deck mode: a whole deck one card at a time, each saved when done, timed from the first card
/// to the last; pause and undo.
extension CardWorkout {
    /// The card on screen in deck mode, waiting for Done.
    public struct Current: Hashable, Sendable {
        /// The card.
        public var card: PlayingCard
        /// Its exercise and reps, fixed when it was drawn.
        public var exercise: String
        /// The reps (0 for a joker's rest).
        public var reps: Int
        /// Its place in the session, from 1.
        public var position: Int
        /// When it showed.
        public var shownAt: Instant
        /// The workout clock's whole seconds when it showed.
        public var shownAtSecond: Int
        /// Whether the bell rang for the end of a joker's rest.
        public var rang = false
        /// When Done was first pressed during the joker's rest: a second press, half a second
        /// later or more, ends the rest early.
        public var skipAskedAt: Instant?

        /// Whether this card is a rest rather than reps.
        public var isRest: Bool { card.isJoker && reps == 0 }
    }

    /// The deck finished: the score and what was done.
    public struct Summary: Hashable, Sendable {
        /// Seconds from the first card to the last Done: the score.
        public var seconds: Int
        /// The cards done.
        public var cards: Int
        /// Reps and working seconds (the sum of the cards' splits) per exercise, in the order the
        /// exercises first came up.
        public var reps: [(exercise: String, reps: Int, seconds: Int)]

        public static func == (lhs: Summary, rhs: Summary) -> Bool {
            lhs.seconds == rhs.seconds && lhs.cards == rhs.cards && lhs.reps.map(\.exercise) == rhs.reps.map(\.exercise)
                && lhs.reps.map(\.reps) == rhs.reps.map(\.reps) && lhs.reps.map(\.seconds) == rhs.reps.map(\.seconds)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(seconds)
            hasher.combine(cards)
        }
    }

    /// Where deck mode is.
    public enum Phase: Hashable, Sendable {
        /// A deck ready; Enter draws the first card.
        case ready
        /// Waiting for the deck server's answer to request `number`.
        case waiting(DeckRequest, number: Int, since: Instant)
        /// The deck server gave no usable answer; Enter asks again, `l` goes on with a local deck.
        case failed(DeckServiceError, request: DeckRequest)
        /// A card is on screen; Enter marks it done.
        case showing(Current)
        /// The deck is done.
        case finished(Summary)
    }

    /// The session under way: created when the first card shows.
    struct Session: Hashable, Sendable {
        var id: UUID
        var startedAt: Instant
        var startedOn: Date
        var deckID: String
        var source: DeckSource
        /// The working time: runs from the first card, held while the program is suspended
        /// (which does not count), stopped when the deck ends.
        var clock: PausableTimer
        var isInLog = false
        var draws: [CardDraw] = []

        /// Whether the deck ended (finished or left).
        var hasEnded: Bool {
            if case .stopped = clock.state { return true }
            return false
        }

        /// Working time at `instant`, suspensions left out.
        func active(at instant: Instant) -> Duration { clock.elapsed(at: instant) }

        /// Whole seconds of working time at `instant`.
        func seconds(at instant: Instant) -> Int {
            Int(active(at: instant).totalNanoseconds / 1_000_000_000)
        }

        /// The working time saved in the log: the whole seconds the screen shows, so the deck-done
        /// time and the history agree.
        func activeSeconds(at instant: Instant) -> TimeInterval { TimeInterval(seconds(at: instant)) }

        /// The wall-clock date of `instant`.
        func date(at instant: Instant) -> Date {
            startedOn.addingTimeInterval((instant - startedAt).seconds)
        }

        func record(status: SessionStatus, at instant: Instant) -> CardSession {
            CardSession(
                id: id, deckID: deckID, deckSource: source, startedAt: startedOn,
                finishedAt: status == .inProgress ? nil : date(at: instant), status: status,
                activeDuration: activeSeconds(at: instant), draws: draws)
        }
    }

    /// Draws the next card: from the local deck at once, or asks the server.
    mutating func drawNext(at now: Instant, into outputs: inout [Output]) {
        if !returned.isEmpty {
            show(returned.removeFirst(), at: now)
            return
        }
        switch source {
        case .local(var deck):
            let (cards, _) = deck.draw(1)
            source = .local(deck)
            guard let card = cards.first else {
                finish(at: now, into: &outputs)
                return
            }
            show(card, at: now)
        case .remote(_, let deckID, _):
            if let deckID {
                // A deck joined with `--deck-id` is looked up first: it may not exist, or be empty.
                let request: DeckRequest = session == nil ? .info(deckID: deckID) : .draw(deckID: deckID, count: 1)
                send(request, at: now, into: &outputs)
            } else {
                send(
                    .newShuffled(deckCount: settings.deckCount, jokers: settings.jokers, partial: options.partial),
                    at: now, into: &outputs)
            }
        }
    }

    mutating func show(_ card: PlayingCard, at now: Instant) {
        if session == nil {
            let deckID: String
            let deckSource: DeckSource
            switch source {
            case .local(let deck):
                deckID = deck.id
                deckSource = .local
            case .remote(let server, let id, _):
                deckID = id ?? ""
                deckSource = .server(server)
            }
            var clock = PausableTimer(length: Self.clockLength)
            clock.start(at: now)
            session = Session(
                id: makeIdentifier(), startedAt: now, startedOn: wallClock(), deckID: deckID, source: deckSource,
                clock: clock)
        }
        let (exercise, reps) = settings.task(for: card)
        acceptsDoneFrom = now + Self.doneGuard
        phase = .showing(
            Current(
                card: card, exercise: exercise, reps: reps, position: draws.count + 1, shownAt: now,
                shownAtSecond: session?.seconds(at: now) ?? 0))
    }

    /// Done: the card is saved at once, then the next one comes (or the summary).
    mutating func done(_ current: Current, at now: Instant, into outputs: inout [Output]) {
        guard var session else { return }
        if let from = acceptsDoneFrom, now < from { return }
        if let left = restSecondsLeft(at: now), left > 0 {
            // A running rest ends early only when Done is pressed again, not by a key held down.
            var current = current
            if let asked = current.skipAskedAt, now - asked >= Self.doneGuard {
                // Confirmed: the rest is cut short.
            } else {
                if current.skipAskedAt == nil { current.skipAskedAt = now }
                phase = .showing(current)
                notice = "Rest: \(ClockText.elapsed(left)) left · Enter again ends it early"
                return
            }
        }
        let draw = CardDraw(
            position: current.position, code: current.card.code, exercise: current.exercise, reps: current.reps,
            drawnAt: session.date(at: current.shownAt),
            seconds: TimeInterval(max(0, session.seconds(at: now) - current.shownAtSecond)))
        session.draws.append(draw)
        if !session.isInLog {
            session.isInLog = true
            outputs.append(.save(.cardSession(session.record(status: .inProgress, at: now))))
        } else {
            outputs.append(.save(.cardDraw(draw, sessionID: session.id)))
        }
        self.session = session
        if remaining == 0 {
            finish(at: now, into: &outputs)
        } else {
            drawNext(at: now, into: &outputs)
        }
    }

    /// The deck is done: the session is marked finished and the summary shows.
    mutating func finish(at now: Instant, into outputs: inout [Output]) {
        guard var session else {
            phase = .ready
            notice = "This deck has no cards"
            return
        }
        end(&session, .finished, at: now, into: &outputs)
        var reps: [(exercise: String, reps: Int, seconds: Int)] = []
        for draw in session.draws {
            guard let name = tallyName(code: draw.code, reps: draw.reps) else { continue }
            let split = Int(draw.seconds ?? 0)
            if let index = reps.firstIndex(where: { $0.exercise == name }) {
                reps[index].reps += draw.reps
                reps[index].seconds += split
            } else {
                reps.append((name, draw.reps, split))
            }
        }
        let seconds = session.seconds(at: now)
        acceptsDoneFrom = now + Self.doneGuard
        phase = .finished(Summary(seconds: seconds, cards: session.draws.count, reps: reps))
        if remaining == 0 {
            times.add(
                rules: DeckTimes.rules(session.draws.map { ($0.code, $0.exercise, $0.reps) }), seconds: seconds,
                finishedAt: session.date(at: now))
        }
    }

    /// Stops the session's clock at `now` and, once it is in the log, marks it `status` there.
    mutating func end(
        _ session: inout Session, _ status: SessionStatus, at now: Instant, into outputs: inout [Output]
    ) {
        session.clock.stop(at: now)
        self.session = session
        guard session.isInLog else { return }
        outputs.append(
            .save(
                .cardFinish(
                    sessionID: session.id, status: status, at: session.date(at: now),
                    activeDuration: session.activeSeconds(at: now))))
    }

    /// After the summary: a new deck, ready to draw.
    mutating func newDeck() {
        session = nil
        isPaused = false
        returned = []
        source = newSource()
        phase = .ready
    }

    /// `p`: the deck stands still (the clock and a rest) until `p` or Enter again. Done is not
    /// taken in the first half second after, as after a new card.
    mutating func togglePause(at now: Instant) {
        guard canPause else { return }
        isPaused.toggle()
        if !isPaused { acceptsDoneFrom = now + Self.doneGuard }
    }

    /// Whether `p` pauses (or resumes): a deck under way in deck mode.
    var canPause: Bool {
        guard mode == .deck, let session, !session.hasEnded else { return false }
        return true
    }

    /// Whether undo has a card to take back: a deck under way with a card done.
    var canUndo: Bool {
        guard mode == .deck, !isPaused, case .showing = phase, let session, !session.hasEnded else { return false }
        return !session.draws.isEmpty
    }

    /// `u`, Backspace: the last card done comes back on screen, the card that showed goes back on
    /// top of the deck, and the saved draw is removed from the log.
    mutating func undo(at now: Instant, into outputs: inout [Output]) {
        guard canUndo, case .showing(let current) = phase, var session, let last = session.draws.last,
            let card = PlayingCard(code: last.code)
        else { return }
        session.draws.removeLast()
        self.session = session
        switch source {
        case .local(var deck):
            deck.putBack(current.card)
            source = .local(deck)
        case .remote:
            returned.insert(current.card, at: 0)
        }
        outputs.append(.save(.cardDrawDeletion(position: last.position, sessionID: session.id)))
        show(card, at: now)
        notice = "Card \(last.position) undone: \(card.code) is back"
    }
}
