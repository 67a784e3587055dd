import Flashcards
import Foundation

/// A text file to import, read a chunk at a time (``AnkiText/stream(separator:batchSize:opening:_:)``
/// reads it from the start twice when it must guess its HTML). Standard input (`-`), which can
/// be read only once, is first copied to a temporary file, a chunk at a time, removed again when
/// the import is over.
final class TextImportFile {
    /// The bytes read at a time.
    static let chunkSize = 1 << 20
    private let path: String
    private let name: String
    private let limit: Int
    private var temporary: URL?
    /// The size of the file, in bytes.
    private(set) var size = 0
    /// Whether its fields are HTML, once it was checked (``AnkiText/check(separator:next:)``).
    var isHTML: Bool?

    /// The file `file` (`-`: standard input), at most `limit` bytes: a file that cannot be
    /// opened or is larger is reported here, before anything else, ending the command with
    /// status 3 (as ``readImportFile(_:limit:)`` does).
    init(_ file: String, limit: Int) throws {
        name = file
        self.limit = limit
        if file == "-" {
            let copy = FileManager.default.temporaryDirectory.appendingPathComponent(
                "termfit-import-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString).txt")
            temporary = copy
            path = copy.path
            try copyStandardInput(to: copy)
        } else {
            path = file
            guard let handle = FileHandle(forReadingAtPath: file) else {
                printError("cannot read \(file): \(String(cString: strerror(errno)))")
                throw TermFitExitStatus.dataFile
            }
            defer { try? handle.close() }
            do {
                size = Int(try handle.seekToEnd())
            } catch {
                printError("cannot read \(file): \((error as NSError).localizedDescription)")
                throw TermFitExitStatus.dataFile
            }
        }
        guard size <= limit else {
            printError("\(file) is larger than \(limit >> 20) MiB; nothing was imported")
            throw TermFitExitStatus.dataFile
        }
    }

    deinit {
        if let temporary { try? FileManager.default.removeItem(at: temporary) }
    }

    private func copyStandardInput(to copy: URL) throws {
        guard FileManager.default.createFile(atPath: copy.path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let output = FileHandle(forWritingAtPath: copy.path)
        else {
            printError("cannot keep standard input in \(copy.path): \(String(cString: strerror(errno)))")
            throw TermFitExitStatus.dataFile
        }
        defer { try? output.close() }
        do {
            while size <= limit, let chunk = try FileHandle.standardInput.read(upToCount: Self.chunkSize),
                !chunk.isEmpty
            {
                try output.write(contentsOf: chunk)
                size += chunk.count
            }
        } catch {
            printError("cannot read \(name): \((error as NSError).localizedDescription)")
            throw TermFitExitStatus.dataFile
        }
    }

    /// Reads the file from its start: each call of the function returned gives the next chunk,
    /// `nil` at the end, and tells `progress` the bytes read of all. A problem reading it is a
    /// ``DeckFileError`` (nothing of the file is then imported).
    func chunks(progress: @escaping (Int, Int) -> Void) throws -> () throws -> [UInt8]? {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw DeckFileError(line: nil, "cannot read the file: \(String(cString: strerror(errno)))")
        }
        var read = 0
        let size = size
        let limit = limit
        return {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: Self.chunkSize)
            } catch {
                throw DeckFileError(line: nil, "cannot read the file: \((error as NSError).localizedDescription)")
            }
            guard let chunk, !chunk.isEmpty else {
                try? handle.close()
                return nil
            }
            read += chunk.count
            // A file that grew while it was read.
            guard read <= limit else { throw DeckFileError(line: nil, "larger than \(limit >> 20) MiB") }
            progress(min(read, size), max(size, 1))
            return [UInt8](chunk)
        }
    }
}

/// Identifiers for an import's cards, from random bytes read 4 KiB at a time: `UUID()` opens
/// and reads `/dev/urandom` once per identifier here (110,000 opens for 110,000 cards).
final class ImportIdentifiers {
    private let source = FileHandle(forReadingAtPath: "/dev/urandom")
    private var bytes: [UInt8] = []
    private var offset = 0

    deinit { try? source?.close() }

    /// A random (version 4) identifier.
    func next() -> UUID {
        if offset + 16 > bytes.count {
            // Without the device: Foundation's own.
            guard let read = try? source?.read(upToCount: 4_096), read.count >= 16 else { return UUID() }
            bytes = [UInt8](read)
            offset = 0
        }
        var uuid = Array(bytes[offset..<offset + 16])
        offset += 16
        uuid[6] = (uuid[6] & 0x0F) | 0x40
        uuid[8] = (uuid[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                uuid[0], uuid[1], uuid[2], uuid[3], uuid[4], uuid[5], uuid[6], uuid[7], uuid[8], uuid[9], uuid[10],
                uuid[11], uuid[12], uuid[13], uuid[14], uuid[15]
            ))
    }
}
