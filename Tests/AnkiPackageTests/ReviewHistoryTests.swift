import AnkiPackage
import Flashcards
import Foundation
import Records
import Testing

/// A package with scheduling brings each card's review history, and FSRS continues from it: the
/// cards Anki answered (with FSRS on) are due when Anki says, with Anki's stability and
/// difficulty. Skipped, with the reason printed, where the Python package `anki` is missing.
@Suite(
    .serialized,
    .enabled(if: AnkiPython.isAvailable, "needs the Python package `anki` (pip install anki)"))
struct ReviewHistoryTests {
    struct AnkiCard: Decodable {
        var front: String
        var type: Int
        var queue: Int
        var ivl: Int
        var dueInDays: Int?
        var dueAt: Int?
        var stability: Double?
        var difficulty: Double?
        var reviews: Int
    }

    struct Fixture: Decodable {
        var now: Int
        var cards: [String: AnkiCard]
    }

    static let fixture: (directory: URL, anki: Fixture)? = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-anki-history-\(ProcessInfo.processInfo.processIdentifier)")
        let result = AnkiPython.run([AnkiPython.script, "history", directory.path])
        guard result.status == 0, let anki = try? JSONDecoder().decode(Fixture.self, from: Data(result.output.utf8))
        else {
            print("anki_fixture.py history failed: \(result.error)")
            return nil
        }
        return (directory, anki)
    }()

    @Test(arguments: ["history.apkg", "history-legacy.apkg"])
    func answeredCardsAreDueWhenAnkiSaysWithAnkisMemory(file: String) throws {
        let (directory, anki) = try #require(Self.fixture)
        let contents = try AnkiPackage.read(directory.appendingPathComponent(file))
        let plan = try DeckImport(contents, into: [], now: Date(timeIntervalSince1970: Double(anki.now)))
        let cards = plan.decks.flatMap(\.cards)
        #expect(cards.count == anki.cards.count)
        let byCard = Dictionary(grouping: plan.history, by: \.cardID)
        let day = StudyDay(calendar: .current)
        let now = Date(timeIntervalSince1970: Double(anki.now))
        for card in cards {
            let expected = try #require(anki.cards[card.guid], "\(card.prompt)")
            let answers = byCard[card.id] ?? []
            #expect(answers.count == expected.reviews, "\(expected.front)")
            let memory = CardMemory(replaying: answers, using: FSRS())
            switch expected.queue {
            case 0:
                #expect(memory.isNew, "\(expected.front)")
            case 2:
                #expect(memory.phase == .review, "\(expected.front)")
                #expect(memory.intervalDays == expected.ivl, "\(expected.front): interval")
                let due = try #require(memory.due)
                let days = Int((day.start(of: due).timeIntervalSince(day.start(of: now)) / 86_400).rounded())
                #expect(days == expected.dueInDays, "\(expected.front): due in days")
            default:
                #expect(memory.isLearning, "\(expected.front)")
                let due = try #require(memory.due?.timeIntervalSince1970)
                #expect(abs(due - Double(expected.dueAt ?? 0)) <= 2, "\(expected.front): due at")
            }
            if let stability = expected.stability, let difficulty = expected.difficulty {
                #expect(abs(memory.stability - stability) < 0.001, "\(expected.front): stability")
                #expect(abs(memory.difficulty - difficulty) < 0.001, "\(expected.front): difficulty")
            }
        }
        #expect(plan.summary.contains("review history of 8 cards"), "\(plan.summary)")
    }

    @Test func aCardImportedAgainGetsItsHistoryAndUnchangedNotesAreReportedUnchanged() throws {
        let (directory, anki) = try #require(Self.fixture)
        let now = Date(timeIntervalSince1970: Double(anki.now))
        // First without scheduling (Anki's export without it): cards, no answers.
        let plain = try DeckImport(
            try AnkiPackage.read(directory.appendingPathComponent("history-plain.apkg")), into: [], now: now)
        #expect(plain.history.isEmpty && plain.added == anki.cards.count)
        let decks = plain.decks
        // Then with it: every card is found by its guid, unchanged, and gets Anki's answers.
        let again = try DeckImport(
            try AnkiPackage.read(directory.appendingPathComponent("history.apkg")), into: decks, now: now)
        #expect(again.added == 0 && again.updated == 0 && again.unchanged == anki.cards.count, "\(again.summary)")
        let byCard = Dictionary(grouping: again.history, by: \.cardID)
        for card in decks.flatMap(\.cards) {
            let expected = try #require(anki.cards[card.guid])
            #expect((byCard[card.id] ?? []).count == expected.reviews, "\(expected.front)")
        }
        #expect(again.cardsAnsweredBefore == Set(byCard.keys))
        #expect(
            again.summary == "Imported: added 0 cards, updated 0, unchanged 9, skipped 0, review history of 8 cards.")
        // A third time, the answers are there already: nothing new.
        let third = try DeckImport(
            try AnkiPackage.read(directory.appendingPathComponent("history.apkg")), into: decks, now: now
        ).leavingOut(again.history)
        #expect(third.history.isEmpty)
        #expect(third.summary == "Imported: added 0 cards, updated 0, unchanged 9, skipped 0.")
    }
}
