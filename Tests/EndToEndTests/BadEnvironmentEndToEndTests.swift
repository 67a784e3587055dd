import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The full-screen app started where it cannot keep data: it says why in one line, changes
/// nothing, leaves the terminal as it was and ends with a status a script can read.
@Suite struct BadEnvironmentEndToEndTests {
    @Test func withoutHomeItSaysWhereToKeepTheData() throws {
        let session = try TmuxSession([
            "env", "-u", "HOME", "-u", "XDG_DATA_HOME", "-u", "TERMFIT_DATA_DIR", Binary.termfit,
        ])
        defer { session.close() }
        #expect(try session.waitForExit() == 1)
        let screen = try session.screen().joined()
        #expect(screen.contains("HOME is not set"), "\(screen)")
        #expect(screen.contains("--data-dir"))
        #expect(try session.terminalIsRestored())
    }

    @Test func anUnwritableDataDirectoryIsRefusedAndLeftAlone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-readonly-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer {
            chmod(directory.path, 0o700)
            try? FileManager.default.removeItem(at: directory)
        }
        chmod(directory.path, 0o555)
        // Root may write anywhere: a member's account is what meets a read-only directory, with
        // TermFit installed where every account can run it.
        var command = [Binary.termfit, "--data-dir", directory.path]
        let bin = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-bin-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: bin) }
        if getuid() == 0 {
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            chmod(bin.path, 0o755)
            let installed = bin.appendingPathComponent("termfit").path
            #expect(try runCommand(["install", "-m", "0755", Binary.termfit, installed]).status == 0)
            command = ["runuser", "-u", "nobody", "--", installed, "--data-dir", directory.path]
        }
        let session = try TmuxSession(command)
        defer { session.close() }
        #expect(try session.waitForExit() == 3)
        let screen = try session.screen().joined()
        #expect(screen.contains("cannot write in its data directory"), "\(screen)")
        #expect(try session.terminalIsRestored())
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "nothing was created")
    }
}
