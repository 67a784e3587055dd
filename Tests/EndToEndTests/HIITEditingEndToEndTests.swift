import Foundation
import Testing

/// Issue 29's HIIT cases in the real binary, in tmux: every key or click that would drop a
/// countdown running or paused asks first; leaving at zero does not ask (nothing is lost); a
/// hands-free circuit stopped with q, y goes back to the HIIT page; the circuits field follows
/// the one editing rule.
@Suite(.serialized) struct HIITEditingEndToEndTests {
    /// `termfit hiit` on Squat's page with its countdown running.
    private func squatRunning(_ extra: [String] = []) throws -> TmuxSession {
        let session = try TmuxSession(
            [Binary.termfit, "hiit", "--quiet", "--profile", "robin"] + extra, environment: ["TZ": "UTC"])
        try session.waitFor("[ Get Started ]")
        try session.send("Enter")
        try session.waitFor("[ Start ]")
        try session.send("Enter")
        try session.waitFor(extra.contains("--tabata") ? "Work · round 1 of 8" : "Go!")
        return session
    }

    /// A key that leaves the page asks; n keeps the countdown running, y goes.
    private func pageKeyAsks(_ key: String, goesTo page: String) throws {
        let session = try squatRunning()
        defer { session.close() }
        try session.send(key)
        let asked = try session.waitFor("Squat in progress is not saved.")
        #expect(asked.contains { $0.hasPrefix("y Leave  n Stay") })
        try session.send("n")
        let kept = try session.waitForScreen { !$0.contains { $0.contains("Squat in progress is not saved.") } }
        #expect(kept.contains { $0.contains("Go!") }, "the countdown runs on: \(kept.joined(separator: "\n"))")
        try session.send(key)
        try session.waitFor("Squat in progress is not saved.")
        try session.send("y")
        try session.waitFor(page)
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func rightDuringARunningCountdownAsks() throws {
        try pageKeyAsks("Right", goesTo: "Step Up")
    }

    @Test func pageUpDuringARunningCountdownAsks() throws {
        try pageKeyAsks("PPage", goesTo: "[ Get Started ]")
    }

    @Test func leftOnAPausedTabataAsksAndNoKeepsItPaused() throws {
        let session = try squatRunning(["--tabata"])
        defer { session.close() }
        try session.send("Space")
        try session.waitFor("Paused · Work · round 1 of 8")
        try session.send("Left")
        try session.waitFor("Squat, round 1 of 8, is not saved.")
        try session.send("Escape")
        let kept = try session.waitForScreen { !$0.contains { $0.contains("is not saved.") } }
        #expect(kept.contains { $0.contains("Paused · Work · round 1 of 8") })
        try session.send("Left")
        try session.waitFor("Squat, round 1 of 8, is not saved.")
        try session.send("Enter")
        try session.waitFor("[ Get Started ]")
    }

    @Test func aClickOnAPageNumberAsks() throws {
        let session = try squatRunning()
        defer { session.close() }
        let screen = try session.screen()
        let header = Array(screen[0])
        let column = try #require(header.indices.last { header[$0] == "3" }, "the page numbers: \(screen[0])")
        let click = "\u{1B}[<0;\(column + 1);1M\u{1B}[<0;\(column + 1);1m"
        try session.send(bytes: Array(click.utf8))
        try session.waitFor("Squat in progress is not saved.")
        try session.send("n")
        try session.waitForScreen { !$0.contains { $0.contains("is not saved.") } }
        try session.send(bytes: Array(click.utf8))
        try session.waitFor("Squat in progress is not saved.")
        try session.send("y")
        try session.waitFor("Burpee")
    }

    @Test func resetDuringARunningCountdownAsks() throws {
        let session = try squatRunning()
        defer { session.close() }
        try session.send("r")
        let asked = try session.waitFor("Squat in progress is not saved.")
        #expect(asked.contains { $0.hasPrefix("y Reset  n Keep") })
        try session.send("y")
        try session.waitFor("Ready: 30 s")
    }

    @Test func qAtTimesUpLeavesWithoutAskingForTheExerciseIsSaved() throws {
        let session = try TmuxSession(
            [Binary.termfit, "hiit", "--quiet", "--seconds", "2", "--profile", "robin"], environment: ["TZ": "UTC"])
        defer { session.close() }
        try session.waitFor("[ Get Started ]")
        try session.send("Enter")
        try session.waitFor("[ Start ]")
        try session.send("Enter")
        try session.waitFor("Time's up! Saved", timeout: 15)
        try session.send("q")
        #expect(try session.waitForExit() == 0, "no question: nothing would be lost")
        let data = session.directory.appendingPathComponent("data").path
        let listed = try runCommand(
            [Binary.termfit, "history", "--workout", "hiit", "--data-dir", data, "--profile", "robin"],
            environment: ["TZ": "UTC"])
        #expect(listed.output.contains("finished    Squat"), "\(listed.output)")
    }

    @Test func aHandsFreeCircuitLeftWithQYReturnsToTheHIITPage() throws {
        let session = try TmuxSession(
            [Binary.termfit, "hiit", "--quiet", "--profile", "sam"], environment: ["TZ": "UTC"])
        defer { session.close() }
        try session.waitFor("[ Get Started ]")
        try session.send("c")
        try session.waitFor("hands-free")
        try session.send("q")
        let asked = try session.waitFor("the one running is not.")
        #expect(asked.contains { $0.hasPrefix("y Stop  n Go on") })
        try session.send("y")
        try session.waitFor("[ Get Started ]")
        #expect(session.exitStatus() == nil, "the program goes on")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func theCircuitsFieldReplacesOnTheFirstKeySavesOnTabAndEscPutsBack() throws {
        let session = try TmuxSession(
            [Binary.termfit, "hiit", "--quiet", "--profile", "sam"], width: 100, environment: ["TZ": "UTC"])
        defer { session.close() }
        try session.waitFor("[ Get Started ]")
        try session.send("e")
        try session.waitFor("Circuits")
        try session.send("C-n")
        try session.waitFor("Name: exercises")
        // The field opens with "My circuit: …" selected: the first key typed replaces it.
        try session.send("-l", "Quick: Squat 2/1")
        try session.send("Tab")
        try session.waitForScreen { $0.contains { $0.contains("▸ Quick") && $0.contains("Squat 2/1; rounds 1") } }
        try session.send("C-r")
        try session.waitFor("New name of Quick:")
        try session.send("-l", "Slow")
        try session.waitFor("Slow")
        try session.send("Escape")
        let back = try session.waitForScreen { !$0.contains { $0.contains("New name of") } }
        #expect(back.contains { $0.contains("▸ Quick") }, "Esc put back the name")
        #expect(!back.contains { $0.contains("Slow") })
        try session.send("Escape")
        // (A key sent right after Esc would arrive as Alt and that key.)
        try session.waitForScreen { !$0.contains { $0.contains("Find:") } }
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    /// The circuits list is TermUI's list picker: typing filters it (any case), Enter chooses the
    /// circuit left first, and c runs it hands-free.
    @Test func typingFiltersTheCircuitsAndTheOneChosenRuns() throws {
        let session = try TmuxSession(
            [Binary.termfit, "hiit", "--quiet", "--profile", "sam"], width: 100, environment: ["TZ": "UTC"])
        defer { session.close() }
        try session.waitFor("[ Get Started ]")
        try session.send("e")
        try session.waitFor("Find:")
        try session.send("-l", "TAB")
        let filtered = try session.waitFor("▸ Tabata")
        #expect(!filtered.contains { $0.contains("Standard") }, "\(filtered.joined(separator: "\n"))")
        try session.send("Enter")
        try session.waitForScreen { !$0.contains { $0.contains("Find:") } }
        try session.send("c")
        try session.waitFor("Circuit: Tabata · hands-free")
        try session.send("q")
        try session.waitFor("y Stop  n Go on")
        try session.send("y")
        try session.waitFor("[ Get Started ]")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func theHelpSaysWhatTheKeysDo() throws {
        let help = try runCommand([Binary.termfit, "hiit", "--help"])
        #expect(help.status == 0)
        // ArgumentParser wraps the text: compare it with the line breaks as spaces.
        let text = help.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("a page change, r and q ask first (y goes ahead, n stays)"), "\(help.output)")
        #expect(text.contains("c runs the circuit hands-free (q stops it, back to the page)"))
        #expect(text.contains("at zero nothing is lost, so it does not ask"))
        #expect(text.contains("Enter, Tab or ↑ ↓ save the field, Esc puts it back"))
        #expect(text.contains("type to filter, Enter chooses one for c, Ctrl-N new, Ctrl-O edit"))
    }
}
