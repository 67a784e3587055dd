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

    /// The notes of `data`, read as `format` unless a `#separator:` header says otherwise (as
    /// ``AnkiText/stream(separator:batchSize:opening:_:)`` reads a file, in one chunk).
    public static func read(_ data: Data, format: DeckFileFormat) throws(DeckFileError) -> AnkiText.Contents {
        var whole = AnkiText.Contents()
        do {
            let bytes = [UInt8](data)
            try AnkiText.stream(
                separator: format.separator, batchSize: Int.max, opening: { AnkiText.chunks(of: bytes) }
            ) {
                whole.append($0)
            }
        } catch let error as DeckFileError {
            throw error
        } catch {
            // Reading bytes already in memory throws nothing else.
            throw DeckFileError(line: nil, "\(error)")
        }
        return whole
    }

    /// One record of a file: its fields, the line it starts on, and whether its first field began
    /// with a quote (so a `#` in it is text, not a header).
    struct Record {
        var fields: [String]
        var line: Int
        var startsQuoted: Bool
        /// Whether its fields were longer than ``maximumRecordBytes`` (and are not kept).
        var isOversized = false
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
