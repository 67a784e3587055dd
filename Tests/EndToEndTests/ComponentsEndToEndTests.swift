import Foundation
import Testing

/// TermUI's components on the real binary in tmux, where the home screen uses them: the profile
/// picker is the one list picker (type to find in any case, "+ New", F1 its keys), the help is
/// the one keys sheet.
@Suite(.serialized) struct ComponentsEndToEndTests {
    @Test func theProfilePickerFindsInAnyCaseAndMakesANewProfileOnlyOnPurpose() throws {
        let data = try temporaryDataDirectory("profiles")
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try TmuxSession([Binary.termfit, "--data-dir", data.path, "--profile", "alex"])
        defer { session.close() }
        try session.waitFor("Profile: alex")

        try session.send("p")
        try session.waitFor("Who is working out?")
        try session.send("-l", "Kim Lee")
        try session.waitFor("+ New profile “Kim Lee”")
        try session.send("Enter")
        try session.waitFor("Now working out as Kim Lee")

        // Typed in another case, the profile is found, not made again.
        try session.send("p")
        try session.waitFor("Who is working out?")
        try session.send("-l", "ALEX")
        let found = try session.waitFor("▸ alex")
        #expect(!found.contains { $0.contains("+ New profile") }, "alex is there already")
        try session.send("F1")
        try session.waitFor("↑↓ Scroll  Esc Close")
        try session.send("Escape")
        try session.waitFor("Enter Use  Esc Cancel")
        try session.send("Enter")
        try session.waitFor("Now working out as alex")
        try session.send("q")
        #expect(try session.waitForExit() == 0)

        let again = try TmuxSession([Binary.termfit, "--data-dir", data.path, "--profile", "alex"])
        defer { again.close() }
        try again.waitFor("Profile: alex")
        try again.send("p")
        let listed = try again.waitFor("Who is working out?")
        #expect(listed.filter { $0.contains("Kim Lee") }.count == 1, "the profile was made once and is kept")
        try again.send("Escape")
        try again.waitForScreen { !$0.contains { $0.contains("Who is working out?") } }
        try again.send("q")
        #expect(try again.waitForExit() == 0)
    }

    @Test func theHelpIsAKeysSheetThatScrollsOnAShortWindow() throws {
        let session = try TmuxSession([Binary.termfit, "--profile", "alex"])
        defer { session.close() }
        try session.waitFor("Workouts")
        try session.resize(width: 40, height: 13)
        try session.send("?")
        let help = try session.waitFor("╭ Help")
        #expect(help.contains { $0.contains("▼ ") }, "a short window shows there is more")
        try session.send("End")
        try session.waitFor("Your data")
        try session.send("Escape")
        try session.waitForScreen { !$0.contains { $0.contains("╭ Help") } }
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }
}
