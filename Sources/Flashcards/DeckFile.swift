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

/// Reading and writing decks as text. Parsing is all or nothing: a file with any bad line gives
/// an error naming that line and no cards.
///
/// What is read: an optional UTF-8 byte-order mark; lines ending in LF, CRLF or CR; fields quoted
/// with `"` (a quote inside doubled) that may hold separators and line breaks; empty lines and
/// `#` comment lines skipped; Anki's header lines `#separator:` (tab, comma, semicolon, pipe,
/// space or the character itself), `#columns:` (the columns named Front/Question/Prompt and
/// Back/Answer are used) and `#guid column:`, `#notetype column:`, `#deck column:`,
/// `#tags column:` (those columns are skipped). The first two other columns are the prompt and the
/// answer; further ones (tags) are ignored.
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

    /// The cards in `data`, read as `format` unless a `#separator:` header says otherwise.
    public static func parse(_ data: Data, format: DeckFileFormat) throws(DeckFileError) -> [Card] {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // Check the encoding line by line first, so the error can say where it breaks.
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
        var parser = Parser(separator: format.separator)
        return try parser.parse(text)
    }

    /// A quote-aware reader of one file.
    private struct Parser {
        var separator: Character
        var skipped: Set<Int> = []
        var promptColumn: Int?
        var answerColumn: Int?
        var cards: [Card] = []

        init(separator: Character) { self.separator = separator }

        mutating func parse(_ text: String) throws(DeckFileError) -> [Card] {
            let scalars = Array(text.unicodeScalars)
            var index = 0
            var line = 1
            while index < scalars.count {
                let recordLine = line
                // Skip empty (or blank) lines; read comment and header lines.
                var end = index
                while end < scalars.count && (scalars[end] == " " || scalars[end] == "\t") { end += 1 }
                if end == scalars.count {
                    break
                }
                if scalars[end] == "\n" || scalars[end] == "\r" {
                    index = end
                    consumeLineBreak(scalars, &index, &line)
                    continue
                }
                if scalars[index] == "#" {
                    var content = ""
                    index += 1
                    while index < scalars.count && scalars[index] != "\n" && scalars[index] != "\r" {
                        content.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    if cards.isEmpty { try header(content, line: recordLine) }
                    continue
                }
                let fields = try record(scalars, &index, &line)
                try add(fields, line: recordLine)
            }
            return cards
        }

        /// Moves past one line break (LF, CRLF or CR).
        private func consumeLineBreak(_ scalars: [Unicode.Scalar], _ index: inout Int, _ line: inout Int) {
            if scalars[index] == "\r" && index + 1 < scalars.count && scalars[index + 1] == "\n" { index += 1 }
            index += 1
            line += 1
        }

        /// The fields of one record, which may span lines inside quotes; ends after its line break.
        private func record(
            _ scalars: [Unicode.Scalar], _ index: inout Int, _ line: inout Int
        ) throws(DeckFileError) -> [String] {
            let startLine = line
            var fields: [String] = []
            var field = ""
            var quoted = false
            var atFieldStart = true
            let separator = self.separator.unicodeScalars.first ?? "\t"
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
                        consumeLineBreak(scalars, &index, &line)
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
                    consumeLineBreak(scalars, &index, &line)
                    fields.append(field)
                    return fields
                }
                field.unicodeScalars.append(scalar)
                atFieldStart = false
                index += 1
            }
            if quoted { throw DeckFileError(line: startLine, "a quoted field is not closed") }
            fields.append(field)
            return fields
        }

        /// Reads an Anki header line (`separator:tab`); other comments are ignored.
        private mutating func header(_ content: String, line: Int) throws(DeckFileError) {
            guard let colon = content.firstIndex(of: ":") else { return }
            let name = content[..<colon].trimmingBlanks().lowercased()
            let value = String(content[content.index(after: colon)...])
            switch name {
            case "separator":
                let named: [String: Character] = [
                    "tab": "\t", "comma": ",", "semicolon": ";", "pipe": "|", "space": " ", "colon": ":",
                ]
                if let character = named[value.trimmingBlanks().lowercased()] {
                    separator = character
                } else if value.count == 1, let character = value.first {
                    separator = character
                } else {
                    throw DeckFileError(line: line, "unknown separator \"\(value)\"; use tab, comma or semicolon")
                }
            case "columns":
                let names = value.split(separator: separator, omittingEmptySubsequences: false).map {
                    $0.trimmingBlanks().lowercased()
                }
                promptColumn = names.firstIndex { ["front", "question", "prompt"].contains($0) }
                answerColumn = names.firstIndex { ["back", "answer"].contains($0) }
            case "guid column", "notetype column", "deck column", "tags column":
                guard let number = Int(value.trimmingBlanks()), number >= 1 else {
                    throw DeckFileError(line: line, "\(name) needs a column number from 1")
                }
                skipped.insert(number - 1)
            default:
                break
            }
        }

        /// Turns one record into a card, or says what is wrong with it.
        private mutating func add(_ fields: [String], line: Int) throws(DeckFileError) {
            let usable = fields.indices.filter { !skipped.contains($0) }
            let promptIndex = promptColumn ?? usable.first
            let answerIndex = answerColumn ?? usable.first { $0 != promptIndex }
            let separatorName = separator == "\t" ? "a tab" : "\"\(separator)\""
            guard let promptIndex, let answerIndex, promptIndex < fields.count, answerIndex < fields.count else {
                throw DeckFileError(line: line, "needs a prompt and an answer separated by \(separatorName)")
            }
            let prompt = fields[promptIndex].trimmingBlanks(andNewlines: true)
            let answer = fields[answerIndex].trimmingBlanks(andNewlines: true)
            for (side, text) in [("prompt", prompt), ("answer", answer)] {
                if text.isEmpty { throw DeckFileError(line: line, "the \(side) is empty") }
                if text.count > DeckFile.maximumLength {
                    throw DeckFileError(line: line, "the \(side) is longer than \(DeckFile.maximumLength) characters")
                }
            }
            guard cards.count < DeckFile.maximumCards else {
                throw DeckFileError(line: line, "more than \(DeckFile.maximumCards) cards in one file")
            }
            cards.append(Card(prompt: prompt, answer: answer))
        }
    }

    // MARK: Writing

    /// `cards` as a file of `format`. Tab-separated files start with Anki's header lines
    /// (`#separator:tab`, `#html:false`, `#columns:Front<TAB>Back`); CSV has no header. Fields
    /// holding the separator, a quote or a line break, or starting with `#`, are quoted.
    public static func write(_ cards: [Card], format: DeckFileFormat) -> String {
        let separator = format.separator
        var text = format == .tsv ? "#separator:tab\n#html:false\n#columns:Front\tBack\n" : ""
        for card in cards {
            text +=
                quoted(card.prompt, separator: separator) + String(separator)
                + quoted(card.answer, separator: separator) + "\n"
        }
        return text
    }

    /// `field` as written in a file: in quotes (quotes doubled) when it needs them.
    private static func quoted(_ field: String, separator: Character) -> String {
        let needsQuotes =
            field.hasPrefix("#")
            || field.contains { $0 == separator || $0 == "\"" || $0.isNewline }
        guard needsQuotes else { return field }
        return "\"" + field.replacing("\"", with: "\"\"") + "\""
    }
}
