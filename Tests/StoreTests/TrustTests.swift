import Foundation
import Records
import Testing

@testable import Store

/// The data directory and the database files are trusted only as OpenSSH's StrictModes trusts
/// `~/.ssh`: not a symbolic link, owned by the user, not writable by group or others. Root is
/// held to the same rule (the tests run as root: another owner is made with chown).
@Suite("Whose files TermFit trusts")
struct TrustTests {
    /// A user ID that is not this process's: "nobody".
    static let stranger: uid_t = 65534

    private func expectRefused(_ location: StoreLocation, _ path: String, because reason: String) {
        #expect {
            try TermFitStore.open(at: location)
        } throws: { error in
            guard case StoreError.untrusted(let refused, let said) = error else { return false }
            return refused == path && said.contains(reason) && (error as? StoreError)?.isDataFileProblem == true
        }
    }

    @Test("A data directory others may write to is refused, and nothing is created in it")
    func writableDirectory() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        chmod(location.directory, 0o777)
        expectRefused(location, location.directory, because: "other users may write to it (mode 777)")
        chmod(location.directory, 0o1777)
        expectRefused(location, location.directory, because: "mode 1777")
        #expect(listing(location.directory).isEmpty)
    }

    @Test("A data directory that is a symbolic link is refused, even to a directory of the user's")
    func symlinkedDirectory() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        try FileManager.default.createDirectory(atPath: temporary.appending("real"), withIntermediateDirectories: true)
        chmod(temporary.appending("real"), 0o700)
        #expect(symlink(temporary.appending("real"), temporary.appending("data")) == 0)
        let location = temporary.location()
        expectRefused(location, location.directory, because: "symbolic link")
        expectRefused(
            StoreLocation(directory: location.directory + "/", origin: .argument), location.directory + "/",
            because: "symbolic link")
        #expect(listing(temporary.appending("real")).isEmpty)
    }

    @Test(
        "A planted symbolic link as the database or its journal, log or index is refused; its target is not made",
        arguments: ["", "-journal", "-wal", "-shm"])
    func plantedSymlink(suffix: String) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        chmod(location.directory, 0o700)
        if !suffix.isEmpty { try TermFitStore.open(at: location).close() }
        let target = temporary.appending("elsewhere")
        try? FileManager.default.removeItem(atPath: location.databasePath + suffix)
        #expect(symlink(target, location.databasePath + suffix) == 0, "a dangling link")
        let before = contents(location.databasePath)
        expectRefused(location, location.databasePath + suffix, because: "symbolic link")
        #expect(!FileManager.default.fileExists(atPath: target), "nothing was created through the link")
        #expect(contents(location.databasePath) == before)
    }

    /// A private data directory in `temporary` holding an empty database file with `mode`.
    private func emptyDatabaseFile(in temporary: TemporaryDirectory, mode: mode_t) throws -> StoreLocation {
        let location = temporary.location()
        try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        chmod(location.directory, 0o700)
        #expect(FileManager.default.createFile(atPath: location.databasePath, contents: Data()))
        chmod(location.databasePath, mode)
        return location
    }

    @Test("An empty 0666 database file is refused")
    func worldWritableFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = try emptyDatabaseFile(in: temporary, mode: 0o666)
        expectRefused(location, location.databasePath, because: "mode 666")
        #expect(contents(location.databasePath) == Data())
    }

    @Test(
        "A database file or directory owned by another user is refused (root included)",
        .enabled(if: runningAsRoot, "giving a file to another user (chown) needs root"))
    func foreignOwner() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = try emptyDatabaseFile(in: temporary, mode: 0o600)
        #expect(chown(location.databasePath, Self.stranger, gid_t(Self.stranger)) == 0)
        expectRefused(location, location.databasePath, because: "belongs to another user (uid 65534)")
        #expect(chown(location.databasePath, 0, 0) == 0)
        #expect(chown(location.directory, Self.stranger, gid_t(Self.stranger)) == 0)
        expectRefused(location, location.directory, because: "belongs to another user")
        #expect(listing(location.directory) == ["termfit.sqlite"])
    }

    @Test("A database TermFit makes is private: directory 0700, file 0600, and it opens again")
    func ownFilesAreTrusted() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        let store = try TermFitStore.open(at: location)
        _ = try store.profileStore(named: "anna")
        try store.close()
        var info = stat()
        #expect(stat(location.databasePath, &info) == 0 && info.st_mode & 0o777 == 0o600)
        try TermFitStore.open(at: location).close()
    }
}
