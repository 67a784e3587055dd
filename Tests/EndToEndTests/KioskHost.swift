import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A kiosk box on this machine, set up as docs/kiosk.md tells an operator to: a member account
/// in the `termfit` group, the `Match Group termfit` block of that page in a real OpenSSH server
/// listening on 127.0.0.1, and TermFit installed where every account can run it.
///
/// Needs root (accounts, sshd) and OpenSSH's server, which `make test` installs as root.
final class KioskHost {
    /// The member account the tests log in as.
    static let member = "termfit-kiosk-test"
    static let group = "termfit"
    static let sshd = "/usr/sbin/sshd"

    /// Whether this machine can run the kiosk tests.
    static var isAvailable: Bool { getuid() == 0 && FileManager.default.isExecutableFile(atPath: sshd) }

    let root: URL
    let home: URL
    let port: Int
    let binary: String
    private var server: pid_t = 0
    private let createdGroup: Bool
    /// The member account's user id, as /proc shows it.
    private var memberID = ""

    /// Everything under a fresh world-readable directory; the member's home inside it.
    init() throws {
        root = URL(fileURLWithPath: "/tmp").appendingPathComponent("termfit-kiosk-\(UUID().uuidString.prefix(8))")
        home = root.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        chmod(root.path, 0o755)
        // "Install the binary": a copy every account can execute.
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        chmod(bin.path, 0o755)
        binary = bin.appendingPathComponent("termfit").path
        // Copied by another process: a copy written by this one could still be open for writing
        // in a child another test is spawning at that moment, and running it would then fail
        // with "text file busy".
        try Self.check(["install", "-m", "0755", Binary.termfit, binary])

        // "One account per member, in the termfit group."
        createdGroup = try runCommand(["getent", "group", Self.group]).status != 0
        if createdGroup { try Self.check(["groupadd", Self.group]) }
        _ = try runCommand(["userdel", Self.member])
        try Self.check([
            "useradd", "--no-create-home", "--home-dir", home.path, "--shell", "/bin/sh", "--groups", Self.group,
            Self.member,
        ])
        memberID = try runCommand(["id", "-u", Self.member]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        // A password-less account that is not locked (sshd refuses locked accounts even for keys).
        try Self.check(["usermod", "--password", "*", Self.member])
        let ssh = home.appendingPathComponent(".ssh")
        try FileManager.default.createDirectory(at: ssh, withIntermediateDirectories: true)
        try Self.check([
            "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", root.appendingPathComponent("member").path,
        ])
        try Self.check([
            "ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", root.appendingPathComponent("host_key").path,
        ])
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("member.pub"), to: ssh.appendingPathComponent("authorized_keys"))
        try Self.check(["chown", "-R", "\(Self.member):\(Self.member)", home.path])
        chmod(home.path, 0o700)
        chmod(ssh.path, 0o700)
        chmod(ssh.appendingPathComponent("authorized_keys").path, 0o600)

        // "sshd: members get TermFit and nothing else", from docs/kiosk.md.
        port = try Self.freePort()
        let match = try Self.recipe().replacingOccurrences(of: "/usr/local/bin/termfit", with: binary)
        let configuration = """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(root.appendingPathComponent("host_key").path)
            PidFile \(root.appendingPathComponent("sshd.pid").path)
            UsePAM no
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            AllowUsers \(Self.member)
            \(match)
            """
        let configPath = root.appendingPathComponent("sshd_config").path
        try configuration.write(toFile: configPath, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: "/run/sshd", withIntermediateDirectories: true)
        try Self.check([Self.sshd, "-t", "-f", configPath])
        let log = root.appendingPathComponent("sshd.log").path
        server = try spawnCommand([Self.sshd, "-D", "-e", "-f", configPath], output: "/dev/null", error: log)
        try waitUntil("sshd listening on port \(port)") {
            ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").contains("Server listening")
        }
    }

    deinit { close() }

    func close() {
        if server > 0 {
            kill(server, SIGTERM)
            var status: Int32 = 0
            waitpid(server, &status, 0)
            server = 0
        }
        for pid in memberProcesses() { kill(pid, SIGKILL) }
        _ = try? runCommand(["userdel", Self.member])
        if createdGroup { _ = try? runCommand(["groupdel", Self.group]) }
        try? FileManager.default.removeItem(at: root)
    }

    /// The `Match Group termfit` block of docs/kiosk.md, exactly as an operator copies it.
    static func recipe() throws -> String {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/kiosk.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        guard let start = text.range(of: "```sshd_config\n"),
            let end = text.range(of: "```", range: start.upperBound..<text.endIndex)
        else { throw TmuxError(message: "docs/kiosk.md has no sshd_config block") }
        return String(text[start.upperBound..<end.lowerBound])
    }

    /// The server's log, for a failure message.
    var serverLog: String {
        (try? String(contentsOf: root.appendingPathComponent("sshd.log"), encoding: .utf8)) ?? "(no log)"
    }

    /// Waits for the member's home screen in `session`; records the server's log if it never comes.
    @discardableResult
    func waitForHome(in session: TmuxSession) throws -> [String] {
        let home = try session.waitFor("Workouts", timeout: 30)
        if !home.contains(where: { $0.contains("Workouts") }) { Issue.record("sshd's log:\n\(serverLog)") }
        return home
    }

    /// The member's data directory, where TermFit keeps their database.
    var dataDirectory: URL { home.appendingPathComponent(".local/share/termfit") }

    /// The `ssh` command a member types, for a tmux pane.
    func sshCommand(_ remoteCommand: [String] = [], terminal: Bool = true) -> [String] {
        ["ssh"] + (terminal ? ["-tt"] : ["-T"]) + [
            "-i", root.appendingPathComponent("member").path, "-p", "\(port)",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
            "-o", "BatchMode=yes", "\(Self.member)@127.0.0.1",
        ] + remoteCommand
    }

    /// Runs `arguments` as the member (what an operator does with `runuser -u`).
    func runAsMember(_ arguments: [String]) throws -> CommandResult {
        try runCommand(["runuser", "-u", Self.member, "--", "env", "HOME=\(home.path)"] + arguments)
    }

    /// The member's live processes (zombies, already ended, are not counted).
    func memberProcesses() -> [pid_t] {
        guard
            let uid = try? runCommand(["id", "-u", Self.member]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        else { return [] }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                let status = try? String(contentsOfFile: "/proc/\(entry)/status", encoding: .utf8)
            else { return nil }
            let lines = status.split(separator: "\n")
            let owner = lines.first { $0.hasPrefix("Uid:") }?.split(separator: "\t").dropFirst().first
            let state = lines.first { $0.hasPrefix("State:") } ?? ""
            return owner.map(String.init) == uid && !state.contains("zombie") ? pid : nil
        }
    }

    /// The member's processes' command names, for messages.
    func describeMemberProcesses() -> String {
        memberProcesses().map { pid in
            let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "?"
            return "\(pid) \(name.trimmingCharacters(in: .whitespacesAndNewlines))"
        }.joined(separator: ", ")
    }

    private static func check(_ arguments: [String]) throws {
        let result = try runCommand(arguments)
        guard result.status == 0 else {
            throw TmuxError(message: "\(arguments.joined(separator: " ")) failed: \(result.error)\(result.output)")
        }
    }

    /// A TCP port nothing listens on right now.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TmuxError(message: "socket failed") }
        defer { Glibc.close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard bound else { throw TmuxError(message: "cannot find a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private func waitUntil(_ what: String, timeout: Double = 10, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw TmuxError(message: "timed out waiting for \(what)") }
            usleep(50_000)
        }
    }
}
