import Dumbbells
import Foundation
import Records
import Synchronization
import TermUI
import Terminal
import TestSupport
import Testing

@testable import App

#if canImport(Glibc)
    import Glibc
#endif

/// The store worker: jobs in order on a thread of its own, answers through the wake pipe, and the
/// dumbbell host's commands through it (a set never before its workout, a failed one keeping its
/// place).
@Suite struct StoreWorkerTests {
    @Test func anAnswerComesFromAnotherThreadThroughARealWakePipe() throws {
        let wake = try WakePipe()
        let worker = StoreWorker()
        worker.connect { wake.post($0) }
        let recipient = StoreAnswer.Recipient()
        let caller = pthread_self()
        let ranElsewhere = Mutex(false)
        #expect(
            worker.run(for: recipient) { () -> Int in
                ranElsewhere.withLock { $0 = pthread_equal(pthread_self(), caller) == 0 }
                return 42
            } == nil, "a worker with a queue answers later, never at once")
        var descriptor = pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 10_000) == 1, "the pipe becomes readable: the run loop wakes")
        let events = wake.drain()
        #expect(events.count == 1)
        #expect(events.first.flatMap { StoreAnswer.value(in: $0, for: recipient, as: Int.self) } == 42)
        #expect(
            events.first.flatMap { StoreAnswer.value(in: $0, for: StoreAnswer.Recipient(), as: Int.self) } == nil,
            "an answer is for the one that asked")
        #expect(ranElsewhere.withLock { $0 }, "the job ran off the caller's thread")
    }

    @Test func jobsRunAndAnswerStrictlyInOrder() throws {
        let wake = try WakePipe()
        let worker = StoreWorker()
        let recipient = StoreAnswer.Recipient()
        let ran = Mutex<[Int]>([])
        // Answers before the run loop is connected wait for it.
        for number in 0..<200 {
            worker.run(for: recipient) { () -> Int in
                if number % 50 == 0 { Thread.sleep(forTimeInterval: 0.01) }
                ran.withLock { $0.append(number) }
                return number
            }
        }
        worker.connect { wake.post($0) }
        worker.waitUntilIdle()
        #expect(worker.outstanding == 0)
        #expect(ran.withLock { $0 } == Array(0..<200))
        let answers = wake.drain().compactMap { StoreAnswer.value(in: $0, for: recipient, as: Int.self) }
        #expect(answers == Array(0..<200))
    }

    @Test func anInlineWorkerAnswersAtOnceOnTheCallersThread() {
        let caller = pthread_self()
        let answer = StoreWorker.inline.run(for: StoreAnswer.Recipient()) { pthread_equal(pthread_self(), caller) != 0 }
        #expect(answer == true)
    }

    private func dumbbells(_ store: ThreadCheckedStore) throws -> LiveLoop<WorkoutHost<DumbbellsData>> {
        try LiveLoop { worker in
            WorkoutHost<DumbbellsData>(
                context: AppContext(profile: "alex", reducesMotion: true, worker: worker), log: store, settings: store,
                wallClock: { Date(timeIntervalSince1970: 1_794_646_800) })
        }
    }

    /// Types a set, runs it for 30 s and finishes it, without waiting for the worker.
    private func doSet(_ loop: inout LiveLoop<WorkoutHost<DumbbellsData>>, _ weight: String, _ reps: String) {
        for character in weight { loop.send(.key(.character(character)), settling: false) }
        loop.send(.key(.tab), settling: false)
        for character in reps { loop.send(.key(.character(character)), settling: false) }
        loop.send(.key(.enter), settling: false)
        loop.now = loop.now + .seconds(30)
        loop.send(.tick, settling: false)
        loop.send(.key(.enter), settling: false)
    }

    @Test func whileTheStoreIsSlowKeysAnswerAndASetNeverGoesInBeforeItsWorkout() throws {
        let store = ThreadCheckedStore()
        var loop = try dumbbells(store)
        #expect(loop.scene.workout != nil, "opened by the worker")
        store.delay = .milliseconds(150)
        let started = ContinuousClock.now
        doSet(&loop, "12", "10")
        loop.send(.key(.escape), settling: false)  // no rest
        doSet(&loop, "14", "8")
        // Every key was handled without waiting for the store: six saves of 150 ms each are
        // still with the worker.
        #expect(ContinuousClock.now - started < .milliseconds(300))
        #expect(loop.scene.unsaved.count >= 2, "the workout and its sets wait for the worker")
        #expect(loop.scene.workout?.completedSets.count == 2, "both sets are done on screen")
        loop.settle()
        #expect(loop.scene.unsaved.isEmpty)
        let saves = store.calls.filter { $0.hasPrefix("start") || $0.hasPrefix("save") }
        #expect(saves == ["start dumbbell workout", "save set 1", "save set 2"])
        let id = try #require(loop.scene.workout?.workoutID)
        #expect(try store.inner.memory.workout(id: id)?.sets.map(\.reps) == [10, 8])
        #expect(store.callsOnRunLoop.isEmpty)
    }

    @Test func keysTypedWhileTheWorkoutOpensWaitForItAndAllCount() throws {
        let store = ThreadCheckedStore()
        store.delay = .milliseconds(100)
        var loop = try LiveLoop(settling: false) { worker in
            WorkoutHost<DumbbellsData>(
                context: AppContext(profile: "alex", reducesMotion: true, worker: worker), log: store, settings: store,
                wallClock: { Date(timeIntervalSince1970: 1_794_646_800) })
        }
        #expect(loop.scene.isOpening)
        #expect(loop.frame().contains { $0.contains("Opening…") })
        loop.type("12", settling: false)
        #expect(loop.scene.isOpening, "the worker is still reading")
        loop.settle()
        #expect(!loop.scene.isOpening)
        #expect(
            loop.frame().contains { $0.contains("▸ 1") && $0.contains("12") }, "typed into set 1: \(loop.frame())")
        #expect(store.callsOnRunLoop.isEmpty)
    }

    @Test func aFailedCommandKeepsItsPlaceAndGoesInFirstWithTheNext() throws {
        let store = ThreadCheckedStore()
        var loop = try dumbbells(store)
        store.inner.failing = true
        doSet(&loop, "12", "10")
        loop.settle()
        #expect(loop.scene.unsaved.count == 2, "the workout and its set wait, in order")
        guard case .dumbbellWorkout? = loop.scene.unsaved.first else {
            Issue.record("the workout first: \(loop.scene.unsaved)")
            return
        }
        #expect(
            loop.scene.problem == .notSaved(reason: "disk full", waiting: "set 1", retry: "the next set"))
        #expect(loop.frame().contains { $0.contains("Not saved (disk full): set 1 kept here") })
        #expect(!store.calls.contains("save set 1"), "the set is not tried before its workout went in")
        // Nothing is tried again by itself: a key that is not a new command tries nothing.
        let commands = { store.calls.filter { $0.hasPrefix("start") || $0.hasPrefix("save") }.count }
        let before = commands()
        loop.press(.up)
        loop.press(.down)
        #expect(commands() == before)
        // Skipping the rest is one (it is saved): what waits is tried again with it, first.
        loop.press(.escape)
        #expect(commands() == before + 1)

        store.inner.failing = false
        doSet(&loop, "14", "8")
        loop.settle()
        #expect(loop.scene.unsaved.isEmpty)
        #expect(loop.scene.problem == nil)
        let id = try #require(loop.scene.workout?.workoutID)
        #expect(try store.inner.memory.workout(id: id)?.sets.map(\.weight) == [12, 14])
        let saves = store.calls.filter { $0.hasPrefix("start") || $0.hasPrefix("save") }
        #expect(
            saves == [
                "start dumbbell workout", "start dumbbell workout", "start dumbbell workout", "save set 1",
                "save set 2",
            ])
    }

    @Test func whatIsStillWithTheWorkerWhenTheProgramEndsIsAnsweredBeforeItIsAskedWhatIsOwed() throws {
        let store = ThreadCheckedStore()
        var loop = try dumbbells(store)
        store.delay = .milliseconds(100)
        store.inner.failing = true
        doSet(&loop, "12", "10")
        loop.send(.terminate, settling: false)
        loop.settle()
        // The workout, its set and its end (the program ended it) are kept for the recovery
        // file, in order.
        let kinds = loop.scene.unsavedSteps.map { step -> String in
            switch step {
            case .dumbbellWorkout: "workout"
            case .dumbbellSet: "set"
            case .dumbbellFinish: "end"
            default: "other"
            }
        }
        #expect(kinds == ["workout", "set", "end"])
        #expect(store.callsOnRunLoop.isEmpty)
    }
}
