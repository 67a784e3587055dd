import Records

/// The commands a host owes its data, oldest first. They go to the store worker as one batch at
/// a time, carried out in order: the first that fails stops the rest (a set or a card cannot go
/// in before its session), and the failed one keeps its place at the front for the next try.
struct SaveQueue: Sendable, Equatable {
    /// What waits, oldest first (a batch with the worker included, until it answers).
    private(set) var pending: [UnsavedStep] = []
    /// How many of `pending`, from the front, are with the worker now.
    private(set) var sent = 0
    /// The last batch failed: what waits goes again only with the next command or at the end.
    private(set) var stalled = false

    /// Adds `commands` after what waits.
    mutating func add(_ commands: [UnsavedStep]) { pending += commands }

    /// The batch to hand the worker now: everything that waits, when nothing is with the worker
    /// and, after a failure, only when `retrying`.
    mutating func nextBatch(retrying: Bool) -> [UnsavedStep]? {
        guard sent == 0, !pending.isEmpty, !stalled || retrying else { return nil }
        sent = pending.count
        stalled = false
        return pending
    }

    /// The worker carried out the first `count` commands of the batch; `failed`: the next one
    /// failed and it stopped there.
    mutating func answered(carriedOut count: Int, failed: Bool) {
        pending.removeFirst(min(count, pending.count))
        sent = 0
        stalled = failed
    }

    /// Forgets what waits: commands that can never go in (their profile was removed).
    mutating func discard() {
        pending = []
        sent = 0
        stalled = false
    }

    /// Carries `batch` out with `carryOut`, in order, stopping at the first failure: what the
    /// worker runs. Returns how many went in, the error that stopped it, and the settings
    /// changes that met another window's.
    static func carryOut(_ batch: [UnsavedStep], with carryOut: (UnsavedStep) throws -> [SettingConflict])
        -> (count: Int, error: (any Error)?, conflicts: [SettingConflict])
    {
        var conflicts: [SettingConflict] = []
        for (index, command) in batch.enumerated() {
            do {
                conflicts += try carryOut(command)
            } catch {
                return (index, error, conflicts)
            }
        }
        return (batch.count, nil, conflicts)
    }
}

/// A scene that may hold saves it could not carry out (the disk full, the file read-only): what
/// TermFit writes to a recovery file when it ends, instead of losing it.
public protocol HoldsUnsavedWork {
    /// The saves still owed, oldest first, as steps a recovery file keeps.
    var unsavedSteps: [UnsavedStep] { get }
    /// The profile whose save was refused because it was removed while the scene ran: the
    /// scene asked to quit, and holds nothing more for it.
    var removedProfile: String? { get }
}

extension HoldsUnsavedWork {
    public var removedProfile: String? { nil }
}
