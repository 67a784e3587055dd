import TermUI

/// The countdown of one exercise: a get-ready stretch, then work and rest for each round, every
/// stretch a deadline on the monotonic clock.
///
/// Nothing here counts ticks. The current stretch ends at `end`; when a late tick finds `end`
/// passed, the next stretch ends at the old `end` plus its length, so time lost to a busy machine
/// is never added to the exercise. While the countdown is held (paused, or the terminal
/// suspended) time stands still: releasing it moves `end` on by the time it was held.
public struct Countdown: Hashable, Sendable {
    /// One stretch of the countdown.
    public enum Stretch: Hashable, Sendable {
        /// The 3-2-1 before the first round.
        case getReady
        /// Round `round` (from 1) of work.
        case work(round: Int)
        /// The rest after round `round`.
        case rest(afterRound: Int)
    }

    /// Why the countdown stands still.
    public struct Holds: OptionSet, Hashable, Sendable {
        /// The holds as bits.
        public let rawValue: UInt8
        /// The holds of the bits in `rawValue`.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The user paused it.
        public static let paused = Holds(rawValue: 1 << 0)
        /// The terminal was suspended (Ctrl-Z).
        public static let suspended = Holds(rawValue: 1 << 1)
    }

    /// The work, rest and rounds being counted.
    public let intervals: Intervals
    /// The stretch in progress (the last one once finished).
    public private(set) var stretch: Stretch
    /// When the current stretch ends, on the monotonic clock.
    public private(set) var end: Instant
    /// Whether the last round of work has ended.
    public private(set) var isFinished = false
    /// Why the countdown is standing still (empty while it runs).
    public private(set) var holds: Holds = []
    /// When the current hold began.
    private var heldSince: Instant?
    /// The whole seconds left that were last shown, for the bells of the last three seconds.
    private var shownSeconds: Int
    /// When the first round of work began, and how long it has been held since.
    private var workBegan: Instant?
    private var heldDuringWork: Duration = .zero

    /// A countdown of `intervals` starting at `now`, with `getReady` seconds of 3-2-1 first
    /// (none when 0).
    public init(intervals: Intervals, getReady: Int, at now: Instant) {
        self.intervals = intervals
        if getReady > 0 {
            stretch = .getReady
            end = now + .seconds(getReady)
        } else {
            stretch = .work(round: 1)
            end = now + .seconds(intervals.work)
            workBegan = now
        }
        shownSeconds = 0
        shownSeconds = secondsLeft(at: now)
    }

    /// Whether the countdown is standing still.
    public var isHeld: Bool { !holds.isEmpty }

    /// Whether it is counting the get-ready stretch.
    public var isGettingReady: Bool { stretch == .getReady && !isFinished }

    /// The time left in the current stretch at `now`: never negative, and frozen while held.
    public func timeLeft(at now: Instant) -> Duration {
        guard !isFinished else { return .zero }
        let reference = heldSince ?? now
        return max(.zero, end - reference)
    }

    /// The time left rounded up to whole seconds, as the big digits show it: 30 for the first
    /// second of a 30-second stretch, 1 for its last, 0 only at its end.
    public func secondsLeft(at now: Instant) -> Int {
        let nanoseconds = timeLeft(at: now).totalNanoseconds
        return Int((nanoseconds + 999_999_999) / 1_000_000_000)
    }

    /// The round in progress (during a rest, the round just done); 0 while getting ready.
    public var round: Int {
        switch stretch {
        case .getReady: return 0
        case .work(let round), .rest(let round): return round
        }
    }

    /// Moves through every stretch that has ended by `now`. Returns `true` when the bell should
    /// ring: a stretch ended, or the whole seconds shown reached 3, 2 or 1 (once per call, however
    /// many boundaries a late call crossed).
    public mutating func advance(to now: Instant) -> Bool {
        guard !isFinished, heldSince == nil else { return false }
        var rings = false
        while !isFinished && now >= end {
            rings = true
            if let next = following(stretch) {
                stretch = next
                if case .work(round: 1) = next { workBegan = end }
                end = end + .seconds(length(of: next))
            } else {
                isFinished = true
            }
            shownSeconds = secondsLeft(at: now)
        }
        let shown = secondsLeft(at: now)
        if shown < shownSeconds && (1...3).contains(shown) { rings = true }
        shownSeconds = shown
        return rings
    }

    /// Stops the clock for `reason` at `now` (call `advance(to:)` first).
    public mutating func hold(_ reason: Holds, at now: Instant) {
        guard !isFinished else { return }
        if holds.isEmpty { heldSince = now }
        holds.insert(reason)
    }

    /// Takes away the hold for `reason` at `now`; once no hold is left the stretch ends that much
    /// later than it would have.
    public mutating func release(_ reason: Holds, at now: Instant) {
        guard holds.contains(reason) else { return }
        holds.remove(reason)
        guard holds.isEmpty, let heldSince else { return }
        let held = max(.zero, now - heldSince)
        end = end + held
        if workBegan != nil { heldDuringWork += held }
        self.heldSince = nil
    }

    /// Adds `seconds` to the stretch in progress (or takes them away, when negative; the time
    /// left never goes below zero). The get-ready stretch is not changed.
    public mutating func adjust(bySeconds seconds: Int, at now: Instant) {
        guard !isFinished, stretch != .getReady else { return }
        let reference = heldSince ?? now
        end = max(reference, end + .seconds(seconds))
        shownSeconds = secondsLeft(at: now)
    }

    /// How long the work and rest took once finished: from the first round's start to the end of
    /// the last, less any time held.
    public var exerciseDuration: Duration {
        guard let workBegan else { return .zero }
        return max(.zero, end - workBegan - heldDuringWork)
    }

    /// When the shown whole seconds next change (or the stretch ends): the next whole-second
    /// boundary counted back from `end`. `nil` when nothing moves (held or finished).
    public func nextChange(after now: Instant) -> Instant? {
        guard !isFinished, heldSince == nil else { return nil }
        let left = (end - now).totalNanoseconds
        guard left > 0 else { return now }
        let wholeSecondsBeyond = (left - 1) / 1_000_000_000
        return end - .seconds(wholeSecondsBeyond)
    }

    private func following(_ stretch: Stretch) -> Stretch? {
        switch stretch {
        case .getReady:
            return .work(round: 1)
        case .work(let round):
            guard round < intervals.rounds else { return nil }
            return intervals.rest > 0 ? .rest(afterRound: round) : .work(round: round + 1)
        case .rest(let round):
            return .work(round: round + 1)
        }
    }

    private func length(of stretch: Stretch) -> Int {
        switch stretch {
        case .getReady: return 0
        case .work: return intervals.work
        case .rest: return intervals.rest
        }
    }
}
