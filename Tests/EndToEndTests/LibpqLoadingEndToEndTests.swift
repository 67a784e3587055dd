import Foundation
import Testing

/// PostgreSQL's client library (libpq, and the OpenSSL, Kerberos and LDAP it pulls in) is loaded
/// only by a start that uses a database URL: a box on its own file maps none of it.
@Suite(.serialized) struct LibpqLoadingEndToEndTests {
    /// The shared objects the process `pid` has mapped.
    private func libraries(of pid: Int32) throws -> Set<String> {
        // Read by cat: Foundation's read of a /proc file (size 0) can stop at its first page.
        let maps = try runCommand(["cat", "/proc/\(pid)/maps"]).output
        return Set(
            maps.split(separator: "\n").compactMap { line in
                line.split(separator: " ", omittingEmptySubsequences: true).last.map(String.init)
            }.filter { $0.contains(".so") }.map { ($0 as NSString).lastPathComponent })
    }

    @Test("a start on the box's file maps no libpq; a start with --database does")
    func libpqOnlyWithADatabase() throws {
        let own = try TmuxSession([Binary.termfit, "--profile", "pat"], width: 100)
        defer { own.close() }
        try own.waitFor("Workouts")
        let alone = try libraries(of: try own.pid())
        #expect(!alone.contains { $0.hasPrefix("libpq.so") }, "\(alone.sorted())")
        #expect(!alone.contains { $0.hasPrefix("libssl.so") }, "\(alone.sorted())")

        let cluster = try SeveralBoxesEndToEndTests.Cluster()
        defer { cluster.stop() }
        let shared = try TmuxSession(
            [Binary.termfit, "dumbbells", "--profile", "pat", "--database", cluster.url], width: 200)
        defer { shared.close() }
        try shared.waitFor("Enter kg and reps for set 1")
        // The store worker opens the connection; the screen may come first.
        let deadline = Date().addingTimeInterval(10)
        var server = try libraries(of: try shared.pid())
        while !server.contains(where: { $0.hasPrefix("libpq.so.5") }) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            server = try libraries(of: try shared.pid())
        }
        #expect(server.contains { $0.hasPrefix("libpq.so.5") }, "\(server.sorted())")
    }

    @Test("without libpq, a start with --database says which package to install")
    func withoutLibpq() throws {
        let data = try temporaryDataDirectory("no-libpq")
        defer { try? FileManager.default.removeItem(at: data) }
        // A mount namespace of the command's own, where libpq is an empty file: as a box without
        // libpq5 (needs the right to make one: root in the test container).
        let script =
            "for f in /usr/lib/*/libpq.so.5 /lib/*/libpq.so.5; do [ -e \"$f\" ] || continue;"
            + " mount --bind /dev/null \"$(readlink -f \"$f\")\" || exit 90; done; exec \"$@\""
        let result = try runCommand([
            "unshare", "-m", "sh", "-c", script, "sh", Binary.termfit, "history", "--profile", "pat", "--data-dir",
            data.path, "--database", "postgresql://termfit@/gym?host=/nonexistent",
        ])
        if result.status == 90 || result.error.hasPrefix("unshare:") {
            try Test.cancel("no mount namespace here: \(result.error)")
        }
        #expect(result.status != 0)
        #expect(
            result.error.contains("PostgreSQL needs libpq (on Debian or Ubuntu: apt-get install libpq5)"),
            "\(result.error)")
    }
}
