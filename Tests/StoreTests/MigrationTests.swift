import Foundation
import GRDB
import Records
import Testing

@testable import Store

@Suite("Opening and migrating")
struct MigrationTests {
    @Test("A new database is created from nothing, private to its owner, in WAL mode")
    func fromEmpty() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = StoreLocation(directory: temporary.appending("deep/er/data"), origin: .argument)
        let store = try TermFitStore.open(at: location)

        var info = stat()
        #expect(stat(location.directory, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(stat(temporary.appending("deep"), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(stat(location.databasePath, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)

        try #require(store.pool).read { (db: Database) throws -> Void in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.version)
            #expect(try Int32.fetchOne(db, sql: "PRAGMA application_id") == DatabaseFile.applicationID)
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
            #expect(
                try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") == Schema.migrator.migrations)
            for table in [
                "profile", "setting", "card_session", "card_draw", "dumbbell_workout", "dumbbell_set",
                "flashcard_deck", "flashcard", "flashcard_session", "flashcard_review", "hiit_session",
            ] {
                #expect(try db.tableExists(table), "missing table \(table)")
            }
            #expect(try db.indexes(on: "dumbbell_workout").contains { $0.name == "dumbbell_workout_by_exercise" })
        }
        try #require(store.pool).writeWithoutTransaction { (db: Database) throws -> Void in
            #expect(try Int.fetchOne(db, sql: "PRAGMA synchronous") == 2)  // FULL
            #expect(try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true)
        }
        try store.close()
    }

    @Test("Opening again keeps everything and applies nothing twice")
    func reopen() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let first = try TermFitStore.open(at: temporary.location())
        let profile = try first.profileStore(named: "anna")
        try profile.save(
            HIITSession(exercise: "Squat", startedAt: time("2025-01-01T08:00:00Z"), duration: 30, completed: true))
        try first.close()

        let second = try TermFitStore.open(at: temporary.location())
        #expect(try second.profiles().map(\.name) == ["anna"])
        #expect(try second.profileStore(named: "anna").hiitSessions(since: nil, limit: nil).count == 1)
        try second.close()
    }

    @Test("Closing a database opened again merges its log: the file alone holds everything")
    func closingMergesTheLog() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        let squat = HIITSession(
            exercise: "Squat", startedAt: time("2025-01-01T08:00:00Z"), duration: 30, completed: true)
        let first = try TermFitStore.open(at: location)
        try first.profileStore(named: "anna").save(squat)
        try first.close()
        // Opened again, the file is checked through a read-only connection kept until close.
        let second = try TermFitStore.open(at: location, check: .headerAndSchema)
        var lunge = squat
        lunge.id = UUID()
        lunge.exercise = "Lunge"
        try second.profileStore(named: "anna").save(lunge)
        try second.close()

        #expect(!FileManager.default.fileExists(atPath: location.databasePath + "-wal"))
        // A copy of the database file alone (a backup, say) has both sessions.
        let copy = temporary.location("copy")
        try FileManager.default.createDirectory(atPath: copy.directory, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: location.databasePath, toPath: copy.databasePath)
        let restored = try TermFitStore.open(at: copy)
        #expect(
            try restored.profileStore(named: "anna").hiitSessions(since: nil, limit: nil).map(\.exercise).sorted()
                == ["Lunge", "Squat"])
        try restored.close()
    }

    @Test("An empty file counts as a new database")
    func emptyFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: location.databasePath, contents: Data()))
        let store = try TermFitStore.open(at: location)
        #expect(try store.profiles().isEmpty)
        try store.close()
    }

    @Test("Two stores in one process share the file")
    func twoStores() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let first = try TermFitStore.open(at: temporary.location())
        let second = try TermFitStore.open(at: temporary.location())
        try first.createProfile(named: "anna")
        #expect(try second.profiles().map(\.name) == ["anna"])
        #expect(throws: StoreError.profileExists("anna")) { try second.createProfile(named: "anna") }
        try first.close()
        try second.close()
    }
}
