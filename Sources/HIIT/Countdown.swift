import TermUI

/// The countdown of one exercise: a get-ready stretch, then work and rest for each round, each
/// stretch a `PausableTimer` (the one deadline timer of every workout).
///
/// Nothing here counts ticks. When a late tick finds the current stretch's deadline passed, the
/// next stretch's timer starts at that old deadline, so time lost to a busy machine is never added
/// to the exercise. While the countdown is held (paused, or the terminal suspended) its timer
/// stands still; releasing it moves the deadline on by the time it was held.
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

    /// Why the countdown stands still: the reasons of every workout's timer (HIIT uses `.paused`
    /// and `.suspended`).
    public typealias Holds = PausableTimer.Holds

    /// The work, rest and rounds being counted.
    public let intervals: Intervals
    /// The stretch in progress (the last one once finished).
    public private(set) var stretch: Stretch
    /// The timer of the stretch in progress.
    private var timer: PausableTimer
    /// Whether the last round of work has ended.
    public private(set) var isFinished = false
    /// The whole seconds left that were last shown, for the bells of the last three seconds.
    private var shownSeconds: Int
    /// The time counted in the work and rest stretches before the current timer.
    private var counted: Duration = .zero

    /// A countdown of `intervals` starting at `now`, with `getReady` seconds of 3-2-1 first
    /// (none when 0).
    public init(intervals: Intervals, getReady: Int, at now: Instant) {
        self.intervals = intervals
        stretch = getReady > 0 ? .getReady : .work(round: 1)
        timer = PausableTimer(length: .seconds(getReady > 0 ? getReady : intervals.work))
        timer.start(at: now)
        shownSeconds = 0
        shownSeconds = secondsLeft(at: now)
    }

    /// When the current stretch ends, while it runs (`nil` while held or once finished).
    public var end: Instant? {
        guard !isFinished, case .running(let endsAt) = timer.state else { return nil }
        return endsAt
    }

    /// Why the countdown is standing still (empty while it runs).
    public var holds: Holds { timer.holds }

    /// Whether the countdown is standing still.
    public var isHeld: Bool { !holds.isEmpty }

    /// Whether it is counting the get-ready stretch.
    public var isGettingReady: Bool { stretch == .getReady && !isFinished }

    /// The time left in the current stretch at `now`: never negative, and frozen while held.
    public func timeLeft(at now: Instant) -> Duration {
        isFinished ? .zero : timer.remaining(at: now)
    }

    /// The time left rounded up to whole seconds, as the big digits show it: 30 for the first
    /// second of a 30-second stretch, 1 for its last, 0 only at its end.
    public func secondsLeft(at now: Instant) -> Int {
        isFinished ? 0 : timer.secondsLeft(at: now)
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
        guard !isFinished, timer.isRunning else { return false }
        var rings = false
        while !isFinished, let end, now >= end {
            rings = true
            if stretch != .getReady { counted += timer.length }
            if let next = following(stretch) {
                stretch = next
                // The next stretch starts where the last one ended, not at the late tick.
                timer = PausableTimer(length: .seconds(length(of: next)))
                timer.start(at: end)
            } else {
                timer.stop(at: end)
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
        timer.hold(reason, at: now)
    }

    /// Takes away the hold for `reason` at `now`; once no hold is left the stretch ends that much
    /// later than it would have.
    public mutating func release(_ reason: Holds, at now: Instant) {
        timer.release(reason, at: now)
    }

    /// Adds `seconds` to the stretch in progress (or takes them away, when negative). Taking time
    /// away stops at ``Intervals/shortestAdjusted`` seconds left, or at the time left when that is
    /// already less: the same floor as before Start, so `-` never ends a stretch (only the clock
    /// does). The get-ready stretch is not changed.
    public mutating func adjust(bySeconds seconds: Int, at now: Instant) {
        guard !isFinished, stretch != .getReady else { return }
        let remaining = timer.remaining(at: now)
        let floor = min(remaining, .seconds(Intervals.shortestAdjusted))
        let wanted = max(floor, remaining + .seconds(seconds))
        guard wanted != remaining else { return }
        // The time gone so far stays counted; a new timer runs for what is left after the change,
        // held for the same reasons.
        counted += timer.elapsed(at: now)
        var adjusted = PausableTimer(length: wanted)
        adjusted.hold(timer.holds, at: now)
        adjusted.start(at: now)
        timer = adjusted
        shownSeconds = secondsLeft(at: now)
    }

    /// How long the work and rest took once finished: from the first round's start to the end of
    /// the last, less any time held.
    public var exerciseDuration: Duration { counted }

    /// When the shown whole seconds next change (or the stretch ends). `nil` when nothing moves
    /// (held or finished); `now` when a stretch has ended and waits for `advance(to:)`.
    public func nextChange(after now: Instant) -> Instant? {
        guard let end else { return nil }
        return timer.nextChange(after: now) ?? (now >= end ? now : nil)
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
