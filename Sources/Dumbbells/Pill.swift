import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The set whose timer runs: which row, and when it started on both clocks.
public struct RunningSet: Hashable, Sendable {
    /// The row, from 0.
    public var index: Int
    /// When Start was pressed, on the monotonic clock: the elapsed time counts from here.
    public var startedAt: Instant
    /// When Start was pressed, on the wall clock: what the saved set records.
    public var startedOn: Date
    /// The rest taken since the previous set finished (`nil` for set 1), in seconds.
    public var restBefore: TimeInterval?
    /// Rest taken while this set's timer ran: not part of the set's time.
    public var restTaken = Duration.zero

    /// A set started at `startedAt` (monotonic) and `startedOn` (wall clock).
    public init(index: Int, startedAt: Instant, startedOn: Date, restBefore: TimeInterval?) {
        self.index = index
        self.startedAt = startedAt
        self.startedOn = startedOn
        self.restBefore = restBefore
    }
}

/// The pill state a rest was taken from, which it returns to when the rest ends or is skipped.
public enum RestOrigin: Hashable, Sendable {
    /// Entering data with "Start set N" on the pill (also after a set was finished).
    case start
    /// Entering data with the number pad on the pill.
    case keypad
    /// While a set's timer runs (it keeps running through the rest).
    case active(RunningSet)

    /// The pill to return to.
    public var pill: Pill {
        switch self {
        case .start: .start
        case .keypad: .keypad
        case .active(let running): .active(running)
        }
    }
}

/// The rest lengths on offer, a length typed, and "No rest"; one of them has the focus.
public struct RestPicker: Hashable, Sendable {
    /// The item with the focus: a preset's index, `presets.count` for the typed length, or
    /// `presets.count + 1` for "No rest".
    public var focus: Int
    /// Where the pill returns to.
    public var origin: RestOrigin
    /// Any length typed, in seconds ("75") or minutes and seconds ("1:15"): a `TextField` under
    /// the spreadsheet rule, holding the exercise's rest until the first character replaces it.
    public var length: TextField

    /// The most characters a typed length takes ("60:00").
    public static let lengthLimit = 5

    /// A picker with the first length focused, returning to `origin`; the typed length starts
    /// as `seconds`.
    public init(focus: Int = 0, origin: RestOrigin, seconds: Int = DumbbellsSettings.defaultRest) {
        self.focus = focus
        self.origin = origin
        length = TextField(Self.text(seconds), limit: Self.lengthLimit)
    }

    /// "90", or "1:30" from a minute and a half.
    static func text(_ seconds: Int) -> String {
        seconds < 60 ? "\(seconds)" : "\(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
    }

    /// The typed length in seconds, or why it is no rest length: seconds ("75") or minutes and
    /// seconds ("1:15"), within `ValueLimits.restSeconds`.
    public static func seconds(_ text: String) -> Result<Int, RestLengthProblem> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        let bounds = ValueLimits.restSeconds
        guard !text.isEmpty, parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == parts.count
        else { return .failure(.notANumber) }
        if numbers.count == 2, numbers[1] >= 60 { return .failure(.notANumber) }
        let seconds = numbers.count == 2 ? numbers[0] * 60 + numbers[1] : numbers[0]
        guard bounds.contains(seconds) else { return .failure(.outOfRange) }
        return .success(seconds)
    }
}

/// Why a typed rest length cannot be taken.
public enum RestLengthProblem: Error, Hashable, Sendable {
    case notANumber, outOfRange

    /// What the member reads.
    public var message: String {
        let bounds = ValueLimits.restSeconds
        switch self {
        case .notANumber: return "A rest is seconds (75) or minutes:seconds (1:15)"
        case .outOfRange:
            return "A rest is \(bounds.lowerBound) s to \(bounds.upperBound / 60) min"
        }
    }
}

/// A rest being counted down: TermUI's `PausableTimer`, which a rest never holds (a rest is
/// real time: it runs on through a suspension, a lost focus and a sheet).
public struct RestCountdown: Hashable, Sendable {
    /// The length of the rest in seconds, as chosen and lengthened or shortened since.
    public private(set) var seconds: Int
    /// When it started.
    public let startedAt: Instant
    /// The time left, counting down.
    public private(set) var timer: PausableTimer
    /// Where the pill returns to.
    public var origin: RestOrigin

    /// The step of `+` and `-` during a rest.
    public static let step = 15

    /// A rest of `seconds` that started at `startedAt` and ends at `endsAt` (on a tick of the
    /// workout's clock, so both share one wake-up a second).
    public init(seconds: Int, startedAt: Instant, endsAt: Instant, origin: RestOrigin) {
        self.seconds = seconds
        self.startedAt = startedAt
        self.origin = origin
        timer = PausableTimer(length: max(.zero, endsAt - startedAt))
        timer.start(at: startedAt)
    }

    /// When it ends (the bell rings).
    public var endsAt: Instant {
        switch timer.state {
        case .running(let endsAt): return endsAt
        case .ready, .held, .stopped: return startedAt + timer.length
        }
    }

    /// Whole seconds left at `now`, rounded up (the bell rings at 0).
    public func secondsLeft(at now: Instant) -> Int { timer.secondsLeft(at: now) }

    /// The rest `by` seconds longer (or shorter) from `now`: its end moves by that much, its
    /// length with it, never past `ValueLimits.restSeconds`' longest rest left nor before `now`.
    public mutating func adjust(by change: Int, at now: Instant) {
        let left = timer.remaining(at: now)
        let longest = Duration.seconds(ValueLimits.restSeconds.upperBound)
        let wanted = min(longest, max(.zero, left + .seconds(change)))
        let applied = wanted - left
        seconds = max(0, seconds + Int(applied.components.seconds))
        timer = PausableTimer(length: wanted)
        timer.start(at: now)
    }
}

/// The morphing pill at the bottom of the screen: exactly one of five states.
public enum Pill: Hashable, Sendable {
    /// "Start set N", offered once the current set has its weight and reps.
    case start
    /// The set's timer runs, with Finish.
    case active(RunningSet)
    /// The number pad: 0–9, decimal point, backspace, Next (and Done).
    case keypad
    /// Rest lengths to choose from.
    case restPicker(RestPicker)
    /// A rest counting down, with a bar emptying and Skip.
    case countdown(RestCountdown)

    /// The five states without their data.
    public enum Kind: Hashable, Sendable, CaseIterable {
        case start, active, keypad, restPicker, countdown
    }

    /// Which of the five states this is.
    public var kind: Kind {
        switch self {
        case .start: .start
        case .active: .active
        case .keypad: .keypad
        case .restPicker: .restPicker
        case .countdown: .countdown
        }
    }

    /// The set whose timer runs, whether on the pill or behind a rest taken during it.
    public var runningSet: RunningSet? {
        switch self {
        case .active(let running): running
        case .restPicker(let picker): picker.origin.runningSet
        case .countdown(let countdown): countdown.origin.runningSet
        case .start, .keypad: nil
        }
    }
}

extension RestOrigin {
    /// The set whose timer runs behind the rest, if any.
    var runningSet: RunningSet? {
        if case .active(let running) = self { return running }
        return nil
    }
}

/// The pill's change from one look to another: its width and content move over `duration`
/// with an easing curve; the old content shows for the first half, the new for the second.
struct Morph: Hashable, Sendable {
    /// How long a morph takes.
    static let duration = Duration.milliseconds(250)
    /// Time between frames while morphing (30 a second).
    static let frameInterval = Duration.nanoseconds(33_333_333)

    /// The look being left.
    var from: PillFace
    /// The width the pill had when the morph began (mid-morph, the width it had reached).
    var fromWidth: Int
    var startedAt: Instant

    var endsAt: Instant { startedAt + Self.duration }

    /// How far along the morph is at `now`, 0...1, before easing.
    func progress(at now: Instant) -> Double {
        let elapsed = Double((now - startedAt).totalNanoseconds)
        return min(1, max(0, elapsed / Double(Self.duration.totalNanoseconds)))
    }

    /// Cubic ease-in-out: slow at both ends.
    static func eased(_ progress: Double) -> Double {
        let rest = 2 - 2 * progress
        return progress < 0.5 ? 4 * progress * progress * progress : 1 - rest * rest * rest / 2
    }

    /// The pill's width at `now`, on its way from `fromWidth` to `target`.
    func width(towards target: Int, at now: Instant) -> Int {
        let eased = Self.eased(progress(at: now))
        return fromWidth + Int((Double(target - fromWidth) * eased).rounded())
    }

    /// The next frame after `now`, or `nil` once the morph is over.
    func nextFrame(after now: Instant) -> Instant? {
        guard now < endsAt else { return nil }
        let interval = Self.frameInterval.totalNanoseconds
        let elapsed = max(0, (now - startedAt).totalNanoseconds)
        let next = startedAt + .nanoseconds((elapsed / interval + 1) * interval)
        return min(next, endsAt)
    }
}
