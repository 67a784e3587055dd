import Foundation
import Testing

/// Flashcards on one PostgreSQL server shared by two boxes (two data directories): a card
/// answered on box A is scheduled from that answer on box B.
@Suite(.serialized) struct FlashcardsSeveralBoxesEndToEndTests {
    @Test("a card answered Easy on box A is not due on box B; the commands read the server")
    func aCardAnsweredOnOneBoxIsNotDueOnTheOther() throws {
        let cluster = try SeveralBoxesEndToEndTests.Cluster()
        defer { cluster.stop() }
        let boxA = try temporaryDataDirectory("cards-box-a")
        let boxB = try temporaryDataDirectory("cards-box-b")
        defer {
            try? FileManager.default.removeItem(at: boxA)
            try? FileManager.default.removeItem(at: boxB)
        }
        let file = boxA.appendingPathComponent("gym.txt")
        try "Squat?\tLegs\n".write(to: file, atomically: true, encoding: .utf8)
        let server = ["--profile", "alex", "--database", cluster.url]
        let imported = try runCommand(
            [Binary.termfit, "flashcards", "import", file.path, "--deck", "Gym", "--data-dir", boxA.path] + server)
        #expect(imported.status == 0, "\(imported.error)")
        #expect(try cluster.query("SELECT prompt FROM flashcard") == ["Squat?"])

        let a = try TmuxSession(
            [Binary.termfit, "flashcards"] + server, width: 120, environment: ["TERMFIT_DATA_DIR": boxA.path])
        defer { a.close() }
        try a.waitFor("Squat?")
        try a.send("Space")
        try a.waitFor("Space Hide")
        try a.send("4")  // Easy: the card goes to its first review, days away
        try a.waitFor("✓ 1  ✗ 0")
        try a.send("q")
        #expect(try a.waitForExit() == 0)
        #expect(try cluster.query("SELECT grade FROM flashcard_review") == ["easy"])

        let decks = try runCommand([Binary.termfit, "flashcards", "decks", "--data-dir", boxB.path] + server)
        #expect(decks.status == 0, "\(decks.error)")
        #expect(decks.output == "deck\tnotes\tcards\tdue\nGym\t1\t1\t0\n", "\(decks.output)")

        let b = try TmuxSession(
            [Binary.termfit, "flashcards"] + server, width: 120, environment: ["TERMFIT_DATA_DIR": boxB.path])
        defer { b.close() }
        try b.waitFor("Nothing of “Gym” is due now. The next is due in")  // some days (the interval is fuzzed)
        try b.send("q")
        #expect(try b.waitForExit() == 0)

        let history = try runCommand(
            [Binary.termfit, "history", "--workout", "flashcards", "--data-dir", boxB.path] + server)
        #expect(history.status == 0, "\(history.error)")
        #expect(history.output.contains("Gym: 1 correct, 0 wrong"), "\(history.output)")
        let export = try runCommand([Binary.termfit, "export", "--data-dir", boxB.path] + server)
        #expect(export.status == 0, "\(export.error)")
        #expect(export.output.contains("\"prompt\" : \"Squat?\""), "\(export.output)")
    }
}
