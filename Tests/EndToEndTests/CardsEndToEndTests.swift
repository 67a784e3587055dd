import CardDeck
import Foundation
import LoopbackDeckServer
import Testing

/// The card workout in the real binary, in tmux: opened from the home screen, stopped on a card,
/// the rules, a whole partial deck, and the deck in `termfit history`; then a deck drawn from a
/// Deck of Cards API server on loopback.
@Suite(.serialized) struct CardsEndToEndTests {
    private func dataDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-cards-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func fromTheHomeScreenToAFinishedDeckInTheHistory() throws {
        let data = try dataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["TERMFIT_DATA_DIR": data.path, "TZ": "UTC"]

        // From the home screen: flip mode, stop on a card, read its exercise, the rules.
        let home = try TmuxSession([Binary.termfit, "--profile", "casey"], environment: environment)
        defer { home.close() }
        try home.openFromMenu("Cards")
        try home.waitFor("Enter draws the first card")
        try home.send("m")
        try home.waitFor("Stop to see your exercise")
        try home.send("Space")
        let stopped = try home.waitFor("[ Start ]")
        let cardTop = try #require(stopped.firstIndex { $0.contains("╭─────────╮") })
        // The index in the top left corner: rank and suit ("10♥"), or "JK" for a joker.
        let index = stopped[cardTop + 1].split(separator: "│")[1].split(separator: " ").first.map(String.init) ?? ""
        let suit = index.last.map(String.init) ?? ""
        let rank = String(index.dropLast())
        let exercises = ["♠": "Push-ups", "♥": "Sit-ups", "♦": "Squats", "♣": "Burpees"]
        let reps = ["A": 11, "J": 10, "Q": 10, "K": 10, "10": 10]
        if let exercise = exercises[suit] {
            let count = reps[rank] ?? Int(rank) ?? -1
            #expect(stopped.contains { $0.contains("\(exercise) × \(count)") }, "the card's exercise and reps show")
        } else {
            #expect(index == "JK", "a joker: \(index)")
        }
        try home.send("r")
        // The sheet's last rule on screen means the whole sheet is (tmux may show a frame half drawn).
        let rules = try home.waitForScreen { $0.contains { $0.contains("Deck from") && $0.contains("no server") } }
        #expect(rules.contains { $0.contains("♠ Spades") && $0.contains("Push-ups") })
        #expect(rules.contains { $0.contains("J Q K") && $0.contains("10 reps each") })
        try home.send("Escape")
        try home.waitForScreen { !$0.contains { $0.contains("♠ Spades") } }
        try home.send("q")
        try home.waitFor("Workouts")
        try home.send("q")
        #expect(try home.waitForExit() == 0)

        // A five-card partial deck, straight through.
        let deck = try TmuxSession(
            [Binary.termfit, "cards", "--profile", "casey", "--seed", "7", "--cards", "AS,2H,3D,4C,5S"],
            environment: environment)
        defer { deck.close() }
        try deck.waitFor("5 cards, shuffled")
        // Done is taken half a second after a card shows (a held key does not do cards).
        for left in (0..<5).reversed() {
            Thread.sleep(forTimeInterval: 0.6)
            try deck.send("Enter")
            try deck.waitFor(left == 1 ? "1 card left" : "\(left) cards left")
        }
        Thread.sleep(forTimeInterval: 0.6)
        try deck.send("Enter")
        try deck.waitFor("[ New deck ]")
        try deck.waitFor("5 cards · 25 reps · your time")
        try deck.send("q")
        #expect(try deck.waitForExit() == 0)
        #expect(try deck.terminalIsRestored())

        let history = try runCommand(
            [Binary.termfit, "history", "--profile", "casey", "--workout", "cards"], environment: environment)
        #expect(history.status == 0)
        #expect(history.output.contains("5 cards: Burpees 4, Push-ups 16, Sit-ups 2, Squats 3"), "\(history.output)")
        #expect(history.output.contains("finished"))
        let json = try runCommand(
            [Binary.termfit, "history", "--profile", "casey", "--format", "json"], environment: environment)
        #expect(json.output.contains(#""workout" : "cards""#) || json.output.contains(#""workout":"cards""#))
    }

    @Test func aDeckFromADeckOfCardsAPIServer() throws {
        let server = try LoopbackDeckServer(seed: 11)
        defer { server.stop() }
        let data = try dataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try TmuxSession(
            [Binary.termfit, "cards", "--profile", "dana", "--deck-api", server.baseURL],
            environment: ["TERMFIT_DATA_DIR": data.path])
        defer { session.close() }
        try session.waitFor("Enter draws the first card")
        try session.send("Enter")
        try session.waitFor("51 cards left")
        Thread.sleep(forTimeInterval: 0.6)
        try session.send("Enter")
        try session.waitFor("50 cards left")
        #expect(server.requests.filter { $0.contains("/draw/") }.count == 2)
        // The server goes away: the screen says so and TermFit's own deck takes over.
        server.stop()
        Thread.sleep(forTimeInterval: 0.6)
        try session.send("Enter")
        try session.waitFor("Cannot reach the deck server")
        try session.send("l")
        try session.waitFor("49 cards left")
        try session.send("q")
        try session.waitFor("The deck is saved as abandoned")
        try session.send("y")
        #expect(try session.waitForExit() == 0)
        let history = try runCommand(
            [Binary.termfit, "history", "--profile", "dana", "--workout", "cards"],
            environment: ["TERMFIT_DATA_DIR": data.path])
        #expect(history.output.contains("2 cards"), "\(history.output)")
        #expect(history.output.contains("abandoned"))
    }
}
