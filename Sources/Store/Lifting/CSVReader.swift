import Foundation
import Records

/// Where the bytes of a file being imported come from, a chunk at a time, so that a large file
/// is never held whole.
public protocol ByteChunks {
    /// The next chunk, or `nil` at the end.
    mutating func next() throws -> Data?
}

/// A file read a mebibyte at a time.
public struct FileChunks: ByteChunks {
    private let handle: FileHandle

    /// The file at `path`; throws when it cannot be opened.
    public init(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CocoaError(.fileReadNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        self.handle = handle
    }

    public mutating func next() throws -> Data? {
        guard let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty else {
            try? handle.close()
            return nil
        }
        return chunk
    }
}

/// Bytes already in memory (standard input, a test's file), given as chunks of at most `size`.
public struct DataChunks: ByteChunks {
    private let data: Data
    private let size: Int
    private var offset = 0

    public init(_ data: Data, chunkSize: Int = 1 << 20) {
        self.data = data
        self.size = max(1, chunkSize)
    }

    public mutating func next() throws -> Data? {
        guard offset < data.count else { return nil }
        let end = min(data.count, offset + size)
        defer { offset = end }
        return data.subdata(in: data.startIndex + offset..<data.startIndex + end)
    }
}

/// Reads comma- or semicolon-separated rows as spreadsheets and fitness apps write them:
/// fields quoted or not, `""` inside quotes for a quote, line breaks inside quotes, CRLF or LF,
/// with or without a UTF-8 byte-order mark. The delimiter is the one the header line uses more
/// of, outside quotes.
struct CSVReader {
    private var source: any ByteChunks
    private var buffer: [UInt8] = []
    private var position = 0
    private var finished = false
    /// The delimiter: `,` or `;`.
    private(set) var delimiter: UInt8 = UInt8(ascii: ",")
    /// The line the next row starts on, from 1.
    private(set) var line = 1
    /// Bytes consumed so far (for progress).
    private(set) var bytesRead = 0

    init(_ source: any ByteChunks) throws {
        self.source = source
        _ = try fill()
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        delimiter = try detectDelimiter()
    }

    /// Reads more bytes into the buffer, dropping those already used; `false` at the end.
    private mutating func fill() throws -> Bool {
        guard !finished else { return false }
        if position > 0 {
            buffer.removeFirst(position)
            position = 0
        }
        guard let chunk = try source.next() else {
            finished = true
            return false
        }
        bytesRead += chunk.count
        buffer.append(contentsOf: chunk)
        return true
    }

    /// `;` when the first line has more semicolons than commas outside quotes, else `,`.
    private mutating func detectDelimiter() throws -> UInt8 {
        var index = position
        var quoted = false
        var commas = 0
        var semicolons = 0
        while true {
            if index >= buffer.count {
                let dropped = position
                guard try fill() else { break }
                index -= dropped
                continue
            }
            let byte = buffer[index]
            if byte == UInt8(ascii: "\"") {
                quoted.toggle()
            } else if !quoted {
                if byte == UInt8(ascii: "\n") { break }
                if byte == UInt8(ascii: ",") { commas += 1 }
                if byte == UInt8(ascii: ";") { semicolons += 1 }
            }
            index += 1
        }
        return semicolons > commas ? UInt8(ascii: ";") : UInt8(ascii: ",")
    }

    /// The next row's fields and the line it starts on; `nil` at the end. Blank lines are
    /// skipped.
    mutating func nextRow() throws -> (line: Int, fields: [String])? {
        while true {
            guard let row = try readRow() else { return nil }
            if row.fields.count == 1 && row.fields[0].isEmpty { continue }
            return row
        }
    }

    private mutating func readRow() throws -> (line: Int, fields: [String])? {
        let quote = UInt8(ascii: "\"")
        let newline = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        if position >= buffer.count, !(try fill()) { return nil }
        let start = line
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var wasQuoted = false
        while true {
            if position >= buffer.count {
                guard try fill() else {
                    fields.append(Self.text(field, quoted: wasQuoted))
                    return (start, fields)
                }
            }
            let byte = buffer[position]
            position += 1
            if quoted {
                if byte == quote {
                    if position >= buffer.count { _ = try fill() }
                    if position < buffer.count && buffer[position] == quote {
                        field.append(quote)
                        position += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if byte == newline { line += 1 }
                    field.append(byte)
                }
            } else if byte == quote && field.isEmpty && !wasQuoted {
                quoted = true
                wasQuoted = true
            } else if byte == delimiter {
                fields.append(Self.text(field, quoted: wasQuoted))
                field.removeAll(keepingCapacity: true)
                wasQuoted = false
            } else if byte == newline {
                line += 1
                if field.last == carriageReturn && !wasQuoted { field.removeLast() }
                fields.append(Self.text(field, quoted: wasQuoted))
                return (start, fields)
            } else if !(wasQuoted && byte == carriageReturn) {
                // A carriage return after a closing quote ends the line with the newline after it.
                field.append(byte)
            }
        }
    }

    private static func text(_ bytes: [UInt8], quoted: Bool) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return quoted ? text : text.trimmingBlanks()
    }
}
