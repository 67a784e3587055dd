import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A terminal that stops taking output, with the real binary in tmux.
@Suite(.serialized)
struct OutputStallEndToEndTests {
    /// The terminal stops taking output (tmux itself stopped, as sshd is when a client stops
    /// reading): once a write has blocked for `TERMFIT_OUTPUT_TIMEOUT` (here 2 s), TermFit saves
    /// the finished set and exits with 129 as after a hang-up.
    @Test func aTerminalThatTakesNoOutputEndsTheRunWithTheSetSaved() throws {
        let data = try temporaryDataDirectory("kiosk-stall")
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try TmuxSession(
            [Binary.termfit, "dumbbells", "--profile", "kim", "--data-dir", data.path],
            environment: ["TERMFIT_OUTPUT_TIMEOUT": "2"])
        defer { session.close() }
        try KioskWorkout.all.first { $0.title == "Dumbbells" }?.complete(session)
        let termfit = try session.pid()
        let tmux = try #require(pid_t(try session.format("#{pid}")))

        kill(tmux, SIGSTOP)
        var continued = false
        defer { if !continued { kill(tmux, SIGCONT) } }
        // Each SIGCONT from outside makes TermFit take the terminal back and draw the whole screen,
        // until the pane's buffer is full and a write blocks.
        let start = Date()
        var blockedAt: Date?
        while kill(termfit, 0) == 0 && Date().timeIntervalSince(start) < 30 {
            kill(termfit, SIGCONT)
            usleep(20_000)
            let state = (try? String(contentsOfFile: "/proc/\(termfit)/wchan", encoding: .utf8)) ?? ""
            if blockedAt == nil && state.contains("wait_woken") { blockedAt = Date() }
        }
        let ended = Date()
        kill(tmux, SIGCONT)
        continued = true
        #expect(kill(termfit, 0) != 0, "TermFit still runs \(ended.timeIntervalSince(start)) s on")
        if let blockedAt {
            let took = ended.timeIntervalSince(blockedAt)
            #expect(took < 4, "TermFit ended \(took) s after its write blocked")
            print("stalled terminal: TermFit ended \(took) s after its write blocked (limit 2 s)")
        }
        #expect(try session.waitForExit() == 129)
        let history = try runCommand(
            [Binary.termfit, "history", "--profile", "kim"], environment: ["TERMFIT_DATA_DIR": data.path])
        #expect(history.output.contains("1 set, 12 kg x 10"), "\(history.output)\(history.error)")
    }

    /// Over SSH a client can go silent while TermFit keeps drawing (sshd's keepalive waits for a
    /// quiet connection, which a running countdown never leaves). Here the terminal (tmux) is
    /// stopped mid-countdown: the status question TermFit asks with its frames goes unanswered,
    /// and after `TERMFIT_LINK_TIMEOUT` (here 2 s) the run ends as after a hang-up.
    @Test func anSSHClientThatStopsAnsweringEndsTheRunWhileTheCountdownDraws() throws {
        let data = try temporaryDataDirectory("link-probe")
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try TmuxSession(
            [Binary.termfit, "hiit", "--seconds", "59", "--quiet", "--profile", "kim", "--data-dir", data.path],
            environment: ["SSH_CONNECTION": "192.0.2.7 50000 192.0.2.1 22", "TERMFIT_LINK_TIMEOUT": "2"])
        defer { session.close() }
        try session.waitFor("Get Started")
        try session.send("Enter")
        try session.send("Enter")
        try session.waitFor("Go!")
        // While the terminal answers, the questions go unnoticed and the countdown goes on.
        Thread.sleep(forTimeInterval: 3)
        let termfit = try session.pid()
        #expect(kill(termfit, 0) == 0, "a terminal that answers keeps the run going")
        let tmux = try #require(pid_t(try session.format("#{pid}")))
        kill(tmux, SIGSTOP)
        let stopped = Date()
        while kill(termfit, 0) == 0 && Date().timeIntervalSince(stopped) < 15 { usleep(50_000) }
        let took = Date().timeIntervalSince(stopped)
        kill(tmux, SIGCONT)
        #expect(kill(termfit, 0) != 0, "TermFit still runs \(took) s after its terminal stopped answering")
        #expect(took < 6, "ended \(took) s after the terminal stopped (timeout 2 s, asked every 1 s)")
        print("silent SSH client: TermFit ended \(took) s after its terminal stopped (link timeout 2 s)")
        #expect(try session.waitForExit() == 129)
    }
}
