import Foundation
import GRDB
import Records
import Testing

@testable import Store

/// The user ID of "nobody", which the helper switches to when the tests run as root (root
/// ignores file permissions, so a read-only directory is only read-only for someone else).
private let nobody: uid_t = 65534

@Suite("Bad files get clear messages and are never changed")
struct BadFileTests {
    /// A real TermFit database with some history in it, closed.
    private func makeDatabase(_ location: StoreLocation) throws {
        let store = try TermFitStore.open(at: location)
        let log = try store.profileStore(named: "anna")
        try Fixture.record(into: log)
        for index in 0..<300 {
            try log.save(
                HIITSession(
                    exercise: "Exercise \(index)",
                    startedAt: time("2025-01-01T00:00:00Z").addingTimeInterval(Double(index)),
                    duration: 30, completed: true))
        }
        try store.close()
    }

    /// Opens `location`, expecting a refusal, and checks that the database file is unchanged.
    private func refusal(_ location: StoreLocation, sourceLocation: SourceLocation = #_sourceLocation) -> StoreError? {
        let before = contents(location.databasePath)
        defer {
            #expect(contents(location.databasePath) == before, "the file changed", sourceLocation: sourceLocation)
        }
        do {
            let store = try TermFitStore.open(at: location)
            try? store.close()
            Issue.record("the file was accepted", sourceLocation: sourceLocation)
            return nil
        } catch let error as StoreError {
            return error
        } catch {
            Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    private func write(_ data: Data, to location: StoreLocation) throws {
        try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        try data.write(to: URL(fileURLWithPath: location.databasePath))
    }

    @Test("Garbage bytes are not a database")
    func garbage() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        var generator = SystemRandomNumberGenerator()
        try write(Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) }), to: location)
        let error = refusal(location)
        #expect(error == .notADatabase(path: location.databasePath))
        #expect(error?.description.contains("is not a TermFit database (it is not an SQLite file at all)") == true)
        #expect(error?.description.contains("left it untouched") == true)
        #expect(listing(location.directory) == ["termfit.sqlite"])

        try write(Data("my workout notes\n".utf8), to: location)
        #expect(refusal(location) == .notADatabase(path: location.databasePath))
    }

    @Test("A truncated database is reported as damaged", arguments: ["whole pages", "part of a page", "header"])
    func truncated(cut: String) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try makeDatabase(location)
        let full = try #require(contents(location.databasePath))
        let pageSize = 4096
        #expect(full.count >= 8 * pageSize)
        let length =
            switch cut {
            case "whole pages": full.count / pageSize / 2 * pageSize
            case "part of a page": full.count - 1000
            default: 60
            }
        try write(full.prefix(length), to: location)

        let error = refusal(location)
        guard case .corrupt(let path, let detail)? = error else {
            Issue.record("expected a damaged-database error, got \(String(describing: error))")
            return
        }
        #expect(path == location.databasePath)
        #expect(!detail.isEmpty)
        #expect(error?.description.contains("is damaged") == true)
        #expect(listing(location.directory) == ["termfit.sqlite"])
    }

    @Test("A database with a damaged page is reported as damaged")
    func damagedPage() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try makeDatabase(location)
        var bytes = try #require(contents(location.databasePath))
        // The last page holds some of the newest HIIT sessions.
        let page = bytes.count / 4096 - 1
        bytes.replaceSubrange(page * 4096..<(page + 1) * 4096, with: Data(repeating: 0x55, count: 4096))
        try write(bytes, to: location)

        guard case .corrupt? = refusal(location) else {
            Issue.record("expected a damaged-database error")
            return
        }

        // Opened without reading every page, the damage is found by the integrity check.
        let store = try TermFitStore.open(at: location, check: .headerAndSchema)
        defer { try? store.close() }
        let error = #expect(throws: StoreError.self) { try store.checkIntegrity() }
        guard case .corrupt? = error else {
            Issue.record("expected a damaged-database error, got \(String(describing: error))")
            return
        }
    }

    @Test("A database from a newer TermFit (newer schema version) is refused untouched")
    func newerSchemaVersion() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try makeDatabase(location)
        let queue = try DatabaseQueue(path: location.databasePath)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE running_log (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v\(Schema.version + 1) running')")
            try db.execute(sql: "PRAGMA user_version = \(Schema.version + 1)")
        }
        try queue.close()

        let error = refusal(location)
        #expect(
            error
                == .newerSchema(
                    path: location.databasePath, found: "schema version \(Schema.version + 1)",
                    supported: Schema.version))
        #expect(error?.description.contains("was written by a newer TermFit") == true)
        #expect(error?.description.contains("It was not changed") == true)
        // Refused from the file header alone: not even a -wal or -shm file was created.
        #expect(listing(location.directory) == ["termfit.sqlite"])
    }

    @Test("A database with a migration this build does not know is refused untouched")
    func unknownMigration() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try makeDatabase(location)
        let queue = try DatabaseQueue(path: location.databasePath)
        try queue.write { db in try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v9 running')") }
        try queue.close()

        #expect(
            refusal(location)
                == .newerSchema(
                    path: location.databasePath,
                    found: "schema version \(Schema.version), with migrations v9 running", supported: Schema.version))
    }

    @Test("An SQLite database made by another program is refused untouched")
    func foreignDatabase() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: location.databasePath)
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hello')")
        }
        try queue.close()
        #expect(refusal(location) == .notATermFitDatabase(path: location.databasePath))

        let other = try DatabaseQueue(path: location.databasePath)
        try other.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = 1234") }
        try other.close()
        #expect(refusal(location) == .notATermFitDatabase(path: location.databasePath))
    }

    @Test("A read-only data directory is refused untouched")
    func readOnlyDirectory() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try makeDatabase(location)
        let before = contents(location.databasePath)
        let expected = StoreError.readOnlyDirectory(path: location.directory)
        if runningAsRoot {
            #expect(chown(location.directory, nobody, gid_t(nobody)) == 0)
            #expect(chown(location.databasePath, nobody, gid_t(nobody)) == 0)
            #expect(chmod(location.directory, 0o500) == 0)
            let result = try LoadHelper.run(["open", location.directory, String(nobody)])
            #expect(result.status == 3, "\(result.errors)")
            #expect(result.output == expected.description + "\n")
        } else {
            #expect(chmod(location.directory, 0o500) == 0)
            #expect(throws: expected) { try TermFitStore.open(at: location) }
        }
        #expect(contents(location.databasePath) == before)
        #expect(listing(location.directory) == ["termfit.sqlite"])
        #expect(expected.description.contains("read-only"))
    }

    @Test("A read-only database file is refused untouched")
    func readOnlyFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try makeDatabase(location)
        let before = contents(location.databasePath)
        let expected = StoreError.readOnlyFile(path: location.databasePath)
        #expect(chmod(location.databasePath, 0o400) == 0)
        if runningAsRoot {
            #expect(chown(location.directory, nobody, gid_t(nobody)) == 0)
            #expect(chown(location.databasePath, nobody, gid_t(nobody)) == 0)
            let result = try LoadHelper.run(["open", location.directory, String(nobody)])
            #expect(result.status == 3, "\(result.errors)")
            #expect(result.output == expected.description + "\n")
        } else {
            #expect(throws: expected) { try TermFitStore.open(at: location) }
        }
        #expect(contents(location.databasePath) == before)
    }

    @Test("A data directory that cannot be created gets a clear message")
    func cannotCreateDirectory() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        #expect(FileManager.default.createFile(atPath: temporary.appending("plain-file"), contents: Data("x".utf8)))
        let location = StoreLocation(directory: temporary.appending("plain-file/termfit"), origin: .argument)
        let error = refusal(location)
        #expect(error == .cannotCreateDataDirectory(path: location.directory, reason: describe(ENOTDIR)))
        #expect(error?.description.contains("cannot create its data directory") == true)
        #expect(contents(temporary.appending("plain-file")) == Data("x".utf8))
    }

    @Test("A full disk is reported as such, and what was saved before stays")
    func diskFull() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        let store = try TermFitStore.open(at: location)
        let log = try store.profileStore(named: "anna")
        try Fixture.record(into: log)
        // Cap the database a couple of pages above its size: SQLite then reports SQLITE_FULL
        // exactly as it does when the disk runs out.
        try #require(store.pool).writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            try db.execute(sql: "PRAGMA max_page_count = \(pages + 2)")
        }
        var failure: (any Error)?
        for index in 0..<5000 {
            do {
                try log.save(
                    HIITSession(
                        exercise: String(repeating: "long exercise name ", count: 10) + "\(index)",
                        startedAt: time("2025-05-01T00:00:00Z"), duration: 1, completed: true))
            } catch {
                failure = error
                break
            }
        }
        let error = try #require(failure as? StoreError)
        #expect(error == .diskFull(path: location.databasePath))
        #expect(error.description.contains("is full; the last change was not saved"))
        #expect(try log.archive().cardSessions == Fixture.expectedArchive(profile: "anna").cardSessions)
        try store.close()
    }
}
