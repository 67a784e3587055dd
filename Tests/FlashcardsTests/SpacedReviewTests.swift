import Foundation
import Records
import TestSupport
import Testing

@testable import Flashcards

/// SM-2 (Wozniak 1990): the published intervals and E-Factor changes, and the order of a session.
@Suite struct SpacedReviewTests {
    private let day = 86_400.0

    /// The intervals after each of `qualities`, answered on the day each interval ends.
    private func intervals(_ qualities: [Int]) -> [Int] {
        var schedule = SpacedReview()
        var date = testDate
        return qualities.map { quality in
            schedule.record(quality: quality, at: date)
            date = date.addingTimeInterval(Double(schedule.intervalDays) * day)
            return schedule.intervalDays
        }
    }

    @Test func thePublishedIntervals() {
        // I(1) = 1, I(2) = 6, I(n) = I(n-1) × EF; with q = 4 the E-Factor stays 2.5:
        // 6 × 2.5 = 15, 15 × 2.5 = 37.5 → 38 (rounded up), 38 × 2.5 = 95.
        #expect(intervals([4, 4, 4, 4, 4]) == [1, 6, 15, 38, 95])
        // With q = 5 the E-Factor grows by 0.1 after each answer: 6 × 2.7 = 16.2 → 17, 17 × 2.8 = 47.6 → 48.
        #expect(intervals([5, 5, 5, 5]) == [1, 6, 17, 48])
    }

    @Test func theEFactorFormula() {
        // EF' = EF + (0.1 − (5 − q) × (0.08 + (5 − q) × 0.02)) for q = 5 … 0.
        let changes = (0...5).reversed().map { SpacedReview.easiness(after: $0, from: 2.5) - 2.5 }
        let expected = [0.1, 0, -0.14, -0.32, -0.54, -0.8]
        for (change, want) in zip(changes, expected) { #expect(abs(change - want) < 1e-9) }
        #expect(SpacedReview.easiness(after: 0, from: 1.5) == 1.3, "never below 1.3")
    }

    @Test func aFailureStartsTheRepetitionsAgain() {
        var schedule = SpacedReview()
        for quality in [4, 4, 4] { schedule.record(quality: quality, at: testDate) }
        #expect(schedule.intervalDays == 15)
        schedule.record(quality: 2, at: testDate)
        #expect(schedule.repetitions == 0)
        #expect(schedule.intervalDays == 1)
        #expect(abs(schedule.easiness - 2.18) < 1e-9)
        schedule.record(quality: 4, at: testDate)
        schedule.record(quality: 4, at: testDate)
        schedule.record(quality: 4, at: testDate)
        #expect(schedule.intervalDays == 14, "6 × 2.18 = 13.08 → 14")
    }

    @Test func swipesAreGradedFourAndTwoAndReplayFromTheLog() {
        #expect(SpacedReview.quality(of: .correct) == 4)
        #expect(SpacedReview.quality(of: .wrong) == 2)
        let card = UUID()
        let reviews = [
            FlashcardReview(cardID: card, outcome: .correct, reviewedAt: testDate.addingTimeInterval(7 * day)),
            FlashcardReview(cardID: card, outcome: .correct, reviewedAt: testDate),
        ]
        let schedule = SpacedReview(replaying: reviews)
        #expect(schedule.intervalDays == 6, "replayed oldest first")
        #expect(schedule.due == testDate.addingTimeInterval(13 * day))
        #expect(!schedule.isDue(at: testDate.addingTimeInterval(12 * day)))
        #expect(schedule.isDue(at: testDate.addingTimeInterval(13 * day)))
        #expect(SpacedReview().isDue(at: testDate), "a new card is due")
    }

    @Test func aSessionServesDueCardsThenNewOnesThenTheRest() {
        let deck = numberedDeck(5).cards
        let reviews = [
            // Q1: due in 6 days; Q2: due yesterday; Q3: due two days ago; Q4, Q5 new.
            FlashcardReview(cardID: deck[0].id, outcome: .correct, reviewedAt: testDate.addingTimeInterval(-1 * day)),
            FlashcardReview(cardID: deck[0].id, outcome: .correct, reviewedAt: testDate),
            FlashcardReview(cardID: deck[1].id, outcome: .wrong, reviewedAt: testDate.addingTimeInterval(-2 * day)),
            FlashcardReview(cardID: deck[2].id, outcome: .correct, reviewedAt: testDate.addingTimeInterval(-3 * day)),
        ]
        let schedule = ReviewSchedule(reviews: reviews)
        #expect(schedule.ordered(deck, at: testDate).map(\.prompt) == ["Q3", "Q2", "Q4", "Q5", "Q1"])
        #expect(schedule.ordered(deck, at: testDate, dueOnly: true).map(\.prompt) == ["Q3", "Q2", "Q4", "Q5"])
        #expect(schedule.dueCount(of: deck, at: testDate) == 4)
    }
}
