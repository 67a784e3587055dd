import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// When cards are due, as Anki counts it: the day rolls over at a set hour (4 am local by
/// default), a card in review is due for the whole day its due date falls on, and a card in its
/// learning steps is due at its step's minute, or up to 20 minutes ahead (the learn-ahead).
public struct StudyDay: Hashable, Sendable {
    /// Anki's default hour at which a new day begins.
    public static let defaultRolloverHour = 4
    /// Anki's default learn-ahead limit: a learning card due this soon is served now when nothing
    /// else is left, and counted as due.
    public static let defaultLearnAhead: TimeInterval = 20 * 60

    /// The local calendar the days are of.
    public var calendar: Calendar
    /// The hour (0…23) at which a day begins.
    public var rolloverHour: Int
    /// How far ahead a learning card counts as due.
    public var learnAhead: TimeInterval

    /// Days of `calendar` that begin at `rolloverHour`, with a learn-ahead of `learnAhead` seconds.
    public init(
        calendar: Calendar = .current, rolloverHour: Int = StudyDay.defaultRolloverHour,
        learnAhead: TimeInterval = StudyDay.defaultLearnAhead
    ) {
        self.calendar = calendar
        self.rolloverHour = min(23, max(0, rolloverHour))
        self.learnAhead = max(0, learnAhead)
    }

    /// When the study day that holds `date` began.
    public func start(of date: Date) -> Date {
        let shifted = date.addingTimeInterval(-Double(rolloverHour) * 3600)
        let midnight = calendar.startOfDay(for: shifted)
        return calendar.date(bySettingHour: rolloverHour, minute: 0, second: 0, of: midnight) ?? midnight
    }

    /// Whether `one` and `other` fall on the same study day.
    public func isSameDay(_ one: Date, _ other: Date) -> Bool { start(of: one) == start(of: other) }

    /// Whether a card with `memory` is due at `date`: a new card always; one in review once the
    /// day of its due date has begun; one in its steps once its step is at most the learn-ahead away.
    public func isDue(_ memory: CardMemory, at date: Date) -> Bool {
        guard let due = memory.due else { return true }
        if memory.isLearning { return due <= date.addingTimeInterval(learnAhead) }
        return start(of: due) <= date
    }
}

/// The FSRS memories of a profile's cards, from their answers.
public struct ReviewSchedule: Hashable, Sendable {
    /// The scheduler.
    public private(set) var fsrs: FSRS
    /// Where days begin and how far ahead learning cards are due.
    public private(set) var day: StudyDay
    /// Each answered card's memory; cards not in it are new.
    public private(set) var cards: [UUID: CardMemory]

    /// Memories from every answer (cram answers are skipped).
    public init(reviews: [FlashcardReview] = [], fsrs: FSRS = FSRS(), day: StudyDay = StudyDay()) {
        self.fsrs = fsrs
        self.day = day
        cards = Dictionary(grouping: reviews.filter { !$0.isCram }, by: \.cardID).mapValues {
            CardMemory(replaying: $0, using: fsrs)
        }
    }

    /// The memory of one card (new if never answered).
    public subscript(card: UUID) -> CardMemory { cards[card] ?? CardMemory() }

    /// Schedules the next answers with `fsrs` and `day` (the memories and due dates already
    /// worked out stay, as in Anki when its options change).
    public mutating func use(_ fsrs: FSRS, day: StudyDay) {
        self.fsrs = fsrs
        self.day = day
    }

    /// Adds one answer (a cram answer changes nothing).
    public mutating func record(_ grade: ReviewGrade, card: UUID, at date: Date, isCram: Bool = false) {
        guard !isCram else { return }
        var memory = self[card]
        memory.record(grade, at: date, using: fsrs, card: card)
        cards[card] = memory
    }

    /// Puts back a memory taken before an answer (`nil`: the card was new), to undo that answer.
    public mutating func restore(_ memory: CardMemory?, of card: UUID) {
        cards[card] = memory
    }

    /// Replaces the memories of `cardIDs` with those from `reviews`.
    public mutating func replace(_ cardIDs: [UUID], with reviews: [FlashcardReview]) {
        for id in cardIDs { cards[id] = nil }
        let fsrs = self.fsrs
        for (id, answers) in Dictionary(grouping: reviews.filter { !$0.isCram }, by: \.cardID) {
            cards[id] = CardMemory(replaying: answers, using: fsrs)
        }
    }

    /// How many of `deck` were answered before and are due at `date` (new cards are not due;
    /// learning cards within the learn-ahead are).
    public func dueCount(of deck: [Flashcard], at date: Date) -> Int {
        deck.count { isDue($0, at: date) }
    }

    /// Whether `card` was answered before and is due at `date`.
    public func isDue(_ card: Flashcard, at date: Date) -> Bool {
        let memory = self[card.id]
        return !memory.isNew && day.isDue(memory, at: date)
    }

    /// The cards of `deck` in their learning steps that are not due yet at `date`, and when the
    /// first of them is.
    public func learningLater(of deck: [Flashcard], at date: Date) -> (count: Int, next: Date)? {
        let dates = deck.compactMap { card -> Date? in
            let memory = self[card.id]
            guard memory.isLearning, !day.isDue(memory, at: date) else { return nil }
            return memory.due
        }
        return dates.min().map { (dates.count, $0) }
    }

    /// The wait `grade` would give `card` at `date` (as the grade buttons show it).
    public func wait(after grade: ReviewGrade, of card: UUID, at date: Date) -> TimeInterval {
        let memory = self[card].after(grade, at: date, using: fsrs, card: card)
        return memory.due.map { $0.timeIntervalSince(date) } ?? 0
    }

    /// How many of `deck` were never answered.
    public func newCount(of deck: [Flashcard]) -> Int {
        deck.count { self[$0.id].isNew }
    }

    /// How many of `deck` were answered for the first time on the study day of `date`.
    public func introducedCount(of deck: [Flashcard], on date: Date) -> Int {
        deck.count { card in self[card.id].firstReviewed.map { day.isSameDay($0, date) } ?? false }
    }
}

/// Which cards a session serves, and in what order: the cards due (shuffled), then new cards
/// (shuffled) up to what is left of the day's limit of new cards, then the learning cards whose
/// step comes within the learn-ahead (soonest first), as Anki serves them when nothing else is left.
public struct StudyQueue: Hashable, Sendable {
    /// How many new cards a day, by default (Anki's default).
    public static let defaultNewCardsPerDay = 20

    /// The cards due at the session's start, in the order served.
    public let due: [Flashcard]
    /// The new cards of this session, in the order served.
    public let new: [Flashcard]
    /// Learning cards whose step is not yet due but within the learn-ahead, soonest first.
    public let ahead: [Flashcard]

    /// Every card of the session, due first.
    public var cards: [Flashcard] { due + new + ahead }

    /// The queue of `deck` at `date`.
    ///
    /// - Parameters:
    ///   - newCardsPerDay: at most this many cards are answered for the first time on one day;
    ///     those already introduced that day count.
    ///   - random: shuffles each group; `nil` keeps the deck's order.
    public init(
        _ deck: [Flashcard], schedule: ReviewSchedule, at date: Date, newCardsPerDay: Int,
        random: inout SeededRandom?
    ) {
        var due: [Flashcard] = []
        var ahead: [(card: Flashcard, step: Date)] = []
        for card in deck where schedule.isDue(card, at: date) {
            let memory = schedule[card.id]
            if memory.isLearning, let step = memory.due, step > date {
                ahead.append((card, step))
            } else {
                due.append(card)
            }
        }
        var new = deck.filter { schedule[$0.id].isNew }
        if var generator = random {
            due.shuffle(using: &generator)
            new.shuffle(using: &generator)
            random = generator
        }
        let room = max(0, newCardsPerDay - schedule.introducedCount(of: deck, on: date))
        self.due = due
        self.new = Array(new.prefix(room))
        self.ahead = ahead.sorted { $0.step < $1.step }.map(\.card)
    }
}

/// A small, fast pseudo-random generator with a seed (SplitMix64, Steele, Lea and Flood 2014):
/// the same seed shuffles the same way, so tests can pin an order down.
public struct SeededRandom: RandomNumberGenerator, Hashable, Sendable {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// A generator seeded from the system's generator.
    public static func fresh() -> SeededRandom {
        var system = SystemRandomNumberGenerator()
        return SeededRandom(seed: system.next())
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
