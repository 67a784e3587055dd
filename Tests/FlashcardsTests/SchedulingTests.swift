import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Flashcards

/// Scheduling as Anki users know it: the day rolls over at 4 am, a review card is due for its
/// whole day, learning cards are due 20 minutes ahead, fuzz is seeded per card, each grade shows
/// the wait it gives, and a cram says no due date moves.
@Suite struct SchedulingTests {
    private let day = 86_400.0
    private let hour = 3600.0

    /// 2026-11-14 at `hour`:`minute` UTC (testDate is 09:00 that day).
    private func at(_ hour: Int, _ minute: Int = 0, dayOffset: Int = 0) -> Date {
        let midnight = utcCalendar.startOfDay(for: testDate)
        return midnight.addingTimeInterval(Double(dayOffset) * day + Double(hour) * self.hour + Double(minute) * 60)
    }

    /// A card in review whose due date is `due`: answered Easy once, `days` days before it.
    private func reviewCard(dueAt due: Date) -> CardMemory {
        // Easy on a new card gives 8 days (S₀ = 8.2956): answer it 8 days before `due`.
        var memory = CardMemory()
        memory.record(.easy, at: due.addingTimeInterval(-8 * day), using: FSRS())
        return memory
    }

    @Test func theDayRollsOverAtFourInTheMorning() {
        let studyDay = StudyDay(calendar: utcCalendar)
        #expect(studyDay.start(of: at(9)) == at(4))
        #expect(studyDay.start(of: at(3, 59)) == at(4, dayOffset: -1), "before 4 am is still yesterday")
        #expect(studyDay.isSameDay(at(23), at(3, dayOffset: 1)))
        #expect(!studyDay.isSameDay(at(3), at(5)))
        let late = StudyDay(calendar: utcCalendar, rolloverHour: 0)
        #expect(late.start(of: at(3)) == at(0), "a rollover at midnight: the calendar's days")
    }

    @Test func aReviewCardIsDueForTheWholeDayItsDueDateFallsOn() {
        let studyDay = StudyDay(calendar: utcCalendar)
        let evening = reviewCard(dueAt: at(22))
        #expect(evening.due == at(22))
        #expect(studyDay.isDue(evening, at: at(4)), "due from the day's start, not at 22:00")
        #expect(!studyDay.isDue(evening, at: at(3, 59)), "not the day before")
        let smallHours = reviewCard(dueAt: at(2, dayOffset: 1))
        #expect(studyDay.isDue(smallHours, at: at(9)), "2 am belongs to the day before it")
        #expect(!studyDay.isDue(reviewCard(dueAt: at(5, dayOffset: 1)), at: at(23)))
    }

    @Test func aLearningCardIsDueTwentyMinutesAhead() {
        let studyDay = StudyDay(calendar: utcCalendar)
        var memory = CardMemory()
        memory.record(.good, at: at(9), using: FSRS())  // the 10-minute step
        #expect(memory.isLearning)
        #expect(studyDay.isDue(memory, at: at(9)), "10 minutes away is within the learn-ahead")
        var longer = CardMemory()
        longer.record(.good, at: at(9), using: FSRS(learningSteps: [60, 3600]))
        #expect(!studyDay.isDue(longer, at: at(9, 39)), "21 minutes before its step")
        #expect(studyDay.isDue(longer, at: at(9, 40)))
        #expect(!StudyDay(calendar: utcCalendar, learnAhead: 0).isDue(memory, at: at(9, 9)))
    }

    @Test func theDecksTableCountsLearningCardsAndFollowsTheProfilesSchedulingSettings() throws {
        let french = FlashcardDeck(
            id: fixedID(0), name: "Lang::French", createdAt: testDate, cards: numberedDeck(3).cards)
        let reviews = [
            // A learning card whose ten-minute step ends in nine minutes: due (learn-ahead).
            FlashcardReview(cardID: french.cards[0].id, grade: .good, reviewedAt: testDate.addingTimeInterval(-60)),
            // Easy three days ago: 8 days at 90 % retention, about a day at 99 %.
            FlashcardReview(
                cardID: french.cards[1].id, grade: .easy, reviewedAt: testDate.addingTimeInterval(-3 * day)),
        ]
        let tree = DeckTree([french])
        let standard = tree.table(schedule: ReviewSchedule(reviews: reviews, settings: Settings()), at: testDate)
        #expect(standard == "deck\tnotes\tcards\tdue\nLang\t3\t3\t1\nLang::French\t3\t3\t1\n")
        var settings = Settings()
        try settings.setValue(99, for: .flashcardsRetention)
        let strict = tree.table(schedule: ReviewSchedule(reviews: reviews, settings: settings), at: testDate)
        #expect(strict == "deck\tnotes\tcards\tdue\nLang\t3\t3\t2\nLang::French\t3\t3\t2\n")
    }

    @Test func learningCardsAreCountedAndTheQueueServesThoseAheadLast() {
        let deck = numberedDeck(4)
        let reviews = [
            FlashcardReview(cardID: deck.cards[0].id, grade: .good, reviewedAt: testDate.addingTimeInterval(-60)),
            FlashcardReview(cardID: deck.cards[1].id, grade: .again, reviewedAt: testDate.addingTimeInterval(-120)),
        ]
        let schedule = ReviewSchedule(reviews: reviews, day: utcDay)
        #expect(schedule.dueCount(of: deck.cards, at: testDate) == 2, "both steps end within 20 minutes")
        var random: SeededRandom?
        let queue = StudyQueue(deck.cards, schedule: schedule, at: testDate, newCardsPerDay: 20, random: &random)
        #expect(queue.due.map(\.prompt) == ["Q2"], "its one-minute step is over")
        #expect(queue.new.map(\.prompt) == ["Q3", "Q4"])
        #expect(queue.ahead.map(\.prompt) == ["Q1"], "9 minutes ahead: after everything else")
        let slow = ReviewSchedule(reviews: reviews, fsrs: FSRS(learningSteps: [60, 3600]), day: utcDay)
        let later = slow.learningLater(of: deck.cards, at: testDate)
        #expect(later?.count == 1)
        #expect(later?.next == testDate.addingTimeInterval(3540))
    }

    @Test func fuzzIsSeededPerCardAndStaysInAnkisRange() {
        let fuzzy = FSRS(fuzzes: true)
        #expect(FSRS().fuzzed(50, seed: 1) == 50, "off unless asked for")
        #expect(fuzzy.fuzzed(2, seed: 1) == 2, "under 2.5 days nothing moves")
        for days in [3, 8, 50, 400] {
            let drawn = Set((0..<200).map { fuzzy.fuzzed(days, seed: UInt64($0)) })
            // ±(1 + 15 % of 2.5…7 + 10 % of 7…20 + 5 % beyond), as py-fsrs and Anki.
            let delta =
                1 + 0.15 * (min(Double(days), 7) - 2.5) + 0.1 * max(0, min(Double(days), 20) - 7)
                + 0.05 * max(0, Double(days) - 20)
            #expect(drawn.count > 1, "\(days) days: \(drawn.sorted())")
            #expect(drawn.allSatisfy { abs(Double($0 - days)) <= delta + 0.5 }, "\(days) days: \(drawn.sorted())")
        }
        #expect(fuzzy.fuzzed(50, seed: 9) == fuzzy.fuzzed(50, seed: 9))
        #expect(FSRS(maximumInterval: 30, fuzzes: true).fuzzed(30, seed: 3) <= 30)
        // A card's answer draws the same interval whenever it is replayed; another card may not.
        let one = UUID()
        let reviews = [
            FlashcardReview(cardID: one, grade: .easy, reviewedAt: testDate),
            FlashcardReview(cardID: one, grade: .good, reviewedAt: testDate.addingTimeInterval(9 * day)),
        ]
        let first = CardMemory(replaying: reviews, using: fuzzy)
        #expect(first == CardMemory(replaying: reviews, using: fuzzy))
        let intervals = Set(
            (0..<30).map { _ in
                let card = UUID()
                return CardMemory(
                    replaying: reviews.map {
                        FlashcardReview(cardID: card, grade: $0.grade, reviewedAt: $0.reviewedAt)
                    }, using: fuzzy
                ).intervalDays
            })
        #expect(intervals.count > 1, "different cards spread out: \(intervals.sorted())")
    }

    @Test func theWaitAGradeShowsIsTheWaitItGives() {
        let card = UUID()
        let fuzzy = FSRS(fuzzes: true)
        var schedule = ReviewSchedule(
            reviews: [FlashcardReview(cardID: card, grade: .good, reviewedAt: testDate - 20 * day)], fsrs: fuzzy)
        schedule.record(.good, card: card, at: testDate - 19 * day)
        for grade in ReviewGrade.allCases {
            var after = schedule
            let shown = schedule.wait(after: grade, of: card, at: testDate)
            after.record(grade, card: card, at: testDate)
            #expect(after[card].due == testDate.addingTimeInterval(shown), "\(grade)")
        }
    }

    @Test func spansReadAsAnkisButtons() {
        #expect(FlashcardsWorkout.span(60) == "1m")
        #expect(FlashcardsWorkout.span(330) == "6m", "5.5 minutes rounds up as Anki shows it")
        #expect(FlashcardsWorkout.span(600) == "10m")
        #expect(FlashcardsWorkout.span(3 * hour) == "3h")
        #expect(FlashcardsWorkout.span(8 * day) == "8d")
        #expect(FlashcardsWorkout.span(45 * day) == "1.5mo")
        #expect(FlashcardsWorkout.span(730 * day) == "2y")
    }

    @Test func eachGradeShowsItsIntervalOnceTheAnswerShows() {
        var harness = Harness(decks: [numberedDeck(3)])
        #expect(!harness.frame().contains { $0.contains("Again 1m") }, "not before the answer shows")
        harness.press(.character(" "))
        #expect(harness.frame().contains { $0.contains("1 Again 1m · 2 Hard 6m · 3 Good 10m · 4 Easy 8d") })
        harness.press(.character("c"))
        harness.press(.character(" "))
        #expect(harness.frame().contains { $0.contains("Cram: grades move no due dates") })
        var plain = Harness(decks: [numberedDeck(3)], plain: true)
        plain.press(.character(" "))
        #expect(plain.frame().contains("Grades: 1 Again 1m · 2 Hard 6m · 3 Good 10m · 4 Easy 8d"))
    }

    @Test func aLearningCardComesBackAtItsStepOrAtOnceWhenNothingElseIsLeft() {
        var harness = Harness(decks: [numberedDeck(3)], learnAhead: StudyDay.defaultLearnAhead)
        harness.grade(.character("1"))  // Q1: the one-minute step
        #expect(harness.prompts == ["Q2", "Q3"])
        #expect(harness.waitingPrompts == ["Q1"])
        harness.wait(.seconds(61))
        #expect(harness.prompts == ["Q2", "Q1", "Q3"], "back after its step, behind the card on screen")
        harness.grade(.character("3"), .character("1"))  // Q2 to its 10-minute step; Q1 again
        harness.grade(.character("3"))  // Q3 to its 10-minute step; nothing else is left
        #expect(harness.prompts == ["Q1"], "Q1's minute is within the learn-ahead: it comes at once")
        #expect(harness.waitingPrompts == ["Q2", "Q3"])
        #expect(!harness.workout.isOver(at: harness.now))
    }

    @Test func theSchedulingSheetChangesRetentionMaximumIntervalAndTheDaysHour() {
        var harness = Harness(decks: [numberedDeck(3)])
        harness.press(.character("o"))
        guard case .scheduling(let opened) = harness.workout.sheet else {
            Issue.record("o opens the scheduling sheet")
            return
        }
        #expect(
            opened.lines == [
                "Desired retention  90 %", "Maximum interval   36500 days (100y)", "Day starts at      4:00",
            ])
        expectGolden(harness.canvas(), "theSchedulingSheet")
        // Retention: 90 → 85 %, never under 70.
        harness.press(.left, .left, .left, .left, .left)
        harness.press(.down, .left, .left)  // 36,500 → 3,650 → 1,825 days
        harness.press(.down, .right, .right)  // 4 → 6 am
        for _ in 0..<30 { harness.press(.character("+")) }
        guard case .scheduling(let changed) = harness.workout.sheet else {
            Issue.record("the sheet stays open while it is changed")
            return
        }
        #expect(changed.retentionPercent == 85 && changed.maximumInterval == 1825 && changed.dayStartsAt == 23)
        harness.press(.up, .up)
        for _ in 0..<40 { harness.press(.left) }
        harness.press(.down)
        for _ in 0..<20 { harness.press(.left) }
        let outputs = harness.press(.enter)
        #expect(harness.workout.sheet == nil)
        #expect(
            outputs == [
                .keepSettings([
                    "flashcards.desiredRetention": .number(70), "flashcards.maximumInterval": .number(7),
                    "flashcards.dayStartsAt": .number(23),
                ])
            ])
        #expect(harness.workout.study.fsrs.desiredRetention == 0.7)
        #expect(harness.workout.schedule.fsrs.maximumInterval == 7, "the next answers are scheduled with it")
        #expect(harness.workout.schedule.day.rolloverHour == 23)
        // Esc leaves everything as it was.
        harness.press(.character("o"), .right, .escape)
        #expect(harness.workout.sheet == nil)
        #expect(harness.workout.study.fsrs.desiredRetention == 0.7)
        // Easy on a new card: 8 days at retention 0.9, at most 7 now.
        harness.press(.character(" "))
        #expect(harness.frame().contains { $0.contains("4 Easy 7d") })
    }
}
