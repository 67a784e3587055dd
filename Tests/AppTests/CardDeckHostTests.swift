import CardDeck
import DeckClient
import Foundation
import LoopbackDeckServer
import Records
import Synchronization
import TermUI
import TestSupport
import Testing

@testable import App

/// The card workout's host at 80×24 on a test clock; background jobs are run to their end and
/// their event handed back, as the run loop does through its wake pipe.
private typealias HostHarness = HostDriver<CardsData>

extension WorkoutDriver where Model == WorkoutHost<CardsData> {
    fileprivate init(
        log: any CardSessionLog & SettingsStore, options: CardDeckOptions = CardDeckOptions(seed: 42),
        fetch: @escaping DeckFetcher = { server, request in await DeckClient(baseURL: server).send(request) }
    ) {
        self.init(
            WorkoutHost(
                context: AppContext(profile: "alex", reducesMotion: true), options: options, log: log, settings: log,
                fetch: fetch, wallClock: { Date(timeIntervalSince1970: 1_794_646_800) }),
            now: hostClockStart)
    }

    /// Presses keys; runs any background job and delivers its answer.
    @discardableResult
    fileprivate mutating func press(_ keys: Key...) async -> [Effect] {
        var effects: [Effect] = []
        for key in keys { effects += await deliver(.key(key)) }
        return effects
    }

    fileprivate mutating func deliver(_ event: Event) async -> [Effect] {
        var effects = send(event)
        while let index = effects.firstIndex(where: { if case .perform = $0 { true } else { false } }) {
            guard case .perform(let job) = effects.remove(at: index) else { break }
            effects += send(await job.work())
        }
        return effects
    }
}

@Suite struct CardDeckHostTests {
    @Test func eachCardDoneIsSavedAtOnceAndTheDeckFinishes() async throws {
        let log = InMemoryWorkoutLog()
        var harness = HostHarness(log: log, options: CardDeckOptions(seed: 42, partial: ["AS", "2H", "3D"]))
        await harness.press(.enter)
        harness.wait(.seconds(10))
        await harness.press(.enter)
        let id = try #require(harness.host.workout?.sessionID)
        #expect(try log.cardSession(id: id)?.draws.count == 1)
        #expect(try log.cardSession(id: id)?.status == .inProgress)
        harness.wait(.seconds(10))
        await harness.press(.enter)
        #expect(try log.cardSession(id: id)?.draws.count == 2)
        harness.wait(.seconds(10))
        await harness.press(.enter)
        let saved = try #require(try log.cardSession(id: id))
        #expect(saved.status == .finished)
        #expect(saved.draws.map(\.position) == [1, 2, 3])
        #expect(Set(saved.draws.map(\.code)) == ["AS", "2H", "3D"])
        #expect(saved.activeDuration == 30)
        #expect(saved.deckSource == .local)
        #expect(saved.repsPerExercise == ["Push-ups": 11, "Sit-ups": 2, "Squats": 3])
        // The next time, the deck's time is the personal best and the last deck under these rules.
        let next = HostHarness(log: log, options: CardDeckOptions(seed: 7, partial: ["AS", "2H", "3D"]))
        #expect(next.host.workout?.personalBest == 30)
        #expect(next.host.workout?.lastDeckSeconds == 30)
        let other = HostHarness(log: log, options: CardDeckOptions(seed: 7, partial: ["AS", "2H"]))
        #expect(other.host.workout?.personalBest == nil, "another deck, other rules")
    }

    @Test func aFailedSaveIsShownKeptAndTriedAgain() async throws {
        let log = FlakyWorkoutLog()
        log.failing = true
        var harness = HostHarness(log: log)
        // Done is taken half a second after a card shows.
        await harness.press(.enter)
        harness.wait(.seconds(1))
        await harness.press(.enter)
        #expect(harness.host.unsaved.count == 1)
        #expect(harness.frame()[22].contains("Not saved (disk full): 1 change kept here"))
        harness.wait(.seconds(1))
        await harness.press(.enter)
        #expect(harness.host.unsaved.count == 2, "kept in order")
        log.failing = false
        harness.wait(.seconds(1))
        await harness.press(.enter)
        #expect(harness.host.unsaved.isEmpty)
        let id = try #require(harness.host.workout?.sessionID)
        #expect(try log.cardSession(id: id)?.draws.map(\.position) == [1, 2, 3])
        #expect(!harness.frame()[22].contains("Not saved"))
    }

    @Test func undoRemovesTheSavedDrawFromTheLogAndARecoveryFileCanReplayIt() async throws {
        let log = InMemoryWorkoutLog()
        var harness = HostHarness(log: log)
        await harness.press(.enter)
        harness.wait(.seconds(1))
        await harness.press(.enter)
        harness.wait(.seconds(1))
        await harness.press(.enter)
        let id = try #require(harness.host.workout?.sessionID)
        #expect(try log.cardSession(id: id)?.draws.map(\.position) == [1, 2])
        await harness.press(.character("u"))
        #expect(try log.cardSession(id: id)?.draws.map(\.position) == [1])
        // The host queues the change itself: what it owes is what a recovery file replays.
        #expect(harness.host.unsaved.isEmpty)
        try UnsavedStep.cardDrawDeletion(position: 1, sessionID: id).save(into: log)
        #expect(try log.cardSession(id: id)?.draws.isEmpty == true)
    }

    @Test func terminateBringsTheSessionUpToDateAndRetriesWhatFailed() async throws {
        let log = FlakyWorkoutLog()
        var harness = HostHarness(log: log)
        await harness.press(.enter)
        harness.wait(.seconds(7))
        await harness.press(.enter)
        log.failing = true
        harness.wait(.seconds(1))
        await harness.press(.enter)
        log.failing = false
        harness.wait(.seconds(1))
        _ = await harness.deliver(.terminate)
        #expect(harness.host.unsaved.isEmpty)
        let id = try #require(harness.host.workout?.sessionID)
        let saved = try #require(try log.cardSession(id: id))
        #expect(saved.status == .cutOff)
        #expect(saved.draws.count == 2)
        #expect(saved.activeDuration == 9)
    }

    @Test func theRulesAreKeptForTheProfileAndReadNextTime() async throws {
        let log = InMemoryWorkoutLog()
        var harness = HostHarness(log: log)
        await harness.press(.character("r"), .enter)
        for _ in 0..<10 { await harness.press(.backspace) }
        for character in "Dips" { await harness.press(.character(character)) }
        await harness.press(.enter)
        for _ in 0..<5 { await harness.press(.down) }
        await harness.press(.right)
        #expect(try log.value(for: .suitExercises)?["S"] == "Dips")
        #expect(try log.value(for: .cardAceReps) == 14)
        // What the member never changed is not written: another window may change it.
        #expect(try log.value(for: .cardDeckAPI) == nil)
        let next = HostHarness(log: log)
        #expect(next.host.workout?.settings.exercise(for: .spades) == "Dips")
        #expect(next.host.workout?.settings.aceReps == 14)
    }

    @Test func aRemoteDeckThroughTheBackgroundJob() async throws {
        let server = try LoopbackDeckServer()
        let log = InMemoryWorkoutLog()
        var harness = HostHarness(log: log, options: CardDeckOptions(seed: 1, deckServer: server.baseURL))
        await harness.press(.enter)
        let current = try #require(harness.host.workout?.current)
        #expect(harness.host.workout?.remaining == 51)
        #expect(server.requests.count == 2)
        harness.wait(.seconds(1))
        await harness.press(.enter)
        let id = try #require(harness.host.workout?.sessionID)
        let saved = try #require(try log.cardSession(id: id))
        #expect(saved.deckSource == .server(server.baseURL))
        #expect(saved.draws.first?.code == current.card.code)
        #expect(server.deck(saved.deckID)?.remaining == 50)
        #expect(try log.value(for: .cardDeckAPI) == nil, "a --deck-api for one run is not kept")
    }

    @Test func joiningADeckThatDoesNotExistSaysSoAndTheOwnDeckTakesOver() async throws {
        let server = try LoopbackDeckServer()
        var harness = HostHarness(
            log: InMemoryWorkoutLog(),
            options: CardDeckOptions(seed: 1, deckServer: server.baseURL, deckID: "nosuchdeck00"))
        await harness.press(.enter)
        let text = harness.frame().joined(separator: "\n")
        #expect(text.contains("The deck server says: Deck ID"))
        #expect(text.contains("does not exist."))
        await harness.press(.character("l"))
        #expect(harness.host.workout?.current != nil)
        #expect(harness.host.workout?.remaining == 51)
    }
}
