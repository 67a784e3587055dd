import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A finished set of an earlier workout and the unit its weight was saved in.
public struct LastSet: Equatable, Hashable, Sendable {
    /// The set as saved.
    public var set: DumbbellSet
    /// The unit of `set.weight`.
    public var unit: WeightUnit

    /// `set`, its weight in `unit`.
    public init(_ set: DumbbellSet, unit: WeightUnit) {
        self.set = set
        self.unit = unit
    }
}

/// One workout of an exercise as its progress chart shows it, weights in kilograms.
public struct ExerciseSession: Equatable, Hashable, Sendable {
    /// When the workout started.
    public var date: Date
    /// The best estimated one-repetition maximum of its sets of at most 12 reps, warm-ups left
    /// out (0 when none).
    public var oneRepMax: Double
    /// Weight × reps over all its sets but warm-ups.
    public var volume: Double
    /// Its heaviest set's weight and reps.
    public var heaviest: Double
    /// The reps of the heaviest set.
    public var heaviestReps: Int

    /// The session of `workout`'s sets.
    public init(_ workout: DumbbellWorkout) {
        date = workout.startedAt
        var oneRepMax = 0.0
        var volume = 0.0
        var heaviest = 0.0
        var heaviestReps = 0
        for set in workout.sets where set.type.countsTowardsRecords {
            let kilograms = PersonalBest.kilograms(set.weight, unit: workout.unit)
            volume += kilograms * Double(set.reps)
            oneRepMax = max(oneRepMax, PersonalBest.epley(weight: kilograms, reps: set.reps) ?? 0)
            if kilograms > heaviest || (kilograms == heaviest && set.reps > heaviestReps) {
                heaviest = kilograms
                heaviestReps = set.reps
            }
        }
        self.oneRepMax = oneRepMax
        self.volume = volume
        self.heaviest = heaviest
        self.heaviestReps = heaviestReps
    }
}

/// What the screen knows of an exercise's past: the last numbers of each set (shown beside it)
/// and the best set on record (for the personal-best notice).
///
/// Each set number has its own reference: the newest finished set of that number. A workout
/// left after set 1 gives set 1 its new numbers and leaves sets 2 and 3 those of the workout
/// before, where they were last done.
public struct ExerciseHistory: Equatable, Sendable {
    /// The most recent workout of the exercise with at least one set.
    public var lastWorkout: DumbbellWorkout?
    /// The best set on record, or `nil` when the exercise has no history.
    public var best: PersonalBest?
    /// The newest finished set of each set number.
    public var lastSets: [Int: LastSet]
    /// The workouts with sets read (the last 400), oldest first: the progress chart.
    public var sessions: [ExerciseSession] = []
    /// The workouts it was built from, newest first (those whose sets were all deleted too): the
    /// history sheet lists those with sets, and a correction rebuilds the history from them.
    public var workouts: [DumbbellWorkout] = []

    /// A history of the given parts (none by default): each set's last numbers are
    /// `lastWorkout`'s.
    public init(lastWorkout: DumbbellWorkout? = nil, best: PersonalBest? = nil) {
        self.lastWorkout = lastWorkout
        self.best = best
        lastSets = [:]
        if let lastWorkout { include(lastWorkout) }
    }

    /// The history of `workouts` (one exercise's, any order): the newest with a set is the last
    /// workout; each set number's newest set is its reference; every set counts towards the best.
    public init(workouts: [DumbbellWorkout]) {
        let withSets = workouts.filter { !$0.sets.isEmpty }.sorted {
            ($0.startedAt, $0.id.uuidString) < ($1.startedAt, $1.id.uuidString)
        }
        lastWorkout = withSets.last
        lastSets = [:]
        var best: PersonalBest?
        for workout in withSets {
            include(workout)
            for set in workout.sets { best = PersonalBest.including(set, unit: workout.unit, in: best) }
        }
        self.best = best
        self.workouts = workouts.sorted {
            ($0.startedAt, $0.id.uuidString) > ($1.startedAt, $1.id.uuidString)
        }
    }

    /// The history of the same workouts without the one of this identifier (a workout in
    /// progress on screen is not part of its own past).
    public func leavingOut(_ id: UUID) -> ExerciseHistory {
        guard workouts.contains(where: { $0.id == id }) else { return self }
        return ExerciseHistory(workouts: workouts.filter { $0.id != id })
    }

    /// Makes `workout` (newer than any so far) the last workout and its sets the newest of their
    /// numbers.
    public mutating func include(_ workout: DumbbellWorkout) {
        guard !workout.sets.isEmpty else { return }
        lastWorkout = workout
        workouts.removeAll { $0.id == workout.id }
        workouts.insert(workout, at: 0)
        sessions.append(ExerciseSession(workout))
        for set in workout.sets { lastSets[set.number] = LastSet(set, unit: workout.unit) }
    }

    /// No history: a new exercise.
    public static let none = ExerciseHistory()
}

/// The best volume (weight × reps) and the best estimated one-repetition maximum of an exercise,
/// each in kilograms so that kg and lb workouts compare.
public struct PersonalBest: Equatable, Hashable, Sendable {
    /// The largest weight × reps of one set, in kg.
    public var volume: Double
    /// The largest Epley estimate of one set of at most 12 reps, in kg (0 when there is none).
    public var oneRepMax: Double

    /// Bests of the given volume and estimate, both in kg.
    public init(volume: Double, oneRepMax: Double) {
        self.volume = volume
        self.oneRepMax = oneRepMax
    }

    /// Kilograms in a pound.
    public static let kilogramsPerPound = 0.45359237

    /// `weight` in `unit` as kilograms.
    public static func kilograms(_ weight: Double, unit: WeightUnit) -> Double {
        unit == .pounds ? weight * kilogramsPerPound : weight
    }

    /// Kilograms as `unit`.
    public static func weight(kilograms: Double, in unit: WeightUnit) -> Double {
        unit == .pounds ? kilograms / kilogramsPerPound : kilograms
    }

    /// The formula of the estimated one-repetition maximum, as the screen names it.
    public static let formula = "Epley"
    /// The most reps a set may have for its estimate to count: beyond, the estimate says little.
    public static let oneRepMaxRepLimit = 12

    /// The Epley estimate of the heaviest single repetition: weight × (1 + reps / 30); `nil`
    /// for more than 12 reps.
    public static func epley(weight: Double, reps: Int) -> Double? {
        guard reps >= 1, reps <= oneRepMaxRepLimit else { return nil }
        return weight * (1 + Double(reps) / 30)
    }

    /// The bests of one set of `weight` × `reps` in `unit`.
    public init(weight: Double, reps: Int, unit: WeightUnit) {
        let kilograms = Self.kilograms(weight, unit: unit)
        self.init(volume: kilograms * Double(reps), oneRepMax: Self.epley(weight: kilograms, reps: reps) ?? 0)
    }

    /// `best` raised by `set` (in `unit`), or the set's own bests when there is none yet.
    /// A warm-up leaves `best` as it is (and makes none when there is none yet).
    public static func including(_ set: DumbbellSet, unit: WeightUnit, in best: PersonalBest?) -> PersonalBest? {
        guard set.type.countsTowardsRecords else { return best }
        let bests = PersonalBest(weight: set.weight, reps: set.reps, unit: unit)
        guard let best else { return bests }
        return PersonalBest(volume: max(best.volume, bests.volume), oneRepMax: max(best.oneRepMax, bests.oneRepMax))
    }

    /// Which records a set of these bests beats, compared with `self`: more than a hundredth of a
    /// kilogram counts (a repeated equal set is not a new record).
    public func records(beatenBy other: PersonalBest) -> BeatenRecords {
        var beaten: BeatenRecords = []
        if other.volume > volume + 0.01 { beaten.insert(.volume) }
        if other.oneRepMax > oneRepMax + 0.01 { beaten.insert(.oneRepMax) }
        return beaten
    }

}

/// The records a set beat: volume, estimated one-repetition maximum, both or none.
public struct BeatenRecords: OptionSet, Hashable, Sendable {
    /// The records as bits.
    public let rawValue: Int
    /// The records of these bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The best weight × reps.
    public static let volume = BeatenRecords(rawValue: 1)
    /// The best estimated one-repetition maximum.
    public static let oneRepMax = BeatenRecords(rawValue: 2)
}
