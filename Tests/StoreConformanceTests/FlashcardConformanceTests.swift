import Foundation
import Records
import Store
import Testing

/// The flashcard workout's decks, cards, sessions and answers on every backend: what the workout
/// and `termfit flashcards …` need, each member's apart.
@Suite("Store conformance: flashcards")
struct FlashcardConformanceTests {
    static func deck(_ name: String, cards: Int, at start: String = "2026-11-01T08:00:00Z") -> FlashcardDeck {
        let createdAt = time(start)
        return FlashcardDeck(
            name: name, createdAt: createdAt,
            cards: (0..<cards).map { index in
                Flashcard(
                    prompt: "Q\(index)", answer: "A\(index)", createdAt: createdAt.addingTimeInterval(Double(index)),
                    tags: index == 0 ? ["legs", "strength"] : [])
            })
    }

    @Test(
        "decks keep their cards, Anki notes and order; a card is added, changed and deleted",
        arguments: Backend.allCases)
    func decks(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let member = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        var first = Self.deck("Anatomy", cards: 3)
        first.cards[1].notetype = "Cloze"
        first.cards[1].fields = ["The {{c1::femur}} is long", "", "<b>extra</b>"]
        first.cards[1].ordinal = 2
        // A note type's templates and the Anki note it came from go back to Anki with the card.
        first.cards[1].templates = "{\"css\":\".card { color: red }\"}"
        first.cards[1].ankiOrigin = AnkiNoteOrigin(
            noteID: 1_700_000_000_123, noteModified: 1_700_000_100, notetypeID: 1_600_000_000_001,
            notetypeModified: 1_600_000_200, fields: first.cards[1].fields)
        let second = Self.deck("Anatomy::Legs", cards: 1, at: "2026-11-02T08:00:00Z")
        try member.save(first)
        try member.save(second)
        #expect(try member.decks() == [first, second])

        let added = Flashcard(prompt: "Q new", answer: "A new", createdAt: time("2026-11-03T08:00:00Z"))
        try member.save(added, inDeck: first.id)
        var changed = first.cards[0]
        changed.answer = "A changed"
        try member.save(changed, inDeck: first.id)
        try member.deleteCard(first.cards[2].id)
        var renamed = first
        renamed.name = "Human anatomy"
        renamed.cards = []
        try member.save(renamed)
        let stored = try member.decks()
        #expect(stored.map(\.name) == ["Human anatomy", "Anatomy::Legs"])
        #expect(stored[0].cards == [changed, first.cards[1], added])

        try member.deleteDeck(second.id)
        #expect(try member.decks().map(\.id) == [first.id])
        #expect(throws: LogError.unknownDeck(second.id)) { try member.save(added, inDeck: second.id) }
    }

    @Test(
        "a session's answers are kept, undone and scheduled from; Anki's history counts too",
        arguments: Backend.allCases)
    func answers(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let member = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        let deck = Self.deck("Anatomy", cards: 2)
        let carried = FlashcardReview(cardID: deck.cards[1].id, grade: .hard, reviewedAt: time("2026-10-01T08:00:00Z"))
        try member.save(decks: [deck], history: [carried])
        try member.save(decks: [deck], history: [carried])

        let session = FlashcardSession(deckID: deck.id, deckName: deck.name, startedAt: time("2026-11-05T06:00:00Z"))
        try member.start(session)
        let good = FlashcardReview(cardID: deck.cards[0].id, grade: .good, reviewedAt: time("2026-11-05T06:00:10Z"))
        let again = FlashcardReview(cardID: deck.cards[1].id, grade: .again, reviewedAt: time("2026-11-05T06:00:20Z"))
        let cram = FlashcardReview(
            cardID: deck.cards[1].id, grade: .easy, reviewedAt: time("2026-11-05T06:00:30Z"), isCram: true)
        for review in [good, again, cram] { try member.save(review, inFlashcardSession: session.id) }
        try member.deleteFlashcardReview(cram.id, inFlashcardSession: session.id)
        try member.deleteFlashcardReview(cram.id, inFlashcardSession: session.id)
        try member.finishFlashcardSession(session.id, status: .finished, at: time("2026-11-05T06:01:40Z"))

        let stored = try #require(try member.flashcardSession(id: session.id))
        #expect(stored.reviews == [good, again])
        #expect(stored.status == .finished)
        #expect(stored.finishedAt == time("2026-11-05T06:01:40Z"))
        #expect(try member.flashcardReviews(ofCards: deck.cards.map(\.id)) == [carried, good, again])
        #expect(try member.flashcardReviews(ofCards: [deck.cards[0].id]) == [good])
        #expect(try member.archive().flashcardSessions == [stored])
    }

    @Test("another member's decks, cards and answers are neither read nor changed", arguments: Backend.allCases)
    func scoped(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let ana = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        let ben = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ben"))
        let deck = Self.deck("Anatomy", cards: 2)
        try ana.save(deck)
        let session = FlashcardSession(deckID: deck.id, deckName: deck.name, startedAt: time("2026-11-05T06:00:00Z"))
        let review = FlashcardReview(cardID: deck.cards[0].id, grade: .good, reviewedAt: time("2026-11-05T06:00:10Z"))
        try ana.start(session)
        try ana.save(review, inFlashcardSession: session.id)

        #expect(try ben.decks().isEmpty)
        #expect(try ben.flashcardSession(id: session.id) == nil)
        #expect(try ben.flashcardReviews(ofCards: deck.cards.map(\.id)).isEmpty)
        try ben.deleteDeck(deck.id)
        try ben.deleteCard(deck.cards[0].id)
        #expect(throws: LogError.unknownDeck(deck.id)) { try ben.save(deck.cards[0], inDeck: deck.id) }
        #expect(throws: LogError.self) { try ben.save(deck) }
        var theirs = Self.deck("Mine", cards: 0)
        theirs.cards = [deck.cards[1]]
        #expect(throws: LogError.self) { try ben.save(theirs) }
        #expect(throws: LogError.unknownSession(session.id)) {
            try ben.save(review, inFlashcardSession: session.id)
        }
        #expect(throws: LogError.unknownSession(session.id)) {
            try ben.deleteFlashcardReview(review.id, inFlashcardSession: session.id)
        }
        #expect(throws: LogError.unknownSession(session.id)) {
            try ben.finishFlashcardSession(session.id, status: .abandoned, at: time("2026-11-05T07:00:00Z"))
        }
        #expect(throws: LogError.self) {
            try ben.save(
                decks: [],
                history: [
                    FlashcardReview(cardID: deck.cards[1].id, grade: .good, reviewedAt: time("2026-11-01T00:00:00Z"))
                ]
            )
        }
        #expect(try ana.decks() == [deck])
        #expect(try ana.flashcardReviews(ofCards: deck.cards.map(\.id)) == [review])
        #expect(try ana.flashcardSession(id: session.id)?.status == .inProgress)
    }

    @Test("an answer on one box is the other box's: the card is not due there", arguments: Backend.allCases)
    func anotherBox(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let boxA = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        let other = try fresh.another()
        let boxB = other.memberData(for: try other.profileCreatingIfNeeded(named: "ana"))
        let deck = Self.deck("Anatomy", cards: 1)
        try boxA.save(deck)
        let session = FlashcardSession(deckID: deck.id, deckName: deck.name, startedAt: time("2026-11-05T06:00:00Z"))
        try boxA.start(session)
        try boxA.save(
            FlashcardReview(cardID: deck.cards[0].id, grade: .good, reviewedAt: time("2026-11-05T06:00:10Z")),
            inFlashcardSession: session.id)
        #expect(try boxB.decks() == [deck])
        #expect(try boxB.flashcardReviews(ofCards: [deck.cards[0].id]).map(\.grade) == [.good])
    }

    @Test("the history read whole is the file's history", arguments: Backend.allCases)
    func history(backend: Backend) throws {
        let fresh = try FreshStore(backend)
        defer { fresh.remove() }
        let member = fresh.store.memberData(for: try fresh.store.profileCreatingIfNeeded(named: "ana"))
        let deck = Self.deck("Anatomy", cards: 1)
        try member.save(deck)
        var session = FlashcardSession(deckID: deck.id, deckName: deck.name, startedAt: time("2026-11-05T06:00:00Z"))
        session.reviews = [
            FlashcardReview(cardID: deck.cards[0].id, grade: .good, reviewedAt: time("2026-11-05T06:00:10Z"))
        ]
        try member.start(session)
        try member.start(CardConformanceTests.session(at: "2026-11-04T06:00:00Z", cards: 2))
        try member.save(
            HIITSession(
                exercise: "Burpees", startedAt: time("2026-11-06T06:00:00Z"), duration: 30, completed: true, rating: 4))
        let archive = try member.archive()
        #expect(archive.history().map(\.workout) == [.hiit, .flashcards, .cards])
        #expect(archive.history(since: time("2026-11-05T00:00:00Z"), limit: 1).map(\.workout) == [.hiit])
        #expect(archive.historyCount(workout: .cards) == 1)
        if let file = member as? ProfileStore {
            #expect(try file.history() == archive.history())
        }
    }
}
