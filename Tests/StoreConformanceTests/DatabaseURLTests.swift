import Foundation
import PostgresStore
import Testing

/// `--database URL` and where its password comes from: never from the URL, never in a message.
@Suite("Database URL")
struct DatabaseURLTests {
    @Test("a unix socket URL: the socket in host=, no TCP host")
    func socket() throws {
        let url = try DatabaseURL("postgresql://box_a@/gym?host=/run/postgresql")
        #expect(url.user == "box_a")
        #expect(url.database == "gym")
        #expect(url.host == nil)
        #expect(url.socketPath == "/run/postgresql/.s.PGSQL.5432")
        #expect(url.description == "postgresql://box_a@/gym?host=/run/postgresql")
    }

    @Test("a TCP URL with a port and TLS verified against a CA file")
    func tcp() throws {
        let url = try DatabaseURL(
            "postgresql://box_a@db.gym.example:6432/gym?sslmode=verify-full&sslrootcert=/etc/termfit/ca.pem")
        #expect(url.host == "db.gym.example")
        #expect(url.port == 6432)
        #expect(url.tlsMode == .verifyFull)
        #expect(url.rootCertificate == "/etc/termfit/ca.pem")
        #expect(url.socketPath == nil)
        #expect(url.description == "postgresql://box_a@db.gym.example:6432/gym")
    }

    @Test(
        "URLs TermFit refuses, each with a reason",
        arguments: [
            "mysql://box@host/gym", "postgresql://@host/gym", "postgresql://box@host/", "postgresql://box@host/gym?x=1",
            "postgresql://box@host/gym?sslmode=verify-full", "postgresql://box@host/gym?sslmode=sometimes",
            "postgresql://box@/gym?host=relative/dir", "postgresql://box@/gym",
        ])
    func refused(text: String) {
        #expect(throws: DatabaseURL.Problem.self) { try DatabaseURL(text) }
    }

    @Test("a password in the URL is refused, and the refusal does not repeat it")
    func passwordInURL() throws {
        let error = try #require(throws: DatabaseURL.Problem.self) {
            try DatabaseURL("postgresql://box:s3cret-word@host/gym")
        }
        #expect(!error.description.contains("s3cret-word"))
        #expect(error.description.contains("PGPASSWORD"))
    }

    @Test("the password comes from PGPASSWORD first, else the password file's first matching line")
    func passwordSources() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pgpass-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try """
        # host:port:database:user:password
        other.example:5432:gym:box_a:wrong-host
        db.gym.example:5432:gym:box_b:wrong-user
        db.gym.example:*:gym:box_a:pa\\:ss
        *:*:*:*:fallback
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let url = try DatabaseURL("postgresql://box_a@db.gym.example/gym?passfile=\(file)")
        #expect(url.password(environment: [:]) == "pa:ss")
        #expect(url.password(environment: ["PGPASSWORD": "from-env"]) == "from-env")
        let socket = try DatabaseURL("postgresql://box_a@/gym?host=/run/pg")
        #expect(socket.password(environment: ["PGPASSFILE": file]) == "fallback")
        #expect(socket.password(environment: ["HOME": "/nonexistent"]) == nil)
    }
}
