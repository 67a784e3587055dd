import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import PostgresNIO
import Records

/// The PostgreSQL backend of the store contract: several kiosk boxes share one server, so a
/// member's history, routines and settings are the same on every box.
///
/// It keeps one connection, opened on first use and opened again after it broke; every call
/// blocks its caller (the store worker, never the run loop) until the server answered. Every
/// query of a member's data names the member's profile.
///
/// One caller at a time is the rule (the store worker); a lock keeps another thread's query out
/// of a transaction all the same.
public final class PostgresStore: MemberStore, @unchecked Sendable {
    /// Why the server could not do what was asked; no message holds a password.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    /// Where the database is (its description is what messages show).
    public let url: DatabaseURL
    private let password: String?
    /// Guards `connection`, and holds a transaction's queries together.
    private let lock = NSRecursiveLock()
    private var connection: PostgresConnection?
    /// How many transactions are open on this thread's calls: only the outermost begins and
    /// commits (a command carried out once holds the transaction its log's writes join).
    private var depth = 0
    /// The box this store serves and the sessions this process runs on it.
    public let leases: SessionLeases
    private let logger = Logger(label: "termfit.postgres") { _ in SwiftLogNoOpLogHandler() }

    /// Connects to `url` (the password from `environment`: ``DatabaseURL/password(environment:)``)
    /// and brings the schema up to date. `box` is the box the sessions started here run on (the
    /// data directory's, `StoreLocation.boxIdentifier()`); a new one when not given.
    public init(
        url: DatabaseURL, environment: [String: String] = ProcessInfo.processInfo.environment,
        box: String = UUID().uuidString
    ) throws {
        self.url = url
        leases = SessionLeases(box: box)
        password = url.password(environment: environment)
        try PostgresSchema.migrate(self)
    }

    deinit { close() }

    /// Closes the connection (a later call opens another).
    public func close() {
        let open = locked {
            defer { connection = nil }
            return connection
        }
        guard let open else { return }
        // A stalled server does not hold the end of TermFit either.
        let answer = Answer<Void>()
        // The connection lives until it is closed (postgres-nio asks that of every connection).
        open.close().whenComplete { result in withExtendedLifetime(open) { answer.give(result) } }
        _ = answer.wait(seconds: url.timeout)
    }

    // MARK: Queries

    /// Runs `query` and returns its rows.
    @discardableResult
    func rows(_ query: PostgresQuery) throws -> [PostgresRow] {
        try locked {
            let open = try opened()
            do {
                return Array(try waited(open.query(query, logger: logger), closing: open).rows)
            } catch {
                if open.isClosed { connection = nil }
                throw failure(error)
            }
        }
    }

    /// Runs `query` and returns how many rows it changed.
    func changes(_ query: PostgresQuery) throws -> Int {
        try locked {
            let open = try opened()
            do {
                return try waited(open.query(query, logger: logger), closing: open).metadata.rows ?? 0
            } catch {
                if open.isClosed { connection = nil }
                throw failure(error)
            }
        }
    }

    /// Runs `body` in one transaction: all of it is committed, or none of it.
    func transaction<Value>(_ body: () throws -> Value) throws -> Value {
        try locked { try transactionLocked(body) }
    }

    private func transactionLocked<Value>(_ body: () throws -> Value) throws -> Value {
        if depth > 0 {
            depth += 1
            defer { depth -= 1 }
            return try body()
        }
        try rows("BEGIN")
        depth = 1
        defer { depth = 0 }
        do {
            let value = try body()
            try rows("COMMIT")
            return value
        } catch {
            // A connection that broke or was given up on rolled the transaction back already.
            if let open = connection, !open.isClosed { _ = try? rows("ROLLBACK") }
            throw error
        }
    }

    private func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// The open connection, opened now if there is none (or it broke). Called with the lock held.
    private func opened() throws -> PostgresConnection {
        if let open = connection, !open.isClosed { return open }
        let configuration: PostgresConnection.Configuration
        if let socket = url.socketPath {
            configuration = .init(
                unixSocketPath: socket, username: url.user, password: password, database: url.database)
        } else {
            configuration = .init(
                host: url.host ?? "localhost", port: url.port, username: url.user, password: password,
                database: url.database, tls: try tls())
        }
        var options = configuration
        options.options.connectTimeout = .milliseconds(Int64(url.timeout * 1000))
        do {
            let connecting = PostgresConnection.connect(
                on: MultiThreadedEventLoopGroup.singleton.any(), configuration: options, id: 1, logger: logger)
            let open = try waited(connecting, closing: nil)
            connection = open
            return open
        } catch {
            throw failure(error)
        }
    }

    /// Closes `open` without waiting, keeping it alive until it is closed.
    private static func closeLater(_ open: PostgresConnection) {
        let closing: EventLoopFuture<Void> = open.close()
        closing.whenComplete { _ in withExtendedLifetime(open) {} }
    }

    /// The value of `future` once the server answered, waiting at most the URL's timeout: a
    /// server that stalls (it stopped answering, a link that drops packets) has the connection
    /// closed (`closing`, or the one being made when it comes late) and a ``Failure`` thrown, so
    /// the caller goes on (the command waits on the box, the member keeps working).
    private func waited<Value: Sendable>(_ future: EventLoopFuture<Value>, closing open: PostgresConnection?) throws
        -> Value
    {
        let answer = Answer<Value>()
        future.whenComplete { answer.give($0) }
        guard answer.wait(seconds: url.timeout) else {
            if let open {
                Self.closeLater(open)
                connection = nil
            } else {
                // The connection being made: closed as soon as it is made after all.
                future.whenSuccess { late in
                    if let late = late as? PostgresConnection { Self.closeLater(late) }
                }
            }
            throw Failure(
                description: "the database \(url) did not answer within \(Int(url.timeout)) s (connect_timeout)")
        }
        return try answer.result()
    }

    /// The TLS the URL's `sslmode` asks for.
    private func tls() throws -> PostgresConnection.Configuration.TLS {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch url.tlsMode {
        case .disable: return .disable
        case .prefer, .require: configuration.certificateVerification = .none
        case .verifyCA: configuration.certificateVerification = .noHostnameVerification
        case .verifyFull: configuration.certificateVerification = .fullVerification
        }
        if let authority = url.rootCertificate { configuration.trustRoots = .file(authority) }
        do {
            let context = try NIOSSLContext(configuration: configuration)
            if url.tlsMode == .prefer { return .prefer(context) }
            return .require(context)
        } catch {
            throw Failure(description: "cannot read the TLS settings of \(url): \(error)")
        }
    }

    /// `error` in words: the server's own message when it sent one, never the password.
    private func failure(_ error: any Error) -> Failure {
        if let failure = error as? Failure { return failure }
        if let failure = tlsFailure(error) { return failure }
        if let error = error as? PSQLError {
            if let message = error.serverInfo?[.message] {
                return Failure(description: "the database \(url) refused: \(message)")
            }
            return Failure(description: "cannot reach the database \(url) (\(error.code))")
        }
        return Failure(description: "cannot reach the database \(url) (\(error))")
    }

    // MARK: The store contract

    public func profiles() throws -> [Profile] {
        try rows("SELECT id, name FROM profile ORDER BY name").map(Self.profile)
    }

    public func profile(named name: String) throws -> Profile? {
        try rows("SELECT id, name FROM profile WHERE name = \(name)").first.map(Self.profile)
    }

    /// The profile with this identifier, whatever its name, if it still exists.
    public func profile(id: UUID) throws -> Profile? {
        try rows("SELECT id, name FROM profile WHERE id = \(id.uuidString)").first.map(Self.profile)
    }

    public func profileCreatingIfNeeded(named name: String) throws -> Profile {
        let valid: String
        switch Profile.validatedName(name) {
        case .success(let name): valid = name
        case .failure(let problem): throw Failure(description: "\(problem)")
        }
        // Two boxes making the same member at once: the name is unique, so one insert wins and
        // both read that row.
        try rows(
            """
            INSERT INTO profile (id, name) VALUES (\(UUID().uuidString), \(valid)) ON CONFLICT (name) DO NOTHING
            """)
        guard let profile = try profile(named: valid) else {
            throw Failure(description: "the profile \(valid) was removed as it was made")
        }
        return profile
    }

    public func memberData(for profile: Profile) -> any MemberData { PostgresMember(profile: profile, store: self) }

    private static func profile(_ row: PostgresRow) throws -> Profile {
        let (id, name) = try row.decode((String, String).self)
        guard let identifier = UUID(uuidString: id) else {
            throw Failure(description: "the profile \(name) has an identifier that is not a UUID")
        }
        return Profile(id: identifier, name: name)
    }
}

/// A future's outcome, handed from the event loop to the thread that waits for it.
private final class Answer<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var outcome: Result<Value, any Error>?
    private let given = DispatchSemaphore(value: 0)

    func give(_ result: Result<Value, any Error>) {
        lock.withLock { outcome = result }
        given.signal()
    }

    /// Whether the outcome came within `seconds`.
    func wait(seconds: TimeInterval) -> Bool {
        given.wait(timeout: .now() + .milliseconds(Int(seconds * 1000))) == .success
    }

    func result() throws -> Value {
        guard let outcome = lock.withLock({ outcome }) else {
            throw PostgresStore.Failure(description: "the database gave no answer")
        }
        return try outcome.get()
    }
}
