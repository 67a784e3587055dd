import AnkiPackage
import App
import ArgumentParser
import Flashcards
import Foundation
import Records
import Store

/// `termfit flashcards`: the flashcard workout straight away (leaving it ends the program), and
/// `import` / `export` of a deck as text.
struct FlashcardsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flashcards",
        abstract: "Flashcards: swipe through a deck against the clock, with spaced review.",
        discussion: FlashcardsWorkout.commandLineHelp,
        subcommands: [FlashcardsImportCommand.self, FlashcardsExportCommand.self, FlashcardsDecksCommand.self])

    @Option(help: "Seconds of each session, 1 to 5999 (default: the flashcards.sessionSeconds setting, else 100).")
    var seconds: Int?

    @Flag(help: "Plain lines a screen reader follows: no boxes, no colour (also the flashcards.plain setting).")
    var plain = false

    @OptionGroup var interface: InterfaceOptions
    @OptionGroup var data: DataOptions

    func validate() throws {
        if let seconds, !FlashcardsOptions.secondsRange.contains(seconds) {
            throw ValidationError("--seconds takes 1 to 5999, not \(seconds).")
        }
    }

    func run() throws {
        let options = FlashcardsOptions(seconds: seconds, plain: plain)
        try Interactive.run(
            interface: interface, data: data, workout: "flashcards", options: WorkoutOptions(flashcards: options))
    }
}

/// The format option of import and export.
private func parseFormat(_ text: String) throws -> DeckFileFormat {
    guard let format = DeckFileFormat(rawValue: text.lowercased()) else {
        throw ValidationError("'\(text)' is not a format; use tsv or csv.")
    }
    return format
}

/// Runs `body` on the profile's data (made if needed) in the SQLite file or, with `--database`,
/// on the PostgreSQL server, turning a database problem into its message and status.
private func withProfile(_ data: DataOptions, _ body: (any MemberData) throws -> Void) throws {
    try withMemberData(data, body)
}

/// `termfit flashcards import FILE [--deck NAME]`.
struct FlashcardsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add or update cards from an Anki package (.apkg, .colpkg) or a tab-separated or CSV file.",
        discussion: """
            An Anki package (current or legacy format) brings every card Anki has, in its deck \
            (Parent::Child), with its note's fields kept as Anki wrote them, so that an export \
            gives them back unchanged, and each new card's review history where the package has \
            scheduling (FSRS continues from it); a progress bar shows on a terminal. \
            In a text file, one card a row: prompt, then answer (a tab or a comma between them). Quoted fields may \
            hold separators and line breaks. Anki's export is read in full: its # header lines, HTML \
            turned into plain text, a deck column (each deck is made or added to), tags, and the \
            guid column, so that importing a newer export updates the cards instead of adding them \
            twice. A first row of column names (front,back) is skipped. Rows that make no card are \
            listed with their line and reason; a file that cannot be read imports nothing.
            Exit status: 0 success, 1 error, 2 usage error, 3 a bad file or database problem.
            """)

    @Argument(help: ArgumentHelp("The file to read, or - for standard input.", valueName: "file"))
    var file: String

    @Option(help: ArgumentHelp("The deck for every card (default: the deck the file names).", valueName: "name"))
    var deck: String?

    @Option(help: "tsv or csv (default: csv for a .csv file, else tsv).", transform: parseFormat)
    var format: DeckFileFormat?

    @OptionGroup var data: DataOptions

    func validate() throws {
        if let deck, deck.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("--deck needs a name.") }
    }

    func run() throws {
        // A text file is streamed into the SQLite file like a package (opened here, so that a
        // file that cannot be read is said before the database is opened); the server's import
        // is planned whole, so it reads the file whole.
        var text: AnkiText.Contents?
        var source: TextImportFile?
        if !AnkiPackage.isPackage(file) {
            // The largest real collections as text: 250,000 notes of a few hundred bytes.
            if try data.server() == nil {
                let opened = try TextImportFile(file, limit: 256 << 20)
                // Its bytes, lines and quotes are checked before the database is opened: a file
                // refused for them leaves the database as it was.
                do {
                    opened.isHTML = try AnkiText.check(
                        separator: (format ?? .guess(fromPath: file)).separator, next: try opened.chunks { _, _ in })
                } catch {
                    printError("\(file): \(error); nothing was imported")
                    throw TermFitExitStatus.dataFile
                }
                source = opened
            } else {
                do {
                    let contents = try readImportFile(file, limit: 256 << 20)
                    text = try DeckFile.read(contents, format: format ?? .guess(fromPath: file))
                } catch {
                    printError("\(file): \(error); nothing was imported")
                    throw TermFitExitStatus.dataFile
                }
            }
        }
        if let deck, let problem = StoredText.problem(in: deck, "--deck") {
            printError("\(problem); nothing was imported")
            throw TermFitExitStatus.usage
        }
        if try data.server() != nil { return try importIntoServer(text) }
        let location = try data.location()
        let made = FreshDatabase(location)
        var imported: DeckImportStream?
        var refusal: String?
        try reportingErrors {
            let store = try TermFitStore.open(at: location)
            defer { try? store.close() }
            let profile = try store.profileStore(named: data.profileName())
            do {
                imported = try profile.importingFlashcards { writer in try importNotes(source, into: writer) }
            } catch let error as DeckFileError {
                refusal = "\(file): \(error); nothing was imported"
            } catch let skipped as NothingToImport {
                for skip in skipped.rows { printError("\(file): skipped \(skip)") }
                refusal = "\(file): no cards in the file; nothing was imported"
            }
        }
        guard let imported else {
            // The transaction rolled back: a database made for this import goes again.
            made.remove()
            printError(refusal ?? "\(file): nothing was imported")
            throw TermFitExitStatus.dataFile
        }
        if let names = imported.columnNames { printError("\(file): skipped \(names)") }
        for skip in imported.skippedInOrder { printError("\(file): skipped \(skip)") }
        printLine(imported.summary)
    }

    /// With `--database`: the file is planned whole against the member's decks on the server and
    /// saved there in one transaction (the streamed import is the SQLite file's, D-243); a card
    /// found again gets only the answers it lacks (D-238).
    private func importIntoServer(_ text: AnkiText.Contents?) throws {
        var read: AnkiText.Contents
        if let text {
            read = text
        } else {
            do {
                let bar = ProgressBar(label: "Reading \((file as NSString).lastPathComponent)")
                defer { bar.finish() }
                read = try AnkiPackage.read(URL(fileURLWithPath: file)) { done, total in bar.show(done, of: total) }
            } catch {
                printError("\(file): \(error); nothing was imported")
                throw TermFitExitStatus.dataFile
            }
        }
        read.keepOnlyStorableText()
        guard !read.notes.isEmpty else {
            for skip in read.skipped { printError("\(file): skipped \(skip)") }
            printError("\(file): no cards in the file; nothing was imported")
            throw TermFitExitStatus.dataFile
        }
        try withProfile(data) { profile in
            var plan: DeckImport
            do {
                plan = try DeckImport(
                    read, into: try profile.decks(), deckName: deck?.trimmingCharacters(in: .whitespaces), now: Date())
            } catch {
                printError("\(file): \(error); nothing was imported")
                throw TermFitExitStatus.dataFile
            }
            if !plan.cardsAnsweredBefore.isEmpty {
                plan = plan.leavingOut(try profile.flashcardReviews(ofCards: Array(plan.cardsAnsweredBefore)))
            }
            try profile.save(decks: plan.decks, history: plan.history)
            if let names = plan.columnNames { printError("\(file): skipped \(names)") }
            for skip in plan.skipped { printError("\(file): skipped \(skip)") }
            printLine(plan.summary)
        }
    }

    /// Plans and saves the notes of the text file `source` (or of the package `file`) a batch at
    /// a time as they are read, through `writer`, inside its transaction.
    private func importNotes(_ source: TextImportFile?, into writer: FlashcardImportWriter) throws
        -> DeckImportStream
    {
        let identifiers = ImportIdentifiers()
        var stream = DeckImportStream(
            into: try writer.deckList(), deckName: deck?.trimmingCharacters(in: .whitespaces), now: Date(),
            makeIdentifier: identifiers.next)
        let lookup = DeckImportStream.Lookup(
            cardsWithGUIDs: writer.cards(withGUIDs:), cardsWithPrompts: writer.cards(inDeck:withPrompts:),
            reviewsOfCards: writer.reviews(ofCards:))
        var skipped: [AnkiText.Skip] = []
        func take(_ read: AnkiText.Contents) throws {
            var batch = read
            batch.keepOnlyStorableText()
            skipped += batch.skipped
            let planned = try stream.plan(batch, lookup: lookup)
            try writer.save(decks: planned.decks, history: planned.history)
        }
        if let source {
            let bar = ProgressBar(label: "Importing \((file as NSString).lastPathComponent)", counting: nil)
            defer { bar.finish() }
            try AnkiText.stream(
                separator: (format ?? .guess(fromPath: file)).separator, batchSize: 2_000, isHTML: source.isHTML,
                opening: { try source.chunks { bar.show($0, of: $1) } }, take)
        } else {
            let bar = ProgressBar(label: "Importing \((file as NSString).lastPathComponent)")
            defer { bar.finish() }
            try AnkiPackage.read(URL(fileURLWithPath: file), progress: { bar.show($0, of: $1) }) { try take($0) }
        }
        guard stream.notesRead > 0 else { throw NothingToImport(rows: skipped.sorted { $0.line < $1.line }) }
        return stream
    }
}

/// A file with no note to import: its skipped rows, to be listed.
private struct NothingToImport: Error {
    var rows: [AnkiText.Skip]
}

/// `termfit flashcards export (--deck NAME | --all) [--format tsv|csv|apkg] [--output FILE]`.
struct FlashcardsExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write decks as Anki's plain-text notes (tab-separated or CSV) or as an Anki package (apkg).",
        discussion: """
            Text starts with Anki's header lines (#separator, #html:true, #guid column, \
            #notetype column, #deck column, #tags column) and has one row a note: a note that came \
            from Anki gets its fields back exactly as Anki had them, so importing the file into \
            that collection (or here) updates the notes instead of adding them, and changes none \
            that was not edited. --format apkg writes a package Anki opens, with decks, tags and \
            each card's review history; it needs --output.
            Example: termfit flashcards export --all > decks.txt
            Exit status: 0 success, 1 error (no such deck), 2 usage error, 3 database problem.
            """)

    @Option(help: ArgumentHelp("The deck to write (with the decks under it).", valueName: "name"))
    var deck: String?

    @Flag(help: "Write every deck into one file.")
    var all = false

    @Option(help: "tsv, csv or apkg.", transform: parseExportFormat)
    var format: ExportFormat = .text(.tsv)

    @Option(help: ArgumentHelp("The file to write (default: standard output; apkg needs one).", valueName: "file"))
    var output: String?

    @OptionGroup var data: DataOptions

    func validate() throws {
        if (deck == nil) == !all { throw ValidationError("Give --deck NAME or --all.") }
        if case .apkg = format, output == nil { throw ValidationError("--format apkg needs --output FILE.") }
    }

    func run() throws {
        try withProfile(data) { profile in
            let decks = try profile.decks()
            var chosen = decks
            if let deck {
                guard decks.contains(where: { $0.name == deck }) else {
                    let names = decks.map { "“\($0.name)”" }.joined(separator: ", ")
                    printError("no deck is called “\(deck)”" + (names.isEmpty ? "" : "; the decks are \(names)"))
                    throw TermFitExitStatus.failure
                }
                chosen = decks.filter { $0.name == deck || $0.name.hasPrefix(deck + "::") }
            }
            switch format {
            case .apkg:
                let reviews = try profile.flashcardReviews(ofCards: chosen.flatMap(\.cards).map(\.id))
                try AnkiPackage.write(chosen, reviews: reviews, to: URL(fileURLWithPath: output ?? "deck.apkg"))
            case .text(let format):
                let text = DeckFile.write(chosen, format: format)
                let bytes = Data(TerminalText.sanitized(text, keepingLineBreaks: true).utf8)
                if let output {
                    try bytes.write(to: URL(fileURLWithPath: output))
                } else {
                    FileHandle.standardOutput.write(bytes)
                }
            }
        }
    }
}

/// What `export` writes.
enum ExportFormat {
    case text(DeckFileFormat)
    case apkg
}

private func parseExportFormat(_ text: String) throws -> ExportFormat {
    if text.lowercased() == "apkg" { return .apkg }
    guard let format = DeckFileFormat(rawValue: text.lowercased()) else {
        throw ValidationError("'\(text)' is not a format; use tsv, csv or apkg.")
    }
    return .text(format)
}

extension AnkiText.Contents {
    /// Moves every note with a character TermFit does not keep (``StoredText``: ESC, a
    /// bidirectional override…) in its prompt, answer, deck or tags to the skipped rows, with its
    /// line and the character: an export is then read back exactly, and nothing is changed on
    /// the way in.
    mutating func keepOnlyStorableText() {
        var kept: [AnkiText.Note] = []
        for note in notes {
            let fields =
                [("the prompt", note.prompt), ("the answer", note.answer), ("the deck", note.deck ?? "")]
                + note.tags.map { ("a tag", $0) } + [("the guid", note.guid ?? "")]
            if let problem = fields.lazy.compactMap({ StoredText.problem(in: $1, $0) }).first {
                skipped.append(AnkiText.Skip(line: note.line, problem))
            } else {
                kept.append(note)
            }
        }
        notes = kept
        skipped.sort { $0.line < $1.line }
    }
}

/// The flashcard workout on the home menu (and for `termfit flashcards`), on the profile's data in
/// `database` (the SQLite file, or the PostgreSQL server of `--database`).
func flashcardsEntry(database: StoreOpening, options: FlashcardsOptions = FlashcardsOptions()) -> WorkoutEntry {
    .flashcards(options: options) { profile in try database.memberData(named: profile) }
}
