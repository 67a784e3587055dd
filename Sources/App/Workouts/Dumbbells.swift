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

extension DumbbellsWorkout: ShowsProblems {}

/// How the dumbbell workout reaches the profile's `DumbbellLog`: every finished set is committed
/// before the next event, an exercise's history is read when asked, and settings are kept.
public struct DumbbellsData: WorkoutData {
    public static let title = "Dumbbells"
    public static let unavailableLead = "The dumbbell workout cannot open: "
    public static let retry = "the next set"
    /// How many past workouts of an exercise are read for its personal best and progress chart:
    /// four a week for two years, so the chart's "all" and "1 year" ranges have what they show.
    public static let historyLimit = 400

    let log: any DumbbellLog
    /// Keeps the settings the workout changes, one change at a time.
    let keeper: SettingsKeeper

    public func route(_ output: DumbbellsWorkout.Output, in workout: inout DumbbellsWorkout, at now: Instant)
        -> Routed<DumbbellsWorkout>
    {
        switch output {
        case .effect(let effect): return .effect(effect)
        case .save(let command): return .save(command)
        case .loadHistory(let exercise):
            let log = self.log
            return .read {
                let history = Self.history(of: exercise, in: log)
                return { workout, _ in workout.receive(history, for: exercise) }
            }
        case .saveSettings(let settings): return keeper.route(Self.values(of: settings), what: "the setting")
        }
    }

    public func carryOut(_ command: UnsavedStep) throws -> [SettingConflict] {
        try keeper.carryOut(command) { try command.carryOut(onDumbbells: log) }
    }

    public var notices: (any NoticesChanges)? { log as? any NoticesChanges }

    public var commandLedger: (any CarriesOutCommandsOnce)? { log as? any CarriesOutCommandsOnce }

    /// Another window changed the data: the exercise's history is read again (the last numbers,
    /// the history sheet, progress and records show it), and the routines.
    public func refreshing(_ workout: DumbbellsWorkout) -> (@Sendable () -> WorkoutUpdate<DumbbellsWorkout>)? {
        let (log, keeper) = (self.log, self.keeper)
        let exercise = workout.settings.exercise
        return {
            let history = Self.history(of: exercise, in: log)
            let exercises = Self.exerciseNames(in: log)
            let stored = keeper.read()
            return { workout, _ in
                workout.receive(history, for: exercise)
                if let exercises { workout.receive(exercises: exercises) }
                guard let stored else { return }
                let kept = DumbbellsSettings(stored)
                workout.receive(routines: kept.routines, problem: kept.routinesProblem)
                // Unreadable routines stay as stored: nothing of them is written, so nothing to note.
                guard kept.routinesProblem == nil else { return }
                let name = SettingKey<[Routine]>.dumbbellRoutines.name
                keeper.refresh([name: try? JSONValue(encoding: workout.settings.routines)], from: stored)
            }
        }
    }

    /// "set 2", "sets 1, 2", "the end of the workout", "set 2 of Sat 14 Nov": what is waiting,
    /// for the notice. A change of an ended workout (corrected from the history) is named by
    /// that workout's day.
    public func describe(_ waiting: [UnsavedStep], in workout: DumbbellsWorkout?) -> String {
        var numbers: [Int] = []
        var past: [(day: String, set: String)] = []
        for command in waiting {
            switch command {
            case .dumbbellSet(let set, let id, _, _):
                if let ended = workout?.pastWorkout(id: id) {
                    past.append((PastWorkoutsSheet.day(ended.startedAt), "\(set.number)"))
                } else {
                    numbers.append(set.number)
                }
            case .dumbbellSetDeletion(let number, let id):
                if let ended = workout?.pastWorkout(id: id) {
                    past.append((PastWorkoutsSheet.day(ended.startedAt), "\(number) deleted"))
                }
            default: break
            }
        }
        var parts: [String]
        switch numbers.count {
        case 0: parts = []
        case 1: parts = ["set \(numbers[0])"]
        default: parts = ["sets " + numbers.map(String.init).joined(separator: ", ")]
        }
        var days: [String] = []
        for change in past where !days.contains(change.day) { days.append(change.day) }
        for day in days {
            let sets = past.filter { $0.day == day }.map(\.set)
            parts.append("\(sets.count == 1 ? "set" : "sets") \(sets.joined(separator: ", ")) of \(day)")
        }
        guard parts.isEmpty else { return parts.joined(separator: "; ") }
        if Self.onlySettings(waiting) { return "the settings" }
        return waiting.contains { if case .dumbbellFinish = $0 { true } else { false } }
            ? "the end of the workout" : "the workout"
    }

    /// The settings as stored, by name. Unreadable routines are left out: they stay as stored
    /// rather than be written over.
    static func values(of settings: DumbbellsSettings) -> [String: JSONValue?] {
        var values: [String: JSONValue?] = [
            SettingKey<Int>.dumbbellSetCount.name: try? JSONValue(encoding: settings.setCount),
            SettingKey<Bool>.dumbbellAutoRest.name: try? JSONValue(encoding: settings.autoRest),
            SettingKey<[String: Int]>.dumbbellRestByExercise.name: try? JSONValue(encoding: settings.restByExercise),
            SettingKey<WeightUnit>.dumbbellUnit.name: try? JSONValue(encoding: settings.unit),
            SettingKey<String>.dumbbellExercise.name: try? JSONValue(encoding: settings.exercise),
            SettingKey<[String]>.dumbbellExercises.name: try? JSONValue(encoding: settings.exercises),
        ]
        if settings.routinesProblem == nil {
            values[SettingKey<[Routine]>.dumbbellRoutines.name] = try? JSONValue(encoding: settings.routines)
        }
        return values
    }

    /// The last workout of `exercise` and its best set over the last `historyLimit` workouts,
    /// read in one query.
    public static func history(of exercise: String, in log: any DumbbellLog) -> Result<ExerciseHistory, any Error> {
        Result { ExerciseHistory(workouts: try log.workouts(exercise: exercise, limit: historyLimit)) }
    }

    /// Every exercise of the profile's history, for the picker; `nil` when the log cannot list
    /// them or the read failed (the picker keeps what it had).
    static func exerciseNames(in log: any DumbbellLog) -> [String]? {
        try? (log as? any ListsDumbbellExercises)?.exerciseNames()
    }

    /// Reads the profile's settings and the exercise's history and opens the workout with an
    /// empty table. A history that cannot be read is shown as a notice in the workout.
    ///
    /// - Parameters:
    ///   - options: the command line's `--sets` and `--exercise`, over the profile's settings.
    ///   - wallClock: the date and time, for the records.
    public static func open(
        context: AppContext, options: DumbbellsOptions = DumbbellsOptions(), log: any DumbbellLog,
        settings: (any SettingsStore)? = nil, wallClock: @escaping @Sendable () -> Date = { Date() }
    ) -> (DumbbellsWorkout, DumbbellsData) {
        _ = try? (log as? any NoticesChanges)?.changedElsewhere()
        let stored = (try? settings?.settings()) ?? Settings()
        var chosen = DumbbellsSettings(stored)
        if let count = options.setCount { chosen.setCount = count }
        if let exercise = options.exercise { chosen.exercise = exercise }
        var workout = DumbbellsWorkout(
            settings: chosen, history: history(of: chosen.exercise, in: log),
            display: .init(reducesMotion: context.reducesMotion, usesColor: context.usesColor), wallClock: wallClock)
        // A workout cut off not long ago is carried on where it was (nothing when it cannot be read).
        if let resumable = log as? any ResumesDumbbellWorkouts,
            let exercises = try? resumable.resumeCutOffWorkout(
                since: wallClock().addingTimeInterval(-DumbbellWorkout.resumableFor))
        {
            workout.carryOn(exercises)
        }
        if let names = exerciseNames(in: log) { workout.receive(exercises: names) }
        let keeper = SettingsKeeper(store: settings, stored: stored, view: values(of: DumbbellsSettings(stored)))
        return (workout, DumbbellsData(log: log, keeper: keeper))
    }
}

extension WorkoutHost where Data == DumbbellsData {
    /// The dumbbell workout on `log`, opened as `DumbbellsData.open` says.
    public init(
        context: AppContext, options: DumbbellsOptions = DumbbellsOptions(), log: any DumbbellLog,
        settings: (any SettingsStore)? = nil, wallClock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(worker: context.worker) {
            DumbbellsData.open(context: context, options: options, log: log, settings: settings, wallClock: wallClock)
        }
    }
}

extension WorkoutEntry {
    /// The dumbbell workout on the home menu (and for `termfit dumbbells`).
    ///
    /// - Parameter openLog: the dumbbell log and settings of a profile, by name. When it throws,
    ///   the workout's screen says why and only leaves.
    public static func dumbbells(
        options: DumbbellsOptions = DumbbellsOptions(),
        openLog: @escaping @Sendable (String) throws -> any DumbbellLog & SettingsStore
    ) -> WorkoutEntry {
        .hosting(DumbbellsData.self, identifier: "dumbbells", summary: "sets of kg × reps, rests, last workout") {
            context in
            let log = try openLog(context.profile)
            return DumbbellsData.open(context: context, options: options, log: log, settings: log)
        }
    }
}
