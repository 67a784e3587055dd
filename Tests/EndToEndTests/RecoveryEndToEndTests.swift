import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A set finished while the disk is full is not lost when TermFit ends: it goes to a recovery
/// file next to the database, TermFit says so and exits with status 3, and the next start puts it
/// in the database. The data directory is on a small tmpfs mounted for the test (root only).
@Suite(.serialized) struct RecoveryEndToEndTests {
    /// Whether this process may mount a file system (root in a sandbox that allows it).
    static let canMount: Bool = {
        guard getuid() == 0, let directory = try? temporaryDataDirectory("mount-check") else { return false }
        defer { try? FileManager.default.removeItem(at: directory) }
        let mounted = mount("tmpfs", directory.path, "tmpfs", 0, "size=64k,mode=0755") == 0
        if mounted { umount(directory.path) }
        return mounted
    }()

    /// Whether `chattr +i` makes a file refuse writes here (root on ext4 and the like): then a
    /// database file can be made unwritable for root while its directory stays writable.
    static let canMakeImmutable: Bool = {
        guard getuid() == 0, let directory = try? temporaryDataDirectory("chattr-check") else { return false }
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("probe").path
        let descriptor = open(file, O_CREAT | O_RDWR, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        guard (try? runCommand(["chattr", "+i", file]))?.status == 0 else { return false }
        defer { _ = try? runCommand(["chattr", "-i", file]) }
        return write(descriptor, "x", 1) < 0
    }()

    private func setImmutable(_ on: Bool, _ paths: [String]) throws {
        for path in paths where FileManager.default.fileExists(atPath: path) {
            #expect(try runCommand(["chattr", on ? "+i" : "-i", path]).status == 0)
        }
    }

    /// Starts `termfit dumbbells` for one set, makes `makeUnwritable` happen once the workout is on
    /// screen, does the set (whose save fails) and leaves; returns the session, ended.
    private func refusedSet(environment: [String: String], makeUnwritable: () throws -> Void) throws -> TmuxSession {
        let session = try TmuxSession(
            [Binary.termfit, "dumbbells", "--profile", "robin", "--sets", "1"], width: 250, environment: environment)
        try session.waitFor("Enter kg and reps for set 1")
        try makeUnwritable()
        try session.send("12")
        try session.send("Tab")
        try session.send("10")
        try session.waitFor("▶ Start set 1")
        try session.send("Enter")
        try session.waitFor("[Finish]")
        try session.send("Enter")
        try session.waitFor("Not saved")
        try session.send("q")
        return session
    }

    @Test(
        "A set the database refused is kept in a recovery file, reported, and replayed by the next start",
        .enabled(if: RecoveryEndToEndTests.canMakeImmutable, "chattr +i needs root on a file system that has it"))
    func aRefusedSetSurvivesTheEnd() throws {
        let data = try temporaryDataDirectory("recovery")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["TERMFIT_DATA_DIR": data.path]
        let database = data.appendingPathComponent("termfit.sqlite").path
        let unwritable = [database, database + "-wal"]
        defer { try? setImmutable(false, unwritable) }

        let first = try refusedSet(environment: environment) { try setImmutable(true, unwritable) }
        defer { first.close() }
        #expect(try first.waitForExit() == 3, "unsaved work ends TermFit with status 3")
        #expect(try first.terminalIsRestored())
        let said = try first.screen().joined(separator: "\n")
        #expect(said.contains("termfit: not saved in the database for robin:"), "\(said)")
        #expect(said.contains("dumbbells: Bicep curl set 1, 12 kg × 10"), "\(said)")
        let files = try FileManager.default.contentsOfDirectory(atPath: data.path).filter {
            $0.hasPrefix("termfit-recovery-robin-")
        }
        let file = try #require(files.first, "a recovery file in \(data.path): \(said)")
        #expect(said.contains("kept in \(data.path)/\(file)"), "\(said)")
        let attributes = try FileManager.default.attributesOfItem(atPath: data.appendingPathComponent(file).path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        // Writable again: the next start puts the set in before it reads the history.
        try setImmutable(false, unwritable)
        let second = try TmuxSession(
            [Binary.termfit, "dumbbells", "--profile", "robin"], width: 250, environment: environment)
        defer { second.close() }
        try second.waitFor("last: 12 kg × 10")
        try second.send("q")
        #expect(try second.waitForExit() == 0)
        let told = try second.screen().joined(separator: "\n")
        #expect(
            told.contains("replayed 3 saves from \(data.path)/\(file) into the database; the file is removed"),
            "\(told)")
        #expect(!FileManager.default.fileExists(atPath: data.appendingPathComponent(file).path))
        let history = try runCommand(
            [Binary.termfit, "history", "--workout", "dumbbells", "--data-dir", data.path, "--profile", "robin"])
        #expect(history.output.contains("Bicep curl: 1 set, 12 kg x 10"), "history:\n\(history.output)")
    }

    @Test(
        "When the disk is too full even for the recovery file, TermFit says what is lost",
        .enabled(if: RecoveryEndToEndTests.canMount, "mounting a small tmpfs needs root"))
    func aFullDiskSaysWhatIsLost() throws {
        let scratch = try temporaryDataDirectory("full")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let disk = scratch.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        try #require(mount("tmpfs", disk.path, "tmpfs", 0, "size=1m,mode=0700") == 0)
        defer { umount(disk.path) }
        let data = disk.appendingPathComponent("data")
        let session = try refusedSet(environment: ["TERMFIT_DATA_DIR": data.path]) {
            let filler = disk.appendingPathComponent("filler").path
            #expect(FileManager.default.createFile(atPath: filler, contents: nil))
            let handle = try #require(FileHandle(forWritingAtPath: filler))
            defer { try? handle.close() }
            for chunk in [65_536, 4096, 512, 1] {
                while (try? handle.write(contentsOf: Data(repeating: 0, count: chunk))) != nil {}
            }
        }
        defer { session.close() }
        #expect(try session.waitForExit() == 3)
        let said = try session.screen().joined(separator: "\n")
        #expect(said.contains("dumbbells: Bicep curl set 1, 12 kg × 10"), "\(said)")
        #expect(said.contains("the recovery file could not be written either"), "\(said)")
        #expect(said.contains("it is not kept anywhere"), "\(said)")
    }
}
