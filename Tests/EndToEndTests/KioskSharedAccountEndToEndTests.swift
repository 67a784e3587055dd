import Foundation
import LoopbackDeckServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The shared-account model, dead links and the tmux option of docs/kiosk.md, with OpenSSH's real
/// server on 127.0.0.1 and its real client in tmux.
@Suite(
    .serialized, .enabled(if: KioskHost.isAvailable, "needs root and OpenSSH's server (make test installs it as root)")
)
struct KioskSharedAccountEndToEndTests {
    /// A member's set of 12 kg × 10, finished, with its rest counting down.
    static let finishSet = KioskWorkout.all.first { $0.title == "Dumbbells" }?.complete

    /// Logs `member` in with their own key and finishes a set of dumbbells; returns the session.
    private func finishASet(as member: String, on host: KioskHost) throws -> TmuxSession {
        let session = try TmuxSession(host.sshCommand(key: member))
        let home = try host.waitForHome(in: session)
        #expect(home.contains { $0.contains("Profile: \(member)") }, "\(member) lands in their own profile")
        try session.openFromMenu("Dumbbells")
        try Self.finishSet?(session)
        return session
    }

    /// Waits until the account has no live process left; returns how long that took.
    private func waitUntilGone(_ host: KioskHost, since start: Date, timeout: Double) -> Double {
        while !host.memberProcesses().isEmpty && Date().timeIntervalSince(start) < timeout { usleep(20_000) }
        return Date().timeIntervalSince(start)
    }

    @Test func twoMembersOfOneAccountEachHaveTheirOwnProfileAndNothingElse() throws {
        // The worst an operator could do: accept every variable a client sends.
        let host = try KioskHost(model: .shared, acceptedEnvironment: "*")
        defer { host.close() }
        #expect(try host.addMember("alex").status == 0)
        #expect(try host.addMember("sam").status == 0)
        let list = try host.runAsMember([host.binary, "kiosk", "list"])
        #expect(list.output == "alex ssh-ed25519\nsam ssh-ed25519\n", "\(list.output)\(list.error)")

        let alex = try finishASet(as: "alex", on: host)
        try runCommand(["kill", "-KILL", "\(try alex.pid())"])
        alex.close()
        _ = waitUntilGone(host, since: Date(), timeout: 5)
        let alexHistory = try host.runAsMember([host.binary, "history", "--profile", "alex"])
        #expect(alexHistory.output.contains("1 set, 12 kg x 10"), "\(alexHistory.output)\(alexHistory.error)")

        // Sam asks for alex's data every way a client can: a command, options, variables.
        let evil = host.root.appendingPathComponent("evil")
        let variables = [
            "TERMFIT_DATA_DIR=\(evil.path)", "XDG_DATA_HOME=\(evil.path)", "HOME=\(evil.path)", "USER=alex",
            "LOGNAME=alex", "TERMFIT_PROFILE=alex", "LANG=C", "LC_ALL=en_US.ISO-8859-1",
        ]
        let sendEnvironment = variables.map { "SetEnv=\($0)" }
        let sam = try TmuxSession(
            host.sshCommand(
                [host.binary, "--profile", "alex", "--data-dir", evil.path, "history"], key: "sam",
                options: sendEnvironment))
        defer { sam.close() }
        let home = try host.waitForHome(in: sam)
        #expect(home.contains { $0.contains("Profile: sam") }, "\(home.joined(separator: "\n"))")
        // No profile picker, and the history is sam's: empty.
        try sam.send("p")
        usleep(300_000)
        #expect(!(try sam.screen()).contains { $0.contains("alex") })
        try sam.send("q")
        _ = try sam.waitForExit(timeout: 10)
        #expect(!FileManager.default.fileExists(atPath: evil.path), "nothing was written where a client pointed")

        for command in [
            ["history", "--profile", "alex"], ["export", "--profile", "alex"], ["kiosk", "list"],
            ["sh", "-c", "cat ~/.local/share/termfit/termfit.sqlite"],
        ] {
            let asked = try runCommand(host.sshCommand(command, terminal: false, key: "sam", options: sendEnvironment))
            #expect(!asked.output.contains("12 kg") && !asked.output.contains("alex"), "\(command): \(asked.output)")
            #expect(asked.error.contains("needs an interactive terminal"), "\(command): \(asked.error)")
        }
        // A key that is no member's gets nothing at all.
        let stranger = try runCommand(host.sshCommand(["true"], terminal: false, key: "member"))
        #expect(stranger.status == 255 && stranger.error.contains("Permission denied"), "\(stranger.error)")

        let samHistory = try host.runAsMember([host.binary, "history", "--profile", "sam"])
        #expect(!samHistory.output.contains("12 kg"), "\(samHistory.output)")
    }

    @Test func removingAMemberLeavesEveryoneElsesLineWorking() throws {
        let host = try KioskHost(model: .shared)
        defer { host.close() }
        try host.addMember("alex")
        try host.addMember("sam")
        let keys = host.home.appendingPathComponent(".ssh/authorized_keys").path
        // A line of the operator's own (a comment) must come through untouched.
        let before = try String(contentsOfFile: keys, encoding: .utf8)
        try (before + "# front desk: call the admin to add a member\n").write(
            toFile: keys, atomically: false, encoding: .utf8)

        let alex = try finishASet(as: "alex", on: host)
        alex.close()
        _ = waitUntilGone(host, since: Date(), timeout: 5)

        let removed = try host.runAsMember([host.binary, "kiosk", "remove-member", "alex"])
        #expect(removed.status == 0, "\(removed.error)")
        let after = try String(contentsOfFile: keys, encoding: .utf8)
        let lines = after.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines[1] == "# front desk: call the admin to add a member" && lines[2] == "")
        #expect(lines[0].hasSuffix(" sam") && lines[0].hasPrefix("command=\"\(host.binary) --kiosk --profile sam\""))
        let fingerprints = try runCommand(["ssh-keygen", "-l", "-f", keys])
        #expect(fingerprints.status == 0 && fingerprints.output.split(separator: "\n").count == 1, "\(fingerprints)")
        var info = stat()
        #expect(stat(keys, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(host.home.appendingPathComponent(".ssh").path, &info) == 0 && info.st_mode & 0o777 == 0o700)

        // Sam still gets in; alex does not, and alex's data stays until asked to go.
        let sam = try TmuxSession(host.sshCommand(key: "sam"))
        defer { sam.close() }
        #expect(try host.waitForHome(in: sam).contains { $0.contains("Profile: sam") })
        let refused = try runCommand(host.sshCommand(["true"], terminal: false, key: "alex"))
        #expect(refused.status == 255, "\(refused.error)")
        #expect(try host.runAsMember([host.binary, "history", "--profile", "alex"]).output.contains("12 kg x 10"))

        // Root must name the file: its own would run every member's TermFit as root.
        let asRoot = try runCommand([host.binary, "kiosk", "add-member", "jo", "--key", "-"], input: Data())
        #expect(asRoot.status == 1 && asRoot.error.contains("root's"), "\(asRoot.error)")

        let renamed = try host.runAsMember([host.binary, "kiosk", "rename", "sam", "samira"])
        #expect(renamed.status == 0, "\(renamed.error)")
        let deleted = try host.runAsMember([host.binary, "kiosk", "remove-member", "samira", "--delete-data"])
        #expect(deleted.status == 0, "\(deleted.error)")
        #expect(try host.runAsMember([host.binary, "kiosk", "list"]).output.isEmpty)
    }

    /// The operator set a deck server on the box's loopback for a member (an import, as the
    /// recipe says); over SSH the member can neither change "Deck from" nor reach that server.
    @Test func overSSHTheDeckServerIsTheOperatorsAndLoopbackIsRefused() throws {
        let server = try LoopbackDeckServer(seed: 5)
        defer { server.stop() }
        let host = try KioskHost(model: .shared)
        defer { host.close() }
        try host.addMember("alex")
        let archive = host.root.appendingPathComponent("alex.json")
        try KioskDeck.archive(profile: "alex", server: server.baseURL).write(
            to: archive, atomically: true, encoding: .utf8)
        chmod(archive.path, 0o644)
        let imported = try host.runAsMember([host.binary, "import", "--profile", "alex", archive.path])
        #expect(imported.status == 0, "\(imported.error)")

        let session = try TmuxSession(host.sshCommand(key: "alex"), width: 100, height: 30)
        defer { session.close() }
        try host.waitForHome(in: session)
        try KioskDeck.expectLockedServer(server.baseURL, in: session)
        try session.send("Enter")
        try session.waitFor("on this box")
        #expect(server.requests.isEmpty, "the box made no request to its own loopback: \(server.requests)")
    }

    /// A client stopped with SIGSTOP (a lid shut without a goodbye) answers nothing; the recipe's
    /// `ClientAliveInterval 1` and `ClientAliveCountMax 2` end the session, and the member's
    /// TermFit saves and exits, within the 20 s docs/kiosk.md gives.
    @Test func aStoppedClientsSessionEndsWithItsSetSaved() throws {
        let host = try KioskHost(model: .shared)
        defer { host.close() }
        try host.addMember("alex")
        let session = try finishASet(as: "alex", on: host)
        defer { session.close() }
        let client = try session.pid()
        #expect(!host.memberProcesses().isEmpty)
        let stopped = Date()
        kill(client, SIGSTOP)
        defer { kill(client, SIGCONT) }
        // Measured 8.6 to 14.6 s on a quiet machine; half a minute leaves room for a loaded one.
        let took = waitUntilGone(host, since: stopped, timeout: 45)
        #expect(host.memberProcesses().isEmpty, "left behind: \(host.describeMemberProcesses())")
        #expect(took < 30, "the member's processes ended \(took) s after the client stopped")
        print("stopped client: the member's TermFit was gone \(took) s after SIGSTOP")
        let history = try host.runAsMember([host.binary, "history", "--profile", "alex"])
        #expect(history.output.contains("1 set, 12 kg x 10"), "\(history.output)\(history.error)")
    }

    /// The tmux option with a client that sends no `LANG`: box drawing reaches the client as
    /// UTF-8 (not as line-drawing mode characters), and a new connection reattaches to the
    /// TermFit that kept running.
    @Test func theTmuxOptionDrawsUTF8ForEveryClientAndReattaches() throws {
        let host = try KioskHost(model: .tmux)
        defer { host.close() }
        let client = ["env", "-u", "LANG", "-u", "LC_ALL", "-u", "LC_CTYPE"] + host.sshCommand()
        let first = try TmuxSession(client)
        defer { first.close() }
        let bytes = first.directory.appendingPathComponent("client-bytes")
        try first.tmux(["pipe-pane", "-t", "0", "-o", "cat >> \(TmuxSession.quote(bytes.path))"])
        let home = try host.waitForHome(in: first)
        #expect(home.contains { $0.contains("─") || $0.contains("│") }, "\(home.joined(separator: "\n"))")
        let received = (try? Data(contentsOf: bytes)) ?? Data()
        #expect(received.range(of: Data("─".utf8)) != nil, "box drawing reached the client as UTF-8")
        #expect(received.range(of: Data("\u{1B}(0".utf8)) == nil, "no line-drawing mode (qqq, x) was used")

        // Keys that would reach tmux under its defaults do nothing: no prefix, no command prompt.
        try first.send("C-b", "c")
        try first.send("C-b", ":")
        usleep(300_000)
        #expect(try first.screen().contains { $0.contains("Workouts") })
        try first.openFromMenu("Dumbbells")
        try first.waitFor("Enter kg and reps for set 1")
        let termfit = host.memberProcesses().filter { Self.command(of: $0) == "termfit" }
        #expect(termfit.count == 1)

        // The link drops; the workout goes on in tmux, and the next connection finds it.
        try runCommand(["kill", "-KILL", "\(try first.pid())"])
        let second = try TmuxSession(client)
        defer { second.close() }
        try second.waitFor("Enter kg and reps for set 1", timeout: 30)
        #expect(host.memberProcesses().filter { Self.command(of: $0) == "termfit" } == termfit, "the same TermFit")
    }

    private static func command(of pid: pid_t) -> String {
        ((try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? "").trimmingCharacters(
            in: .whitespacesAndNewlines)
    }
}
