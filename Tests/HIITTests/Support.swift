import Foundation
import HIIT
import Records
import Synchronization
import TermUI
import Testing

/// A wall clock a test sets by hand.
final class TestWallClock: Sendable {
    private let current: Mutex<Date>

    init(_ date: Date) { current = Mutex(date) }

    var now: Date { current.withLock { $0 } }

    func set(_ date: Date) { current.withLock { $0 = date } }

    /// The clock as the closure the workout takes.
    var reader: @Sendable () -> Date { { [self] in self.now } }
}

/// Identifiers 00000000-0000-0000-0000-000000000001, …02, … in order.
final class SequentialIdentifiers: Sendable {
    private let next = Mutex(1)

    var maker: @Sendable () -> UUID {
        { [self] in
            let number = self.next.withLock { value in
                defer { value += 1 }
                return value
            }
            return Self.identifier(number)
        }
    }

    static func identifier(_ number: Int) -> UUID {
        let hex = String(number, radix: 16)
        let text = "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - hex.count) + hex
        return UUID(uuidString: text) ?? UUID()
    }
}

/// A Gregorian calendar in UTC, so days do not depend on where the tests run.
let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
}()

/// 2025-03-05 (a Wednesday) at `hour`:`minute` UTC, moved by `days`.
func date(days: Int = 0, hour: Int = 9, minute: Int = 0) -> Date {
    Date(timeIntervalSince1970: 1_741_132_800 + Double(days * 86_400 + hour * 3600 + minute * 60))
}

/// A workout, its clocks and everything it asked for, driven one step at a time.
struct Harness {
    var workout: HIITWorkout
    var now = Instant(nanoseconds: 1_000_000_000_000)
    let wallClock: TestWallClock
    var outputs: [HIITWorkout.Output] = []

    init(
        configuration: HIITWorkout.Configuration = HIITWorkout.Configuration(),
        history: Result<[HIITSession], any Error> = .success([]), size: Size = Size(width: 80, height: 24),
        today: Date = date()
    ) {
        wallClock = TestWallClock(today)
        workout = HIITWorkout(
            configuration: configuration, history: history, wallClock: wallClock.reader, calendar: utcCalendar,
            makeIdentifier: SequentialIdentifiers().maker)
        send(.resize(size))
        outputs = []
    }

    /// Hands the workout `event` now and keeps what it returned.
    @discardableResult
    mutating func send(_ event: Event) -> [HIITWorkout.Output] {
        let result = workout.handle(event, at: now)
        outputs += result
        return result
    }

    @discardableResult
    mutating func press(_ key: Key) -> [HIITWorkout.Output] { send(.key(key)) }

    @discardableResult
    mutating func type(_ text: String) -> [HIITWorkout.Output] {
        text.flatMap { send(.key(.character($0))) }
    }

    @discardableResult
    mutating func click(_ point: Point) -> [HIITWorkout.Output] {
        send(.mouse(MouseEvent(.press, at: point))) + send(.mouse(MouseEvent(.release, at: point)))
    }

    /// Moves the monotonic clock on by `duration` and delivers a tick, as the run loop does when
    /// the deadline has passed.
    @discardableResult
    mutating func wait(_ duration: Duration) -> [HIITWorkout.Output] {
        now = now + duration
        return send(.tick)
    }

    /// Moves the clock to each deadline the workout asks for, ticking there, until `duration`
    /// has passed; returns every output.
    @discardableResult
    mutating func run(for duration: Duration) -> [HIITWorkout.Output] {
        let end = now + duration
        var result: [HIITWorkout.Output] = []
        while let deadline = workout.nextDeadline(after: now), deadline <= end {
            now = max(now, deadline)
            result += send(.tick)
        }
        now = end
        result += send(.tick)
        return result
    }

    /// Sessions saved so far, in order.
    var saved: [HIITSession] {
        outputs.compactMap { output in
            if case .save(let session) = output { return session }
            return nil
        }
    }

    var bells: Int { outputs.filter { $0 == .effect(.bell) }.count }

    /// The screen as text rows, trailing spaces trimmed.
    func frame() -> [String] { canvas().lines() }

    func canvas() -> Canvas {
        var composition = Composition(size: workout.size)
        workout.render(into: &composition, at: now)
        return composition.flatten()
    }
}

/// A completed session of `exercise` on `day`.
func session(
    _ exercise: String, on day: Date, rating: Int? = nil, number: Int, completed: Bool = true
) -> HIITSession {
    HIITSession(
        id: SequentialIdentifiers.identifier(1000 + number), exercise: exercise, startedAt: day, duration: 30,
        completed: completed, rating: rating)
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String
}
