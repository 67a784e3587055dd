import CardDeck
import Dumbbells
import Foundation
import HIIT
import Records
import Synchronization
import TermUI
import TestSupport
import Testing

@testable import App

#if canImport(Glibc)
    import Glibc
#endif

/// The profiles, failing the test when called on the run loop's thread.
private final class ThreadCheckedProfiles: ProfileDirectory {
    let inner: InMemoryProfileDirectory
    private let runLoopThread = pthread_self()
    private let onRunLoop = Mutex(0)

    init(_ names: [String]) { inner = InMemoryProfileDirectory(names) }

    var callsOnRunLoop: Int { onRunLoop.withLock { $0 } }

    private func check() {
        guard pthread_equal(pthread_self(), runLoopThread) != 0 else { return }
        onRunLoop.withLock { $0 += 1 }
        Issue.record("the profiles were read or written on the run loop's thread")
    }

    func profileNames() throws -> [String] {
        check()
        return try inner.profileNames()
    }

    func createProfile(named name: String) throws {
        check()
        try inner.createProfile(named: name)
    }
}

/// Every workout and the home screen, driven through saves, reads and settings changes on a
/// store that fails the test when it is called on the run loop's thread (the test's): no scene
/// does I/O; the store worker does it all, and its answers come back through the wake pipe.
@Suite struct NoRunLoopIOTests {
    private static let morning = Date(timeIntervalSince1970: 1_794_646_800)

    private func app(_ store: ThreadCheckedStore, profiles: ThreadCheckedProfiles) throws -> LiveLoop<AppScene> {
        let entries: [WorkoutEntry] = [
            .hiit(options: HIITOptions(seconds: 3)) { _ in store },
            .dumbbells { _ in store },
            .cards(options: CardDeckOptions(seed: 42, partial: ["AS", "2H", "3D"]), openLog: { _ in store }) { _, _ in
                .failure(.unreachable("no server in this test"))
            },
            .flashcards { _ in store },
        ]
        return try LiveLoop { worker in
            AppScene(
                context: AppContext(profile: "alex", reducesMotion: true, worker: worker), workouts: entries,
                profiles: profiles)
        }
    }

    @Test func theHomeScreenReadsAndMakesProfilesOnTheWorker() throws {
        let store = ThreadCheckedStore()
        let profiles = ThreadCheckedProfiles(["alex", "sam"])
        var loop = try app(store, profiles: profiles)
        loop.press(.character("p"))
        #expect(loop.scene.isProfilePickerOpen, "the picker opens with the names the worker read")
        #expect(loop.frame().contains { $0.contains("▸ alex") })
        loop.type("Kim")
        loop.press(.enter)
        #expect(loop.scene.context.profile == "Kim")
        #expect(loop.frame().contains { $0.contains("Now working out as Kim") })
        #expect(try profiles.inner.profileNames() == ["Kim", "alex", "sam"])
        #expect(profiles.callsOnRunLoop == 0)
    }

    @Test func theDumbbellWorkoutSavesReadsAndKeepsSettingsOnTheWorker() throws {
        let store = ThreadCheckedStore()
        var loop = try app(store, profiles: ThreadCheckedProfiles(["alex"]))
        loop.press(.character("2"))
        #expect(loop.scene.activeWorkout == "dumbbells")
        #expect(loop.frame().contains { $0.contains("Bicep curl") }, "opened by the worker: \(loop.frame())")
        loop.type("12")
        loop.press(.tab)
        loop.type("10")
        loop.press(.enter)
        loop.wait(.seconds(30))
        loop.press(.enter)
        loop.press(.escape)
        loop.press(.character("u"))  // the unit: a setting
        // Another window finished a workout: the next key reads the history again.
        store.markChangedElsewhere()
        loop.press(.down)
        #expect(store.calls.contains("start dumbbell workout"))
        #expect(store.calls.contains("save set 1"))
        #expect(store.calls.contains("change dumbbells.unit"))
        #expect(store.calls.filter { $0 == "dumbbell history" }.count >= 2, "on opening and after the change")
        #expect(try store.inner.memory.value(for: .dumbbellUnit) == .pounds)
        #expect(store.callsOnRunLoop.isEmpty)
    }

    @Test func theHIITWorkoutSavesAndKeepsARatingOnTheWorker() throws {
        let store = ThreadCheckedStore()
        var loop = try app(store, profiles: ThreadCheckedProfiles(["alex"]))
        loop.press(.character("1"))
        #expect(loop.scene.activeWorkout == "hiit")
        loop.press(.enter)
        loop.press(.enter)
        loop.wait(.seconds(3))
        loop.wait(.seconds(3))
        loop.press(.enter)
        loop.press(.left)
        for _ in 0..<4 { loop.press(.character("]")) }
        let saved = try store.inner.memory.hiitSessions(since: nil, limit: nil)
        #expect(saved.map(\.exercise) == ["Squat"])
        #expect(saved.first?.rating == 4)
        #expect(store.calls.contains("HIIT history"))
        #expect(store.callsOnRunLoop.isEmpty)
    }

    @Test func theCardWorkoutSavesEachCardOnTheWorker() throws {
        let store = ThreadCheckedStore()
        var loop = try app(store, profiles: ThreadCheckedProfiles(["alex"]))
        loop.press(.character("3"))
        #expect(loop.scene.activeWorkout == "cards")
        loop.press(.enter)
        loop.wait(.seconds(10))
        loop.press(.enter)  // the first card starts the session in the data
        loop.wait(.seconds(10))
        loop.press(.enter)
        #expect(store.calls.contains("start card session"))
        #expect(store.calls.contains("save card 2"))
        #expect(try store.inner.memory.recentCardSessions(limit: 1).first?.draws.count == 2)
        #expect(store.calls.contains("recent card sessions"), "the deck times are read when it opens")
        #expect(store.callsOnRunLoop.isEmpty)
    }

    @Test func theFlashcardWorkoutSavesAnswersAndSwitchesDecksOnTheWorker() throws {
        let store = ThreadCheckedStore()
        for (offset, name) in ["Stretches", "Warm-up"].enumerated() {
            try store.inner.save(
                FlashcardDeck(
                    name: name, createdAt: Self.morning.addingTimeInterval(Double(offset) * 60),
                    cards: [Flashcard(prompt: "\(name)?", answer: "Yes", createdAt: Self.morning)]))
        }
        var loop = try app(store, profiles: ThreadCheckedProfiles(["alex"]))
        loop.press(.character("4"))
        #expect(loop.scene.activeWorkout == "flashcards")
        loop.press(.character(" "), .right)
        loop.press(.character("d"), .down, .enter)
        #expect(store.calls.contains("start flashcard session"))
        #expect(store.calls.contains("save review"))
        #expect(store.calls.filter { $0 == "reviews" }.count >= 2, "on opening and for the deck switched to")
        #expect(store.calls.contains("change flashcards.deckID"))
        #expect(loop.frame().contains { $0.contains("Warm-up") })
        #expect(store.callsOnRunLoop.isEmpty)
    }
}
