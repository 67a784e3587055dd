import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The FSRS memories of a profile's cards, from their answers.
public struct ReviewSchedule: Hashable, Sendable {
    /// The scheduler.
    public let fsrs: FSRS
    /// Each answered card's memory; cards not in it are new.
    public private(set) var cards: [UUID: CardMemory]

    /// Memories from every answer (cram answers are skipped).
    public init(reviews: [FlashcardReview] = [], fsrs: FSRS = FSRS()) {
        self.fsrs = fsrs
        cards = Dictionary(grouping: reviews.filter { !$0.isCram }, by: \.cardID).mapValues {
            CardMemory(replaying: $0, using: fsrs)
        }
    }

    /// The memory of one card (new if never answered).
    public subscript(card: UUID) -> CardMemory { cards[card] ?? CardMemory() }

    /// Adds one answer (a cram answer changes nothing).
    public mutating func record(_ grade: ReviewGrade, card: UUID, at date: Date, isCram: Bool = false) {
        guard !isCram else { return }
        var memory = self[card]
        memory.record(grade, at: date, using: fsrs)
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

    /// How many of `deck` were answered before and are due at `date` (new cards are not due).
    public func dueCount(of deck: [Flashcard], at date: Date) -> Int {
        deck.count { card in
            let memory = self[card.id]
            return !memory.isNew && memory.isDue(at: date)
        }
    }

    /// How many of `deck` were never answered.
    public func newCount(of deck: [Flashcard]) -> Int {
        deck.count { self[$0.id].isNew }
    }

    /// How many of `deck` were answered for the first time on the day of `date`.
    public func introducedCount(of deck: [Flashcard], on date: Date, calendar: Calendar) -> Int {
        deck.count { card in self[card.id].firstReviewed.map { calendar.isDate($0, inSameDayAs: date) } ?? false }
    }
}

/// Which cards a session serves, and in what order: the cards due (shuffled), then new cards
/// (shuffled) up to what is left of the day's limit of new cards. A card in its learning steps
/// is due when its step is.
public struct StudyQueue: Hashable, Sendable {
    /// How many new cards a day, by default (Anki's default).
    public static let defaultNewCardsPerDay = 20

    /// The cards due at the session's start, in the order served.
    public let due: [Flashcard]
    /// The new cards of this session, in the order served.
    public let new: [Flashcard]

    /// Every card of the session, due first.
    public var cards: [Flashcard] { due + new }

    /// The queue of `deck` at `date`.
    ///
    /// - Parameters:
    ///   - newCardsPerDay: at most this many cards are answered for the first time on one day;
    ///     those already introduced that day count.
    ///   - random: shuffles each group; `nil` keeps the deck's order.
    public init(
        _ deck: [Flashcard], schedule: ReviewSchedule, at date: Date, newCardsPerDay: Int, calendar: Calendar,
        random: inout SeededRandom?
    ) {
        var due = deck.filter { card in
            let memory = schedule[card.id]
            return !memory.isNew && memory.isDue(at: date)
        }
        var new = deck.filter { schedule[$0.id].isNew }
        if var generator = random {
            due.shuffle(using: &generator)
            new.shuffle(using: &generator)
            random = generator
        }
        let room = max(0, newCardsPerDay - schedule.introducedCount(of: deck, on: date, calendar: calendar))
        self.due = due
        self.new = Array(new.prefix(room))
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
