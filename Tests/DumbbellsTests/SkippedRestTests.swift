import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// A rest skipped after a saved set is saved as ended (a command), and a workout carried on
/// after a cut does not run that rest again.
@Suite struct SkippedRestTests {
    /// The rest-end commands among `outputs`.
    private func restEnds(_ outputs: [DumbbellsWorkout.Output]) -> [(UUID, Date)] {
        outputs.compactMap { if case .save(.dumbbellRestEnd(let id, let date)) = $0 { (id, date) } else { nil } }
    }

    @Test func skippingTheRestAfterASetSavesWhenItEnded() throws {
        var harness = Harness(autoRest: true)
        harness.doSet("12", "10")  // 40 s from the workout's start
        #expect(harness.workout.pill.kind == .countdown)
        harness.wait(.seconds(5))
        let outputs = harness.press(.escape)
        #expect(harness.workout.pill == .start)
        let id = try #require(harness.workout.workoutID)
        let ends = restEnds(outputs)
        #expect(ends.count == 1)
        #expect(ends.first?.0 == id)
        #expect(ends.first?.1 == testDate.addingTimeInterval(45))
    }

    @Test func eachWayOfEndingARestEarlySavesIt() {
        // s, Enter and a rest shortened to nothing end it early like Escape.
        for keys: [Key] in [[.character("s")], [.enter], [.character("-"), .character("-"), .character("-")]] {
            var harness = Harness(autoRest: true)
            harness.doSet("12", "10")
            harness.wait(.seconds(50))
            var outputs: [DumbbellsWorkout.Output] = []
            for key in keys { outputs += harness.press(key) }
            #expect(harness.workout.pill == .start, "\(keys)")
            #expect(restEnds(outputs).count == 1, "\(keys): \(outputs)")
        }
    }

    @Test func aRestThatRunsOutIsNotSaved() {
        var harness = Harness(autoRest: true)
        harness.doSet("12", "10")
        let outputs = harness.wait(.seconds(90))
        #expect(harness.workout.pill == .start)
        #expect(restEnds(outputs).isEmpty, "a carried-on rest that ran out is over anyway")
    }

    @Test func aRestBeforeAnythingIsSavedSavesNothing() {
        var harness = Harness()
        harness.press(.character("r"))  // the rest picker, before set 1
        harness.press(.enter)
        #expect(harness.workout.pill.kind == .countdown)
        #expect(restEnds(harness.press(.escape)).isEmpty)
    }

    @Test func aRestSkippedBeforeTheCutDoesNotRunAgainAndTheNextSetCountsWhatWasTaken() {
        var cut = ResumeTests.cutOff(lastFinishedAgo: 60)
        // Set 2 ended 60 s ago; its rest was skipped 20 s into it.
        cut.restEndedAt = testDate.addingTimeInterval(-40)
        var harness = ResumeTests.carriedOn([cut])
        #expect(harness.workout.restSecondsLeft(at: harness.now) == nil)
        #expect(harness.workout.pill == .start)
        harness.doSet("16", "6")
        #expect(harness.savedSets.last?.restBefore == 20)
    }

    @Test func aSkipOfAnEarlierRestDoesNotEndTheRestAfterTheLastSet() {
        var cut = ResumeTests.cutOff(lastFinishedAgo: 60)
        cut.restEndedAt = testDate.addingTimeInterval(-70)  // the rest after set 1
        let harness = ResumeTests.carriedOn([cut])
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 30, "90 s of rest, 60 s gone")
    }
}
