import Foundation
import GRDB
import Records

/// Reading TermFit's column types (UUID text, millisecond times, enum raw values) out of rows,
/// with a clear error instead of a crash when a value is not what the schema promises.
enum Columns {
    static func uuid(_ row: Row, _ column: String) throws -> UUID {
        let text: String = try row.decode(forColumn: column)
        guard let uuid = UUID(uuidString: text) else { throw unexpected(column, text) }
        return uuid
    }

    /// The UUID at a column's position (`column` names it in an error).
    static func uuid(_ row: Row, at index: Int, _ column: String) throws -> UUID {
        let text: String = try row.decode(atIndex: index)
        guard let uuid = hexUUID(text) ?? UUID(uuidString: text) else { throw unexpected(column, text) }
        return uuid
    }

    /// A UUID written as TermFit writes one (36 characters, hex digits in groups of 8-4-4-4-12),
    /// read from its bytes: Foundation's `UUID(uuidString:)` scans with `sscanf`, a cost that shows
    /// when 100,000 cards are read. `nil` for any other text.
    static func hexUUID(_ text: String) -> UUID? {
        var bytes = [UInt8](repeating: 0, count: 16)
        var count = 0
        var high: UInt8?
        var position = 0
        for character in text.utf8 {
            defer { position += 1 }
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            let nibble: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = character - UInt8(ascii: "A") + 10
            default: return nil
            }
            guard count < 16 else { return nil }
            if let first = high {
                bytes[count] = first << 4 | nibble
                count += 1
                high = nil
            } else {
                high = nibble
            }
        }
        guard position == 36, count == 16 else { return nil }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    static func date(_ row: Row, _ column: String) throws -> Date {
        Timestamp.date(milliseconds: try row.decode(forColumn: column))
    }

    static func optionalDate(_ row: Row, _ column: String) throws -> Date? {
        let milliseconds: Int64? = try row.decode(forColumn: column)
        return milliseconds.map(Timestamp.date(milliseconds:))
    }

    static func value<Value: RawRepresentable>(_ row: Row, _ column: String) throws -> Value
    where Value.RawValue == String {
        let text: String = try row.decode(forColumn: column)
        guard let value = Value(rawValue: text) else { throw unexpected(column, text) }
        return value
    }

    private static func unexpected(_ column: String, _ value: String) -> UnexpectedColumnValue {
        UnexpectedColumnValue(column: column, value: value)
    }
}

/// A stored value that the schema does not allow; reported as a damaged database.
struct UnexpectedColumnValue: Error {
    var column: String
    var value: String
}

extension Date {
    /// The value TermFit stores for this date: whole milliseconds since 1970.
    var storedMilliseconds: Int64 { Timestamp.milliseconds(self) }
}

extension Optional where Wrapped == Date {
    /// The value TermFit stores for this optional date.
    var storedMilliseconds: Int64? { self.map(Timestamp.milliseconds) }
}
