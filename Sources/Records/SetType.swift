#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What kind of set a dumbbell set was, as Strong and Hevy mark them.
public enum SetType: String, Sendable, Codable, CaseIterable {
    /// A warm-up: logged, but counted towards neither volume nor records.
    case warmUp = "warmup"
    /// An ordinary working set.
    case working
    /// A drop set: the weight lowered straight after the set before.
    case drop
    /// A set taken to failure.
    case failure

    /// Whether the set counts towards volume, the estimated maximum and records.
    public var countsTowardsRecords: Bool { self != .warmUp }
}

extension DumbbellSet {
    private enum CodingKeys: String, CodingKey {
        case number, weight, reps, startedAt, finishedAt, restBefore, type, rpe, note
    }

    /// Reads a set as TermFit writes it; archives from before set types have no `type` (a
    /// working set), `rpe` or `note`.
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
