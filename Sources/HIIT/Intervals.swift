import Records

/// How one exercise is timed: `rounds` stretches of `work` seconds with `rest` seconds between
/// them (none after the last round). A plain countdown is one round without rest.
public struct Intervals: Hashable, Sendable, CustomStringConvertible {
    /// Seconds of work in each round, within `lengthRange`.
    public private(set) var work: Int
    /// Seconds of rest between two rounds, from 0 up to the top of `lengthRange`.
    public private(set) var rest: Int
    /// How many rounds of work, at least 1.
    public private(set) var rounds: Int

    /// The lengths a work stretch may have, in seconds (up to 99:59 on the big digits).
    public static let lengthRange = ValueLimits.countdownSeconds
    /// The fewest seconds `-` leaves in a work stretch, before Start and while it runs: a
    /// countdown ends on the clock, never on a key.
    public static let shortestAdjusted = 5
    /// The most rounds an exercise may have.
    public static let roundRange = ValueLimits.circuitRounds

    /// Intervals of `work` seconds, `rest` seconds between rounds and `rounds` rounds; each value
    /// is clamped to what TermFit accepts.
    public init(work: Int, rest: Int = 0, rounds: Int = 1) {
        self.work = work.clamped(to: Self.lengthRange)
        self.rest = rest.clamped(to: 0...Self.lengthRange.upperBound)
        self.rounds = rounds.clamped(to: Self.roundRange)
    }

    /// One round of `seconds` seconds: a plain countdown.
    public static func single(seconds: Int) -> Intervals { Intervals(work: seconds) }

    /// The Tabata preset: 8 rounds of 20 seconds of work and 10 seconds of rest.
    public static let tabata = Intervals(work: 20, rest: 10, rounds: 8)

    /// Whether this is more than a plain countdown.
    public var hasRounds: Bool { rounds > 1 }

    /// These intervals with `seconds` added to the work stretch (or taken away, when negative).
    /// A shorter stretch stops at ``shortestAdjusted`` seconds, or at its length when it is
    /// already shorter.
    public func addingWork(seconds: Int) -> Intervals {
        let floor = min(work, Self.shortestAdjusted)
        return Intervals(work: max(floor, work + seconds), rest: rest, rounds: rounds)
    }

    /// "30 s", or "8 × 20 s work, 10 s rest".
    public var description: String {
        guard hasRounds else { return "\(work) s" }
        return rest > 0 ? "\(rounds) × \(work) s work, \(rest) s rest" : "\(rounds) × \(work) s"
    }
}

extension Comparable {
    /// This value brought into `range`.
    func clamped(to range: ClosedRange<Self>) -> Self {
        min(max(self, range.lowerBound), range.upperBound)
    }
}
