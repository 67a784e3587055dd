import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One answer of Anki's review log (`revlog`): when a card was answered and with which button.
public struct PastAnswer: Hashable, Sendable {
    /// When the card was answered.
    public var answeredAt: Date
    /// The button pressed.
    public var grade: ReviewGrade
    /// Answered in a filtered deck that does not reschedule (Anki's cram): kept, but it moves no
    /// due date, as in TermFit's cram sessions.
    public var isCram: Bool

    public init(answeredAt: Date, grade: ReviewGrade, isCram: Bool = false) {
        self.answeredAt = answeredAt
        self.grade = grade
        self.isCram = isCram
    }
}

/// Anki's review log read as the answers FSRS replays, the way Anki itself picks them to work
/// out a card's memory: entries without a button (ease 0: a manual reschedule, a "set due date")
/// are not answers; a "forget" (reset to new) drops every answer before it; an answer in a
/// filtered deck that does not reschedule is a cram answer.
public enum AnkiReviewLog {
    /// One row of `revlog`.
    public struct Entry: Hashable, Sendable {
        /// The row's id: milliseconds since 1970, when the card was answered.
        public var id: Int64
        /// 0 none (a manual change), 1 Again, 2 Hard, 3 Good, 4 Easy.
        public var ease: Int
        /// 0 learning, 1 review, 2 relearning, 3 filtered, 4 manual, 5 rescheduled.
        public var kind: Int
        /// The interval it gave (days when positive, seconds when negative).
        public var interval: Int
        /// The ease factor it gave (0 in a filtered deck that does not reschedule, and for a reset).
        public var factor: Int

        public init(id: Int64, ease: Int, kind: Int, interval: Int = 0, factor: Int = 0) {
            self.id = id
            self.ease = ease
            self.kind = kind
            self.interval = interval
            self.factor = factor
        }
    }

    /// The most answers kept of one card (a card answered more often keeps its newest).
    public static let maximumAnswers = 10_000

    /// The answers of one card's `entries` (any order), oldest first.
    public static func answers(_ entries: [Entry]) -> [PastAnswer] {
        var answers: [PastAnswer] = []
        for entry in entries.sorted(by: { $0.id < $1.id }) {
            guard (1...4).contains(entry.ease) else {
                // A reset to new (Anki's "Forget"): the card starts again from here.
                if entry.kind >= 4, entry.interval == 0, entry.factor == 0 { answers.removeAll() }
                continue
            }
            guard let grade = ReviewGrade.allCases.first(where: { $0.number == entry.ease }) else { continue }
            let date = Date(timeIntervalSince1970: Double(entry.id) / 1000)
            // A time no member answered at (a hostile or broken log) is not an answer.
            guard ValueLimits.dates.contains(date) else { continue }
            answers.append(PastAnswer(answeredAt: date, grade: grade, isCram: entry.kind == 3 && entry.factor == 0))
        }
        return Array(answers.suffix(maximumAnswers))
    }

    /// `answers` as reviews of the card `cardID`, each with an identifier from `makeIdentifier`.
    public static func reviews(
        _ answers: [PastAnswer], of cardID: UUID, makeIdentifier: () -> UUID = { UUID() }
    ) -> [FlashcardReview] {
        answers.map {
            FlashcardReview(
                id: makeIdentifier(), cardID: cardID, grade: $0.grade, reviewedAt: $0.answeredAt, isCram: $0.isCram)
        }
    }
}
