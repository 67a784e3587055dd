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
