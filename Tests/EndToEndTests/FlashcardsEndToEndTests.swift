import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `termfit flashcards` as a user runs it: import a deck from a file, answer it in tmux (the cards
/// come shuffled), suspend and resume, edit a card, cram, then find the answers in the history;
/// and the import and export commands on their own.
@Suite(.serialized) struct FlashcardsEndToEndTests {
    private func makeDataDirectory() throws -> URL { try temporaryDataDirectory("flashcards") }

    /// The seconds the timer's capsule shows ("Time 1:27" is 87), if it shows.
    private func secondsShown(_ screen: [String]) -> Int? {
        guard let line = screen.first(where: { $0.contains("Time ") }),
            let range = line.range(of: #"Time +(\d+):(\d\d)"#, options: .regularExpression)
        else { return nil }
        let parts = line[range].dropFirst(5).trimmingCharacters(in: .whitespaces).split(separator: ":")
        guard parts.count == 2, let minutes = Int(parts[0]), let seconds = Int(parts[1]) else { return nil }
        return minutes * 60 + seconds
    }

    @Test func importSwipeSuspendEditAndFindTheReviewsInTheHistory() throws {
        let data = try makeDataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("gym.txt")
        try "#separator:tab\n#html:false\nSquat?\tLegs\r\n\"Plank, front?\"\tCore\nCurl?\tBiceps\n".write(
            to: file, atomically: true, encoding: .utf8)
        let common = ["--data-dir", data.path, "--profile", "alex"]
        let imported = try runCommand([Binary.termfit, "flashcards", "import", file.path, "--deck", "Gym"] + common)
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output == "Imported: added 3 cards, updated 0, skipped 0, new deck “Gym”.\n")

        let session = try TmuxSession.withJobControl(
            [Binary.termfit, "flashcards"] + common, environment: ["TERMFIT_DATA_DIR": data.path])
        defer { session.close() }
        let prompts = ["Squat?", "Plank, front?", "Curl?"]
        let first = try session.waitFor("Flashcards · Gym")
        #expect(prompts.contains { prompt in first.contains { $0.contains(prompt) } }, "a card of the deck on top")
        try session.send("Space")
        try session.waitFor("Space Hide")
        try session.send("l")
        try session.waitFor("✓ 1  ✗ 0")
        try session.send("Space")
        try session.waitFor("Space Hide")
        try session.send("h")
        try session.waitFor("✓ 1  ✗ 1")
        // Good and Again: both wait for their learning step; the third card is on top.
        let third = try session.screen()
        #expect(prompts.contains { prompt in third.contains { $0.contains(prompt) } }, "\(third)")

        // Ctrl-Z: the timer holds while TermFit is stopped.
        let jobs = try session.jobsDirectory()
        let before = try #require(secondsShown(try session.screen()))
        try session.send("C-z")
        #expect(waitForFile(jobs.appendingPathComponent("stopped"))?.hasPrefix("148") == true)
        Thread.sleep(forTimeInterval: 4)
        try "go\n".write(toFile: jobs.appendingPathComponent("resume").path, atomically: false, encoding: .utf8)
        let back = try session.waitFor("Flashcards · Gym")
        let after = try #require(secondsShown(back))
        #expect(before - after <= 2, "the 4 s stopped did not count: \(before) s before, \(after) s after")

        // The keys sheet lists the keys of what is under it: here the decks list. Esc closes one
        // sheet at a time.
        try session.send("d")
        try session.waitFor("▸ Gym")
        try session.send("F1")
        try session.waitFor("move through the list")
        try session.send("Escape")
        try session.waitFor("Esc Cancel")
        try session.send("Escape")
        try session.waitFor("d Decks")

        // Edit: add a card; Done starts a new session with it.
        try session.send("e")
        try session.waitFor("Edit cards")
        try session.send("-l", "Deadlift?")
        try session.send("Enter")
        try session.send("-l", "Posterior chain")
        try session.send("Enter")
        try session.waitFor("Gym: 4 cards")
        try session.send("Escape")
        // A new study session: the two new cards, then the two in their learning steps (within
        // the 20-minute learn-ahead); Good takes each through its steps until none is left.
        try session.waitFor("✓ 0  ✗ 0")
        var goods = 0
        while goods < 12, try !session.screen().contains(where: { $0.contains("Every card due is done") }) {
            goods += 1
            try session.send("Space")
            try session.waitFor("Space Hide")
            try session.send("Right")
            try session.waitForScreen { screen in
                screen.contains { $0.contains("✓ \(goods)  ✗ 0") || $0.contains("Every card due is done") }
            }
        }
        #expect(goods == 7, "two new cards and two learning ones, each Good until it leaves its steps")
        try session.waitFor("Every card due is done")
        // c crams the whole deck: every card, and no due date moves.
        try session.send("c")
        try session.waitFor("Flashcards · Gym · cram")
        for count in 1...4 {
            try session.send("Space")
            try session.waitFor("Space Hide")
            try session.send("Right")
            try session.waitFor("✓ \(count)  ✗ 0")
        }
        try session.waitFor("Every card crammed")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalIsRestored())

        let history = try runCommand([Binary.termfit, "history", "--workout", "flashcards"] + common)
        #expect(history.status == 0)
        #expect(history.output.contains("Gym: 1 correct, 1 wrong"), "history:\n\(history.output)")
        #expect(history.output.contains("Gym: 7 correct, 0 wrong"), "history:\n\(history.output)")
        #expect(history.output.contains("Gym: 4 correct, 0 wrong"), "history:\n\(history.output)")
        let detail = try runCommand(
            [Binary.termfit, "history", "--workout", "flashcards", "--detail", "--format", "csv"] + common)
        #expect(detail.output.contains(",again,"), "\(detail.output)")
        #expect(detail.output.contains(",good (cram),"), "\(detail.output)")
        let csv = try runCommand([Binary.termfit, "history", "--workout", "flashcards", "--format", "csv"] + common)
        #expect(csv.output.contains("abandoned"), "the first session was left for the edited deck")
        #expect(csv.output.contains("finished"))
    }

    @Test func aBadFileImportsNothingAndNamesTheLine() throws {
        let data = try makeDataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("bad.csv")
        let bytes = Array("Squat,Legs\nBad \u{0}".utf8).dropLast() + [0xFF, 0x2C, 0x78, 0x0A]
        _ = FileManager.default.createFile(atPath: file.path, contents: Data(bytes))
        let common = ["--data-dir", data.path, "--profile", "alex"]
        let refused = try runCommand([Binary.termfit, "flashcards", "import", file.path, "--deck", "Gym"] + common)
        #expect(refused.status == 3)
        #expect(refused.error.contains("line 2: not UTF-8 text"), "\(refused.error)")
        #expect(refused.error.contains("nothing was imported"))
        let export = try runCommand([Binary.termfit, "flashcards", "export", "--deck", "Gym"] + common)
        #expect(export.status == 1, "no deck Gym was made")
        #expect(export.error.contains("no deck is called “Gym”"))
        let loose = data.appendingPathComponent("loose.txt")
        try "Squat\tLegs\n".write(to: loose, atomically: true, encoding: .utf8)
        let noDeck = try runCommand([Binary.termfit, "flashcards", "import", loose.path] + common)
        #expect(noDeck.status == 3, "a file that names no deck needs --deck")
        #expect(noDeck.error.contains("give --deck NAME"), "\(noDeck.error)")
    }

    @Test func exportWritesTheDeckAsTSVOrCSVAndImportingItAgainAddsNothing() throws {
        let data = try makeDataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("deck.csv")
        try "\"Squat, back\",Legs\n\"Two\nlines\",ok\n".write(to: file, atomically: true, encoding: .utf8)
        let common = ["--data-dir", data.path, "--profile", "alex"]
        #expect(
            try runCommand([Binary.termfit, "flashcards", "import", file.path, "--deck", "Mix"] + common).status == 0)
        let tsv = try runCommand([Binary.termfit, "flashcards", "export", "--deck", "Mix"] + common)
        let header = "#html:true\n#guid column:1\n#notetype column:2\n#deck column:3\n#tags column:6\n"
        #expect(tsv.output.hasPrefix("#separator:tab\n" + header), "\(tsv.output)")
        #expect(
            tsv.output.contains("\tBasic\tMix\tSquat, back\tLegs\t\n")
                && tsv.output.contains("\tBasic\tMix\tTwo<br>lines\tok\t\n"))
        let csv = try runCommand([Binary.termfit, "flashcards", "export", "--deck", "Mix", "--format", "csv"] + common)
        #expect(csv.output.hasPrefix("#separator:comma\n" + header))
        #expect(
            csv.output.contains(",Basic,Mix,\"Squat, back\",Legs,\n")
                && csv.output.contains(",Basic,Mix,Two<br>lines,ok,\n"))
        for (text, format) in [(tsv.output, "tsv"), (csv.output, "csv")] {
            let again = try runCommand(
                [Binary.termfit, "flashcards", "import", "-", "--format", format] + common, input: Data(text.utf8))
            #expect(
                again.output == "Imported: added 0 cards, updated 0, unchanged 2, skipped 0.\n",
                "\(format): \(again.error)")
        }
    }
}
