import Foundation
import Records
import TermUI
import Testing

@testable import HIIT

/// The countdown ends on the clock alone, and what every key does once it has.
@Suite struct TimesUpTests {
    /// A workout whose first exercise has just reached zero (30 s, no get-ready).
    static func atTimesUp(size: Size = Size(width: 80, height: 24)) -> Harness {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0), size: size)
        harness.press(.enter)
        harness.press(.enter)
        harness.run(for: .seconds(30))
        return harness
    }

    @Test func minusWhileRunningStopsAtTheSameFloorAsBeforeStart() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.enter)
        harness.type("-----")
        #expect(harness.workout.intervals[0].work == 5, "before Start")
        harness.type("+++")
        harness.press(.enter)
        harness.wait(.seconds(1))
        harness.type("---")
        // 34 → 24 → 14 → 5: never 0, never "Time's up!".
        #expect(harness.workout.timeLeft(at: harness.now) == .seconds(5), "while running")
        #expect(!harness.workout.canFinish)
        #expect(harness.saved.isEmpty)
        harness.press(.enter)
        #expect(harness.workout.page == .exercise(0), "Done is refused until the clock reaches zero")
        harness.wait(.seconds(4))
        #expect(harness.saved.isEmpty, "1 s still left")
        harness.wait(.seconds(1))
        #expect(harness.saved.map(\.duration) == [6], "the time the clock really ran")
    }

    @Test func minusInTheLastSecondsChangesNothing() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.enter)
        harness.press(.enter)
        harness.wait(.seconds(27))
        harness.press(.character("-"))
        #expect(harness.workout.timeLeft(at: harness.now) == .seconds(3))
        #expect(harness.saved.isEmpty)
    }

    @Test func theExerciseIsSavedAtZeroBeforeAnyKey() {
        let harness = Self.atTimesUp()
        #expect(harness.saved.map(\.exercise) == ["Squat"])
        #expect(harness.workout.statusText == "Time's up! Saved · Done: next")
    }

    @Test func spaceAtTimesUpDoesNothingAndSavesNothingMore() {
        var harness = Self.atTimesUp()
        harness.outputs = []
        #expect(harness.press(.character(" ")).isEmpty)
        #expect(harness.workout.page == .exercise(0), "a late Space (meant as Pause) does not leave the page")
        #expect(harness.frame().last?.contains("Enter Done") == true)
    }

    @Test func enterAndDMoveOnWithoutSavingTwice() {
        for key in [Key.enter, .character("d")] {
            var harness = Self.atTimesUp()
            harness.press(key)
            #expect(harness.workout.page == .exercise(1), "\(key.name)")
            #expect(harness.saved.count == 1, "\(key.name)")
        }
    }

    @Test func arrowsNumbersAndQKeepTheFinishedExercise() {
        let keys: [Key] = [.right, .left, .character("3"), .character("0"), .home, .end, .character("q"), .escape]
        for key in keys {
            var harness = Self.atTimesUp()
            harness.press(key)
            #expect(harness.saved.map(\.exercise) == ["Squat"], "\(key.name): nothing is discarded")
            #expect(harness.workout.sheet == nil, "\(key.name): no question, nothing is left to lose")
        }
    }

    @Test func aRatingGivenBeforeDoneIsKeptAtOnce() {
        var harness = Harness()
        harness.press(.enter)
        let outputs = harness.press(.character("]"))
        #expect(outputs == [.keepRatings(["Squat": 1])], "kept before any Start or Done")
        harness.type("]]")
        #expect(harness.outputs.last == .keepRatings(["Squat": 3]))
        // Opened again with what was kept: the rating is back.
        let again = HIITWorkout(
            history: .success([]), ratings: ["Squat": 3], wallClock: { date() }, calendar: utcCalendar)
        #expect(again.ratings["Squat"] == 3)
    }

    @Test func aKeptRatingIsNewerThanTheHistorys() {
        let past = [session("Squat", on: date(days: -1), rating: 2, number: 1)]
        let workout = HIITWorkout(
            history: .success(past), ratings: ["Squat": 5, "Burpee": 9], wallClock: { date() },
            calendar: utcCalendar)
        #expect(workout.ratings["Squat"] == 5)
        #expect(workout.ratings["Burpee"] == nil, "a rating out of range is not shown")
    }

    @Test func ratingMarksStayDistinctInASCII() {
        var harness = Harness()
        harness.press(.enter)
        harness.type("]]]")
        let line = harness.workout.ratingLine.text
        #expect(line.hasPrefix("Rating ★ ★ ★ ☆ ☆"))
        #expect(ASCIIFallback.string(line).hasPrefix("Rating * * * . ."))
    }

    @Test func tabataIsTwentyTenTimesEightWhateverTheLength() {
        let configuration = HIITWorkout.Configuration(exerciseLength: 3, usesTabata: true)
        #expect(configuration.intervals(forExercise: 0) == .tabata)
        var harness = Harness(configuration: HIITWorkout.Configuration(exerciseLength: 3))
        harness.press(.enter)
        #expect(harness.workout.intervals[0] == .single(seconds: 3))
        harness.press(.character("t"))
        #expect(harness.workout.intervals[0] == Intervals(work: 20, rest: 10, rounds: 8))
    }
}
