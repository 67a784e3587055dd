import ArgumentParser
import Foundation
import Records
import Store

// `termfit import` of Strong, Hevy and FitNotes CSV exports and `termfit export --format
// strong-csv|hevy-csv`: the formats of the apps lifters come from.

/// What `--unit` takes: `kg` or `lb` (`lbs` too).
@Sendable func parseWeightUnit(_ text: String) throws -> WeightUnit {
    switch text.lowercased() {
    case "kg", "kgs": return .kilograms
    case "lb", "lbs": return .pounds
    default: throw ValidationError("'\(text)' is not a unit; use kg or lb.")
    }
}

/// Whether an import file is a CSV export rather than TermFit's JSON: its first character (after
/// a byte-order mark and blanks) is not `{`.
func isCSV(_ start: Data) -> Bool {
    var bytes = start[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    guard let first = bytes.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else { return false }
    return first != UInt8(ascii: "{")
}

/// The first bytes of a file, or `nil` when it cannot be opened (the JSON path reports that).
func firstBytes(of path: String) -> Data? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    return try? handle.read(upToCount: 256)
}

extension ImportCommand {
    /// Imports a Strong, Hevy or FitNotes CSV export: read once, a workout at a time, into one
    /// transaction, so a refused file adds nothing; a database this import made is removed again
    /// when the file is refused (it leaves no trace, as a refused JSON export does).
    func importLifts(contents: Data?) throws {
        let size = contents?.count ?? (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        func source() throws -> any ByteChunks { try contents.map { DataChunks($0) } ?? FileChunks(path: file) }
        let chunks: any ByteChunks
        do {
            // A file that is no export TermFit reads is refused before the database is opened.
            _ = try TermFitStore.liftFormat(try source())
            chunks = try source()
        } catch let error as CocoaError where error.code == .fileReadNoPermission {
            printError("cannot read \(file)")
            throw TermFitExitStatus.dataFile
        } catch let error as LiftImportError {
            printError(error.description)
            throw TermFitExitStatus.dataFile
        }
        let location = try data.location()
        let made = FreshDatabase(location)
        let store = try TermFitStore.open(at: location)
        let bar = ProgressBar(label: "Importing \(file)", counting: nil)
        do {
            let report = try store.importLifts(
                chunks, intoProfile: data.profileName(), unit: unit, progress: { bar.show($0, of: size ?? 0) })
            bar.finish()
            try? store.close()
            for line in report.description.split(separator: "\n") { printLine(String(line)) }
        } catch let error as LiftImportError {
            bar.finish()
            try? store.close()
            made.remove()
            printError(error.description)
            throw TermFitExitStatus.dataFile
        } catch {
            bar.finish()
            try? store.close()
            throw error
        }
    }
}

/// What of a data directory and its database did not exist before a command opened it, so that a
/// command that ends up writing nothing can leave the disk as it found it.
struct FreshDatabase {
    private let databasePath: String
    private let databaseExisted: Bool
    /// The directories (deepest first) that did not exist.
    private let directories: [String]

    init(_ location: StoreLocation) {
        databasePath = location.databasePath
        databaseExisted = FileManager.default.fileExists(atPath: location.databasePath)
        var missing: [String] = []
        var directory = URL(fileURLWithPath: location.directory).standardizedFileURL
        while directory.path != "/", !FileManager.default.fileExists(atPath: directory.path) {
            missing.append(directory.path)
            directory.deleteLastPathComponent()
        }
        directories = missing
    }

    /// Removes the database (with its write-ahead log) if it was made, and each directory made
    /// that is empty then.
    func remove() {
        guard !databaseExisted else { return }
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(databasePath + suffix) }
        for directory in directories where rmdir(directory) != 0 { break }
    }
}
