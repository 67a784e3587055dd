import Foundation
import PostgresStore
import Records
import TestSupport
import Testing

/// The link between a box and its PostgreSQL server failing under a member's workout: a server
/// that stalls (a loopback proxy that stops forwarding), connections that drop. The store gives
/// up within the URL's timeout and connects again once the server answers.
@Suite("PostgreSQL faults", .serialized)
struct PostgresFaultTests {
    /// A fresh database on the test server, reached through `proxy` over TCP with a one-second
    /// timeout.
    private static func store(through proxy: inout LoopbackProxy?, fresh: FreshStore) throws -> PostgresStore {
        let server = try PostgresConnectionTests.server()
        let socket = try #require(server.socketPath)
        let made = try LoopbackProxy(forwardingTo: socket)
        proxy = made
        let database = try DatabaseURL(fresh.place)
        let url = try DatabaseURL(
            "postgresql://\(database.user)@127.0.0.1:\(made.port)/\(database.database)?sslmode=disable&connect_timeout=1"
        )
        return try PostgresStore(url: url, environment: [:])
    }

    private static func exercise(_ name: String) -> HIITSession {
        HIITSession(exercise: name, startedAt: Date(), duration: 30, completed: true)
    }

    @Test("a stalled server: a save gives up within the timeout, and goes in once the server answers again")
    func stalledServer() throws {
        let fresh = try FreshStore(.postgresql)
        defer { fresh.remove() }
        var proxy: LoopbackProxy?
        defer { proxy?.close() }
        let store = try Self.store(through: &proxy, fresh: fresh)
        defer { store.close() }
        let log = store.memberData(for: try store.profileCreatingIfNeeded(named: "pat"))
        try log.save(Self.exercise("Burpee"))

        try #require(proxy).stall()
        let started = Date()
        let error = try #require(throws: PostgresStore.Failure.self) { try log.save(Self.exercise("Squat")) }
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.9 && waited < 4, "gave up after \(waited) s")
        #expect(error.description.contains("did not answer within 1 s"))

        try #require(proxy).resume()
        try log.save(Self.exercise("Squat"))
        let names = try log.hiitSessions(since: nil, limit: nil).map(\.exercise).sorted()
        #expect(names == ["Burpee", "Squat"])
    }

    @Test("a server that stalls as a box connects: the connection gives up within the timeout")
    func stalledWhileConnecting() throws {
        let fresh = try FreshStore(.postgresql)
        defer { fresh.remove() }
        var proxy: LoopbackProxy?
        defer { proxy?.close() }
        let store = try Self.store(through: &proxy, fresh: fresh)
        store.close()
        try #require(proxy).stall()
        let started = Date()
        #expect(throws: PostgresStore.Failure.self) { try store.profiles() }
        #expect(Date().timeIntervalSince(started) < 4)
    }

    @Test("dropped connections: the store connects again, and a command carried out once is not doubled")
    func droppedConnections() throws {
        let fresh = try FreshStore(.postgresql)
        defer { fresh.remove() }
        var proxy: LoopbackProxy?
        defer { proxy?.close() }
        let store = try Self.store(through: &proxy, fresh: fresh)
        defer { store.close() }
        let log = store.memberData(for: try store.profileCreatingIfNeeded(named: "pat"))
        let ledger = try #require(log as? any CarriesOutCommandsOnce)
        let command = UUID()
        _ = try ledger.carryOut(command: command) { try log.save(Self.exercise("Burpee")) }

        try #require(proxy).dropConnections()
        // The box does not know whether its command went in: it sends it again, at most twice
        // (the first try may meet the broken connection).
        var answers: [String?] = []
        for _ in 1...2 where answers.isEmpty {
            do {
                answers.append(
                    try ledger.carryOut(command: command) {
                        try log.save(Self.exercise("Burpee"))
                        return "carried out again"
                    })
            } catch {
                continue
            }
        }
        #expect(answers == [nil], "the command was known as carried out")
        #expect(try log.hiitSessions(since: nil, limit: nil).count == 1)
    }
}
