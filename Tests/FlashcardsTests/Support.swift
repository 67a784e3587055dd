import Foundation
import Records
import Synchronization
import TermUI
import TestSupport
import Testing

@testable import Flashcards

/// A fixed identifier ending in `number` (in the ...9000 range, apart from the generated ones).
func fixedID(_ number: Int) -> UUID {
    UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", 9000 + number)) ?? UUID()
}

/// A deck of `count` cards "Q1"/"A1", "Q2"/"A2", …
func numberedDeck(_ count: Int, name: String = "Numbers", id: Int = 0) -> FlashcardDeck {
    FlashcardDeck(
        id: fixedID(id), name: name, createdAt: testDate,
        cards: (0..<count).map { index in
            Flashcard(
                id: fixedID(100 + id * 100 + index), prompt: "Q\(index + 1)", answer: "A\(index + 1)",
                createdAt: testDate.addingTimeInterval(Double(index)))
        })
}

/// The Gregorian calendar in UTC, so that days end at the same moment wherever the tests run.
let utcCalendar: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
}()

/// Study days of the UTC calendar that begin at 4 am (Anki's default hour).
let utcDay = StudyDay(calendar: utcCalendar)

/// A flashcard workout driven by a test clock (TestSupport's `WorkoutDriver`); the wall clock is
/// `testDate`. Without learn-ahead unless asked (SchedulingTests), so a card's 10-minute step
/// falls after a 100-second session as the stack tests expect.
typealias Harness = WorkoutDriver<FlashcardsWorkout>

extension WorkoutDriver where Model == FlashcardsWorkout {
    init(
        decks: [FlashcardDeck] = [numberedDeck(3)], reviews: [FlashcardReview] = [], seconds: Int = 100,
        reducesMotion: Bool = true, usesColor: Bool = true, plain: Bool = false,
        size: Size = Size(width: 80, height: 24), newCardsPerDay: Int = 20, seed: UInt64? = nil,
        learnAhead: TimeInterval = 0
    ) {
        let identifiers = Identifiers()
        self.init(
            FlashcardsWorkout(
                decks: decks, reviews: .success(reviews), sessionLength: .seconds(seconds),
                display: .init(reducesMotion: reducesMotion, usesColor: usesColor, plain: plain),
                study: .init(
                    newCardsPerDay: newCardsPerDay, random: seed.map(SeededRandom.init),
                    day: StudyDay(calendar: utcCalendar, learnAhead: learnAhead)),
                wallClock: { testDate }, makeIdentifier: { identifiers.make() }),
            size: size)
    }

    /// Shows the top card's answer if it is hidden (a grade takes a card only once it shows).
    mutating func showAnswer() {
        if !workout.isRevealed && workout.acceptsAnswers(at: now) { press(.character(" ")) }
    }

    /// Presses each key as a grade: Space first while the top card's answer is hidden.
    @discardableResult
    mutating func grade(_ keys: Key...) -> [FlashcardsWorkout.Output] {
        var outputs: [FlashcardsWorkout.Output] = []
        for key in keys {
            showAnswer()
            outputs += press(key)
        }
        return outputs
    }

    /// Shows the answer, presses on the top card's middle, drags `columns` sideways in steps, and
    /// releases there.
    @discardableResult
    mutating func drag(by columns: Int, showingAnswer: Bool = true) -> [FlashcardsWorkout.Output] {
        if showingAnswer { showAnswer() }
        let card = workout.layout.card
        let start = Point(x: card.x + card.width / 2, y: card.y + card.height / 2)
        var result = mouse(.press, start)
        let steps = max(1, abs(columns))
        for step in 1...steps {
            result += mouse(.drag, Point(x: start.x + columns * step / steps, y: start.y))
        }
        return result + mouse(.release, Point(x: start.x + columns, y: start.y))
    }

    /// The prompts of the stack, top first.
    var prompts: [String] { workout.stack.map(\.prompt) }

    /// The prompts of the cards waiting for their learning step, soonest first.
    var waitingPrompts: [String] { workout.waiting.map(\.card.prompt) }

    /// The reviews saved so far.
    var savedReviews: [FlashcardReview] {
        outputs.compactMap { output in
            if case .save(.flashcardReview(let review, _)) = output { return review }
            return nil
        }
    }
}
