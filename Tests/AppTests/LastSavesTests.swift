import Dispatch
import Synchronization
import TermUI
import Terminal
import Testing

@testable import App

/// What `Launcher` waits for once the run loop has ended: every job of a real store worker, for as
/// long as that takes after a quit, and for a limited time once a signal ended the run or arrives
/// while it waits (a hung store must not keep a hung-up session alive).
@Suite struct LastSavesTests {
    /// A worker whose one job blocks until `release` is signalled; answers go to a real wake pipe.
    private func stuckWorker() throws -> (StoreWorker, WakePipe, DispatchSemaphore) {
        let wake = try WakePipe()
        let worker = StoreWorker(label: "termfit.test.last-saves")
        worker.connect { wake.post($0) }
        let release = DispatchSemaphore(value: 0)
        worker.run(for: StoreAnswer.Recipient()) { () -> Int in
            release.wait()
            return 1
        }
        return (worker, wake, release)
    }

    @Test func afterASignalAStuckSaveIsWaitedForOnlyUpToTheLimit() throws {
        let (worker, wake, release) = try stuckWorker()
        defer { release.signal() }
        let clock = ContinuousClock()
        let start = clock.now
        let idle = Launcher.waitForLastSaves(
            of: worker, signalled: true, limit: .milliseconds(300), deliver: { _ = wake.drain() },
            endingSignalArrived: { false })
        let waited = clock.now - start
        #expect(!idle)
        #expect(waited >= .milliseconds(300) && waited < .seconds(3), "\(waited)")
        #expect(worker.outstanding == 1, "the save is still with the worker: it is owed")
    }

    @Test func afterAQuitTheSavesAreWaitedForAsLongAsTheyTake() throws {
        let (worker, wake, release) = try stuckWorker()
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(600)) { release.signal() }
        let delivered = Mutex(0)
        let idle = Launcher.waitForLastSaves(
            of: worker, signalled: false, limit: .milliseconds(100),
            deliver: { delivered.withLock { $0 += wake.drain().count } }, endingSignalArrived: { false })
        #expect(idle, "no signal: past the limit, still waited for")
        #expect(worker.outstanding == 0)
        #expect(delivered.withLock { $0 } == 1, "its answer was handed to the scenes")
    }

    @Test func aSignalWhileWaitingAfterAQuitStartsTheLimit() throws {
        let (worker, wake, release) = try stuckWorker()
        defer { release.signal() }
        let clock = ContinuousClock()
        let start = clock.now
        let signalAt = start + .milliseconds(400)
        let idle = Launcher.waitForLastSaves(
            of: worker, signalled: false, limit: .milliseconds(300), deliver: { _ = wake.drain() },
            endingSignalArrived: { clock.now >= signalAt })
        let waited = clock.now - start
        #expect(!idle)
        #expect(waited >= .milliseconds(700) && waited < .seconds(4), "\(waited)")
    }

    @Test func anInlineWorkerIsNeverWaitedFor() {
        #expect(
            Launcher.waitForLastSaves(
                of: .inline, signalled: true, limit: .zero, deliver: {}, endingSignalArrived: { false }))
    }
}
