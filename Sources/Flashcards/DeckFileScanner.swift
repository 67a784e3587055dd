import Records

/// A deck file read from its bytes as they come, a chunk at a time, so that memory holds a line
/// and a record, never the file (D-243's streamed import, for text files too).
///
/// Two parts: ``DeckFile/LineChecker`` cuts the bytes into lines (at LF) and checks each one as
/// ``DeckFile`` always has (UTF-8, no NUL, at most ``DeckFile/maximumLineBytes``), naming its
/// line; ``DeckFile/Scanner`` reads the checked lines as header lines and records (quoted fields
/// may hold separators and line breaks, LF, CRLF or CR), and keeps its place between chunks: a
/// quoted field that goes on past the end of one chunk goes on in the next.
extension DeckFile {
    /// The most bytes of one record's fields kept (eight notes' worth): a record longer than this
    /// is read to its end but not kept, and comes out as ``Record/isOversized`` (a note that size
    /// is skipped as too large in any case), so a quote left open in a huge file costs no memory.
    static let maximumRecordBytes = 8 * ValueLimits.noteFieldsLength

    /// Cuts bytes into lines at LF and checks each whole line.
    struct LineChecker {
        /// The start of a line whose end has not come yet.
        private(set) var pending: [UInt8] = []
        /// Lines checked so far.
        private var lines = 0
        private var startsFile = true

        /// The whole lines of `pending` + `chunk` (each with its LF), checked; keeps the rest.
        mutating func lines(adding chunk: some Collection<UInt8>) throws(DeckFileError) -> [UInt8] {
            var bytes = pending
            bytes.append(contentsOf: chunk)
            if startsFile {
                let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
                // A byte-order mark may be cut by the end of the first chunk.
                if bytes.count < 3 && !chunk.isEmpty && mark.starts(with: bytes) {
                    pending = bytes
                    return []
                }
                if bytes.starts(with: mark) { bytes.removeFirst(3) }
                startsFile = false
            }
            guard let lastBreak = bytes.lastIndex(of: 0x0A) else {
                pending = bytes
                if pending.count > maximumLineBytes { try refuseLong(pending) }
                return []
            }
            pending = Array(bytes[(lastBreak + 1)...])
            bytes.removeSubrange((lastBreak + 1)...)
            var start = 0
            while start < bytes.count {
                let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
                try check(bytes[start..<end])
                start = end + 1
            }
            if pending.count > maximumLineBytes { try refuseLong(pending) }
            return bytes
        }

        /// The last line (without an LF), checked.
        mutating func rest() throws(DeckFileError) -> [UInt8] {
            if startsFile, pending.starts(with: [0xEF, 0xBB, 0xBF]) { pending.removeFirst(3) }
            startsFile = false
            let last = pending
            pending = []
            try check(last[...])
            return last
        }

        private mutating func check(_ line: ArraySlice<UInt8>) throws(DeckFileError) {
            lines += 1
            if let problem = Self.problem(in: line, complete: true) { throw DeckFileError(line: lines, problem) }
            if line.count > maximumLineBytes {
                throw DeckFileError(line: lines, "longer than \(maximumLineBytes) bytes")
            }
        }

        /// A line already too long before its end came: its first problem, as for a whole line.
        private func refuseLong(_ start: [UInt8]) throws(DeckFileError) {
            throw DeckFileError(
                line: lines + 1,
                Self.problem(in: start[...], complete: false) ?? "longer than \(maximumLineBytes) bytes")
        }

        /// Why `line` is refused (not UTF-8, a NUL), or `nil`; an incomplete line may end inside
        /// a character.
        static func problem(in line: ArraySlice<UInt8>, complete: Bool) -> String? {
            if line.contains(where: { $0 >= 0x80 }) {
                var bytes = line
                if !complete {
                    // A character cut by the chunk's end is not an error.
                    var trailing = 0
                    while trailing < 3, let last = bytes.last, last & 0xC0 == 0x80 {
                        bytes.removeLast()
                        trailing += 1
                    }
                    if let last = bytes.last, last >= 0xC0 { bytes.removeLast() }
                }
                if String(validating: bytes, as: UTF8.self) == nil { return "not UTF-8 text (save the file as UTF-8)" }
            }
            return line.contains(0) ? "a NUL character (a binary file?)" : nil
        }
    }

    /// Reads checked lines as header lines and records, keeping its place between chunks.
    struct Scanner {
        /// What comes next.
        enum Item {
            /// The next line, in full, while header lines may still come: the caller takes it as
            /// a header (``skipLine()``) or starts the records there (``startRecords(separator:)``).
            case line(String, number: Int)
            /// A record.
            case record(Record)
        }

        /// Bytes read and not yet used (whole lines, but for the end of the file).
        private var buffer: [UInt8] = []
        private var index = 0
        private var isFinished = false
        /// The line (from 1) at `index`.
        private(set) var line = 1
        private var readsRecords = false
        private var separator: [UInt8] = [0x09]
        /// A record begun and not yet ended.
        private var partial: Partial?
        /// The most bytes held at once (``buffer`` and a record's fields): what the file costs.
        private(set) var maximumHeldBytes = 0

        fileprivate struct Partial {
            var fields: [String] = []
            var field: [UInt8] = []
            var quoted = false
            var atFieldStart = true
            var startLine: Int
            var startsQuoted: Bool
            var keptBytes = 0
            var isOversized = false
        }

        /// Adds whole lines to read.
        mutating func add(_ lines: [UInt8]) {
            if index > 0 {
                buffer.removeSubrange(..<index)
                index = 0
            }
            buffer.append(contentsOf: lines)
            noteHeld()
        }

        /// Adds the last bytes: nothing comes after them.
        mutating func finish(_ last: [UInt8]) {
            add(last)
            isFinished = true
        }

        private mutating func noteHeld() {
            let held = buffer.count - index + (partial.map { $0.keptBytes } ?? 0)
            maximumHeldBytes = max(maximumHeldBytes, held)
        }

        /// Header lines are over: records follow, fields separated by `separator`.
        mutating func startRecords(separator: Character) {
            readsRecords = true
            self.separator = Array(String(separator.unicodeScalars.first ?? "\t").utf8)
        }

        /// Moves past the line ``next()`` gave.
        mutating func skipLine() {
            while index < buffer.count && buffer[index] != 0x0A && buffer[index] != 0x0D { index += 1 }
            if index < buffer.count { consumeLineBreak() }
        }

        /// The next item, or `nil` when more bytes are needed (or, once finished, at the end).
        mutating func next() throws(DeckFileError) -> Item? {
            if partial == nil {
                guard skipBlankLines() else { return nil }
                if !readsRecords {
                    var end = index
                    while end < buffer.count && buffer[end] != 0x0A && buffer[end] != 0x0D { end += 1 }
                    return .line(String(decoding: buffer[index..<end], as: UTF8.self), number: line)
                }
                partial = Partial(startLine: line, startsQuoted: buffer[index] == 0x22)
            }
            return try continueRecord().map(Item.record)
        }

        /// Skips empty and blank lines; `false` when more bytes are needed or the file is over.
        private mutating func skipBlankLines() -> Bool {
            while index < buffer.count {
                var end = index
                while end < buffer.count && (buffer[end] == 0x20 || buffer[end] == 0x09) { end += 1 }
                if end == buffer.count {
                    if isFinished { index = end }
                    return false
                }
                guard buffer[end] == 0x0A || buffer[end] == 0x0D else { return true }
                index = end
                consumeLineBreak()
            }
            return false
        }

        /// Moves past one line break (LF, CRLF or CR).
        private mutating func consumeLineBreak() {
            if buffer[index] == 0x0D && index + 1 < buffer.count && buffer[index + 1] == 0x0A { index += 1 }
            index += 1
            line += 1
        }

        private func isSeparator(at position: Int) -> Bool {
            guard buffer[position] == separator[0] else { return false }
            return separator.count == 1
                || buffer.count - position >= separator.count
                    && buffer[position..<position + separator.count].elementsEqual(separator)
        }

        /// Reads on in the record begun; `nil` when its end has not come yet.
        private mutating func continueRecord() throws(DeckFileError) -> Record? {
            guard var record = partial else { return nil }
            defer {
                partial = partial == nil ? nil : record
                noteHeld()
            }
            func keep(_ bytes: ArraySlice<UInt8>) {
                guard !record.isOversized else { return }
                record.keptBytes += bytes.count
                if record.keptBytes > maximumRecordBytes {
                    record.isOversized = true
                    record.fields = []
                    record.field = []
                } else {
                    record.field.append(contentsOf: bytes)
                }
            }
            func endField() {
                if !record.isOversized { record.fields.append(String(decoding: record.field, as: UTF8.self)) }
                record.field.removeAll(keepingCapacity: true)
            }
            while index < buffer.count {
                let byte = buffer[index]
                if record.quoted {
                    // A run of plain text up to the next quote or line break.
                    var end = index
                    while end < buffer.count && buffer[end] != 0x22 && buffer[end] != 0x0A && buffer[end] != 0x0D {
                        end += 1
                    }
                    if end > index {
                        keep(buffer[index..<end])
                        index = end
                        continue
                    }
                    if byte == 0x22 {
                        if index + 1 < buffer.count && buffer[index + 1] == 0x22 {
                            keep([0x22])
                            index += 2
                            continue
                        }
                        if index + 1 == buffer.count && !isFinished { return nil }
                        record.quoted = false
                        index += 1
                        if index < buffer.count && buffer[index] != 0x0A && buffer[index] != 0x0D
                            && !isSeparator(at: index)
                        {
                            throw DeckFileError(
                                line: line, "text after a closing quote; a quote inside a quoted field is written \"\"")
                        }
                        continue
                    }
                    if byte == 0x0D && index + 1 == buffer.count && !isFinished { return nil }
                    keep([0x0A])
                    consumeLineBreak()
                    continue
                }
                if byte == 0x22 && record.atFieldStart {
                    record.quoted = true
                    record.atFieldStart = false
                    index += 1
                    continue
                }
                if isSeparator(at: index) {
                    endField()
                    record.atFieldStart = true
                    index += separator.count
                    continue
                }
                if byte == 0x0A || byte == 0x0D {
                    if byte == 0x0D && index + 1 == buffer.count && !isFinished { return nil }
                    consumeLineBreak()
                    endField()
                    partial = nil
                    return Record(record)
                }
                var end = index + 1
                while end < buffer.count && buffer[end] != 0x0A && buffer[end] != 0x0D && buffer[end] != separator[0] {
                    end += 1
                }
                keep(buffer[index..<end])
                record.atFieldStart = false
                index = end
            }
            guard isFinished else { return nil }
            if record.quoted { throw DeckFileError(line: record.startLine, "a quoted field is not closed") }
            endField()
            partial = nil
            return Record(record)
        }
    }

    /// The fields of one line of text (a `#columns:` header's value).
    static func fields(of text: String, separator: Character) throws(DeckFileError) -> [String] {
        var scanner = Scanner()
        scanner.startRecords(separator: separator)
        scanner.finish(Array(text.utf8))
        guard case .record(let record) = try scanner.next() else { return [] }
        return record.fields
    }
}

extension DeckFile.Record {
    fileprivate init(_ partial: DeckFile.Scanner.Partial) {
        self.init(
            fields: partial.fields, line: partial.startLine, startsQuoted: partial.startsQuoted,
            isOversized: partial.isOversized)
    }
}
