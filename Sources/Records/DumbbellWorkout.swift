#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The unit a dumbbell's weight is given in.
public enum WeightUnit: String, Sendable, Codable, CaseIterable {
    case kilograms = "kg"
    case pounds = "lb"
}

/// One completed set of a dumbbell exercise.
public struct DumbbellSet: Sendable, Codable, Equatable, Hashable {
    /// The set's place in the workout, from 1.
    public var number: Int
    /// The weight lifted, in whole hundredths of the workout's unit (exact: 12.5 kg is 1250).
    public var weightHundredths: Int
    /// The repetitions done.
    public var reps: Int
    /// When the set began.
    public var startedAt: Date
    /// When the set was completed.
    public var finishedAt: Date
    /// Rest taken between the previous set and this one, in seconds; `nil` for the first set.
    public var restBefore: TimeInterval?
    /// A warm-up, working, drop or failure set; warm-ups count towards neither volume nor records.
    public var type: SetType
    /// The rate of perceived exertion, from 1 to 10 (Strong and Hevy log 6 to 10 in halves).
    public var rpe: Double?
    /// The member's note on the set.
    public var note: String?

    public init(
        number: Int, weight: Double, reps: Int, startedAt: Date, finishedAt: Date,
        restBefore: TimeInterval? = nil, type: SetType = .working, rpe: Double? = nil, note: String? = nil
    ) {
        self.number = number
        self.weightHundredths = Figures.hundredths(weight)
        self.reps = reps
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.restBefore = restBefore
        self.type = type
        self.rpe = rpe
        self.note = note
    }

    /// The weight lifted, in the workout's unit: ``weightHundredths`` as a number. Setting it
    /// keeps the nearest hundredth.
    public var weight: Double {
        get { Double(weightHundredths) / 100 }
        set { weightHundredths = Figures.hundredths(newValue) }
    }

    /// The weight as an exact value in `unit` (the workout's).
    public func exactWeight(in unit: WeightUnit) -> ExactWeight {
        ExactWeight(hundredths: weightHundredths, unit: unit)
    }

    /// The time spent on the set itself, in seconds.
    public var duration: TimeInterval { finishedAt.timeIntervalSince(startedAt) }

    /// The set's time in whole seconds, as every surface shows it (``Figures/wholeSeconds(from:to:)``).
    public var wholeSeconds: Int { Figures.wholeSeconds(from: startedAt, to: finishedAt) }

    private enum CodingKeys: String, CodingKey {
        case number, weight, reps, startedAt, finishedAt, restBefore, type, rpe, note
    }

    // The weight is written as a number ("weight": 27.5), as recovery logs and exports always
    // had it, and read back to the nearest hundredth. Archives from before set types have no
    // `type` (a working set), `rpe` or `note`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            number: try container.decode(Int.self, forKey: .number),
            weight: try container.decode(Double.self, forKey: .weight),
            reps: try container.decode(Int.self, forKey: .reps),
            startedAt: try container.decode(Date.self, forKey: .startedAt),
            finishedAt: try container.decode(Date.self, forKey: .finishedAt),
            restBefore: try container.decodeIfPresent(TimeInterval.self, forKey: .restBefore),
            type: try container.decodeIfPresent(SetType.self, forKey: .type) ?? .working,
            rpe: try container.decodeIfPresent(Double.self, forKey: .rpe),
            note: try container.decodeIfPresent(String.self, forKey: .note))
    }

    /// Writes the set; a working set without RPE or note is written as before set types were
    /// kept, so older exports and goldens stay the same.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(weight, forKey: .weight)
        try container.encode(reps, forKey: .reps)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(finishedAt, forKey: .finishedAt)
        try container.encodeIfPresent(restBefore, forKey: .restBefore)
        if type != .working { try container.encode(type, forKey: .type) }
        try container.encodeIfPresent(rpe, forKey: .rpe)
        try container.encodeIfPresent(note, forKey: .note)
    }
}

/// A dumbbell workout's sets of one exercise, in order. A workout of several exercises is one
/// `DumbbellWorkout` per exercise, sharing a `sessionID`.
public struct DumbbellWorkout: Sendable, Codable, Equatable, Hashable, Identifiable {
    /// A stable identifier, chosen when the workout starts.
    public var id: UUID
    /// The exercise, e.g. `"Bicep curl"`.
    public var exercise: String
    /// The unit every set's weight is given in.
    public var unit: WeightUnit
    /// When the workout started.
    public var startedAt: Date
    /// When the workout was finished or abandoned; `nil` while it is in progress.
    public var finishedAt: Date?
    /// How the workout ended.
    public var status: SessionStatus
    /// The completed sets, in order.
    public var sets: [DumbbellSet]
    /// The workout this exercise was done in: the `id` of its first exercise (its own for the
    /// first); `nil` for workouts saved before exercises were grouped.
    public var sessionID: UUID?
    /// The workout's name, e.g. "Push day" (kept from Strong and Hevy; the same on every
    /// exercise of the workout).
    public var title: String?
    /// The note on the whole workout (the same on every exercise of the workout).
    public var workoutNote: String?
    /// The note on this exercise in the workout (Hevy's exercise notes).
    public var exerciseNote: String?
    /// When the rest after this exercise's last set was skipped, if it was (kept while the
    /// workout runs, for carrying it on after a cut; not exported).
    public var restEndedAt: Date?

    public init(
        id: UUID = UUID(), exercise: String, unit: WeightUnit, startedAt: Date, finishedAt: Date? = nil,
        status: SessionStatus = .inProgress, sets: [DumbbellSet] = [], sessionID: UUID? = nil,
        title: String? = nil, workoutNote: String? = nil, exerciseNote: String? = nil
    ) {
        self.sessionID = sessionID
        self.title = title
        self.workoutNote = workoutNote
        self.exerciseNote = exerciseNote
        self.id = id
        self.exercise = exercise
        self.unit = unit
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.status = status
        self.sets = sets
    }

    /// Total rest taken between sets, in seconds.
    public var totalRest: TimeInterval { sets.reduce(0) { $0 + ($1.restBefore ?? 0) } }

    private enum CodingKeys: String, CodingKey {
        case id, exercise, unit, startedAt, finishedAt, status, sets, sessionID
    }

    /// Only a set's weight, as written.
    private struct WrittenWeight: Decodable {
        var weight: Double
    }

    // An export written before weights were whole hundredths may carry the float noise of a unit
    // conversion (27.557782773109697 lb): read in, such a weight is rounded to its unit's step as
    // migration v9 rounds a stored one (``ExactWeight/init(repairing:unit:)``).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(UUID.self, forKey: .id),
            exercise: try container.decode(String.self, forKey: .exercise),
            unit: try container.decode(WeightUnit.self, forKey: .unit),
            startedAt: try container.decode(Date.self, forKey: .startedAt),
            finishedAt: try container.decodeIfPresent(Date.self, forKey: .finishedAt),
            status: try container.decode(SessionStatus.self, forKey: .status),
            sets: try container.decode([DumbbellSet].self, forKey: .sets),
            sessionID: try container.decodeIfPresent(UUID.self, forKey: .sessionID))
        let written = try container.decode([WrittenWeight].self, forKey: .sets)
        for index in sets.indices where index < written.count {
            sets[index].weightHundredths = ExactWeight(repairing: written[index].weight, unit: unit).hundredths
        }
    }
}
