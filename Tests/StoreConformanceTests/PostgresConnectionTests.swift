import Foundation
import PostgresStore
import Records
import Synchronization
import Testing

/// What only the PostgreSQL backend has: a password, a server that is away, a connection that
/// breaks. Each runs against the test server (`make test`'s private cluster).
@Suite("PostgreSQL connection")
struct PostgresConnectionTests {
    static func server() throws -> DatabaseURL {
        guard let text = Backend.serverURL else {
            try Test.cancel("PostgreSQL skipped: \(Backend.serverVariable) is not set")
        }
        return try DatabaseURL(text)
    }

    @Test("eight boxes opening a new database at the same instant all start, and each migration is applied once")
    func boxesStartingTogetherOnANewServer() throws {
        let server = try Self.server()
        let name = "termfit_together_" + UUID().uuidString.prefix(8).lowercased()
        try TestServer.execute("CREATE DATABASE \(name)", at: server.description)
        defer { try? TestServer.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", at: server.description) }
        let url = try DatabaseURL(server.description.replacingOccurrences(of: "@/postgres", with: "@/\(name)"))
        let failures = Mutex<[String]>([])
        // A thread per box (not a pool the size of the cores), each let go at the same instant.
        let started = DispatchGroup()
        let go = DispatchSemaphore(value: 0)
        for box in 0..<8 {
            started.enter()
            Thread.detachNewThread {
                defer { started.leave() }
                go.wait()
                do {
                    let store = try PostgresStore(url: url, environment: [:], box: "box-\(box)")
                    _ = try store.profileCreatingIfNeeded(named: "ana")
                    store.close()
                } catch {
                    failures.withLock { $0.append(String(describing: error)) }
                }
            }
        }
        for _ in 0..<8 { go.signal() }
        started.wait()
        #expect(failures.withLock { $0 } == [])
        let store = try PostgresStore(url: url, environment: [:])
        defer { store.close() }
        #expect(try store.profiles().map(\.name) == ["ana"])
    }

    @Test("an import refused for a workout another member holds adds nothing, not even the new member")
    func aRefusedImportLeavesNoProfile() throws {
        let fresh = try FreshStore(.postgresql)
        defer { fresh.remove() }
        let store = try #require(fresh.store as? PostgresStore)
        let ana = store.memberData(for: try store.profileCreatingIfNeeded(named: "ana"))
        let workout = ConformanceTests.workout("Bench press", at: "2026-11-20T08:00:00Z", weights: [20])
        try ana.start(workout)
        let archive = ProfileArchive(profile: "ben", dumbbellWorkouts: [workout])
        #expect(throws: (any Error).self) { try store.importArchive(archive, intoProfile: "ben") }
        #expect(try store.profiles().map(\.name) == ["ana"])
    }

    @Test("a box's role signs in with the password from its file; a wrong one is refused and never shown")
    func passwordFile() throws {
        let server = try Self.server()
        let tag = UUID().uuidString.prefix(8).lowercased().replacingOccurrences(of: "-", with: "")
        let (role, database, password) = ("box_\(tag)", "gym_\(tag)", "pw-\(UUID().uuidString)")
        let admin = server.description
        try TestServer.execute(
            "DO $$ BEGIN CREATE ROLE termfit_boxes NOLOGIN; EXCEPTION WHEN duplicate_object THEN NULL; END $$",
            at: admin)
        try TestServer.execute("CREATE ROLE \(role) LOGIN PASSWORD '\(password)' IN ROLE termfit_boxes", at: admin)
        try TestServer.execute("CREATE DATABASE \(database) OWNER \(role)", at: admin)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(tag)").path
        defer {
            try? FileManager.default.removeItem(atPath: file)
            try? TestServer.execute("DROP DATABASE IF EXISTS \(database) WITH (FORCE)", at: admin)
            try? TestServer.execute("DROP ROLE IF EXISTS \(role)", at: admin)
        }
        try "*:*:\(database):\(role):\(password)\n".write(toFile: file, atomically: true, encoding: .utf8)
        let url = try DatabaseURL(
            "postgresql://\(role)@/\(database)?host=\(server.socketDirectory ?? "")&passfile=\(file)")

        let store = try PostgresStore(url: url, environment: [:])
        #expect(try store.profileCreatingIfNeeded(named: "ana").name == "ana")
        store.close()

        let wrong = "wrong-\(UUID().uuidString)"
        let error = try #require(throws: PostgresStore.Failure.self) {
            try PostgresStore(url: url, environment: ["PGPASSWORD": wrong])
        }
        #expect(error.description.contains("password authentication failed"))
        #expect(!error.description.contains(wrong))
        #expect(!error.description.contains(password))
    }

    @Test("a server that is not there is an error at once, naming the database without a password")
    func serverAway() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-server-\(UUID().uuidString)")
        let url = try DatabaseURL("postgresql://termfit@/gym?host=\(missing.path)")
        let started = Date()
        let error = try #require(throws: PostgresStore.Failure.self) { try PostgresStore(url: url, environment: [:]) }
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(error.description.contains("cannot reach the database postgresql://termfit@/gym"))
    }

    @Test("a connection the server ended is opened again for the next call")
    func reconnects() throws {
        _ = try Self.server()
        let fresh = try FreshStore(.postgresql)
        defer { fresh.remove() }
        _ = try fresh.store.profileCreatingIfNeeded(named: "ana")
        let database = try DatabaseURL(fresh.place).database
        let server = try Self.server().description
        try TestServer.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)'", at: server)
        // pg_terminate_backend only asks: wait (10 s at most) until the backend has gone, so the
        // next call meets the ended connection and not one about to end.
        try TestServer.execute(
            """
            DO $$ BEGIN
                WHILE EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = '\(database)')
                    AND clock_timestamp() < now() + interval '10 seconds' LOOP
                    PERFORM pg_sleep(0.01);
                    PERFORM pg_stat_clear_snapshot();
                END LOOP;
            END $$
            """, at: server)
        // The call that meets the broken connection may fail; the one after it goes through.
        _ = try? fresh.store.profiles()
        #expect(try fresh.store.profiles().map(\.name) == ["ana"])
    }
}
