import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the first study session of a deck serves, worked out from the answered cards alone (as
/// ``StudyQueue`` does from the whole deck): a large collection opens on these cards, read by
/// their identifiers, and on as many new cards as the day leaves room for, picked from the new
/// cards' keys; the decks themselves are read after the first frame.
public struct FirstCards: Hashable, Sendable {
    /// The answered cards due at `date` that the session serves first (before any new card).
    public var due: [UUID]
    /// Learning cards whose step is within the learn-ahead, soonest first (served last).
    public var ahead: [UUID]
    /// How many new cards the session may still introduce today.
    public var room: Int

    /// The first session of a deck whose answered cards are `answered` (its own and its
    /// children's, identifiers), at `date`.
    public init(answered: [UUID], schedule: ReviewSchedule, at date: Date, newCardsPerDay: Int) {
        var due: [UUID] = []
        var ahead: [(card: UUID, step: Date)] = []
        var introduced = 0
        for card in answered {
            let memory = schedule[card]
            if let first = memory.firstReviewed, schedule.day.isSameDay(first, date) { introduced += 1 }
            guard !memory.isNew, schedule.day.isDue(memory, at: date) else { continue }
            if memory.isLearning, let step = memory.due, step > date {
                ahead.append((card, step))
            } else {
                due.append(card)
            }
        }
        self.due = due
        self.ahead = ahead.sorted { $0.step < $1.step }.map(\.card)
        room = max(0, newCardsPerDay - introduced)
    }

    /// `count` keys picked at random from `keys` (all when there are no more), in random order.
    public static func pick<Generator: RandomNumberGenerator>(
        _ count: Int, of keys: [Int64], using generator: inout Generator
    ) -> [Int64] {
        guard count < keys.count else { return keys.shuffled(using: &generator) }
        // A partial Fisher–Yates shuffle: only the first `count` places are drawn.
        var keys = keys
        for index in 0..<count {
            keys.swapAt(index, Int.random(in: index..<keys.count, using: &generator))
        }
        return Array(keys.prefix(count))
    }
}

extension FlashcardsWorkout {
    /// A workout opened on the first session's cards only: `decks` hold no cards yet (their
    /// counts come from the store), `due`, `new` and `ahead` are the session's cards as
    /// ``FirstCards`` chose them. On its first event the workout asks for the decks
    /// (`.loadDecks`); until they arrive, the keys that need them (edit, decks, cram, start
    /// again) say that the decks are being read.
    public init(
        opening decks: [FlashcardDeck], deckID: UUID, due: [Flashcard], new: [Flashcard], ahead: [Flashcard],
        reviews: [FlashcardReview], sessionLength: Duration = .seconds(100), display: Display = Display(),
        study: Study = Study(), wallClock: @escaping @Sendable () -> Date,
        makeIdentifier: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.init(
            decks: decks, deckID: deckID, reviews: .success(reviews), sessionLength: sessionLength, display: display,
            study: study, wallClock: wallClock, makeIdentifier: makeIdentifier)
        var due = due
        var new = new
        if var random = self.study.random {
            due.shuffle(using: &random)
            new.shuffle(using: &random)
            self.study.random = random
        }
        stack = due + new + ahead
        cardCount = stack.count
        newCount = new.count
        isReadingDecks = true
    }

    /// Edit and Decks wait for the decks and open when they arrive; cram and Start Again (which
    /// end the session under way) say to try again.
    mutating func waitForDecks(_ action: FlashcardsAction) {
        switch action {
        case .edit, .chooseDeck:
            actionAfterDecks = action
            note = "Reading the decks…"
        default:
            note = "The decks are still being read: try again in a moment."
        }
    }

    /// The decks have come: Edit or Decks, if pressed while they were read, opens now.
    mutating func openAfterDecks(at now: Instant) {
        guard let action = actionAfterDecks else { return }
        actionAfterDecks = nil
        guard sheet == nil else { return }
        if note == "Reading the decks…" { note = nil }
        if action == .edit { openEditor(at: now) } else { openDeckPicker(at: now) }
    }

    /// Whether `action` needs every card of the decks, which are still being read.
    func waitsForDecks(_ action: FlashcardsAction) -> Bool {
        guard isReadingDecks else { return false }
        switch action {
        case .edit, .chooseDeck, .toggleCram, .startAgain: return true
        default: return false
        }
    }
}
