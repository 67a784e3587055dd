import Flashcards
import Foundation
import Records

/// The first session's cards of a large collection, read by themselves: the decks counted by the
/// store, the answered cards' schedule, and as many new cards as the day leaves room for, picked
/// from the new cards' keys. The decks' cards follow after the first frame (`.loadDecks`).
struct FlashcardsOpening {
    /// The decks, without their cards.
    var decks: [FlashcardDeck]
    /// The deck the session studies.
    var deckID: UUID
    /// Every answer to the profile's cards.
    var reviews: [FlashcardReview]
    /// The session's cards, as ``FirstCards`` chose them.
    var due: [Flashcard]
    var new: [Flashcard]
    var ahead: [Flashcard]

    /// Up to this many cards in all, the decks are read whole to open (a few milliseconds), and
    /// the workout has every card from its first frame.
    static let wholeCollectionLimit = 2_000

    /// Reads the first session of deck `deckID` (else the first deck) from `reader`; `nil` when
    /// the profile has no deck, holds no more than `wholeCollectionLimit` cards, or the session
    /// would serve no card (the whole deck is read then, for the screen that says when the next
    /// card is due).
    static func read(
        from reader: any ReadsFirstFlashcards, deckID: UUID?, study: FlashcardsWorkout.Study, at date: Date,
        wholeCollectionLimit: Int = wholeCollectionLimit
    ) throws -> FlashcardsOpening? {
        let counts = try reader.flashcardDeckCounts(countingNotes: false)
        guard counts.reduce(0, { $0 + $1.cards }) > wholeCollectionLimit else { return nil }
        guard let chosen = counts.first(where: { $0.id == deckID }) ?? counts.first else { return nil }
        // The deck and every deck under it, in the decks' order (as a session studies them).
        let tree = counts.filter { $0.id == chosen.id || $0.name.hasPrefix(chosen.name + "::") }
        let treeIDs = Set(tree.map(\.id))
        let (reviews, deckOfCard) = try reader.answeredFlashcards()
        let schedule = ReviewSchedule(reviews: reviews, fsrs: study.fsrs, day: study.day)
        let first = FirstCards(
            answered: deckOfCard.filter { treeIDs.contains($0.value) }.map(\.key), schedule: schedule, at: date,
            newCardsPerDay: study.newCardsPerDay)
        let newKeys = first.room > 0 ? try reader.newFlashcardKeys(inDecks: tree.map(\.id)) : []
        // Without shuffling (`study.random` nil) the first new cards in the deck's order, as
        // `StudyQueue` takes them; else a random few, drawn from a generator of their own.
        var picked = Array(newKeys.prefix(first.room))
        if var shuffling = study.random {
            var random = SeededRandom(seed: shuffling.next())
            picked = FirstCards.pick(first.room, of: newKeys, using: &random)
        }
        guard !first.due.isEmpty || !first.ahead.isEmpty || !picked.isEmpty else { return nil }
        let answered = Dictionary(
            try reader.flashcards(withIDs: first.due + first.ahead).map { ($0.id, $0) },
            uniquingKeysWith: { one, _ in one })
        return FlashcardsOpening(
            decks: counts.map { FlashcardDeck(id: $0.id, name: $0.name, createdAt: $0.createdAt) }, deckID: chosen.id,
            reviews: reviews, due: first.due.compactMap { answered[$0] }, new: try reader.flashcards(withKeys: picked),
            ahead: first.ahead.compactMap { answered[$0] })
    }
}
