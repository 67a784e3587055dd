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
        /// A change to the member's data, as the command the host queues and the store carries
        /// out: a new session (with the card just done, or again with its details brought up to
        /// date), a card done, a card undone, the end of a session (the deck ran out, or left).
        case save(UnsavedStep)
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

    /// A sheet over the screen.
    public enum Sheet: Hashable, Sendable {
        /// The rules, editable.
        case rules(RulesEditor)
        /// Leaving would end a deck under way: Leave or Stay.
        case leave(ConfirmSheet)
    }

    // MARK: State

    /// The rules.
    public internal(set) var settings: CardSettings
    /// How the workout started and looks.
    public let options: Options
    /// The size of the screen, from the last `.resize`.
    public internal(set) var size = Size.zero
    /// The mode on screen.
    public internal(set) var mode: Mode
    /// The flip mode's card.
    public internal(set) var flip = Flip.idle
    /// Where deck mode is.
    public internal(set) var phase = Phase.ready
    /// Where the cards come from.
    public internal(set) var source: Source
    /// The sheets over the screen, newest on top: keys and clicks go to the top one.
    public internal(set) var sheets = SheetStack<Sheet>()
    /// The sheet on top, if any.
    public var sheet: Sheet? { sheets.top }
    /// A one-line message over the help bar, until the next key.
    public internal(set) var notice: String?
    /// A problem the host reported (a save that failed); shown until it reports none.
    public internal(set) var problem: String?
    var session: Session?
    /// Whether `p` paused the deck: the clock (and a joker's rest) stands still.
    public internal(set) var isPaused = false
    /// Done (and a rest's early end) is not taken before this instant: a held key repeats faster
    /// than anyone works through a card.
    var acceptsDoneFrom: Instant?
    /// Cards put back by undo on a server's deck: drawn again before the server is asked.
    var returned: [PlayingCard] = []
    /// Flip mode's cards stopped on by Stop, saved as a session of their own (deck "flip").
    var flipSession: Session?
    /// The decks done before, for the personal best and the last deck's time.
    public internal(set) var times: DeckTimes
    /// The seed of the next local deck (and of the flips).
    var seed: UInt64
    var requestCount = 0
    let wallClock: @Sendable () -> Date
    let makeIdentifier: @Sendable () -> UUID

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
        case .key, .mouse, .paste:
            if case .key = event { notice = nil }
            if case .mouse(let mouse) = event, mouse.kind == .release { notice = nil }
            route(event, at: now, into: &outputs)
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
                outputs.append(.save(.cardSession(session.record(status: .cutOff, at: now))))
            }
            // Every stop of flip mode is saved: its session ends finished.
            if let flipSession { outputs.append(.save(.cardSession(flipSession.record(status: .finished, at: now)))) }
        case .tick, .focusIn, .focusOut:
            break
        }
        holdClock(at: now)
        // An open keys sheet lists the keys as they are now (a deck dealt, a card done).
        if sheets.isShowingKeys { sheets.refreshKeys(keysSheet) }
        return outputs
    }

    /// The deck clock stands still while paused, under any sheet and in flip mode; it runs
    /// again when none of them holds it.
    mutating func holdClock(at now: Instant) {
        guard var session, !session.hasEnded else { return }
        var wanted: PausableTimer.Holds = []
        if isPaused || mode == .flip { wanted.insert(.paused) }
        if sheets.coversScreen { wanted.insert(.sheet) }
        let released = PausableTimer.Holds([.paused, .sheet]).subtracting(wanted)
        guard session.clock.holds.intersection([.paused, .sheet]) != wanted else { return }
        session.clock.hold(wanted, at: now)
        session.clock.release(released, at: now)
        self.session = session
    }

    /// Rings once when a joker's rest runs out.
    mutating func ringForRest(at now: Instant, into outputs: inout [Output]) {
        guard var current, current.isRest, !current.rang, restSecondsLeft(at: now) == 0 else { return }
        current.rang = true
        phase = .showing(current)
        outputs.append(.effect(.bell))
    }

    // MARK: Keys

    /// Keys, clicks and pastes go through the sheet stack's one rule (SheetStack+Actions.swift):
    /// the sheet on top gets them, a question is answered by `ConfirmSheet` alone, a click outside
    /// a sheet closes it; with no sheet open they are the screen's.
    mutating func route(_ event: Event, at now: Instant, into outputs: inout [Output]) {
        let context = ComponentContext(screen: size, helpBar: layout.helpBar, now: now)
        sheets.route(event, in: context, target: target).carryOut(
            event, screenBindings: bindings, perform: { perform($0, at: now, into: &outputs) },
            onScreen: { event in
                if case .mouse(let mouse) = event, mouse.kind == .release {
                    click(mouse.position, at: now, into: &outputs)
                }
            },
            onSheet: { takeOnSheet($0, at: now, into: &outputs) },
            answered: { if case .leave = $0 { leave(at: now, into: &outputs) } })
    }

    /// What the stack needs to know of a sheet: its keys, where it lies, the question it asks.
    func target(_ sheet: Sheet) -> SheetTarget<CardsAction> {
        switch sheet {
        // The list picker places its own clicks (a click outside it closes it); the field's
        // sheet stands in its place.
        case .rules(let editor): SheetTarget(CardsBindings.rules(editor))
        case .leave(let question): .question(question)
        }
    }

    /// An event the sheet on top places itself: the rules' letters, pastes and clicks.
    mutating func takeOnSheet(_ event: Event, at now: Instant, into outputs: inout [Output]) {
        guard case .rules(let editor) = sheet else { return }
        switch event {
        case .key(let key):
            // A letter beyond ASCII (é, ß, 中) is typed like the declared ones.
            if case .character = key { perform(.type(key), at: now, into: &outputs) }
        case .mouse(let mouse):
            if editor.field == nil { perform(.pickRuleMouse(mouse), at: now, into: &outputs) }
        case .paste(let text):
            // Into the rule's field while one is typed, else into the list's filter.
            perform(.pickRulePaste(text), at: now, into: &outputs)
        default:
            break
        }
    }

    /// Does what `action` asks, whether it came from a key, the help bar, the card or a button.
    mutating func perform(_ action: CardsAction, at now: Instant, into outputs: inout [Output]) {
        switch sheet {
        case .rules(var editor):
            if action == .keys {
                showKeys()
                return
            }
            let before = settings
            let outcome = editor.perform(action, settings: &settings, screen: size)
            if outcome == .close {
                sheets.pop()
            } else {
                sheets.replaceTop(with: .rules(editor))
            }
            if outcome == .changed { settingsChanged(from: before, into: &outputs) }
            return
        case .leave:
            // The question is answered by `ConfirmSheet` alone (see `route`).
            return
        case nil:
            break
        }
        switch action {
        case .primary:
            primary(at: now, into: &outputs)
        case .rules:
            stopFlipping(at: now)
            sheets.push(.rules(RulesEditor(locksServer: options.locksDeckServer, settings: settings, theme: palette)))
        case .keys:
            stopFlipping(at: now)
            showKeys()
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
        case .close, .keysSheet, .pickRule, .pickRuleMouse, .pickRulePaste, .changeRule, .type, .confirmLeave:
            break
        }
    }

    /// Opens the keys sheet of what is on screen (the screen, or the sheet on top) over it.
    mutating func showKeys() {
        sheets.showKeys(keysSheet)
    }

    /// The keys sheet of what is under it: the screen, or the sheet on top.
    var keysSheet: KeysSheet { KeysSheet(bindings(below: sheets.sheets.count), headingStyle: palette.accent) }

    /// Enter, Space or a click: Stop/Start in flip mode; draw, Done, retry or a new deck in deck mode.
    mutating func primary(at now: Instant, into outputs: inout [Output]) {
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

    /// A click on the screen, no sheet open: a hint of the help bar, the summary's buttons, the
    /// card or its button.
    mutating func click(_ point: Point, at now: Instant, into outputs: inout [Output]) {
        if let action = bindings.barAction(at: point, in: layout.helpBar) {
            perform(action, at: now, into: &outputs)
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

    // MARK: Leaving

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
    public var pendingQuestion: String? { pendingConfirmation?.question }

    /// The leave question itself, for the too-small notice's labels.
    public var pendingConfirmation: ConfirmSheet? {
        if case .leave(let question) = sheet { return question }
        return nil
    }

    /// q, Esc: leave. A session with cards done that did not reach the end is marked abandoned.
    mutating func leave(at now: Instant, into outputs: inout [Output]) {
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
    mutating func settingsChanged(from before: CardSettings, into outputs: inout [Output]) {
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
