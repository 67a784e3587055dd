import Records
import TermUI
import TestSupport
import Testing

@testable import HIIT

extension Harness {
    /// The question before dropping a countdown, if it is on screen.
    var dropQuestion: ConfirmSheet? {
        if case .discard(let question, _) = workout.sheet { return question }
        return nil
    }

    /// Squat's page with its countdown running (no 3-2-1), `seconds` into it.
    static func squatRunning(for seconds: Int = 5, tabata: Bool = false) -> Harness {
        var harness = Harness(configuration: HIITWorkout.Configuration(usesTabata: tabata, getReadySeconds: 0))
        harness.press(.enter)  // Get Started
        harness.press(.enter)  // Start
        harness.run(for: .seconds(seconds))
        return harness
    }
}

/// Every key or click that would drop a countdown running or paused asks first with the one
/// confirmation, as q does; the countdown runs on under the question, and No keeps it as it was.
@Suite struct DropQuestionTests {
    /// Each key that leaves Squat's page: → ← PgUp PgDn, a digit, Home, End.
    static let pageKeys: [Key] = [.right, .left, .pageUp, .pageDown, .character("3"), .character("0"), .home, .end]

    @Test(arguments: pageKeys) func aPageKeyAsksWhileTheCountdownRuns(key: Key) {
        var harness = Harness.squatRunning()
        let end = harness.workout.countdown?.end
        #expect(harness.press(key).isEmpty)
        #expect(harness.workout.page == .exercise(0), "still on Squat")
        #expect(harness.workout.pendingQuestion == "Leave this page? Squat in progress is not saved.")
        #expect(harness.frame().last == "y Leave  n Stay")
        harness.run(for: .seconds(3))
        #expect(harness.workout.timeLeft(at: harness.now) == .seconds(22), "it ran on under the question")
        harness.press(.character("n"))
        #expect(harness.dropQuestion == nil)
        #expect(harness.workout.countdown?.end == end, "the same countdown, not reset")
        #expect(harness.workout.page == .exercise(0))
        harness.press(key)
        harness.press(.character("y"))
        #expect(harness.workout.page != .exercise(0), "yes goes to the page asked for")
        #expect(harness.workout.countdown == nil)
        #expect(harness.saved.isEmpty, "an unfinished countdown is not recorded")
    }

    @Test func aPausedTabataAsksAndStaysPausedOnNo() {
        var harness = Harness.squatRunning(for: 35, tabata: true)
        harness.press(.character(" "))
        #expect(harness.workout.countdown?.holds == .paused)
        harness.press(.left)
        #expect(harness.workout.pendingQuestion == "Leave this page? Squat, round 2 of 8, is not saved.")
        harness.press(.escape)
        #expect(harness.workout.countdown?.holds == .paused, "Esc is No: still paused")
        #expect(harness.workout.page == .exercise(0))
        harness.press(.pageUp)
        harness.press(.enter)
        #expect(harness.workout.page == .welcome, "Enter is yes, as the bar's first hint says")
    }

    @Test func aClickOnAPageNumberAsksAndTheQuestionsButtonsAnswer() throws {
        var harness = Harness.squatRunning()
        let mark = PageLayout(size: harness.workout.size, workout: harness.workout).pageMarks[3].origin
        harness.click(mark)
        #expect(harness.workout.page == .exercise(0))
        let question = try #require(harness.dropQuestion)
        let layout = question.layout(in: harness.workout.size)
        harness.click(layout.stayButton.origin)
        #expect(harness.dropQuestion == nil)
        #expect(harness.workout.countdown != nil)
        harness.click(mark)
        harness.click(layout.leaveButton.origin)
        #expect(harness.workout.page == .exercise(2))
    }

    @Test func resetAsksWhileCountingAndNotAtZero() {
        var harness = Harness.squatRunning()
        harness.press(.character("r"))
        #expect(harness.workout.pendingQuestion == "Reset the countdown? Squat in progress is not saved.")
        #expect(harness.frame().last == "y Reset  n Keep")
        #expect(harness.workout.pendingConfirmation?.keysLine() == "y Reset · n Keep", "for the too-small notice")
        harness.press(.character("n"))
        #expect(harness.workout.countdown != nil)
        harness.press(.character("r"))
        harness.press(.character("y"))
        #expect(harness.workout.countdown == nil)
        #expect(harness.workout.phase == .ready)
        harness.press(.enter)
        harness.run(for: .seconds(30))
        #expect(harness.saved.map(\.exercise) == ["Squat"])
        harness.press(.character("r"))
        #expect(harness.workout.sheet == nil, "at zero the exercise is saved: nothing to lose, no question")
        #expect(harness.workout.countdown == nil)
    }

    @Test func nothingToLoseMeansNoQuestion() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.right)
        #expect(harness.workout.page == .exercise(0), "Welcome → Squat: nothing running")
        harness.press(.right)
        #expect(harness.workout.page == .exercise(1), "before Start nothing is lost")
        harness.press(.enter)
        harness.run(for: .seconds(30))
        #expect(harness.workout.canFinish)
        harness.press(.left)
        #expect(harness.workout.sheet == nil)
        #expect(harness.workout.page == .exercise(0), "at zero it was saved: the page changes at once")
        #expect(harness.saved.map(\.exercise) == ["Step Up"])
    }

    @Test func aCountdownEndingUnderTheQuestionIsSavedAndYesLosesNothing() {
        var harness = Harness.squatRunning(for: 25)
        harness.press(.right)
        harness.run(for: .seconds(10))
        #expect(harness.saved.map(\.exercise) == ["Squat"], "saved at zero, under the question")
        harness.press(.character("y"))
        #expect(harness.workout.page == .exercise(1))
        #expect(harness.saved.count == 1)
    }

    @Test func timesUpLeavesWithoutAskingForNothingIsLost() {
        var harness = Harness.squatRunning(for: 30)
        #expect(harness.workout.statusText == "Time's up! Saved · Done: next")
        #expect(harness.press(.character("q")).last == .effect(.quit))
        #expect(harness.workout.sheet == nil)
        #expect(harness.saved.map(\.exercise) == ["Squat"])
    }
}

/// Leaving a hands-free circuit asks, then returns to the HIIT page: the program goes on.
@Suite struct StoppingTheCircuitTests {
    @Test(arguments: [Key.character("q"), .escape]) func yesStopsTheCircuitAndShowsThePage(key: Key) {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.enter)  // Squat's page
        harness.press(.character("c"))
        harness.run(for: .seconds(30 + 30 + 5))  // warm-up, Squat's work, into the rest
        #expect(harness.saved.map(\.exercise) == ["Squat"])
        harness.press(key)
        #expect(
            harness.workout.pendingQuestion
                == "Stop the circuit? The circuit is under way: 1 work interval is saved, the one running is not.")
        #expect(harness.frame().last == "y Stop  n Go on")
        #expect(harness.workout.pendingConfirmation?.keysLine() == "y Stop · n Go on")
        harness.press(.character("n"))
        #expect(harness.workout.run != nil, "No: the circuit goes on")
        harness.press(key)
        let outputs = harness.press(.character("y"))
        #expect(!outputs.contains(.effect(.quit)), "the workout stays open")
        #expect(harness.workout.run == nil)
        #expect(harness.workout.sheet == nil)
        #expect(harness.workout.page == .exercise(0), "back on the page the circuit started from")
        #expect(harness.frame().contains { $0.contains("Squat") })
        #expect(harness.saved.map(\.exercise) == ["Squat", "Step Up"], "what was done stays saved")
        // Stopped in the rest before Step Up: Step Up is saved as left early, with none of it done.
        #expect(harness.saved.map(\.completed) == [true, false])
        #expect(harness.saved.last?.duration == 0)
        #expect(harness.press(.character("q")).last == .effect(.quit), "then q leaves as on any page")
    }
}
