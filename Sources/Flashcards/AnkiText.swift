import Records

/// What the rows of a deck file mean: Anki's "Notes in Plain Text" headers and columns, its HTML,
/// and the simple files people write by hand (prompt, answer), as notes to import.
///
/// Header lines are read at the top of the file, before the first card, as Anki reads them:
/// `#separator:` (Tab, Comma, Semicolon, Pipe, Space, Colon by name, or the character itself),
/// `#html:true|false`, `#tags:` (tags for every note; also `tags:` on the first line),
/// `#columns:` (column names), `#notetype:` and `#deck:` (a value for every note),
/// `#notetype column:N`, `#deck column:N`, `#tags column:N`, `#guid column:N`,
/// `#if matches:` (`update current`, `keep current`, `keep both`) and `#match scope:` (read, and
/// TermFit matches across the profile). Any other line starting with `#` is read as a row: it is
/// a card if it has a prompt and an answer, else it is reported as skipped. A first row whose
/// cells are column names (`prompt,answer`, `front,back`, `question,answer`, …) is skipped and
/// reported, and names the columns when no `#columns:` did.
public enum AnkiText {
    /// One note of the file.
    public struct Note: Hashable, Sendable {
        /// The front, as plain text.
        public var prompt: String
        /// The back, as plain text.
        public var answer: String
        /// Anki's identifier of the note, when the file has a guid column.
        public var guid: String?
        /// The note's tags with the file's `#tags:`.
        public var tags: [String]
        /// The deck the file puts the note in (a column, else `#deck:`), Anki's `::` kept.
        public var deck: String?
        /// The line the note starts on.
        public var line: Int
        /// The Anki note type, when the file names one or its fields are Anki's HTML.
        public var notetype: String
        /// The note's fields as HTML, kept for a lossless export (empty for plain-text rows).
        public var fields: [String]
        /// Which of the note's cards this is (a note of several cards is several `Note`s).
        public var ordinal: Int
        /// The card's answers in Anki, oldest first, when a package carries its scheduling (its
        /// review log): FSRS continues from them.
        public var history: [PastAnswer]
        /// The note type's fields and templates when they are not a stock type's
        /// (``AnkiNotetype/storedForm``): a package's custom note type, kept with the card.
        public var templates: String
        /// Where the note lives in the Anki collection a package came from (a text file has no ids).
        public var ankiOrigin: AnkiNoteOrigin?

        public init(
            prompt: String, answer: String, guid: String? = nil, tags: [String] = [], deck: String? = nil, line: Int,
            notetype: String = "", fields: [String] = [], ordinal: Int = 0, history: [PastAnswer] = [],
            templates: String = "", ankiOrigin: AnkiNoteOrigin? = nil
        ) {
            self.prompt = prompt
            self.answer = answer
            self.guid = guid
            self.tags = tags
            self.deck = deck
            self.line = line
            self.notetype = notetype
            self.fields = fields
            self.ordinal = ordinal
            self.history = history
            self.templates = templates
            self.ankiOrigin = ankiOrigin
        }
    }

    /// A row that made no card, and why.
    public struct Skip: Hashable, Sendable, CustomStringConvertible {
        /// The line the row starts on.
        public var line: Int
        /// Why it was skipped.
        public var reason: String

        public init(line: Int, _ reason: String) {
            self.line = line
            self.reason = reason
        }

        public var description: String { "line \(line): \(reason)" }
    }

    /// What `#if matches:` asks for a note whose guid is already in the profile.
    public enum MatchRule: String, Hashable, Sendable {
        /// The card takes the file's prompt, answer and tags (the default).
        case update
        /// The card stays as it is; the note is skipped.
        case keepCurrent
        /// The note is added as another card.
        case keepBoth
    }

    /// A file read.
    public struct Contents: Hashable, Sendable {
        /// The notes, in file order.
        public var notes: [Note] = []
        /// Rows that made no card.
        public var skipped: [Skip] = []
        /// What a note whose guid is known does.
        public var ifMatches = MatchRule.update
        /// Whether the fields were read as HTML.
        public var isHTML = false
        /// The first row, when it named the columns instead of being a card.
        public var columnNames: Skip?

        public init() {}
    }

    /// Names of columns, lower-cased, by what they hold.
    static let promptNames: Set<String> = ["front", "question", "prompt", "text", "term", "word", "q"]
    static let answerNames: Set<String> = ["back", "answer", "definition", "meaning", "back extra", "a"]
    static let labelNames: Set<String> = promptNames.union(answerNames).union(["guid", "deck", "tags", "notetype"])

    /// Reads one file, a record at a time (``Stream``).
    struct Reader {
        var separator: Character
        var html: Bool?
        var globalTags: [String] = []
        var labels: [String] = []
        var fixedDeck: String?
        var fixedNotetype: String?
        var guidColumn: Int?
        var deckColumn: Int?
        var tagsColumn: Int?
        var notetypeColumn: Int?
        /// What the file's records say since the last batch was taken.
        var contents = Contents()
        /// Notes taken in batches before.
        var notesTaken = 0
        /// The columns, once the first record has come.
        var columns: Columns?

        init(separator: Character) { self.separator = separator }

        /// Whether `line` (at `number`; `first`: before any other header line) is a header line,
        /// read if so.
        mutating func readsHeader(_ line: String, number: Int, first: Bool) throws(DeckFileError) -> Bool {
            if first, line.hasPrefix("tags:") {
                globalTags = Self.tags(String(line.dropFirst(5)))
                return true
            }
            guard line.hasPrefix("#"), let (name, value) = Self.header(line) else { return false }
            return try header(name, value, number)
        }

        /// One record: the first may name the columns; every other is a note, or a row skipped.
        mutating func take(_ record: DeckFile.Record, isHTML: Bool) throws(DeckFileError) {
            contents.isHTML = isHTML
            guard let columns else {
                var columns = Columns(reader: self)
                if let names = columns.headerRow(record) {
                    contents.columnNames = DeckFile.Skip(line: record.line, "column names (\(names)), not a card")
                    if labels.isEmpty { columns = Columns(reader: self, labels: record.fields) }
                    self.columns = columns
                    return
                }
                self.columns = columns
                return try take(record, isHTML: isHTML)
            }
            guard !record.isOversized else {
                contents.skipped.append(
                    DeckFile.Skip(line: record.line, "the note is larger than \(ValueLimits.noteFieldsLength) bytes"))
                return
            }
            try add(record, columns: columns, isHTML: isHTML)
        }

        /// `#name:value` split, the name lower-cased; `nil` without a colon.
        static func header(_ line: String) -> (String, String)? {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[line.index(after: line.startIndex)..<colon].trimmingBlanks().lowercased()
            return (name, String(line[line.index(after: colon)...]))
        }

        static func tags(_ text: String) -> [String] {
            text.split(whereSeparator: \.isWhitespace).map(String.init)
        }

        /// Reads an Anki header; `false` when `name` is not one (the line is then a row).
        mutating func header(_ name: String, _ value: String, _ line: Int) throws(DeckFileError) -> Bool {
            let trimmed = value.trimmingBlanks()
            func column() throws(DeckFileError) -> Int {
                guard let number = Int(trimmed), number >= 1 else {
                    throw DeckFileError(line: line, "#\(name) needs a column number from 1, not \"\(trimmed)\"")
                }
                return number - 1
            }
            switch name {
            case "separator":
                let named: [String: Character] = [
                    "tab": "\t", "comma": ",", "semicolon": ";", "pipe": "|", "space": " ", "colon": ":",
                ]
                if let character = named[trimmed.lowercased()] {
                    separator = character
                } else if value.count == 1, let character = value.first {
                    separator = character
                } else {
                    throw DeckFileError(
                        line: line,
                        "unknown separator \"\(value)\"; use Tab, Comma, Semicolon, Pipe, Space, Colon or one character"
                    )
                }
            case "html":
                switch trimmed.lowercased() {
                case "true": html = true
                case "false": html = false
                default: throw DeckFileError(line: line, "#html takes true or false, not \"\(trimmed)\"")
                }
            case "tags": globalTags = Self.tags(value)
            case "columns":
                labels = try DeckFile.fields(of: value, separator: separator)
            case "notetype": fixedNotetype = trimmed
            case "deck": fixedDeck = trimmed.isEmpty ? nil : trimmed
            case "notetype column": notetypeColumn = try column()
            case "deck column": deckColumn = try column()
            case "tags column": tagsColumn = try column()
            case "guid column": guidColumn = try column()
            case "if matches":
                switch trimmed.lowercased() {
                case "update current", "update": contents.ifMatches = .update
                case "keep current", "preserve", "keep": contents.ifMatches = .keepCurrent
                case "keep both", "duplicate": contents.ifMatches = .keepBoth
                default:
                    throw DeckFileError(
                        line: line, "#if matches takes update current, keep current or keep both, not \"\(trimmed)\"")
                }
            case "match scope":
                break
            default:
                return false
            }
            return true
        }

        /// Turns one row into a note, or records why it makes none.
        mutating func add(_ record: DeckFile.Record, columns: Columns, isHTML: Bool) throws(DeckFileError) {
            let fields = record.fields
            let line = record.line
            func cell(_ index: Int?) -> String? {
                guard let index, fields.indices.contains(index) else { return nil }
                return fields[index]
            }
            let comment = !record.startsQuoted && fields.first?.hasPrefix("#") == true
            guard let rawPrompt = cell(columns.prompt), let rawAnswer = cell(columns.answer) else {
                let separatorName = separator == "\t" ? "a tab" : "\"\(separator)\""
                contents.skipped.append(
                    DeckFile.Skip(
                        line: line,
                        comment
                            ? "starts with # but is not an Anki header (a comment?) and has no answer"
                            : "needs a prompt and an answer separated by \(separatorName)"))
                return
            }
            let named = cell(columns.notetype) ?? fixedNotetype
            let notetype: AnkiNotetype?
            var values: [String]
            if let named, !named.trimmingBlanks().isEmpty {
                // Every column that is not the guid, deck, tags or note type is a field, in order.
                let meta = Set([columns.guid, columns.deck, columns.tags, columns.notetype].compactMap { $0 })
                values = fields.indices.filter { !meta.contains($0) }.map { fields[$0] }
                let type = AnkiNotetype.forText(named: named, fieldCount: values.count)
                // `#columns:` naming the note type's fields puts each where it belongs.
                let positions = type.fields.map { name in columns.labels.firstIndex(of: name.lowercased()) }
                if !columns.labels.isEmpty, positions.allSatisfy({ $0 != nil }) {
                    values = positions.map { cell($0) ?? "" }
                }
                if type.fields.count < values.count && AnkiNotetype.stock(named: named) != nil {
                    values.removeLast(values.count - type.fields.count)
                }
                notetype = type
            } else if Cloze.contains(rawPrompt) {
                values = [rawPrompt, rawAnswer]
                notetype = .cloze
            } else if isHTML {
                values = [rawPrompt, rawAnswer]
                notetype = .basic
            } else {
                values = [rawPrompt, rawAnswer]
                notetype = nil
            }
            if !isHTML { values = values.map(HTMLText.escaped) }
            guard values.count <= ValueLimits.noteFields,
                values.reduce(0, { $0 + $1.utf8.count }) <= ValueLimits.noteFieldsLength
            else {
                contents.skipped.append(
                    DeckFile.Skip(line: line, "the note is larger than \(ValueLimits.noteFieldsLength) bytes"))
                return
            }
            var tags = globalTags
            for tag in Self.tags(cell(columns.tags) ?? "") where !tags.contains(tag) {
                tags.append(String(tag.prefix(ValueLimits.nameLength)))
            }
            let guid = cell(columns.guid)?.trimmingBlanks(andNewlines: true)
            let deck = (cell(columns.deck)?.trimmingBlanks(andNewlines: true)).flatMap { $0.isEmpty ? nil : $0 }
            var cards: [(ordinal: Int, prompt: String, answer: String)]
            if let notetype {
                cards = notetype.cardOrdinals(for: values).map { ordinal in
                    let card = notetype.card(ordinal: ordinal, values: values, tags: tags, deck: deck ?? fixedDeck)
                    return (ordinal, card.prompt, card.answer)
                }
                if cards.isEmpty {
                    contents.skipped.append(
                        DeckFile.Skip(
                            line: line,
                            notetype.isCloze ? "a cloze note without a deletion {{c1::…}}" : "the prompt is empty"))
                    return
                }
            } else {
                cards = [(0, clean(rawPrompt, isHTML: false), clean(rawAnswer, isHTML: false))]
            }
            for card in cards {
                var problem: String?
                for (side, text) in [("prompt", card.prompt), ("answer", card.answer)] where problem == nil {
                    if text.isEmpty && side == "prompt" || text.isEmpty && notetype == nil {
                        problem = "the \(side) is empty"
                    } else if text.count > DeckFile.maximumLength {
                        problem = "the \(side) is longer than \(DeckFile.maximumLength) characters"
                    }
                }
                if let problem {
                    contents.skipped.append(
                        DeckFile.Skip(line: line, cards.count > 1 ? "card \(card.ordinal + 1): \(problem)" : problem))
                    continue
                }
                guard notesTaken + contents.notes.count < DeckFile.maximumCards else {
                    throw DeckFileError(line: line, "more than \(DeckFile.maximumCards) cards in one file")
                }
                contents.notes.append(
                    AnkiText.Note(
                        prompt: card.prompt, answer: card.answer,
                        guid: guid.flatMap { $0.isEmpty || $0.count > ValueLimits.nameLength ? nil : $0 }, tags: tags,
                        deck: deck ?? fixedDeck, line: line, notetype: notetype?.name ?? "",
                        fields: notetype == nil ? [] : values, ordinal: card.ordinal))
            }
        }

        func clean(_ field: String, isHTML: Bool) -> String {
            isHTML ? HTMLText.plain(field) : field.trimmingBlanks(andNewlines: true)
        }
    }

    /// Which column holds what.
    struct Columns {
        var prompt: Int?
        var answer: Int?
        var guid: Int?
        var deck: Int?
        var tags: Int?
        var notetype: Int?
        /// The column names (lower-cased), when the file gave them.
        var labels: [String] = []

        init(reader: Reader, labels: [String]? = nil) {
            guid = reader.guidColumn
            deck = reader.deckColumn
            tags = reader.tagsColumn
            notetype = reader.notetypeColumn
            let names = (labels ?? reader.labels).map { $0.trimmingBlanks().lowercased() }
            self.labels = names
            func named(_ set: Set<String>) -> Int? { names.firstIndex { set.contains($0) } }
            guid = guid ?? named(["guid"])
            deck = deck ?? named(["deck"])
            tags = tags ?? named(["tags"])
            notetype = notetype ?? named(["notetype", "note type"])
            let meta = Set([guid, deck, tags, notetype].compactMap { $0 })
            prompt = named(AnkiText.promptNames).flatMap { meta.contains($0) ? nil : $0 }
            answer = named(AnkiText.answerNames).flatMap { meta.contains($0) ? nil : $0 }
            // The first columns that hold no note data are the prompt and the answer.
            let taken = meta.union([prompt, answer].compactMap { $0 })
            var free = (0..<64).filter { !taken.contains($0) }.makeIterator()
            if prompt == nil { prompt = free.next() }
            if answer == nil { answer = free.next() }
        }

        /// The names of `record` when it is a row of column names, else `nil`.
        func headerRow(_ record: DeckFile.Record) -> String? {
            let cells = record.fields.map { $0.trimmingBlanks().lowercased() }
            guard cells.contains(where: AnkiText.promptNames.contains),
                cells.contains(where: AnkiText.answerNames.contains),
                cells.allSatisfy({ $0.isEmpty || AnkiText.labelNames.contains($0) || $0 == "note type" })
            else { return nil }
            return record.fields.joined(separator: ", ")
        }
    }
}

extension DeckFile {
    /// A row that made no card (``AnkiText/Skip``).
    public typealias Skip = AnkiText.Skip
}

/// Anki's cloze deletions, `{{c1::answer::hint}}` (the cards they make: ``AnkiNotetype/cloze``).
enum Cloze {
    static func contains(_ text: String) -> Bool { !AnkiCloze.numbers(in: text).isEmpty }
}
