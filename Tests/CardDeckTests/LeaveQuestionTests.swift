import Records
import TermUI
import Testing

@testable import CardDeck

extension Harness {
    /// The leave question on screen, if it is.
    var question: ConfirmSheet? {
        if case .leave(let question) = workout.sheet { return question }
        return nil
    }

    /// Clicks (a release) at `point`.
    @discardableResult
    mutating func click(_ point: Point) -> [CardWorkout.Output] {
        send(.mouse(MouseEvent(.release, at: point)))
    }
}

/// q and Esc ask before leaving ends a deck under way; y or Enter leave as before, n or Esc stay.
@Suite struct LeaveQuestionTests {
    @Test func withNothingInProgressLeavingIsImmediate() {
        var harness = Harness()
        #expect(harness.workout.leaveQuestion == nil, "a deck ready, not dealt")
        #expect(harness.press(.character("q")) == [.effect(.quit)])
        var flip = Harness(mode: .flip)
        #expect(flip.press(.escape) == [.effect(.quit)])
    }

    @Test func aFinishedDeckLeavesAtOnce() {
        var harness = Harness(partial: ["AS"])
        harness.press(.enter)
        harness.wait(.seconds(1))
        harness.press(.enter)
        #expect(harness.workout.summary != nil)
        #expect(harness.press(.character("q")) == [.effect(.quit)])
    }

    @Test func aCardUpWithNoneDoneAsks() {
        var harness = Harness()
        harness.press(.enter)
        #expect(harness.press(.character("q")).isEmpty)
        #expect(harness.workout.pendingQuestion == "Leave? This deck is not saved: no card is done yet.")
        #expect(harness.press(.character("y")) == [.effect(.quit)], "nothing to save, as before")
    }

    @Test func cardsDoneAskAndTheClockHoldsUnderTheQuestion() {
        var harness = Harness()
        harness.press(.enter)
        harness.wait(.seconds(4))
        harness.press(.enter)  // card 1 done, card 2 up
        harness.press(.character("q"))
        #expect(harness.workout.pendingQuestion == "Leave? The deck is saved as abandoned (1 of 52 cards done).")
        #expect(harness.frame().contains { $0.contains("saved as abandoned") })
        #expect(harness.frame().last == "y Leave  n Stay")
        let current = harness.workout.current
        harness.wait(.seconds(3))
        harness.press(.character("n"))
        #expect(harness.question == nil)
        #expect(harness.workout.current == current)
        #expect(harness.workout.elapsedSeconds(at: harness.now) == 4, "the deck's clock held under the question")
        harness.wait(.seconds(3))
        harness.press(.escape)
        #expect(harness.question != nil, "Esc asks too")
        harness.press(.escape)
        #expect(harness.question == nil, "and Esc on the question stays")
        harness.press(.character("q"))
        let outputs = harness.press(.enter)
        guard case .save(.cardFinish(_, .abandoned, _, let duration)) = outputs.first else {
            Issue.record("Enter did not leave marking the deck abandoned: \(outputs)")
            return
        }
        #expect(duration == 7)
        #expect(outputs.last == .effect(.quit))
    }

    @Test func flipModeWithADeckWaitingAsks() {
        var harness = Harness()
        harness.press(.enter, .enter)
        harness.press(.character("m"))
        #expect(harness.workout.mode == .flip)
        harness.press(.character("q"))
        #expect(harness.question != nil)
        harness.press(.character("n"))
        #expect(harness.workout.mode == .flip)
        #expect(harness.workout.isFlipping, "the flips go on")
    }

    @Test func clicksOnTheButtonsAndTheHints() throws {
        var harness = Harness()
        harness.press(.enter, .enter)
        harness.press(.character("q"))
        let layout = try #require(harness.question?.layout(in: harness.workout.size))
        // Each click, from a fresh question: whether the question is still up after it.
        let clicks: [(point: Point, staysAsked: Bool, what: String)] = [
            (layout.stayButton.origin, false, "Stay"),
            (Point(x: 9, y: 23), false, "the n Stay hint"),
            (layout.message.origin, true, "the question's text is no answer"),
        ]
        for click in clicks {
            var asked = harness
            asked.click(click.point)
            #expect((asked.question != nil) == click.staysAsked, "\(click.what)")
            #expect(asked.workout.current == harness.workout.current)
        }
        #expect(harness.click(layout.leaveButton.origin).last == .effect(.quit))
    }

    @Test func terminateUnderTheQuestionSavesAsWithoutIt() {
        var asked = Harness()
        asked.press(.enter)
        asked.wait(.seconds(1))
        asked.press(.enter)
        asked.wait(.seconds(2))
        asked.press(.character("q"))
        var plain = asked
        plain.press(.character("n"))
        let outputs = asked.send(.terminate)
        #expect(outputs == plain.send(.terminate))
        guard case .save(.cardSession(let session)) = outputs.first else {
            Issue.record("terminate did not bring the session up to date: \(outputs)")
            return
        }
        #expect(session.status == .cutOff, "cut off, not abandoned")
        #expect(!outputs.contains(.effect(.quit)))
    }
}
