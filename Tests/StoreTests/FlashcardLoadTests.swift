import Foundation
import Records
import Testing

@testable import Store

/// A large collection is read back exactly as it was saved: the fast reading of the decks (by
/// column position, identifiers and fields parsed from their bytes) changes no value.
@Suite struct FlashcardLoadTests {
    @Test func fiveThousandCardsComeBackEqual() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        let profile = try store.profileStore(named: "anna")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        func card(_ index: Int, of number: Int) -> Flashcard {
            let guid: String? = index % 3 == 0 ? nil : "g\(number)-\(index)"
            let tags: [String] = index % 2 == 0 ? ["tag\(index % 7)", "Lang::French"] : []
            let fields: [String] = index % 5 == 0 ? [] : ["<b>\(index)</b>", "", "é\u{301} last"]
            return Flashcard(
                prompt: "Prompt \(index) ünïcødé 💪", answer: "Answer \(index)\nsecond line",
                createdAt: date.addingTimeInterval(Double(index)), guid: guid, tags: tags,
                notetype: fields.isEmpty ? "" : "Basic", fields: fields, ordinal: index % 4 == 0 ? 1 : 0)
        }
        var decks: [FlashcardDeck] = []
        for number in 0..<3 {
            let cards = (0..<1_700).map { card($0, of: number) }
            decks.append(
                FlashcardDeck(
                    name: "Lang::Part \(number)", createdAt: date.addingTimeInterval(Double(number)), cards: cards))
        }
        try profile.save(decks: decks)
        let read = try profile.decks()
        #expect(read.map(\.name) == decks.map(\.name))
        for (stored, saved) in zip(read, decks) {
            #expect(stored.cards.count == saved.cards.count)
            #expect(stored.cards == saved.cards)
        }

        // Answers to 60 of the cards, one to a card no deck has, and another profile's answer to
        // one of these cards: asked for every card (one query for the profile) or for a few (by
        // identifier), the same answers come back, in time order.
        let cards = decks.flatMap(\.cards)
        let session = FlashcardSession(deckID: decks[0].id, deckName: decks[0].name, startedAt: date)
        try profile.start(session)
        for index in 0..<60 {
            try profile.save(
                FlashcardReview(
                    cardID: cards[index * 80].id, grade: index % 3 == 0 ? .again : .good,
                    reviewedAt: date.addingTimeInterval(Double(60 - index))),
                inFlashcardSession: session.id)
        }
        try profile.save(
            FlashcardReview(cardID: UUID(), grade: .good, reviewedAt: date), inFlashcardSession: session.id)
        let other = try store.profileStore(named: "ben")
        let theirs = FlashcardSession(deckID: UUID(), deckName: "Theirs", startedAt: date)
        try other.start(theirs)
        try other.save(
            FlashcardReview(cardID: cards[0].id, grade: .good, reviewedAt: date), inFlashcardSession: theirs.id)

        let everyCard = try profile.flashcardReviews(ofCards: cards.map(\.id))
        #expect(everyCard.count == 60)
        #expect(everyCard.map(\.reviewedAt) == everyCard.map(\.reviewedAt).sorted())
        let few = try profile.flashcardReviews(ofCards: (0..<60).map { cards[$0 * 80].id })
        #expect(few == everyCard)
    }

    @Test func identifiersAreReadFromTheirHexDigits() {
        for _ in 0..<1_000 {
            let uuid = UUID()
            #expect(Columns.hexUUID(uuid.uuidString) == uuid)
            #expect(Columns.hexUUID(uuid.uuidString.lowercased()) == uuid)
        }
        let valid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        #expect(Columns.hexUUID(valid) == UUID(uuidString: valid))
        for invalid in [
            "", "E621E1F8C36C495A93FC0C247A3E6E5F", "E621E1F8-C36C-495A-93FC-0C247A3E6E5", valid + "0",
            "G621E1F8-C36C-495A-93FC-0C247A3E6E5F", "E621E1F8-C36C-495A-93FC_0C247A3E6E5F",
            "E621E1F8-C36C-495A-93FC-0C247A3E6É",
        ] {
            #expect(Columns.hexUUID(invalid) == nil, "\(invalid)")
        }
    }
}
