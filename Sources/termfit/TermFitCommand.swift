import App
import ArgumentParser
import Foundation
import HIIT
import Records
import Store

/// `termfit`: the home menu, or one workout straight away as a subcommand.
@main
struct TermFitCommand: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "termfit",
        abstract: "A full-screen terminal workout suite.",
        discussion: """
            Run with no subcommand for the home menu. Keys are shown at the bottom of every screen; \
            press ? for help. Your workouts are kept in a local SQLite file (see --data-dir).
            Set TERMFIT_STATS=1 to print rendering figures on exit.
            """,
        version: version,
        subcommands: [
            HIITCommand.self, DumbbellsCommand.self, CardsCommand.self, FlashcardsCommand.self, HistoryCommand.self,
            ExportCommand.self,
            ImportCommand.self, RecoverCommand.self, KioskCommand.self, MigrateCommand.self,
        ]
    )

    @OptionGroup var interface: InterfaceOptions
    @OptionGroup var data: DataOptions

    @Option(
        name: .customLong("deck-api"),
        help: ArgumentHelp(
            "A Deck of Cards API server for the card workout to draw from in this run, e.g. "
                + "https://deckofcardsapi.com (also after 'cards'; a kiosk's forced command sets it here).",
            valueName: "url"))
    var deckAPI: String?

    func validate() throws {
        if let deckAPI { try CardsCommand.validate(deckAPI: deckAPI) }
    }

    func run() throws {
        try Interactive.run(
            interface: interface, data: data, workout: nil,
            options: WorkoutOptions(cards: CardDeckOptions(deckServer: deckAPI)))
    }

    /// Parses the command line and runs; usage errors exit with 2, data-file problems with 3.
    static func main() {
        do {
            if let request = QuickStart.parse(Array(CommandLine.arguments.dropFirst())) {
                try Interactive.run(request)
                return
            }
            var command = try parseAsRoot()
            try command.run()
        } catch let code as ExitCode {
            // A status already decided (a signal ended the session, a save failed) has nothing to
            // print. ArgumentParser would build its usage text by reflection only to drop it:
            // 2-3 ms of CPU on the way out of every session a signal ends.
            Foundation.exit(TermFitExitStatus.status(for: code).rawValue)
        } catch {
            let status = TermFitExitStatus.status(for: error, root: Self.self)
            let message = fullMessage(for: error)
            if !message.isEmpty {
                let stream = status == .success ? FileHandle.standardOutput : FileHandle.standardError
                stream.write(Data((message + "\n").utf8))
            }
            Foundation.exit(status.rawValue)
        }
    }
}

/// `termfit hiit`: the HIIT workout straight away; leaving it ends the program.
struct HIITCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hiit",
        abstract: "High-intensity interval training: open the HIIT workout straight away.",
        discussion: HIITWorkout.commandLineHelp
    )

    @OptionGroup var interface: InterfaceOptions
    @OptionGroup var data: DataOptions

    @Option(help: "Seconds of each countdown, 1 to 5999 (with --tabata: of each round's work).")
    var seconds: Int?

    @Flag(help: "Tabata intervals: 20 s of work, 10 s of rest, 8 rounds.")
    var tabata = false

    @Flag(help: "Do not ring the terminal bell in the last seconds of a countdown.")
    var quiet = false

    func validate() throws {
        if let seconds, !HIITOptions.secondsRange.contains(seconds) {
            throw ValidationError("--seconds takes 1 to 5999, not \(seconds).")
        }
    }

    func run() throws {
        let options = HIITOptions(seconds: seconds, tabata: tabata, quiet: quiet)
        try Interactive.run(interface: interface, data: data, workout: "hiit", options: WorkoutOptions(hiit: options))
    }
}

/// Options every full-screen command takes.
struct InterfaceOptions: ParsableArguments {
    @Flag(name: .customLong("no-color"), help: "Do not use colour (NO_COLOR does the same).")
    var noColor = false

    @Flag(name: .customLong("reduce-motion"), help: "Show changes at once instead of animating them.")
    var reduceMotion = false

    @Flag(help: "Draw with ASCII characters only, for a terminal that shows garbage (TERMFIT_ASCII=1 does the same).")
    var ascii = false

    @Flag(
        help: ArgumentHelp(
            "Kiosk mode for a shared box: the profile (--profile, else the login name), the data directory "
                + "(--data-dir, else the account's ~/.local/share/termfit) and the deck server cannot be changed or "
                + "listed from the screen or the environment. See docs/kiosk.md."))
    var kiosk = false

    @Flag(
        help: ArgumentHelp(
            "Print rendering and saving figures on exit (TERMFIT_STATS=1 does the same, except with --kiosk)."))
    var stats = false

    @Option(
        name: .customLong("output-timeout"),
        help: ArgumentHelp(
            "Seconds a write to the terminal may block before the run ends as after a hang-up, 1 to 3600 "
                + "(default 30; TERMFIT_OUTPUT_TIMEOUT does the same, except with --kiosk).",
            valueName: "seconds"))
    var outputTimeout: Int?

    @Option(
        name: .customLong("link-timeout"),
        help: ArgumentHelp(
            "Over SSH: seconds the terminal may leave a status question unanswered before the run ends as after "
                + "a hang-up, 1 to 3600 (default 10; TERMFIT_LINK_TIMEOUT does the same, except with --kiosk).",
            valueName: "seconds"))
    var linkTimeout: Int?

    @Flag(
        name: .customLong("allow-private-deck-api"),
        help: ArgumentHelp(
            "With --kiosk: let the card workout reach a deck server on this box or its private network "
                + "(refused by default, checked on every address connected to)."))
    var allowPrivateDeckAPI = false

    func validate() throws {
        for (name, value) in [("--output-timeout", outputTimeout), ("--link-timeout", linkTimeout)] {
            if let value, !(1...3600).contains(value) {
                throw ValidationError("\(name) takes 1 to 3600 seconds, not \(value).")
            }
        }
    }
}

/// What `InterfaceOptions` hold, as plain values.
struct InterfaceSettings: Equatable {
    var noColor = false
    var reduceMotion = false
    var ascii = false
    var kiosk = false
    var allowPrivateDeckAPI = false
    var stats = false
    var outputTimeout: Int?
    var linkTimeout: Int?

    /// The environment a full-screen start goes by: the process's, without any `TERMFIT_*`
    /// variable in kiosk mode (``TermFitEnvironment``), then what the options say in their place.
    func environment(from process: [String: String]) -> [String: String] {
        var environment = TermFitEnvironment.effective(process, kiosk: kiosk)
        if ascii { environment["TERMFIT_ASCII"] = "1" }
        if stats { environment["TERMFIT_STATS"] = "1" }
        if let outputTimeout { environment["TERMFIT_OUTPUT_TIMEOUT"] = String(outputTimeout) }
        if let linkTimeout { environment["TERMFIT_LINK_TIMEOUT"] = String(linkTimeout) }
        return environment
    }

    /// Whether the deck client must refuse addresses on this box and its private networks: in a
    /// kiosk, unless the operator allowed them.
    var refusesInternalDeckAddresses: Bool { kiosk && !allowPrivateDeckAPI }
}

extension InterfaceOptions {
    var settings: InterfaceSettings {
        InterfaceSettings(
            noColor: noColor, reduceMotion: reduceMotion, ascii: ascii, kiosk: kiosk,
            allowPrivateDeckAPI: allowPrivateDeckAPI, stats: stats, outputTimeout: outputTimeout,
            linkTimeout: linkTimeout)
    }
}

/// A start of the full-screen interface: how, on which data, and which workout (none: the menu).
struct InteractiveRequest: Equatable {
    var interface = InterfaceSettings()
    var data = DataSettings()
    var workout: String?
    var options = WorkoutOptions()
}

/// Starts the full-screen interface on the database.
enum Interactive {
    static func run(
        interface: InterfaceOptions, data: DataOptions, workout: String?,
        options workoutOptions: WorkoutOptions = .init()
    ) throws {
        try run(
            InteractiveRequest(
                interface: interface.settings, data: data.settings, workout: workout, options: workoutOptions))
    }

    static func run(_ request: InteractiveRequest) throws {
        let (interface, data, workout, workoutOptions) = (
            request.interface, request.data, request.workout, request.options
        )
        let environment = interface.environment(from: TermFitEnvironment.process)
        TermFitStore.slowWritesForBenchmarks(environment: environment)
        // Without a terminal, say so before touching anything, the database included.
        guard Launcher.isInteractive else {
            FileHandle.standardError.write(Data("termfit: needs an interactive terminal\n".utf8))
            throw ExitCode(2)
        }
        let database: StoreOpening
        do {
            // A kiosk session goes by the account and the operator's forced command only: nothing
            // a member's SSH client can set (TERMFIT_DATA_DIR, XDG_DATA_HOME, HOME, USER) moves it.
            database = try StoreOpening(
                location: interface.kiosk
                    ? try data.kioskLocation(hidingPath: true) : try data.fileLocation(environment: environment),
                profileName: interface.kiosk ? data.kioskProfileName() : data.profileName(environment: environment),
                server: try data.server(environment: environment, kiosk: interface.kiosk))
        } catch let error as StoreError {
            printError(error.description)
            throw TermFitExitStatus.status(for: error)
        }
        let options = LaunchOptions(
            noColor: interface.noColor, reduceMotion: interface.reduceMotion, workout: workout,
            environment: environment, dataLocation: interface.kiosk ? nil : database.location.databasePath,
            kiosk: interface.kiosk)
        // The database opens on the store worker, its first job: the first frame never waits for
        // it, and every later read and command goes through the same worker, in order.
        let worker = StoreWorker()
        let status = Launcher.run(
            options: options, profile: database.profileName, profiles: StoreProfileDirectory(database: database),
            workouts: Workouts.all(
                database: database, options: workoutOptions,
                refusesInternalDeckAddresses: interface.refusesInternalDeckAddresses),
            worker: worker,
            openData: {
                do {
                    _ = try database.memberStore()
                    return nil
                } catch let error as StoreError {
                    return LaunchFailure(
                        message: "termfit: " + TerminalText.sanitized(error.description),
                        exitStatus: TermFitExitStatus.status(for: error).rawValue)
                } catch {
                    return LaunchFailure(
                        message: "termfit: " + TerminalText.sanitized("\(error)"), exitStatus: ExitCode.failure.rawValue
                    )
                }
            },
            keepUnsaved: {
                // A worker still in a save (a hung store, after a signal) holds the database:
                // what it owes goes straight to the recovery file.
                UnsavedKeeping.keep($0, database: database, usesDatabase: worker.outstanding == 0)
            })
        // A worker still in a save (a hung store, after a signal) has the database to itself:
        // nothing more is read from it, and closing it would wait for that save.
        guard worker.outstanding == 0 else { throw ExitCode(status) }
        for outcome in database.recoveries { printError(outcome.description) }
        if database.profileWasRemoved {
            printError(
                TerminalText.sanitized(
                    "termfit: the profile \(database.profileName) was removed from this box while this session ran"))
        }
        if let store = database.openedStore, Launcher.showsStatistics(environment: environment) {
            FileHandle.standardError.write(Data((store.writeStatistics.report + "\n").utf8))
        }
        database.close()
        if status != 0 { throw ExitCode(status) }
    }
}

/// The profiles on the home screen, kept in the database.
final class StoreProfileDirectory: ProfileDirectory {
    let database: StoreOpening

    init(database: StoreOpening) { self.database = database }

    func profileNames() throws -> [String] { try database.memberStore().profiles().map(\.name).sorted() }

    func createProfile(named name: String) throws {
        _ = try database.memberStore().profileCreatingIfNeeded(named: name)
    }
}

/// What a workout's subcommand asked for (`termfit hiit --seconds 3`); the defaults (the profile's
/// settings) for every other way in.
struct WorkoutOptions: Equatable {
    var hiit = HIITOptions()
    var dumbbells = DumbbellsOptions()
    var cards = CardDeckOptions()
    var flashcards = FlashcardsOptions()
}

/// The workouts on the home menu, in order.
enum Workouts {
    /// Every workout, each saving into `database` for the profile it is opened for.
    /// `refusesInternalDeckAddresses`: the card workout's deck client connects to no address on
    /// this box or its private networks (a kiosk).
    static func all(
        database: StoreOpening, options: WorkoutOptions = .init(), refusesInternalDeckAddresses: Bool = false
    ) -> [WorkoutEntry] {
        [
            .hiit(options: options.hiit) { profile in try database.memberData(named: profile) },
            dumbbellsEntry(database: database, options: options.dumbbells),
            cardsEntry(
                database: database, options: options.cards, refusesInternalAddresses: refusesInternalDeckAddresses),
            flashcardsEntry(database: database, options: options.flashcards),
        ]
    }
}
