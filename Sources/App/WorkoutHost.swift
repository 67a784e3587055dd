import Records
import TermUI

/// A workout that shows its host's problems (a save that failed) in its own layout. The host
/// draws a one-line notice above the key bar for a workout that does not.
public protocol ShowsProblems {
    /// Shows `message` until told otherwise; `nil` clears it.
    mutating func showProblem(_ message: String?)
}

/// Why the host could not do what a workout asked: shown on screen until it is put right, and
/// never the end of the workout.
public enum SaveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Saves failed and wait in the host's queue.
    /// - Parameters:
    ///   - reason: the data's own words ("disk full").
    ///   - waiting: what waits, e.g. "set 2" or "3 changes".
    ///   - retry: when it is tried again, e.g. "the next set".
    case notSaved(reason: String, waiting: String, retry: String)
    /// A setting the member changed could not be kept for next time (it holds for this run).
    case settingNotKept(what: String, reason: String)
    /// A setting the member changed met a change another window made to it since; the sentence
    /// says which stays and what became of this one (see ``SettingsKeeper``).
    case changedElsewhere(String)

    public var description: String {
        switch self {
        case .notSaved(let reason, let waiting, let retry):
            "Not saved (\(reason)): \(waiting) kept here, tried again with \(retry)"
        case .settingNotKept(let what, let reason): "Could not keep \(what): \(reason)"
        case .changedElsewhere(let sentence): sentence
        }
    }
}

/// What the host does with one of a workout's outputs, as a workout's data says.
public enum Routed<Save: Sendable>: Sendable {
    /// Pass this effect to the run loop.
    case effect(Effect)
    /// Owe the data this save: it joins the ordered queue and goes in before the next event.
    case save(Save)
    /// Done at once (a read handed back to the workout).
    case done
    /// A setting stored for the profile at once; `failed` says why it could not be.
    case kept(failed: SaveError?)
}

/// How one workout's outputs reach a profile's data: the one piece of glue a workout adds to
/// App besides its registration (see README, "Adding a workout").
public protocol WorkoutData: Sendable {
    /// The workout's view model.
    associatedtype Model: Workout
    /// A save owed to the data. Saves go in strictly in order: the first that fails stops the
    /// rest (a set cannot go in before its workout) and they all wait for the next try.
    associatedtype Save: Sendable & Equatable

    /// The workout's name on screen, e.g. "Dumbbells".
    static var title: String { get }
    /// The sentence before the reason when the data cannot be opened, e.g. "The dumbbell
    /// workout cannot open: ".
    static var unavailableLead: String { get }
    /// When a failed save is tried again, for the notice: e.g. "the next set".
    static var retry: String { get }

    /// Sorts one output: an effect, a save for the queue, or something done at once (with the
    /// workout, e.g. handing it a read).
    func route(_ output: Model.Output, in workout: inout Model, at now: Instant) -> Routed<Save>
    /// Carries out `save` on the data.
    func carryOut(_ save: Save) throws
    /// What waits, for the notice: "set 2", "3 changes".
    func describe(_ waiting: [Save]) -> String
    /// `save` as a step a recovery file keeps when TermFit ends with it still owed.
    func unsavedStep(_ save: Save, in workout: Model?) -> UnsavedStep
    /// The profile's data, when it can tell that another window changed it.
    var notices: (any NoticesChanges)? { get }
    /// Brings `workout` up to date with what another window changed (its history, ratings,
    /// decks): called when the screen woke anyway and ``notices`` says the data changed.
    func refresh(_ workout: inout Model, at now: Instant)
}

extension WorkoutData where Save == UnsavedStep {
    /// A save that is already the change as a recovery file keeps it.
    public func unsavedStep(_ save: Save, in workout: Model?) -> UnsavedStep { save }
}

extension WorkoutData {
    public var notices: (any NoticesChanges)? { nil }

    public func refresh(_ workout: inout Model, at now: Instant) {}

    /// "1 change", "3 changes": what most workouts say waits.
    public func describe(_ waiting: [Save]) -> String {
        waiting.count == 1 ? "1 change" : "\(waiting.count) changes"
    }
}

/// The one scene that runs every workout: it hands events to the workout, passes its effects to
/// the run loop, carries out its saves at once and in order (each one committed before the next
/// event), and shows a failed save until it goes through.
///
/// A save that fails never costs the workout: what was done stays on screen, the notice says
/// what waits, and the queue is tried again with the next save and when the program ends (then
/// what is still owed goes to a recovery file). A save refused because the profile was removed
/// is the exception: it asks to quit, and keeps nothing. When the profile's data could not be opened at
/// all, the host shows why and only leaves.
public struct WorkoutHost<Data: WorkoutData>: Scene, Workout {
    /// The workout, or `nil` when its data could not be opened.
    public private(set) var workout: Data.Model?
    /// Why the workout could not open, when it could not.
    public let failure: String?
    /// The problem on screen: a save or a setting that failed, until it goes through.
    public private(set) var problem: SaveError?
    /// Saves that failed, oldest first, tried again before the next one.
    public var unsaved: [Data.Save] { queue.pending }
    /// The profile, when a save was refused because it was removed (see ``HoldsUnsavedWork``).
    public private(set) var removedProfile: String?
    private var queue = SaveQueue<Data.Save>()
    private let data: Data?
    private var size = Size.zero

    /// Hosts `workout`, carrying out its saves through `data`.
    public init(workout: Data.Model, data: Data) {
        self.workout = workout
        self.data = data
        failure = nil
    }

    /// A scene that says why the workout cannot open (its data could not be read) and leaves
    /// with `q` or Esc.
    public init(failure: String) {
        workout = nil
        data = nil
        self.failure = failure
    }

    /// Hands `event` to the workout, carries out what it asks at once, and returns its effects
    /// for the run loop.
    public mutating func handle(_ event: Event, at now: Instant) -> [Effect] {
        if case .resize(let newSize) = event { size = newSize }
        guard var workout, let data else { return UnavailableWorkout.effects(of: event, screen: size) }
        if Self.looksForChanges(on: event), let notices = data.notices, (try? notices.changedElsewhere()) == true {
            data.refresh(&workout, at: now)
        }
        var effects: [Effect] = []
        var saves: [Data.Save] = []
        var failed: SaveError?
        for output in workout.handle(event, at: now) {
            switch data.route(output, in: &workout, at: now) {
            case .effect(let effect): effects.append(effect)
            case .save(let save): saves.append(save)
            case .done: break
            case .kept(let problem?): failed = problem
            case .kept(nil):
                switch problem {
                case .settingNotKept?, .changedElsewhere?: show(nil, on: &workout)
                default: break
                }
            }
        }
        if !saves.isEmpty || (event == .terminate && !unsaved.isEmpty) {
            if let error = queue.flush(adding: saves, with: data.carryOut) {
                if let removed = (error as? any ReportsRemovedProfile)?.removedProfile {
                    // It can never go in, nor may a recovery file make the profile again: the
                    // session ends and says why once the terminal is restored.
                    queue.discard()
                    removedProfile = removed
                    self.workout = workout
                    return effects.contains(.quit) ? effects : effects + [.quit]
                }
                failed = .notSaved(reason: "\(error)", waiting: data.describe(unsaved), retry: Data.retry)
            } else if case .notSaved = problem {
                show(nil, on: &workout)
            }
        }
        if let failed { show(failed, on: &workout) }
        self.workout = workout
        return effects
    }

    /// Whether the data is asked if another window changed it on `event`: on every wake that
    /// may show it (a key, a click, a due tick, focus regained, a resume), never by a wake of
    /// its own, so an idle screen stays asleep.
    private static func looksForChanges(on event: Event) -> Bool {
        switch event {
        case .key, .mouse, .tick, .focusIn, .resume: true
        default: false
        }
    }

    private mutating func show(_ problem: SaveError?, on workout: inout Data.Model) {
        guard problem != self.problem else { return }
        self.problem = problem
        if var shows = workout as? any ShowsProblems {
            shows.showProblem(problem?.description)
            if let shown = shows as? Data.Model { workout = shown }
        }
    }

    /// Draws the workout (and the notice, for a workout that does not show problems itself), or
    /// why it cannot open.
    public func render(into composition: inout Composition, at now: Instant) {
        guard let workout else {
            UnavailableWorkout(title: Data.title, lead: Data.unavailableLead, reason: failure ?? "")
                .render(into: &composition)
            return
        }
        workout.render(into: &composition, at: now)
        guard let problem, !(workout is any ShowsProblems) else { return }
        composition.add(.toast) { canvas in
            // Above the key bar, wrapped over as many rows as it needs, up to a third of the window.
            let style = Style(attributes: [.reverse, .bold])
            let text = Text("! \(problem)", style: style, wraps: true)
            let width = max(1, canvas.size.width - 2)
            let needed = text.laidOut(in: Size(width: width, height: canvas.size.height)).count
            let rows = max(1, min(needed, (canvas.size.height - 1) / 3))
            let area = Rect(x: 0, y: max(0, canvas.size.height - 1 - rows), width: canvas.size.width, height: rows)
            canvas.fill(area, with: Cell(.space, style: style))
            text.render(into: &canvas, in: area.inset(left: 1, right: 1))
        }
    }

    /// The workout's next deadline; the host adds none of its own.
    public func nextDeadline(after now: Instant) -> Instant? {
        workout?.nextDeadline(after: now)
    }
}

extension WorkoutHost {
    /// The workout's leave question, while it waits for an answer.
    public var pendingQuestion: String? { workout?.pendingQuestion }

    /// The question itself, so the too-small notice names its own answers ("y Reset · n Keep").
    public var pendingConfirmation: ConfirmSheet? { workout?.pendingConfirmation }
}

extension WorkoutHost: HoldsUnsavedWork {
    /// The saves still owed, as recovery steps.
    public var unsavedSteps: [UnsavedStep] {
        guard let data else { return [] }
        return unsaved.map { data.unsavedStep($0, in: workout) }
    }
}

extension WorkoutEntry {
    /// A workout on the home menu, run by the one ``WorkoutHost``: the line of registration a
    /// workout needs.
    ///
    /// - Parameters:
    ///   - identifier: its name on the command line and in the menu's order, e.g. "dumbbells".
    ///   - summary: the line about it on the menu.
    ///   - open: the workout and its data for a profile. When it throws (the data cannot be
    ///     opened), the workout's screen says why and only leaves.
    public static func hosting<Data: WorkoutData>(
        _ type: Data.Type, identifier: String, summary: String,
        open: @escaping @Sendable (AppContext) throws -> (Data.Model, Data)
    ) -> WorkoutEntry {
        WorkoutEntry(identifier: identifier, title: Data.title, summary: summary) { context in
            do {
                let (workout, data) = try open(context)
                return WorkoutHost(workout: workout, data: data)
            } catch {
                return WorkoutHost<Data>(failure: "\(error)")
            }
        }
    }
}
