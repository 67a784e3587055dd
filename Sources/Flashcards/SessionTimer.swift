import TermUI

/// The session's countdown: a deadline on the monotonic clock while it runs, the time left while
/// it is held. It never counts by ticks, so a late wake-up cannot stretch it.
public struct SessionTimer: Hashable, Sendable {
    /// Why the countdown is held.
    public enum Hold: Hashable, Sendable, CaseIterable {
        /// The program is stopped (Ctrl-Z).
        case suspended
        /// The terminal window lost the focus.
        case unfocused
        /// A sheet (the editor, the deck list, the keys) covers the cards.
        case sheet
    }

    /// Where the countdown is.
    public enum State: Hashable, Sendable {
        /// Not started yet: the whole length is left.
        case ready
        /// Counting down to `endsAt`.
        case running(endsAt: Instant)
        /// Held with `remaining` left (see `holds`).
        case held(remaining: Duration)
        /// Stopped for good with `remaining` left (0 when the time ran out).
        case stopped(remaining: Duration)
    }

    /// The length of a session.
    public let length: Duration
    /// Where the countdown is.
    public private(set) var state = State.ready
    /// Why it is held; it runs again when the last reason goes.
    public private(set) var holds: Set<Hold> = []

    /// A countdown of `length`, not started.
    public init(length: Duration) {
        self.length = max(.zero, length)
    }

    /// The time left at `now`, never negative.
    public func remaining(at now: Instant) -> Duration {
        switch state {
        case .ready: return length
        case .running(let endsAt): return max(.zero, endsAt - now)
        case .held(let remaining), .stopped(let remaining): return remaining
        }
    }

    /// Whole seconds left at `now`, rounded up (it shows 100 until a second has passed, and 0 only
    /// at the end).
    public func secondsLeft(at now: Instant) -> Int {
        let nanoseconds = remaining(at: now).totalNanoseconds
        return Int((nanoseconds + 999_999_999) / 1_000_000_000)
    }

    /// Whether the countdown is running.
    public var isRunning: Bool {
        if case .running = state { return true }
        return false
    }

    /// Whether the time has run out.
    public func isUp(at now: Instant) -> Bool {
        switch state {
        case .ready, .held: return length == .zero
        case .running(let endsAt): return now >= endsAt
        case .stopped(let remaining): return remaining == .zero
        }
    }

    /// Starts the countdown from its full length at `now` (held at once if a reason stands).
    public mutating func start(at now: Instant) {
        state = holds.isEmpty ? .running(endsAt: now + length) : .held(remaining: length)
    }

    /// Stops it for good, keeping the time left.
    public mutating func stop(at now: Instant) {
        state = .stopped(remaining: remaining(at: now))
    }

    /// Holds the countdown for `reason`.
    public mutating func hold(_ reason: Hold, at now: Instant) {
        holds.insert(reason)
        if case .running = state { state = .held(remaining: remaining(at: now)) }
    }

    /// Lifts `reason`; the countdown runs again once no reason is left.
    public mutating func release(_ reason: Hold, at now: Instant) {
        holds.remove(reason)
        if holds.isEmpty, case .held(let remaining) = state { state = .running(endsAt: now + remaining) }
    }

    /// When the seconds shown next change, while it runs: the next whole second counted back from
    /// the end (the end itself last).
    public func nextChange(after now: Instant) -> Instant? {
        guard case .running(let endsAt) = state, now < endsAt else { return nil }
        return endsAt - .seconds(secondsLeft(at: now) - 1)
    }
}
