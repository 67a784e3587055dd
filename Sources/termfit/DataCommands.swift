import ArgumentParser
import Foundation
import PostgresStore
import Records
import Store

// The commands that work on TermFit's database without a terminal: `termfit history`,
// `termfit export` and `termfit import`. They print results to standard output and problems to
// standard error, and exit with one of the statuses in `TermFitExitStatus`.

/// TermFit's exit statuses.
///
/// - 0: success.
/// - 1: a general or runtime error (for example a profile that does not exist).
/// - 2: a usage error (an unknown option, a malformed date).
/// - 3: a problem with a data file: the database or its directory (not a database, damaged,
///   from a newer TermFit, read-only, disk full), an import file, or a recovery file (work the
///   interface could not save, or a file `recover` could not replay).
enum TermFitExitStatus {
    static let failure = ExitCode(1)
    static let usage = ExitCode(2)
    static let dataFile = ExitCode(3)

    /// The status for an error thrown while parsing or running a command under `root`:
    /// ArgumentParser's usage status (64) becomes TermFit's 2; a ``StoreError`` becomes 3 or 1.
    static func status(for error: any Error, root: any ParsableCommand.Type) -> ExitCode {
        if let error = error as? StoreError { return status(for: error) }
        if let code = error as? ExitCode { return status(for: code) }
        return status(for: root.exitCode(for: error))
    }

    /// TermFit's status for `code`: ArgumentParser's usage status (64) becomes 2.
    static func status(for code: ExitCode) -> ExitCode { code == .validationFailure ? usage : code }

    /// The status for a database problem.
    static func status(for error: StoreError) -> ExitCode {
        switch error {
        case .invalidProfileName, .invalidDataDirectory: usage
        default: error.isDataFileProblem ? dataFile : failure
        }
    }
}

/// Where the database is and whose data to use: `--data-dir` and `--profile`, shared by every
/// command that opens the database.
struct DataOptions: ParsableArguments {
    @Option(
        name: .customLong("data-dir"),
        help: ArgumentHelp(
            "The directory holding termfit.sqlite (default: $TERMFIT_DATA_DIR, else $XDG_DATA_HOME/termfit, "
                + "else ~/.local/share/termfit).",
            valueName: "dir"))
    var dataDirectory: String?

    @Option(name: .customLong("profile"), help: "Whose data to use (default: your login name).")
    var profile: String?

    @Option(
        name: .customLong("database"),
        help: ArgumentHelp(
            "A PostgreSQL database several boxes share: postgresql://user@host/db, ?host=/dir for a socket "
                + "(default: $TERMFIT_DATABASE_URL; neither: the SQLite file). The password comes from PGPASSWORD "
                + "or ~/.pgpass, never from the URL.",
            valueName: "url"))
    var database: String?

    /// The options as plain values.
    var settings: DataSettings { DataSettings(dataDirectory: dataDirectory, profile: profile, database: database) }

    /// The database's location for this process's environment.
    func location(environment: [String: String] = TermFitEnvironment.process) throws -> StoreLocation {
        try settings.location(environment: environment)
    }

    /// The profile to use: `--profile`, else the login name.
    func profileName(environment: [String: String] = TermFitEnvironment.process) -> String {
        settings.profileName(environment: environment)
    }
}

/// What `DataOptions` hold, as plain values.
struct DataSettings: Equatable {
    var dataDirectory: String?
    var profile: String?
    /// `--database`: the PostgreSQL database's URL.
    var database: String?

    /// The database's location for this process's environment. A command that reads only the
    /// file refuses a PostgreSQL database rather than quietly reading the file instead.
    func location(environment: [String: String]) throws -> StoreLocation {
        if database ?? environment[DataSettings.databaseVariable] != nil {
            throw ValidationError(
                "--database (or \(DataSettings.databaseVariable)) is for the members' data; this command works on"
                    + " the box's own SQLite file only (leave the URL out).")
        }
        return try fileLocation(environment: environment)
    }

    /// The data directory's location, whatever the database: it also holds the box's own files.
    func fileLocation(environment: [String: String]) throws -> StoreLocation {
        try StoreLocation.resolve(dataDirectory: dataDirectory, environment: environment)
    }

    /// The variable that names a PostgreSQL database when `--database` does not.
    static let databaseVariable = "TERMFIT_DATABASE_URL"

    /// The PostgreSQL database to use, if any: `--database`, else (but on a kiosk, where only the
    /// operator's forced command decides) `TERMFIT_DATABASE_URL`.
    func server(environment: [String: String], kiosk: Bool) throws -> DatabaseURL? {
        guard let text = database ?? (kiosk ? nil : environment[Self.databaseVariable]), !text.isEmpty else {
            return nil
        }
        do { return try DatabaseURL(text) } catch { throw ValidationError(error.description) }
    }

    /// The profile to use: `--profile`, else the login name.
    func profileName(environment: [String: String]) -> String {
        profile ?? Profile.defaultName(environment: environment)
    }
}

/// Runs a command body, turning a ``StoreError`` or ``LogError`` into a message on standard
/// error and TermFit's exit status.
func reportingErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as StoreError {
        printError(error.description)
        throw TermFitExitStatus.status(for: error)
    } catch let error as LogError {
        printError(error.description)
        throw TermFitExitStatus.failure
    }
}

/// Writes "termfit: message" to standard error, with anything a terminal must not receive raw
/// (a name, a path, a file's bad field) made visible (``TerminalText``).
func printError(_ message: String) {
    FileHandle.standardError.write(Data(("termfit: " + TerminalText.sanitized(message) + "\n").utf8))
}

/// The contents of an import file (`-`: standard input), at most `limit` bytes; a larger file,
/// or one that cannot be read, is reported and ends the command with status 3 before anything
/// is parsed, so a huge file costs neither minutes nor gigabytes.
func readImportFile(_ file: String, limit: Int) throws -> Data {
    let handle = file == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: file)
    guard let handle else {
        printError("cannot read \(file): \(String(cString: strerror(errno)))")
        throw TermFitExitStatus.dataFile
    }
    var contents = Data()
    do {
        while contents.count <= limit, let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
            contents.append(chunk)
        }
    } catch {
        printError("cannot read \(file): \((error as NSError).localizedDescription)")
        throw TermFitExitStatus.dataFile
    }
    guard contents.count <= limit else {
        printError("\(file) is larger than \(limit >> 20) MiB; nothing was imported")
        throw TermFitExitStatus.dataFile
    }
    return contents
}

/// Writes text already made safe for a terminal (a report rendered through ``TerminalText``).
private func writeOutput(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
}

/// Writes one line of a message to standard output, made safe for a terminal like
/// ``printError(_:)``'s.
func printLine(_ message: String) {
    FileHandle.standardOutput.write(Data((TerminalText.sanitized(message) + "\n").utf8))
}

/// Runs `body` on the database opened for reading only (``TermFitStore/openForReading(at:)``:
/// nothing is created or written). `body` gets `nil` (nothing to show) when there is no database
/// file yet or the default profile has no data yet; a profile named with `--profile` must exist,
/// and so must the data directory.
private func withProfileForReading(_ options: DataOptions, _ body: (ProfileStore?) throws -> Void) throws {
    let location = try options.location()
    let name = options.profileName()
    if case .failure(let problem) = Profile.validatedName(name) {
        throw StoreError.invalidProfileName(name, problem)
    }
    guard let store = try TermFitStore.openForReading(at: location) else {
        if options.profile != nil { throw StoreError.profileNotFound(name: name, existing: []) }
        return try body(nil)
    }
    defer { try? store.close() }
    if options.profile == nil, try store.profile(named: name) == nil { return try body(nil) }
    try body(try store.profileStore(named: name, createIfNeeded: false))
}

/// `termfit history`: recent sessions of every workout, newest first.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "List recent sessions of every workout.",
        discussion: """
            Works without a terminal. The table shows local times and durations as m:ss; CSV and JSON use
            ISO-8601 UTC and whole seconds. When --limit cuts the list, "N more sessions - use --limit"
            ends the table, or goes to standard error for CSV and JSON (the data stays clean).
            Exit status: 0 success, 1 error, 2 usage error, 3 problem with the database file.
            """)

    @Option(help: "Output format: table, csv or json.", transform: HistoryCommand.parseFormat)
    var format: HistoryFormat = .table

    @Option(
        help: ArgumentHelp("Only sessions that started on or after this day (local time).", valueName: "YYYY-MM-DD"),
        transform: HistoryCommand.parseDay)
    var since: Date?

    @Option(help: "Only one workout: cards, dumbbells, flashcards or hiit.", transform: HistoryCommand.parseWorkout)
    var workout: WorkoutKind?

    @Option(help: "Show at most this many sessions (default 20); 0 shows all. A cut list says how many more there are.")
    var limit: Int = 20

    @Flag(help: "One row per set, card, flashcard answer or HIIT exercise (the table lists them under each session).")
    var detail = false

    @Flag(
        help: """
            With --detail --format csv: the newest session first (by default the oldest comes first, \
            each set's weight in its own row's unit, named in the unit column).
            """)
    var newestFirst = false

    @OptionGroup var data: DataOptions

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit cannot be negative.") }
    }

    func run() throws {
        try reportingErrors {
            let onServer = try withServerArchive(data) { archive in
                let entries = archive?.history(since: since, workout: workout, limit: limit == 0 ? nil : limit) ?? []
                let hidden = (archive?.historyCount(since: since, workout: workout) ?? 0) - entries.count
                show(entries, hidden: hidden)
            }
            if onServer { return }
            try withProfileForReading(data) { profile in
                let entries = try profile?.history(since: since, workout: workout, limit: limit == 0 ? nil : limit)
                let hidden = try (profile?.historyCount(since: since, workout: workout) ?? 0) - (entries?.count ?? 0)
                show(entries ?? [], hidden: hidden)
            }
        }
    }

    /// Writes `entries`, and how many more sessions `--limit` left out.
    private func show(_ entries: [HistoryEntry], hidden: Int) {
        writeOutput(
            HistoryReport.render(entries, format: format, detail: detail, newestFirst: newestFirst, timeZone: .current))
        guard hidden > 0 else { return }
        // The table is for people: the line ends it. CSV and JSON stay data: it goes to stderr.
        let more =
            "\(hidden) more \(hidden == 1 ? "session" : "sessions") - use --limit \(limit + hidden) or --limit 0 to see all"
        if format == .table { writeOutput(more + "\n") } else { printError(more) }
    }

    @Sendable static func parseFormat(_ text: String) throws -> HistoryFormat {
        guard let format = HistoryFormat(rawValue: text.lowercased()) else {
            throw ValidationError("'\(text)' is not a format; use table, csv or json.")
        }
        return format
    }

    @Sendable static func parseWorkout(_ text: String) throws -> WorkoutKind {
        guard let workout = WorkoutKind(rawValue: text.lowercased()) else {
            throw ValidationError("'\(text)' is not a workout; use cards, dumbbells, flashcards or hiit.")
        }
        return workout
    }

    /// Midnight at the start of a `YYYY-MM-DD` day in the local time zone.
    @Sendable static func parseDay(_ text: String) throws -> Date {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else {
            throw ValidationError("'\(text)' is not a date; write it as YYYY-MM-DD, e.g. 2025-03-04.")
        }
        let calendar = Calendar(identifier: .gregorian)
        let components = DateComponents(timeZone: .current, year: year, month: month, day: day)
        guard let date = calendar.date(from: components),
            calendar.dateComponents(in: .current, from: date).day == day
        else {
            throw ValidationError("'\(text)' is not a day of the calendar.")
        }
        return date
    }
}

/// `termfit export`: a profile's whole history, settings and flashcard decks.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a profile's whole history, settings and flashcard decks to standard output.",
        discussion: """
            Example: termfit export --format json > backup.json
            Read it back with 'termfit import backup.json'.
            Exit status: 0 success, 1 error, 2 usage error, 3 problem with the database file.
            """)

    @Option(
        help:
            "Output format: json (everything), strong-csv or hevy-csv (dumbbell workouts, as Strong and Hevy write them).",
        transform: ExportCommand.parseFormat)
    var format: String = "json"

    @OptionGroup var data: DataOptions

    func run() throws {
        try reportingErrors {
            let onServer = try withServerArchive(data) { archive in
                try write(archive ?? ProfileArchive(profile: data.profileName()))
            }
            if onServer { return }
            try withProfileForReading(data) { profile in
                try write(try profile?.archive() ?? ProfileArchive(profile: data.profileName()))
            }
        }
    }

    /// Writes `archive` in the format asked for.
    private func write(_ archive: ProfileArchive) throws {
        if let lifts = LiftExportFormat(rawValue: format) {
            FileHandle.standardOutput.write(Data(LiftExport.csv(archive.dumbbellWorkouts, format: lifts).utf8))
        } else {
            FileHandle.standardOutput.write(try ArchiveCoding.exportText(archive))
        }
    }

    @Sendable static func parseFormat(_ text: String) throws -> String {
        let format = text.lowercased()
        guard format == "json" || LiftExportFormat(rawValue: format) != nil else {
            throw ValidationError("'\(text)' is not a format; use json, strong-csv or hevy-csv.")
        }
        return format
    }
}

/// `termfit import FILE`: adds the records of an export to a profile.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Add the history, settings and flashcard decks of an export to a profile.",
        discussion: """
            Reads TermFit's JSON export, and the CSV exports of Strong, Hevy and FitNotes (recognised by their
            header). Records already present are left as they are, so importing the same file twice adds nothing.
            Without --profile, a JSON export's records go to the profile named in the file, a CSV export's to
            your login name's profile.
            Exit status: 0 success, 1 error, 2 usage error, 3 problem with the file or the database.
            """)

    @Argument(
        help: ArgumentHelp(
            "A file written by 'termfit export', Strong, Hevy or FitNotes, or - for standard input.", valueName: "file")
    )
    var file: String

    @Option(
        help: ArgumentHelp(
            "The unit of a CSV export's weights where the file does not say: kg or lb.", valueName: "unit"),
        transform: parseWeightUnit)
    var unit: WeightUnit?

    /// The largest archive read: ten years of daily workouts export to about 40 MiB.
    static let maximumBytes = 512 << 20

    @OptionGroup var data: DataOptions

    func run() throws {
        try reportingErrors {
            if let url = try data.server() { return try importToServer(url) }
            if file != "-", let start = firstBytes(of: file), isCSV(start) { return try importLifts(contents: nil) }
            let contents = try readImportFile(file, limit: Self.maximumBytes)
            if isCSV(contents) { return try importLifts(contents: contents) }
            // The file is read and checked whole before the database is opened: a refused file
            // leaves no trace, not even a new database or its -wal and -shm files.
            let archive = try TermFitStore.decodeArchive(contents)
            try TermFitStore.validate(archive)
            let location = try data.location()
            if FileManager.default.fileExists(atPath: location.directory),
                let existing = try TermFitStore.openForReading(at: location)
            {
                defer { try? existing.close() }
                try existing.checkImport(archive, intoProfile: data.profile)
            }
            let store = try TermFitStore.open(at: location)
            defer { try? store.close() }
            let summary = try store.importArchive(archive, intoProfile: data.profile)
            for line in summary.description.split(separator: "\n") { printLine(String(line)) }
        }
    }
}
