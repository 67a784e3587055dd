import Records
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the screen knows of an exercise's past: the last workout (shown beside each set) and the
/// best set on record (for the personal-best notice).
public struct ExerciseHistory: Equatable, Sendable {
    /// The most recent workout of the exercise with at least one set.
    public var lastWorkout: DumbbellWorkout?
    /// The best set on record, or `nil` when the exercise has no history.
    public var best: PersonalBest?

    /// A history of the given parts (none by default).
    public init(lastWorkout: DumbbellWorkout? = nil, best: PersonalBest? = nil) {
        self.lastWorkout = lastWorkout
        self.best = best
    }

    /// The history of `workouts` (one exercise's, any order): the newest with a set is the last
    /// workout; every set counts towards the best.
    public init(workouts: [DumbbellWorkout]) {
        let withSets = workouts.filter { !$0.sets.isEmpty }
        lastWorkout = withSets.max { ($0.startedAt, $0.id.uuidString) < ($1.startedAt, $1.id.uuidString) }
        var best: PersonalBest?
        for workout in withSets {
            for set in workout.sets { best = PersonalBest.including(set, unit: workout.unit, in: best) }
        }
        self.best = best
    }

    /// No history: a new exercise.
    public static let none = ExerciseHistory()
}

/// The best volume (weight × reps) and the best estimated one-repetition maximum of an exercise,
/// each in kilograms so that kg and lb workouts compare.
public struct PersonalBest: Equatable, Hashable, Sendable {
    /// The largest weight × reps of one set, in kg.
    public var volume: Double
    /// The largest Epley estimate of one set, in kg.
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

    /// The Epley estimate of the heaviest single repetition: weight × (1 + reps / 30).
    public static func epley(weight: Double, reps: Int) -> Double {
        weight * (1 + Double(reps) / 30)
    }

    /// The bests of one set of `weight` × `reps` in `unit`.
    public init(weight: Double, reps: Int, unit: WeightUnit) {
        let kilograms = Self.kilograms(weight, unit: unit)
        self.init(volume: kilograms * Double(reps), oneRepMax: Self.epley(weight: kilograms, reps: reps))
    }

    /// `best` raised by `set` (in `unit`), or the set's own bests when there is none yet.
    public static func including(_ set: DumbbellSet, unit: WeightUnit, in best: PersonalBest?) -> PersonalBest {
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
