import TermUI

/// Drives any `Workout` as the run loop does, on a test clock: `now` moves only when the test
/// says so, every output is kept, and the screen can be read at any instant. Each workout's tests
/// add an initialiser and their own helpers in an extension (`where Model == …`).
public struct WorkoutDriver<Model: Workout> {
    /// The workout's state.
    public var workout: Model
    /// The monotonic instant the test has reached.
    public var now: Instant
    /// Everything the workout asked for, in order.
    public var outputs: [Model.Output] = []
    /// The window's size, from the last `.resize` sent.
    public private(set) var size: Size

    /// Drives `workout` from `now`, after telling it the window is `size`.
    public init(_ workout: Model, size: Size = Size(width: 80, height: 24), now: Instant = .origin) {
        self.workout = workout
        self.now = now
        self.size = size
        send(.resize(size))
    }

    /// Hands the workout `event` now; returns (and keeps) what came out of it.
    @discardableResult
    public mutating func send(_ event: Event) -> [Model.Output] {
        if case .resize(let newSize) = event { size = newSize }
        let result = workout.handle(event, at: now)
        outputs += result
        return result
    }

    /// Presses keys one after another.
    @discardableResult
    public mutating func press(_ keys: Key...) -> [Model.Output] {
        keys.flatMap { send(.key($0)) }
    }

    /// Types each character as a key.
    @discardableResult
    public mutating func type(_ text: String) -> [Model.Output] {
        text.flatMap { send(.key(.character($0))) }
    }

    /// One mouse report at `point`.
    @discardableResult
    public mutating func mouse(_ kind: MouseEvent.Kind, _ point: Point) -> [Model.Output] {
        send(.mouse(MouseEvent(kind, at: point)))
    }

    /// A click at `point`, as a terminal reports it: a press, then a release.
    @discardableResult
    public mutating func click(_ point: Point) -> [Model.Output] {
        mouse(.press, point) + mouse(.release, point)
    }

    /// A click in the middle of `rect`.
    @discardableResult
    public mutating func click(_ rect: Rect) -> [Model.Output] {
        click(Point(x: rect.x + rect.width / 2, y: rect.y + rect.height / 2))
    }

    /// Moves the clock on by `duration` and delivers a tick, as the run loop does when a deadline
    /// has passed (late, if the deadline was earlier).
    @discardableResult
    public mutating func wait(_ duration: Duration) -> [Model.Output] {
        now = now + duration
        return send(.tick)
    }

    /// Moves the clock to the workout's next deadline and ticks there; nothing when there is none.
    @discardableResult
    public mutating func waitForDeadline() -> [Model.Output] {
        guard let deadline = workout.nextDeadline(after: now) else { return [] }
        now = max(now, deadline)
        return send(.tick)
    }

    /// Ticks at every deadline the workout asks for until `duration` has passed, as an idle run
    /// loop would; returns every output.
    @discardableResult
    public mutating func run(for duration: Duration) -> [Model.Output] {
        let end = now + duration
        var result: [Model.Output] = []
        while let deadline = workout.nextDeadline(after: now), deadline <= end {
            now = max(now, deadline)
            result += send(.tick)
        }
        now = end
        return result + send(.tick)
    }

    /// The screen as cells, at `size` (the window's by default) and `instant` (now by default).
    public func canvas(_ size: Size? = nil, at instant: Instant? = nil) -> Canvas {
        var composition = Composition(size: size ?? self.size)
        workout.render(into: &composition, at: instant ?? now)
        return composition.flatten()
    }

    /// The screen as text rows, trailing spaces trimmed.
    public func frame(_ size: Size? = nil, at instant: Instant? = nil) -> [String] {
        canvas(size, at: instant).lines()
    }
}

extension Instant {
    /// Where a driver's clock starts: far enough from zero that nothing is "before the start".
    public static let origin = Instant(nanoseconds: 1_000_000_000_000)
}
