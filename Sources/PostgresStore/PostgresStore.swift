import Foundation
import Records

/// The PostgreSQL backend of the store contract: several kiosk boxes share one server, so a
/// member's history, routines and settings are the same on every box.
///
/// It keeps one connection through the system's libpq (loaded on first use), opened on first
/// use and opened again after it broke; every call blocks its caller (the store worker, never
/// the run loop) until the server answered, or the URL's timeout passed. Every query of a
/// member's data names the member's profile.
///
/// One caller at a time is the rule (the store worker); a lock keeps another thread's query out
/// of a transaction all the same.
public final class PostgresStore: MemberStore, @unchecked Sendable {
    /// Why the server could not do what was asked; no message holds a password.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
        /// The server's SQLSTATE, when it refused a statement.
        public let sqlState: String?

        public init(description: String, sqlState: String? = nil) {
            self.description = description
            self.sqlState = sqlState
        }
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

    /// Connects to `url` (the password from `environment`: ``DatabaseURL/password(environment:)``)
    /// and brings the schema up to date. `box` is the box the sessions started here run on (the
    /// data directory's, `StoreLocation.boxIdentifier()`); a new one when not given.
    public init(
        url: DatabaseURL, environment: [String: String] = TermFitEnvironment.process,
        box: String = UUID().uuidString
    ) throws {
        self.url = url
        leases = SessionLeases(box: box)
        password = url.password(environment: environment)
        try PostgresSchema.migrate(self)
    }

    deinit { close() }

    /// Closes the connection (a later call opens another); nothing is waited for.
    public func close() {
        locked {
            connection?.close()
            connection = nil
        }
    }

    // MARK: Queries

    /// Runs `query` and returns its rows.
    @discardableResult
    func rows(_ query: PostgresQuery) throws -> [PostgresRow] {
        try answer(query).rows
    }

    /// Runs `query` and returns how many rows it changed.
    func changes(_ query: PostgresQuery) throws -> Int {
        try answer(query).changedRows
    }

    /// Runs `query` on the open connection, waiting at most the URL's timeout: a server that
    /// stalls (it stopped answering, a link that drops packets) has the connection closed and a
    /// ``Failure`` thrown, so the caller goes on (the command waits on the box, the member keeps
    /// working).
    private func answer(_ query: PostgresQuery) throws -> PostgresResult {
        try locked {
            let open = try opened()
            do {
                return try open.run(query, timeout: url.timeout)
            } catch {
                if !open.isOpen {
                    open.close()
                    connection = nil
                }
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
            if let open = connection, open.isOpen { _ = try? rows("ROLLBACK") }
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
        if let open = connection, open.isOpen { return open }
        connection?.close()
        connection = nil
        do {
            let open = try PostgresConnection.connect(parameters, timeout: url.timeout)
            connection = open
            return open
        } catch {
            throw failure(error)
        }
    }

    /// libpq's connection keywords for the URL: every one TermFit decides is given, so no PG*
    /// variable of the environment changes where or how the box connects.
    private var parameters: [(String, String)] {
        var parameters = [
            ("user", url.user), ("dbname", url.database), ("port", String(url.port)),
            ("application_name", "termfit"), ("client_encoding", "UTF8"), ("gssencmode", "disable"),
            ("connect_timeout", String(Int(url.timeout))),
        ]
        if let socket = url.socketDirectory {
            // Never TLS on a unix socket.
            parameters += [("host", socket), ("sslmode", "disable")]
        } else {
            parameters += [("host", url.host ?? "localhost"), ("sslmode", url.tlsMode.rawValue)]
            if [.verifyCA, .verifyFull].contains(url.tlsMode), let authority = url.rootCertificate {
                parameters.append(("sslrootcert", authority))
            }
        }
        if let password { parameters.append(("password", password)) }
        return parameters
    }

    /// `error` in words: the server's own message when it sent one, never the password.
    private func failure(_ error: any Error) -> Failure {
        switch error {
        case let failure as Failure: return failure
        case PostgresConnection.Problem.unavailable(let message): return Failure(description: message)
        case PostgresConnection.Problem.timedOut:
            return Failure(
                description: "the database \(url) did not answer within \(Int(url.timeout)) s (connect_timeout)")
        case PostgresConnection.Problem.refused(let sqlState, let message):
            return Failure(description: "the database \(url) refused: \(message)", sqlState: sqlState)
        case PostgresConnection.Problem.failed(let message):
            if let failure = tlsFailure(message) { return failure }
            // libpq's message of a server that refused the connection: "…failed: FATAL:  why".
            if let range = message.range(of: "FATAL:") {
                let reason = message[range.upperBound...].prefix { $0 != "\n" }
                return Failure(
                    description: "the database \(url) refused: \(reason.trimmingCharacters(in: .whitespaces))")
            }
            return Failure(description: "cannot reach the database \(url) (\(Self.oneLine(message)))")
        default:
            return Failure(description: "cannot reach the database \(url) (\(error))")
        }
    }

    /// libpq's message on one line: its lines joined, tabs and the last newline gone.
    static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: "; ")
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
