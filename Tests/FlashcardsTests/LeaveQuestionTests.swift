import Records
import TermUI
import Testing

@testable import Flashcards

extension Harness {
    /// The leave question on screen, if it is.
    var question: ConfirmSheet? {
        if case .leave(let question) = workout.sheet { return question }
        return nil
    }
}

/// q and Esc ask before leaving abandons a session with answers; y or Enter leave as before, n or
/// Esc stay. The timer stands still under the question, as under every sheet.
@Suite struct LeaveQuestionTests {
    @Test func withNothingAnsweredOrTheSessionOverLeavingIsImmediate() {
        var harness = Harness()
        harness.wait(.seconds(10))
        harness.press(.character(" "))
        #expect(harness.workout.leaveQuestion(at: harness.now) == nil, "the timer runs, nothing is saved yet")
        #expect(harness.press(.character("q")) == [.effect(.quit)])
        var over = Harness()
        over.grade(.right)
        over.wait(.seconds(100))
        #expect(over.workout.isOver(at: over.now))
        #expect(over.press(.escape) == [.effect(.quit)])
    }

    @Test func anAnswerAsksAndTheTimerStandsStillUnderTheQuestion() {
        var harness = Harness()
        harness.grade(.right, .left)
        harness.press(.character(" "))
        harness.wait(.seconds(10))
        #expect(harness.press(.character("q")).isEmpty)
        #expect(
            harness.workout.pendingQuestion
                == "Leave? The session is saved as abandoned (1 recalled, 1 again, 2 left).")
        #expect(harness.frame().contains { $0.contains("saved as abandoned") })
        #expect(harness.frame().last == "y Leave  n Stay")
        harness.wait(.seconds(30))
        #expect(harness.workout.secondsLeft(at: harness.now) == 90, "held under the question")
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "nothing moves")
        harness.press(.character("n"))
        #expect(harness.question == nil)
        #expect(harness.workout.isRevealed, "the answer still shows")
        #expect(harness.workout.stack.count == 1)
        #expect(harness.workout.waiting.count == 1, "the card answered Again waits for its step")
        harness.wait(.seconds(5))
        #expect(harness.workout.secondsLeft(at: harness.now) == 85, "and runs again")
        harness.press(.escape)
        #expect(harness.question != nil, "Esc asks too")
        harness.press(.escape)
        #expect(harness.question == nil, "and Esc on the question stays")
        harness.press(.character("q"))
        let outputs = harness.press(.character("y"))
        guard case .save(.flashcardFinish(_, .abandoned, _)) = outputs.first else {
            Issue.record("y did not mark the session abandoned: \(outputs)")
            return
        }
        #expect(outputs.last == .effect(.quit))
    }

    @Test func clicksOnTheButtonsAndTheHints() throws {
        var harness = Harness()
        harness.grade(.right)
        harness.press(.character("q"))
        let layout = try #require(harness.question?.layout(in: harness.workout.size))
        harness.click(layout.stayButton)
        #expect(harness.question == nil)
        harness.press(.character("q"))
        harness.mouse(.release, Point(x: 9, y: 23))  // "n Stay" in the help bar
        #expect(harness.question == nil)
        // The q hint asks, like the key.
        let bar = harness.workout.bindings(at: harness.now).helpBar
        let frames = bar.frames(in: harness.workout.layout.helpBar)
        let q = try #require(bar.hints.firstIndex { $0.key == "q" })
        #expect(harness.mouse(.release, frames[q].origin).isEmpty)
        #expect(harness.question != nil)
        #expect(harness.click(layout.leaveButton).last == .effect(.quit))
    }

    @Test func inPlainModeTheQuestionIsPlainLines() {
        var harness = Harness(plain: true)
        harness.grade(.right)
        harness.press(.character("q"))
        #expect(
            harness.frame().prefix(3) == [
                "Leave? The session is saved as abandoned (1 recalled, 0 again, 2 left).",
                "Keys: y Leave, n Stay", "",
            ])
    }

    @Test func terminateUnderTheQuestionSavesAsWithoutIt() {
        var asked = Harness()
        asked.grade(.right)
        asked.press(.character("q"))
        var plain = asked
        plain.press(.character("n"))
        let outputs = asked.send(.terminate)
        #expect(outputs == plain.send(.terminate))
        guard case .save(.flashcardFinish(_, .cutOff, _)) = outputs.first, outputs.count == 1 else {
            Issue.record("every answer is saved already; the session is closed as cut off: \(outputs)")
            return
        }
    }
}
