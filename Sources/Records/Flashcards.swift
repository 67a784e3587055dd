#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One flashcard: a prompt on the front, the answer on the back.
public struct Flashcard: Sendable, Codable, Equatable, Hashable, Identifiable {
    /// A stable identifier; reviews refer to the card by it.
    public var id: UUID
    /// The text shown first.
    public var prompt: String
    /// The text revealed on request.
    public var answer: String
    /// When the card was added; cards are listed in this order.
    public var createdAt: Date

    public init(id: UUID = UUID(), prompt: String, answer: String, createdAt: Date) {
        self.id = id
        self.prompt = prompt
        self.answer = answer
        self.createdAt = createdAt
    }
}

/// A named deck of flashcards.
public struct FlashcardDeck: Sendable, Codable, Equatable, Hashable, Identifiable {
    public var id: UUID
    /// The name shown in the deck list.
    public var name: String
    /// When the deck was created; decks are listed in this order.
    public var createdAt: Date
    /// The cards, oldest first.
    public var cards: [Flashcard]

    public init(id: UUID = UUID(), name: String, createdAt: Date, cards: [Flashcard] = []) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.cards = cards
    }
}

/// Whether a flashcard was answered correctly (swiped right) or not (swiped left).
public enum ReviewOutcome: String, Sendable, Codable, CaseIterable {
    case correct
    case wrong
}

/// One swipe of one flashcard.
///
/// Reviews are kept even when their card is later deleted, so that a session's score stays what
/// it was. Spaced-review scheduling (due dates, intervals) is derived from a card's reviews.
public struct FlashcardReview: Sendable, Codable, Equatable, Hashable, Identifiable {
    public var id: UUID
    /// The card that was reviewed.
    public var cardID: UUID
    /// Correct or wrong.
    public var outcome: ReviewOutcome
    /// When the card was swiped.
    public var reviewedAt: Date

    public init(id: UUID = UUID(), cardID: UUID, outcome: ReviewOutcome, reviewedAt: Date) {
        self.id = id
        self.cardID = cardID
        self.outcome = outcome
        self.reviewedAt = reviewedAt
    }
}

/// One timed run through a flashcard deck.
public struct FlashcardSession: Sendable, Codable, Equatable, Hashable, Identifiable {
    public var id: UUID
    /// The deck reviewed.
    public var deckID: UUID
    /// The deck's name when the session started, kept so the history reads the same after the
    /// deck is renamed or deleted.
    public var deckName: String
    /// When the session's timer started.
    public var startedAt: Date
    /// When the session was finished or abandoned; `nil` while it is in progress.
    public var finishedAt: Date?
    /// How the session ended.
    public var status: SessionStatus
    /// Every swipe, in order.
    public var reviews: [FlashcardReview]

    public init(
        id: UUID = UUID(), deckID: UUID, deckName: String, startedAt: Date, finishedAt: Date? = nil,
        status: SessionStatus = .inProgress, reviews: [FlashcardReview] = []
    ) {
        self.id = id
        self.deckID = deckID
        self.deckName = deckName
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.status = status
        self.reviews = reviews
    }

    /// The number of cards answered correctly.
    public var correctCount: Int { reviews.count(where: { $0.outcome == .correct }) }
    /// The number of cards answered wrongly.
    public var wrongCount: Int { reviews.count(where: { $0.outcome == .wrong }) }
}
