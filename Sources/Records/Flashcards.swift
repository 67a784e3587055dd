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
    /// The Anki note type of a card that came from Anki ("Basic", "Cloze", …); empty for a card
    /// made in TermFit.
    public var notetype: String
    /// The note's fields exactly as Anki had them (HTML), written back unchanged on export unless
    /// the card was edited here; empty for a card made in TermFit.
    public var fields: [String]
    /// Which of its note's cards this is (Anki's ordinal: the template, or the cloze number - 1).
    public var ordinal: Int
    /// The note type's field names and card templates (JSON, as the Flashcards module writes
    /// them) when they are not those of the stock type `notetype` names: the card is drawn and
    /// exported through them. Empty for a stock type and for a card made in TermFit.
    public var templates: String
    /// Where the note lives in the member's Anki collection, for a card that came from an Anki
    /// package; `nil` for a card made in TermFit or read from a text file.
    public var ankiOrigin: AnkiNoteOrigin?

    public init(
        id: UUID = UUID(), prompt: String, answer: String, createdAt: Date, guid: String? = nil, tags: [String] = [],
        notetype: String = "", fields: [String] = [], ordinal: Int = 0, templates: String = "",
        ankiOrigin: AnkiNoteOrigin? = nil
    ) {
        self.id = id
        self.prompt = prompt
        self.answer = answer
        self.createdAt = createdAt
        self.guid = guid ?? Flashcard.guid(for: id)
        self.tags = tags
        self.notetype = notetype
        self.fields = fields
        self.ordinal = ordinal
        self.templates = templates
        self.ankiOrigin = ankiOrigin
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
        case id, prompt, answer, createdAt, guid, tags, notetype, fields, ordinal, templates, ankiOrigin
    }

    /// Writes a card; a card made in TermFit (no Anki note) is written as before notes were kept.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(prompt, forKey: .prompt)
        try container.encode(answer, forKey: .answer)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(guid, forKey: .guid)
        try container.encode(tags, forKey: .tags)
        if !notetype.isEmpty { try container.encode(notetype, forKey: .notetype) }
        if !fields.isEmpty { try container.encode(fields, forKey: .fields) }
        if ordinal != 0 { try container.encode(ordinal, forKey: .ordinal) }
        if !templates.isEmpty { try container.encode(templates, forKey: .templates) }
        if let ankiOrigin { try container.encode(ankiOrigin.storedForm, forKey: .ankiOrigin) }
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
            tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [],
            notetype: try container.decodeIfPresent(String.self, forKey: .notetype) ?? "",
            fields: try container.decodeIfPresent([String].self, forKey: .fields) ?? [],
            ordinal: try container.decodeIfPresent(Int.self, forKey: .ordinal) ?? 0,
            templates: try container.decodeIfPresent(String.self, forKey: .templates) ?? "",
            ankiOrigin: try container.decodeIfPresent(String.self, forKey: .ankiOrigin).flatMap(
                AnkiNoteOrigin.init(storedForm:)))
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

/// How well a flashcard was recalled, as in Anki: Again (forgotten), Hard, Good or Easy.
///
/// A swipe left is Again, a swipe right Good; the keys 1–4 give all four.
public enum ReviewGrade: String, Sendable, Codable, CaseIterable, Comparable {
    case again
    case hard
    case good
    case easy

    /// The grade's number in FSRS and on the keys: Again 1, Hard 2, Good 3, Easy 4.
    public var number: Int {
        switch self {
        case .again: 1
        case .hard: 2
        case .good: 3
        case .easy: 4
        }
    }

    /// Whether the card was recalled at all (every grade but Again).
    public var isRecalled: Bool { self != .again }

    /// The grade of an answer saved before there were four: `correct` is Good, `wrong` Again.
    public init?(legacyOutcome: String) {
        switch legacyOutcome {
        case "correct": self = .good
        case "wrong": self = .again
        default: self.init(rawValue: legacyOutcome)
        }
    }

    public static func < (lhs: ReviewGrade, rhs: ReviewGrade) -> Bool { lhs.number < rhs.number }
}

/// One answer to one flashcard.
///
/// Reviews are kept even when their card is later deleted, so that a session's score stays what
/// it was. Scheduling (due dates, intervals) is derived from a card's reviews; cram reviews are
/// kept for the score and the history but never move a card.
public struct FlashcardReview: Sendable, Codable, Equatable, Hashable, Identifiable {
    public var id: UUID
    /// The card that was reviewed.
    public var cardID: UUID
    /// How well it was recalled.
    public var grade: ReviewGrade
    /// When the card was answered.
    public var reviewedAt: Date
    /// Answered in a cram session, which shows cards without scheduling them.
    public var isCram: Bool

    public init(id: UUID = UUID(), cardID: UUID, grade: ReviewGrade, reviewedAt: Date, isCram: Bool = false) {
        self.id = id
        self.cardID = cardID
        self.grade = grade
        self.reviewedAt = reviewedAt
        self.isCram = isCram
    }

    private enum CodingKeys: String, CodingKey {
        case id, cardID, grade, reviewedAt, isCram
        /// Archives written before grades had `"outcome": "correct" | "wrong"`.
        case outcome
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(UUID.self, forKey: .id)
        cardID = try container.decode(UUID.self, forKey: .cardID)
        reviewedAt = try container.decode(Date.self, forKey: .reviewedAt)
        isCram = try container.decodeIfPresent(Bool.self, forKey: .isCram) ?? false
        if let grade = try container.decodeIfPresent(ReviewGrade.self, forKey: .grade) {
            self.grade = grade
        } else {
            let outcome = try container.decode(String.self, forKey: .outcome)
            guard let grade = ReviewGrade(legacyOutcome: outcome) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .outcome, in: container, debugDescription: "“\(outcome)” is not a grade")
            }
            self.grade = grade
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(cardID, forKey: .cardID)
        try container.encode(grade, forKey: .grade)
        try container.encode(reviewedAt, forKey: .reviewedAt)
        try container.encode(isCram, forKey: .isCram)
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
    /// Every answer, in order.
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

    /// The number of answers that recalled the card (Hard, Good or Easy).
    public var correctCount: Int { reviews.count(where: { $0.grade.isRecalled }) }
    /// The number of answers graded Again.
    public var wrongCount: Int { reviews.count(where: { $0.grade == .again }) }
}
