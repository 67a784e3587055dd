/// Work to run off the run loop (a network request, say). Its result comes back as an event.
public struct BackgroundJob: Sendable {
    public let name: String
    public let work: @Sendable () async -> Event

    public init(_ name: String, work: @escaping @Sendable () async -> Event) {
        self.name = name
        self.work = work
    }
}

/// What a scene asks the run loop to do. Scenes never do I/O; they return effects as values.
public enum Effect: Sendable, Equatable {
    /// Leave the program (after the terminal is restored).
    case quit
    /// Ring the terminal bell.
    case bell
    /// Release the terminal and stop the process, as Ctrl-Z does.
    case suspend
    /// Turn mouse reporting on or off.
    case mouseTracking(Bool)
    /// Run work in the background; its event arrives through the wake pipe.
    case perform(BackgroundJob)
    /// Forget the last frame and repaint everything (after something else drew on the terminal).
    case redraw

    public static func == (lhs: Effect, rhs: Effect) -> Bool {
        switch (lhs, rhs) {
        case (.quit, .quit), (.bell, .bell), (.suspend, .suspend), (.redraw, .redraw): return true
        case (.mouseTracking(let a), .mouseTracking(let b)): return a == b
        case (.perform(let a), .perform(let b)): return a.name == b.name
        default: return false
        }
    }
}

/// A screen of TermFit: a state machine that takes events and renders itself.
///
/// The run loop calls `handle` for each event with the current time, `render` at most once per
/// wake-up (and only after something happened), and sleeps until `nextDeadline` (forever when it
/// is `nil`): an idle scene costs no wake-ups.
public protocol Scene {
    /// Reacts to one event at `now` and returns the effects to carry out.
    mutating func handle(_ event: Event, at now: Instant) -> [Effect]

    /// Draws the scene into `composition`, whose size is the terminal's.
    func render(into composition: inout Composition, at now: Instant)

    /// When the scene next needs a `.tick`, or `nil` when nothing on screen changes by itself.
    func nextDeadline(after now: Instant) -> Instant?
}

/// A scene that may be waiting for an answer (such as "Leave? Set 2 in progress is not saved"),
/// so that a screen drawn in its place, the "terminal too small" notice, can still show the
/// question and pass the answer on.
public protocol AsksQuestions {
    /// The question waiting for an answer, on one line, or `nil` when none is.
    var pendingQuestion: String? { get }

    /// The question itself when it is a `ConfirmSheet`, so a screen showing it as text (the
    /// too-small notice) shows its own labels ("y Delete · n Keep"); `nil` by default.
    var pendingConfirmation: ConfirmSheet? { get }
}

extension AsksQuestions {
    public var pendingConfirmation: ConfirmSheet? { nil }
}

/// A workout's view model, the contract every workout follows: a value that takes events with
/// the time, returns what it asks for as values (its own `Output`: effects for the run loop,
/// records to save, reads), draws itself at any instant and says when it next needs a tick. It
/// never reads a clock or touches a terminal or a disk. Its keys come from a `KeyBindings` table,
/// its sheets from a `SheetStack`, its timers are `PausableTimer`s (see README, "Adding a
/// workout"). App's one host runs any `Workout`; the tests drive any `Workout` the same way.
public protocol Workout: AsksQuestions {
    /// What the workout asks of its host: effects, saves, reads, settings to keep.
    associatedtype Output

    /// Reacts to `event` at `now` and returns what the host should do.
    mutating func handle(_ event: Event, at now: Instant) -> [Output]
    /// Draws the workout as it is at `now`.
    func render(into composition: inout Composition, at now: Instant)
    /// When the workout next needs a `.tick`, or `nil` when nothing changes by itself.
    func nextDeadline(after now: Instant) -> Instant?
}
