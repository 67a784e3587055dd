import Foundation
import LoopbackDeckServer
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What `--kiosk` keeps from a member (the deck server), with the real binary in tmux.
@Suite(.serialized)
struct KioskLockEndToEndTests {
    /// An operator's deck server preset by an import (`cards.deckAPI`).
    private func presetDeckServer(_ server: String, data: URL) throws {
        let archive = data.appendingPathComponent("settings.json")
        try KioskDeck.archive(profile: "kim", server: server).write(to: archive, atomically: true, encoding: .utf8)
        let imported = try runCommand(
            [Binary.termfit, "import", "--profile", "kim", archive.path], environment: ["TERMFIT_DATA_DIR": data.path])
        #expect(imported.status == 0, "\(imported.error)")
    }

    @Test func inKioskModeTheDeckServerIsLockedAndLoopbackIsRefused() throws {
        let server = try LoopbackDeckServer(seed: 3)
        defer { server.stop() }
        let data = try temporaryDataDirectory("kiosk-deck")
        defer { try? FileManager.default.removeItem(at: data) }
        try presetDeckServer(server.baseURL, data: data)

        let session = try TmuxSession(
            [Binary.termfit, "--kiosk", "--profile", "kim", "--data-dir", data.path], width: 100, height: 30)
        defer { session.close() }
        try KioskDeck.expectLockedServer(server.baseURL, in: session)

        // The operator's server is on loopback, and --allow-private-deck-api was not given.
        try session.send("Enter")
        try session.waitFor("on this box")
        #expect(server.requests.isEmpty, "no request reached the loopback server: \(server.requests)")
        try session.send("q")
        try session.send("q")

        // The same address with the operator's explicit allowance is reached (so the refusal above
        // was the check, not a broken server).
        let allowed = try TmuxSession([
            Binary.termfit, "cards", "--kiosk", "--allow-private-deck-api", "--profile", "kim", "--data-dir", data.path,
        ])
        defer { allowed.close() }
        try allowed.waitFor("Enter draws the first card")
        try allowed.send("Enter")
        try allowed.waitFor("51 cards left")
        #expect(!server.requests.isEmpty)
    }

    @Test func aNameThatResolvesToLoopbackIsRefusedToo() throws {
        let server = try LoopbackDeckServer(seed: 3)
        defer { server.stop() }
        let data = try temporaryDataDirectory("kiosk-deck-name")
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try TmuxSession([
            Binary.termfit, "cards", "--kiosk", "--profile", "kim", "--data-dir", data.path, "--deck-api",
            "http://localhost:\(server.port)",
        ])
        defer { session.close() }
        try session.waitFor("Enter draws the first card")
        try session.send("Enter")
        try session.waitFor("on this box")
        #expect(server.requests.isEmpty)
    }
}

/// What the kiosk tests of the deck server share: the operator's import, and the rules sheet's
/// locked "Deck from".
enum KioskDeck {
    /// A profile archive that sets `profile`'s deck server, as an operator imports it.
    static func archive(profile: String, server: String) -> String {
        """
        {"format": "termfit-profile", "version": 1, "profile": "\(profile)", "settings": {"cards.deckAPI": "\(server)"},
         "cardSessions": [], "dumbbellWorkouts": [], "flashcardDecks": [], "flashcardSessions": [], "hiitSessions": []}
        """
    }

    /// Opens Cards from the home menu and its rules; checks that "Deck from" shows `server` locked
    /// and that Enter and typing there change nothing; closes the rules.
    static func expectLockedServer(_ server: String, in session: TmuxSession) throws {
        try session.openFromMenu("Cards")
        try session.waitFor("Enter draws the first card")
        try session.send("r")
        try session.waitFor("Deck from")
        // Typing finds "Deck from". Enter would open its field; here it says why it does not.
        try session.send("-l", "deck f")
        try session.waitForScreen { $0.contains { $0.contains("▸ Deck from") && $0.contains("(locked)") } }
        try session.send("Enter")
        try session.waitFor("set for this box")
        let rules = try session.screen()
        #expect(rules.contains { $0.contains("Deck from") && $0.contains("\(server) (locked)") })
        #expect(!rules.contains { $0.contains("Keep") }, "no field opened")
        try session.send("Escape")
        try session.waitForScreen { !$0.contains { $0.contains("Deck from") } }
    }
}
