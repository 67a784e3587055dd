import Foundation

/// Where TermFit keeps its database, and how that place was chosen.
public struct StoreLocation: Sendable, Equatable, CustomStringConvertible {
    /// What decided the data directory, strongest first.
    public enum Origin: String, Sendable, Equatable {
        /// The `--data-dir DIR` argument.
        case argument
        /// The `TERMFIT_DATA_DIR` environment variable.
        case termfitDataDirectory
        /// `$XDG_DATA_HOME/termfit`.
        case xdgDataHome
        /// `$HOME/.local/share/termfit`, the default.
        case home
    }

    /// The name of the database file inside the data directory.
    public static let databaseFileName = "termfit.sqlite"

    /// The data directory.
    public var directory: String
    /// What chose ``directory``.
    public var origin: Origin

    /// Whether messages about the database once it is open (a save that failed, a workout that
    /// cannot open) leave its path out: a kiosk shows no member where the box keeps everyone's
    /// data.
    public var hidesPath = false

    public init(directory: String, origin: Origin) {
        self.directory = directory
        self.origin = origin
    }

    /// The database as messages about it once it is open name it: its path, or "the kiosk's
    /// database" when ``hidesPath``.
    public var pathInMessages: String { hidesPath ? "(the kiosk's database)" : databasePath }

    /// The database file's path.
    public var databasePath: String {
        directory.hasSuffix("/") ? directory + Self.databaseFileName : directory + "/" + Self.databaseFileName
    }

    public var description: String { databasePath }

    /// Works out the data directory without touching the disk.
    ///
    /// In order: `argument` (the value of `--data-dir`), `TERMFIT_DATA_DIR`,
    /// `$XDG_DATA_HOME/termfit` (only when it is an absolute path, as the XDG specification
    /// asks), and finally `$HOME/.local/share/termfit`. Empty values count as unset. A leading
    /// `~/` is expanded with `HOME`.
    ///
    /// - Parameters:
    ///   - argument: the `--data-dir` argument, or `nil` when not given.
    ///   - environment: the process environment, e.g. `TermFitEnvironment.process` (Records).
    /// - Throws: ``StoreError/invalidDataDirectory(_:)`` for an empty `--data-dir`, and
    ///   ``StoreError/homeNotSet`` when the directory depends on `HOME` and it is unset.
    public static func resolve(dataDirectory argument: String?, environment: [String: String]) throws
        -> StoreLocation
    {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 }
        if let argument {
            guard !argument.isEmpty else { throw StoreError.invalidDataDirectory(argument) }
            return StoreLocation(directory: try expandingTilde(argument, home: home), origin: .argument)
        }
        if let variable = environment["TERMFIT_DATA_DIR"], !variable.isEmpty {
            return StoreLocation(
                directory: try expandingTilde(variable, home: home), origin: .termfitDataDirectory)
        }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return StoreLocation(directory: joined(xdg, "termfit"), origin: .xdgDataHome)
        }
        guard let home else { throw StoreError.homeNotSet }
        return StoreLocation(directory: joined(home, ".local/share/termfit"), origin: .home)
    }

    private static func expandingTilde(_ path: String, home: String?) throws -> String {
        guard path == "~" || path.hasPrefix("~/") else { return path }
        guard let home else { throw StoreError.homeNotSet }
        return path == "~" ? home : joined(home, String(path.dropFirst(2)))
    }

    private static func joined(_ base: String, _ component: String) -> String {
        base.hasSuffix("/") ? base + component : base + "/" + component
    }
}
