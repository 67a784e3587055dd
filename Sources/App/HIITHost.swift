import Foundation
import HIIT
import Records
import TermUI

/// How `termfit hiit` was asked to run the HIIT workout.
public struct HIITOptions: Sendable, Equatable {
    /// Seconds of each countdown (`--seconds`); `nil` takes the profile's `hiit.exerciseSeconds`
    /// setting, else 30.
    public var seconds: Int?
    /// Start with Tabata intervals: 20 s of work, 10 s of rest, 8 rounds (`--tabata`).
    public var tabata: Bool
    /// No terminal bell (`--quiet`).
    public var quiet: Bool

    /// The countdown lengths `--seconds` accepts.
    public static let secondsRange = Intervals.lengthRange

    /// Options as given on the command line; the defaults are `termfit hiit` without flags.
    public init(seconds: Int? = nil, tabata: Bool = false, quiet: Bool = false) {
        self.seconds = seconds
        self.tabata = tabata
        self.quiet = quiet
    }
}

/// The scene that runs the HIIT workout: it holds the pure `HIITWorkout` and the profile's
/// `HIITLog`, carries out the workout's saves at once (on the run loop, each one committed before
/// the next event), and hands its other effects to the run loop.
///
/// A save that fails never costs the workout: the exercise stays in the history on screen, a
/// one-line notice says what went wrong, and the save is tried again with the next one and when
/// the program ends.
public struct HIITHost: Scene {
    /// The workout's state.
    public private(set) var workout: HIITWorkout
    /// The one-line notice over the bottom of the screen (a failed save), until the next key.
    public private(set) var notice: String?
    /// Exercises whose save failed, tried again with the next save.
    public private(set) var unsaved: [HIITSession] = []
    private let log: any HIITLog

    /// How many past exercises are read for the history sheet, ratings and trends.
    public static let historyLimit = 1000

    /// Hosts `workout`, saving through `log`.
    public init(workout: HIITWorkout, log: any HIITLog) {
        self.workout = workout
        self.log = log
    }

    /// Reads the profile's history (and, when given, its settings) and opens the workout at its
    /// Welcome page. A history that cannot be read is shown as a message in the workout.
    ///
    /// - Parameters:
    ///   - settings: where `hiit.exerciseSeconds` is read when `options.seconds` is not set.
    ///   - wallClock: today's date and time.
    public init(
        context: AppContext, options: HIITOptions = HIITOptions(), log: any HIITLog,
        settings: (any SettingsStore)? = nil, wallClock: @escaping @Sendable () -> Date = { Date() },
        calendar: Calendar? = nil
    ) {
        let stored = (try? settings?.value(for: .hiitExerciseLength)) ?? nil
        let length = options.seconds ?? stored ?? HIITWorkout.Configuration.defaultExerciseLength
        let configuration = HIITWorkout.Configuration(
            exerciseLength: length, usesTabata: options.tabata,
            tabataWork: options.seconds ?? Intervals.tabata.work, ringsBell: !options.quiet,
            reducesMotion: context.reducesMotion, usesColor: context.usesColor)
        let history = Result { try log.hiitSessions(since: nil, limit: Self.historyLimit) }
        self.init(
            workout: HIITWorkout(
                configuration: configuration, history: history, wallClock: wallClock, calendar: calendar),
            log: log)
    }

    /// Hands `event` to the workout, carries out its saves and returns its effects. A key or a
    /// click clears the notice.
    public mutating func handle(_ event: Event, at now: Instant) -> [Effect] {
        switch event {
        case .key: notice = nil
        case .mouse(let mouse) where mouse.kind == .release: notice = nil
        default: break
        }
        var effects: [Effect] = []
        var saves: [HIITSession] = []
        for output in workout.handle(event, at: now) {
            switch output {
            case .effect(let effect): effects.append(effect)
            case .save(let session): saves.append(session)
            }
        }
        if !saves.isEmpty || (event == .terminate && !unsaved.isEmpty) {
            save(saves)
        }
        return effects
    }

    /// Saves `sessions` after any that failed before; keeps and reports those that fail.
    private mutating func save(_ sessions: [HIITSession]) {
        let pending = unsaved.filter { old in !sessions.contains { $0.id == old.id } } + sessions
        var failed: [HIITSession] = []
        var problem: (any Error)?
        for session in pending {
            do {
                try log.save(session)
            } catch {
                failed.append(session)
                problem = error
            }
        }
        unsaved = failed
        if let problem {
            let what = failed.count == 1 ? failed[0].exercise : "\(failed.count) exercises"
            notice = "Could not save \(what): \(problem). Will try again."
        }
    }

    /// Draws the workout, with the notice (if any) over the row above the help bar.
    public func render(into composition: inout Composition, at now: Instant) {
        workout.render(into: &composition, at: now)
        guard let notice else { return }
        composition.add(.toast) { canvas in
            let row = canvas.bounds.row(max(0, canvas.size.height - 2))
            let style = Style(attributes: [.reverse, .bold])
            canvas.fill(row, with: Cell(.space, style: style))
            Text("! " + notice, style: style).render(into: &canvas, in: row.inset(left: 1, right: 1))
        }
    }

    /// The workout's next deadline: the host adds none of its own.
    public func nextDeadline(after now: Instant) -> Instant? {
        workout.nextDeadline(after: now)
    }
}

extension WorkoutEntry {
    /// The HIIT workout on the home menu (and for `termfit hiit`).
    ///
    /// - Parameter openLog: the HIIT history and settings of a profile, by name. When it throws,
    ///   the workout still opens and says why it cannot read or save anything.
    public static func hiit(
        options: HIITOptions = HIITOptions(),
        openLog: @escaping @Sendable (String) throws -> any HIITLog & SettingsStore
    ) -> WorkoutEntry {
        WorkoutEntry(identifier: "hiit", title: "HIIT", summary: "four timed exercises, ratings, weekly chart") {
            context in
            do {
                let log = try openLog(context.profile)
                return HIITHost(context: context, options: options, log: log, settings: log)
            } catch {
                return HIITHost(context: context, options: options, log: UnavailableLog(problem: error))
            }
        }
    }
}

/// The log of a profile that could not be opened: every read and save fails with the reason.
struct UnavailableLog: HIITLog {
    let problem: any Error

    func save(_ session: HIITSession) throws { throw problem }

    func hiitSessions(since: Date?, limit: Int?) throws -> [HIITSession] { throw problem }
}

extension HIITHost: AsksQuestions {
    /// The workout's leave question, while it waits for an answer.
    public var pendingQuestion: String? { workout.pendingQuestion }
}

extension HIITHost: HoldsUnsavedWork {
    /// The exercises whose save failed, as recovery steps.
    public var unsavedSteps: [UnsavedStep] { unsaved.map(UnsavedStep.hiitExercise) }
}
