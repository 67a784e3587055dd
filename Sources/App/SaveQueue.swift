import Records

/// Saves a host owes its log, carried out in order: the first that fails stops the rest (a set
/// or a card cannot go in before its session), and they all wait for the next try.
struct SaveQueue<Item: Sendable & Equatable>: Sendable, Equatable {
    /// What waits, oldest first.
    private(set) var pending: [Item] = []

    /// Adds `items` after what waits and saves everything with `save`, in order. Returns the
    /// error that stopped it, or `nil` when all went in.
    mutating func flush(adding items: [Item], with save: (Item) throws -> Void) -> (any Error)? {
        pending += items
        while let next = pending.first {
            do {
                try save(next)
            } catch {
                return error
            }
            pending.removeFirst()
        }
        return nil
    }

    /// Forgets what waits: saves that can never go in (their profile was removed).
    mutating func discard() { pending = [] }
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
