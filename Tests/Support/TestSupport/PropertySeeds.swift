import Foundation

/// The seeds of a property test's random runs, split into chunks that run as parallel test
/// cases. The same seeds every time (drawn from `firstSeed`), so a failure in CI fails here too;
/// `TERMFIT_PROPERTY_SEED=<seed>` runs just that one again, `TERMFIT_PROPERTY_RUNS=<n>` tries more
/// or fewer.
public struct PropertySeeds: Sendable {
    /// How many runs, over all chunks.
    public let runs: Int
    /// How many test cases the runs are split into.
    public let chunks: Int
    private let firstSeed: UInt64
    private let only: UInt64?

    /// `runs` seeds (unless the environment says otherwise) drawn from `firstSeed`, in `chunks`.
    public init(runs: Int, chunks: Int, firstSeed: UInt64) {
        let environment = ProcessInfo.processInfo.environment
        self.runs = Int(environment["TERMFIT_PROPERTY_RUNS"] ?? "") ?? runs
        self.chunks = chunks
        self.firstSeed = firstSeed
        only = UInt64(environment["TERMFIT_PROPERTY_SEED"] ?? "")
    }

    /// The seeds of chunk `chunk` (0 ..< `chunks`): every `chunks`-th of the drawn seeds, or the
    /// one asked for in the environment (in chunk 0).
    public func seeds(chunk: Int) -> [UInt64] {
        if let only { return chunk == 0 ? [only] : [] }
        var generator = SeededGenerator(seed: firstSeed)
        let all = (0..<runs).map { _ in generator.next() }
        return all.enumerated().filter { $0.offset % chunks == chunk }.map(\.element)
    }

    /// How a failure names its run, so that it can be replayed.
    public static func replay(_ seed: UInt64) -> String { "seed \(seed) (TERMFIT_PROPERTY_SEED=\(seed))" }
}
