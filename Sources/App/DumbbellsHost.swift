import Dumbbells
import Foundation
import Records
import TermUI

/// How `termfit dumbbells` was asked to run the dumbbell workout.
public struct DumbbellsOptions: Sendable, Equatable {
    /// Rows in the table (`--sets`), instead of the profile's setting.
    public var setCount: Int?
    /// The exercise (`--exercise`), instead of the one last chosen.
    public var exercise: String?

    /// Options as given; `nil` leaves the profile's setting.
    public init(setCount: Int? = nil, exercise: String? = nil) {
        self.setCount = setCount
        self.exercise = exercise
    }
}

/// The scene that runs the dumbbell workout: it holds the pure `DumbbellsWorkout` and the
/// profile's `DumbbellLog`, carries out each save at once (every finished set is committed before
/// the next event is handled), looks up an exercise's history when asked, and hands the other
/// effects to the run loop.
///
/// A save that fails never costs the workout: the set stays on screen, a one-line notice says
/// what went wrong, and the save is tried again (in order) with the next one and when the program
/// ends. When the profile's data could not be opened at all, the scene shows why and only leaves.
public struct DumbbellsHost: Scene {
    /// The workout, or `nil` when the data could not be opened.
    public private(set) var workout: DumbbellsWorkout?
    /// Why the workout could not open, when it could not.
    public let failure: String?
    /// Saves that failed, tried again (in order) before the next one.
    public var unsaved: [PendingSave] { queue.pending }
    private var queue = SaveQueue<PendingSave>()
    private let log: (any DumbbellLog)?
    private let settingsStore: (any SettingsStore)?
    private var size = Size.zero
    private var saveProblem = SaveProblem()

    /// How many past workouts of an exercise are read for its personal best.
    public static let historyLimit = 50

    /// A save the host owes the log.
    public enum PendingSave: Equatable, Sendable {
        /// A new workout.
        case start(DumbbellWorkout)
        /// A finished set of a workout.
        case set(DumbbellSet, workoutID: UUID)
        /// The end of a workout.
        case finish(UUID, status: SessionStatus, at: Date)

        /// The set's number, if this saves a set.
        var setNumber: Int? {
            if case .set(let set, _) = self { return set.number }
            return nil
        }
    }

    /// "set 2", "sets 1, 2", "the end of the workout": what is waiting, for the notice.
    static func describe(_ pending: [PendingSave]) -> String {
        let numbers = pending.compactMap(\.setNumber)
        switch numbers.count {
        case 0:
            return pending.contains { if case .finish = $0 { true } else { false } }
                ? "the end of the workout" : "the workout"
        case 1: return "set \(numbers[0])"
        default: return "sets " + numbers.map(String.init).joined(separator: ", ")
        }
    }

    /// Hosts `workout`, saving through `log` and keeping settings in `settings`.
    public init(workout: DumbbellsWorkout, log: any DumbbellLog, settings: (any SettingsStore)? = nil) {
        self.workout = workout
        self.log = log
        self.settingsStore = settings
        failure = nil
    }

    /// Reads the profile's settings and the exercise's history and opens the workout with an
    /// empty table. A history that cannot be read is shown as a notice in the workout.
    ///
    /// - Parameters:
    ///   - options: the command line's `--sets` and `--exercise`, over the profile's settings.
    ///   - wallClock: the date and time, for the records.
    public init(
        context: AppContext, options: DumbbellsOptions = DumbbellsOptions(), log: any DumbbellLog,
        settings: (any SettingsStore)? = nil, wallClock: @escaping @Sendable () -> Date = { Date() }
    ) {
        let stored = (try? settings?.settings()) ?? Settings()
        var chosen = DumbbellsSettings(stored)
        if let count = options.setCount { chosen.setCount = count }
        if let exercise = options.exercise { chosen.exercise = exercise }
        let workout = DumbbellsWorkout(
            settings: chosen, history: Self.history(of: chosen.exercise, in: log),
            display: .init(reducesMotion: context.reducesMotion, usesColor: context.usesColor), wallClock: wallClock)
        self.init(workout: workout, log: log, settings: settings)
    }

    /// A scene that says why the workout cannot open (the data could not be read) and leaves
    /// with `q` or Esc.
    public init(failure: String) {
        workout = nil
        log = nil
        settingsStore = nil
        self.failure = failure
    }

    /// The last workout of `exercise` and its best set over the last `historyLimit` workouts,
    /// read newest first.
    public static func history(of exercise: String, in log: any DumbbellLog) -> Result<ExerciseHistory, any Error> {
        Result {
            var workouts: [DumbbellWorkout] = []
            var before = Date.distantFuture
            while workouts.count < historyLimit, let workout = try log.lastWorkout(exercise: exercise, before: before) {
                workouts.append(workout)
                before = workout.startedAt
            }
            return ExerciseHistory(workouts: workouts)
        }
    }

    // MARK: Scene

    /// Hands `event` to the workout, carries out its saves and look-ups at once, and returns its
    /// effects for the run loop.
    public mutating func handle(_ event: Event, at now: Instant) -> [Effect] {
        if case .resize(let newSize) = event { size = newSize }
        guard var workout else { return UnavailableWorkout.effects(of: event, screen: size) }
        var effects: [Effect] = []
        var saves: [PendingSave] = []
        for output in workout.handle(event, at: now) {
            switch output {
            case .effect(let effect):
                effects.append(effect)
            case .startWorkout(let started):
                saves.append(.start(started))
            case .saveSet(let set, let workoutID):
                saves.append(.set(set, workoutID: workoutID))
            case .finishWorkout(let id, let status, let date):
                saves.append(.finish(id, status: status, at: date))
            case .loadHistory(let exercise):
                if let log { workout.receive(Self.history(of: exercise, in: log), for: exercise) }
            case .saveSettings(let settings):
                if let problem = keep(settings) { saveProblem.report(problem, on: &workout) }
            }
        }
        if !saves.isEmpty || (event == .terminate && !unsaved.isEmpty) {
            saveProblem.report(save(saves), on: &workout)
        }
        self.workout = workout
        return effects
    }

    /// Saves `saves` after any that failed before, in order, stopping at the first failure (a
    /// set cannot go in before its workout). Returns the notice when something failed.
    private mutating func save(_ saves: [PendingSave]) -> String? {
        guard let log else { return nil }
        let error = queue.flush(adding: saves) { next in
            switch next {
            case .start(let workout): try log.start(workout)
            case .set(let set, let id): try log.save(set, inWorkout: id)
            case .finish(let id, let status, let date): try log.finishWorkout(id, status: status, at: date)
            }
        }
        guard let error else { return nil }
        return "Not saved (\(error)): \(Self.describe(unsaved)); kept here, tried again with the next set"
    }

    /// Stores the settings the workout changed; returns the notice when that failed.
    private func keep(_ settings: DumbbellsSettings) -> String? {
        guard let settingsStore else { return nil }
        do {
            try settingsStore.setValue(settings.setCount, for: .dumbbellSetCount)
            try settingsStore.setValue(settings.unit, for: .dumbbellUnit)
            try settingsStore.setValue(settings.exercise, for: .dumbbellExercise)
            return nil
        } catch {
            return "Could not keep the setting: \(error)"
        }
    }

    /// Draws the workout, or why it cannot open.
    public func render(into composition: inout Composition, at now: Instant) {
        if let workout {
            workout.render(into: &composition, at: now)
            return
        }
        UnavailableWorkout(title: "Dumbbells", lead: "The dumbbell workout cannot open: ", reason: failure ?? "")
            .render(into: &composition)
    }

    /// The workout's next deadline; none when it could not open.
    public func nextDeadline(after now: Instant) -> Instant? {
        workout?.nextDeadline(after: now)
    }
}

extension DumbbellsWorkout: ShowsProblems {}

extension DumbbellsHost: AsksQuestions {
    /// The workout's leave question, while it waits for an answer.
    public var pendingQuestion: String? { workout?.pendingQuestion }
}

extension DumbbellsHost: HoldsUnsavedWork {
    /// The failed saves as recovery steps; a set names the workout's exercise and unit.
    public var unsavedSteps: [UnsavedStep] {
        let settings = workout?.settings ?? DumbbellsSettings()
        return unsaved.map { save in
            switch save {
            case .start(let workout): .dumbbellWorkout(workout)
            case .set(let set, let id):
                .dumbbellSet(set, workoutID: id, exercise: settings.exercise, unit: settings.unit)
            case .finish(let id, let status, let date): .dumbbellFinish(workoutID: id, status: status, at: date)
            }
        }
    }
}
