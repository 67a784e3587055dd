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
