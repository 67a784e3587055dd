import HIIT
import TermUI
import Testing

/// The countdown on its own: deadlines, stretches, holds and bells.
@Suite struct CountdownTests {
    let start = Instant(nanoseconds: 5_000_000_000)

    @Test func stretchesChainFromTheirDeadlinesNotFromLateTicks() {
        var countdown = Countdown(intervals: Intervals(work: 20, rest: 10, rounds: 2), getReady: 3, at: start)
        #expect(countdown.stretch == .getReady)
        #expect(countdown.secondsLeft(at: start) == 3)
        // A tick 4.9 s late: the first round began at 3 s, not at 7.9 s.
        let rang = countdown.advance(to: start + .milliseconds(7_900))
        #expect(rang)
        #expect(countdown.stretch == .work(round: 1))
        #expect(countdown.end == start + .seconds(23))
        #expect(countdown.timeLeft(at: start + .milliseconds(7_900)) == .milliseconds(15_100))
        // One very late tick crosses work, rest and part of the next round.
        _ = countdown.advance(to: start + .seconds(40))
        #expect(countdown.stretch == .work(round: 2))
        #expect(countdown.end == start + .seconds(53))
        _ = countdown.advance(to: start + .seconds(53))
        #expect(countdown.isFinished)
        #expect(countdown.timeLeft(at: start + .seconds(90)) == .zero)
        #expect(countdown.exerciseDuration == .seconds(50))
        #expect(countdown.nextChange(after: start + .seconds(90)) == nil)
    }

    @Test func secondsLeftRoundUpAndTheNextChangeIsOnTheWholeSecond() {
        let countdown = Countdown(intervals: .single(seconds: 30), getReady: 0, at: start)
        #expect(countdown.secondsLeft(at: start) == 30)
        #expect(countdown.secondsLeft(at: start + .milliseconds(1)) == 30)
        #expect(countdown.secondsLeft(at: start + .seconds(1)) == 29)
        #expect(countdown.secondsLeft(at: start + .milliseconds(29_999)) == 1)
        #expect(countdown.nextChange(after: start) == start + .seconds(1))
        #expect(countdown.nextChange(after: start + .milliseconds(1_001)) == start + .seconds(2))
        #expect(countdown.nextChange(after: start + .milliseconds(29_500)) == start + .seconds(30))
    }

    @Test func holdsStackAndOnlyTheLastReleaseMovesTheDeadline() {
        var countdown = Countdown(intervals: .single(seconds: 30), getReady: 0, at: start)
        countdown.hold(.paused, at: start + .seconds(5))
        countdown.hold(.suspended, at: start + .seconds(6))
        countdown.release(.suspended, at: start + .seconds(60))
        #expect(countdown.isHeld)
        #expect(countdown.timeLeft(at: start + .seconds(70)) == .seconds(25))
        let rang = countdown.advance(to: start + .seconds(100))
        #expect(!rang, "nothing moves while held")
        countdown.release(.paused, at: start + .seconds(100))
        #expect(countdown.end == start + .seconds(125))
        #expect(countdown.timeLeft(at: start + .seconds(100)) == .seconds(25))
        _ = countdown.advance(to: start + .seconds(125))
        #expect(countdown.exerciseDuration == .seconds(30))
    }

    @Test func takingTimeAwayStopsAtFiveSecondsAndNeverEndsAStretch() {
        var countdown = Countdown(intervals: .single(seconds: 30), getReady: 0, at: start)
        countdown.adjust(bySeconds: -45, at: start + .seconds(2))
        #expect(countdown.timeLeft(at: start + .seconds(2)) == .seconds(5))
        _ = countdown.advance(to: start + .seconds(2))
        #expect(!countdown.isFinished)
        countdown.adjust(bySeconds: -10, at: start + .seconds(4))
        #expect(countdown.timeLeft(at: start + .seconds(4)) == .seconds(3), "under 5 s, `-` changes nothing")
        let rang = countdown.advance(to: start + .seconds(7))
        #expect(rang)
        #expect(countdown.isFinished)
        #expect(countdown.exerciseDuration == .seconds(7))
    }

    @Test func intervalsClampWhatTheyAreGiven() {
        #expect(Intervals(work: 0, rest: -3, rounds: 0) == Intervals(work: 1, rest: 0, rounds: 1))
        #expect(Intervals(work: 10_000).work == 5999)
        #expect(Intervals.tabata.description == "8 × 20 s work, 10 s rest")
        #expect(Intervals.single(seconds: 30).description == "30 s")
        #expect(Intervals.single(seconds: 12).addingWork(seconds: -10).work == 5)
        #expect(Intervals.single(seconds: 3).addingWork(seconds: -10).work == 3)
    }

    @Test func demonstrationPosesFollowTheirBeats() {
        let demonstration = Demonstration.squat
        #expect(demonstration.size == Size(width: 9, height: 5))
        #expect(demonstration.playingTime == .milliseconds(5_000))
        #expect(demonstration.pose(after: .milliseconds(374)) == 0)
        #expect(demonstration.pose(after: .milliseconds(375)) == 1)
        #expect(demonstration.pose(after: .milliseconds(1_249)) == 3)
        #expect(demonstration.pose(after: .milliseconds(1_250)) == 0)
        #expect(demonstration.pose(after: .seconds(6)) == 0)
        #expect(
            demonstration.nextChange(startedAt: start, after: start + .milliseconds(400)) == start + .milliseconds(625))
        #expect(demonstration.nextChange(startedAt: start, after: start + .seconds(5)) == nil)
        for figure in [Demonstration.squat, .stepUp, .burpee, .sunSalute, .welcome] {
            #expect(figure.poses.allSatisfy { $0.rows.count == 5 && $0.rows.allSatisfy { $0.count == 9 } })
        }
    }
}
