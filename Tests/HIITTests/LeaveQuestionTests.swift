import HIIT
import TermUI
import Testing

extension Harness {
    /// The leave question on screen, if it is.
    var question: ConfirmSheet? {
        if case .leave(let question) = workout.sheet { return question }
        return nil
    }
}

/// q and Esc ask before leaving drops a countdown; y or Enter leave as before, n or Esc stay.
@Suite struct LeaveQuestionTests {
    @Test func withNothingInProgressLeavingIsImmediate() {
        var harness = Harness()
        #expect(harness.press(.character("q")).last == .effect(.quit), "the Welcome page")
        harness.press(.enter)  // Get Started: Squat, before Start
        #expect(harness.workout.leaveQuestion == nil)
        #expect(harness.press(.escape).last == .effect(.quit))
        #expect(harness.question == nil)
    }

    @Test func theLeadInAsksAndTheCountdownRunsOnUnderTheQuestion() {
        var harness = Harness()
        harness.press(.enter)
        harness.press(.enter)  // Start: the 3-2-1
        #expect(harness.press(.character("q")).isEmpty)
        #expect(harness.workout.pendingQuestion == "Leave? Squat in progress is not saved.")
        #expect(harness.frame().contains { $0.contains("Squat in progress is not saved.") })
        #expect(harness.frame().last == "y Leave  n Stay")
        harness.run(for: .seconds(5))
        #expect(harness.workout.countdown?.stretch == .work(round: 1), "the lead-in ended under the question")
        #expect(harness.workout.timeLeft(at: harness.now) == .seconds(28))
        let countdown = harness.workout.countdown
        harness.press(.character("n"))
        #expect(harness.question == nil)
        #expect(harness.workout.countdown == countdown, "not paused, not reset")
        harness.press(.escape)
        #expect(harness.question != nil, "Esc asks too")
        harness.press(.escape)
        #expect(harness.question == nil, "and Esc on the question stays")
        harness.press(.character("q"))
        #expect(harness.press(.character("y")).last == .effect(.quit))
        #expect(harness.saved.isEmpty, "an unfinished countdown is not recorded, as before")
    }

    @Test func aPausedCountdownAsksAndStaysPaused() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.enter)
        harness.press(.enter)
        harness.press(.character(" "))
        #expect(harness.workout.countdown?.holds == .paused)
        harness.press(.character("q"))
        #expect(harness.question != nil)
        harness.press(.character("n"))
        #expect(harness.workout.countdown?.holds == .paused)
    }

    @Test func aTabataRoundSaysWhichRound() {
        var harness = Harness(configuration: HIITWorkout.Configuration(usesTabata: true, getReadySeconds: 0))
        harness.press(.enter)
        harness.press(.enter)
        harness.run(for: .seconds(35))  // 20 s work, 10 s rest, round 2
        harness.press(.character("q"))
        #expect(harness.workout.pendingQuestion == "Leave? Squat, round 2 of 8, is not saved.")
    }

    @Test func aFinishedCountdownWasSavedSoLeavingDoesNotAsk() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.enter)
        harness.press(.enter)
        harness.run(for: .seconds(30))
        #expect(harness.workout.canFinish)
        #expect(harness.saved.map(\.exercise) == ["Squat"])
        #expect(harness.press(.character("q")).last == .effect(.quit))
        #expect(harness.workout.pendingQuestion == nil)
        #expect(harness.saved.count == 1)
    }

    @Test func clicksOnTheButtonsAndTheHints() throws {
        var harness = Harness()
        harness.press(.enter)
        harness.press(.enter)
        harness.press(.character("q"))
        let layout = try #require(harness.question?.layout(in: harness.workout.size))
        harness.click(layout.stayButton.origin)
        #expect(harness.question == nil)
        #expect(harness.workout.countdown != nil)
        harness.press(.character("q"))
        harness.click(Point(x: 9, y: 23))  // "n Stay" in the help bar
        #expect(harness.question == nil)
        harness.press(.character("q"))
        #expect(harness.click(layout.leaveButton.origin).last == .effect(.quit))
        // The q hint of the help bar asks, like the key; "y Leave" then leaves.
        var hinted = Harness()
        hinted.press(.enter)
        hinted.press(.enter)
        let bar = hinted.frame().last ?? ""
        let column = try #require(bar.range(of: "q Leave")).lowerBound.utf16Offset(in: bar)
        #expect(hinted.click(Point(x: column, y: 23)).isEmpty)
        #expect(hinted.question != nil)
        #expect(hinted.click(Point(x: 0, y: 23)).last == .effect(.quit))
    }

    @Test func terminateUnderTheQuestionSavesAsWithoutIt() {
        var asked = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        asked.press(.enter)
        asked.press(.enter)
        asked.run(for: .seconds(20))
        asked.press(.character("q"))
        #expect(asked.question != nil)
        var plain = asked
        plain.press(.character("n"))
        asked.outputs = []
        let outputs = asked.send(.terminate)
        plain.send(.terminate)
        #expect(asked.saved.isEmpty, "a countdown still running is not saved, with or without the question")
        #expect(plain.saved.isEmpty)
        #expect(!outputs.contains(.effect(.quit)), "terminate ends the program without a question")
    }
}
