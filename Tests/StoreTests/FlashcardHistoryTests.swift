import Flashcards
import Foundation
import GRDB
import Records
import Testing

@testable import Store

/// Answers carried in from Anki's review log (v12): saved with their cards in one transaction,
/// read back with the profile's own answers, gone with their card, never another profile's.
@Suite("Flashcard history carried in from Anki")
struct FlashcardHistoryTests {
    @Test("Imported answers are read with the profile's own and go with their card")
    func savedAndRead() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        let anna = try store.profileStore(named: "anna")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let kept = Flashcard(prompt: "hablar", answer: "to speak", createdAt: date)
        let gone = Flashcard(prompt: "comer", answer: "to eat", createdAt: date)
        let deck = FlashcardDeck(name: "Lang::Spanish", createdAt: date, cards: [kept, gone])
        let history = [
            FlashcardReview(cardID: kept.id, grade: .good, reviewedAt: date.addingTimeInterval(-86_400)),
            FlashcardReview(cardID: kept.id, grade: .easy, reviewedAt: date.addingTimeInterval(-60), isCram: true),
            FlashcardReview(cardID: gone.id, grade: .again, reviewedAt: date.addingTimeInterval(-30)),
        ]
        try anna.save(decks: [deck], history: history)
        let session = FlashcardSession(deckID: deck.id, deckName: deck.name, startedAt: date)
        try anna.start(session)
        let own = FlashcardReview(cardID: kept.id, grade: .hard, reviewedAt: date.addingTimeInterval(5))
        try anna.save(own, inFlashcardSession: session.id)
        let read = try anna.flashcardReviews(ofCards: [kept.id, gone.id])
        #expect(read.map(\.id) == [history[0].id, history[1].id, history[2].id, own.id])
        #expect(read[1].isCram)
        // Not a session: the history screens stay TermFit's own.
        #expect(try anna.flashcardSession(id: session.id)?.reviews == [own])
        try anna.deleteCard(gone.id)
        #expect(try anna.flashcardReviews(ofCards: [gone.id]).isEmpty, "gone with its card")
        // Another profile neither reads them nor adds to them.
        let ben = try store.profileStore(named: "ben")
        #expect(try ben.flashcardReviews(ofCards: [kept.id]).isEmpty)
        #expect(throws: (any Error).self) {
            try ben.save(decks: [], history: [FlashcardReview(cardID: kept.id, grade: .good, reviewedAt: date)])
        }
        #expect(try anna.flashcardReviews(ofCards: [kept.id]).count == 3)
    }

    @Test("v12 keeps the file's version at the newest when it runs after v13")
    func versionNeverGoesDown() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        try #require(store.pool).read { (db: Database) throws -> Void in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.version)
            #expect(try db.tableExists("flashcard_history"))
        }
    }

    @Test("A card imported again gets the answers Anki has of it that it lacks, once")
    func reimportedCardsGetTheirHistory() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        let anna = try store.profileStore(named: "anna")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        func contents(history: [PastAnswer]) -> AnkiText.Contents {
            var contents = AnkiText.Contents()
            contents.notes = [
                AnkiText.Note(
                    prompt: "hablar", answer: "to speak", guid: "es1", deck: "Spanish", line: 1, notetype: "Basic",
                    fields: ["<b>hablar</b>", "to speak"], history: history)
            ]
            return contents
        }
        // First brought in without its scheduling (a package exported without it).
        let first = try DeckImport(contents(history: []), into: try anna.decks(), now: date)
        try anna.save(decks: first.decks, history: first.history)
        let card = try #require(first.decks.first?.cards.first)
        // Answered once in TermFit; that answer went to Anki (an apkg export) and comes back.
        let session = FlashcardSession(deckID: try #require(first.decks.first).id, deckName: "Spanish", startedAt: date)
        try anna.start(session)
        let own = FlashcardReview(cardID: card.id, grade: .good, reviewedAt: date.addingTimeInterval(60))
        try anna.save(own, inFlashcardSession: session.id)
        let answers = [
            PastAnswer(answeredAt: date.addingTimeInterval(-86_400), grade: .again),
            PastAnswer(answeredAt: date.addingTimeInterval(60), grade: .good),
            PastAnswer(answeredAt: date.addingTimeInterval(86_400), grade: .hard),
        ]
        for _ in 0..<2 {
            var again = try DeckImport(contents(history: answers), into: try anna.decks(), now: date)
            #expect(again.unchanged == 1 && again.updated == 0 && again.added == 0)
            #expect(again.cardsAnsweredBefore == [card.id])
            again = again.leavingOut(try anna.flashcardReviews(ofCards: Array(again.cardsAnsweredBefore)))
            try anna.save(decks: again.decks, history: again.history)
        }
        let read = try anna.flashcardReviews(ofCards: [card.id])
        #expect(read.map(\.reviewedAt) == answers.map(\.answeredAt), "each answer once, in time order")
        #expect(read.map(\.grade) == [.again, .good, .hard])
    }
}
