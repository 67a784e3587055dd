import ArgumentParser
import Foundation
import PostgresStore
import Records
import Store

// The commands that work on a member's data without a terminal (`history`, `export`, `import`,
// `flashcards decks/export/import`) on either backend: the SQLite file, or the PostgreSQL
// server `--database` (or TERMFIT_DATABASE_URL) names.

extension DataOptions {
    /// The PostgreSQL database `--database` or TERMFIT_DATABASE_URL names, if any.
    func server(environment: [String: String] = TermFitEnvironment.process) throws -> DatabaseURL? {
        try settings.server(environment: environment, kiosk: false)
    }
}

/// Runs `body` on the PostgreSQL server at `url`, turning a failure to reach it (or a refusal)
/// into its message, which never holds a password, and exit status 3.
func withServer<Value>(_ url: DatabaseURL, _ body: (PostgresStore) throws -> Value) throws -> Value {
    do {
        let store = try PostgresStore(url: url)
        defer { store.close() }
        return try body(store)
    } catch let failure as PostgresStore.Failure {
        printError(failure.description)
        throw TermFitExitStatus.dataFile
    }
}

/// Runs `body` on the profile's data (made if needed): on the server with `--database`, else in
/// the SQLite file; a database problem becomes its message and exit status.
func withMemberData(_ data: DataOptions, _ body: (any MemberData) throws -> Void) throws {
    try reportingErrors {
        if let url = try data.server() {
            return try withServer(url) { store in
                try body(store.memberData(for: try store.profileCreatingIfNeeded(named: data.profileName())))
            }
        }
        let store = try TermFitStore.open(at: try data.location())
        defer { try? store.close() }
        try body(try store.profileStore(named: data.profileName()))
    }
}

/// Runs `body` on the profile's whole data on the server (`nil`: nothing to show) when
/// `--database` names one, as `history` and `export` read the file: a profile named with
/// `--profile` must exist; the login name's may have no data yet. Returns `false` without a
/// server (the caller reads the file).
func withServerArchive(_ data: DataOptions, _ body: (ProfileArchive?) throws -> Void) throws -> Bool {
    guard let url = try data.server() else { return false }
    let name = data.profileName()
    if case .failure(let problem) = Profile.validatedName(name) {
        throw StoreError.invalidProfileName(name, problem)
    }
    try withServer(url) { store in
        guard let profile = try store.profile(named: name) else {
            if data.profile != nil {
                throw StoreError.profileNotFound(name: name, existing: try store.profiles().map(\.name))
            }
            return try body(nil)
        }
        try body(try store.memberData(for: profile).archive())
    }
    return true
}

extension ArchiveImport {
    /// What `termfit import` prints, in the words of the file's import.
    var summary: ImportSummary {
        ImportSummary(
            profile: profile, added: added, alreadyPresent: alreadyPresent, settingsAdded: settingsAdded,
            settingsKept: settingsKept)
    }
}

extension ImportCommand {
    /// `termfit import --database URL`: TermFit's JSON export, or a lifting app's CSV export (read
    /// into a scratch file first, as the file's import reads it), added to the member on the
    /// server in one transaction.
    func importToServer(_ url: DatabaseURL) throws {
        let archive: ProfileArchive
        let head = file == "-" ? nil : firstBytes(of: file)
        let contents = head.map(isCSV) == true ? nil : try readImportFile(file, limit: Self.maximumBytes)
        if let contents, !isCSV(contents) {
            archive = try TermFitStore.decodeArchive(contents)
            try TermFitStore.validate(archive)
        } else {
            archive = try liftsArchive(contents: contents)
        }
        let name = data.profile ?? (archive.profile.isEmpty ? data.profileName() : archive.profile)
        let summary = try withServer(url) { store in try store.importArchive(archive, intoProfile: name) }
        for line in summary.summary.description.split(separator: "\n") { printLine(String(line)) }
    }

    /// A lifting app's CSV export as the file's import reads it (units, exercise names, sets),
    /// through a scratch database removed afterwards.
    private func liftsArchive(contents: Data?) throws -> ProfileArchive {
        let name = data.profileName()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-import-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let store = try TermFitStore.open(at: StoreLocation(directory: scratch, origin: .argument))
        defer { try? store.close() }
        let chunks: any ByteChunks
        do { chunks = try contents.map { DataChunks($0) } ?? FileChunks(path: file) } catch {
            printError("cannot read \(file)")
            throw TermFitExitStatus.dataFile
        }
        do {
            _ = try store.importLifts(chunks, intoProfile: name, unit: unit)
        } catch let error as LiftImportError {
            printError(error.description)
            throw TermFitExitStatus.dataFile
        }
        return try store.profileStore(named: name).archive()
    }
}
