import Flashcards
import Foundation
import Records
import Synchronization
import TermUI
import TestSupport
import Testing

@testable import App

/// The flashcard workout's host at 80×24 on a test clock.
private typealias HostHarness = HostDriver<FlashcardsData>

extension WorkoutDriver where Model == WorkoutHost<FlashcardsData> {
    fileprivate init(
        library: any FlashcardLibrary & SettingsStore, options: FlashcardsOptions = FlashcardsOptions(),
        context: AppContext = AppContext(profile: "alex", reducesMotion: true)
    ) {
        self.init(
            WorkoutHost(
                context: context, options: options, library: library, settings: library,
                wallClock: { Date(timeIntervalSince1970: 1_794_646_800) }),
            now: hostClockStart)
    }
}

@Suite struct FlashcardsHostTests {
    private func onlySession(_ log: InMemoryWorkoutLog) throws -> FlashcardSession {
        let sessions = log.archive(profile: "alex").flashcardSessions
        #expect(sessions.count == 1)
        return try #require(sessions.first)
    }

    @Test func aNewProfileGetsTheStarterDeckAndEveryAnswerIsSavedAtOnce() throws {
        let log = InMemoryWorkoutLog()
        var harness = HostHarness(library: log)
        let decks = try log.decks()
        #expect(decks.map(\.name) == [StarterDeck.name])
        #expect(decks[0].cards.count == StarterDeck.cards.count)
        #expect(harness.frame()[0].contains("Flashcards · \(StarterDeck.name)"))
        harness.press(.character(" "), .right)
        var session = try onlySession(log)
        #expect(session.reviews.map(\.grade) == [.good])
        #expect(session.status == .inProgress)
        harness.now = harness.now + .seconds(2)
        harness.press(.character(" "), .left)
        session = try onlySession(log)
        #expect(session.reviews.map(\.grade) == [.good, .again])
        #expect(try log.flashcardReviews(ofCards: [session.reviews[1].cardID]).count == 1)
        // Opening again does not add a second starter deck.
        _ = HostHarness(library: log)
        #expect(try log.decks().count == 1)
    }

    @Test func uRemovesTheSavedReviewOfTheAnswerItTakesBack() throws {
        let log = InMemoryWorkoutLog()
        var harness = HostHarness(library: log)
        harness.press(.character(" "), .right)
        harness.now = harness.now + .seconds(2)
        harness.press(.character(" "), .left)
        let session = try onlySession(log)
        #expect(session.reviews.map(\.grade) == [.good, .again])
        harness.press(.character("u"))
        #expect(try onlySession(log).reviews.map(\.grade) == [.good], "the answer taken back is gone from the log")
        #expect(harness.host.unsaved.isEmpty)
        // Graded again, the new answer is saved in its place.
        harness.press(.character("3"))
        #expect(try onlySession(log).reviews.map(\.grade) == [.good, .good])
        // The recovery step does the same, and may run twice.
        let step = UnsavedStep.flashcardReviewDeletion(session.reviews[0].id, sessionID: session.id)
        try step.save(into: log)
        try step.save(into: log)
        #expect(try onlySession(log).reviews.map(\.grade) == [.good])
    }

    @Test func aFailedSaveIsShownKeptAndTriedAgain() throws {
        let library = FlakyWorkoutLog()
        _ = HostHarness(library: library)
        library.failing = true
        var harness = HostHarness(library: library)
        let effects = harness.press(.character(" "), .right)
        #expect(effects.isEmpty, "no crash, no quit")
        #expect(harness.host.unsaved.count == 2, "the session and its first answer wait")
        #expect(harness.frame()[22].contains("Not saved (disk full): 2 changes kept here"))
        #expect(harness.host.workout?.correctCount == 1, "the answer stays on screen")
        library.failing = false
        harness.now = harness.now + .seconds(2)
        harness.press(.character(" "), .left)
        #expect(harness.host.unsaved.isEmpty)
        let session = try #require(library.memory.archive(profile: "alex").flashcardSessions.first)
        #expect(session.reviews.map(\.grade) == [.good, .again])
        #expect(!harness.frame()[22].contains("Not saved"))
        // What fails last is tried once more when the program ends.
        library.failing = true
        harness.press(.character(" "), .right)
        library.failing = false
        _ = harness.host.handle(.terminate, at: harness.now)
        #expect(try library.memory.flashcardSession(id: session.id)?.reviews.count == 3)
    }

    @Test func theSettingsAndSwitchingDecks() throws {
        let log = InMemoryWorkoutLog()
        let date = Date(timeIntervalSince1970: 1_794_646_800)
        let other = FlashcardDeck(
            name: "Stretches", createdAt: date.addingTimeInterval(60),
            cards: [Flashcard(prompt: "Hamstrings?", answer: "Back of the thigh", createdAt: date)])
        _ = HostHarness(library: log)
        try log.save(other)
        try log.setValue(30, for: .flashcardSessionLength)
        try log.setValue(other.id.uuidString, for: .flashcardDeck)
        var harness = HostHarness(library: log)
        #expect(harness.host.workout?.deck?.name == "Stretches")
        #expect(harness.host.workout?.secondsLeft(at: harness.now) == 30)
        let short = HostHarness(library: log, options: FlashcardsOptions(seconds: 7))
        #expect(short.host.workout?.secondsLeft(at: short.now) == 7)
        // Switching decks: the host reads the reviews and keeps the choice for next time.
        harness.press(.character("d"), .up, .enter)
        #expect(harness.host.workout?.deck?.name == StarterDeck.name)
        #expect(try log.value(for: .flashcardDeck) == (try log.decks()[0].id.uuidString))
        #expect(HostHarness(library: log).host.workout?.deck?.name == StarterDeck.name)
        let plain = HostHarness(library: log, options: FlashcardsOptions(plain: true))
        #expect(plain.frame()[0].hasPrefix("Flashcards: "))
    }

    @Test func theDecksListCountsEveryDeckAndTheDailyLimitIsASetting() throws {
        let log = InMemoryWorkoutLog()
        let day = 86_400.0
        let now = Date(timeIntervalSince1970: 1_794_646_800)
        let cards = { (name: String, count: Int) in
            (0..<count).map { Flashcard(prompt: "\(name) \($0)?", answer: "\($0)", createdAt: now - day) }
        }
        let gym = FlashcardDeck(name: "Gym", createdAt: now - 2 * day, cards: cards("Gym", 4))
        let anatomy = FlashcardDeck(name: "Anatomy", createdAt: now - day, cards: cards("Anatomy", 30))
        try log.save(gym)
        try log.save(anatomy)
        let session = FlashcardSession(deckID: anatomy.id, deckName: "Anatomy", startedAt: now - 40 * day)
        try log.start(session)
        for card in anatomy.cards.prefix(3) {
            try log.save(
                FlashcardReview(cardID: card.id, grade: .easy, reviewedAt: now - 40 * day),
                inFlashcardSession: session.id)
        }
        try log.setSetting(.number(3), forName: "flashcards.newCardsPerDay")
        var harness = HostHarness(library: log)
        #expect(harness.host.workout?.deck?.name == "Gym")
        #expect(harness.host.workout?.stack.count == 3, "three new cards a day, as set")
        harness.press(.character("d"))
        let frame = harness.frame()
        #expect(
            frame.contains { $0.contains("Gym") && $0.contains("4 cards · 0 due · 3 new") },
            "\(frame.joined(separator: "\n"))")
        #expect(frame.contains { $0.contains("Anatomy") && $0.contains("30 cards · 3 due · 3 new") })
    }

    @Test func aDeckImportedWhileTheWorkoutRunsIsListedAndDecksAreMadeRenamedAndDeleted() throws {
        let log = InMemoryWorkoutLog()
        var harness = HostHarness(library: log)
        // Another TermFit (`termfit flashcards import`) adds a deck to the same profile.
        let date = Date(timeIntervalSince1970: 1_794_646_800)
        try log.save(
            FlashcardDeck(
                name: "Spanish::Verbs", createdAt: date.addingTimeInterval(60),
                cards: [Flashcard(prompt: "hablar", answer: "to speak", createdAt: date)]))
        harness.press(.character("d"))
        // Listed under its parent, which counts its card too.
        #expect(harness.frame().contains { $0.contains("  Verbs") && $0.contains("1 card · 0 due · 1 new") })
        #expect(harness.frame().contains { $0.contains("Spanish") && $0.contains("1 card · 0 due · 1 new") })
        harness.press(.control("n"))
        harness.type("Stretches")
        harness.press(.enter)
        #expect(Set(try log.decks().map(\.name)) == [StarterDeck.name, "Spanish::Verbs", "Stretches"])
        harness.press(.control("r"), .control("u"))
        harness.type("Mobility")
        harness.press(.enter)
        #expect(Set(try log.decks().map(\.name)) == [StarterDeck.name, "Spanish::Verbs", "Mobility"])
        let spanish = try #require(harness.host.workout?.decks.firstIndex { $0.name == "Spanish::Verbs" })
        harness.press(.pageUp, .pageUp)
        // "Spanish" (the parent, listed without a deck) comes before "Spanish::Verbs".
        for _ in 0...spanish { harness.press(.down) }
        harness.press(.control("x"), .character("y"))
        #expect(Set(try log.decks().map(\.name)) == [StarterDeck.name, "Mobility"])
    }
}
