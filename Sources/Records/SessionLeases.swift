import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The box a store serves (a data directory is one box), and the sessions this process runs on
/// it: each session a box starts carries the box's identifier and a lease, which the box renews
/// while the session runs. The rule that closes a member's interrupted sessions closes a session
/// of another box only once its lease has expired, so a workout running on box A is never cut
/// off because the member opened TermFit on box B.
public final class SessionLeases: Sendable {
    /// How long a lease lasts without being renewed.
    public static let length: TimeInterval = 60
    /// How often a box renews the leases of the sessions it runs (three times a lease).
    public static let renewalInterval: TimeInterval = 20

    /// The box's identifier: stable per data directory.
    public let box: String
    private let running = Mutex<Set<UUID>>([])

    public init(box: String) { self.box = box }

    /// Session `id` was started (or carried on) by this process.
    public func started(_ id: UUID) { _ = running.withLock { $0.insert(id) } }

    /// Session `id` ended here: its lease is no longer renewed.
    public func ended(_ id: UUID) { _ = running.withLock { $0.remove(id) } }

    /// The sessions whose leases this process renews, in a stable order.
    public var current: [UUID] { running.withLock { $0.sorted { $0.uuidString < $1.uuidString } } }

    /// Until when a lease taken or renewed at `now` holds, in whole milliseconds since 1970 (as
    /// the stores keep times).
    public static func expiry(from now: Date) -> Int64 {
        Int64(((now.timeIntervalSince1970 + length) * 1000).rounded())
    }

    /// `now` in whole milliseconds since 1970.
    public static func milliseconds(_ now: Date) -> Int64 { Int64((now.timeIntervalSince1970 * 1000).rounded()) }
}

/// A store that records the box and lease of the sessions it starts, and renews them.
public protocol RenewsSessionLeases: AnyObject, Sendable {
    /// The box and the sessions this process runs on it.
    var leases: SessionLeases { get }
    /// Renews, as of `now`, the lease of every session this process still runs; returns how
    /// many were renewed.
    @discardableResult
    func renewLeases(at now: Date) throws -> Int
}

/// A member's data that can close the sessions a killed TermFit left running.
public protocol ClosesInterruptedSessions {
    /// Closes as cut off every session of the member still in progress that no TermFit runs:
    /// one of this box (its process is gone, or carries it on and ends it again), or one of
    /// another box whose lease expired before `now`. A live session of another box (its lease
    /// still holds) is left as it is, as is the dumbbell workout that can still be carried on
    /// (the most recent, worked on at or after `resumableSince`). Returns how many were closed.
    @discardableResult
    func closeInterruptedSessions(resumableSince: Date, at now: Date) throws -> Int
}

/// A member's data that carries out commands exactly once: each command has an identifier, and
/// the store records the identifiers it carried out in the same transaction as the command, so
/// a command sent again (its answer was lost, the box replays its queue) changes nothing twice.
public protocol CarriesOutCommandsOnce {
    /// Carries `body` out in one transaction with the record of `commandID`, unless a command
    /// with that identifier was carried out before: then nothing runs and this returns `nil`.
    func carryOut<Value>(command commandID: UUID, _ body: () throws -> Value) throws -> Value?
}
