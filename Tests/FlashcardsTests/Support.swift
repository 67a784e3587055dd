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

/// A workout driven by a test clock: `now` moves only when the test says so; the wall clock is
/// `testDate` plus the same amount.
struct Harness {
    var workout: FlashcardsWorkout
    var now = Instant(nanoseconds: 1_000_000_000_000)
    /// Everything the workout asked for, in order.
    var outputs: [FlashcardsWorkout.Output] = []

    init(
        decks: [FlashcardDeck] = [numberedDeck(3)], reviews: [FlashcardReview] = [], seconds: Int = 100,
        reducesMotion: Bool = true, usesColor: Bool = true, plain: Bool = false,
        size: Size = Size(width: 80, height: 24)
    ) {
        let identifiers = Identifiers()
        workout = FlashcardsWorkout(
            decks: decks, reviews: .success(reviews), sessionLength: .seconds(seconds),
            display: .init(reducesMotion: reducesMotion, usesColor: usesColor, plain: plain), wallClock: { testDate },
            makeIdentifier: { identifiers.make() })
        send(.resize(size))
    }

    /// Sends one event now; returns what came out of it.
    @discardableResult
    mutating func send(_ event: Event) -> [FlashcardsWorkout.Output] {
        let result = workout.handle(event, at: now)
        outputs += result
        return result
    }

    /// Presses keys one after another.
    @discardableResult
    mutating func press(_ keys: Key...) -> [FlashcardsWorkout.Output] {
        keys.flatMap { send(.key($0)) }
    }

    /// Types each character as a key.
    mutating func type(_ text: String) {
        for character in text { send(.key(.character(character))) }
    }

    /// A mouse event at a point.
    @discardableResult
    mutating func mouse(_ kind: MouseEvent.Kind, _ point: Point) -> [FlashcardsWorkout.Output] {
        send(.mouse(MouseEvent(kind, at: point)))
    }

    /// Clicks (a release) at the middle of `rect`.
    @discardableResult
    mutating func click(_ rect: Rect) -> [FlashcardsWorkout.Output] {
        mouse(.release, Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2))
    }

    /// Presses on the top card's middle, drags `columns` sideways in steps, and releases there.
    @discardableResult
    mutating func drag(by columns: Int) -> [FlashcardsWorkout.Output] {
        let card = workout.layout.card
        let start = Point(x: card.x + card.width / 2, y: card.y + card.height / 2)
        var result = mouse(.press, start)
        let steps = max(1, abs(columns))
        for step in 1...steps {
            result += mouse(.drag, Point(x: start.x + columns * step / steps, y: start.y))
        }
        return result + mouse(.release, Point(x: start.x + columns, y: start.y))
    }

    /// Moves the clock on and delivers a tick, as the run loop does at a deadline.
    mutating func advance(by duration: Duration) {
        now = now + duration
        send(.tick)
    }

    /// The prompts of the stack, top first.
    var prompts: [String] { workout.stack.map(\.prompt) }

    /// The screen as text rows.
    func frame(_ size: Size? = nil) -> [String] { canvas(size).lines() }

    /// The screen as cells.
    func canvas(_ size: Size? = nil) -> Canvas {
        var composition = Composition(size: size ?? workout.size)
        workout.render(into: &composition, at: now)
        return composition.flatten()
    }

    /// The reviews saved so far.
    var savedReviews: [FlashcardReview] {
        outputs.compactMap { output in
            if case .saveReview(let review, _) = output { return review }
            return nil
        }
    }
}
