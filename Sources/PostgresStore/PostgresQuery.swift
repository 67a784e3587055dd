import Foundation

/// A statement and its parameters, every parameter sent as text with its type: in
/// `"SELECT name FROM profile WHERE id = \(id)"` the value of `id` is bound to `$1`, never pasted
/// into the SQL.
struct PostgresQuery: Sendable, ExpressibleByStringInterpolation {
    var sql: String
    var binds: PostgresBindings

    /// A statement as it is, with `binds` for its `$1…` (the caller numbers them).
    init(unsafeSQL sql: String, binds: PostgresBindings = PostgresBindings()) {
        self.sql = sql
        self.binds = binds
    }

    init(stringLiteral value: String) { self.init(unsafeSQL: value) }

    init(stringInterpolation: StringInterpolation) {
        self.init(unsafeSQL: stringInterpolation.sql, binds: stringInterpolation.binds)
    }

    struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var binds = PostgresBindings()

        init(literalCapacity: Int, interpolationCount: Int) { sql.reserveCapacity(literalCapacity * 2) }

        mutating func appendLiteral(_ literal: String) { sql += literal }

        mutating func appendInterpolation<Value: PostgresEncodable>(_ value: Value) {
            binds.append(value)
            sql += "$\(binds.count)"
        }

        mutating func appendInterpolation<Value: PostgresEncodable>(_ value: Value?) {
            binds.append(value)
            sql += "$\(binds.count)"
        }
    }
}

/// A statement's parameters: their type identifiers (OIDs) and their values as text.
struct PostgresBindings: Sendable {
    private(set) var types: [UInt32] = []
    private(set) var values: [String?] = []

    var count: Int { values.count }

    mutating func append<Value: PostgresEncodable>(_ value: Value) {
        types.append(Value.postgresType)
        values.append(value.postgresText)
    }

    mutating func append<Value: PostgresEncodable>(_ value: Value?) {
        types.append(Value.postgresType)
        values.append(value?.postgresText)
    }
}

/// A value sent as a parameter: its PostgreSQL type and its text form.
protocol PostgresEncodable: Sendable {
    static var postgresType: UInt32 { get }
    var postgresText: String { get }
}

/// A value that can be an element of an array parameter (`= ANY($1)`, `unnest($1::text[])`).
protocol PostgresArrayElement: PostgresEncodable {
    static var postgresArrayType: UInt32 { get }
}

extension String: PostgresArrayElement {
    static var postgresType: UInt32 { 25 }
    static var postgresArrayType: UInt32 { 1009 }
    var postgresText: String { self }
}

extension Int64: PostgresArrayElement {
    static var postgresType: UInt32 { 20 }
    static var postgresArrayType: UInt32 { 1016 }
    var postgresText: String { String(self) }
}

extension Int: PostgresArrayElement {
    static var postgresType: UInt32 { 20 }
    static var postgresArrayType: UInt32 { 1016 }
    var postgresText: String { String(self) }
}

extension Bool: PostgresArrayElement {
    static var postgresType: UInt32 { 16 }
    static var postgresArrayType: UInt32 { 1000 }
    var postgresText: String { self ? "true" : "false" }
}

extension Double: PostgresArrayElement {
    static var postgresType: UInt32 { 701 }
    static var postgresArrayType: UInt32 { 1022 }
    var postgresText: String {
        if isNaN { return "NaN" }
        if isInfinite { return self < 0 ? "-Infinity" : "Infinity" }
        return "\(self)"
    }
}

extension Array: PostgresEncodable where Element: PostgresArrayElement {
    static var postgresType: UInt32 { Element.postgresArrayType }

    /// PostgreSQL's array literal, every element quoted: `{"a","b \"c\""}`.
    var postgresText: String {
        var text = "{"
        for (index, element) in enumerated() {
            if index > 0 { text += "," }
            text += "\""
            for character in element.postgresText.unicodeScalars {
                if character == "\"" || character == "\\" { text += "\\" }
                text.unicodeScalars.append(character)
            }
            text += "\""
        }
        return text + "}"
    }
}

/// A value read from a column's text.
protocol PostgresDecodable {
    /// The value of a column's `text` (`nil` for SQL NULL).
    static func decoded(from text: String?) throws -> Self
}

extension PostgresDecodable {
    static func failure(_ text: String?) -> PostgresStore.Failure {
        PostgresStore.Failure(
            description: text.map { "a stored value (\($0.prefix(40))) is not \(Self.self)" }
                ?? "a stored value is NULL where TermFit expects \(Self.self)")
    }
}

extension String: PostgresDecodable {
    static func decoded(from text: String?) throws -> String {
        guard let text else { throw failure(text) }
        return text
    }
}

extension Int64: PostgresDecodable {
    static func decoded(from text: String?) throws -> Int64 {
        guard let text, let value = Int64(text) else { throw failure(text) }
        return value
    }
}

extension Int: PostgresDecodable {
    static func decoded(from text: String?) throws -> Int {
        guard let text, let value = Int(text) else { throw failure(text) }
        return value
    }
}

extension Bool: PostgresDecodable {
    static func decoded(from text: String?) throws -> Bool {
        switch text {
        case "t", "true": return true
        case "f", "false": return false
        default: throw failure(text)
        }
    }
}

extension Double: PostgresDecodable {
    static func decoded(from text: String?) throws -> Double {
        guard let text, let value = Double(text) else { throw failure(text) }
        return value
    }
}

extension Optional: PostgresDecodable where Wrapped: PostgresDecodable {
    static func decoded(from text: String?) throws -> Wrapped? {
        guard let text else { return nil }
        return try Wrapped.decoded(from: text)
    }
}

/// One row of a result, its values read as text when decoded.
struct PostgresRow: @unchecked Sendable {
    fileprivate let result: PostgresResult
    fileprivate let index: Int32

    init(result: PostgresResult, index: Int32) {
        self.result = result
        self.index = index
    }

    /// The first column as `Value`.
    func decode<Value: PostgresDecodable>(_ type: Value.Type) throws -> Value {
        try Value.decoded(from: result.text(row: index, column: 0))
    }

    /// The first columns, as many as the tuple has, each as its type.
    func decode<each Value: PostgresDecodable>(_ types: (repeat each Value).Type) throws -> (repeat each Value) {
        var column: Int32 = 0
        func next<Column: PostgresDecodable>(_ type: Column.Type) throws -> Column {
            defer { column += 1 }
            return try Column.decoded(from: result.text(row: index, column: column))
        }
        return (repeat try next((each Value).self))
    }

    /// The row's columns by position.
    func makeRandomAccess() -> Columns { Columns(row: self) }

    struct Columns {
        fileprivate let row: PostgresRow

        subscript(position: Int) -> Cell { Cell(row: row, column: Int32(position)) }
    }

    /// One value of a row.
    struct Cell {
        fileprivate let row: PostgresRow
        fileprivate let column: Int32

        func decode<Value: PostgresDecodable>(_ type: Value.Type) throws -> Value {
            try Value.decoded(from: row.result.text(row: row.index, column: column))
        }
    }
}
