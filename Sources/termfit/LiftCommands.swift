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
    /// Imports a Strong, Hevy or FitNotes CSV export: read through and checked first (a refused
    /// file leaves no trace), then written a batch of workouts at a time.
    func importLifts(contents: Data?) throws {
        let size = contents?.count ?? (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int)
        func source() throws -> any ByteChunks {
            if let contents { return DataChunks(contents) }
            return try FileChunks(path: file)
        }
        do {
            _ = try TermFitStore.checkLifts(try source(), unit: unit)
            let store = try TermFitStore.open(at: try data.location())
            defer { try? store.close() }
            let bar = ProgressBar(label: "Importing \(file)", counting: nil)
            let report = try store.importLifts(
                try source(), intoProfile: data.profileName(), unit: unit, progress: { bar.show($0, of: size ?? 0) })
            bar.finish()
            for line in report.description.split(separator: "\n") { printLine(String(line)) }
        } catch let error as LiftImportError {
            printError(error.description)
            throw TermFitExitStatus.dataFile
        } catch let error as CocoaError where error.code == .fileReadNoPermission {
            printError("cannot read \(file)")
            throw TermFitExitStatus.dataFile
        }
    }
}
