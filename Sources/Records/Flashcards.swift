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
    /// The note's identifier in Anki's text files (its guid column): a re-import of the same note
    /// updates this card instead of adding another. Made from `id` unless the card came from Anki.
    public var guid: String
    /// Anki's tags of the note (words without spaces), kept for export.
    public var tags: [String]

    public init(
        id: UUID = UUID(), prompt: String, answer: String, createdAt: Date, guid: String? = nil, tags: [String] = []
    ) {
        self.id = id
        self.prompt = prompt
        self.answer = answer
        self.createdAt = createdAt
        self.guid = guid ?? Flashcard.guid(for: id)
        self.tags = tags
    }

    /// A guid for a card made in TermFit: the two halves of its identifier's 128 bits combined
    /// (exclusive or) and written in base 62 (eleven letters and digits, so it never needs quoting
    /// in a text file).
    public static func guid(for id: UUID) -> String {
        let bytes = withUnsafeBytes(of: id.uuid) { Array($0) }
        let high = bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        let low = bytes.suffix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        var value = high ^ low
        let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        var text = ""
        for _ in 0..<11 {
            text.append(digits[Int(value % 62)])
            value /= 62
        }
        return text
    }

    private enum CodingKeys: String, CodingKey {
        case id, prompt, answer, createdAt, guid, tags
    }

    /// Reads a card; an export from before guids and tags gets the guid made from its identifier.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(UUID.self, forKey: .id)
        self.init(
            id: id, prompt: try container.decode(String.self, forKey: .prompt),
            answer: try container.decode(String.self, forKey: .answer),
            createdAt: try container.decode(Date.self, forKey: .createdAt),
            guid: try container.decodeIfPresent(String.self, forKey: .guid),
            tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [])
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
