import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The text formats a deck is imported from and exported to.
public enum DeckFileFormat: String, CaseIterable, Sendable {
    /// Tab-separated: prompt TAB answer, one card a line (Anki's plain-text notes).
    case tsv
    /// Comma-separated values (RFC 4180).
    case csv

    /// The character between fields.
    public var separator: Character {
        switch self {
        case .tsv: return "\t"
        case .csv: return ","
        }
    }

    /// The format a file's name suggests: `.csv` is CSV, anything else tab-separated.
    public static func guess(fromPath path: String) -> DeckFileFormat {
        path.lowercased().hasSuffix(".csv") ? .csv : .tsv
    }
}

/// Why a deck file was refused: the line where the problem starts, and what it is.
public struct DeckFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The line (from 1) where the problem is, when there is one.
    public var line: Int?
    /// What is wrong, in a few words.
    public var message: String

    /// A problem on `line`.
    public init(line: Int?, _ message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { line.map { "line \($0): \(message)" } ?? message }
}

/// Reading and writing decks as text: the tokenizer (quotes, line breaks, encodings) and the
/// writer. What the fields mean (Anki's header lines, HTML, decks, guids, tags) is `AnkiText`.
///
/// What is read: an optional UTF-8 byte-order mark; lines ending in LF, CRLF or CR; fields quoted
/// with `"` (a quote inside doubled) that may hold separators and line breaks. A file that is not
/// UTF-8, holds a NUL, has a line over ``maximumLineBytes`` or a quote left open is refused as a
/// whole, naming the line; a row that makes no card is skipped and reported (see `AnkiText`).
public enum DeckFile {
    /// A card as text.
    public struct Card: Hashable, Sendable {
        /// The front.
        public var prompt: String
        /// The back.
        public var answer: String

        /// A card of `prompt` and `answer`.
        public init(prompt: String, answer: String) {
            self.prompt = prompt
            self.answer = answer
        }
    }

    /// The most characters a prompt or an answer may have (``ValueLimits/cardTextLength``, as for
    /// every other way a card comes in).
    public static let maximumLength = ValueLimits.cardTextLength
    /// The longest line read, in bytes.
    public static let maximumLineBytes = 65_536
    /// The most cards one file may hold (``ValueLimits/cardsPerDeck``).
    public static let maximumCards = ValueLimits.cardsPerDeck

    // MARK: Reading

    /// The notes of `data`, read as `format` unless a `#separator:` header says otherwise.
    public static func read(_ data: Data, format: DeckFileFormat) throws(DeckFileError) -> AnkiText.Contents {
        try AnkiText.read(try text(of: data), separator: format.separator)
    }

    /// `data` as text, checked line by line so that an error can say where it breaks.
    static func text(of data: Data) throws(DeckFileError) -> String {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        var text = ""
        text.reserveCapacity(bytes.count)
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard let decoded = String(validating: line, as: UTF8.self) else {
                throw DeckFileError(line: index + 1, "not UTF-8 text (save the file as UTF-8)")
            }
            // A NUL would cut the card short where it is stored: refused, not dropped.
            if line.contains(0) { throw DeckFileError(line: index + 1, "a NUL character (a binary file?)") }
            if line.count > maximumLineBytes {
                throw DeckFileError(line: index + 1, "longer than \(maximumLineBytes) bytes")
            }
            if index > 0 { text.append("\n") }
            text.append(decoded)
        }
        return text
    }

    /// One record of a file: its fields, the line it starts on, and whether its first field began
    /// with a quote (so a `#` in it is text, not a header).
    struct Record {
        var fields: [String]
        var line: Int
        var startsQuoted: Bool
    }

    /// A quote-aware reader of records, one line at a time.
    struct Tokenizer {
        let scalars: [Unicode.Scalar]
        var index = 0
        var line = 1

        init(_ text: String) { scalars = Array(text.unicodeScalars) }

        /// Whether only blank lines are left.
        var isAtEnd: Bool { index >= scalars.count }

        /// Skips empty and blank lines; `false` at the end of the text.
        mutating func skipBlankLines() -> Bool {
            while index < scalars.count {
                var end = index
                while end < scalars.count && (scalars[end] == " " || scalars[end] == "\t") { end += 1 }
                if end == scalars.count {
                    index = end
                    return false
                }
                guard scalars[end] == "\n" || scalars[end] == "\r" else { return true }
                index = end
                consumeLineBreak()
            }
            return false
        }

        /// The rest of the line as it is written (a header line), and moves past its line break.
        mutating func rawLine() -> String {
            var content = ""
            while index < scalars.count && scalars[index] != "\n" && scalars[index] != "\r" {
                content.unicodeScalars.append(scalars[index])
                index += 1
            }
            if index < scalars.count { consumeLineBreak() }
            return content
        }

        /// The rest of the line without moving.
        func peekLine() -> String {
            var content = ""
            var end = index
            while end < scalars.count && scalars[end] != "\n" && scalars[end] != "\r" {
                content.unicodeScalars.append(scalars[end])
                end += 1
            }
            return content
        }

        /// Moves past one line break (LF, CRLF or CR).
        private mutating func consumeLineBreak() {
            if scalars[index] == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" { index += 1 }
            index += 1
            line += 1
        }

        /// The fields of one record, which may span lines inside quotes; ends after its line break.
        mutating func record(separator: Character) throws(DeckFileError) -> Record {
            let startLine = line
            let startsQuoted = index < scalars.count && scalars[index] == "\""
            var fields: [String] = []
            var field = ""
            var quoted = false
            var atFieldStart = true
            let separator = separator.unicodeScalars.first ?? "\t"
            while index < scalars.count {
                let scalar = scalars[index]
                if quoted {
                    if scalar == "\"" {
                        if index + 1 < scalars.count && scalars[index + 1] == "\"" {
                            field.append("\"")
                            index += 2
                            continue
                        }
                        quoted = false
                        index += 1
                        let next = index < scalars.count ? scalars[index] : "\n"
                        if next != separator && next != "\n" && next != "\r" {
                            throw DeckFileError(
                                line: line, "text after a closing quote; a quote inside a quoted field is written \"\"")
                        }
                        continue
                    }
                    if scalar == "\n" || scalar == "\r" {
                        field.append("\n")
                        consumeLineBreak()
                        continue
                    }
                    field.unicodeScalars.append(scalar)
                    index += 1
                    continue
                }
                if scalar == "\"" && atFieldStart {
                    quoted = true
                    atFieldStart = false
                    index += 1
                    continue
                }
                if scalar == separator {
                    fields.append(field)
                    field = ""
                    atFieldStart = true
                    index += 1
                    continue
                }
                if scalar == "\n" || scalar == "\r" {
                    consumeLineBreak()
                    fields.append(field)
                    return Record(fields: fields, line: startLine, startsQuoted: startsQuoted)
                }
                field.unicodeScalars.append(scalar)
                atFieldStart = false
                index += 1
            }
            if quoted { throw DeckFileError(line: startLine, "a quoted field is not closed") }
            fields.append(field)
            return Record(fields: fields, line: startLine, startsQuoted: startsQuoted)
        }
    }

    // MARK: Writing

    /// `decks` as a file of `format` that TermFit and Anki read back: Anki's "Notes in Plain
    /// Text" with its header lines, one row a note (the cards of one note share its guid).
    ///
    /// Both formats start with `#separator:`, `#html:true`, `#guid column:1`,
    /// `#notetype column:2`, `#deck column:3` and `#tags column:N`; then each note's guid, note
    /// type, deck, fields and tags. A note from Anki gives its fields back exactly as Anki had
    /// them (``AnkiExport``); a card made or edited in TermFit is written as HTML that shows its
    /// text. Fields holding the separator, a quote or a line break, or starting with `#`, are
    /// quoted.
    public static func write(_ decks: [FlashcardDeck], format: DeckFileFormat) -> String {
        let separator = format.separator
        let notes = AnkiExport.notes(of: decks)
        let width = max(2, notes.map(\.fields.count).max() ?? 2)
        var text = "#separator:\(format == .tsv ? "tab" : "comma")\n#html:true\n#guid column:1\n"
        text += "#notetype column:2\n#deck column:3\n#tags column:\(width + 4)\n"
        for note in notes {
            let padding = Array(repeating: "", count: width - note.fields.count)
            let row =
                [note.guid, note.notetype, note.deck] + note.fields + padding + [note.tags.joined(separator: " ")]
            text += row.map { quoted($0, separator: separator) }.joined(separator: String(separator)) + "\n"
        }
        return text
    }

    /// `field` as written in a file: in quotes (quotes doubled) when it needs them.
    static func quoted(_ field: String, separator: Character) -> String {
        let needsQuotes =
            field.hasPrefix("#")
            || field.contains { $0 == separator || $0 == "\"" || $0.isNewline }
        guard needsQuotes else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
