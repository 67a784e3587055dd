import Foundation
import Records
import TermUI

/// The one scene that runs every workout: it hands events to the workout, passes its effects to
/// the run loop, hands its commands (settings included) and reads to the store worker (in order,
/// one batch of commands at a time), applies the worker's answers when they arrive as events, and shows a
/// failed save until it goes through. It never touches the data itself.
///
/// A save that fails never costs the workout: what was done stays on screen, the notice says
/// what waits, and the queue is tried again with the next save and when the program ends (then
/// what is still owed goes to a recovery file). A save refused because the profile was removed
/// is the exception: it asks to quit, and keeps nothing. When the profile's data could not be opened at
/// all, the host shows why and only leaves.
public struct WorkoutHost<Data: WorkoutData>: Scene, Workout {
    /// The workout, or `nil` while it opens or when its data could not be opened.
    public private(set) var workout: Data.Model?
    /// Why the workout could not open, when it could not.
    public private(set) var failure: String?
    /// The problem on screen: a save or a setting that failed, until it goes through.
    public private(set) var problem: SaveError?
    /// Commands not carried out yet, oldest first: those with the worker and those that failed.
    public var unsaved: [UnsavedStep] { queue.pending }
    /// The profile, when a save was refused because it was removed (see ``HoldsUnsavedWork``).
    public private(set) var removedProfile: String?
    /// Whether the workout is still being opened by the worker (the screen says "Opening…").
    public var isOpening: Bool { opener != nil }
    private var queue = SaveQueue()
    private var data: Data?
    private var size = Size.zero
    private let worker: StoreWorker
    private let recipient = StoreAnswer.Recipient()
    /// How the worker opens the workout, until it has.
    private var opener: (@Sendable () throws -> HostAnswer<Data>.Opened)?
    private var openerSent = false
    /// Keys, clicks and pastes that came while the workout opened: handed to it, in order, once
    /// it has (none is lost to a slow disk).
    private var typedWhileOpening: [Event] = []
    /// A check for another window's changes is with the worker.
    private var checking = false

    /// Hosts `workout`, carrying out its commands through `data` on `worker`.
    public init(workout: Data.Model, data: Data, worker: StoreWorker = .inline) {
        self.workout = workout
        self.data = data
        self.worker = worker
        failure = nil
    }

    /// A scene that says why the workout cannot open (its data could not be read) and leaves
    /// with `q` or Esc.
    public init(failure: String) {
        workout = nil
        data = nil
        worker = .inline
        self.failure = failure
    }

    /// A workout that `worker` opens (reading the profile's data) once the host gets its first
    /// event; until then the screen says "Opening…", `q` and Esc leave, and other keys wait for
    /// the workout. When `open` throws, the screen says why.
    /// An ``StoreWorker/inline`` worker opens it at once.
    public init(worker: StoreWorker, opening open: @escaping @Sendable () throws -> (Data.Model, Data)) {
        self.worker = worker
        guard !worker.isInline else {
            do {
                (workout, data) = try open()
            } catch {
                failure = "\(error)"
            }
            return
        }
        opener = {
            let (workout, data) = try open()
            return HostAnswer<Data>.Opened(workout: workout, data: data)
        }
    }

    /// Hands `event` to the workout, hands what it asks of the data to the worker, and returns
    /// its effects for the run loop.
    public mutating func handle(_ event: Event, at now: Instant) -> [Effect] {
        if case .resize(let newSize) = event { size = newSize }
        if let answer = StoreAnswer.value(in: event, for: recipient, as: HostAnswer<Data>.self) {
            return receive(answer, at: now)
        }
        if let opener, !openerSent {
            openerSent = true
            let answer = worker.run(for: recipient) { HostAnswer<Data>.opened(Result { try opener() }) }
            if let answer { return receive(answer, at: now) }
        }
        if opener != nil, event.isInput {
            // `q` and Esc leave at once; everything else waits for the workout.
            let leaves = UnavailableWorkout.effects(of: event, screen: size)
            if leaves.isEmpty { typedWhileOpening.append(event) }
            return leaves
        }
        guard workout != nil, let data else { return UnavailableWorkout.effects(of: event, screen: size) }
        var effects: [Effect] = []
        if Self.looksForChanges(on: event), let notices = data.notices, !checking, let workout {
            checking = true
            let reread = data.refreshing(workout)
            effects += send {
                guard (try? notices.changedElsewhere()) == true else { return .checked(nil) }
                return .checked(reread?())
            }
        }
        guard var workout else { return effects }
        let outputs = workout.handle(event, at: now)
        self.workout = workout
        var commands: [UnsavedStep] = []
        for output in outputs {
            guard var current = self.workout else { break }
            let routed = data.route(output, in: &current, at: now)
            self.workout = current
            switch routed {
            case .effect(let effect): effects.append(effect)
            case .save(let command): commands.append(command)
            case .read(let read):
                // Commands before it go in first: a read sees every change made before it.
                effects += sendCommands(adding: &commands, at: now)
                effects += send { .read(read()) }
            case .refused(let problem): show(problem)
            case .done: break
            }
        }
        effects += sendCommands(adding: &commands, at: now, retrying: event == .terminate)
        if removedProfile != nil, !effects.contains(.quit) { effects.append(.quit) }
        return effects
    }

    /// Adds `commands` to the queue and hands the worker the next batch, if it may have one.
    private mutating func sendCommands(adding commands: inout [UnsavedStep], at now: Instant, retrying: Bool = false)
        -> [Effect]
    {
        let retrying = retrying || !commands.isEmpty
        // A removed profile's commands can never go in: nothing more is kept for it.
        if removedProfile == nil { queue.add(commands) }
        commands = []
        guard removedProfile == nil, let data, let batch = queue.nextBatch(retrying: retrying) else { return [] }
        return send {
            let outcome = SaveQueue.carryOut(batch, ledger: data.commandLedger, with: data.carryOut)
            return .saved(count: outcome.count, error: outcome.error, conflicts: outcome.conflicts)
        }
    }

    /// Hands `job` to the worker; an inline worker's answer is applied at once.
    private mutating func send(_ job: @escaping @Sendable () -> HostAnswer<Data>) -> [Effect] {
        guard let answer = worker.run(for: recipient, job) else { return [] }
        return receive(answer, at: nil)
    }

    /// Applies an answer of the worker.
    private mutating func receive(_ answer: HostAnswer<Data>, at now: Instant?) -> [Effect] {
        let instant = now ?? .zero
        switch answer {
        case .opened(.success(let opened)):
            opener = nil
            data = opened.data
            var workout = opened.workout
            // The workout starts where the host is: the window's size first.
            let outputs = size == .zero ? [] : workout.handle(.resize(size), at: instant)
            self.workout = workout
            var effects: [Effect] = []
            var reads: [@Sendable () -> WorkoutUpdate<Data.Model>] = []
            for output in outputs {
                switch opened.data.route(output, in: &workout, at: instant) {
                case .effect(let effect): effects.append(effect)
                // A workout opened on part of its data asks for the rest at once (D-253).
                case .read(let read): reads.append(read)
                default: break
                }
            }
            self.workout = workout
            for read in reads { effects += send { .read(read()) } }
            let typed = typedWhileOpening
            typedWhileOpening = []
            for event in typed { effects += handle(event, at: instant) }
            return effects
        case .opened(.failure(let error)):
            opener = nil
            typedWhileOpening = []
            failure = "\(error)"
            return []
        case .saved(let count, let error, let conflicts):
            let settingsWent = queue.pending.prefix(count).contains { if case .settings = $0 { true } else { false } }
            queue.answered(carriedOut: count, failed: error != nil)
            if let met = SettingsKeeper.describe(conflicts) {
                show(met)
            } else if settingsWent {
                // A settings command went in as it was: an earlier settings notice is settled.
                switch problem {
                case .settingNotKept?, .changedElsewhere?: show(nil)
                default: break
                }
            }
            guard let error else {
                if case .notSaved = problem { show(nil) }
                // Commands that came while the batch was out go now.
                var none: [UnsavedStep] = []
                return sendCommands(adding: &none, at: instant)
            }
            if let removed = (error as? any ReportsRemovedProfile)?.removedProfile {
                // It can never go in, nor may a recovery file make the profile again: the
                // session ends and says why once the terminal is restored.
                queue.discard()
                removedProfile = removed
                return [.quit]
            }
            let waiting = data?.describe(unsaved, in: workout) ?? "\(unsaved.count) changes"
            show(.notSaved(reason: "\(error)", waiting: waiting, retry: Data.retry))
            return []
        case .read(let update):
            if var workout {
                update(&workout, instant)
                self.workout = workout
            }
            return []
        case .checked(let update):
            checking = false
            if let update, var workout {
                update(&workout, instant)
                self.workout = workout
            }
            return []
        }
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

    private mutating func show(_ problem: SaveError?) {
        guard problem != self.problem else { return }
        self.problem = problem
        if var shows = workout as? any ShowsProblems {
            shows.showProblem(problem?.description)
            if let shown = shows as? Data.Model { workout = shown }
        }
    }

    /// Draws the workout (and the notice, for a workout that does not show problems itself),
    /// "Opening…" while the worker opens it, or why it cannot open.
    public func render(into composition: inout Composition, at now: Instant) {
        guard let workout else {
            let screen =
                isOpening
                ? UnavailableWorkout(title: Data.title, lead: "Opening…", reason: "")
                : UnavailableWorkout(title: Data.title, lead: Data.unavailableLead, reason: failure ?? "")
            screen.render(into: &composition)
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
    /// The commands still owed: each is its own recovery step.
    public var unsavedSteps: [UnsavedStep] { unsaved }

    public var unsavedCommandIDs: [UUID] { queue.waiting.map(\.id) }
}

extension WorkoutEntry {
    /// A workout on the home menu, run by the one ``WorkoutHost``: the line of registration a
    /// workout needs.
    ///
    /// - Parameters:
    ///   - identifier: its name on the command line and in the menu's order, e.g. "dumbbells".
    ///   - summary: the line about it on the menu.
    ///   - open: the workout and its data for a profile, run by the store worker. When it throws
    ///     (the data cannot be opened), the workout's screen says why and only leaves.
    public static func hosting<Data: WorkoutData>(
        _ type: Data.Type, identifier: String, summary: String,
        open: @escaping @Sendable (AppContext) throws -> (Data.Model, Data)
    ) -> WorkoutEntry {
        WorkoutEntry(identifier: identifier, title: Data.title, summary: summary) { context in
            WorkoutHost<Data>(worker: context.worker) { try open(context) }
        }
    }
}
