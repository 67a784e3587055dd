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
        discussion: """
            Space (or Enter) shows the answer; once it shows, grade it: 1 Again, 2 Hard, 3 Good, \
            4 Easy; ← (or h) is Again and → (or l) is Good, or drag the card with the mouse to swipe \
            it. u takes back the last answer (its saved review is removed). ↑ ↓, PgUp PgDn and the \
            mouse wheel scroll a card longer than the window. e edits the deck's cards, d lists the \
            decks (type to filter, Enter opens one; Ctrl-N new, Ctrl-R rename, Ctrl-X delete), c crams the whole deck, ? lists every key, q leaves. Each answer is saved \
            at once. A new profile starts with a deck about muscles and training; \
            'termfit flashcards import FILE --deck NAME' adds your own.
            """,
        subcommands: [FlashcardsImportCommand.self, FlashcardsExportCommand.self])

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

/// Runs `body` on the profile's store, turning a database problem into its message and status.
private func withProfile(_ data: DataOptions, _ body: (ProfileStore) throws -> Void) throws {
    try reportingErrors {
        let store = try TermFitStore.open(at: try data.location())
        defer { try? store.close() }
        try body(try store.profileStore(named: data.profileName()))
    }
}

/// `termfit flashcards import FILE [--deck NAME]`.
struct FlashcardsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add or update cards from a tab-separated or CSV file, such as Anki's \"Notes in Plain Text\".",
        discussion: """
            One card a row: prompt, then answer (a tab or a comma between them). Quoted fields may \
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
        // 10,000 cards of two 1,000-character sides, with room for quoting and comments.
        let contents = try readImportFile(file, limit: 32 << 20)
        var read: AnkiText.Contents
        do {
            read = try DeckFile.read(contents, format: format ?? .guess(fromPath: file))
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
            try profile.save(decks: plan.decks)
            if let names = plan.columnNames { printError("\(file): skipped \(names)") }
            for skip in plan.skipped { printError("\(file): skipped \(skip)") }
            printLine(plan.summary)
        }
    }
}

/// `termfit flashcards export --deck NAME [--format tsv|csv]`.
struct FlashcardsExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a deck's cards to standard output as Anki's plain-text notes (tab-separated) or CSV.",
        discussion: """
            The fields are plain text (#html:false); each card's guid, deck and tags are written too, \
            so importing the file again, here or into Anki, updates the cards instead of adding them.
            Example: termfit flashcards export --deck "Muscles and training" > muscles.txt
            Exit status: 0 success, 1 error (no such deck), 2 usage error, 3 database problem.
            """)

    @Option(help: ArgumentHelp("The deck to write.", valueName: "name"))
    var deck: String

    @Option(help: "tsv or csv.", transform: parseFormat)
    var format: DeckFileFormat = .tsv

    @OptionGroup var data: DataOptions

    func run() throws {
        try withProfile(data) { profile in
            let decks = try profile.decks()
            guard let found = decks.first(where: { $0.name == deck }) else {
                let names = decks.map { "“\($0.name)”" }.joined(separator: ", ")
                printError("no deck is called “\(deck)”" + (names.isEmpty ? "" : "; the decks are \(names)"))
                throw TermFitExitStatus.failure
            }
            // The deck's own format. What TermFit keeps has no control or bidirectional character
            // (StoredText), so this changes nothing and the file reads back exactly; only a card
            // kept before that rule could hold one, and it is made visible rather than sent raw.
            let text = DeckFile.write([found], format: format)
            // The deck format's reader trims each field, as Anki does: say so rather than change
            // such a card silently on the way back in.
            let trimmed = found.cards.filter { card in
                [card.prompt, card.answer].contains { $0.trimmingBlanks(andNewlines: true) != $0 }
            }
            if !trimmed.isEmpty {
                printError(
                    "\(trimmed.count == 1 ? "1 card has" : "\(trimmed.count) cards have") blanks or line breaks at "
                        + "the start or end of a side, which a deck file does not keep; 'termfit export' keeps them")
            }
            FileHandle.standardOutput.write(Data(TerminalText.sanitized(text, keepingLineBreaks: true).utf8))
        }
    }
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
/// `database`.
func flashcardsEntry(database: StoreOpening, options: FlashcardsOptions = FlashcardsOptions()) -> WorkoutEntry {
    .flashcards(options: options) { profile in try database.store().profileStore(named: profile) }
}
