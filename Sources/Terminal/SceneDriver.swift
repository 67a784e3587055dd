import TermUI

/// The heart of the run loop, apart from any terminal: it feeds events to the scene, fires the
/// scene's deadline, composes at most one frame per wake-up (none when nothing happened) and diffs
/// it against the last one. The loop around it only waits and writes, so this is what the tests
/// drive with a `ManualClock`.
public struct SceneDriver<Content: Scene> {
    public private(set) var scene: Content
    public private(set) var size: Size
    public private(set) var statistics = RenderStatistics()
    private var previous: Canvas?
    private var current: Canvas
    /// The scene's backdrop as last drawn: the parts that stay the same from tick to tick.
    private var backdrops = BackdropCache()
    private var needsFrame = true
    /// The deadline the scene asked for after the last delivery: the loop sleeps until then.
    private var scheduled: Instant?
    private let measure: () -> Instant

    /// - Parameter measure: the clock used to time compose+diff for the statistics.
    public init(scene: Content, size: Size, measure: @escaping () -> Instant = { SystemClock().now }) {
        self.scene = scene
        self.size = size
        self.current = Canvas(size: size)
        self.measure = measure
    }

    /// The first events: the terminal's size.
    public mutating func start(at now: Instant) -> [Effect] {
        deliver([.resize(size)], at: now)
    }

    /// How long the loop may sleep: until the scene's next deadline, or forever (`nil`).
    public func timeout(at now: Instant) -> Duration? {
        guard let scheduled else { return nil }
        return max(.zero, scheduled - now)
    }

    /// Hands the scene a `.tick` if the deadline it asked for has come, then `events`; returns
    /// the effects.
    ///
    /// `events` are what one wake-up brought (the keys of one read, say). A question the scene
    /// asks (``AsksQuestions``: leave, delete) takes only keys typed after it was drawn: when an
    /// event of `events` opens one, the keys, clicks and pastes after it in `events` are dropped,
    /// since they were on their way before the member could see it (a pasted `xy` must not delete
    /// with its `x` and confirm with its `y`).
    /// `firingDeadline`: `false` hands over `events` alone (after the run ended).
    public mutating func deliver(_ events: [Event], at now: Instant, firingDeadline: Bool = true) -> [Effect] {
        var effects: [Effect] = []
        if firingDeadline, let scheduled, scheduled <= now {
            effects += scene.handle(.tick, at: now)
            needsFrame = true
        }
        // Only a wake-up with more than one input can hold input sent before a question showed.
        let watchesQuestions = events.lazy.filter(\.isInput).count > 1
        var question = watchesQuestions ? pendingQuestion : nil
        var questionOpened = false
        for event in events {
            if questionOpened && event.isInput { continue }
            if case .resize(let newSize) = event {
                size = newSize
                previous = nil
            }
            effects += scene.handle(event, at: now)
            needsFrame = true
            if watchesQuestions && event.isInput {
                let asked = pendingQuestion
                questionOpened = asked != nil && asked != question
                question = asked
            }
        }
        scheduled = scene.nextDeadline(after: now)
        if effects.contains(.redraw) { previous = nil }
        return effects
    }

    /// The question the scene waits to have answered, if it asks any.
    private var pendingQuestion: String? { (scene as? any AsksQuestions)?.pendingQuestion }

    /// Forgets the last frame, so the next one is sent whole (after a resume).
    public mutating func invalidate() {
        previous = nil
        needsFrame = true
    }

    /// Composes and diffs a frame if anything happened since the last; returns the frame and its
    /// changed runs (empty when it came out the same), or `nil` when nothing happened at all.
    ///
    /// With no last frame to diff against (the first, after a resize or `invalidate`), the frame
    /// is diffed against a blank one and `erasesFirst` is set: the screen buffer is blanked and
    /// only the cells that are not blank are sent, which on a big, mostly empty window is a small
    /// part of it.
    public mutating func frame(at now: Instant) -> (canvas: Canvas, runs: [Run], erasesFirst: Bool)? {
        guard needsFrame else { return nil }
        needsFrame = false
        let started = measure()
        var composition = Composition(size: size)
        scene.render(into: &composition, at: now)
        composition.flatten(into: &current, backdrops: &backdrops)
        statistics.backdropsDrawn = backdrops.drawn
        statistics.backdropsReused = backdrops.reused
        let erasesFirst = previous?.size != current.size
        let runs = FrameDiff.runs(from: erasesFirst ? Canvas(size: size) : previous, to: current)
        let elapsed = (measure() - started).totalNanoseconds
        statistics.framesComposed += 1
        statistics.composeNanoseconds += elapsed
        statistics.largestComposeNanoseconds = max(statistics.largestComposeNanoseconds, elapsed)
        guard !runs.isEmpty || erasesFirst else { return (current, runs, false) }
        statistics.framesSent += 1
        statistics.cellsChanged += runs.reduce(0) { $0 + $1.count }
        // The new frame becomes the one to diff against; the old buffer is reused for the next.
        if var old = previous, old.size == current.size {
            previous = nil
            swap(&old, &current)
            previous = old
        } else {
            previous = current
            current = Canvas(size: size)
        }
        return (previous ?? current, runs, erasesFirst)
    }

    /// Records the bytes one frame took on the wire.
    public mutating func recordBytes(_ bytes: Int) {
        statistics.bytesWritten += bytes
        statistics.largestFrameBytes = max(statistics.largestFrameBytes, bytes)
    }
}
