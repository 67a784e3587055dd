import Flashcards
import Foundation
import Records
import Store
import TermUI
import Testing

@testable import App

/// A collection in SQLite opens on the first session's cards alone: the workout holds no deck's
/// cards until it has asked for them after its first frame, and what it serves is what the whole
/// deck would serve.
@Suite struct FlashcardsFirstCardsTests {
    let date = Date(timeIntervalSince1970: 1_794_646_800)

    /// Runs `body` on the profile "alex" of a new SQLite file, removed afterwards.
    private func withProfile(_ body: (ProfileStore) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-first-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = try TermFitStore.open(at: StoreLocation(directory: directory, origin: .argument))
        defer { try? store.close() }
        try body(try store.profileStore(named: "alex"))
    }

    /// A deck named `name` of `count` cards made a second apart from `date`.
    private func deck(_ name: String, cards count: Int) -> FlashcardDeck {
        FlashcardDeck(
            name: name, createdAt: date,
            cards: (0..<count).map {
                Flashcard(prompt: "p\($0)", answer: "a", createdAt: date.addingTimeInterval(Double($0)))
            })
    }

    @Test func theOpenServesTheFirstCardsAndReadsTheDecksAfter() throws {
        try withProfile { profile in
            var decks: [FlashcardDeck] = []
            for (number, name) in ["Big::Part 0", "Big::Part 1", "Other"].enumerated() {
                let cards = (0..<700).map {
                    Flashcard(
                        prompt: "\(name) \($0)", answer: "a", createdAt: date.addingTimeInterval(Double($0 - 10_000)))
                }
                decks.append(
                    FlashcardDeck(name: name, createdAt: date.addingTimeInterval(Double(number)), cards: cards))
            }
            try profile.save(decks: decks)
            // Two answered cards of the first deck are due again (answered Again two days ago).
            let session = FlashcardSession(deckID: decks[0].id, deckName: decks[0].name, startedAt: date)
            try profile.start(session)
            for card in decks[0].cards.prefix(2) {
                try profile.save(
                    FlashcardReview(cardID: card.id, grade: .again, reviewedAt: date.addingTimeInterval(-2 * 86_400)),
                    inFlashcardSession: session.id)
            }
            let wallClock: @Sendable () -> Date = { [date] in date }

            var (workout, _) = try FlashcardsData.open(
                context: AppContext(profile: "alex", reducesMotion: true), library: profile, settings: profile,
                wallClock: wallClock)
            #expect(workout.isReadingDecks)
            #expect(workout.decks.map(\.name) == decks.map(\.name))
            #expect(workout.decks.allSatisfy { $0.cards.isEmpty }, "no deck's cards are read to open")
            // 2,100 cards: more than are read whole. The two due cards first, then the day's 20 new
            // cards of the first deck.
            #expect(workout.cardCount == 22)
            #expect(workout.newCount == 20)
            #expect(Set(workout.stack.prefix(2).map(\.id)) == Set(decks[0].cards.prefix(2).map(\.id)))
            let firstDeck = Set(decks[0].cards.dropFirst(2).map(\.id))
            #expect(workout.stack.dropFirst(2).allSatisfy { firstDeck.contains($0.id) })
            #expect(Set(workout.stack.map(\.id)).count == 22)
            let first = workout.stack

            // The first frame asks for the decks; until they come cram waits and the editor opens
            // when they do.
            let now = Instant(nanoseconds: 1_000_000_000)
            #expect(workout.handle(.resize(Size(width: 80, height: 24)), at: now).contains(.loadDecks))
            #expect(!workout.handle(.key(.character("x")), at: now).contains(.loadDecks), "asked once")
            _ = workout.handle(.key(.character("c")), at: now)
            #expect(workout.mode == .study)
            #expect(workout.note == "The decks are still being read: try again in a moment.")
            _ = workout.handle(.key(.character("e")), at: now)
            #expect(workout.sheet == nil)
            #expect(workout.note == "Reading the decks…")
            workout.receive(decks: .success(try profile.decks()), at: now)
            #expect(!workout.isReadingDecks)
            #expect(workout.decks == decks)
            #expect(workout.stack == first, "the session under way stays")
            #expect(workout.note == nil)
            guard case .editor(let editor) = workout.sheet else {
                Issue.record("the editor opens once the decks are read")
                return
            }
            #expect(editor.cards == decks[0].cards)
        }
    }

    /// The host reads the decks as soon as the workout is open and the window's size known.
    @Test func theHostReadsTheDecksOnOpening() throws {
        try withProfile { profile in
            let deck = FlashcardDeck(
                name: "Large", createdAt: date,
                cards: (0..<2_001).map {
                    Flashcard(prompt: "p\($0)", answer: "a", createdAt: date.addingTimeInterval(Double($0)))
                })
            try profile.save(deck)
            let harness = HostDriver<FlashcardsData>(
                WorkoutHost(
                    context: AppContext(profile: "alex", reducesMotion: true), library: profile, settings: profile,
                    wallClock: { [date] in date }),
                now: hostClockStart)
            let workout = try #require(harness.host.workout)
            #expect(!workout.isReadingDecks)
            #expect(workout.decks == [deck])
            #expect(workout.cardCount == 20)
        }
    }

    @Test func aDeckWithNothingToServeIsReadWhole() throws {
        try withProfile { profile in
            // The day's new cards are spent (20 introduced today) and none is due: the screen says when
            // the next one is, from every card of the deck.
            let deck = self.deck("Done", cards: 2_100)
            try profile.save(deck)
            let session = FlashcardSession(deckID: deck.id, deckName: deck.name, startedAt: date)
            try profile.start(session)
            for card in deck.cards.prefix(20) {
                try profile.save(
                    FlashcardReview(cardID: card.id, grade: .easy, reviewedAt: date.addingTimeInterval(-60)),
                    inFlashcardSession: session.id)
            }
            let (workout, _) = try FlashcardsData.open(
                context: AppContext(profile: "alex", reducesMotion: true), library: profile, settings: profile,
                wallClock: { [date] in date })
            #expect(!workout.isReadingDecks)
            #expect(workout.decks == [deck])
            #expect(workout.cardCount == 0)
        }
    }

    @Test func aSmallCollectionIsReadWhole() throws {
        try withProfile { profile in
            let deck = self.deck("Small", cards: 2_000)
            try profile.save(deck)
            let (workout, _) = try FlashcardsData.open(
                context: AppContext(profile: "alex", reducesMotion: true), library: profile, settings: profile,
                wallClock: { [date] in date })
            #expect(!workout.isReadingDecks)
            #expect(workout.decks == [deck])
            #expect(workout.cardCount == 20)
        }
    }
}
