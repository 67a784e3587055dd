import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// SuperMemo's SM-2 algorithm (P. A. Wozniak, 1990, "Optimization of learning", Master's thesis,
/// University of Technology in Poznań, §3.2): the schedule of one card, replayed from its reviews.
///
/// - Intervals in days: I(1) = 1, I(2) = 6, I(n) = I(n−1) · EF for n > 2, rounded up to whole days.
/// - After every answer of quality q (0…5): EF' = EF + (0.1 − (5 − q) · (0.08 + (5 − q) · 0.02)),
///   never below 1.3; a new card starts at EF = 2.5.
/// - q < 3 starts the repetitions again from I(1).
///
/// The interval after the n-th repetition uses the E-Factor as it stood before that answer.
public struct SpacedReview: Hashable, Sendable {
    /// The E-Factor of a card never reviewed.
    public static let initialEasiness = 2.5
    /// The lowest E-Factor SM-2 allows.
    public static let minimumEasiness = 1.3

    /// Correct answers in a row since the last failure (n in I(n)).
    public private(set) var repetitions = 0
    /// The E-Factor.
    public private(set) var easiness = SpacedReview.initialEasiness
    /// Days until the next review after the last answer (0 before the first).
    public private(set) var intervalDays = 0
    /// When the card was last answered; `nil` for a new card.
    public private(set) var lastReviewed: Date?

    /// A card never reviewed.
    public init() {}

    /// The schedule after `reviews` of one card, in any order (they are replayed oldest first).
    public init(replaying reviews: [FlashcardReview]) {
        for review in reviews.sorted(by: { $0.reviewedAt < $1.reviewedAt }) {
            record(quality: Self.quality(of: review.outcome), at: review.reviewedAt)
        }
    }

    /// The SM-2 quality of a swipe: right is 4 ("correct response after a hesitation"), left is 2
    /// ("incorrect response; where the correct one seemed easy to recall").
    public static func quality(of outcome: ReviewOutcome) -> Int {
        switch outcome {
        case .correct: return 4
        case .wrong: return 2
        }
    }

    /// The E-Factor after an answer of `quality` to a card at `easiness`.
    public static func easiness(after quality: Int, from easiness: Double) -> Double {
        let miss = Double(5 - min(5, max(0, quality)))
        return max(minimumEasiness, easiness + (0.1 - miss * (0.08 + miss * 0.02)))
    }

    /// Records one answer of `quality` (0…5) at `date`.
    public mutating func record(quality: Int, at date: Date) {
        if quality >= 3 {
            repetitions += 1
            switch repetitions {
            case 1: intervalDays = 1
            case 2: intervalDays = 6
            default: intervalDays = Int((Double(intervalDays) * easiness).rounded(.up))
            }
        } else {
            repetitions = 0
            intervalDays = 1
        }
        easiness = Self.easiness(after: quality, from: easiness)
        lastReviewed = date
    }

    /// When the card is next due; `nil` for a new card (due at once).
    public var due: Date? {
        lastReviewed.map { $0.addingTimeInterval(Double(intervalDays) * 86_400) }
    }

    /// Whether the card should be reviewed at `date`: new, or its interval has passed.
    public func isDue(at date: Date) -> Bool {
        due.map { $0 <= date } ?? true
    }
}

/// The schedules of a deck's cards, from their reviews.
public struct ReviewSchedule: Hashable, Sendable {
    /// Each reviewed card's schedule; cards not in it are new.
    public private(set) var cards: [UUID: SpacedReview]

    /// Schedules from every review of the deck's cards.
    public init(reviews: [FlashcardReview] = []) {
        cards = Dictionary(grouping: reviews, by: \.cardID).mapValues { SpacedReview(replaying: $0) }
    }

    /// The schedule of one card (new if never reviewed).
    public subscript(card: UUID) -> SpacedReview { cards[card] ?? SpacedReview() }

    /// Adds one answer.
    public mutating func record(_ outcome: ReviewOutcome, card: UUID, at date: Date) {
        var schedule = self[card]
        schedule.record(quality: SpacedReview.quality(of: outcome), at: date)
        cards[card] = schedule
    }

    /// How many of `deck` are due at `date`.
    public func dueCount(of deck: [Flashcard], at date: Date) -> Int {
        deck.count { self[$0.id].isDue(at: date) }
    }

    /// The cards in the order a session serves them: those due (most overdue first), then new ones
    /// in the deck's order, then the rest by due date; with `dueOnly`, the first two groups alone.
    public func ordered(_ deck: [Flashcard], at date: Date, dueOnly: Bool = false) -> [Flashcard] {
        let indexed = deck.enumerated().map { (offset: $0.offset, card: $0.element, due: self[$0.element.id].due) }
        let overdue = indexed.filter { $0.due.map { $0 <= date } ?? false }.sorted {
            ($0.due ?? date, $0.offset) < ($1.due ?? date, $1.offset)
        }
        let new = indexed.filter { $0.due == nil }
        let later = indexed.filter { $0.due.map { $0 > date } ?? false }.sorted {
            ($0.due ?? date, $0.offset) < ($1.due ?? date, $1.offset)
        }
        return (overdue + new + (dueOnly ? [] : later)).map(\.card)
    }
}
