import Records

extension AnkiText {
    /// A text file read as its bytes come: header lines, then records, each turned into notes
    /// (or rows skipped) as soon as it ends, handed out in batches. Memory holds the line being
    /// read, the record being read and one batch of notes, never the file (``maximumHeldBytes``).
    ///
    /// ``add(_:)`` gives it the next chunk of the file (any size: a line or a quoted field may
    /// go on in the next chunk), ``end()`` says there is no more, and ``nextBatch()`` gives the
    /// notes read so far once there are `batchSize` of them (a record's cards always together),
    /// and after ``end()`` the rest, once.
    public struct Stream {
        private var checker = DeckFile.LineChecker()
        private var scanner = DeckFile.Scanner()
        private var reader: Reader
        private let batchSize: Int
        /// Whether the fields are HTML when the file has no `#html:` header (``guessesHTML``).
        private let guessedHTML: Bool
        /// Only looks for the answer of ``guessesHTML``.
        private let findsHTML: Bool
        /// Reads on to the end after the answer (every line and record checked).
        private var checksAll = false
        private var readsHeaders = true
        private var firstHeader = true
        private var ended = false
        private var finished = false
        private var maximumPendingLine = 0
        /// What the first pass found: whether the fields are HTML, once known.
        private(set) var foundHTML: Bool?

        /// A file whose fields are separated by `separator` unless a header says otherwise, and
        /// are HTML when `isHTML` unless `#html:` says otherwise.
        public init(separator: Character, isHTML: Bool, batchSize: Int = 2_000) {
            self.init(separator: separator, isHTML: isHTML, batchSize: batchSize, findsHTML: false)
        }

        private init(separator: Character, isHTML: Bool, batchSize: Int, findsHTML: Bool) {
            reader = Reader(separator: separator)
            self.batchSize = max(1, batchSize)
            guessedHTML = isHTML
            self.findsHTML = findsHTML
        }

        /// The most bytes of the file held at once (the lines being read and a record's fields):
        /// bounded by the chunk size, ``DeckFile/maximumLineBytes`` and
        /// ``DeckFile/maximumRecordBytes``, whatever the size of the file.
        public var maximumHeldBytes: Int { maximumPendingLine + scanner.maximumHeldBytes }

        /// Reads the next bytes of the file.
        public mutating func add(_ chunk: some Collection<UInt8>) throws(DeckFileError) {
            scanner.add(try checker.lines(adding: chunk))
            maximumPendingLine = max(maximumPendingLine, checker.pending.count)
        }

        /// There are no more bytes.
        public mutating func end() throws(DeckFileError) {
            guard !ended else { return }
            scanner.finish(try checker.rest())
            ended = true
        }

        /// The next batch of notes, or `nil` until more bytes are added (or once the rest was
        /// given after ``end()``). A batch has the rows skipped since the one before; the first
        /// has the row of column names.
        public mutating func nextBatch() throws(DeckFileError) -> Contents? {
            guard !finished else { return nil }
            try readRecords()
            let isFull = reader.contents.notes.count >= batchSize
            // Not full after the end: every record has been read.
            guard isFull || ended else { return nil }
            finished = !isFull
            var batch = reader.contents
            batch.isHTML = reader.html ?? guessedHTML
            reader.notesTaken += batch.notes.count
            reader.contents.notes = []
            reader.contents.skipped = []
            reader.contents.columnNames = nil
            return batch
        }

        /// Reads records until a batch is full or more bytes are needed.
        private mutating func readRecords() throws(DeckFileError) {
            while reader.contents.notes.count < batchSize, foundHTML == nil || !findsHTML || checksAll,
                let item = try scanner.next()
            {
                switch item {
                case .line(let text, let number):
                    if try reader.readsHeader(text, number: number, first: firstHeader) {
                        firstHeader = false
                        scanner.skipLine()
                    } else {
                        readsHeaders = false
                        scanner.startRecords(separator: reader.separator)
                        if findsHTML, let html = reader.html { foundHTML = html }
                    }
                case .record(let record):
                    guard findsHTML else {
                        try reader.take(record, isHTML: reader.html ?? guessedHTML)
                        continue
                    }
                    // A first row of column names is a spreadsheet's (or TermFit's CSV): not HTML.
                    if reader.columns == nil {
                        reader.columns = Columns(reader: reader)
                        if reader.columns?.headerRow(record) != nil {
                            foundHTML = false
                            continue
                        }
                    }
                    if foundHTML == nil, record.fields.contains(where: HTMLText.looksLikeHTML) { foundHTML = true }
                }
            }
        }

        /// Whether the fields of a file are HTML: as its `#html:` header says, else when a field
        /// looks like what Anki's editor writes (and the first row does not name the columns).
        /// Reads the file through `next` only as far as it needs to.
        static func guessesHTML(
            separator: Character, checkingAll: Bool = false, next: () throws -> [UInt8]?
        ) throws -> Bool {
            var stream = Stream(separator: separator, isHTML: false, batchSize: Int.max, findsHTML: true)
            stream.checksAll = checkingAll
            while stream.foundHTML == nil || checkingAll {
                if let chunk = try next() {
                    try stream.add(chunk)
                } else {
                    try stream.end()
                }
                try stream.readRecords()
                if stream.ended { break }
            }
            return stream.foundHTML ?? false
        }
    }

    /// Reads a file a chunk at a time and hands `body` its notes about `batchSize` at a time, in
    /// order (the last batch, possibly of no notes, ends the file; each has the rows skipped since
    /// the one before).
    ///
    /// `open` starts reading the file from its beginning and returns a function that gives its
    /// next chunk (`nil` at the end). A file without an `#html:` header is read twice: first
    /// until a field shows whether it is HTML (as the whole file always decided it), then for
    /// its notes. Throws a ``DeckFileError`` for a file refused, else what `open`, its chunks or
    /// `body` throw.
    public static func stream(
        separator: Character, batchSize: Int = 2_000, isHTML known: Bool? = nil,
        opening open: () throws -> () throws -> [UInt8]?, _ body: (Contents) throws -> Void
    ) throws {
        let isHTML = try known ?? Stream.guessesHTML(separator: separator, next: try open())
        var stream = Stream(separator: separator, isHTML: isHTML, batchSize: batchSize)
        let next = try open()
        var atEnd = false
        while !atEnd {
            if let chunk = try next() {
                try stream.add(chunk)
            } else {
                try stream.end()
                atEnd = true
            }
            while let batch = try stream.nextBatch() { try body(batch) }
        }
    }

    /// Reads a whole file through `next` and refuses it as ``stream(separator:batchSize:isHTML:opening:_:)``
    /// would for its bytes, lines, header lines and quotes, before anything is planned; returns
    /// whether its fields are HTML (that function's `isHTML`).
    public static func check(separator: Character, next: () throws -> [UInt8]?) throws -> Bool {
        try Stream.guessesHTML(separator: separator, checkingAll: true, next: next)
    }

    /// `bytes` as the one chunk of a file (``stream(separator:batchSize:opening:_:)``).
    public static func chunks(of bytes: [UInt8]) -> () -> [UInt8]? {
        var given = false
        return {
            defer { given = true }
            return given ? nil : bytes
        }
    }
}

extension AnkiText.Contents {
    /// Adds a later batch of the same file.
    mutating func append(_ batch: AnkiText.Contents) {
        notes += batch.notes
        skipped += batch.skipped
        columnNames = columnNames ?? batch.columnNames
        isHTML = batch.isHTML
        ifMatches = batch.ifMatches
    }
}
