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
        var read: AnkiText.Contents
        do {
            if AnkiPackage.isPackage(file) {
                let bar = ProgressBar(label: "Reading \((file as NSString).lastPathComponent)")
                defer { bar.finish() }
                read = try AnkiPackage.read(URL(fileURLWithPath: file)) { done, total in bar.show(done, of: total) }
            } else {
                // The largest real collections as text: 250,000 notes of a few hundred bytes.
                let contents = try readImportFile(file, limit: 256 << 20)
                read = try DeckFile.read(contents, format: format ?? .guess(fromPath: file))
            }
        } catch {
            printError("\(file): \(error); nothing was imported")
            throw TermFitExitStatus.dataFile
        }
        if let deck, let problem = StoredText.problem(in: deck, "--deck") {
            printError("\(problem); nothing was imported")
            throw TermFitExitStatus.usage
        }
        read.keepOnlyStorableText()
        guard !read.notes.isEmpty else {
            for skip in read.skipped { printError("\(file): skipped \(skip)") }
            printError("\(file): no cards in the file; nothing was imported")
            throw TermFitExitStatus.dataFile
        }
        try withProfile(data) { profile in
            let plan: DeckImport
            do {
                plan = try DeckImport(
                    read, into: try profile.decks(), deckName: deck?.trimmingCharacters(in: .whitespaces), now: Date())
            } catch {
                printError("\(file): \(error); nothing was imported")
                throw TermFitExitStatus.dataFile
            }
            // One transaction: every deck and card, or nothing.
            try profile.save(decks: plan.decks, history: plan.history)
            if let names = plan.columnNames { printError("\(file): skipped \(names)") }
            for skip in plan.skipped { printError("\(file): skipped \(skip)") }
            printLine(plan.summary)
        }
    }
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
