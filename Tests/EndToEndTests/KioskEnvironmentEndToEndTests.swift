import Foundation
import Testing

/// In kiosk mode no `TERMFIT_*` variable changes anything (a member's SSH client may send any
/// that `AcceptEnv` lets through), and no screen shows where the data is; the forced command's
/// options still work. The real binary in tmux.
@Suite(.serialized)
struct KioskEnvironmentEndToEndTests {
    /// Every `TERMFIT_*` variable a member could send, each set to change something visible.
    static func memberVariables(_ elsewhere: URL) -> [String: String] {
        [
            "TERMFIT_ASCII": "1", "TERMFIT_STATS": "1", "TERMFIT_OUTPUT_TIMEOUT": "1", "TERMFIT_LINK_TIMEOUT": "1",
            "TERMFIT_DATA_DIR": elsewhere.path, "SSH_CONNECTION": "192.0.2.7 50000 192.0.2.1 22",
        ]
    }

    /// Whether the screen is drawn with box-drawing characters (not the ASCII fallback).
    static func drawsBoxes(_ screen: [String]) -> Bool {
        screen.contains { line in line.contains { "─│╭╮╰╯┌┐└┘".contains($0) } }
    }

    @Test func termfitVariablesChangeNothingInKioskMode() throws {
        let data = try temporaryDataDirectory("kiosk-environment")
        defer { try? FileManager.default.removeItem(at: data) }
        let elsewhere = data.appendingPathComponent("elsewhere")
        let session = try TmuxSession(
            [Binary.termfit, "--kiosk", "--profile", "kim", "--data-dir", data.path], width: 100, height: 30,
            environment: Self.memberVariables(elsewhere))
        defer { session.close() }
        let home = try session.waitFor("Workouts")
        #expect(Self.drawsBoxes(home), "TERMFIT_ASCII=1 is ignored: \(home.joined(separator: "\n"))")
        try session.send("?")
        let help = try session.waitFor("this help")
        #expect(
            !help.contains { $0.contains(data.path) || $0.contains("termfit.sqlite") },
            "\(help.joined(separator: "\n"))")
        try session.send("Escape")
        // A link probe of 1 s and an output limit of 1 s would have ended the run by now.
        Thread.sleep(forTimeInterval: 2.5)
        #expect(session.exitStatus() == nil, "TERMFIT_LINK_TIMEOUT and TERMFIT_OUTPUT_TIMEOUT are ignored")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        let after = try session.screen().joined(separator: "\n")
        #expect(!after.contains("bytes written"), "TERMFIT_STATS is ignored: \(after)")
        #expect(!FileManager.default.fileExists(atPath: elsewhere.path), "TERMFIT_DATA_DIR is ignored")
    }

    @Test func theForcedCommandsOptionsStillWork() throws {
        let data = try temporaryDataDirectory("kiosk-options")
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try TmuxSession(
            [Binary.termfit, "--kiosk", "--ascii", "--stats", "--profile", "kim", "--data-dir", data.path],
            width: 100, height: 30)
        defer { session.close() }
        let home = try session.waitFor("Workouts")
        #expect(!Self.drawsBoxes(home), "--ascii draws ASCII: \(home.joined(separator: "\n"))")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.screen().contains { $0.contains("bytes written") }, "--stats prints the figures")
    }

    @Test func outsideKioskModeTheVariablesStillWork() throws {
        let data = try temporaryDataDirectory("environment")
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try TmuxSession(
            [Binary.termfit, "--profile", "kim"], width: 100, height: 30,
            environment: ["TERMFIT_ASCII": "1", "TERMFIT_STATS": "1", "TERMFIT_DATA_DIR": data.path])
        defer { session.close() }
        let home = try session.waitFor("Workouts")
        #expect(!Self.drawsBoxes(home), "\(home.joined(separator: "\n"))")
        try session.send("?")
        #expect(try session.waitFor("termfit.sqlite").contains { $0.contains(data.path) })
        try session.send("Escape")
        _ = try session.waitForScreen { !$0.contains { $0.contains("termfit.sqlite") } }
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.screen().contains { $0.contains("bytes written") })
    }
}
