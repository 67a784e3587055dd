import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A kiosk box on this machine, set up as docs/kiosk.md tells an operator to: a member account
/// in the `termfit` group (or, in the shared-account model, one account whose members
/// `termfit kiosk add-member` adds), the `sshd_config` block of that page in a real OpenSSH server
/// listening on 127.0.0.1, and TermFit installed where every account can run it.
///
/// Needs root (accounts, sshd) and OpenSSH's server, which `make test` installs as root.
final class KioskHost {
    /// How members reach TermFit (docs/kiosk.md, section 2).
    enum Model {
        /// One account per member, in the `termfit` group, its `ForceCommand` from the recipe.
        case perAccount
        /// The per-account model with the tmux option's `ForceCommand` and tmux.conf.
        case tmux
        /// One shared account; each member a line `termfit kiosk add-member` writes.
        case shared
    }

    /// The member account the tests log in as, and the group of the per-account model (the
    /// recipe's `termfit`): new names for every host, so that suites running at once (here, or in
    /// another checkout on the same machine) never share an account.
    let member: String
    let group: String
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
    ///
    /// - Parameters:
    ///   - model: which of the recipe's models the account follows.
    ///   - acceptedEnvironment: an `AcceptEnv` line's patterns, for tests of what a client's
    ///     variables cannot change.
    init(model: Model = .perAccount, acceptedEnvironment: String? = nil) throws {
        let tag = UUID().uuidString.prefix(8).lowercased()
        member = "tfk-\(tag)"
        group = "tfg-\(tag)"
        root = URL(fileURLWithPath: "/tmp").appendingPathComponent("termfit-kiosk-\(tag)")
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
        createdGroup = try runCommand(["getent", "group", group]).status != 0
        if createdGroup { try Self.check(["groupadd", group]) }
        _ = try runCommand(["userdel", member])
        try Self.check(
            ["useradd", "--no-create-home", "--home-dir", home.path, "--shell", "/bin/sh"]
                + (model == .shared ? [] : ["--groups", group]) + [member])
        memberID = try runCommand(["id", "-u", member]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        // A password-less account that is not locked (sshd refuses locked accounts even for keys).
        try Self.check(["usermod", "--password", "*", member])
        try Self.makeKey(root.appendingPathComponent("member").path)
        try Self.makeKey(root.appendingPathComponent("host_key").path)
        if model != .shared {
            let ssh = home.appendingPathComponent(".ssh")
            try FileManager.default.createDirectory(at: ssh, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: root.appendingPathComponent("member.pub"), to: ssh.appendingPathComponent("authorized_keys"))
            chmod(ssh.path, 0o700)
            chmod(ssh.appendingPathComponent("authorized_keys").path, 0o600)
        }
        try Self.check(["chown", "-R", "\(member):\(member)", home.path])
        chmod(home.path, 0o700)

        // "sshd: members get TermFit and nothing else", from docs/kiosk.md.
        port = try Self.freePort()
        var match = try Self.block("sshd_config").replacingOccurrences(
            of: "Match Group termfit", with: "Match Group \(group)")
        if model == .shared {
            match = match.replacingOccurrences(of: "Match User gym", with: "Match User \(member)")
        }
        if model == .tmux {
            let tmuxConfiguration = root.appendingPathComponent("tmux.conf").path
            try Self.block("tmux").write(toFile: tmuxConfiguration, atomically: true, encoding: .utf8)
            chmod(tmuxConfiguration, 0o644)
            match = match.replacingOccurrences(
                of: "    ForceCommand /usr/local/bin/termfit --kiosk\n",
                with: try Self.block("sshd_config-tmux").replacingOccurrences(
                    of: "/etc/termfit/tmux.conf", with: tmuxConfiguration))
        }
        match = match.replacingOccurrences(of: "/usr/local/bin/termfit", with: binary)
        let configuration = """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(root.appendingPathComponent("host_key").path)
            PidFile \(root.appendingPathComponent("sshd.pid").path)
            UsePAM no
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            AllowUsers \(member)
            \(acceptedEnvironment.map { "AcceptEnv \($0)" } ?? "")
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
        _ = try? runCommand(["userdel", member])
        if createdGroup { _ = try? runCommand(["groupdel", group]) }
        try? FileManager.default.removeItem(at: root)
    }

    /// A fenced block of docs/kiosk.md (` ```sshd_config `, ` ```tmux `…), exactly as an
    /// operator copies it.
    static func block(_ name: String) throws -> String {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/kiosk.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        guard let start = text.range(of: "```\(name)\n"),
            let end = text.range(of: "```", range: start.upperBound..<text.endIndex)
        else { throw TmuxError(message: "docs/kiosk.md has no \(name) block") }
        return String(text[start.upperBound..<end.lowerBound])
    }

    /// Makes a member's key pair (`root/NAME`, `root/NAME.pub`) and adds the member with
    /// `termfit kiosk add-member`, run as the shared account as docs/kiosk.md says.
    @discardableResult
    func addMember(_ name: String) throws -> CommandResult {
        let key = root.appendingPathComponent(name).path
        try Self.makeKey(key)
        chmod(key + ".pub", 0o644)
        return try runAsMember([binary, "kiosk", "add-member", name, "--key", key + ".pub"])
    }

    private static func makeKey(_ path: String) throws {
        try check(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path])
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

    /// The `ssh` command a member types, for a tmux pane: with the key `key` made (`member`, the
    /// per-account member's, unless told), and any further `-o` options.
    func sshCommand(
        _ remoteCommand: [String] = [], terminal: Bool = true, key: String = "member", options: [String] = []
    ) -> [String] {
        ["ssh"] + (terminal ? ["-tt"] : ["-T"]) + options.flatMap { ["-o", $0] } + [
            "-i", root.appendingPathComponent(key).path, "-p", "\(port)",
            "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
            "-o", "BatchMode=yes", "\(member)@127.0.0.1",
        ] + remoteCommand
    }

    /// Runs `arguments` as the member (what an operator does with `runuser -u`).
    func runAsMember(_ arguments: [String]) throws -> CommandResult {
        try runCommand(["runuser", "-u", member, "--", "env", "HOME=\(home.path)"] + arguments)
    }

    /// The member's live processes (zombies, already ended, are not counted).
    func memberProcesses() -> [pid_t] {
        guard
            let uid = try? runCommand(["id", "-u", member]).output.trimmingCharacters(in: .whitespacesAndNewlines)
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
