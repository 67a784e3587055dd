import App
import TermUI
import Terminal
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A scene driven on the test's thread as the run loop drives it, with a real store worker (its
/// own thread) whose answers come back through a real wake pipe: what the run loop does,
/// without a terminal. The test's thread plays the run loop's.
struct LiveLoop<Content: Scene> {
    let wake: WakePipe
    let worker: StoreWorker
    var scene: Content
    var now = Instant(nanoseconds: 5_000_000_000)
    private(set) var size: Size
    /// Every effect the scene returned, oldest first.
    private(set) var effects: [Effect] = []

    /// Makes the scene with the worker and hands it the window's size; waits for the worker.
    /// `settling`: `false` leaves what the first event handed the worker with it.
    init(size: Size = Size(width: 80, height: 24), settling: Bool = true, makeScene: (StoreWorker) -> Content) throws {
        let wake = try WakePipe()
        self.wake = wake
        worker = StoreWorker(label: "termfit.store.test")
        worker.connect { wake.post($0) }
        scene = makeScene(worker)
        self.size = size
        send(.resize(size), settling: settling)
    }

    /// Hands `event` to the scene, then waits until the worker answered all it was handed.
    mutating func send(_ event: Event, settling: Bool = true) {
        effects += scene.handle(event, at: now)
        if settling { settle() }
    }

    mutating func press(_ keys: Key..., settling: Bool = true) {
        for key in keys { send(.key(key), settling: settling) }
    }

    mutating func type(_ text: String, settling: Bool = true) {
        for character in text { send(.key(.character(character)), settling: settling) }
    }

    /// Moves the clock on and hands the scene its tick.
    mutating func wait(_ duration: Duration) {
        now = now + duration
        send(.tick)
    }

    /// Waits on the wake pipe (as the run loop's `poll`) and hands the scene each answer, until
    /// the worker has nothing more to answer. Records an issue if it takes over 10 s.
    mutating func settle() {
        var waited = 0
        while true {
            let events = wake.drain()
            if !events.isEmpty {
                for event in events { effects += scene.handle(event, at: now) }
                continue
            }
            // The worker counts a job done only after its answer is posted: none is on its way.
            if worker.outstanding == 0 {
                let late = wake.drain()
                if late.isEmpty { return }
                for event in late { effects += scene.handle(event, at: now) }
                continue
            }
            var descriptor = pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 100) == 0 {
                waited += 100
                if waited >= 10_000 {
                    Issue.record("the worker did not answer within 10 s")
                    return
                }
            }
        }
    }

    /// The scene's frame now, as lines.
    func frame() -> [String] {
        var composition = Composition(size: size)
        scene.render(into: &composition, at: now)
        return composition.flatten().lines()
    }
}
