import Flashcards
import Foundation
import ZIPFoundation

/// The limits an Anki package is read within: sized for the largest real collections (200,000
/// notes and more), and kept against hostile files (a zip bomb stops at the first limit).
public struct PackageLimits: Sendable {
    /// The most bytes the collection database may unpack to.
    public var collectionBytes: Int
    /// The most entries the ZIP may hold (media files are entries).
    public var entries: Int
    /// The most cards read (every deck together).
    public var cards: Int

    public init(collectionBytes: Int = 2 << 30, entries: Int = 1_000_000, cards: Int = DeckFile.maximumCards) {
        self.collectionBytes = collectionBytes
        self.entries = entries
        self.cards = cards
    }
}

/// The collection database inside a package, unpacked into a scratch file that is removed when
/// this is released.
final class UnpackedCollection {
    /// The scratch directory holding `path`.
    let directory: URL
    /// The SQLite file.
    let path: String

    /// Unpacks the newest collection of the package at `url`: `collection.anki21b` (zstd) over
    /// `collection.anki21` over `collection.anki2` (older Anki reads the last one, which the
    /// current format keeps only to say "please update").
    init(package url: URL, limits: PackageLimits) throws(DeckFileError) {
        let archive: Archive
        do {
            archive = try Archive(url: url, accessMode: .read)
        } catch {
            throw DeckFileError(line: nil, "not an Anki package (not a ZIP file)")
        }
        var count = 0
        var found: [String: Entry] = [:]
        for entry in archive {
            count += 1
            if count > limits.entries {
                throw DeckFileError(line: nil, "more than \(limits.entries) files in the package")
            }
            if ["collection.anki21b", "collection.anki21", "collection.anki2"].contains(entry.path) {
                found[entry.path] = entry
            }
        }
        guard
            let name = ["collection.anki21b", "collection.anki21", "collection.anki2"].first(where: { found[$0] != nil }
            ),
            let entry = found[name]
        else {
            throw DeckFileError(line: nil, "not an Anki package (no collection.anki21b, .anki21 or .anki2 in it)")
        }
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-apkg-\(UUID().uuidString)", isDirectory: true)
        path = directory.appendingPathComponent("collection.sqlite").path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            guard FileManager.default.createFile(atPath: path, contents: nil),
                let handle = FileHandle(forWritingAtPath: path)
            else { throw DeckFileError(line: nil, "cannot write a scratch file in \(directory.path)") }
            defer { try? handle.close() }
            var written = 0
            let limit = limits.collectionBytes
            func write(_ bytes: UnsafeRawBufferPointer) throws {
                written += bytes.count
                if written > limit {
                    throw DeckFileError(line: nil, "the collection unpacks to more than \(limit >> 20) MiB")
                }
                handle.write(Data(bytes))
            }
            if name == "collection.anki21b" {
                // The zstd frame is read whole (it is the compressed size), then streamed out.
                var compressed = Data()
                _ = try archive.extract(entry, skipCRC32: true) { chunk in
                    compressed.append(chunk)
                    if compressed.count > limit {
                        throw DeckFileError(line: nil, "the collection is larger than \(limit >> 20) MiB")
                    }
                }
                try Zstd.decompress(compressed, limit: limit, into: write)
            } else {
                _ = try archive.extract(entry, skipCRC32: true) { chunk in
                    try chunk.withUnsafeBytes { try write($0) }
                }
            }
        } catch let error as DeckFileError {
            try? FileManager.default.removeItem(at: directory)
            throw error
        } catch let error as Zstd.Failure {
            try? FileManager.default.removeItem(at: directory)
            throw DeckFileError(line: nil, "\(name): \(error)")
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw DeckFileError(line: nil, "\(name) cannot be unpacked: \(error)")
        }
    }

    deinit { try? FileManager.default.removeItem(at: directory) }
}
