/// The one timer of every workout: a deadline on the monotonic clock while it runs, the time left
/// while it is held. It never counts ticks, so a late wake-up cannot stretch it; it stands still
/// for as long as any reason to hold it stands (the member paused it, the program was suspended,
/// the window lost the focus, a sheet covers the screen: which of these apply is the workout's
/// choice).
public struct PausableTimer: Hashable, Sendable {
    /// Why the timer stands still.
    public struct Holds: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The member paused it.
        public static let paused = Holds(rawValue: 1 << 0)
        /// The program is stopped (Ctrl-Z).
        public static let suspended = Holds(rawValue: 1 << 1)
        /// The terminal window lost the focus.
        public static let unfocused = Holds(rawValue: 1 << 2)
        /// A sheet covers the screen.
        public static let sheet = Holds(rawValue: 1 << 3)
    }

    /// Where the timer is.
    public enum State: Hashable, Sendable {
        /// Not started: the whole length is left.
        case ready
        /// Counting down to `endsAt`.
        case running(endsAt: Instant)
        /// Standing still with `remaining` left (see `holds`).
        case held(remaining: Duration)
        /// Stopped for good with `remaining` left (zero when the time ran out).
        case stopped(remaining: Duration)
    }

    /// How long it runs.
    public let length: Duration
    public private(set) var state = State.ready
    /// Why it stands still; it runs again once none is left.
    public private(set) var holds: Holds = []

    /// A timer of `length`, not started.
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

    /// The time gone at `now`.
    public func elapsed(at now: Instant) -> Duration { length - remaining(at: now) }

    /// Whole seconds left, rounded up: it shows the full length until a second has gone, and 0
    /// only at the end.
    public func secondsLeft(at now: Instant) -> Int {
        let nanoseconds = remaining(at: now).totalNanoseconds
        return Int((nanoseconds + 999_999_999) / 1_000_000_000)
    }

    public var isRunning: Bool {
        if case .running = state { return true }
        return false
    }

    public var hasStarted: Bool { state != .ready }

    /// Whether the time has run out (truly: no adjustment can end it early).
    public func isUp(at now: Instant) -> Bool {
        switch state {
        case .ready, .held: return length == .zero
        case .running(let endsAt): return now >= endsAt
        case .stopped(let remaining): return remaining == .zero
        }
    }

    /// Starts it from its full length at `now` (held at once if a reason stands).
    public mutating func start(at now: Instant) {
        state = holds.isEmpty ? .running(endsAt: now + length) : .held(remaining: length)
    }

    /// Stops it for good, keeping the time left.
    public mutating func stop(at now: Instant) {
        state = .stopped(remaining: remaining(at: now))
    }

    /// Holds it for `reasons`.
    public mutating func hold(_ reasons: Holds, at now: Instant) {
        holds.formUnion(reasons)
        if case .running = state, !holds.isEmpty { state = .held(remaining: remaining(at: now)) }
    }

    /// Lifts `reasons`; it runs again once no reason is left.
    public mutating func release(_ reasons: Holds, at now: Instant) {
        holds.subtract(reasons)
        if holds.isEmpty, case .held(let remaining) = state { state = .running(endsAt: now + remaining) }
    }

    /// The next instant the whole seconds shown change, while it runs (the end itself last), so
    /// a screen wakes exactly then and no more often.
    public func nextChange(after now: Instant) -> Instant? {
        guard case .running(let endsAt) = state, now < endsAt else { return nil }
        return endsAt - .seconds(secondsLeft(at: now) - 1)
    }
}
