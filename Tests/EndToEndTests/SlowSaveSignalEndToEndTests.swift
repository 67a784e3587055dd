import Foundation
import Testing

/// A hang-up or a TERM while saves are slow (a store that takes seconds per write, as a far
/// database server or a failing disk would) ends TermFit within a few seconds: the terminal is
/// given back, what the store had not taken goes to a recovery file, and the next start puts it in
/// the database. Without the limit the process stayed until every queued save went in.
@Suite(.serialized) struct SlowSaveSignalEndToEndTests {
    /// Every write transaction of the session under test takes this long.
    private static let slowed = ["TERMFIT_BENCH_SAVE_DELAY_MS": "5000"]

    /// Starts `termfit dumbbells` on `data` with slow saves and finishes set 1 (its saves queue
    /// behind the database's opening).
    private func setFinishedWhileSavesAreSlow(data: URL) throws -> TmuxSession {
        let command = [Binary.termfit, "dumbbells", "--profile", "sam", "--sets", "3"]
        // The database made first at full speed; opening it again still writes a little (slowly).
        let making = try TmuxSession(command, environment: ["TERMFIT_DATA_DIR": data.path])
        try making.waitFor("Enter kg and reps for set 1")
        try making.send("q")
        #expect(try making.waitForExit() == 0)
        making.close()
        var environment = Self.slowed
        environment["TERMFIT_DATA_DIR"] = data.path
        let session = try TmuxSession(command, environment: environment)
        try session.waitFor("Enter kg and reps for set 1", timeout: 40)
        try session.send("12")
        try session.send("Tab")
        try session.send("10")
        try session.waitFor("▶ Start set 1")
        try session.send("Enter")
        try session.waitFor("[Finish]")
        try session.send("Enter")
        try session.waitFor("[Skip]")
        return session
    }

    private func recoveryFiles(_ data: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? []).filter {
            $0.hasPrefix("termfit-recovery-")
        }
    }

    /// Puts the recovery files in the database and returns `history`'s text.
    private func recoveredHistory(_ data: URL) throws -> String {
        let recover = try runCommand([Binary.termfit, "recover", "--data-dir", data.path, "--profile", "sam"])
        #expect(recover.status == 0, "\(recover.output)")
        let history = try runCommand(
            [Binary.termfit, "history", "--workout", "dumbbells", "--data-dir", data.path, "--profile", "sam"])
        #expect(history.status == 0, "\(history.output)")
        return history.output
    }

    @Test func termWhileASaveIsSlowEndsWithinSecondsAndKeepsTheSetInARecoveryFile() throws {
        let data = try temporaryDataDirectory("slow-term")
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try setFinishedWhileSavesAreSlow(data: data)
        defer { session.close() }
        let signalled = Date()
        try runCommand(["kill", "-TERM", "\(try session.pid())"])
        let status = try session.waitForExit(timeout: 8)
        let took = Date().timeIntervalSince(signalled)
        #expect(status == 143, "ended by TERM, after \(took) s")
        #expect(took < 6, "the last saves are waited for 3 s at most, not for every slow save")
        #expect(try session.terminalIsRestored())
        let screen = try session.screen().joined(separator: "\n")
        #expect(screen.contains("not saved in the database for sam"), "\(screen)")
        #expect(recoveryFiles(data).count == 1)
        let history = try recoveredHistory(data)
        #expect(history.contains("Bicep curl: 1 set, 12 kg x 10"), "\(history)")
        #expect(history.components(separatedBy: "Bicep curl:").count == 2, "one workout:\n\(history)")
        #expect(recoveryFiles(data).isEmpty)
    }

    @Test func aPaneClosedWhileASaveIsSlowEndsTheProcessWithinSeconds() throws {
        let data = try temporaryDataDirectory("slow-hup")
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try setFinishedWhileSavesAreSlow(data: data)
        defer { session.close() }
        let pid = try session.pid()
        let closed = Date()
        _ = try session.tmux(["kill-pane", "-t", "0"])
        // Gone, or a zombie no one reaps (its shell went with the pane).
        func isRunning() -> Bool {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
            return !(stat.split(separator: ")").last?.hasPrefix(" Z") ?? false)
        }
        var running = true
        while running, Date().timeIntervalSince(closed) < 8 {
            Thread.sleep(forTimeInterval: 0.05)
            running = isRunning()
        }
        #expect(!running, "TermFit still runs 8 s after its pane closed")
        #expect(Date().timeIntervalSince(closed) < 6)
        let history = try recoveredHistory(data)
        #expect(history.contains("Bicep curl: 1 set, 12 kg x 10"), "\(history)")
    }
}
