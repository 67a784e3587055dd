import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The card-deck workout's view model: in deck mode (the default) a whole shuffled deck to work
/// through one card at a time, each card's suit an exercise and its rank the reps, timed to the
/// last card; in flip mode cards flip at 10 Hz until Stop reveals the exercise. A Rules sheet
/// maps suits to exercises and ranks to reps.
///
/// A plain value and a state machine: `handle(_:at:)` takes one event at a monotonic instant and
/// returns what the host should do (save, fetch from a deck server, keep settings, effects for
/// the run loop). It never reads a clock, touches a disk or the network. Every timer is a
/// deadline: the flip shows frame `n` from `n × 100 ms` after it started, the workout's clock
/// counts from the first card, and `nextDeadline(after:)` is the next moment the screen changes
/// by itself, or `nil` when nothing moves.
public struct CardWorkout: Workout {
    /// What the workout asks its host to do.
    public enum Output: Equatable, Sendable {
        /// An effect for the run loop (`.bell`, `.quit`). `.quit` means "leave the workout".
        case effect(Effect)
        /// Save a new session (with the card just done), or again with its details brought up to date.
        case startSession(CardSession)
        /// Save a card that was done.
        case saveDraw(CardDraw, sessionID: UUID)
        /// Remove the card at `position` of a session from the log (an undone card).
        case deleteDraw(position: Int, sessionID: UUID)
        /// Mark a session finished (the deck ran out) or abandoned (left before).
        case finishSession(UUID, status: SessionStatus, at: Date, activeDuration: TimeInterval)
        /// Send `request` to the deck server; hand the answer back as a ``DeckReply`` message.
        case fetch(DeckRequest, number: Int)
        /// Keep these settings for the profile.
        case saveSettings(CardSettings)
    }

    /// Which of the two ways to work out is on screen.
    public enum Mode: String, Hashable, Sendable, CaseIterable {
        /// Cards flip at 10 Hz until Stop.
        case flip
        /// A whole deck, one card at a time.
        case deck
    }

    /// How the workout starts and looks.
    public struct Options: Hashable, Sendable {
        /// The mode on screen first.
        public var mode: Mode
        /// The seed of the first deck and of the flips (`--seed`); a new one from the host otherwise.
        public var seed: UInt64
        /// The deck server for this run (`--deck-api`), over the profile's setting.
        public var deckServer: String?
        /// A deck on the server to join (`--deck-id`).
        public var deckID: String?
        /// A partial deck: these card codes only (`--cards`).
        public var partial: [String]?
        /// Show the next card at once instead of flipping, and no spinner.
        public var reducesMotion: Bool
        /// Colour may be used (everything shows without it too).
        public var usesColor: Bool
        /// The deck server is the operator's (`--kiosk`): the rules sheet shows it but cannot change it.
        public var locksDeckServer: Bool

        /// Options; see the properties.
        public init(
            mode: Mode = .deck, seed: UInt64 = 0, deckServer: String? = nil, deckID: String? = nil,
            partial: [String]? = nil, reducesMotion: Bool = false, usesColor: Bool = true, locksDeckServer: Bool = false
        ) {
            self.locksDeckServer = locksDeckServer
            self.mode = mode
            self.seed = seed
            self.deckServer = deckServer
            self.deckID = deckID
            self.partial = partial
            self.reducesMotion = reducesMotion
            self.usesColor = usesColor
        }
    }

    /// The flip mode's card.
    public enum Flip: Hashable, Sendable {
        /// Not started yet: it starts flipping when the workout first sees the screen.
        case idle
        /// Flipping since `since`; frame `n` shows ``CardWorkout/flipCard(seed:frame:)``.
        case flipping(since: Instant, seed: UInt64)
        /// Stopped on a card: its exercise and reps show.
        case stopped(PlayingCard)
    }

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

    /// Where the cards come from.
    public enum Source: Hashable, Sendable {
        /// TermFit's own deck.
        case local(Deck)
        /// A Deck of Cards API server; `deckID` once it has given (or been given) a deck.
        case remote(server: String, deckID: String?, remaining: Int?)
    }

    /// A sheet over the screen.
    public enum Sheet: Hashable, Sendable {
        /// Every key of what is under it, scrolled by its state.
        case keys(ScrollState)
        /// The rules, editable.
        case rules(RulesEditor)
        /// Leaving would end a deck under way: Leave or Stay.
        case leave(ConfirmSheet)
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

    // MARK: State

    /// The rules.
    public private(set) var settings: CardSettings
    /// How the workout started and looks.
    public let options: Options
    /// The size of the screen, from the last `.resize`.
    public private(set) var size = Size.zero
    /// The mode on screen.
    public private(set) var mode: Mode
    /// The flip mode's card.
    public private(set) var flip = Flip.idle
    /// Where deck mode is.
    public private(set) var phase = Phase.ready
    /// Where the cards come from.
    public private(set) var source: Source
    /// The sheets over the screen, newest on top: keys and clicks go to the top one.
    public private(set) var sheets = SheetStack<Sheet>()
    /// The sheet on top, if any.
    public var sheet: Sheet? { sheets.top }
    /// A one-line message over the help bar, until the next key.
    public private(set) var notice: String?
    /// A problem the host reported (a save that failed); shown until it reports none.
    public private(set) var problem: String?
    private(set) var session: Session?
    /// Whether `p` paused the deck: the clock (and a joker's rest) stands still.
    public private(set) var isPaused = false
    /// Done (and a rest's early end) is not taken before this instant: a held key repeats faster
    /// than anyone works through a card.
    private(set) var acceptsDoneFrom: Instant?
    /// Cards put back by undo on a server's deck: drawn again before the server is asked.
    private var returned: [PlayingCard] = []
    /// Flip mode's cards stopped on by Stop, saved as a session of their own (deck "flip").
    private(set) var flipSession: Session?
    /// The decks done before, for the personal best and the last deck's time.
    public private(set) var times: DeckTimes
    /// The seed of the next local deck (and of the flips).
    private(set) var seed: UInt64
    private var requestCount = 0
    private let wallClock: @Sendable () -> Date
    private let makeIdentifier: @Sendable () -> UUID

    /// How far the workout clock can count: it counts up on a countdown this long, on whose
    /// whole seconds it wakes.
    static let clockLength = Duration.seconds(10 * 366 * 24 * 3600)
    /// The time between two flips.
    public static let flipInterval = Duration.milliseconds(100)
    /// The time between two spinner frames while the deck server is asked.
    public static let spinnerInterval = Duration.milliseconds(100)
    /// How long a card (or a resumed deck) shows before Done is taken: the key-repeat guard.
    public static let doneGuard = Duration.milliseconds(500)

    /// A workout with a fresh deck.
    ///
    /// - Parameters:
    ///   - wallClock: the date and time, read when a session starts.
    ///   - makeIdentifier: a new identifier for each session.
    public init(
        settings: CardSettings = CardSettings(), options: Options = Options(),
        wallClock: @escaping @Sendable () -> Date, makeIdentifier: @escaping @Sendable () -> UUID = { UUID() },
        times: DeckTimes = DeckTimes()
    ) {
        self.times = times
        var settings = settings
        if let server = options.deckServer { settings.deckServer = server.isEmpty ? nil : server }
        self.settings = settings
        self.options = options
        self.mode = options.mode
        self.seed = options.seed
        self.wallClock = wallClock
        self.makeIdentifier = makeIdentifier
        source = .local(Deck(id: "", cards: []))
        source = newSource(joining: options.deckID)
    }

    // MARK: Derived state

    /// The card flip mode shows at `now`.
    public func flipCard(at now: Instant) -> PlayingCard? {
        switch flip {
        case .idle: return nil
        case .stopped(let card): return card
        case .flipping(let since, let seed): return flipCard(seed: seed, frame: Self.frame(at: now, since: since))
        }
    }

    /// The card of flip frame `frame`: a random card of a full deck (with jokers when they are on).
    public func flipCard(seed: UInt64, frame: Int) -> PlayingCard {
        let pool = PlayingCard.standardDeck(jokers: settings.jokers)
        let index = SeededRandom.mix(seed &+ UInt64(max(0, frame))) % UInt64(pool.count)
        return pool[Int(index)]
    }

    static func frame(at now: Instant, since: Instant) -> Int {
        Int(max(0, (now - since).totalNanoseconds) / flipInterval.totalNanoseconds)
    }

    /// Whether the flip mode's cards are flipping.
    public var isFlipping: Bool {
        if case .flipping = flip { return true }
        return false
    }

    /// The card waiting for Done, if any.
    public var current: Current? {
        if case .showing(let current) = phase { return current }
        return nil
    }

    /// The workout's time in whole seconds at `now` (from the first card, suspensions left out);
    /// `nil` before the first card.
    public func elapsedSeconds(at now: Instant) -> Int? {
        session?.seconds(at: now)
    }

    /// The cards done in this deck, in order.
    public var draws: [CardDraw] { session?.draws ?? [] }

    /// Cards left to draw: known for a local deck and from the server's last answer.
    public var remaining: Int? {
        switch source {
        case .local(let deck): deck.remaining
        case .remote(_, _, let remaining): remaining
        }
    }

    /// The identifier of the session under way, once the first card showed.
    public var sessionID: UUID? { session?.id }

    /// Reps done and (for a local deck) still to come, the card on screen included until it is
    /// done, per exercise of the four suits (named as the rules name them now, so a renamed
    /// exercise keeps its row), then the jokers' burpees when they came up or are to come. A
    /// joker's rest has no reps and no row.
    public var tally: [(exercise: String, done: Int, left: Int?)] {
        var done: [String: Int] = [:]
        for draw in draws {
            guard let name = tallyName(code: draw.code, reps: draw.reps) else { continue }
            done[name, default: 0] += draw.reps
        }
        var left: [String: Int]?
        if case .local(let deck) = source {
            var counts: [String: Int] = [:]
            for card in deck.pile {
                let reps = settings.reps(for: card)
                if let name = tallyName(code: card.code, reps: reps) { counts[name, default: 0] += reps }
            }
            if let current, let name = tallyName(code: current.card.code, reps: current.reps) {
                counts[name, default: 0] += current.reps
            }
            left = counts
        }
        var names: [String] = []
        for suit in Suit.listed where !names.contains(settings.exercise(for: suit)) {
            names.append(settings.exercise(for: suit))
        }
        for name in done.keys.sorted() where !names.contains(name) { names.append(name) }
        for name in (left ?? [:]).keys.sorted() where !names.contains(name) && (left?[name] ?? 0) > 0 {
            names.append(name)
        }
        return names.map { name in (name, done[name] ?? 0, left.map { $0[name] ?? 0 }) }
    }

    /// The tally's row of a card: its suit's exercise as the rules name it now, the jokers' when
    /// they ask for reps; `nil` for a rest.
    func tallyName(code: String, reps: Int) -> String? {
        guard let card = PlayingCard(code: code) else { return nil }
        if card.isJoker && reps == 0 { return nil }
        return settings.exercise(for: card.suit)
    }

    /// The rule set of the deck under way (or ready): every card's exercise and reps, and how many
    /// cards, as ``DeckTimes`` compares them.
    var rules: Set<String> {
        let one =
            options.partial.map { codes in codes.compactMap { PlayingCard(code: $0) } }
            ?? PlayingCard.standardDeck(jokers: settings.jokers)
        let cards = (0..<settings.deckCount).flatMap { _ in one }
        return DeckTimes.rules(
            cards.map { card in
                let (exercise, reps) = settings.task(for: card)
                return (card.code, exercise, reps)
            })
    }

    /// The fastest deck done under these rules, in whole seconds.
    public var personalBest: Int? { times.best(for: rules) }

    /// The time of the last deck done under these rules.
    public var lastDeckSeconds: Int? { times.last(for: rules) }

    /// Whole seconds of a joker's rest left at `now`, when one is on screen.
    public func restSecondsLeft(at now: Instant) -> Int? {
        guard let current, current.isRest, let session else { return nil }
        return max(0, CardSettings.jokerRestSeconds - (session.seconds(at: now) - current.shownAtSecond))
    }

    // MARK: Host calls

    /// Shows `message` (a save that failed) until the host clears it with `nil`.
    public mutating func showProblem(_ message: String?) {
        problem = message
    }

    // MARK: Events

    /// Reacts to `event` at `now` and returns what the host should do.
    public mutating func handle(_ event: Event, at now: Instant) -> [Output] {
        var outputs: [Output] = []
        if flip == .idle && mode == .flip { startFlipping(at: now) }
        ringForRest(at: now, into: &outputs)
        switch event {
        case .resize(let newSize):
            size = newSize
        case .key(let key):
            notice = nil
            handle(key, at: now, into: &outputs)
        case .mouse(let mouse):
            if mouse.kind == .release {
                notice = nil
                click(mouse.position, at: now, into: &outputs)
            }
        case .paste(let text):
            if case .rules(var editor) = sheet, editor.field != nil {
                editor.field?.insert(text)
                sheets.replaceTop(with: .rules(editor))
            }
        case .message(let message):
            if message.name == DeckReply.messageName, let reply = message.payload as? DeckReply {
                receive(reply, at: now, into: &outputs)
            }
        case .suspend:
            session?.clock.hold(.suspended, at: now)
        case .resume:
            session?.clock.release(.suspended, at: now)
        case .terminate:
            // Every card done is saved already; a deck under way was cut off, with its working
            // time brought up to date.
            if let session, session.isInLog, !session.hasEnded {
                outputs.append(.startSession(session.record(status: .cutOff, at: now)))
            }
            // Every stop of flip mode is saved: its session ends finished.
            if let flipSession { outputs.append(.startSession(flipSession.record(status: .finished, at: now))) }
        case .tick, .focusIn, .focusOut:
            break
        }
        holdClock(at: now)
        return outputs
    }

    /// The deck clock stands still while paused, under any sheet and in flip mode; it runs
    /// again when none of them holds it.
    private mutating func holdClock(at now: Instant) {
        guard var session, !session.hasEnded else { return }
        var wanted: PausableTimer.Holds = []
        if isPaused || mode == .flip { wanted.insert(.paused) }
        if !sheets.isEmpty { wanted.insert(.sheet) }
        let released = PausableTimer.Holds([.paused, .sheet]).subtracting(wanted)
        guard session.clock.holds.intersection([.paused, .sheet]) != wanted else { return }
        session.clock.hold(wanted, at: now)
        session.clock.release(released, at: now)
        self.session = session
    }

    /// Rings once when a joker's rest runs out.
    private mutating func ringForRest(at now: Instant, into outputs: inout [Output]) {
        guard var current, current.isRest, !current.rang, restSecondsLeft(at: now) == 0 else { return }
        current.rang = true
        phase = .showing(current)
        outputs.append(.effect(.bell))
    }

    // MARK: Keys

    private mutating func handle(_ key: Key, at now: Instant, into outputs: inout [Output]) {
        if let action = bindings.action(for: key) {
            perform(action, at: now, into: &outputs)
        } else if case .rules(let editor) = sheet, editor.field != nil, case .character = key {
            // A letter beyond ASCII (é, ß, 中) is typed like the declared ones.
            perform(.type(key), at: now, into: &outputs)
        }
    }

    /// Does what `action` asks, whether it came from a key, the help bar, the card or a button.
    mutating func perform(_ action: CardsAction, at now: Instant, into outputs: inout [Output]) {
        switch sheet {
        case .keys(var scroll):
            switch action {
            case .scroll(let rows):
                scroll.move(by: rows, count: keysSheet.lines.count)
                sheets.replaceTop(with: .keys(scroll))
            case .close:
                sheets.pop()
            default:
                break
            }
            return
        case .rules(var editor):
            if action == .keys {
                sheets.push(.keys(ScrollState(selection: nil)))
                return
            }
            let before = settings
            let outcome = editor.perform(action, settings: &settings)
            if outcome == .close {
                sheets.pop()
            } else {
                sheets.replaceTop(with: .rules(editor))
            }
            if outcome == .changed { settingsChanged(from: before, into: &outputs) }
            return
        case .leave:
            switch action {
            case .confirmLeave:
                sheets.pop()
                leave(at: now, into: &outputs)
            case .close:
                sheets.pop()
            default:
                break
            }
            return
        case nil:
            break
        }
        switch action {
        case .primary:
            primary(at: now, into: &outputs)
        case .rules:
            stopFlipping(at: now)
            sheets.push(.rules(RulesEditor(locksServer: options.locksDeckServer)))
        case .keys:
            stopFlipping(at: now)
            sheets.push(.keys(ScrollState(selection: nil)))
        case .switchMode:
            switchMode(at: now, into: &outputs)
        case .ownDeck:
            if case .failed = phase { continueLocally(at: now, into: &outputs) }
        case .pause:
            togglePause(at: now)
        case .undo:
            undo(at: now, into: &outputs)
        case .leave:
            if let message = leaveQuestion {
                sheets.push(.leave(ConfirmSheet(message)))
            } else {
                leave(at: now, into: &outputs)
            }
        case .close, .scroll, .selectRule, .editRule, .changeRule, .type, .confirmLeave:
            break
        }
    }

    /// Enter, Space or a click: Stop/Start in flip mode; draw, Done, retry or a new deck in deck mode.
    private mutating func primary(at now: Instant, into outputs: inout [Output]) {
        if mode == .flip {
            if isFlipping {
                stopFlipping(at: now)
            } else {
                startFlipping(at: now)
            }
            // A card stopped on (shown at once with reduced motion) is the member's to do: saved.
            if case .stopped(let card) = flip { recordFlip(card, at: now, into: &outputs) }
            return
        }
        if isPaused {
            togglePause(at: now)
            return
        }
        switch phase {
        case .ready: drawNext(at: now, into: &outputs)
        case .waiting: notice = "Waiting for the deck server…"
        case .failed(_, let request): send(request, at: now, into: &outputs)
        case .showing(let current): done(current, at: now, into: &outputs)
        case .finished:
            // A key still held from the last card does not skip the summary.
            if let from = acceptsDoneFrom, now < from { return }
            newDeck()
        }
    }

    private mutating func click(_ point: Point, at now: Instant, into outputs: inout [Output]) {
        if let action = bindings.barAction(at: point, in: layout.helpBar) {
            perform(action, at: now, into: &outputs)
            return
        }
        if case .leave(let question) = sheet {
            switch question.handle(MouseEvent(.release, at: point), screen: size) {
            case .leave: perform(.confirmLeave, at: now, into: &outputs)
            case .stay: perform(.close, at: now, into: &outputs)
            case .none: break
            }
            return
        }
        if let sheet {
            if !sheetFrame(sheet).contains(point) { sheets.pop() }
            return
        }
        if case .finished = phase, mode == .deck {
            let layout = SummaryLayout(screen: size, summary: summary ?? Summary(seconds: 0, cards: 0, reps: []))
            if layout.newDeckButton.contains(point) {
                perform(.primary, at: now, into: &outputs)
            } else if layout.backButton.contains(point) {
                perform(.leave, at: now, into: &outputs)
            }
            return
        }
        let layout = self.layout
        if layout.card.contains(point) || layout.button.contains(point) {
            perform(.primary, at: now, into: &outputs)
        }
    }

    /// The summary on screen, if the deck is done.
    var summary: Summary? {
        if case .finished(let summary) = phase { return summary }
        return nil
    }

    // MARK: Flip mode

    private mutating func startFlipping(at now: Instant) {
        seed = SeededRandom.mix(seed &+ 1)
        if options.reducesMotion {
            // The next card at once, no flipping.
            flip = .stopped(flipCard(seed: seed, frame: 0))
        } else {
            flip = .flipping(since: now, seed: seed)
        }
    }

    private mutating func stopFlipping(at now: Instant) {
        guard case .flipping = flip, let card = flipCard(at: now) else { return }
        flip = .stopped(card)
    }

    /// Saves a card flip mode stopped on: the first starts the flip session in the log.
    private mutating func recordFlip(_ card: PlayingCard, at now: Instant, into outputs: inout [Output]) {
        var session =
            flipSession
            ?? {
                var clock = PausableTimer(length: Self.clockLength)
                clock.start(at: now)
                return Session(
                    id: makeIdentifier(), startedAt: now, startedOn: wallClock(), deckID: Self.flipDeckID,
                    source: .local, clock: clock)
            }()
        let (exercise, reps) = settings.task(for: card)
        let draw = CardDraw(
            position: session.draws.count + 1, code: card.code, exercise: exercise, reps: reps,
            drawnAt: session.date(at: now))
        session.draws.append(draw)
        if session.isInLog {
            outputs.append(.saveDraw(draw, sessionID: session.id))
        } else {
            session.isInLog = true
            outputs.append(.startSession(session.record(status: .inProgress, at: now)))
        }
        flipSession = session
    }

    /// The deck identifier of a flip session.
    public static let flipDeckID = "flip"

    /// Marks the flip session finished (leaving flip mode or the workout): every stop is saved.
    private mutating func endFlipSession(at now: Instant, into outputs: inout [Output]) {
        guard var session = flipSession else { return }
        session.clock.stop(at: now)
        outputs.append(
            .finishSession(
                session.id, status: .finished, at: session.date(at: now),
                activeDuration: session.activeSeconds(at: now)))
        flipSession = nil
    }

    private mutating func switchMode(at now: Instant, into outputs: inout [Output]) {
        switch mode {
        case .flip:
            stopFlipping(at: now)
            endFlipSession(at: now, into: &outputs)
            mode = .deck
        case .deck:
            mode = .flip
            startFlipping(at: now)
        }
    }

    // MARK: Deck mode

    /// A fresh source: a shuffled local deck, or a server deck still to be asked for (or joined).
    private mutating func newSource(joining deckID: String? = nil) -> Source {
        if let server = settings.deckServer {
            return .remote(server: server, deckID: deckID, remaining: nil)
        }
        return .local(localDeck())
    }

    private mutating func localDeck() -> Deck {
        var random = SeededRandom(seed: seed)
        seed = SeededRandom.mix(seed &+ 0x5EED)
        let deck = try? Deck.shuffledNew(
            deckCount: settings.deckCount, jokers: settings.jokers, partial: options.partial, using: &random)
        return deck ?? Deck(id: "", cards: [])
    }

    /// Draws the next card: from the local deck at once, or asks the server.
    private mutating func drawNext(at now: Instant, into outputs: inout [Output]) {
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

    private mutating func send(_ request: DeckRequest, at now: Instant, into outputs: inout [Output]) {
        requestCount += 1
        phase = .waiting(request, number: requestCount, since: now)
        outputs.append(.fetch(request, number: requestCount))
    }

    private mutating func receive(_ reply: DeckReply, at now: Instant, into outputs: inout [Output]) {
        guard case .waiting(let request, let number, _) = phase, number == reply.requestNumber,
            reply.request == request
        else { return }
        guard case .remote(let server, let knownID, _) = source else { return }
        let response: DeckResponse
        switch reply.result {
        case .failure(let error):
            phase = .failed(error, request: request)
            return
        case .success(let answer):
            response = answer
        }
        let deckID = response.deckID ?? knownID
        source = .remote(server: server, deckID: deckID, remaining: response.remaining)
        switch request {
        case .newShuffled, .info, .shuffle:
            guard response.success, let deckID else {
                phase = .failed(.refused(response.error ?? "no deck"), request: request)
                return
            }
            guard (response.remaining ?? 0) > 0 else {
                phase = .failed(.refused("deck \(deckID) has no cards left"), request: request)
                return
            }
            send(.draw(deckID: deckID, count: 1), at: now, into: &outputs)
        case .draw:
            if let card = response.cards?.first {
                show(card, at: now)
            } else if session?.draws.isEmpty == false {
                // The deck ran out (another terminal may have drawn the last card).
                finish(at: now, into: &outputs)
            } else {
                phase = .failed(.refused(response.error ?? "no card came back"), request: request)
            }
        }
    }

    private mutating func show(_ card: PlayingCard, at now: Instant) {
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
    private mutating func done(_ current: Current, at now: Instant, into outputs: inout [Output]) {
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
            outputs.append(.startSession(session.record(status: .inProgress, at: now)))
        } else {
            outputs.append(.saveDraw(draw, sessionID: session.id))
        }
        self.session = session
        if remaining == 0 {
            finish(at: now, into: &outputs)
        } else {
            drawNext(at: now, into: &outputs)
        }
    }

    /// The deck is done: the session is marked finished and the summary shows.
    private mutating func finish(at now: Instant, into outputs: inout [Output]) {
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
    private mutating func end(
        _ session: inout Session, _ status: SessionStatus, at now: Instant, into outputs: inout [Output]
    ) {
        session.clock.stop(at: now)
        self.session = session
        guard session.isInLog else { return }
        outputs.append(
            .finishSession(
                session.id, status: status, at: session.date(at: now), activeDuration: session.activeSeconds(at: now)))
    }

    /// After the summary: a new deck, ready to draw.
    private mutating func newDeck() {
        session = nil
        isPaused = false
        returned = []
        source = newSource()
        phase = .ready
    }

    /// `l` after a server failure: the rest of the work on a local deck. The cards done already
    /// are taken out of it, so none comes twice.
    private mutating func continueLocally(at now: Instant, into outputs: inout [Output]) {
        settings.deckServer = nil
        var deck = localDeck()
        var cards = deck.pile
        for draw in draws {
            if let index = cards.firstIndex(where: { $0.code == draw.code }) { cards.remove(at: index) }
        }
        deck = Deck(id: deck.id, cards: cards, shuffled: true)
        source = .local(deck)
        if var session {
            session.source = .local
            self.session = session
        }
        notice = "Going on with TermFit's own deck"
        drawNext(at: now, into: &outputs)
    }

    /// What leaving now would lose, or `nil` when nothing is in progress: a deck under way (a card
    /// has shown and the deck is not done, in either mode) ends, saved as abandoned once a card
    /// was done.
    public var leaveQuestion: String? {
        guard let session, !session.hasEnded else { return nil }
        let done = session.draws.count
        guard done > 0 else { return "This deck is not saved: no card is done yet." }
        let total = remaining.map { $0 + done + (current == nil ? 0 : 1) }
        return "The deck is saved as abandoned (\(done)\(total.map { " of \($0)" } ?? "") cards done)."
    }

    /// The leave question on screen, if it is.
    public var pendingQuestion: String? {
        if case .leave(let question) = sheet { return question.question }
        return nil
    }

    /// q, Esc: leave. A session with cards done that did not reach the end is marked abandoned.
    private mutating func leave(at now: Instant, into outputs: inout [Output]) {
        if var session, !session.hasEnded {
            end(&session, .abandoned, at: now, into: &outputs)
        }
        endFlipSession(at: now, into: &outputs)
        session = nil
        isPaused = false
        phase = .ready
        outputs.append(.effect(.quit))
    }

    /// The rules changed in the sheet: kept for the profile; a deck not yet started is dealt again.
    /// The card on screen takes the new exercise name and reps at once (what is done keeps its
    /// row, named as the rules name it now); decks and jokers apply from the next deck.
    private mutating func settingsChanged(from before: CardSettings, into outputs: inout [Output]) {
        outputs.append(.saveSettings(settings))
        if phase == .ready && session == nil {
            source = newSource(joining: options.deckID)
            return
        }
        if case .showing(var current) = phase {
            (current.exercise, current.reps) = settings.task(for: current.card)
            phase = .showing(current)
        }
        if before.deckCount != settings.deckCount || before.jokers != settings.jokers
            || before.deckServer != settings.deckServer
        {
            notice = "Decks and jokers apply from the next deck"
        }
    }

    /// `p`: the deck stands still (the clock and a rest) until `p` or Enter again. Done is not
    /// taken in the first half second after, as after a new card.
    private mutating func togglePause(at now: Instant) {
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
    private mutating func undo(at now: Instant, into outputs: inout [Output]) {
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
        outputs.append(.deleteDraw(position: last.position, sessionID: session.id))
        show(card, at: now)
        notice = "Card \(last.position) undone: \(card.code) is back"
    }

    // MARK: Deadlines

    /// When the screen next changes by itself: the next flip (every 100 ms), the next spinner
    /// frame while the server is asked, the next second of the workout's clock while a deck is
    /// under way (a joker's rest ticks with it); `nil` when nothing moves.
    public func nextDeadline(after now: Instant) -> Instant? {
        var deadlines: [Instant] = []
        if mode == .flip, case .flipping(let since, _) = flip {
            deadlines.append(
                since + .nanoseconds(Int64(Self.frame(at: now, since: since) + 1) * Self.flipInterval.totalNanoseconds))
        }
        if mode == .deck, !options.reducesMotion, case .waiting(_, _, let since) = phase {
            let step = Self.spinnerInterval.totalNanoseconds
            let frames = max(0, (now - since).totalNanoseconds) / step
            deadlines.append(since + .nanoseconds((frames + 1) * step))
        }
        if mode == .deck, let next = session?.clock.nextChange(after: now) {
            deadlines.append(next)
        }
        return deadlines.min()
    }
}
