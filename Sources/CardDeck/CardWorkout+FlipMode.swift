import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Flip mode: cards flip at 10 Hz until Stop; every card stopped on is saved in the flip session.
extension CardWorkout {
    /// The flip mode's card.
    public enum Flip: Hashable, Sendable {
        /// Not started yet: it starts flipping when the workout first sees the screen.
        case idle
        /// Flipping since `since`; frame `n` shows ``CardWorkout/flipCard(seed:frame:)``.
        case flipping(since: Instant, seed: UInt64)
        /// Stopped on a card: its exercise and reps show.
        case stopped(PlayingCard)
    }

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

    mutating func startFlipping(at now: Instant) {
        seed = SeededRandom.mix(seed &+ 1)
        if options.reducesMotion {
            // The next card at once, no flipping.
            flip = .stopped(flipCard(seed: seed, frame: 0))
        } else {
            flip = .flipping(since: now, seed: seed)
        }
    }

    mutating func stopFlipping(at now: Instant) {
        guard case .flipping = flip, let card = flipCard(at: now) else { return }
        flip = .stopped(card)
    }

    /// Saves a card flip mode stopped on: the first starts the flip session in the log.
    mutating func recordFlip(_ card: PlayingCard, at now: Instant, into outputs: inout [Output]) {
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
            outputs.append(.save(.cardDraw(draw, sessionID: session.id)))
        } else {
            session.isInLog = true
            outputs.append(.save(.cardSession(session.record(status: .inProgress, at: now))))
        }
        flipSession = session
    }

    /// The deck identifier of a flip session.
    public static let flipDeckID = "flip"

    /// Marks the flip session finished (leaving flip mode or the workout): every stop is saved.
    mutating func endFlipSession(at now: Instant, into outputs: inout [Output]) {
        guard var session = flipSession else { return }
        session.clock.stop(at: now)
        outputs.append(
            .save(
                .cardFinish(
                    sessionID: session.id, status: .finished, at: session.date(at: now),
                    activeDuration: session.activeSeconds(at: now))))
        flipSession = nil
    }

    mutating func switchMode(at now: Instant, into outputs: inout [Output]) {
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
}
