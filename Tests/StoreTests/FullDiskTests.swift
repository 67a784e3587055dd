import Foundation
import Records
import Testing

@testable import Store

/// A disk that fills up: a small tmpfs mounted for the test (it needs root, which CI has).
@Suite("A full disk")
struct FullDiskTests {
    /// Whether this process may mount a file system (root in a sandbox that allows it).
    static let canMount: Bool = {
        guard getuid() == 0, let directory = try? TemporaryDirectory() else { return false }
        defer { directory.remove() }
        let mounted = mountTmpfs(at: directory.path, kibibytes: 64)
        if mounted { umount(directory.path) }
        return mounted
    }()

    private static func mountTmpfs(at path: String, kibibytes: Int) -> Bool {
        mount("tmpfs", path, "tmpfs", 0, "size=\(kibibytes)k,mode=0755") == 0
    }

    @Test(
        "Saving on a full disk says so, keeps what was saved, and the database stays valid",
        .enabled(if: FullDiskTests.canMount, "mounting a small tmpfs needs root"))
    func fullDisk() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let mountPoint = directory.appending("disk")
        try FileManager.default.createDirectory(atPath: mountPoint, withIntermediateDirectories: true)
        try #require(Self.mountTmpfs(at: mountPoint, kibibytes: 2048))
        defer { umount(mountPoint) }

        let location = StoreLocation(directory: mountPoint + "/termfit", origin: .argument)
        let store = try TermFitStore.open(at: location)
        let log = try store.profileStore(named: "anna")
        var saved = 0
        var failure: StoreError?
        let note = String(repeating: "x", count: 180)
        while saved < 100_000 {
            do {
                try log.save(
                    HIITSession(
                        exercise: "Squat \(saved) \(note)", startedAt: Date(timeIntervalSince1970: Double(saved)),
                        duration: 30, completed: true))
                saved += 1
            } catch let error as StoreError {
                failure = error
                break
            }
        }
        let error = try #require(failure, "the disk never filled up")
        guard case .diskFull = error else {
            Issue.record("expected diskFull, got \(error)")
            return
        }
        #expect(error.description.contains("is full"))
        #expect(error.description.contains("not saved"))
        #expect(error.isDataFileProblem)
        #expect(saved > 10)
        // Everything saved before the disk filled up is still there, and the file is sound.
        #expect(try log.hiitSessions(since: nil, limit: nil).count == saved)
        try store.checkIntegrity()
        try? store.close()
    }
}
