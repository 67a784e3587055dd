import ArgumentParser
import Foundation
import Records
import Store

#if canImport(Glibc)
    import Glibc
#endif

/// `termfit kiosk`: members of a shared kiosk account, one line each in its `authorized_keys`
/// (see docs/kiosk.md, "One shared account"). Run as that account.
struct KioskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kiosk",
        abstract: "Add, list, rename and remove the members of a shared kiosk account.",
        discussion: """
            Run these as the shared account members log in to. Each member is one line of its \
            authorized_keys that forces 'termfit --kiosk --profile NAME' for their key; their \
            profile is made when they first log in. See docs/kiosk.md.
            """,
        subcommands: [AddMember.self, List.self, RemoveMember.self, Rename.self])

    /// Where the members' lines are, and where their data is.
    struct Files: ParsableArguments {
        @Option(
            name: .customLong("authorized-keys"),
            help: ArgumentHelp(
                "The shared account's authorized_keys (default: ~/.ssh/authorized_keys of the user running this).",
                valueName: "path"))
        var authorizedKeys: String?

        @Option(
            name: .customLong("data-dir"),
            help: ArgumentHelp(
                "The directory holding the members' termfit.sqlite (default: ~/.local/share/termfit of the user "
                    + "running this, where 'termfit --kiosk' keeps it).",
                valueName: "dir"))
        var dataDirectory: String?

        /// The file to edit. Root must name it: root's own file would make every member's
        /// TermFit run as root.
        func file() throws -> AuthorizedKeysFile {
            if let authorizedKeys { return AuthorizedKeysFile(path: authorizedKeys) }
            guard geteuid() != 0 else {
                throw KioskMemberError.file(
                    path: LoginAccount.home + "/.ssh/authorized_keys",
                    reason: "that is root's; run this as the shared account (runuser -u gym -- termfit kiosk …) "
                        + "or name its file with --authorized-keys")
            }
            return AuthorizedKeysFile(path: LoginAccount.home + "/.ssh/authorized_keys")
        }

        /// `--data-dir`. ArgumentParser hands the option to the root command's own `--data-dir`
        /// when it follows `kiosk …`, so it is looked for on the command line too: without this,
        /// `remove-member --delete-data --data-dir DIR` deleted from the default database instead.
        var dataDirectoryGiven: String? {
            if let dataDirectory { return dataDirectory }
            let arguments = CommandLine.arguments.drop { $0 != "kiosk" }
            for (index, argument) in zip(arguments.indices, arguments) {
                if argument.hasPrefix("--data-dir=") { return String(argument.dropFirst("--data-dir=".count)) }
                if argument == "--data-dir", index + 1 < arguments.endIndex { return arguments[index + 1] }
            }
            return nil
        }

        /// The members' database, where a kiosk session finds it; `nil` when there is none yet
        /// (no member has logged in).
        func existingStore() throws -> TermFitStore? {
            let location = try DataSettings(dataDirectory: dataDirectoryGiven).kioskLocation()
            guard let reading = try TermFitStore.openForReading(at: location) else { return nil }
            try? reading.close()
            return try TermFitStore.open(at: location)
        }
    }

    /// `termfit kiosk add-member NAME --key FILE`.
    struct AddMember: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add-member", abstract: "Let a member in with their public key.")

        @Argument(help: "The member's name: letters, digits, '.', '_' and '-'; it is their profile.")
        var name: String

        @Option(help: ArgumentHelp("The member's public key (.pub file), or - for standard input.", valueName: "file"))
        var key: String

        @Option(
            help: ArgumentHelp(
                "The TermFit the member's line runs (default: this one).", valueName: "path"))
        var program: String?

        @OptionGroup var files: Files

        func run() throws {
            try reportingKioskErrors {
                let file = try files.file()
                let name = try KioskMemberName.validated(name)
                let text = String(decoding: try readImportFile(key, limit: PublicKey.maximumLength + 1), as: UTF8.self)
                let line = KioskMemberLine(
                    name: name, program: try LoginAccount.programPath(program), key: try PublicKey(parsing: text))
                try file.add(line)
                printLine("\(name) added to \(file.path); their profile is made when they first log in.")
            }
        }
    }

    /// `termfit kiosk list`.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the members, one a line with their key type.")

        @OptionGroup var files: Files

        func run() throws {
            try reportingKioskErrors {
                for member in try files.file().members() { printLine("\(member.name) \(member.key.type)") }
            }
        }
    }

    /// `termfit kiosk remove-member NAME [--delete-data]`.
    struct RemoveMember: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove-member",
            abstract: "Remove a member's line; their data stays unless --delete-data is given.")

        @Argument(help: "The member's name.")
        var name: String

        @Flag(name: .customLong("delete-data"), help: "Delete the member's profile and everything in it too.")
        var deleteData = false

        @OptionGroup var files: Files

        func run() throws {
            try reportingKioskErrors {
                let file = try files.file()
                try file.remove(member: try KioskMemberName.validated(name))
                printLine("\(name) removed from \(file.path).")
                // The data goes first: a session's last saves on its way out are then refused,
                // and none can make the profile again.
                if deleteData {
                    try reportingErrors {
                        let location = try DataSettings(dataDirectory: files.dataDirectoryGiven).kioskLocation()
                        Recovery.remove(profile: name, in: location)
                        guard let store = try files.existingStore() else { return }
                        defer { try? store.close() }
                        if try store.deleteProfile(named: name) { printLine("\(name)'s data deleted.") }
                    }
                }
                let ended = KioskSessions.end(name)
                if ended > 0 { printLine("\(name)'s \(ended == 1 ? "session" : "\(ended) sessions") ended.") }
            }
        }
    }

    /// `termfit kiosk rename OLD NEW`.
    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a member a new name: their line and their profile (with its data).")

        @Argument(help: "The member's name now.")
        var old: String

        @Argument(help: "The new name.")
        var new: String

        @OptionGroup var files: Files

        func run() throws {
            try reportingKioskErrors {
                let (old, new) = (try KioskMemberName.validated(old), try KioskMemberName.validated(new))
                let file = try files.file()
                let names = try file.members().map(\.name)
                guard names.contains(old) else { throw KioskMemberError.memberNotFound(old) }
                guard !names.contains(new) else { throw KioskMemberError.memberExists(new) }
                // The profile first: a name its database already has stops the rename before the line changes.
                try reportingErrors {
                    guard let store = try files.existingStore() else { return }
                    defer { try? store.close() }
                    if try store.profile(named: old) != nil { try store.renameProfile(named: old, to: new) }
                }
                try file.rename(member: old, to: new)
                printLine("\(old) is now \(new).")
            }
        }
    }
}

/// Runs a `kiosk` command body, turning a ``KioskMemberError`` into a message and status 1 (2
/// for a bad name, key or path).
private func reportingKioskErrors(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as KioskMemberError {
        printError(error.description)
        switch error {
        case .invalidName, .invalidKey, .invalidProgramPath: throw TermFitExitStatus.usage
        default: throw TermFitExitStatus.failure
        }
    }
}

/// The account TermFit runs as, from the password database: what a kiosk session and `termfit
/// kiosk` go by, since a member's SSH client may set `HOME`, `USER` or `TERMFIT_*` (through the
/// server's `AcceptEnv`) but cannot change who the process is.
enum LoginAccount {
    /// The account's home directory.
    static var home: String { entry.home }

    /// The account's login name.
    static var name: String { entry.name }

    private static var entry: (name: String, home: String) {
        guard let record = getpwuid(geteuid()) else { return ("", "/nonexistent") }
        return (String(cString: record.pointee.pw_name), String(cString: record.pointee.pw_dir))
    }

    /// The TermFit a forced command runs: `path`, else this program; absolute and plain, so the
    /// account's shell reads it as one word.
    static func programPath(_ path: String?) throws(KioskMemberError) -> String {
        let chosen =
            path ?? (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
        let plain = chosen.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "/._+-".unicodeScalars.contains(scalar))
        }
        guard chosen.hasPrefix("/"), plain else { throw .invalidProgramPath(chosen) }
        return chosen
    }
}

extension DataSettings {
    /// The database of a kiosk session (`--kiosk`) and of `termfit kiosk`: `--data-dir` when the
    /// operator's forced command gives one, else `~/.local/share/termfit` of the account TermFit
    /// runs as. `TERMFIT_DATA_DIR`, `XDG_DATA_HOME` and `HOME`, which a member's client could
    /// send, are not read.
    /// With `hidingPath`, messages on a member's screen do not name it (``StoreLocation/hidesPath``).
    func kioskLocation(hidingPath: Bool = false) throws -> StoreLocation {
        var location = try StoreLocation.resolve(dataDirectory: dataDirectory, environment: ["HOME": LoginAccount.home])
        location.hidesPath = hidingPath
        return location
    }

    /// The profile of a kiosk session: `--profile`, else the account's login name (not `USER`).
    func kioskProfileName() -> String {
        profile ?? Profile.defaultName(environment: ["USER": LoginAccount.name])
    }
}
