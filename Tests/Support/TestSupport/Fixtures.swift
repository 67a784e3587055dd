import Foundation
import Synchronization

/// A fixed date: 14 November 2026, 09:00 UTC.
public let testDate = Date(timeIntervalSince1970: 1_794_646_800)

/// Identifiers 00000000-0000-0000-0000-00000000000N, one after another.
public final class Identifiers: Sendable {
    private let next = Mutex(0)

    public init() {}

    public func make() -> UUID {
        let number = next.withLock { value in
            value += 1
            return value
        }
        return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number)) ?? UUID()
    }
}
