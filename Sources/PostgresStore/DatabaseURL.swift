import Foundation

/// Where a box's PostgreSQL database is, from `--database URL` or `TERMFIT_DATABASE_URL`:
/// `postgresql://user@host[:port]/database?host=/socket/dir&sslmode=verify-full&sslrootcert=ca.pem`.
///
/// A password never comes from the URL (it would sit in argv, in `ps` and in shell history): it
/// comes from `PGPASSWORD`, or from a password file in libpq's format (the URL's `passfile`,
/// `PGPASSFILE`, or `~/.pgpass`). Nothing this type prints ever holds it.
public struct DatabaseURL: Sendable, Equatable, CustomStringConvertible {
    /// How the connection is secured, as libpq's `sslmode` names it.
    public enum TLSMode: String, Sendable, Equatable {
        /// No TLS.
        case disable
        /// TLS when the server offers it, unverified (libpq's default; `allow` is read as this).
        case prefer
        /// TLS, the server's certificate not verified.
        case require
        /// TLS, the certificate signed by the `sslrootcert` authority, any host name.
        case verifyCA = "verify-ca"
        /// TLS, the certificate signed by the `sslrootcert` authority and naming the host.
        case verifyFull = "verify-full"
    }

    /// The role the box connects as.
    public var user: String
    /// The TCP host, when the server is reached over TCP.
    public var host: String?
    /// The port (5432 unless the URL says).
    public var port: Int
    /// The directory of the server's unix socket, when `host=` names one (no TCP then).
    public var socketDirectory: String?
    /// The database.
    public var database: String
    /// How the connection is secured (never TLS on a unix socket).
    public var tlsMode: TLSMode
    /// The certificate authority file for `verify-ca` and `verify-full`.
    public var rootCertificate: String?
    /// The password file the URL names (`passfile=`), if any.
    public var passwordFile: String?
    /// How long TermFit waits for the server, for a connection and for any answer, before it
    /// gives up on the connection (libpq's `connect_timeout=`, in seconds; 10 unless the URL says):
    /// a stalled server never holds the box's store worker longer.
    public var timeout: TimeInterval = 10

    /// Why a URL cannot be used; the message never repeats a password.
    public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// Reads `text`.
    public init(_ text: String) throws(Problem) {
        guard let components = URLComponents(string: text),
            let scheme = components.scheme, ["postgresql", "postgres"].contains(scheme.lowercased())
        else {
            throw Problem("the database URL must start with postgresql:// (see `termfit --help`)")
        }
        if components.password != nil {
            throw Problem(
                "the database URL must not hold a password (it would show in the process list): put it in"
                    + " a password file (~/.pgpass or passfile=) or in PGPASSWORD")
        }
        guard let user = components.user, !user.isEmpty else {
            throw Problem("the database URL names no user: postgresql://USER@host/database")
        }
        let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : components.path
        guard !database.isEmpty, !database.contains("/") else {
            throw Problem("the database URL names no database: postgresql://user@host/DATABASE")
        }
        self.user = user
        self.database = database
        port = components.port ?? 5432
        host = components.host.flatMap { $0.isEmpty ? nil : $0 }
        tlsMode = .prefer
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard let value = item.value else { throw Problem("the database URL's \(item.name) has no value") }
            parameters[item.name] = value
        }
        for name in parameters.keys
        where !["host", "port", "sslmode", "sslrootcert", "passfile", "application_name", "connect_timeout"].contains(
            name)
        {
            throw Problem("the database URL's parameter \(name) is not one TermFit reads")
        }
        if let socket = parameters["host"] {
            guard socket.hasPrefix("/") else {
                throw Problem("the database URL's host= must be the directory of the server's socket")
            }
            socketDirectory = socket
            host = nil
        }
        if let text = parameters["port"] {
            guard let number = Int(text), (1...65535).contains(number) else {
                throw Problem("the database URL's port is not a port number")
            }
            port = number
        }
        if let mode = parameters["sslmode"] {
            guard let known = mode == "allow" ? .prefer : TLSMode(rawValue: mode) else {
                throw Problem(
                    "the database URL's sslmode must be disable, allow, prefer, require, verify-ca or verify-full")
            }
            tlsMode = known
        }
        if let text = parameters["connect_timeout"] {
            guard let seconds = Int(text), (1...3600).contains(seconds) else {
                throw Problem("the database URL's connect_timeout must be whole seconds from 1 to 3600")
            }
            timeout = TimeInterval(seconds)
        }
        rootCertificate = parameters["sslrootcert"]
        passwordFile = parameters["passfile"]
        if [.verifyCA, .verifyFull].contains(tlsMode), rootCertificate == nil {
            throw Problem("sslmode=\(tlsMode.rawValue) needs sslrootcert=FILE, the certificate authority to trust")
        }
        guard host != nil || socketDirectory != nil else {
            throw Problem("the database URL names no host: postgresql://user@HOST/database or ?host=/socket/dir")
        }
    }

    /// The unix socket's path, when the server is reached through one.
    public var socketPath: String? { socketDirectory.map { "\($0)/.s.PGSQL.\(port)" } }

    /// The URL as messages show it: never a password (it has none).
    public var description: String {
        let place = host.map { port == 5432 ? $0 : "\($0):\(port)" } ?? ""
        let socket = socketDirectory.map { "?host=\($0)" } ?? ""
        return "postgresql://\(user)@\(place)/\(database)\(socket)"
    }

    /// The password for this URL: `PGPASSWORD`, else the first matching line of the password file
    /// (the URL's `passfile`, else `PGPASSFILE`, else `~/.pgpass`), else none.
    public func password(environment: [String: String]) -> String? {
        if let password = environment["PGPASSWORD"], !password.isEmpty { return password }
        let file =
            passwordFile ?? environment["PGPASSFILE"]
            ?? environment["HOME"].map { "\($0)/.pgpass" }
        guard let file, let text = try? String(contentsOfFile: file, encoding: .utf8) else { return nil }
        // libpq's format: host:port:database:user:password, `*` matching anything, `\` escaping;
        // a socket connection matches "localhost" or its socket directory.
        let hosts = host.map { [$0] } ?? ["localhost", socketDirectory ?? ""]
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix("#") {
            let fields = Self.fields(of: String(line))
            guard fields.count == 5 else { continue }
            func matches(_ field: String, _ values: [String]) -> Bool { field == "*" || values.contains(field) }
            if matches(fields[0], hosts), matches(fields[1], [String(port)]), matches(fields[2], [database]),
                matches(fields[3], [user])
            {
                return fields[4]
            }
        }
        return nil
    }

    /// A `.pgpass` line's fields: split at unescaped colons, `\:` and `\\` unescaped.
    private static func fields(of line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
