import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

extension Harness {
    /// The leave question on screen, if it is.
    var question: ConfirmSheet? {
        if case .leave(let question) = workout.sheet { return question }
        return nil
    }

    /// Where the question's buttons are.
    var questionLayout: ConfirmSheet.Layout? { question?.layout(in: workout.size) }
}

/// q and Esc ask before leaving loses work; y or Enter leave as before, n or Esc stay.
@Suite struct LeaveQuestionTests {
    @Test func withNothingInProgressLeavingIsImmediate() {
        var harness = Harness()
        #expect(harness.workout.leaveQuestion(at: harness.now) == nil)
        #expect(harness.press(.character("q")) == [.effect(.quit)])
        var escape = Harness()
        #expect(escape.press(.escape) == [.effect(.quit)])
        #expect(escape.question == nil)
    }

    @Test func aRunningSetAsksAndStayingKeepsItRunning() {
        var harness = Harness()
        harness.startSet("12", "10")
        harness.wait(.seconds(5))
        let running = harness.workout.pill
        #expect(harness.press(.character("q")).isEmpty)
        #expect(harness.workout.pendingQuestion == "Leave? Set 1 in progress is not saved.")
        #expect(harness.frame().contains { $0.contains("Set 1 in progress is not saved.") })
        #expect(harness.frame().last == "y Leave  n Stay")
        harness.wait(.seconds(3))
        #expect(harness.workout.setSeconds(at: harness.now) == 8, "the set's timer runs under the question")
        harness.press(.character("n"))
        #expect(harness.question == nil)
        #expect(harness.workout.pill == running)
        #expect(harness.workout.setSeconds(at: harness.now) == 8)
        // Esc asks too, and Esc on the question stays.
        harness.press(.escape)
        #expect(harness.question != nil)
        harness.press(.escape)
        #expect(harness.question == nil)
        #expect(harness.workout.pill == running)
        // y leaves as q did before: the set is dropped, nothing was saved.
        harness.press(.character("q"))
        #expect(harness.press(.character("y")) == [.effect(.quit)])
        #expect(harness.workout.runningSet == nil)
    }

    @Test func aTypedSetAsksAndStayingKeepsTheEntry() {
        var harness = Harness()
        harness.type("12")
        harness.press(.tab)
        harness.type("8")
        harness.press(.tab, .backTab)  // Tab keeps the number typed, Shift-Tab comes back
        let before = harness.workout
        harness.press(.character("q"))
        #expect(harness.workout.pendingQuestion == "Leave? Set 1 as typed is not saved.")
        harness.press(.character("x"), .character("5"), .backspace)
        #expect(harness.workout.rows == before.rows, "keys other than the answers do nothing")
        harness.press(.character("N"))
        #expect(harness.workout.rows == before.rows)
        #expect(harness.workout.selection == before.selection)
        harness.press(.character("q"))
        #expect(harness.press(.enter) == [.effect(.quit)])
    }

    @Test func aRestCountdownAsksAndRunsOnUnderTheQuestion() {
        var harness = Harness()
        harness.press(.character("r"), .enter)  // a 30 s rest
        harness.wait(.seconds(5))
        harness.press(.character("q"))
        #expect(harness.workout.pendingQuestion == "Leave? The rest countdown stops.")
        harness.wait(.seconds(5))
        harness.press(.character("n"))
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 20)
    }

    @Test func savedSetsAskAndLeavingMarksTheWorkoutAbandoned() throws {
        var harness = Harness()
        harness.doSet("12", "10", seconds: 40)
        harness.press(.escape)  // no rest
        let id = try #require(harness.workout.workoutID)
        harness.press(.character("q"))
        #expect(
            harness.workout.pendingQuestion
                == "Leave? The workout is saved as abandoned (1 of 3 sets done).")
        let outputs = harness.press(.character("y"))
        #expect(
            outputs == [.save(.dumbbellFinish(workoutID: id, status: .abandoned, at: testDate + 40)), .effect(.quit)])
    }

    @Test func theSummaryLeavesAtOnce() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 1))
        harness.doSet("12", "10")
        #expect(harness.workout.isShowingSummary)
        #expect(harness.press(.character("q")) == [.effect(.quit)])
    }

    @Test func clicksOnTheButtonsAndTheHints() throws {
        var harness = Harness()
        harness.startSet("12", "10")
        harness.press(.character("q"))
        let layout = try #require(harness.questionLayout)
        harness.click(layout.stayButton)
        #expect(harness.question == nil)
        #expect(harness.workout.pill.kind == .active)
        harness.press(.character("q"))
        harness.click(Point(x: 9, y: 23))  // "n Stay" in the help bar
        #expect(harness.question == nil)
        harness.press(.character("q"))
        #expect(harness.click(layout.leaveButton) == [.effect(.quit)])
        // The q hint of the help bar asks, like the key.
        var hinted = Harness()
        hinted.startSet("12", "10")
        let hints = hinted.workout.bindings.helpBar.hints
        let frames = HelpBar(hints).frames(in: hinted.workout.layout.helpBar)
        let q = try #require(hints.firstIndex { $0.key == "q" })
        #expect(hinted.click(frames[q].origin).isEmpty)
        #expect(hinted.question != nil)
        #expect(hinted.click(Point(x: 0, y: 23)) == [.effect(.quit)], "y Leave in the help bar")
    }

    @Test func terminateUnderTheQuestionSavesAsWithoutIt() {
        var asked = Harness()
        asked.doSet("12", "10")
        asked.press(.escape)
        asked.startSet("12", "10")
        asked.press(.character("q"))
        #expect(asked.question != nil)
        var plain = asked
        plain.press(.character("n"))
        #expect(asked.send(.terminate) == plain.send(.terminate))
        #expect(asked.savedSets.count == 1)
        #expect(!asked.outputs.contains(.effect(.quit)), "terminate ends the program without a question")
    }
}
