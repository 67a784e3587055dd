import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Flashcards

/// Grading once the answer shows, `u` taking back the last answer with its saved review, and a
/// card longer than the window scrolling.
@Suite struct GradingTests {
    /// The session the first answer saved.
    private func sessionID(_ harness: Harness) -> UUID? {
        for output in harness.outputs { if case .save(.flashcardReview(_, let id)) = output { return id } }
        return nil
    }

    @Test func aGradeBeforeTheAnswerShowsIsRefusedAndSaysWhy() {
        var harness = Harness()
        let bar = harness.frame().last ?? ""
        #expect(bar.hasPrefix("Space Show answer"), "\(bar)")
        #expect(!bar.contains("Again") && !bar.contains("Good"), "no grade on the bar before the answer shows")
        let keys: [Key] = [.character("1"), .character("2"), .character("3"), .character("4"), .left, .right]
        for key in keys + [.character("h"), .character("l")] {
            #expect(harness.press(key).isEmpty, "\(key.name) saves nothing")
            #expect(harness.prompts == ["Q1", "Q2", "Q3"])
            #expect(harness.frame().contains { $0.contains("Show the answer first") }, "\(key.name) says why")
        }
        // A swipe of the hidden card springs back and says the same.
        #expect(harness.drag(by: 40, showingAnswer: false).isEmpty)
        #expect(harness.prompts == ["Q1", "Q2", "Q3"])
        #expect(harness.frame().contains { $0.contains("Show the answer first") })
        harness.press(.character(" "))
        #expect(!harness.frame().contains { $0.contains("Show the answer first") }, "the note goes with the next key")
        #expect(harness.frame().last?.contains("← Again  → Good") == true)
        let outputs = harness.press(.character("2"))
        #expect(
            outputs.contains {
                if case .save(.flashcardReview(let review, _)) = $0 { review.grade == .hard } else { false }
            })
        #expect(harness.prompts == ["Q2", "Q3"])
    }

    @Test func uTakesBackTheLastAnswerAndRemovesItsSavedReview() throws {
        var harness = Harness()
        #expect(harness.press(.character("u")).isEmpty, "nothing to undo yet")
        harness.grade(.right)
        let review = try #require(harness.savedReviews.first)
        let session = try #require(sessionID(harness))
        #expect(harness.frame().last?.contains("u Undo") == true)
        #expect(harness.press(.character("u")) == [.save(.flashcardReviewDeletion(review.id, sessionID: session))])
        #expect(harness.prompts == ["Q1", "Q2", "Q3"], "the card is on top again")
        #expect(harness.workout.isRevealed, "with its answer shown, to be graded again")
        #expect(harness.workout.correctCount == 0 && harness.workout.wrongCount == 0)
        #expect(harness.workout.schedule[fixedID(100)].isNew, "its schedule as before the answer")
        #expect(harness.frame().contains { $0.contains("Took back Good on “Q1”") })
        #expect(harness.press(.character("u")).isEmpty, "one answer, one undo")
        // Again: the card waiting for its learning step comes back too.
        harness.press(.character("1"))
        #expect(harness.waitingPrompts == ["Q1"])
        let again = try #require(harness.savedReviews.last)
        #expect(harness.press(.character("u")) == [.save(.flashcardReviewDeletion(again.id, sessionID: session))])
        #expect(harness.waitingPrompts.isEmpty && harness.prompts == ["Q1", "Q2", "Q3"])
        #expect(harness.workout.wrongCount == 0)
    }

    @Test func undoingTheAnswerThatEndedTheSessionOpensItAgainButNotOnceTimeIsUp() throws {
        var harness = Harness(decks: [numberedDeck(1)])
        harness.wait(.seconds(5))
        harness.grade(.right)
        #expect(harness.workout.isOver(at: harness.now))
        let review = try #require(harness.savedReviews.first)
        let outputs = harness.press(.character("u"))
        guard case .save(.flashcardSession(let reopened)) = outputs.first, outputs.count == 2 else {
            Issue.record("the session is saved as in progress again, got \(outputs)")
            return
        }
        #expect(reopened.status == .inProgress && reopened.finishedAt == nil)
        #expect(outputs.last == .save(.flashcardReviewDeletion(review.id, sessionID: reopened.id)))
        #expect(!harness.workout.isOver(at: harness.now))
        #expect(harness.workout.timer.isRunning)
        #expect(harness.workout.secondsLeft(at: harness.now) == 95)
        // Graded again, it ends as before.
        harness.press(.character("4"))
        #expect(harness.workout.isOver(at: harness.now))

        var late = Harness(seconds: 10)
        late.grade(.right)
        late.wait(.seconds(10))
        #expect(late.workout.isOver(at: late.now))
        #expect(late.press(.character("u")).isEmpty, "time is up: the answers stay")
        #expect(late.workout.correctCount == 1)
    }

    @Test func inACramAgainUndoneLeavesTheBottomOfTheStack() {
        var harness = Harness()
        harness.press(.character("c"))
        harness.grade(.left)
        #expect(harness.prompts == ["Q2", "Q3", "Q1"])
        harness.press(.character("u"))
        #expect(harness.prompts == ["Q1", "Q2", "Q3"])
        #expect(harness.workout.cardCount == harness.workout.correctCount + harness.workout.stack.count)
    }

    static let words = (1...120).map { "word\($0)" }
    static let longDeck = FlashcardDeck(
        id: fixedID(0), name: "Long", createdAt: testDate,
        cards: [
            Flashcard(
                id: fixedID(100), prompt: "Say the words", answer: words.joined(separator: " "), createdAt: testDate)
        ])

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
    func anAnswerLongerThanTheCardScrollsWithMore(size: Size) throws {
        var harness = Harness(decks: [Self.longDeck], size: size)
        #expect(!harness.frame().joined().contains("▼"), "the prompt alone fits")
        harness.press(.character(" "))
        let text = try #require(harness.workout.topCardText)
        #expect(text.overflows)
        #expect(harness.frame().last?.contains("↑↓ Scroll") == true, "\(harness.frame().last ?? "")")
        var seen = Set<String>()
        for step in 0...text.maxOffset {
            let frame = harness.frame()
            let all = frame.joined(separator: "\n")
            #expect(!all.contains("…"), "nothing is cut at \(size)\n\(all)")
            let offset = harness.workout.textOffset
            let below = text.rows - offset - text.textRows
            if below > 0 { #expect(all.contains("▼ \(below) more"), "\(size) offset \(offset)\n\(all)") }
            if offset > 0 { #expect(all.contains("▲ \(offset) more"), "\(size) offset \(offset)\n\(all)") }
            seen.formUnion(all.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init))
            if step < text.maxOffset { harness.press(.down) }
        }
        #expect(
            Set(Self.words).isSubset(of: seen), "every word shows once scrolled: \(Set(Self.words).subtracting(seen))")
        #expect(harness.workout.textOffset == text.maxOffset)
        harness.press(.down)
        #expect(harness.workout.textOffset == text.maxOffset, "no further than the end")
        harness.press(.pageUp)
        #expect(harness.workout.textOffset == max(0, text.maxOffset - 8))
        let card = harness.workout.layout.card
        let before = harness.workout.textOffset
        harness.mouse(.scrollDown, Point(x: card.x + 2, y: card.y + 1))
        #expect(harness.workout.textOffset == min(text.maxOffset, before + 1), "the wheel scrolls a row")
        harness.press(.pageDown, .pageDown, .pageDown)
        #expect(harness.workout.textOffset == text.maxOffset)
        harness.press(.character("3"))
        #expect(harness.workout.textOffset == 0, "the next card starts at its top")
    }
}
