import Foundation

/// A deck as the list of decks counts it: its cards and notes, counted where they are stored
/// without reading any card.
public struct FlashcardDeckCount: Sendable, Equatable, Hashable, Identifiable {
    public var id: UUID
    /// The deck's full name (`Lang::French`).
    public var name: String
    /// When the deck was created; decks are listed in this order.
    public var createdAt: Date
    /// Its own cards (not its children's).
    public var cards: Int
    /// Its own notes: cards of one note (one guid) count once; `nil` when not counted.
    public var notes: Int?

    public init(id: UUID, name: String, createdAt: Date, cards: Int, notes: Int? = nil) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.cards = cards
        self.notes = notes
    }
}

/// A library that counts its decks without reading every card (the SQLite store): what the list
/// of decks of a 100,000-card collection is made of.
public protocol CountsFlashcards: Sendable {
    /// Every deck of the profile with its own cards counted (and its notes, when
    /// `countingNotes`), oldest deck first.
    func flashcardDeckCounts(countingNotes: Bool) throws -> [FlashcardDeckCount]
    /// The notes of these decks together: a note with cards in two of them counts once.
    func flashcardNoteCount(inDecks deckIDs: [UUID]) throws -> Int
    /// Every answer to the profile's cards (those of its sessions and those carried in), oldest
    /// first (ties by identifier), and the deck of each card answered.
    func answeredFlashcards() throws -> (reviews: [FlashcardReview], deckOfCard: [UUID: UUID])
}

/// A library that reads the first cards of a study session without reading the whole deck (the
/// SQLite store): what a 100,000-card collection opens on.
public protocol ReadsFirstFlashcards: CountsFlashcards {
    /// The keys of the cards of `deckIDs` never answered outside cram (the new cards), in the
    /// decks' order.
    func newFlashcardKeys(inDecks deckIDs: [UUID]) throws -> [Int64]
    /// The cards with these keys (from ``newFlashcardKeys(inDecks:)``), in the order of `keys`.
    func flashcards(withKeys keys: [Int64]) throws -> [Flashcard]
    /// This profile's cards with these identifiers, in the order of `ids`.
    func flashcards(withIDs ids: [UUID]) throws -> [Flashcard]
}
