import Foundation
import Records
import Store
import Testing

@testable import PostgresStore

/// The backends of the store contract the conformance suite runs against.
enum Backend: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgresql

    var testDescription: String { rawValue }

    /// The private cluster `make test` starts (Scripts/postgres-cluster.sh): the URL of its
    /// `postgres` database, in which each test makes a database of its own.
    static let serverVariable = "TERMFIT_TEST_POSTGRES_URL"

    /// Why the PostgreSQL cases did not run, as the run shows it.
    static let skipReason: Comment = """
        PostgreSQL skipped: \(serverVariable) is not set (`make test` starts a private cluster with \
        Scripts/postgres-cluster.sh and sets it)
        """

    static var serverURL: String? {
        ProcessInfo.processInfo.environment[serverVariable].flatMap { $0.isEmpty ? nil : $0 }
    }
}

/// A fresh, empty store of one backend for one test: a new SQLite file in a scratch directory,
/// or a new database on the test server. ``remove()`` deletes it.
final class FreshStore {
    let backend: Backend
    let store: any MemberStore
    /// The database's URL (PostgreSQL) or directory (SQLite).
    let place: String
    private let cleanup: () -> Void

    /// Makes the store; on PostgreSQL without a server to run against, cancels the test case and
    /// says why (the run shows it as skipped with that reason, never silently passed).
    init(_ backend: Backend) throws {
        self.backend = backend
        switch backend {
        case .sqlite:
            let directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("termfit-conformance-\(UUID().uuidString)").path
            let store = try TermFitStore.open(at: StoreLocation(directory: directory, origin: .argument))
            self.store = store
            place = directory
            cleanup = {
                try? store.close()
                try? FileManager.default.removeItem(atPath: directory)
            }
        case .postgresql:
            guard let server = Backend.serverURL else {
                try Test.cancel(Backend.skipReason)
            }
            let name = "termfit_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
            try TestServer.execute("CREATE DATABASE \(name)", at: server)
            let url = try DatabaseURL(server.replacingOccurrences(of: "@/postgres", with: "@/\(name)"))
            let store = try PostgresStore(url: url, environment: [:])
            self.store = store
            place = url.description
            cleanup = {
                store.close()
                try? TestServer.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)", at: server)
            }
        }
    }

    /// A second store on the same data, as another box (or another window) opens it.
    func another() throws -> any MemberStore {
        switch backend {
        case .sqlite: try TermFitStore.open(at: StoreLocation(directory: place, origin: .argument))
        case .postgresql: try PostgresStore(url: try DatabaseURL(place), environment: [:])
        }
    }

    /// A second store on the same data served by the box `box` (a SQLite file is one box's, but
    /// the rule is the same code on both backends).
    func another(box: String) throws -> any MemberStore & RenewsSessionLeases {
        switch backend {
        case .sqlite: try TermFitStore.open(at: StoreLocation(directory: place, origin: .argument), box: box)
        case .postgresql: try PostgresStore(url: try DatabaseURL(place), environment: [:], box: box)
        }
    }

    func remove() { cleanup() }
}

/// Statements on the test server outside any TermFit database (making and dropping them).
enum TestServer {
    static func execute(_ statement: String, at urlText: String) throws {
        let url = try DatabaseURL(urlText)
        guard let socket = url.socketDirectory else {
            throw DatabaseURL.Problem("the test server is on a unix socket")
        }
        let connection = try PostgresConnection.connect(
            [("user", url.user), ("dbname", url.database), ("host", socket), ("port", String(url.port))], timeout: 30)
        defer { connection.close() }
        _ = try connection.run(PostgresQuery(unsafeSQL: statement), timeout: 60)
    }
}

/// A time given as ISO-8601 text.
func time(_ text: String) -> Date {
    guard let date = ISO8601DateFormatter().date(from: text) else {
        Issue.record("not an ISO-8601 time: \(text)")
        return Date(timeIntervalSince1970: 0)
    }
    return date
}
