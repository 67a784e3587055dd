import Foundation
import GRDB
import Records
import Testing

@testable import Store

/// A fresh directory under the system's temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let path: String

    init() throws {
        path =
            FileManager.default.temporaryDirectory
            .appendingPathComponent("termfit-store-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        // Traversable by everyone, so a helper running as another user can reach inside.
        chmod(path, 0o755)
    }

    /// A path inside the directory.
    func appending(_ component: String) -> String { path + "/" + component }

    /// A data directory location inside this directory.
    func location(_ name: String = "data") -> StoreLocation {
        StoreLocation(directory: appending(name), origin: .argument)
    }

    /// A database file at `location` as schema 2 left it (before the migrations from v3 on), to
    /// be filled with rows and then opened by the store, which migrates it.
    static func version2Database(at location: StoreLocation) throws -> DatabaseQueue {
        try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: location.databasePath)
        try Schema.migrator.migrate(queue, upTo: "v2 sessions can be cut off")
        return queue
    }

    func remove() {
        // Undo any permission changes a test made, then delete everything.
        if let paths = FileManager.default.enumerator(atPath: path) {
            for case let relative as String in paths { chmod(appending(relative), 0o700) }
        }
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A time given as ISO-8601 text, e.g. `time("2025-03-04T07:30:00Z")`.
func time(_ text: String) -> Date {
    guard let date = Timestamp.date(isoText: text) else {
        Issue.record("not an ISO-8601 time: \(text)")
        return Date(timeIntervalSince1970: 0)
    }
    return date
}

/// A fixed identifier ending in `number`, e.g. `id(1)` is `00000000-0000-0000-0000-000000000001`.
func id(_ number: Int) -> UUID {
    let text = "00000000-0000-0000-0000-" + Timestamp.padded(number, 12)
    guard let identifier = UUID(uuidString: text) else {
        Issue.record("not a UUID: \(text)")
        return UUID()
    }
    return identifier
}

/// The bytes of a file, or `nil` if it cannot be read.
func contents(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
}

/// The names in a directory, sorted.
func listing(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}

/// The `termfit-store-load` helper, built next to the test binary by `swift test`.
enum LoadHelper {
    static let name = "termfit-store-load"

    static func executable() throws -> URL {
        var directories: [URL] = []
        if let override = ProcessInfo.processInfo.environment["TERMFIT_STORE_LOAD"] {
            return URL(fileURLWithPath: override)
        }
        // On Linux the test binary itself lives in the build products directory.
        if let test = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            directories.append(URL(fileURLWithPath: test).deletingLastPathComponent())
        }
        directories.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        // On macOS the .xctest bundle sits in the products directory.
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            directories.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for directory in directories {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw HelperNotFound(searched: directories.map(\.path))
    }

    struct HelperNotFound: Error, CustomStringConvertible {
        var searched: [String]
        var description: String { "\(LoadHelper.name) not found in \(searched.joined(separator: ", "))" }
    }

    /// Starts the helper with `arguments`; its standard output and error go to pipes.
    static func start(_ arguments: [String]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        return (process, output, errors)
    }

    /// Runs the helper to the end and returns its status and output.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let (process, output, errors) = try start(arguments)
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }
}

/// Reads one line from a pipe, blocking until it arrives (or the writer closes it).
func readLine(from pipe: Pipe) -> String {
    var buffer = Data()
    while !buffer.contains(UInt8(ascii: "\n")) {
        let chunk = pipe.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        buffer.append(chunk)
    }
    let line = buffer.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).first ?? Data()
    return String(decoding: line, as: UTF8.self)
}

/// Whether the tests run as root, for whom file permissions do not apply.
var runningAsRoot: Bool { geteuid() == 0 }
