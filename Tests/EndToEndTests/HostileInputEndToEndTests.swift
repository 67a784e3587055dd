import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 31, the terminal's half: what comes from outside (a paste, a signal, GNU screen) never
/// acts for the member, and every way out gives the terminal back.

/// A paste is text, never keys, with the real binary in tmux.
@Suite(.serialized) struct PasteEndToEndTests {
    private static let deck = "Muscles and training"

    /// Flashcards with the starter deck on its study screen, for a new profile in a new data
    /// directory.
    private func studying() throws -> (data: URL, session: TmuxSession) {
        let data = try temporaryDataDirectory("paste")
        let session = try TmuxSession(
            [Binary.termfit, "flashcards", "--profile", "pat"], environment: ["TERMFIT_DATA_DIR": data.path])
        try session.waitFor("Flashcards · \(Self.deck)")
        return (data, session)
    }

    private func export(_ data: URL) throws -> CommandResult {
        try runCommand(
            [Binary.termfit, "flashcards", "export", "--deck", Self.deck, "--profile", "pat", "--data-dir", data.path])
    }

    /// `tmux set-buffer $'hello\e[201~dxy'; tmux paste-buffer -p` on the study screen: the marker
    /// inside the paste ended it, and d (decks), x (delete) and y (yes) deleted the deck. Now the
    /// deck stays, card for card, and no sheet opened.
    @Test func anEndMarkerInsideAPasteDeletesNoDeck() throws {
        let (data, session) = try studying()
        defer {
            session.close()
            try? FileManager.default.removeItem(at: data)
        }
        let before = try export(data)
        #expect(before.status == 0 && before.output.split(separator: "\n").count > 10, "\(before.error)")

        try session.tmux(["set-buffer", "--", "hello\u{1B}[201~dxy"])
        try session.tmux(["paste-buffer", "-p", "-t", "0"])
        Thread.sleep(forTimeInterval: 1)
        let screen = try session.screen()
        #expect(!screen.contains { $0.contains("Deleted") }, "\(screen.joined(separator: "\n"))")
        #expect(!screen.contains { $0.contains("Delete?") }, "no question was asked")
        #expect(screen.contains { $0.contains("Flashcards · \(Self.deck)") }, "\(screen.joined(separator: "\n"))")
        #expect(session.exitStatus() == nil)

        let after = try export(data)
        #expect(after.status == 0, "\(after.error)")
        #expect(after.output == before.output, "the deck is as it was")
    }

    /// Ctrl-X (delete) and `y` (yes) in one `send-keys` on the deck list, as a type-ahead or a
    /// pasting terminal sends them: the question shows, the `y` that came with the Ctrl-X does not
    /// answer it, and the deck stays. A `y` sent after the question showed deletes it.
    @Test func deleteAndYesInOneGoOnTheDeckListDeleteNoDeck() throws {
        let (data, session) = try studying()
        defer {
            session.close()
            try? FileManager.default.removeItem(at: data)
        }
        let before = try export(data)
        #expect(before.status == 0 && before.output.split(separator: "\n").count > 10, "\(before.error)")
        try session.send("d")
        try session.waitFor("Rename")
        try session.send(bytes: [0x18, 0x79])
        try session.waitFor("Delete deck?")
        Thread.sleep(forTimeInterval: 1)
        let screen = try session.screen()
        #expect(screen.contains { $0.contains("Delete deck?") }, "\(screen.joined(separator: "\n"))")
        #expect(!screen.contains { $0.contains("Deleted") }, "\(screen.joined(separator: "\n"))")
        let after = try export(data)
        #expect(after.status == 0, "\(after.error)")
        #expect(after.output == before.output, "the deck is as it was")

        try session.send("y")
        try session.waitFor("Deleted “\(Self.deck)”")
        #expect(try export(data).status != 0, "a y typed after the question deletes the deck")
    }

    /// A Ctrl-C byte inside a paste (xterm passes it through) quit TermFit and lost the card being
    /// written. Now it is dropped from the pasted text and the card is kept.
    @Test func aControlCInsideAPasteIsDroppedAndTheCardIsKept() throws {
        let (data, session) = try studying()
        defer {
            session.close()
            try? FileManager.default.removeItem(at: data)
        }
        try session.send("e")
        try session.waitFor("Edit cards")
        try session.tmux(["set-buffer", "--", "Bench\u{03} press\u{1B}?"])
        try session.tmux(["paste-buffer", "-p", "-t", "0"])
        try session.waitFor("Bench press?")
        #expect(session.exitStatus() == nil, "Ctrl-C in a paste ended TermFit")
        try session.send("Enter")
        try session.send("-l", "Chest")
        try session.send("Enter")
        Thread.sleep(forTimeInterval: 0.5)
        try session.send("Escape")
        try session.waitFor("✓ 0  ✗ 0")
        let exported = try export(data)
        #expect(exported.output.contains("Bench press?\tChest"), "\(exported.output)")
    }
}

/// Every fatal and terminating signal gives the terminal back: the tty's modes as they were
/// (canonical input, echo, signals, CR to NL in and NL to CR NL out), the main screen, no mouse,
/// focus or paste reporting, the cursor shown; and the exit status names the signal.
@Suite(.serialized) struct FatalSignalEndToEndTests {
    static let signals: [Int32] =
        [
            SIGABRT, SIGSEGV, SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGSYS, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ, SIGALRM,
            SIGVTALRM, SIGPROF, SIGPWR, SIGSTKFLT, SIGIO, SIGHUP, SIGINT, SIGTERM, SIGQUIT,
        ] + [__libc_current_sigrtmin(), __libc_current_sigrtmax()]

    @Test(arguments: signals)
    func theTerminalIsRestoredAfterTheSignal(_ number: Int32) throws {
        // No core files in the test's directory: the limit is 0 for TermFit.
        let session = try TmuxSession(["sh", "-c", "ulimit -c 0; exec \"$@\"", "sh", Binary.termfit])
        defer { session.close() }
        try session.waitFor("Workouts")
        // The modes are on before the signal: the alternate screen, mouse, focus and paste.
        let deadline = Date().addingTimeInterval(5)
        while try session.format("#{alternate_on} #{mouse_button_flag}") != "1 1" && Date() < deadline {
            usleep(20_000)
        }
        #expect(try session.format("#{alternate_on} #{mouse_button_flag}") == "1 1")
        kill(try session.pid(), number)
        let status = try session.waitForExit()
        #expect(status == Int(128 + number), "signal \(number): exit status \(String(describing: status))")
        #expect(try session.terminalIsRestored(), "signal \(number)")
        let modes = try String(contentsOf: session.directory.appendingPathComponent("stty"), encoding: .utf8)
        let words = Set(modes.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        #expect(words.isSuperset(of: ["icanon", "echo", "isig", "icrnl", "onlcr"]), "signal \(number): \(modes)")
        #expect(try session.format("#{alternate_on} #{mouse_any_flag} #{cursor_flag}") == "0 0 1")
    }
}

/// GNU screen holds a lone ESC back for as long as the program in it reports the mouse, so Esc
/// did nothing until the next key (and then came as Alt with it, or as a second Escape that quit
/// from home). TermFit asks which terminal it is in and keeps the mouse off in screen.
@Suite(.serialized) struct GNUScreenEndToEndTests {
    private static func isHelpOpen(_ screen: [String]) -> Bool { screen.contains { $0.contains("Esc Close") } }

    @Test func oneEscClosesHelpAndNeverQuits() throws {
        let name = "termfit-\(UUID().uuidString.prefix(8))"
        let session = try TmuxSession(["screen", "-S", name, Binary.termfit, "--profile", "scr"])
        defer {
            _ = try? runCommand(["screen", "-S", name, "-X", "quit"])
            session.close()
        }
        try session.waitFor("Workouts")
        // Screen answers TermFit's question at once; give the answer a moment to come back.
        Thread.sleep(forTimeInterval: 0.5)
        for round in 1...2 {
            try session.send("F1")
            try session.waitForScreen { Self.isHelpOpen($0) }
            Thread.sleep(forTimeInterval: 0.3)
            try session.send("Escape")
            // Screen itself waits 300 ms (its `maptimeout`) before it passes a lone ESC on.
            let closed = try session.waitForScreen(timeout: 3) { !Self.isHelpOpen($0) }
            #expect(!Self.isHelpOpen(closed), "round \(round): one Esc left help open")
            #expect(closed.contains { $0.contains("Workouts") }, "round \(round): home shows")
            Thread.sleep(forTimeInterval: 1)
            let later = try session.screen()
            #expect(later.contains { $0.contains("Workouts") }, "round \(round): TermFit still runs at home")
            #expect(!Self.isHelpOpen(later))
        }
        // At home, one Esc quits, as it does in every other terminal (screen ends with it).
        try session.send("Escape")
        #expect(try session.waitForExit(timeout: 5) != nil, "one Esc at home did not quit")
    }
}

/// A question that discards work takes only keys typed after it showed: `q` and `y` arriving in one
/// read (a paste without bracketing, an elbow, a laggy link) ask and do not answer.
@Suite struct TypeAheadEndToEndTests {
    @Test func aYesInTheSameReadAsTheQuestionDoesNotAnswerIt() throws {
        let data = try temporaryDataDirectory("type-ahead")
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try TmuxSession(
            [Binary.termfit, "cards", "--profile", "ty"], environment: ["TERMFIT_DATA_DIR": data.path])
        defer { session.close() }
        try session.waitFor("Enter draws the first card")
        try session.send("Enter")
        try session.waitFor("51 cards left")
        Thread.sleep(forTimeInterval: 0.6)
        try session.send("Enter")
        try session.waitFor("50 cards left")
        try session.send("-l", "qy")
        try session.waitFor("The deck is saved as abandoned")
        Thread.sleep(forTimeInterval: 0.5)
        #expect(session.exitStatus() == nil, "the y that came with the q left")
        #expect(try session.screen().contains { $0.contains("The deck is saved as abandoned") })
        try session.send("y")
        #expect(try session.waitForExit() == 0, "a y typed after the question answers it")
    }
}
