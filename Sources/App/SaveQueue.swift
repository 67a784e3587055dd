import Foundation
import Records

/// The commands a host owes its data, oldest first. They go to the store worker as one batch at
/// a time, carried out in order: the first that fails stops the rest (a set or a card cannot go
/// in before its session), and the failed one keeps its place at the front for the next try.
/// Each command gets its identifier as it is queued and keeps it through every try and into a
/// recovery file, so a store that records them carries each out once.
struct SaveQueue: Sendable, Equatable {
    /// A command and its identifier.
    struct Queued: Sendable, Equatable {
        var id: UUID
        var step: UnsavedStep
    }

    /// What waits, oldest first (a batch with the worker included, until it answers).
    private(set) var waiting: [Queued] = []
    /// The commands that wait, oldest first.
    var pending: [UnsavedStep] { waiting.map(\.step) }
    /// How many of `pending`, from the front, are with the worker now.
    private(set) var sent = 0
    /// The last batch failed: what waits goes again only with the next command or at the end.
    private(set) var stalled = false

    /// Adds `commands` after what waits, each with a new identifier.
    mutating func add(_ commands: [UnsavedStep]) { waiting += commands.map { Queued(id: UUID(), step: $0) } }

    /// The batch to hand the worker now: everything that waits, when nothing is with the worker
    /// and, after a failure, only when `retrying`.
    mutating func nextBatch(retrying: Bool) -> [Queued]? {
        guard sent == 0, !waiting.isEmpty, !stalled || retrying else { return nil }
        sent = waiting.count
        stalled = false
        return waiting
    }

    /// The worker carried out the first `count` commands of the batch; `failed`: the next one
    /// failed and it stopped there.
    mutating func answered(carriedOut count: Int, failed: Bool) {
        waiting.removeFirst(min(count, waiting.count))
        sent = 0
        stalled = failed
    }

    /// Forgets what waits: commands that can never go in (their profile was removed).
    mutating func discard() {
        waiting = []
        sent = 0
        stalled = false
    }

    /// Carries `batch` out with `carryOut`, in order, stopping at the first failure: what the
    /// worker runs. With a `ledger`, each command goes in with its identifier in one
    /// transaction, and one carried out before (its answer was lost) is not carried out again.
    /// Returns how many went in, the error that stopped it, and the settings changes that met
    /// another window's.
    static func carryOut(
        _ batch: [Queued], ledger: (any CarriesOutCommandsOnce)? = nil,
        with carryOut: (UnsavedStep) throws -> [SettingConflict]
    ) -> (count: Int, error: (any Error)?, conflicts: [SettingConflict]) {
        var conflicts: [SettingConflict] = []
        for (index, command) in batch.enumerated() {
            do {
                if let ledger {
                    conflicts += try ledger.carryOut(command: command.id) { try carryOut(command.step) } ?? []
                } else {
                    conflicts += try carryOut(command.step)
                }
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
    /// Their identifiers, in the same order (none when the scene does not give them).
    var unsavedCommandIDs: [UUID] { get }
    /// The profile whose save was refused because it was removed while the scene ran: the
    /// scene asked to quit, and holds nothing more for it.
    var removedProfile: String? { get }
}

extension HoldsUnsavedWork {
    public var removedProfile: String? { nil }

    public var unsavedCommandIDs: [UUID] { [] }
}
