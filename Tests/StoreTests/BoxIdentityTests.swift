import Foundation
import Store
import Synchronization
import Testing

/// A data directory is one box with one identifier, however its processes start.
@Suite("A data directory's box identifier")
struct BoxIdentityTests {
    private func scratch() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-box-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("asked twice, the same identifier, kept in box-id (mode 0600) and nothing else left behind")
    func kept() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let location = StoreLocation(directory: directory.path, origin: .argument)
        let first = location.boxIdentifier()
        #expect(location.boxIdentifier() == first)
        let file = directory.appendingPathComponent(StoreLocation.boxFileName)
        #expect(try String(contentsOf: file, encoding: .utf8) == first + "\n")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [StoreLocation.boxFileName])
    }

    @Test("an empty box-id left by a crash is replaced once, not worked around at every start")
    func emptyFileReplaced() throws {
        let directory = try scratch()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(StoreLocation.boxFileName)
        #expect(
            FileManager.default.createFile(atPath: file.path, contents: Data(), attributes: [.posixPermissions: 0o600]))
        let location = StoreLocation(directory: directory.path, origin: .argument)
        let first = location.boxIdentifier()
        #expect(location.boxIdentifier() == first)
        #expect(try String(contentsOf: file, encoding: .utf8) == first + "\n")
    }

    @Test("sixteen starts at the same instant on a new data directory are one box")
    func startsTogether() throws {
        for _ in 0..<20 {
            let directory = try scratch()
            defer { try? FileManager.default.removeItem(at: directory) }
            let location = StoreLocation(directory: directory.path, origin: .argument)
            let identifiers = Mutex<Set<String>>([])
            let ready = DispatchGroup()
            let go = DispatchSemaphore(value: 0)
            let done = DispatchGroup()
            for _ in 0..<16 {
                ready.enter()
                done.enter()
                Thread.detachNewThread {
                    ready.leave()
                    go.wait()
                    let identifier = location.boxIdentifier()
                    identifiers.withLock { _ = $0.insert(identifier) }
                    done.leave()
                }
            }
            ready.wait()
            for _ in 0..<16 { go.signal() }
            done.wait()
            let file = directory.appendingPathComponent(StoreLocation.boxFileName)
            let kept = try String(contentsOf: file, encoding: .utf8).trimmingCharacters(in: .newlines)
            #expect(identifiers.withLock { $0 } == [kept])
        }
    }
}
