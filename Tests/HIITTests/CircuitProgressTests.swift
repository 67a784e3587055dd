import Foundation
import Records
import TermUI
import Testing

@testable import HIIT

/// What is done today, where the workout reopens, the High Five and the history's days.
@Suite struct CircuitProgressTests {
    /// Starts the exercise on screen and runs its countdown to zero.
    static func finish(_ harness: inout Harness) {
        harness.press(.character("s"))
        harness.run(for: .seconds(40))
    }

    @Test func thePageBarMarksWhatIsDoneToday() {
        let past = [
            session("Squat", on: date(hour: 7), number: 1),
            session("Burpee", on: date(days: -1), number: 2),
        ]
        var harness = Harness(history: .success(past))
        #expect(harness.frame()[0].contains(" 1✓ "), "done this morning")
        #expect(!harness.frame()[0].contains("3✓"), "yesterday's does not count")
        harness.press(.character("2"))
        Self.finish(&harness)
        #expect(harness.workout.doneToday == ["Squat", "Step Up"])
        #expect(harness.frame()[0].contains(" 2✓ "))
    }

    @Test func leavingKeepsThePageAndTheWorkoutReopensThere() {
        var harness = Harness()
        harness.press(.character("3"))
        #expect(harness.press(.character("q")) == [.keepPage(3), .effect(.quit)])
        var hungUp = Harness()
        hungUp.press(.character("2"))
        #expect(hungUp.send(.terminate) == [.keepPage(2)])
        let reopened = HIITWorkout(history: .success([]), page: 3, wallClock: { date() }, calendar: utcCalendar)
        #expect(reopened.page == .exercise(2))
        let gone = HIITWorkout(history: .success([]), page: 9, wallClock: { date() }, calendar: utcCalendar)
        #expect(gone.page == .welcome, "a page the circuit no longer has opens Welcome")
    }

    @Test func theHighFiveWaitsForTheWholeCircuit() {
        var harness = Harness(configuration: HIITWorkout.Configuration(exerciseLength: 10, getReadySeconds: 0))
        harness.press(.character("4"))
        Self.finish(&harness)
        harness.press(.enter)
        #expect(harness.workout.sheet == nil, "one exercise of four is not the end")
        #expect(harness.workout.page == .exercise(0), "the first not done is next")
        for _ in 0..<3 {
            harness.press(.character("]"))
            Self.finish(&harness)
            harness.press(.enter)
        }
        #expect(harness.workout.sheet == .highFive)
        let summary = harness.workout.highFiveSummary
        #expect(summary?.headline == "4 exercises in 0:40 · streak 1 day")
        #expect(summary?.ratingsLine == "Rated: Squat 1, Step Up 1, Burpee 1, Sun Salute –")
        let frame = harness.frame()
        #expect(frame.contains { $0.contains("4 exercises in 0:40 · streak 1 day") })
        #expect(!frame.contains { $0.contains("See you tomorrow") })
    }

    @Test func theStreakCountsDaysInARowUpToToday() {
        let days = [0, -1, -2, -4].enumerated().map { session("Squat", on: date(days: $1), number: $0) }
        #expect(HistorySummary.streak(of: days, today: date(), calendar: utcCalendar) == 3)
        #expect(HistorySummary.streak(of: Array(days.dropFirst()), today: date(), calendar: utcCalendar) == 2)
        #expect(HistorySummary.streak(of: [], today: date(), calendar: utcCalendar) == 0)
    }

    @Test func historyRowsCountTimeAndRateEachDay() {
        let past = [
            session("Squat", on: date(hour: 7), rating: 4, number: 1),
            session("Burpee", on: date(hour: 8), number: 2),
            session("Squat", on: date(hour: 9), rating: 3, number: 3),
            session("Burpee", on: date(days: -1), number: 4),
        ]
        var harness = Harness(history: .success(past))
        harness.press(.character("h"))
        let frame = harness.frame()
        #expect(frame.contains { $0.contains("Today        3  1:30  ★3.5  Squat ×2, Burpee") })
        #expect(frame.contains { $0.contains("Yesterday    1  0:30  ★ –  Burpee") })
        #expect(!frame.contains { $0.contains("Squat, Burpee, Squat") })
    }

    @Test func aClockOfWholeSeconds() {
        #expect(HistorySummary.clock(59.9) == "0:59")
        #expect(HistorySummary.clock(3725) == "1:02:05")
        #expect(String(3.25, fractionDigits: 1) == "3.3")
    }
}
