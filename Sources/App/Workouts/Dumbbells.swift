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

    /// A save owed to the log.
    public enum Save: Equatable, Sendable {
        /// A new workout.
        case start(DumbbellWorkout)
        /// A finished set of a workout.
        case set(DumbbellSet, workoutID: UUID)
        /// A set deleted from a workout.
        case deleteSet(number: Int, workoutID: UUID)
        /// The end of a workout.
        case finish(UUID, status: SessionStatus, at: Date)
        /// A set of an ended workout corrected (or renumbered) from the history; the workout
        /// (without its sets) names its exercise, unit and day.
        case pastSet(DumbbellSet, of: DumbbellWorkout)
        /// A set deleted from an ended workout from the history.
        case pastDeletion(number: Int, of: DumbbellWorkout)

        /// The set's number, if this saves a set of the workout on screen.
        var setNumber: Int? {
            if case .set(let set, _) = self { return set.number }
            return nil
        }

        /// The day of the ended workout and the set this changes ("2", "4 deleted"), if it
        /// changes one.
        var pastChange: (day: String, set: String)? {
            switch self {
            case .pastSet(let set, let workout): (PastWorkoutsSheet.day(workout.startedAt), "\(set.number)")
            case .pastDeletion(let number, let workout):
                (PastWorkoutsSheet.day(workout.startedAt), "\(number) deleted")
            default: nil
            }
        }
    }

    public func route(_ output: DumbbellsWorkout.Output, in workout: inout DumbbellsWorkout, at now: Instant)
        -> Routed<Save>
    {
        switch output {
        case .effect(let effect): return .effect(effect)
        case .startWorkout(let started): return .save(.start(started))
        case .saveSet(let set, let workoutID):
            if let past = workout.pastWorkout(id: workoutID) { return .save(.pastSet(set, of: Self.label(past))) }
            return .save(.set(set, workoutID: workoutID))
        case .deleteSet(let number, let workoutID):
            if let past = workout.pastWorkout(id: workoutID) {
                return .save(.pastDeletion(number: number, of: Self.label(past)))
            }
            return .save(.deleteSet(number: number, workoutID: workoutID))
        case .finishWorkout(let id, let status, let date): return .save(.finish(id, status: status, at: date))
        case .loadHistory(let exercise):
            workout.receive(Self.history(of: exercise, in: log), for: exercise)
            return .done
        case .saveSettings(let settings):
            return .kept(failed: keep(settings))
        }
    }

    public func carryOut(_ save: Save) throws {
        switch save {
        case .start(let workout): try log.start(workout)
        case .set(let set, let id): try log.save(set, inWorkout: id)
        case .deleteSet(let number, let id): try log.deleteSet(number: number, inWorkout: id)
        case .finish(let id, let status, let date): try log.finishWorkout(id, status: status, at: date)
        case .pastSet(let set, let workout): try log.save(set, inWorkout: workout.id)
        case .pastDeletion(let number, let workout): try log.deleteSet(number: number, inWorkout: workout.id)
        }
    }

    public var notices: (any NoticesChanges)? { log as? any NoticesChanges }

    /// Another window changed the data: the exercise's history is read again (the last numbers,
    /// the history sheet, progress and records show it), and the routines.
    public func refresh(_ workout: inout DumbbellsWorkout, at now: Instant) {
        let exercise = workout.settings.exercise
        workout.receive(Self.history(of: exercise, in: log), for: exercise)
        guard let stored = keeper.read() else { return }
        let kept = DumbbellsSettings(stored)
        workout.receive(routines: kept.routines, problem: kept.routinesProblem)
        // Unreadable routines stay as stored: nothing of them is written, so nothing to note.
        guard kept.routinesProblem == nil else { return }
        let name = SettingKey<[Routine]>.dumbbellRoutines.name
        keeper.refresh([name: try? JSONValue(encoding: workout.settings.routines)], from: stored)
    }

    /// An ended workout as a save names it: its sets left out.
    private static func label(_ workout: DumbbellWorkout) -> DumbbellWorkout {
        var label = workout
        label.sets = []
        return label
    }

    /// "set 2", "sets 1, 2", "the end of the workout", "set 2 of Sat 14 Nov": what is waiting,
    /// for the notice.
    public func describe(_ waiting: [Save]) -> String {
        let numbers = waiting.compactMap(\.setNumber)
        var parts: [String]
        switch numbers.count {
        case 0:
            parts = []
        case 1: parts = ["set \(numbers[0])"]
        default: parts = ["sets " + numbers.map(String.init).joined(separator: ", ")]
        }
        // Corrections of ended workouts, by the workout's day.
        let past = waiting.compactMap(\.pastChange)
        var days: [String] = []
        for change in past where !days.contains(change.day) { days.append(change.day) }
        for day in days {
            let sets = past.filter { $0.day == day }.map(\.set)
            parts.append("\(sets.count == 1 ? "set" : "sets") \(sets.joined(separator: ", ")) of \(day)")
        }
        guard parts.isEmpty else { return parts.joined(separator: "; ") }
        return waiting.contains { if case .finish = $0 { true } else { false } }
            ? "the end of the workout" : "the workout"
    }

    /// A set names the workout's exercise and unit.
    public func unsavedStep(_ save: Save, in workout: DumbbellsWorkout?) -> UnsavedStep {
        let settings = workout?.settings ?? DumbbellsSettings()
        return switch save {
        case .start(let workout): .dumbbellWorkout(workout)
        case .set(let set, let id):
            .dumbbellSet(set, workoutID: id, exercise: settings.exercise, unit: workout?.savedUnit ?? settings.unit)
        case .deleteSet(let number, let id): .dumbbellSetDeletion(number: number, workoutID: id)
        case .finish(let id, let status, let date): .dumbbellFinish(workoutID: id, status: status, at: date)
        case .pastSet(let set, let past):
            .dumbbellSet(set, workoutID: past.id, exercise: past.exercise, unit: past.unit)
        case .pastDeletion(let number, let past): .dumbbellSetDeletion(number: number, workoutID: past.id)
        }
    }

    /// Stores what the workout changed of its settings; says why when that failed, or what
    /// another window's change did to it.
    private func keep(_ settings: DumbbellsSettings) -> SaveError? {
        keeper.keep(Self.values(of: settings), what: "the setting")
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
        let (workout, data) = DumbbellsData.open(
            context: context, options: options, log: log, settings: settings, wallClock: wallClock)
        self.init(workout: workout, data: data)
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
