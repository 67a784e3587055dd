import Foundation
import HIIT
import Records
import Synchronization
import TermUI
import TestSupport
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

/// A HIIT workout driven by a test clock (TestSupport's `WorkoutDriver`).
typealias Harness = WorkoutDriver<HIITWorkout>

extension WorkoutDriver where Model == HIITWorkout {
    /// - Parameter wallClock: the date the workout reads as now; `today` when not given.
    init(
        configuration: HIITWorkout.Configuration = HIITWorkout.Configuration(),
        history: Result<[HIITSession], any Error> = .success([]), size: Size = Size(width: 80, height: 24),
        today: Date = date(), wallClock: TestWallClock? = nil
    ) {
        let clock = wallClock ?? TestWallClock(today)
        self.init(
            HIITWorkout(
                configuration: configuration, history: history, wallClock: clock.reader, calendar: utcCalendar,
                makeIdentifier: SequentialIdentifiers().maker),
            size: size)
        outputs = []
    }

    /// Sessions saved so far, in order.
    var saved: [HIITSession] {
        outputs.compactMap { output in
            if case .save(.hiitExercise(let session)) = output { return session }
            return nil
        }
    }

    var bells: Int { outputs.filter { $0 == .effect(.bell) }.count }

    /// From Welcome, every exercise of the circuit: Start, the whole countdown, Done; the High
    /// Five shows after the last.
    mutating func doTheWholeCircuit() {
        press(.enter)
        for _ in workout.exercises {
            press(.enter)
            run(for: .seconds(100))
            press(.enter)
        }
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
