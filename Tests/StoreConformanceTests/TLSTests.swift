import Foundation
import PostgresStore
import Records
import Testing

/// TLS to the server as libpq's `sslmode` has it, against a private cluster of its own with
/// `ssl=on` on loopback TCP (127.0.0.1 and 127.0.0.2) that lets a TCP connection in only over
/// TLS (`hostssl`), and certificates `openssl` makes here: an authority, a server certificate it
/// signs for localhost and 127.0.0.1, and an authority that signed nothing of the server's.
@Suite("PostgreSQL over TLS", .serialized)
struct TLSTests {
    /// The cluster and its certificates, made once for the suite and removed as the test process
    /// exits.
    final class Cluster: Sendable {
        let directory: String
        let port: Int
        var path: String { directory + "/cluster" }

        static let shared = Result { try Cluster() }

        private init() throws {
            directory =
                FileManager.default.temporaryDirectory.appendingPathComponent("termfit-tls-\(UUID().uuidString)")
                .path
            port = Int.random(in: 20_000..<60_000)
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try TLSTests.makeCertificates(in: directory)
            try TLSTests.run([TLSTests.script, "start", path, directory, String(port)])
            atexit {
                guard case .success(let cluster) = Cluster.shared else { return }
                try? TLSTests.run([TLSTests.script, "stop", cluster.path])
                try? FileManager.default.removeItem(atPath: cluster.directory)
            }
        }
    }

    private let cluster: Cluster
    private var directory: String { cluster.directory }
    private var port: Int { cluster.port }
    fileprivate static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scripts/postgres-cluster.sh")
        .path

    init() throws {
        guard Backend.serverURL != nil else {
            try Test.cancel("PostgreSQL skipped: \(Backend.serverVariable) is not set")
        }
        cluster = try Cluster.shared.get()
    }

    /// The URL of the cluster's `postgres` database over TCP at `host`.
    private func url(_ host: String, _ parameters: String) throws -> DatabaseURL {
        try DatabaseURL("postgresql://termfit@\(host):\(port)/postgres?\(parameters)")
    }

    private var authority: String { directory + "/ca.crt" }
    private var otherAuthority: String { directory + "/other-ca.crt" }

    @Test("verify-full with the authority that signed the server's certificate: in, by its address or its name")
    func verifyFull() throws {
        for host in ["127.0.0.1", "localhost"] {
            let store = try PostgresStore(
                url: try url(host, "sslmode=verify-full&sslrootcert=\(authority)"), environment: [:])
            #expect(try store.profileCreatingIfNeeded(named: "ana").name == "ana")
            store.close()
        }
    }

    @Test("verify-full with another authority is refused, and the message says the certificate is not trusted")
    func wrongAuthority() throws {
        let error = try #require(throws: PostgresStore.Failure.self) {
            try PostgresStore(
                url: try url("127.0.0.1", "sslmode=verify-full&sslrootcert=\(otherAuthority)"), environment: [:])
        }
        #expect(error.description.contains("certificate"))
        #expect(error.description.contains(otherAuthority))
    }

    @Test("verify-full to an address the certificate does not name is refused, naming the host")
    func wrongHost() throws {
        let error = try #require(throws: PostgresStore.Failure.self) {
            try PostgresStore(
                url: try url("127.0.0.2", "sslmode=verify-full&sslrootcert=\(authority)"), environment: [:])
        }
        #expect(error.description.contains("does not name 127.0.0.2"))
    }

    @Test("verify-ca checks the authority but not the host; require encrypts without checking either")
    func weakerModes() throws {
        for parameters in ["sslmode=verify-ca&sslrootcert=\(authority)", "sslmode=require", "sslmode=prefer"] {
            let store = try PostgresStore(url: try url("127.0.0.2", parameters), environment: [:])
            // Over TCP the server lets in only TLS (hostssl): a profile made is a connection encrypted.
            #expect(try store.profileCreatingIfNeeded(named: "ben").name == "ben", "\(parameters)")
            store.close()
        }
        let error = try #require(throws: PostgresStore.Failure.self) {
            try PostgresStore(
                url: try url("127.0.0.2", "sslmode=verify-ca&sslrootcert=\(otherAuthority)"), environment: [:])
        }
        #expect(error.description.contains("certificate"))
    }

    @Test("disable sends no TLS: a server that lets in only TLS refuses it, as it refuses libpq")
    func disable() throws {
        let error = try #require(throws: PostgresStore.Failure.self) {
            try PostgresStore(url: try url("127.0.0.1", "sslmode=disable"), environment: [:])
        }
        #expect(error.description.contains("no encryption"))
    }

    // MARK: Certificates and processes

    fileprivate static func makeCertificates(in directory: String) throws {
        func openssl(_ arguments: [String]) throws { try run(["openssl"] + arguments, in: directory) }
        for name in ["ca", "other-ca"] {
            try openssl([
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "\(name).key", "-out", "\(name).crt",
                "-days", "2", "-subj", "/CN=TermFit test \(name)",
            ])
        }
        try openssl([
            "req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj",
            "/CN=localhost",
        ])
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(
            toFile: directory + "/server.ext", atomically: true, encoding: .utf8)
        try openssl([
            "x509", "-req", "-in", "server.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial", "-out",
            "server.crt", "-days", "2", "-extfile", "server.ext",
        ])
    }

    /// Runs a command (in `directory` when given) and throws when it fails. Its output goes to a
    /// file, not a pipe (the server the cluster script starts would hold a pipe open), and it is
    /// waited for with `waitpid` (Foundation's `Process` can miss the end of a child here).
    fileprivate static func run(_ arguments: [String], in directory: String? = nil) throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-tls-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let command = directory.map { ["sh", "-c", "cd \"$0\" && exec \"$@\"", $0] + arguments } ?? arguments
        let argv = (["/usr/bin/env"] + command).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/env", &actions, nil, argv, environ) == 0 else {
            throw DatabaseURL.Problem("cannot start \(arguments[0])")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw DatabaseURL.Problem("\(arguments.joined(separator: " ")) failed: \(text)")
        }
    }
}
