import Flashcards
import Foundation
import GRDB
import Records
import Testing

@testable import Store

/// The list of decks and the first cards of a session, read without reading every card: the
/// counts, the new cards' keys and the cards asked for are those the whole decks give, and each
/// query is planned on an index, never a scan of the cards.
@Suite struct FlashcardCountTests {
    let date = Date(timeIntervalSince1970: 1_700_000_000)

    /// Three nested decks and a top-level one of 300 cards each; a note with cards in two decks;
    /// 40 cards answered (every fifth of them in a cram session only).
    func collection(_ profile: ProfileStore) throws -> [FlashcardDeck] {
        var decks: [FlashcardDeck] = []
        for (number, name) in ["Lang", "Lang::French", "Lang::Japanese", "Other"].enumerated() {
            let cards = (0..<300).map { index in
                Flashcard(
                    prompt: "\(name) \(index)", answer: "answer", createdAt: date.addingTimeInterval(Double(index)),
                    // Every card of a reversed note shares its guid; the first note has a card in two decks.
                    guid: index == 0 && number < 2 ? "shared" : "\(name)-\(index / 2)")
            }
            decks.append(FlashcardDeck(name: name, createdAt: date.addingTimeInterval(Double(number)), cards: cards))
        }
        try profile.save(decks: decks)
        let session = FlashcardSession(deckID: decks[1].id, deckName: decks[1].name, startedAt: date)
        try profile.start(session)
        for index in 0..<40 {
            let card = decks[index % 4].cards[index * 7]
            try profile.save(
                FlashcardReview(
                    cardID: card.id, grade: index % 3 == 0 ? .again : .good,
                    reviewedAt: date.addingTimeInterval(Double(index * 60)), isCram: index % 5 == 0),
                inFlashcardSession: session.id)
        }
        return try profile.decks()
    }

    /// A new store holding "anna"'s ``collection(_:)``: `body` gets the store, her profile and her
    /// decks; the store is closed and its directory removed afterwards.
    func withCollection(_ body: (TermFitStore, ProfileStore, [FlashcardDeck]) throws -> Void) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        let profile = try store.profileStore(named: "anna")
        try body(store, profile, try collection(profile))
    }

    @Test func countsAreThoseOfTheWholeDecks() throws {
        try withCollection { store, profile, decks in
            // Another profile's deck is not counted.
            try store.profileStore(named: "ben").save(FlashcardDeck(name: "Lang", createdAt: date))

            let counts = try profile.flashcardDeckCounts(countingNotes: true)
            #expect(counts.map(\.id) == decks.map(\.id))
            #expect(counts.map(\.cards) == decks.map(\.cards.count))
            #expect(counts.map(\.notes) == decks.map { Set($0.cards.map(\.guid)).count })
            #expect(try profile.flashcardDeckCounts(countingNotes: false).allSatisfy { $0.notes == nil })
            #expect(
                try profile.flashcardNoteCount(inDecks: decks.prefix(2).map(\.id))
                    == Set(decks.prefix(2).flatMap(\.cards).map(\.guid)).count)

            // The table `termfit flashcards decks` prints, from the counts, is the one the decks give.
            let (reviews, deckOfCard) = try profile.answeredFlashcards()
            let allReviews = try profile.flashcardReviews(ofCards: decks.flatMap(\.cards).map(\.id))
            #expect(reviews == allReviews)
            #expect(Set(deckOfCard.keys) == Set(allReviews.map(\.cardID)))
            let schedule = ReviewSchedule(reviews: reviews)
            for minutes in [0, 30, 60 * 24 * 3] {
                let now = date.addingTimeInterval(Double(minutes * 60 + 2_400))
                let counted = try DeckCounts(counts).table(
                    deckOfCard: deckOfCard, schedule: schedule, at: now, notes: profile.flashcardNoteCount(inDecks:))
                #expect(counted == DeckTree(decks).table(schedule: schedule, at: now))
            }
        }
    }

    @Test func firstCardsAreReadByTheirKeys() throws {
        try withCollection { store, profile, decks in
            let reviews = try profile.flashcardReviews(ofCards: decks.flatMap(\.cards).map(\.id))
            let scheduled = Set(reviews.filter { !$0.isCram }.map(\.cardID))

            // The new cards of "Lang" and the decks under it, in the decks' order.
            let tree = Array(decks.prefix(3))
            let keys = try profile.newFlashcardKeys(inDecks: tree.map(\.id))
            let newCards = tree.flatMap(\.cards).filter { !scheduled.contains($0.id) }
            #expect(keys.count == newCards.count)
            #expect(try profile.flashcards(withKeys: keys) == newCards)
            #expect(try profile.flashcards(withKeys: Array(keys.suffix(3).reversed())) == newCards.suffix(3).reversed())
            // Another profile's deck has no keys here, and its cards are not read by identifier.
            let theirs = FlashcardDeck(
                name: "Theirs", createdAt: date, cards: [Flashcard(prompt: "p", answer: "a", createdAt: date)])
            try store.profileStore(named: "ben").save(theirs)
            #expect(try profile.newFlashcardKeys(inDecks: [theirs.id]).isEmpty)
            #expect(try profile.flashcards(withIDs: [theirs.cards[0].id, decks[3].cards[5].id]) == [decks[3].cards[5]])
        }
    }

    /// What the open runs is planned on indexes: no query reads every card's row.
    @Test func theOpenReadsNoCardItDoesNotServe() throws {
        try withCollection { store, profile, _ in
            func plan(_ sql: String) throws -> [String] {
                try #require(store.pool).read { db in
                    try Row.fetchAll(
                        db, sql: "EXPLAIN QUERY PLAN " + sql,
                        arguments: StatementArguments(
                            Array(repeating: "x", count: sql.count { $0 == "?" }))
                    ).map { $0["detail"] as String }
                }
            }
            let counts = try plan(ProfileStore.deckCountsWithNotesSQL)
            #expect(counts.filter { $0.contains(" c ") }.count == 2, "\(counts)")
            #expect(
                counts.filter { $0.contains(" c ") }.allSatisfy {
                    $0.contains("COVERING INDEX flashcard_by_deck_and_note")
                }
            )
            let newKeys = try plan(ProfileStore.newKeysSQL)
            #expect(newKeys.contains { $0.contains("SEARCH c USING COVERING INDEX flashcard_by_deck ") }, "\(newKeys)")
            #expect(!newKeys.contains { $0.hasPrefix("SCAN c") }, "\(newKeys)")
            // The answered cards and the first cards are found by key, never by walking a deck.
            let answered = try plan(ProfileStore.answeredCardsSQL)
            #expect(
                answered.contains { $0.hasPrefix("SEARCH c USING INDEX sqlite_autoindex_flashcard_1 (id=?)") },
                "\(answered)")
            #expect(!answered.contains { $0.hasPrefix("SCAN c") || $0.contains("flashcard_by_deck") }, "\(answered)")
            let keyed = try plan(ProfileStore.cardsByKeySQL(count: 3))
            #expect(keyed.contains { $0.hasPrefix("SEARCH c USING INTEGER PRIMARY KEY (rowid=?)") }, "\(keyed)")
            #expect(!keyed.contains { $0.hasPrefix("SCAN c") || $0.contains("flashcard_by_deck") }, "\(keyed)")
        }
    }
}
