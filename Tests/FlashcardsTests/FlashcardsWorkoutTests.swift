import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Flashcards

/// The state machine with a test clock: every way to answer, the stack, the timer and its holds,
/// the end, Start Again, the editor and the deck list.
@Suite struct FlashcardsWorkoutTests {
    // MARK: Revealing and swiping

    @Test func spaceEnterAndAClickRevealTheAnswerAndHideItAgain() {
        var harness = Harness()
        #expect(!harness.workout.isRevealed)
        harness.press(.character(" "))
        #expect(harness.workout.isRevealed)
        #expect(harness.frame().contains { $0.contains("A1") })
        harness.press(.enter)
        #expect(!harness.workout.isRevealed)
        harness.click(harness.workout.layout.card)
        #expect(harness.workout.isRevealed)
        #expect(harness.outputs.isEmpty, "revealing saves nothing")
    }

    @Test func rightIsCorrectAndTheCardLeavesTheStack() {
        var harness = Harness()
        let outputs = harness.grade(.right)
        #expect(harness.prompts == ["Q2", "Q3"])
        #expect(harness.workout.correctCount == 1)
        #expect(harness.workout.wrongCount == 0)
        // The session is saved with its first answer, then the answer itself.
        guard case .save(.flashcardSession(let session)) = outputs.first,
            case .save(.flashcardReview(let review, let id)) = outputs.last
        else {
            Issue.record("expected a session and a review, got \(outputs)")
            return
        }
        #expect(session.deckName == "Numbers")
        #expect(session.startedAt == testDate)
        #expect(id == session.id)
        #expect(review.cardID == fixedID(100))
        #expect(review.grade == .good)
        harness.grade(.character("l"))
        #expect(harness.prompts == ["Q3"])
        #expect(harness.savedReviews.count == 2, "one save per answer, the session only once")
    }

    @Test func leftIsAgainAndTheCardComesBackWhenItsLearningStepIsDue() {
        var harness = Harness()
        harness.press(.character(" "), .left)
        #expect(harness.prompts == ["Q2", "Q3"])
        #expect(harness.waitingPrompts == ["Q1"], "back in a minute, Anki's first learning step")
        #expect(harness.workout.wrongCount == 1)
        #expect(!harness.workout.isRevealed, "the next card starts with its answer hidden")
        harness.grade(.character("h"))
        #expect(harness.prompts == ["Q3"])
        #expect(harness.waitingPrompts == ["Q1", "Q2"])
        #expect(harness.savedReviews.map(\.grade) == [.again, .again])
        harness.wait(.seconds(60))
        #expect(harness.prompts == ["Q3", "Q1", "Q2"], "due again: after the card on screen")
        #expect(harness.workout.waiting.isEmpty)
    }

    @Test func theLastCardWaitingForItsStepKeepsTheSessionOpenAndSaysWhen() {
        var harness = Harness(decks: [numberedDeck(1)])
        harness.grade(.left)
        #expect(harness.prompts.isEmpty)
        #expect(!harness.workout.isOver(at: harness.now))
        #expect(harness.frame().contains { $0.contains("A card comes back for its learning step in 1:00") })
        #expect(harness.workout.nextDeadline(after: harness.now) == harness.now + .seconds(1))
        harness.wait(.seconds(60))
        #expect(harness.prompts == ["Q1"])
        harness.grade(.character("3"))
        #expect(harness.waitingPrompts.isEmpty, "Good on the first step waits 10 minutes: after this session")
        #expect(harness.workout.isOver(at: harness.now))
    }

    @Test func aDragPastAThirdOfTheCardSwipesItAndAShorterOneSpringsBack() {
        var harness = Harness(reducesMotion: false)
        let threshold = harness.workout.swipeThreshold
        #expect(threshold == harness.workout.layout.card.width / 3)
        // Below the threshold: back to its place, with a short animation.
        harness.drag(by: threshold - 1)
        #expect(harness.prompts == ["Q1", "Q2", "Q3"])
        #expect(harness.savedReviews.isEmpty)
        guard case .back(let from) = harness.workout.motion?.kind else {
            Issue.record("expected a spring back, got \(String(describing: harness.workout.motion))")
            return
        }
        #expect(from == threshold - 1)
        #expect(harness.workout.nextDeadline(after: harness.now) == harness.now + .milliseconds(40))
        harness.wait(.milliseconds(240))
        #expect(harness.workout.motion == nil)
        // Left past the threshold: wrong. Right past it: correct.
        harness.drag(by: -threshold)
        #expect(harness.prompts == ["Q2", "Q3"])
        harness.drag(by: threshold + 5)
        #expect(harness.prompts == ["Q3"])
        #expect(harness.waitingPrompts == ["Q1"])
        #expect(harness.savedReviews.map(\.grade) == [.again, .good])
        guard case .away(let card, .good, let offset) = harness.workout.motion?.kind else {
            Issue.record("expected the card to leave to the right")
            return
        }
        #expect(card.prompt == "Q2")
        #expect(offset == threshold + 5)
    }

    @Test func whileDraggedTheCardFollowsThePointer() {
        var harness = Harness()
        let card = harness.workout.layout.card
        let start = Point(x: card.x + 10, y: card.y + 2)
        harness.mouse(.press, start)
        harness.mouse(.drag, Point(x: start.x + 7, y: start.y + 3))
        #expect(harness.workout.drag?.offset == 7)
        harness.mouse(.drag, Point(x: start.x - 4, y: start.y))
        #expect(harness.workout.drag?.offset == -4)
        harness.mouse(.release, Point(x: start.x - 4, y: start.y))
        #expect(harness.workout.drag == nil)
        #expect(harness.workout.motion == nil, "no spring-back animation with reduced motion")
        #expect(harness.prompts == ["Q1", "Q2", "Q3"])
    }

    @Test func withReducedMotionNothingAnimates() {
        var harness = Harness(reducesMotion: true)
        harness.grade(.right)
        #expect(harness.workout.motion == nil)
        harness.drag(by: 3)
        #expect(harness.workout.motion == nil)
        // Only the timer wakes the screen: at the next whole second.
        #expect(harness.workout.nextDeadline(after: harness.now) == harness.now + .seconds(1))
    }

    @Test func onlyTheTopCardReacts() {
        var harness = Harness()
        let peek = harness.workout.layout.peeks[0]
        let below = Point(x: peek.x + peek.width / 2, y: peek.maxY - 1)
        #expect(!harness.workout.layout.card.contains(below))
        harness.mouse(.press, below)
        #expect(harness.workout.drag == nil, "a card below cannot be picked up")
        harness.mouse(.drag, Point(x: below.x + 30, y: below.y))
        harness.mouse(.release, Point(x: below.x + 30, y: below.y))
        #expect(harness.prompts == ["Q1", "Q2", "Q3"])
        #expect(!harness.workout.isRevealed)
        harness.mouse(.release, below)
        #expect(!harness.workout.isRevealed, "a click on a card below reveals nothing")
    }

    // MARK: The timer

    @Test func theTimerCountsFromOneHundredAndWakesOnceASecond() {
        var harness = Harness()
        #expect(harness.workout.secondsLeft(at: harness.now) == 100)
        #expect(harness.workout.nextDeadline(after: harness.now) == harness.now + .seconds(1))
        harness.wait(.milliseconds(300))
        #expect(harness.workout.secondsLeft(at: harness.now) == 100)
        #expect(harness.workout.nextDeadline(after: harness.now) == harness.now + .milliseconds(700))
        // A late wake-up does not stretch the session: the deadline is the end, not a count.
        harness.wait(.milliseconds(42_500))
        #expect(harness.workout.secondsLeft(at: harness.now) == 58)
        #expect(harness.frame()[2].contains("Time 0:58"))
    }

    @Test func theTimerHoldsWhileSuspendedAndRunsOnAfterResume() {
        var harness = Harness()
        harness.wait(.seconds(10))
        harness.send(.suspend)
        harness.now = harness.now + .seconds(600)
        #expect(harness.workout.secondsLeft(at: harness.now) == 90, "Ctrl-Z holds the clock")
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "a held timer never wakes")
        harness.send(.resume)
        #expect(harness.workout.secondsLeft(at: harness.now) == 90)
        harness.wait(.seconds(5))
        #expect(harness.workout.secondsLeft(at: harness.now) == 85)
    }

    @Test func theTimerHoldsWhileTheWindowIsInTheBackground() {
        var harness = Harness()
        harness.wait(.milliseconds(2_500))
        harness.send(.focusOut)
        harness.now = harness.now + .seconds(30)
        #expect(harness.workout.secondsLeft(at: harness.now) == 98)
        #expect(harness.frame()[2].contains("Paused 1:38"))
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
        harness.send(.focusIn)
        #expect(harness.workout.nextDeadline(after: harness.now) == harness.now + .milliseconds(500))
        // Suspended and unfocused: both must end before it runs again.
        harness.send(.focusOut)
        harness.send(.suspend)
        harness.send(.focusIn)
        #expect(!harness.workout.timer.isRunning)
        harness.send(.resume)
        #expect(harness.workout.timer.isRunning)
        // A key is proof of focus when a terminal never reported it back.
        harness.send(.focusOut)
        harness.press(.character(" "))
        #expect(harness.workout.timer.isRunning)
    }

    @Test func atZeroTheCardsTakeNoInputAndStartAgainAppears() {
        var harness = Harness()
        harness.grade(.left)
        harness.wait(.seconds(100))
        #expect(harness.workout.isOver(at: harness.now))
        #expect(harness.workout.secondsLeft(at: harness.now) == 0)
        let session = harness.savedReviews.count
        guard case .save(.flashcardFinish(_, .finished, let date)) = harness.outputs.last else {
            Issue.record("the session is marked finished, got \(String(describing: harness.outputs.last))")
            return
        }
        #expect(date == testDate.addingTimeInterval(100))
        for key: Key in [.right, .left, .character("l"), .character("h")] { harness.press(key) }
        harness.drag(by: 40)
        #expect(harness.savedReviews.count == session, "no answer is taken at 0")
        #expect(harness.prompts == ["Q2", "Q1", "Q3"], "Q1 came back after its 1-minute step, after the top card")
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "idle: no wake-ups")
        let frame = harness.frame()
        #expect(frame.contains { $0.contains("Time is up") })
        #expect(frame.contains { $0.contains("[ Start Again ]") })
        #expect(frame.contains { $0.contains("✓ 0 recalled   ✗ 1 again") })
    }

    @Test func anEmptyStackEndsTheSessionAndStopsTheClock() {
        var harness = Harness(decks: [numberedDeck(2)])
        harness.grade(.right)
        harness.wait(.seconds(3))
        harness.grade(.character("4"))
        #expect(harness.workout.stack.isEmpty)
        #expect(harness.workout.waiting.isEmpty, "Good waits 10 minutes and Easy days: after this session")
        #expect(harness.workout.isOver(at: harness.now))
        #expect(harness.workout.secondsLeft(at: harness.now) == 97, "the clock stops where it was")
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
        #expect(harness.frame().contains { $0.contains("Every card due is done") })
        #expect(harness.frame().contains { $0.contains("Nothing is due: Start Again crams every card") })
        #expect(harness.workout.correctCount == 2)
        #expect(harness.workout.wrongCount == 0)
        guard case .save(.flashcardFinish(_, .finished, _)) = harness.outputs.last else {
            Issue.record("the session is marked finished")
            return
        }
    }

    @Test func startAgainDealsTheDeckAndAFullTimer() {
        var harness = Harness()
        harness.grade(.right, .right)
        harness.wait(.seconds(100))
        let before = Set(
            harness.outputs.compactMap { if case .save(.flashcardSession(let s)) = $0 { s.id } else { nil } })
        harness.click(harness.workout.layout.startAgain)
        #expect(!harness.workout.isOver(at: harness.now))
        #expect(harness.workout.correctCount == 0)
        #expect(harness.workout.secondsLeft(at: harness.now) == 100)
        // The answered cards wait for their 10-minute step: only the new one is served.
        #expect(harness.workout.mode == .study)
        #expect(harness.prompts == ["Q3"])
        harness.grade(.right)
        let after = Set(
            harness.outputs.compactMap { if case .save(.flashcardSession(let s)) = $0 { s.id } else { nil } })
        #expect(after.count == before.count + 1, "a new session")
        #expect(harness.workout.isOver(at: harness.now))
        harness.press(.enter)
        #expect(harness.workout.secondsLeft(at: harness.now) == 100, "Enter starts again too")
        #expect(harness.workout.mode == .cram, "nothing is due: a cram of the whole deck")
        #expect(harness.prompts == ["Q1", "Q2", "Q3"])
    }

    @Test func leavingAbandonsASessionUnderWayAndTerminateCutsItOff() {
        var harness = Harness()
        harness.grade(.right)
        #expect(harness.press(.character("q")).isEmpty, "asks first")
        let outputs = harness.press(.character("y"))
        guard case .save(.flashcardFinish(_, .abandoned, _)) = outputs.first else {
            Issue.record("expected abandoned, got \(outputs)")
            return
        }
        #expect(outputs.last == .effect(.quit))
        var other = Harness()
        other.grade(.left)
        let ending = other.send(.terminate)
        guard case .save(.flashcardFinish(_, .cutOff, _)) = ending.first, ending.count == 1 else {
            Issue.record("every answer is saved already; the session is cut off: \(ending)")
            return
        }
        // Time up without an answer leaves nothing in the history.
        var idle = Harness()
        idle.wait(.seconds(100))
        #expect(idle.outputs.isEmpty)
    }

    // MARK: Editor

    @Test func theEditorAddsACardWithUTF8TextAndDoneRestartsWithIt() {
        var harness = Harness()
        harness.grade(.character("4"))
        harness.press(.character("e"))
        guard case .editor = harness.workout.sheet else {
            Issue.record("the editor opens with e")
            return
        }
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "the timer holds under a sheet")
        harness.type("Größter Muskel?")
        harness.press(.left, .backspace, .end)
        harness.press(.enter)
        harness.send(.paste("Gluteus\nmaximus 💪"))
        let outputs = harness.press(.enter)
        guard case .save(.flashcard(let card, let deckID)) = outputs.first else {
            Issue.record("expected a saved card, got \(outputs)")
            return
        }
        #expect(card.prompt == "Größter Muske?")
        #expect(card.answer == "Gluteus\nmaximus 💪", "the answer keeps a pasted line break")
        #expect(deckID == fixedID(0))
        #expect(harness.workout.deck?.cards.count == 4)
        let closing = harness.press(.escape)
        #expect(harness.workout.sheet == nil)
        guard case .save(.flashcardFinish(_, .abandoned, _)) = closing.first else {
            Issue.record("the old session is abandoned, got \(closing)")
            return
        }
        #expect(harness.workout.stack.count == 3, "a new session with the new card (Q1 is due in days)")
        #expect(harness.prompts.last == "Größter Muske?")
        #expect(harness.workout.correctCount == 0)
    }

    @Test func theEditorDeletesTheHighlightedCard() {
        var harness = Harness()
        harness.press(.character("e"), .tab, .tab, .down)
        let outputs = harness.press(.delete)
        #expect(outputs == [.save(.flashcardDeletion(fixedID(101)))])
        #expect(harness.workout.deck?.cards.map(\.prompt) == ["Q1", "Q3"])
        harness.press(.escape)
        #expect(harness.prompts == ["Q1", "Q3"])
    }

    @Test func escapeCancelsAHalfTypedCardThenClosesWithoutRestarting() {
        var harness = Harness()
        harness.grade(.left)
        harness.press(.character("e"))
        harness.type("Half a card")
        #expect(harness.press(.escape).isEmpty)
        guard case .editor(let editor) = harness.workout.sheet else {
            Issue.record("the first Esc only puts the field back")
            return
        }
        #expect(editor.prompt.text.isEmpty, "the prompt as it was when the editor opened")
        #expect(!editor.hasDraft)
        #expect(harness.press(.escape).isEmpty, "nothing changed: the session goes on")
        #expect(harness.workout.sheet == nil)
        #expect(harness.prompts == ["Q2", "Q3"])
        #expect(harness.waitingPrompts == ["Q1"])
        #expect(harness.workout.deck?.cards.count == 3)
        // Enter on an empty field adds nothing and says why.
        harness.press(.character("e"), .tab)
        #expect(harness.press(.enter).isEmpty)
        guard case .editor(let refused) = harness.workout.sheet else {
            Issue.record("the editor closed: \(String(describing: harness.workout.sheet))")
            return
        }
        #expect(refused.message == "Type a prompt first")
    }

    @Test func theEditorsButtonsAndFieldsTakeClicks() {
        var harness = Harness()
        harness.click(harness.workout.layout.editButton)
        guard case .editor(let editor) = harness.workout.sheet else {
            Issue.record("the + button opens the editor")
            return
        }
        let layout = EditorLayout(screen: harness.workout.size, editor: editor, plain: false)
        harness.click(layout.answerField)
        harness.type("Back")
        harness.click(layout.promptField)
        harness.type("Front")
        let outputs = harness.click(layout.addButton)
        guard case .save(.flashcard(let card, _)) = outputs.first else {
            Issue.record("Add saves the card")
            return
        }
        #expect((card.prompt, card.answer) == ("Front", "Back"))
        harness.click(layout.doneButton)
        #expect(harness.workout.sheet == nil)
    }

    // MARK: Decks and due cards

    @Test func theDeckListSwitchesDecksAndAsksForTheirReviews() {
        var harness = Harness(decks: [numberedDeck(3), numberedDeck(2, name: "Other", id: 1)])
        harness.grade(.right)
        harness.press(.character("d"))
        let outputs = harness.press(.down, .enter)
        #expect(outputs.contains(.rememberDeck(fixedID(1))))
        #expect(outputs.contains(.loadReviews(deckID: fixedID(1))))
        #expect(outputs.contains { if case .save(.flashcardFinish(_, .abandoned, _)) = $0 { true } else { false } })
        #expect(harness.workout.deck?.name == "Other")
        let review = FlashcardReview(cardID: fixedID(200), grade: .good, reviewedAt: testDate)
        harness.workout.receive(.success([review]), for: fixedID(1), at: harness.now)
        #expect(harness.prompts == ["Q2"], "the card answered today is due in 10 minutes, its learning step")
        harness.workout.receive(.success([]), for: fixedID(0), at: harness.now)
        #expect(harness.prompts == ["Q2"], "an answer for another deck is ignored")
    }

    @Test func cramShowsEveryCardAndMovesNoDueDate() {
        let old = testDate.addingTimeInterval(-3 * 86_400)
        let reviews = [
            FlashcardReview(cardID: fixedID(100), grade: .easy, reviewedAt: old),
            FlashcardReview(cardID: fixedID(101), grade: .easy, reviewedAt: testDate),
            FlashcardReview(cardID: fixedID(102), grade: .easy, reviewedAt: testDate),
        ]
        var harness = Harness(reviews: reviews)
        #expect(harness.workout.mode == .study)
        #expect(harness.prompts.isEmpty, "Easy schedules the cards days out: none is due")
        #expect(harness.frame().contains { $0.contains("Nothing of “Numbers” is due now.") })
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
        let dueBefore = harness.workout.schedule[fixedID(101)].due
        harness.press(.character("c"))
        #expect(harness.workout.mode == .cram)
        #expect(harness.prompts == ["Q1", "Q2", "Q3"])
        harness.grade(.left)
        #expect(harness.prompts == ["Q2", "Q3", "Q1"], "Again in a cram: under the stack")
        let outputs = harness.grade(.right, .character("4"), .character("2"))
        #expect(harness.workout.isOver(at: harness.now))
        #expect(harness.savedReviews.allSatisfy { $0.isCram })
        #expect(outputs.contains { if case .save(.flashcardFinish(_, .finished, _)) = $0 { true } else { false } })
        #expect(harness.workout.schedule[fixedID(101)].due == dueBefore, "no due date moved")
        // Nothing due: Start Again crams once more; c studies again.
        harness.press(.enter)
        #expect(harness.workout.mode == .cram)
        harness.press(.character("c"))
        #expect(harness.workout.mode == .study)
        #expect(harness.prompts.isEmpty)
    }

    @Test func threeStartAgainPassesInAnEveningMoveACardOnce() {
        // Q1 was learnt weeks ago and is due today.
        let reviews = [
            FlashcardReview(cardID: fixedID(100), grade: .good, reviewedAt: testDate.addingTimeInterval(-30 * 86_400)),
            FlashcardReview(cardID: fixedID(100), grade: .good, reviewedAt: testDate.addingTimeInterval(-29 * 86_400)),
        ]
        var harness = Harness(decks: [numberedDeck(1)], reviews: reviews)
        #expect(harness.prompts == ["Q1"])
        harness.grade(.right)
        #expect(harness.workout.isOver(at: harness.now))
        let due = harness.workout.schedule[fixedID(100)].due
        #expect(harness.workout.schedule[fixedID(100)].intervalDays >= 2)
        for _ in 0..<2 {
            harness.press(.enter)
            #expect(harness.workout.mode == .cram, "nothing is due: Start Again crams")
            harness.grade(.right)
            #expect(harness.workout.isOver(at: harness.now))
        }
        #expect(harness.workout.schedule[fixedID(100)].due == due, "the passes after the first move nothing")
        #expect(harness.savedReviews.map(\.isCram) == [false, true, true])
    }

    @Test func anEmptyDeckSaysHowToAddCards() {
        var harness = Harness(decks: [numberedDeck(0)])
        #expect(!harness.workout.isOver(at: harness.now))
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
        #expect(harness.press(.right, .character(" ")).isEmpty)
        #expect(harness.frame().contains { $0.contains("“Numbers” has no cards. Press e to add some.") })
    }
}
