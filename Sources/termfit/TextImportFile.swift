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
