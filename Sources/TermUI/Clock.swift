import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A point on a monotonic clock, in nanoseconds from an arbitrary origin. Every timer in TermFit
/// is a deadline of this type: a late tick never stretches a countdown.
public struct Instant: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = Instant(nanoseconds: 0)

    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    public static func + (lhs: Instant, rhs: Duration) -> Instant {
        Instant(nanoseconds: lhs.nanoseconds + rhs.totalNanoseconds)
    }

    public static func - (lhs: Instant, rhs: Duration) -> Instant {
        Instant(nanoseconds: lhs.nanoseconds - rhs.totalNanoseconds)
    }

    /// The time from `other` to this instant (negative if `other` is later).
    public static func - (lhs: Instant, rhs: Instant) -> Duration {
        .nanoseconds(lhs.nanoseconds - rhs.nanoseconds)
    }

    public var description: String { "\(Double(nanoseconds) / 1e9)s" }
}

extension Duration {
    /// The whole duration in nanoseconds (saturating far outside any timer's range).
    public var totalNanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The duration in (fractional) seconds.
    public var seconds: Double { Double(totalNanoseconds) / 1e9 }
}

/// A source of monotonic time. Scenes never read the clock themselves: the run loop passes `now`
/// into every call, so tests drive them with a `ManualClock`.
public protocol MonotonicClock: Sendable {
    var now: Instant { get }
}

/// The system's monotonic clock (CLOCK_MONOTONIC).
public struct SystemClock: MonotonicClock {
    public init() {}

    public var now: Instant {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Instant(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }
}

/// A clock that moves only when a test says so.
public final class ManualClock: MonotonicClock {
    private let current: Mutex<Instant>

    public init(_ start: Instant = .zero) { current = Mutex(start) }

    public var now: Instant { current.withLock { $0 } }

    /// Moves the clock forward by `duration`.
    public func advance(by duration: Duration) {
        current.withLock { $0 = $0 + duration }
    }

    /// Moves the clock to `instant` (never backwards).
    public func advance(to instant: Instant) {
        current.withLock { $0 = max($0, instant) }
    }
}
