import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-Z under a job-control shell, and colour on and off, with the real binary in tmux.
@Suite(.serialized) struct SuspendAndColourEndToEndTests {
    private func jobControlSession() throws -> TmuxSession {
        try TmuxSession.withJobControl([Binary.termfit, "--profile", "zed"])
    }

    @Test(arguments: ["key", "signal"])
    func suspendGivesTheTerminalBackAndFgRedraws(way: String) throws {
        let session = try jobControlSession()
        defer { session.close() }
        try session.waitFor("Profile: zed")
        let jobs = try session.jobsDirectory()
        let bash = try session.pid()
        let children = try String(contentsOfFile: "/proc/\(bash)/task/\(bash)/children", encoding: .utf8)
        // Never -1: `kill -TSTP -1` would stop every process the tests' user owns.
        guard let termfit = Int32(children.split(separator: " ").first ?? ""), termfit > 0 else {
            Issue.record("TermFit is not running under bash: '\(children)'")
            return
        }
        if way == "key" {
            try session.send("C-z")
        } else {
            try runCommand(["kill", "-TSTP", "\(termfit)"])
        }
        // bash saw TermFit stop (status 128 + SIGTSTP).
        #expect(waitForFile(jobs.appendingPathComponent("stopped"))?.hasPrefix("148") == true)
        #expect(try session.format("#{alternate_on} #{mouse_any_flag} #{cursor_flag}") == "0 0 1")
        let stoppedScreen = try session.screen()
        #expect(!stoppedScreen.contains { $0.contains("Workouts") }, "the shell's screen is back while stopped")

        try "go\n".write(toFile: jobs.appendingPathComponent("resume").path, atomically: false, encoding: .utf8)
        let back = try session.waitFor("Workouts")
        #expect(back.contains { $0.contains("Profile: zed") }, "the whole screen is drawn again")
        #expect(try session.format("#{alternate_on} #{cursor_flag}") == "1 0", "the screen, the cursor hidden")
        try session.send("j")
        try session.waitForScreen { screen in screen.contains { $0.contains("▸ 2  ") } }
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalIsRestored())
        try? FileManager.default.removeItem(at: jobs)
    }

    /// A program run while TermFit was stopped left the terminal's output suspended
    /// (`tcflow(TCOOFF)`). TermFit's raw mode has IXON off, so no key could start it again:
    /// TermFit must, or it waits in its first write for ever with the screen blank.
    @Test func outputSuspendedWhileStoppedIsStartedAgain() throws {
        let jobs = try temporaryDataDirectory("jobs")
        defer { try? FileManager.default.removeItem(at: jobs) }
        let session = try TmuxSession(
            JobControlStandIn.command([Binary.termfit, "--profile", "zed"]), environment: ["TERMFIT_JOBS": jobs.path])
        defer { session.close() }
        try session.waitFor("Profile: zed")
        try session.send("C-z")
        #expect(waitForFile(jobs.appendingPathComponent("stopped")) == "stopped")
        let tty = open(try session.format("#{pane_tty}"), O_RDWR | O_NOCTTY)
        #expect(tty >= 0)
        #expect(tcflow(tty, TCOOFF) == 0)
        close(tty)
        _ = FileManager.default.createFile(atPath: jobs.appendingPathComponent("resume").path, contents: Data())
        try session.waitFor("Workouts")
        try session.send("j")
        try session.waitForScreen { screen in screen.contains { $0.contains("▸ 2  ") } }
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    /// Output a program before TermFit left suspended is started again too.
    @Test func outputSuspendedBeforeStartIsStartedAgain() throws {
        let suspendThenRun =
            "import os, sys, termios; termios.tcflow(1, termios.TCOOFF); os.execv(sys.argv[1], sys.argv[1:])"
        let session = try TmuxSession(["python3", "-c", suspendThenRun, Binary.termfit, "--profile", "zed"])
        defer { session.close() }
        try session.waitFor("Profile: zed")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func withoutJobControlControlZIsIgnored() throws {
        let session = try TmuxSession([Binary.termfit])
        defer { session.close() }
        try session.waitFor("Workouts")
        try session.send("C-z")
        try session.send("j")
        try session.waitForScreen { screen in screen.contains { $0.contains("▸ 2  ") } }
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    /// The screen with its escape sequences (`capture-pane -e`).
    private func styledScreen(_ session: TmuxSession) throws -> String {
        try session.tmux(["capture-pane", "-p", "-e", "-t", "0"])
    }

    @Test func colourByDefaultAndNoneWithNoColorOrTheFlag() throws {
        let coloured = try TmuxSession([Binary.termfit], environment: ["TERM": "xterm-256color"])
        defer { coloured.close() }
        try coloured.waitFor("Workouts")
        #expect(try styledScreen(coloured).contains("\u{1B}[38;5;45m"), "the title uses colour 45")

        for (arguments, environment) in [([Binary.termfit, "--no-color"], [:]), ([Binary.termfit], ["NO_COLOR": "1"])] {
            let plain = try TmuxSession(arguments, environment: environment)
            defer { plain.close() }
            try plain.waitFor("Workouts")
            let screen = try styledScreen(plain)
            #expect(!screen.contains("\u{1B}[38;5;"), "no colour with \(arguments) \(environment)")
            #expect(!(30...37).contains { screen.contains("\u{1B}[\($0)m") }, "no basic colour either")
            #expect(screen.contains("\u{1B}[7m") || screen.contains(";7m"), "the selection still shows, reversed")
        }
    }
}
