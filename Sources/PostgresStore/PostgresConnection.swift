import CLibpq
import Foundation

/// One connection to the server through libpq (CLibpq), every wait bounded by a timeout. Not
/// for several threads at once: ``PostgresStore`` calls it under its lock.
final class PostgresConnection: @unchecked Sendable {
    /// Why a connection or a statement did not go through.
    enum Problem: Error {
        /// libpq could not be loaded (the message names the package).
        case unavailable(String)
        /// The server did not answer in time; the connection was closed.
        case timedOut
        /// The connection could not be made, or broke: libpq's message.
        case failed(String)
        /// The server refused the statement: its SQLSTATE and its message.
        case refused(sqlState: String?, message: String)
    }

    private var handle: OpaquePointer?

    private init(handle: OpaquePointer) { self.handle = handle }

    deinit { close() }

    /// Connects with libpq's `parameters` (keyword, value), waiting at most `timeout`.
    static func connect(_ parameters: [(String, String)], timeout: TimeInterval) throws(Problem) -> PostgresConnection {
        if let problem = clibpq_load() { throw .unavailable(String(cString: problem)) }
        let keywords = parameters.map { strdup($0.0) } + [nil]
        let values = parameters.map { strdup($0.1) } + [nil]
        defer { (keywords + values).forEach { free($0) } }
        var outcome = CLIBPQ_FAILED
        let handle = keywords.map { UnsafePointer($0) }.withUnsafeBufferPointer { keywords in
            values.map { UnsafePointer($0) }.withUnsafeBufferPointer { values in
                clibpq_connect(keywords.baseAddress, values.baseAddress, milliseconds(timeout), &outcome)
            }
        }
        guard let handle else { throw .failed(String(cString: clibpq_error_message(nil))) }
        let connection = PostgresConnection(handle: handle)
        switch outcome {
        case CLIBPQ_DONE: return connection
        case CLIBPQ_TIMED_OUT:
            connection.close()
            throw .timedOut
        default:
            let message = String(cString: clibpq_error_message(handle))
            connection.close()
            throw .failed(message)
        }
    }

    /// Whether the connection can still be used.
    var isOpen: Bool { handle.map { clibpq_is_open($0) != 0 } ?? false }

    /// Closes the connection at once (nothing is waited for).
    func close() {
        guard let open = handle else { return }
        handle = nil
        clibpq_finish(open)
    }

    /// Runs `query`, waiting at most `timeout` for its whole answer; a connection that timed out
    /// is closed.
    func run(_ query: PostgresQuery, timeout: TimeInterval) throws(Problem) -> PostgresResult {
        guard let handle, isOpen else { throw .failed("the connection is closed") }
        // A text parameter ends at its first NUL: refused as the server refuses such bytes.
        if query.binds.values.contains(where: { $0?.utf8.contains(0) ?? false }) {
            throw .refused(sqlState: "22021", message: "invalid byte sequence for encoding \"UTF8\": 0x00")
        }
        var result: OpaquePointer?
        let outcome = Self.withCStrings(query.binds.values) { values in
            query.binds.types.withUnsafeBufferPointer { types in
                clibpq_query(
                    handle, query.sql, Int32(query.binds.count), types.baseAddress, values, Self.milliseconds(timeout),
                    &result)
            }
        }
        switch outcome {
        case CLIBPQ_DONE:
            guard let result else { throw .failed(String(cString: clibpq_error_message(handle))) }
            let answer = PostgresResult(result)
            if clibpq_result_is_success(result) != 0 { return answer }
            let primary = clibpq_result_primary_message(result).map { String(cString: $0) } ?? ""
            let sqlState = clibpq_result_sqlstate(result).map { String(cString: $0) }
            if primary.isEmpty {
                throw .failed(String(cString: clibpq_result_error_message(result)))
            }
            throw .refused(sqlState: sqlState, message: primary)
        case CLIBPQ_TIMED_OUT:
            close()
            throw .timedOut
        default:
            throw .failed(String(cString: clibpq_error_message(handle)))
        }
    }

    private static func milliseconds(_ timeout: TimeInterval) -> Int {
        Int(max(1, min(timeout, 86_400)) * 1000)
    }

    /// `strings` as C strings (NULL for `nil`) for the length of `body`.
    private static func withCStrings<Value>(
        _ strings: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Value
    ) -> Value {
        let copies = strings.map { $0.map { UnsafePointer(strdup($0)) } ?? nil }
        defer { copies.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        return copies.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}

/// A statement's answer: its rows (read as text when decoded) and how many rows it changed.
final class PostgresResult: @unchecked Sendable {
    private let handle: OpaquePointer

    fileprivate init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { clibpq_clear(handle) }

    var rows: [PostgresRow] { (0..<clibpq_rows(handle)).map { PostgresRow(result: self, index: $0) } }

    var changedRows: Int { clibpq_changed_rows(handle) }

    /// The value at `row`, `column` as text; `nil` for SQL NULL or a column the result lacks.
    func text(row: Int32, column: Int32) -> String? {
        guard column < clibpq_columns(handle), let value = clibpq_value(handle, row, column) else { return nil }
        let length = Int(clibpq_length(handle, row, column))
        return value.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
