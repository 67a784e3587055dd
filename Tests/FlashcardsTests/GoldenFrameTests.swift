import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Flashcards

/// Golden frames: the stack, a card mid-drag (tinted, with its colours checked apart), the
/// colour-free screen, the plain screen, the editor, at 80×24 and 40×12.
/// `TERMFIT_GOLDEN_PRINT=1` prints every frame as a literal to paste after a deliberate change.
@Suite struct GoldenFrameTests {
    static let deck = FlashcardDeck(
        id: fixedID(0), name: "Muscles", createdAt: testDate,
        cards: [
            ("Which muscle does a bicep curl mainly work?", "Biceps brachii"),
            ("What is the largest muscle of the body?", "Gluteus maximus"),
            ("Where is the deltoid?", "Over the shoulder joint"),
            ("How many muscles make up the quadriceps?", "Four"),
            ("What does HIIT stand for?", "High-intensity interval training"),
        ].enumerated().map { index, text in
            Flashcard(
                id: fixedID(100 + index), prompt: text.0, answer: text.1,
                createdAt: testDate.addingTimeInterval(Double(index)))
        })

    static func harness(
        _ size: Size = Size(width: 80, height: 24), usesColor: Bool = true, plain: Bool = false
    ) -> Harness {
        var harness = Harness(decks: [deck], usesColor: usesColor, plain: plain, size: size)
        harness.grade(.right, .left)
        harness.wait(.milliseconds(12_300))
        return harness
    }

    @Test func theStackWithItsAnswerRevealed() {
        var harness = Self.harness()
        harness.press(.character(" "))
        expectGolden(harness.canvas(), "theStackWithItsAnswerRevealed")
    }

    @Test func theStackInASmallWindow() {
        let harness = Self.harness(Size(width: 40, height: 12))
        expectGolden(harness.canvas(), "theStackInASmallWindow")
    }

    @Test func aCardMidDragSlidesLeansAndTints() {
        var harness = Self.harness()
        let card = harness.workout.layout.card
        let start = Point(x: card.x + 20, y: card.y + 3)
        harness.mouse(.press, start)
        harness.mouse(.drag, Point(x: start.x + 12, y: start.y))
        let canvas = harness.canvas()
        expectGolden(canvas, "aCardMidDragSlidesLeansAndTints")
        // Two thirds of the way to a swipe: the border is the fourth green of six.
        let threshold = harness.workout.swipeThreshold
        #expect(threshold == 18)
        let border = canvas[card.x + 12, card.y + 6]
        #expect(border.style.foreground == .indexed(120), "\(border)")
        #expect(canvas[card.x + 12 + 1 + 20, card.y].style.foreground == .indexed(120))
        // Dragged left past the threshold: full red, and bold.
        harness.mouse(.drag, Point(x: start.x - 20, y: start.y))
        let left = harness.canvas()
        let edge = left[card.x - 20 + card.width - 1, card.y + 6]
        #expect(edge.style.foreground == .indexed(196), "\(edge)")
        #expect(edge.style.attributes.contains(.bold))
    }

    @Test func withoutColourTheCardShowsMarksAndButtons() {
        var harness = Self.harness(usesColor: false)
        let card = harness.workout.layout.card
        harness.mouse(.press, Point(x: card.x + 20, y: card.y + 3))
        harness.mouse(.drag, Point(x: card.x + 12, y: card.y + 3))
        let canvas = harness.canvas()
        expectGolden(canvas, "withoutColourTheCardShowsMarksAndButtons")
        #expect(canvas.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
        harness.mouse(.release, Point(x: card.x + 12, y: card.y + 3))
        #expect(harness.workout.correctCount == 1, "short of a third: it springs back")
        harness.click(harness.workout.layout.correctButton)
        #expect(harness.workout.correctCount == 1, "a grade before the answer shows is refused")
        harness.press(.character(" "))
        harness.click(harness.workout.layout.correctButton)
        #expect(harness.workout.correctCount == 2, "the Correct button answers")
    }

    @Test func plainModeIsLinesAScreenReaderFollows() {
        var harness = Self.harness(plain: true)
        expectGolden(harness.canvas(), "plainModeIsLinesAScreenReaderFollows-1")
        harness.press(.character(" "))
        let canvas = harness.canvas()
        expectGolden(canvas, "plainModeIsLinesAScreenReaderFollows-2")
        #expect(canvas.cells.allSatisfy { $0.style == .plain }, "no colour, no attributes")
        harness.wait(.seconds(100))
        harness.send(.resize(Size(width: 40, height: 12)))
        expectGolden(harness.canvas(), "plainModeIsLinesAScreenReaderFollows-3")
    }

    @Test func theEditor() {
        var harness = Self.harness()
        harness.press(.character("e"))
        harness.type("Wo ist der Bizeps?")
        harness.press(.enter)
        harness.type("Oberarm")
        expectGolden(harness.canvas(), "theEditor-1")
        harness.press(.tab, .tab, .down)
        harness.send(.resize(Size(width: 40, height: 12)))
        expectGolden(harness.canvas(), "theEditor-2")
        var plain = Self.harness(plain: true)
        plain.press(.character("e"))
        expectGolden(plain.canvas(), "theEditor-3")
    }

    @Test func managingDecksAndChangingCards() {
        var harness = Self.harness()
        harness.press(.character("d"), .control("n"))
        harness.type("Spanish::Verbs")
        expectGolden(harness.canvas(), "managingDecksAndChangingCards-1")
        harness.press(.enter, .control("x"))
        expectGolden(harness.canvas(), "managingDecksAndChangingCards-2")
        harness.press(.character("y"), .escape, .character("e"), .tab, .tab, .enter)
        harness.press(.tab)
        harness.send(.paste("line one\nline two"))
        expectGolden(harness.canvas(), "managingDecksAndChangingCards-3")
        harness.send(.resize(Size(width: 40, height: 12)))
        // Esc puts the answer back; Esc again closes (nothing is changed); the card is deleted.
        harness.press(.escape, .escape, .character("e"), .tab, .tab, .delete)
        expectGolden(harness.canvas(), "managingDecksAndChangingCards-4")
    }

    @Test func theEndOfASession() {
        var harness = Self.harness()
        harness.wait(.seconds(90))
        expectGolden(harness.canvas(), "theEndOfASession")
    }

    @Test func theDecksListCountsEveryDeck() {
        let big = numberedDeck(120, name: "Anatomy", id: 1)
        let old = testDate.addingTimeInterval(-40 * 86_400)
        let reviews = big.cards.prefix(8).map { FlashcardReview(cardID: $0.id, grade: .easy, reviewedAt: old) }
        var harness = Harness(decks: [Self.deck, big], reviews: Array(reviews))
        harness.press(.character("d"))
        expectGolden(harness.canvas(), "theDecksListCountsEveryDeck")
    }

    @Test func aCardWaitingForItsLearningStepAndNothingDue() {
        var waiting = Harness(decks: [numberedDeck(1)], size: Size(width: 40, height: 12))
        waiting.grade(.left)
        waiting.wait(.seconds(15))
        expectGolden(waiting.canvas(), "aCardWaitingForItsLearningStep")
        let reviews = Self.deck.cards.map { FlashcardReview(cardID: $0.id, grade: .easy, reviewedAt: testDate) }
        let nothing = Harness(decks: [Self.deck], reviews: reviews)
        expectGolden(nothing.canvas(), "nothingDue")
    }
}
