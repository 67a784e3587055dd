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

/// One workout of an exercise as its progress chart shows it. The `kilograms` figures order and
/// compare workouts of either unit; what is shown comes from ``Figures`` in the unit shown.
public struct ExerciseSession: Equatable, Hashable, Sendable {
    /// When the workout started.
    public var date: Date
    /// The best estimated one-repetition maximum of its sets of at most 12 reps, warm-ups left
    /// out, in kg (0 when none).
    public var oneRepMax: Double
    /// Weight × reps over all its sets but warm-ups, in kg.
    public var volume: Double
    /// Its heaviest set's weight, in kg.
    public var heaviest: Double
    /// The reps of the heaviest set.
    public var heaviestReps: Int
    /// Its sets but warm-ups, and the unit they were saved in: what the figures shown are
    /// computed from.
    public var sets: [DumbbellSet]
    /// The unit of `sets`.
    public var unit: WeightUnit
    /// The heaviest set's weight, exactly.
    public var heaviestWeight: ExactWeight

    /// The session of `workout`'s sets.
    public init(_ workout: DumbbellWorkout) {
        date = workout.startedAt
        sets = workout.sets.filter(\.type.countsTowardsRecords)
        unit = workout.unit
        var heaviest = 0.0
        var heaviestReps = 0
        heaviestWeight = ExactWeight(hundredths: 0, unit: workout.unit)
        for set in sets {
            let weight = set.exactWeight(in: workout.unit)
            if weight.kilograms > heaviest || (weight.kilograms == heaviest && set.reps > heaviestReps) {
                heaviest = weight.kilograms
                heaviestReps = set.reps
                heaviestWeight = weight
            }
        }
        volume = Figures.volume(sets, savedIn: workout.unit, in: .kilograms)
        oneRepMax =
            sets.compactMap {
                Figures.oneRepMax($0.exactWeight(in: workout.unit), reps: $0.reps, in: .kilograms)
            }
            .max() ?? 0
        self.heaviest = heaviest
        self.heaviestReps = heaviestReps
    }

    /// Weight × reps over its sets as shown in `shown` (``Figures/volume(_:savedIn:in:)``).
    public func volume(in shown: WeightUnit) -> Double {
        Figures.volume(sets, savedIn: unit, in: shown)
    }

    /// Its best estimated maximum as shown in `shown`; 0 when no set has one.
    public func oneRepMax(in shown: WeightUnit) -> Double {
        sets.compactMap { Figures.oneRepMax($0.exactWeight(in: unit), reps: $0.reps, in: shown) }.max() ?? 0
    }
}

/// What the screen knows of an exercise's past: the last numbers of each set (shown beside it)
/// and the best set on record (for the personal-best notice).
///
/// The last numbers all come from one workout, the newest with a finished set: a workout left
/// after set 1 gives set 1 its numbers and sets 2 and 3 none, never those of a workout before.
public struct ExerciseHistory: Equatable, Sendable {
    /// The most recent workout of the exercise with at least one set.
    public var lastWorkout: DumbbellWorkout?
    /// The best set on record, or `nil` when the exercise has no history.
    public var best: PersonalBest?
    /// The sets of `lastWorkout` by number: the last numbers shown beside each set.
    public var lastSets: [Int: LastSet]
    /// The workouts with sets read (the last 400), oldest first: the progress chart.
    public var sessions: [ExerciseSession] = []
    /// The workouts it was built from, newest first (those whose sets were all deleted too): the
    /// history sheet lists those with sets, and a correction rebuilds the history from them.
    public var workouts: [DumbbellWorkout] = []

    /// A history of the given parts (none by default): the last numbers are `lastWorkout`'s.
    public init(lastWorkout: DumbbellWorkout? = nil, best: PersonalBest? = nil) {
        self.lastWorkout = lastWorkout
        self.best = best
        lastSets = [:]
        if let lastWorkout { include(lastWorkout) }
    }

    /// The history of `workouts` (one exercise's, any order): the newest with a set is the last
    /// workout, whose sets are the last numbers; every set but warm-ups counts towards the best.
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

    /// Makes `workout` (newer than any so far) the last workout and its sets, alone, the last
    /// numbers.
    public mutating func include(_ workout: DumbbellWorkout) {
        guard !workout.sets.isEmpty else { return }
        lastWorkout = workout
        workouts.removeAll { $0.id == workout.id }
        workouts.insert(workout, at: 0)
        sessions.append(ExerciseSession(workout))
        lastSets = [:]
        for set in workout.sets { lastSets[set.number] = LastSet(set, unit: workout.unit) }
    }

    /// No history: a new exercise.
    public static let none = ExerciseHistory()
}

/// The best volume (weight × reps) and the best estimated one-repetition maximum of an exercise,
/// each in kilograms so that kg and lb workouts compare, and the sets they came from, so that
/// they show as ``Figures`` shows any set.
public struct PersonalBest: Equatable, Hashable, Sendable {
    /// The largest weight × reps of one set, in kg.
    public var volume: Double
    /// The largest Epley estimate of one set of at most 12 reps, in kg (0 when there is none).
    public var oneRepMax: Double
    /// The set of the best volume: its weight and reps.
    public var volumeSet: (weight: ExactWeight, reps: Int)? {
        get { volumeWeight.map { ($0, volumeReps) } }
        set {
            volumeWeight = newValue?.weight
            volumeReps = newValue?.reps ?? 0
        }
    }
    /// The set of the best estimate: its weight and reps.
    public var oneRepMaxSet: (weight: ExactWeight, reps: Int)? {
        get { oneRepMaxWeight.map { ($0, oneRepMaxReps) } }
        set {
            oneRepMaxWeight = newValue?.weight
            oneRepMaxReps = newValue?.reps ?? 0
        }
    }
    private var volumeWeight: ExactWeight?
    private var volumeReps = 0
    private var oneRepMaxWeight: ExactWeight?
    private var oneRepMaxReps = 0

    /// Bests of the given volume and estimate, both in kg.
    public init(volume: Double, oneRepMax: Double) {
        self.volume = volume
        self.oneRepMax = oneRepMax
    }

    /// Kilograms in a pound.
    public static let kilogramsPerPound = Figures.kilogramsPerPound

    /// `weight` in `unit` as kilograms.
    public static func kilograms(_ weight: Double, unit: WeightUnit) -> Double {
        Figures.convert(weight, from: unit, to: .kilograms)
    }

    /// Kilograms as `unit`.
    public static func weight(kilograms: Double, in unit: WeightUnit) -> Double {
        Figures.convert(kilograms, from: .kilograms, to: unit)
    }

    /// The formula of the estimated one-repetition maximum, as the screen names it.
    public static let formula = Figures.oneRepMaxFormula
    /// The most reps a set may have for its estimate to count: beyond, the estimate says little.
    public static let oneRepMaxRepLimit = Figures.oneRepMaxRepLimit

    /// The Epley estimate of the heaviest single repetition: weight × (1 + reps / 30); `nil`
    /// for more than 12 reps.
    public static func epley(weight: Double, reps: Int) -> Double? {
        Figures.epley(weight: weight, reps: reps)
    }

    /// The bests of one set of `weight` × `reps` in `unit`: its volume and estimate in kg as
    /// ``Figures`` computes them.
    public init(weight: Double, reps: Int, unit: WeightUnit) {
        let exact = ExactWeight(weight, unit)
        self.init(
            volume: exact.kilograms * Double(reps),
            oneRepMax: Figures.epley(weight: exact.kilograms, reps: reps) ?? 0)
        volumeSet = (exact, reps)
        if oneRepMax > 0 { oneRepMaxSet = (exact, reps) }
    }

    /// `best` raised by `set` (in `unit`), or the set's own bests when there is none yet.
    /// A warm-up leaves `best` as it is (and makes none when there is none yet).
    public static func including(_ set: DumbbellSet, unit: WeightUnit, in best: PersonalBest?) -> PersonalBest? {
        guard set.type.countsTowardsRecords else { return best }
        let bests = PersonalBest(weight: set.weight, reps: set.reps, unit: unit)
        guard var best else { return bests }
        if bests.volume > best.volume {
            best.volume = bests.volume
            best.volumeSet = bests.volumeSet
        }
        if bests.oneRepMax > best.oneRepMax {
            best.oneRepMax = bests.oneRepMax
            best.oneRepMaxSet = bests.oneRepMaxSet
        }
        return best
    }

    /// The best set volume as shown in `unit` (the set's shown weight × reps).
    public func volume(in unit: WeightUnit) -> Double {
        volumeSet.map { Figures.volume($0.weight, reps: $0.reps, in: unit) } ?? Self.weight(kilograms: volume, in: unit)
    }

    /// The best estimate as shown in `unit`.
    public func oneRepMax(in unit: WeightUnit) -> Double {
        oneRepMaxSet.flatMap { Figures.oneRepMax($0.weight, reps: $0.reps, in: unit) }
            ?? Self.weight(kilograms: oneRepMax, in: unit)
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
