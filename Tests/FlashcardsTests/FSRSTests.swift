import Foundation
import Records
import TestSupport
import Testing

@testable import Flashcards

/// FSRS-6 against the values the reference implementation publishes for its default parameters,
/// no fuzz, retention 0.9 and Anki's steps (1 min 10 min, relearning 10 min): py-fsrs 6.3.1
/// (open-spaced-repetition/py-fsrs), tests/test_basic.py, `test_review_card`, `test_memo_state`,
/// `test_repeated_correct_reviews` and the learning-step tests.
@Suite struct FSRSTests {
    private let day = 86_400.0
    private let start = Date(timeIntervalSince1970: 1_669_725_000)  // 2022-11-29 12:30 UTC

    @Test func theReferenceIntervalsOfAReviewSequence() {
        // test_review_card: each answer is given when the card falls due.
        let grades: [ReviewGrade] = [
            .good, .good, .good, .good, .good, .good, .again, .again, .good, .good, .good, .good, .good,
        ]
        var memory = CardMemory()
        var date = start
        var intervals: [Int] = []
        for grade in grades {
            memory.record(grade, at: date, using: FSRS())
            intervals.append(memory.intervalDays)
            date = memory.due ?? date
        }
        #expect(intervals == [0, 2, 11, 46, 163, 498, 0, 0, 2, 4, 7, 12, 21])
    }

    @Test func theReferenceStabilityAndDifficulty() {
        // test_memo_state: Again, then Good 0, 1, 3, 8 and 21 days apart.
        let grades: [ReviewGrade] = [.again, .good, .good, .good, .good, .good]
        let gaps = [0.0, 0, 1, 3, 8, 21]
        var memory = CardMemory()
        var date = start
        for (grade, gap) in zip(grades, gaps) {
            date = date.addingTimeInterval(gap * day)
            memory.record(grade, at: date, using: FSRS())
        }
        #expect(abs(memory.stability - 53.62691) < 1e-4, "stability \(memory.stability)")
        #expect(abs(memory.difficulty - 6.3574867) < 1e-4, "difficulty \(memory.difficulty)")
    }

    @Test func easyAgainAndAgainBringsTheDifficultyToItsFloor() {
        // test_repeated_correct_reviews: ten Easy answers a microsecond apart.
        var memory = CardMemory()
        for index in 0..<10 { memory.record(.easy, at: start.addingTimeInterval(Double(index) * 1e-6), using: FSRS()) }
        #expect(memory.difficulty == 1)
    }

    @Test func aNewCardsLearningSteps() {
        func wait(after grades: [ReviewGrade]) -> TimeInterval? {
            var memory = CardMemory()
            var date = start
            for grade in grades {
                memory.record(grade, at: date, using: FSRS())
                date = memory.due ?? date
            }
            return memory.due.map { $0.timeIntervalSince(memory.lastReviewed ?? start) }
        }
        #expect(wait(after: [.again]) == 60, "Again: the first step, 1 minute")
        #expect(wait(after: [.hard]) == 330, "Hard on the first step: between the two, 5.5 minutes")
        #expect(wait(after: [.good]) == 600, "Good: the second step, 10 minutes")
        #expect((wait(after: [.good, .good]) ?? 0) >= day, "Good on the last step: a day or more")
        #expect((wait(after: [.easy]) ?? 0) >= day, "Easy: out of learning at once")
        #expect(wait(after: [.good, .good, .again]) == 600, "a forgotten card relearns in 10 minutes")
    }

    @Test func answeringACardSeveralTimesInOneDayDoesNotPushItOut() {
        // A card in review, answered Good three times in one evening (three Start Again passes):
        // its stability grows by FSRS's same-day rule only, so it is due about as far out as
        // after the first answer, not 1 → 6 → 15 days as SM-2 did.
        var memory = CardMemory(
            replaying: [
                FlashcardReview(cardID: UUID(), grade: .good, reviewedAt: start),
                FlashcardReview(cardID: UUID(), grade: .good, reviewedAt: start.addingTimeInterval(600)),
            ])
        let evening = start.addingTimeInterval(3 * day)
        memory.record(.good, at: evening, using: FSRS())
        let first = memory.intervalDays
        memory.record(.good, at: evening.addingTimeInterval(300), using: FSRS())
        memory.record(.good, at: evening.addingTimeInterval(600), using: FSRS())
        #expect(first >= 2)
        #expect(
            memory.intervalDays <= first + 1,
            "\(first) days after the first pass, \(memory.intervalDays) after the third")
    }

    @Test func cramAnswersAreIgnoredByTheScheduler() {
        let card = UUID()
        let studied = FlashcardReview(cardID: card, grade: .good, reviewedAt: start)
        let crammed = (1...5).map {
            FlashcardReview(
                cardID: card, grade: .easy, reviewedAt: start.addingTimeInterval(Double($0) * 60), isCram: true)
        }
        #expect(ReviewSchedule(reviews: [studied] + crammed)[card] == ReviewSchedule(reviews: [studied])[card])
        var schedule = ReviewSchedule(reviews: [studied])
        schedule.record(.easy, card: card, at: start.addingTimeInterval(60), isCram: true)
        #expect(schedule[card] == CardMemory(replaying: [studied]))
    }

    @Test func intervalsStopAtTheMaximum() {
        let fsrs = FSRS(maximumInterval: 30)
        #expect(fsrs.interval(stability: 1000) == 30)
        #expect(fsrs.interval(stability: 0.01) == 1, "never less than a day")
        #expect(FSRS().interval(stability: 10) == 10, "at retention 0.9 the interval is the stability")
    }
}
