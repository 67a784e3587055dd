import Records
import TermUI

/// A workout shows its host's problems (a save that failed) in its own layout. The host
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

/// What a read brings back to a workout: applied on the run loop to the workout as it is then.
public typealias WorkoutUpdate<Model> = @Sendable (inout Model, Instant) -> Void

/// What the host does with one of a workout's outputs, as a workout's data says. Everything that
/// touches the data (a command, a read, a setting) is work for the store worker, never done here.
public enum Routed<Model>: Sendable {
    /// Pass this effect to the run loop.
    case effect(Effect)
    /// A change to the member's data (settings included): it joins the ordered queue of
    /// commands. The command is its own recovery step.
    case save(UnsavedStep)
    /// A read, run by the worker after every command before it; what it returns is applied to
    /// the workout when the answer arrives.
    case read(@Sendable () -> WorkoutUpdate<Model>)
    /// A change that cannot be kept (a setting over the limits): shown until a later settings
    /// command goes through; nothing is queued.
    case refused(SaveError)
    /// Nothing to do.
    case done
}

/// How one workout's outputs reach a profile's data: the one piece of glue a workout adds to
/// App besides its registration (see README, "Adding a workout"). Everything but ``route``
/// runs on the store worker.
public protocol WorkoutData: Sendable {
    /// The workout's view model.
    associatedtype Model: Workout

    /// The workout's name on screen, e.g. "Dumbbells".
    static var title: String { get }
    /// The sentence before the reason when the data cannot be opened, e.g. "The dumbbell
    /// workout cannot open: ".
    static var unavailableLead: String { get }
    /// When a failed save is tried again, for the notice: e.g. "the next set".
    static var retry: String { get }

    /// Sorts one output (on the run loop, touching no data): an effect, a command for the
    /// queue (the workout's own, or the keeper's for its settings) or a read for the worker.
    func route(_ output: Model.Output, in workout: inout Model, at now: Instant) -> Routed<Model>
    /// Carries out `command` on the data (on the worker); returns the settings changes that met
    /// another window's.
    func carryOut(_ command: UnsavedStep) throws -> [SettingConflict]
    /// What waits, for the notice: "set 2", "3 changes".
    func describe(_ waiting: [UnsavedStep], in workout: Model?) -> String
    /// The profile's data, when it can tell that another window changed it.
    var notices: (any NoticesChanges)? { get }
    /// The profile's data, when it records the identifiers of the commands it carried out: each
    /// queued command then goes in once, however often it is sent (its answer was lost).
    var commandLedger: (any CarriesOutCommandsOnce)? { get }
    /// The read of what another window changed (its history, ratings, decks) for `workout` as
    /// it is now, run by the worker when ``notices`` says the data changed: the update brings
    /// the workout up to date.
    func refreshing(_ workout: Model) -> (@Sendable () -> WorkoutUpdate<Model>)?
}

extension WorkoutData {
    public var notices: (any NoticesChanges)? { nil }

    public var commandLedger: (any CarriesOutCommandsOnce)? { nil }

    public func refreshing(_ workout: Model) -> (@Sendable () -> WorkoutUpdate<Model>)? { nil }

    /// "1 change", "3 changes": what most workouts say waits.
    public func describe(_ waiting: [UnsavedStep], in workout: Model?) -> String {
        waiting.count == 1 ? "1 change" : "\(waiting.count) changes"
    }

    /// Whether every command of `waiting` is a settings command (the notice says "the settings").
    static func onlySettings(_ waiting: [UnsavedStep]) -> Bool {
        !waiting.isEmpty && waiting.allSatisfy { if case .settings = $0 { true } else { false } }
    }
}

/// An answer of the store worker to a ``WorkoutHost``.
enum HostAnswer<Data: WorkoutData>: Sendable {
    /// The workout and its data, made on the worker: handed over whole to the run loop, which
    /// alone uses the workout from then on.
    struct Opened: @unchecked Sendable {
        var workout: Data.Model
        var data: Data
    }

    /// The workout opened, or why it could not.
    case opened(Result<Opened, any Error>)
    /// The first `count` commands of the batch went in; `error` stopped the next one;
    /// `conflicts`: the settings changes among them that met another window's.
    case saved(count: Int, error: (any Error)?, conflicts: [SettingConflict])
    /// A read's update for the workout.
    case read(WorkoutUpdate<Data.Model>)
    /// The check for another window's changes: the update when there were some.
    case checked(WorkoutUpdate<Data.Model>?)
}
