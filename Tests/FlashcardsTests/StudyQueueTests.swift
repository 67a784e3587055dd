import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Flashcards

/// What a session serves: the cards due, then new cards up to the day's limit, each group
/// shuffled by the injected generator; and what the decks list and plain mode say about it.
@Suite struct StudyQueueTests {
    private let day = 86_400.0

    /// Q1 reviewed (Easy) four days ago and due; Q2 answered Easy today, not due; the rest new.
    private func reviews(_ deck: FlashcardDeck) -> [FlashcardReview] {
        [
            FlashcardReview(cardID: deck.cards[0].id, grade: .easy, reviewedAt: testDate.addingTimeInterval(-40 * day)),
            FlashcardReview(cardID: deck.cards[1].id, grade: .easy, reviewedAt: testDate),
        ]
    }

    @Test func dueCardsComeFirstThenNewOnesAndNewCardsAreNotDue() {
        let deck = numberedDeck(5)
        let schedule = ReviewSchedule(reviews: reviews(deck), day: utcDay)
        var random: SeededRandom?
        let queue = StudyQueue(
            deck.cards, schedule: schedule, at: testDate, newCardsPerDay: 20, random: &random)
        #expect(queue.due.map(\.prompt) == ["Q1"])
        #expect(queue.new.map(\.prompt) == ["Q3", "Q4", "Q5"])
        #expect(queue.cards.map(\.prompt) == ["Q1", "Q3", "Q4", "Q5"])
        #expect(schedule.dueCount(of: deck.cards, at: testDate) == 1, "new cards are not counted as due")
        #expect(schedule.newCount(of: deck.cards) == 3)
    }

    @Test func atMostTheDailyLimitOfNewCardsCountingThoseAlreadyIntroducedToday() {
        let deck = numberedDeck(30)
        var random: SeededRandom?
        let fresh = StudyQueue(
            deck.cards, schedule: ReviewSchedule(day: utcDay), at: testDate, newCardsPerDay: 20,
            random: &random)
        #expect(fresh.new.count == 20)
        // Five cards were first answered earlier today, one yesterday: 15 new ones are left today.
        let earlier = (0..<5).map {
            FlashcardReview(cardID: deck.cards[$0].id, grade: .good, reviewedAt: testDate.addingTimeInterval(-3600))
        }
        let yesterday = FlashcardReview(cardID: deck.cards[5].id, grade: .good, reviewedAt: testDate - day)
        let schedule = ReviewSchedule(reviews: earlier + [yesterday], day: utcDay)
        let later = StudyQueue(
            deck.cards, schedule: schedule, at: testDate, newCardsPerDay: 20, random: &random)
        #expect(later.new.count == 15)
        #expect(later.new.first?.prompt == "Q7")
        let none = StudyQueue(
            deck.cards, schedule: schedule, at: testDate, newCardsPerDay: 0, random: &random)
        #expect(none.new.isEmpty)
    }

    @Test func eachGroupIsShuffledTheSameWayForTheSameSeed() {
        let deck = numberedDeck(12)
        let old = testDate.addingTimeInterval(-40 * day)
        let schedule = ReviewSchedule(
            reviews: (0..<6).map { FlashcardReview(cardID: deck.cards[$0].id, grade: .easy, reviewedAt: old) })
        func order(seed: UInt64) -> StudyQueue {
            var random: SeededRandom? = SeededRandom(seed: seed)
            return StudyQueue(
                deck.cards, schedule: schedule, at: testDate, newCardsPerDay: 20,
                random: &random)
        }
        let first = order(seed: 7)
        #expect(first == order(seed: 7), "deterministic for a seed")
        #expect(Set(first.due.map(\.prompt)) == Set((1...6).map { "Q\($0)" }), "due first, shuffled among themselves")
        #expect(Set(first.new.map(\.prompt)) == Set((7...12).map { "Q\($0)" }))
        #expect(first.due.map(\.prompt) != (1...6).map { "Q\($0)" }, "not the deck's order")
        #expect((1...5).map { order(seed: $0).cards }.count(where: { $0 != first.cards }) > 0)
    }

    @Test func aSessionServesAtMostTheDailyLimitAndShufflesWithItsSeed() {
        var harness = Harness(decks: [numberedDeck(8)], newCardsPerDay: 5, seed: 42)
        #expect(harness.workout.stack.count == 5)
        #expect(harness.workout.newCount == 5)
        let first = harness.prompts
        #expect(first != ["Q1", "Q2", "Q3", "Q4", "Q5"])
        #expect(Harness(decks: [numberedDeck(8)], newCardsPerDay: 5, seed: 42).prompts == first)
        // Five introduced today: Start Again has no new card left, so it crams.
        harness.grade(.character("4"), .character("4"), .character("4"), .character("4"), .character("4"))
        #expect(harness.workout.isOver(at: harness.now))
        #expect(harness.workout.nextMode == .cram)
    }

    @Test func theKeysOneToFourGiveTheFourGrades() {
        var harness = Harness(decks: [numberedDeck(4)])
        harness.grade(.character("1"), .character("2"), .character("3"), .character("4"))
        #expect(harness.savedReviews.map(\.grade) == [.again, .hard, .good, .easy])
        #expect(harness.workout.correctCount == 3)
        #expect(harness.workout.wrongCount == 1)
        #expect(
            harness.waitingPrompts == ["Q1"], "Again waits a minute, within the session; Hard 5.5 minutes, after it")
    }

    @Test func theDecksListCountsCardsDueAndNewForEveryDeck() {
        let first = numberedDeck(3)
        let second = numberedDeck(30, name: "Big", id: 1)
        let old = testDate.addingTimeInterval(-40 * day)
        let reviews = [
            FlashcardReview(cardID: second.cards[0].id, grade: .easy, reviewedAt: old),
            FlashcardReview(cardID: second.cards[1].id, grade: .easy, reviewedAt: old),
        ]
        var harness = Harness(decks: [first, second], reviews: reviews)
        harness.press(.character("d"))
        guard case .decks(let picker) = harness.workout.sheet else {
            Issue.record("d opens the decks")
            return
        }
        #expect(picker.entries.map(\.due) == [0, 2], "the deck not in use has its due count too")
        #expect(picker.entries.map(\.new) == [3, 20], "new cards up to the day's limit, not counted as due")
        let frame = harness.frame()
        #expect(frame.contains { $0.contains("Numbers") && $0.contains("3 cards · 0 due · 3 new") })
        #expect(frame.contains { $0.contains("Big") && $0.contains("30 cards · 2 due · 20 new") })
    }
}

/// Plain mode for a screen reader: labelled lines, and a time line that changes once a minute
/// and in each of the last 10 seconds instead of every second.
@Suite struct PlainModeTests {
    @Test func everyLineIsLabelled() {
        var harness = Harness(decks: [numberedDeck(3)], plain: true)
        harness.grade(.right)
        harness.press(.character(" "))
        let frame = harness.frame()
        #expect(
            frame.prefix(6) == [
                "Flashcards: Numbers, 3 cards (0 due, 3 new)", "Time left: 1:40", "Score: 1 recalled, 0 again, 2 left",
                "Card 2 of 3", "Prompt: Q2", "Answer: A2",
            ])
    }

    @Test func theTimeIsSaidAtWholeMinutesAndInTheLastTenSeconds() {
        var harness = Harness(decks: [numberedDeck(3)], seconds: 150, plain: true)
        var said: [String] = []
        for _ in 0...150 {
            let line = harness.frame().first { $0.hasPrefix("Time left:") } ?? ""
            if said.last != line { said.append(line) }
            harness.wait(.seconds(1))
        }
        #expect(
            said == [
                "Time left: 2:30", "Time left: under 2:30", "Time left: under 2:00", "Time left: under 1:00",
                "Time left: 0:10", "Time left: 0:09", "Time left: 0:08", "Time left: 0:07", "Time left: 0:06",
                "Time left: 0:05", "Time left: 0:04", "Time left: 0:03", "Time left: 0:02", "Time left: 0:01",
                "Time left: 0:00",
            ])
    }
}
