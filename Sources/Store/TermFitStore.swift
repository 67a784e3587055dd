import CSQLiteTuning
import Foundation
import GRDB
import Records
import Synchronization

/// TermFit's database: one SQLite file shared by every profile and every TermFit process on the
/// machine.
///
/// Open it once per process with ``open(at:check:)``, then work through a ``ProfileStore`` for the
/// active profile. Every write is its own committed transaction in write-ahead-log mode with a
/// busy timeout, so several TermFit processes (several people on one gym kiosk) can write at
/// once, and a killed process loses at most the step it was in.
public final class TermFitStore: Sendable {
    /// Where the database lives.
    public let location: StoreLocation
    /// The connection pool (one writer, a few readers) for this process; `nil` for a store
    /// opened with ``openForReading(at:)``.
    let pool: DatabasePool?
    /// What reads go through: the pool, or the read-only connection of a store opened for reading.
    private let reader: any DatabaseReader
    /// The box this store serves (its data directory's) and the sessions this process runs.
    public let leases: SessionLeases

    /// How long a write waits for another process's write to finish before giving up.
    public static let busyTimeout: TimeInterval = 5

    /// The read-only connection that checked the file, kept until `close()`: releasing a
    /// connection's dispatch queue wakes libdispatch's worker pool on Linux, whose monitor then
    /// ticks once a second for the life of the process, and an idle TermFit must not wake at all.
    private let checkingConnection: DatabaseQueue?

    /// What this process's writes cost so far, waiting for other processes included.
    public struct WriteStatistics: Sendable, Equatable {
        /// Committed or failed write transactions.
        public var count = 0
        /// The longest one, from asking for the write lock to the commit's fsync.
        public var longest = Duration.zero

        /// One line for `TERMFIT_STATS`.
        public var report: String {
            let milliseconds = Double(longest.components.attoseconds) / 1e15 + Double(longest.components.seconds) * 1000
            return "store: \(count) writes, longest \(String(format: "%.1f", milliseconds)) ms"
        }
    }

    private let statistics = Mutex(WriteStatistics())
    /// SQLite's `data_version` of the writer connection when last asked: it moves when another
    /// connection (another TermFit process) commits, never for this process's own writes.
    private let seenDataVersion = Mutex<Int?>(nil)

    /// Whether another process committed a change since the last call (the first only takes
    /// note). One `PRAGMA data_version` on the writer connection, outside any transaction.
    public func changedElsewhere() throws -> Bool {
        let version = try wrapping {
            try writer().writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        }
        return seenDataVersion.withLock { seen in
            defer { seen = version }
            return seen.map { $0 != version } ?? false
        }
    }

    /// What this process's writes cost so far.
    public var writeStatistics: WriteStatistics { statistics.withLock { $0 } }

    private init(location: StoreLocation, pool: DatabasePool, checkingConnection: DatabaseQueue?, box: String) {
        self.location = location
        leases = SessionLeases(box: box)
        self.pool = pool
        self.reader = pool
        self.checkingConnection = checkingConnection
    }

    /// How much of an existing database file is checked before it is used.
    public enum IntegrityCheck: Sendable {
        /// Every page is read (`PRAGMA quick_check`) before anything is written: damage anywhere
        /// is refused up front. Costs about 2 ms per year of daily workouts.
        case thorough
        /// Only the header and the schema are read; damage elsewhere is reported when that
        /// part is read, or by ``TermFitStore/checkIntegrity()``. A file that needs migrating
        /// is always checked thoroughly first.
        case headerAndSchema
    }

    /// Opens (creating if needed) the database at `location`.
    ///
    /// The data directory is created with mode 0700 and a new database file with mode 0600. A
    /// data directory or database file (or its `-journal`, `-wal`, `-shm`) that is a symbolic
    /// link, belongs to another user or is writable by group or others is refused
    /// (``StoreError/untrusted(path:reason:)``).
    /// Before anything is written, an existing file is checked without SQLite, then through a
    /// read-only connection: a file that is not a TermFit database, is truncated or damaged
    /// (see `check`), or was written by a newer TermFit is refused with a ``StoreError`` and
    /// left exactly as it was. Only then are pending migrations applied.
    ///
    /// - Parameters:
    ///   - check: how much of an existing file to check first (see ``IntegrityCheck``).
    ///   - box: the box the sessions started here run on. Unless given, the data directory's
    ///     path: every process that opens a file is on the box that holds it (no `box-id` file
    ///     is written for the file alone).
    /// - Throws: a ``StoreError`` describing what is wrong.
    public static func open(
        at location: StoreLocation, check: IntegrityCheck = .thorough, box: String? = nil
    ) throws -> TermFitStore {
        _ = sqliteSettings
        let path = location.databasePath
        try DataDirectory.prepare(location.directory)
        try Trust.requireDatabaseFiles(path)
        try recoverInterruptedWrite(path)
        let state = try DatabaseFile.inspect(path, supportedVersion: Schema.version)
        var checkingConnection: DatabaseQueue?
        // Whether the check found every migration applied: then the pool is not asked again
        // (that opens a reader connection before the first frame for nothing).
        var isCurrent = false
        switch state {
        case .missing:
            try DatabaseFile.createIfMissing(path)
        case .empty:
            break
        case .database(let userVersion, _):
            let needsMigrating = userVersion < Schema.version
            (checkingConnection, isCurrent) = try validateWithReadOnlyConnection(
                path, everyPage: check == .thorough || needsMigrating)
        }
        do {
            let pool = try openPool(path)
            // GRDB's pool asks for synchronous=NORMAL; TermFit wants every completed set on disk
            // even after a power cut, at the cost of one fsync per committed step.
            try pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
            if !isCurrent { try migrate(pool, path: path) }
            return TermFitStore(
                location: location, pool: pool, checkingConnection: checkingConnection,
                box: box ?? location.directory)
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
    }

    /// A store that only reads, through its checking connection.
    private init(location: StoreLocation, readingThrough connection: DatabaseQueue) {
        self.location = location
        self.pool = nil
        self.reader = connection
        leases = SessionLeases(box: "")
        self.checkingConnection = connection
    }

    /// Opens an existing database for a command that only reads it (`history`, `export`):
    /// nothing is created, migrated or written, so the file's bytes and the directory's listing
    /// stay as they are. The one exception is a write a killed process left unfinished, which is
    /// rolled back first as ``open(at:check:)`` does. The directory and files must be
    /// trustworthy, and every page is checked.
    ///
    /// - Returns: the store, or `nil` when there is no database yet (no file, an empty one, or
    ///   one never migrated): nothing to show.
    /// - Throws: ``StoreError/noDataDirectory(path:)`` when the data directory does not exist,
    ///   and the errors of ``open(at:check:)``'s checks.
    public static func openForReading(at location: StoreLocation) throws -> TermFitStore? {
        _ = sqliteSettings
        let path = location.databasePath
        var info = stat()
        guard stat(location.directory, &info) == 0 else {
            let code = errno
            if code == ENOENT { throw StoreError.noDataDirectory(path: location.directory) }
            throw StoreError.cannotOpen(path: location.directory, reason: describe(code))
        }
        try Trust.require(location.directory, directory: true)
        try Trust.requireDatabaseFiles(path)
        try recoverInterruptedWrite(path)
        guard case .database = try DatabaseFile.inspect(path, supportedVersion: Schema.version, forWriting: false)
        else { return nil }
        let (connection, _) = try validateWithReadOnlyConnection(path, everyPage: true, queryOnly: true)
        // A database an older TermFit wrote (schema 1) reads the same: its columns are the same.
        let readable = (try? connection.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }) ?? 0
        guard readable >= 1 else {
            try? connection.close()
            return nil
        }
        return TermFitStore(location: location, readingThrough: connection)
    }

    /// The pool, for writing; a store opened for reading has none.
    private func writer() throws -> DatabasePool {
        guard let pool else {
            throw StoreError.database(path: location.pathInMessages, reason: "it was opened for reading only")
        }
        return pool
    }

    /// Closes the database. Every committed write is already on disk; closing merges the
    /// write-ahead log into the database file when this was the last process using it.
    public func close() throws {
        WorkoutClaims.releaseAll(in: location)
        do {
            // Close the read-only connections first (the checking connection, then the pool's
            // readers): only a read-write connection that closes last can merge the write-ahead
            // log into the database file and remove it.
            try checkingConnection?.close()
            pool?.releaseMemory()
            try pool?.close()
        } catch {
            throw StoreError.wrapping(error, path: location.pathInMessages)
        }
    }

    /// Reads every page of the database and throws ``StoreError/corrupt(path:detail:)`` if any
    /// is damaged. Meant for a background check after opening with
    /// ``IntegrityCheck/headerAndSchema``; it only reads, so it runs beside other work.
    public func checkIntegrity() throws {
        try read { db in try Self.requireIntactPages(db, path: location.pathInMessages) }
    }

    // MARK: Profiles

    /// Every profile, sorted by name.
    public func profiles() throws -> [Profile] {
        try read { db in try Self.fetchProfiles(db) }
    }

    /// The profile with exactly this name, if any.
    public func profile(named name: String) throws -> Profile? {
        let name = try Self.validated(name)
        return try read { db in try Self.fetchProfile(db, named: name) }
    }

    /// Creates a profile.
    ///
    /// - Throws: ``StoreError/profileExists(_:)`` if the name is taken,
    ///   ``StoreError/invalidProfileName(_:_:)`` if it is not a valid name.
    @discardableResult
    public func createProfile(named name: String) throws -> Profile {
        let name = try Self.validated(name)
        return try write { db in
            if try Self.fetchProfile(db, named: name) != nil { throw StoreError.profileExists(name) }
            return try Self.insertProfile(db, named: name)
        }
    }

    /// The profile with this name, created if it does not exist yet (safe when several
    /// processes do this at once).
    public func profileCreatingIfNeeded(named name: String) throws -> Profile {
        let name = try Self.validated(name)
        // Looked up on the writer connection, outside a transaction: this runs at start-up,
        // before the first frame, and a reader connection would cost half a millisecond to open.
        let existing = try wrapping {
            try writer().writeWithoutTransaction { db in try Self.fetchProfile(db, named: name) }
        }
        if let existing { return existing }
        return try write { db in try Self.fetchProfile(db, named: name) ?? Self.insertProfile(db, named: name) }
    }

    /// Gives a profile a new name, keeping everything that belongs to it (`termfit kiosk rename`).
    ///
    /// - Throws: ``StoreError/profileNotFound(name:existing:)`` when there is no such profile,
    ///   ``StoreError/profileExists(_:)`` when the new name is taken.
    public func renameProfile(named name: String, to newName: String) throws {
        let (name, newName) = (try Self.validated(name), try Self.validated(newName))
        try write { db in
            guard try Self.fetchProfile(db, named: name) != nil else {
                throw StoreError.profileNotFound(name: name, existing: try Self.fetchProfiles(db).map(\.name))
            }
            if try Self.fetchProfile(db, named: newName) != nil { throw StoreError.profileExists(newName) }
            try db.execute(sql: "UPDATE profile SET name = ? WHERE name = ?", arguments: [newName, name])
        }
    }

    /// Deletes a profile and everything that belongs to it (its history, settings and decks go
    /// with it through the schema's cascades). Returns `false` when there was no such profile.
    @discardableResult
    public func deleteProfile(named name: String) throws -> Bool {
        let name = try Self.validated(name)
        return try write { db in
            try db.execute(sql: "DELETE FROM profile WHERE name = ?", arguments: [name])
            return db.changesCount > 0
        }
    }

    /// Everything belonging to one profile: its history, settings and flashcard decks. Switching
    /// profiles is asking for another one.
    ///
    /// - Parameter name: the profile's name; it is created if `createIfNeeded` is true.
    /// - Throws: ``StoreError/profileNotFound(name:existing:)`` when the profile does not exist
    ///   and `createIfNeeded` is false.
    public func profileStore(named name: String, createIfNeeded: Bool = true) throws -> ProfileStore {
        if createIfNeeded {
            return ProfileStore(profile: try profileCreatingIfNeeded(named: name), store: self)
        }
        guard let profile = try profile(named: name) else {
            throw StoreError.profileNotFound(name: name, existing: try profiles().map(\.name))
        }
        return ProfileStore(profile: profile, store: self)
    }

    /// The store of a profile already fetched.
    public func profileStore(for profile: Profile) -> ProfileStore {
        ProfileStore(profile: profile, store: self)
    }

    // MARK: Access helpers shared with ProfileStore

    /// Runs `body` in one read transaction, translating errors into ``StoreError``s.
    func read<Value>(_ body: (Database) throws -> Value) throws -> Value {
        try wrapping { try reader.read(body) }
    }

    /// Runs `body`, translating errors into ``StoreError``s.
    private func wrapping<Value>(_ body: () throws -> Value) throws -> Value {
        do { return try body() } catch { throw StoreError.wrapping(error, path: location.pathInMessages) }
    }

    /// Runs `body` in one committed write transaction, translating errors into ``StoreError``s.
    @discardableResult
    func write<Value>(_ body: (Database) throws -> Value) throws -> Value {
        let clock = ContinuousClock()
        let start = clock.now
        defer {
            let took = clock.now - start
            statistics.withLock { statistics in
                statistics.count += 1
                statistics.longest = max(statistics.longest, took)
            }
        }
        do {
            // Reentrant: a command carried out once (``ProfileStore/carryOut(command:_:)``) holds
            // the transaction its log's own writes join.
            return try writer().unsafeReentrantWrite { db in
                if db.isInsideTransaction { return try body(db) }
                var value: Value?
                try db.inTransaction {
                    SlowedWrites.wait()
                    value = try body(db)
                    return .commit
                }
                guard let value else { throw StoreError.database(path: location.pathInMessages, reason: "no result") }
                return value
            }
        } catch { throw StoreError.wrapping(error, path: location.pathInMessages) }
    }

    static func validated(_ name: String) throws -> String {
        switch Profile.validatedName(name) {
        case .success(let valid): return valid
        case .failure(let problem): throw StoreError.invalidProfileName(name, problem)
        }
    }

    static func fetchProfiles(_ db: Database) throws -> [Profile] {
        try Row.fetchAll(db, sql: "SELECT id, name FROM profile ORDER BY name, id").map(Self.profile(from:))
    }

    static func fetchProfile(_ db: Database, named name: String) throws -> Profile? {
        try Row.fetchOne(db, sql: "SELECT id, name FROM profile WHERE name = ?", arguments: [name])
            .map(Self.profile(from:))
    }

    static func insertProfile(_ db: Database, named name: String) throws -> Profile {
        let profile = Profile(name: name)
        try db.execute(
            sql: "INSERT INTO profile (id, name) VALUES (?, ?)", arguments: [profile.id.uuidString, profile.name])
        return profile
    }

    private static func profile(from row: Row) throws -> Profile {
        Profile(id: try Columns.uuid(row, "id"), name: try row.decode(forColumn: "name"))
    }

    // MARK: Opening

    /// SQLite's memory settings, made once per process before its first connection. A connection
    /// otherwise takes its first 20 cache pages in one block before it reads any; TermFit's
    /// connections read a handful of pages each, and the blocks were 0.3 MiB of every session.
    private static let sqliteSettings: Void = { _ = termfit_sqlite_allocate_pages_as_read() }()

    private static func configuration() -> Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "TermFit"
        configuration.maximumReaderCount = 2
        return configuration
    }

    /// Opens the connection pool. Switching a brand-new file to write-ahead logging needs an
    /// exclusive lock, and SQLite reports a clash between two processes doing so at once
    /// without waiting; the loser waits a moment and tries again, up to the busy timeout. The
    /// same goes for the write-ahead log vanishing while the pool sets itself up: GRDB looks the
    /// `-wal` file up twice, and another TermFit closing its last connection in between removes
    /// it (two members on one database, one leaving as the other arrives).
    private static func openPool(_ path: String) throws -> DatabasePool {
        let deadline = ContinuousClock.now + .milliseconds(Int(busyTimeout * 1000))
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration())
            } catch  where isPassing(error) && ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: Double.random(in: 0.005...0.05))
            }
        }
    }

    /// Whether opening failed for a moment's clash with another process, not for good.
    static func isPassing(_ error: any Error) -> Bool {
        if let error = error as? DatabaseError { return error.resultCode == .SQLITE_BUSY }
        let cocoa = error as NSError
        let vanished = cocoa.domain == NSCocoaErrorDomain && cocoa.code == NSFileReadNoSuchFileError
        return vanished && (cocoa.userInfo[NSFilePathErrorKey] as? String)?.hasSuffix("-wal") == true
    }

    /// Finishes what a process killed in the middle of a write left behind, before any check: a
    /// hot rollback journal (a kill during the very first save, before the file switched to
    /// write-ahead logging, leaves `termfit.sqlite-journal`) or a write-ahead log without its
    /// index. A read-only connection cannot roll either back and reports the file as read-only,
    /// which locked the member out for good; a read-write connection that reads the file rolls
    /// the journal back (or rebuilds the index) as SQLite's recovery prescribes. Another process
    /// in the middle of a write holds its lock, so its journal is not hot and is left alone.
    static func recoverInterruptedWrite(_ path: String) throws {
        let hasJournal = DatabaseFile.size(path + "-journal").map { $0 > 0 } ?? false
        let hasUnindexedLog = DatabaseFile.hasWriteAheadLog(path) && DatabaseFile.size(path + "-shm") == nil
        guard hasJournal || hasUnindexedLog, DatabaseFile.size(path) != nil else { return }
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration())
            defer { try? queue.close() }
            _ = try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA schema_version") }
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
    }

    /// Opens the file read-only and refuses it unless it is an undamaged TermFit database
    /// whose schema this build knows (or an empty SQLite database).
    /// Checks the file through a read-only connection and returns that connection (see
    /// `checkingConnection`), and whether every migration this build knows is applied.
    ///
    /// With `queryOnly`, the connection is opened read-write but refuses every write
    /// (`PRAGMA query_only`) when TermFit may write there: a read-only SQLite connection creates
    /// the `-wal` and `-shm` files of a database in WAL mode but cannot remove them, while a
    /// read-write one that closes last does, so a reading command leaves the directory as it
    /// found it.
    private static func validateWithReadOnlyConnection(
        _ path: String, everyPage: Bool, queryOnly: Bool = false
    ) throws -> (connection: DatabaseQueue, isCurrent: Bool) {
        var configuration = configuration()
        if queryOnly && access(path, W_OK) == 0 && access(DatabaseFile.directory(of: path), W_OK) == 0 {
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA query_only = 1") }
        } else {
            configuration.readonly = true
        }
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            do {
                let isCurrent = try queue.read { db in
                    if everyPage { try requireIntactPages(db, path: path) }
                    return try refuseUnknownSchema(db, path: path)
                }
                return (queue, isCurrent)
            } catch {
                try? queue.close()
                throw error
            }
        } catch {
            throw StoreError.wrapping(error, path: path)
        }
    }

    /// Throws ``StoreError/corrupt(path:detail:)`` unless every page of the database is intact.
    private static func requireIntactPages(_ db: Database, path: String) throws {
        let problems = try String.fetchAll(db, sql: "PRAGMA quick_check")
        if problems != ["ok"] {
            throw StoreError.corrupt(path: path, detail: problems.prefix(3).joined(separator: "; "))
        }
    }

    /// Throws unless the database is empty or a TermFit database with no migration this build
    /// does not know; returns whether every migration this build knows is applied.
    private static func refuseUnknownSchema(_ db: Database, path: String) throws -> Bool {
        let userVersion = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        let applied =
            tables.contains("grdb_migrations")
            ? Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")) : []
        // A database nobody has migrated yet: empty, or holding only the empty migrations table
        // another TermFit process has just created while it is migrating.
        if userVersion == 0 && applicationID == 0 && applied.isEmpty && tables.isSubset(of: ["grdb_migrations"]) {
            return false
        }
        guard applicationID == DatabaseFile.applicationID, tables.contains("grdb_migrations") else {
            throw StoreError.notATermFitDatabase(path: path)
        }
        let unknown = applied.subtracting(Schema.knownMigrations)
        if !unknown.isEmpty || userVersion > Schema.version {
            let found =
                unknown.isEmpty
                ? "schema version \(userVersion)"
                : "schema version \(userVersion), with migrations \(unknown.sorted().joined(separator: ", "))"
            throw StoreError.newerSchema(path: path, found: found, supported: Schema.version)
        }
        return applied.isSuperset(of: Schema.knownMigrations)
    }

    /// Applies pending migrations. Each runs in its own immediate transaction; when several
    /// processes open a new database at once, the losers of a race find the migration done and
    /// try again.
    private static func migrate(_ pool: DatabasePool, path: String) throws {
        let attempts = 5
        for attempt in 1...attempts {
            _ = try pool.read { db in try refuseUnknownSchema(db, path: path) }
            if try pool.read(Schema.migrator.hasCompletedMigrations) { return }
            do {
                try Schema.migrator.migrate(pool)
                return
            } catch {
                if try pool.read(Schema.migrator.hasCompletedMigrations) { return }
                if attempt == attempts { throw error }
            }
        }
    }
}
