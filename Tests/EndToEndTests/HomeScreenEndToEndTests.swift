import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The real `termfit` binary in a real terminal emulator (tmux), driven by keys and resizes.
@Suite(.serialized) struct HomeScreenEndToEndTests {
    @Test func withoutATerminalItSaysSoAndExitsTwo() throws {
        let result = try runCommand([Binary.termfit])
        #expect(result.status == 2)
        #expect(result.error.contains("termfit: needs an interactive terminal"))
        #expect(result.output.isEmpty, "nothing is written to standard output")
    }

    @Test func versionAndHelpWorkWithoutATerminal() throws {
        let version = try runCommand([Binary.termfit, "--version"])
        #expect(version.status == 0)
        #expect(version.output.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3)
        let help = try runCommand([Binary.termfit, "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--no-color"))
        #expect(help.output.contains("--reduce-motion"))
    }

    @Test func homeScreenReactsToKeysAndQuitsRestoringTheTerminal() throws {
        let session = try TmuxSession([Binary.termfit, "--profile", "alex"])
        defer { session.close() }
        let home = try session.waitFor("Workouts")
        #expect(home.contains { $0.contains("▀█▀ █▀▀ █▀█") }, "the block-letter title shows")
        #expect(home.contains { $0.contains("Profile: alex") })
        #expect(home.last { !$0.isEmpty }?.contains("? Help") == true, "the help bar is on the last row")
        let selected = home.firstIndex { $0.contains("▸") }

        try session.send("j")
        let moved = try session.waitForScreen { screen in screen.firstIndex { $0.contains("▸") } != selected }
        #expect(moved.firstIndex { $0.contains("▸") } == selected.map { $0 + 1 })

        try session.send("?")
        try session.waitFor("↑↓ Scroll  Esc Close")
        try session.send("Escape")
        try session.waitForScreen { !$0.contains { $0.contains("Esc Close") } }

        try session.send("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalIsRestored())
    }

    /// The home menu shows nothing from the database, so it is on screen before the database is
    /// open. Another program holds the database locked here: the menu shows all the same, keys
    /// typed meanwhile wait, and once the lock goes every one of them counts.
    @Test func theMenuDoesNotWaitForTheDatabase() throws {
        let data = try temporaryDataDirectory("locked")
        defer { try? FileManager.default.removeItem(at: data) }
        let first = try TmuxSession([Binary.termfit, "--data-dir", data.path])
        try first.waitFor("Workouts")
        try first.send("q")
        #expect(try first.waitForExit() == 0)
        first.close()

        let release = data.appendingPathComponent("release")
        let holding = data.appendingPathComponent("holding")
        let holder = """
            import os, sqlite3, sys, time
            database = sqlite3.connect(sys.argv[1], isolation_level=None)
            database.execute("PRAGMA locking_mode = EXCLUSIVE")
            database.execute("BEGIN EXCLUSIVE")
            print("locked", flush=True)
            while not os.path.exists(sys.argv[2]):
                time.sleep(0.02)
            database.execute("COMMIT")
            database.close()
            """
        let lock = try spawnCommand(
            ["python3", "-c", holder, data.appendingPathComponent("termfit.sqlite").path, release.path],
            output: holding.path, error: "/dev/null")
        defer {
            kill(lock, SIGKILL)
            var status: Int32 = 0
            waitpid(lock, &status, 0)
        }
        #expect(waitForFile(holding) == "locked\n")

        let session = try TmuxSession([Binary.termfit, "--data-dir", data.path])
        defer { session.close() }
        // The database waits up to five seconds for a lock on the store worker; the menu and its
        // keys do not.
        let home = try session.waitFor("Workouts", timeout: 3)
        let selected = try #require(home.firstIndex { $0.contains("▸") })
        try session.send("j")
        let moved = try session.waitForScreen(timeout: 1.5) { $0.firstIndex { $0.contains("▸") } == selected + 1 }
        #expect(moved.contains { $0.contains("▸ 2  Dumbbells") }, "the key is read while the file is locked")
        try session.send("Enter")
        try session.waitFor("Opening…", timeout: 1.5)
        try Data().write(to: release)
        try session.waitFor("Dumbbells · ")
        try session.send("q")
        try session.waitFor("Workouts")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalIsRestored())
    }

    @Test func redrawsOnResizeAndShowsTooSmallBelowTheMinimum() throws {
        let session = try TmuxSession([Binary.termfit, "--profile", "sam"])
        defer { session.close() }
        try session.waitFor("Workouts")

        try session.resize(width: 100, height: 30)
        let wide = try session.waitForScreen { screen in
            screen.count >= 30 && screen.contains { $0.hasPrefix(String(repeating: " ", count: 36) + "▀█▀") }
        }
        #expect(wide.contains { $0.contains("Profile: sam") })

        try session.resize(width: 20, height: 6)
        let small = try session.waitFor("TermFit needs 40×12")
        let words = small.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(words.contains("TermFit needs 40×12; this one is 20×6."))

        try session.resize(width: 80, height: 24)
        let back = try session.waitFor("Workouts")
        #expect(!back.contains { $0.contains("too small") })
        #expect(back.contains { $0.hasPrefix(String(repeating: " ", count: 26) + "▀█▀") })

        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    /// How long an ending signal may take: the worker's last jobs get `Launcher.lastSavesLimit`
    /// (3 s; here the database's opening, which on a loaded machine can still be under way at the
    /// home screen), then the terminal is restored.
    static let signalExit: Double = 5

    @Test(arguments: [("TERM", 143), ("HUP", 129), ("INT", 130)])
    func signalsEndTheProgramAndRestoreTheTerminal(signal: String, status: Int) throws {
        let session = try TmuxSession([Binary.termfit])
        defer { session.close() }
        try session.waitFor("Workouts")
        try runCommand(["kill", "-\(signal)", "\(try session.pid())"])
        #expect(try session.waitForExit(timeout: Self.signalExit) == status)
        #expect(try session.terminalIsRestored())
    }

    @Test func controlCQuitsLikeSIGINT() throws {
        let session = try TmuxSession([Binary.termfit])
        defer { session.close() }
        try session.waitFor("Workouts")
        try session.send("C-c")
        #expect(try session.waitForExit(timeout: Self.signalExit) == 130)
        #expect(try session.terminalIsRestored())
    }

    /// A paste whose end marker is lost on the way: keys work again once input has been quiet a
    /// moment. A Ctrl-C byte while the paste lasts is part of it (dropped from its text, issue 31),
    /// never the key that quits.
    @Test(arguments: ["quiet", "Ctrl-C"])
    func aPasteWhoseEndNeverComesDoesNotSwallowKeys(way: String) throws {
        let session = try TmuxSession([Binary.termfit])
        defer { session.close() }
        try session.waitFor("Workouts")
        try session.tmux(["send-keys", "-t", "0", "-l", "--", "\u{1B}[200~abc"])
        if way == "Ctrl-C" {
            try session.send("C-c")
            Thread.sleep(forTimeInterval: 0.2)
            #expect(session.exitStatus() == nil, "a Ctrl-C inside a paste quit")
        }
        Thread.sleep(forTimeInterval: 0.8)
        try session.send("j")
        try session.waitForScreen { screen in screen.contains { $0.contains("▸ 2  ") } }
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }
}

/// Terminals and locales TermFit may meet: each either works or says clearly why it cannot.
@Suite struct TerminalEnvironmentEndToEndTests {
    @Test(arguments: [
        ("dumb", "cannot move the cursor"), ("", "TERM is not set"), ("no-such-terminal-type", "unknown terminal type"),
    ])
    func unusableTerminalTypesGetAClearMessage(term: String, message: String) throws {
        let session = try TmuxSession([Binary.termfit], environment: ["TERM": term])
        defer { session.close() }
        #expect(try session.waitForExit() == 2)
        #expect(try session.screen().joined(separator: " ").contains(message))
        #expect(try session.terminalIsRestored())
    }

    @Test(arguments: ["C", "POSIX", "xx_YY.UTF-8", "C.UTF-8"])
    func everyLocaleDrawsTheHomeScreen(locale: String) throws {
        let session = try TmuxSession([Binary.termfit], environment: ["LANG": locale, "LC_ALL": locale])
        defer { session.close() }
        let screen = try session.waitFor("Workouts")
        #expect(screen.contains { $0.contains("▀█▀ █▀▀ █▀█") }, "falls back to C.UTF-8 for wide characters")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test(arguments: ["xterm", "vt100", "tmux-256color", "linux", "screen"])
    func commonTerminalTypesWork(term: String) throws {
        let session = try TmuxSession([Binary.termfit], environment: ["TERM": term])
        defer { session.close() }
        try session.waitFor("Workouts")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalIsRestored())
    }
}
