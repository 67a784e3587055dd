import Flashcards
import Foundation
import GRDB
import Records

/// Anki packages (`.apkg`, `.colpkg`) read as notes to import: every card Anki has, in its deck
/// (`Parent::Child`), with its note's fields kept as HTML, its note type and tags.
///
/// Both formats are read: the current one (`collection.anki21b`, an SQLite file in a zstd frame,
/// note types in their own tables) and the legacy one (`collection.anki21` or `.anki2`, note
/// types and decks as JSON in `col`). The cards are Anki's own rows, so the counts are Anki's;
/// each is rendered through its note type's template (``AnkiNotetype``).
public enum AnkiPackage {
    /// Whether `path` names a package (by its extension).
    public static func isPackage(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".apkg") || lowered.hasSuffix(".colpkg")
    }

    /// The notes of the package at `url`, one `Note` a card, in note order.
    ///
    /// - Parameter progress: called now and then with the cards read and the cards in all.
    public static func read(
        _ url: URL, limits: PackageLimits = PackageLimits(), progress: (Int, Int) -> Void = { _, _ in }
    ) throws(DeckFileError) -> AnkiText.Contents {
        var contents = AnkiText.Contents()
        contents.isHTML = true
        do {
            try read(url, limits: limits, progress: progress) { batch in
                contents.notes += batch.notes
                contents.skipped += batch.skipped
            }
        } catch let error as DeckFileError {
            throw error
        } catch {
            throw DeckFileError(line: nil, "\(error)")
        }
        return contents
    }

    /// Streams the notes of the package at `url` to `batch`, about `batchSize` cards at a time
    /// (the cards of one note always together), in note order: the collection is read by a
    /// cursor, so memory holds one batch, never the collection.
    ///
    /// - Parameters:
    ///   - progress: called now and then with the cards read and the cards in all.
    ///   - batch: takes each batch; what it throws ends the read and is thrown as it is.
    /// - Throws: ``DeckFileError`` when the package cannot be read, or what `batch` threw.
    public static func read(
        _ url: URL, limits: PackageLimits = PackageLimits(), batchSize: Int = 2_000,
        progress: (Int, Int) -> Void = { _, _ in }, batch: (AnkiText.Contents) throws -> Void
    ) throws {
        let unpacked = try UnpackedCollection(package: url, limits: limits)
        do {
            // The scratch copy is TermFit's own: it may take an index (see `answers(ofCard:)`).
            let queue = try DatabaseQueue(path: unpacked.path)
            defer { try? queue.close() }
            try queue.inDatabase { db in
                try CollectionReader(db).read(limits: limits, batchSize: batchSize, progress: progress) { contents in
                    do { try batch(contents) } catch { throw Passed(error: error) }
                }
            }
        } catch let passed as Passed {
            throw passed.error
        } catch let error as DeckFileError {
            throw error
        } catch {
            throw DeckFileError(line: nil, "the collection cannot be read: \(error)")
        }
    }

    /// An error of the caller's `batch`, carried out of the reader unchanged.
    private struct Passed: Error {
        let error: any Error
    }
}

/// Reads one unpacked collection.
struct CollectionReader {
    let db: Database

    init(_ db: Database) { self.db = db }

    func read(
        limits: PackageLimits, batchSize: Int, progress: (Int, Int) -> Void, batch: (AnkiText.Contents) throws -> Void
    ) throws {
        let isCurrent = try db.tableExists("notetypes")
        let notetypes = try isCurrent ? currentNotetypes() : legacyNotetypes()
        let decks = try isCurrent ? currentDecks() : legacyDecks()
        let total = try Int.fetchOne(db, sql: "SELECT count(*) FROM cards") ?? 0
        if total > limits.cards {
            throw DeckFileError(line: nil, "more than \(limits.cards) cards in one package")
        }
        let history = try ReviewLog(db)
        var contents = AnkiText.Contents()
        contents.isHTML = true
        let storedForms = notetypes.mapValues(\.type.storedForm)
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT n.id AS nid, n.guid, n.mid, n.mod, n.tags, n.flds, c.id AS cid, c.ord, c.did, c.odid
                FROM cards c JOIN notes n ON n.id = c.nid ORDER BY n.id, c.ord
                """)
        var noteNumber = 0
        var lastNote: Int64?
        var read = 0
        var values: [String] = []
        var origin: AnkiNoteOrigin?
        while let row = try rows.next() {
            let noteID: Int64 = row["nid"]
            if noteID != lastNote {
                // A batch ends between notes: the cards of one note go together.
                if contents.notes.count + contents.skipped.count >= batchSize {
                    try batch(contents)
                    contents.notes.removeAll(keepingCapacity: true)
                    contents.skipped.removeAll(keepingCapacity: true)
                }
                noteNumber += 1
                lastNote = noteID
                let flds: String = row["flds"] ?? ""
                values = flds.split(separator: "\u{1F}", omittingEmptySubsequences: false).map(String.init)
                let notetypeID: Int64 = row["mid"]
                origin = AnkiNoteOrigin(
                    noteID: noteID, noteModified: row["mod"] ?? 0, notetypeID: notetypeID,
                    notetypeModified: notetypes[notetypeID]?.modified ?? 0, fields: values)
            }
            read += 1
            if read % 2_000 == 0 { progress(read, total) }
            let mid: Int64 = row["mid"]
            let ordinal: Int = row["ord"]
            guard let notetype = notetypes[mid]?.type else {
                contents.skipped.append(AnkiText.Skip(line: noteNumber, "note \(noteID) has an unknown note type"))
                continue
            }
            if values.count > ValueLimits.noteFields
                || values.reduce(0, { $0 + $1.utf8.count }) > ValueLimits.noteFieldsLength
            {
                contents.skipped.append(
                    AnkiText.Skip(
                        line: noteNumber, "note \(noteID) is larger than \(ValueLimits.noteFieldsLength) bytes"))
                continue
            }
            let originalDeck: Int64 = row["odid"] ?? 0
            let deckID: Int64 = originalDeck != 0 ? originalDeck : row["did"]
            let tags = (row["tags"] as String? ?? "").split(whereSeparator: \.isWhitespace)
                .map { String($0.prefix(ValueLimits.nameLength)) }
            let card = notetype.card(ordinal: ordinal, values: values, tags: tags, deck: decks[deckID] ?? "Default")
            if card.prompt.isEmpty {
                contents.skipped.append(
                    AnkiText.Skip(line: noteNumber, "note \(noteID), card \(ordinal + 1): the prompt is empty"))
                continue
            }
            if card.prompt.count > DeckFile.maximumLength || card.answer.count > DeckFile.maximumLength {
                contents.skipped.append(
                    AnkiText.Skip(
                        line: noteNumber,
                        "note \(noteID), card \(ordinal + 1): longer than \(DeckFile.maximumLength) characters"))
                continue
            }
            let guid: String = row["guid"] ?? ""
            contents.notes.append(
                AnkiText.Note(
                    prompt: card.prompt, answer: card.answer,
                    guid: guid.isEmpty || guid.count > ValueLimits.nameLength ? nil : guid, tags: tags,
                    deck: decks[deckID] ?? "Default", line: noteNumber, notetype: notetype.name, fields: values,
                    ordinal: ordinal, history: try history.answers(ofCard: row["cid"] as Int64? ?? 0),
                    templates: storedForms[mid] ?? "", ankiOrigin: origin))
        }
        if !contents.notes.isEmpty || !contents.skipped.isEmpty { try batch(contents) }
        progress(read, total)
    }

    // MARK: Current format (schema 18)

    /// A note type as read, with its `mod` in the collection.
    struct ReadNotetype {
        var type: AnkiNotetype
        var modified: Int64
    }

    func currentNotetypes() throws -> [Int64: ReadNotetype] {
        var fields: [Int64: [String]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT ntid, name FROM fields ORDER BY ntid, ord") {
            fields[row["ntid"], default: []].append(row["name"])
        }
        var templates: [Int64: [AnkiNotetype.Template]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT ntid, name, config FROM templates ORDER BY ntid, ord") {
            let config = Protobuf(row["config"] as Data? ?? Data())
            templates[row["ntid"], default: []].append(
                AnkiNotetype.Template(name: row["name"], front: config.string(1), back: config.string(2)))
        }
        var notetypes: [Int64: ReadNotetype] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, name, mtime_secs, config FROM notetypes") {
            let id: Int64 = row["id"]
            let config = Protobuf(row["config"] as Data? ?? Data())
            let type = AnkiNotetype(
                name: row["name"], isCloze: config.varint(1) == 1, fields: fields[id] ?? [],
                templates: templates[id] ?? [])
            notetypes[id] = ReadNotetype(type: type, modified: row["mtime_secs"] ?? 0)
        }
        return notetypes
    }

    func currentDecks() throws -> [Int64: String] {
        var decks: [Int64: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT id, name FROM decks") {
            let name: String = row["name"]
            decks[row["id"]] = name.split(separator: "\u{1F}", omittingEmptySubsequences: false).joined(separator: "::")
        }
        return decks
    }

    // MARK: Legacy format (schema 11): JSON in `col`

    func legacyNotetypes() throws -> [Int64: ReadNotetype] {
        let json = try String.fetchOne(db, sql: "SELECT models FROM col") ?? "{}"
        guard let models = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw DeckFileError(line: nil, "the collection's note types are not readable")
        }
        var notetypes: [Int64: ReadNotetype] = [:]
        for (key, value) in models {
            guard let model = value as? [String: Any], let id = Int64(key) else { continue }
            let fields = (model["flds"] as? [[String: Any]] ?? [])
                .sorted { ($0["ord"] as? Int ?? 0) < ($1["ord"] as? Int ?? 0) }
                .map { $0["name"] as? String ?? "" }
            let templates = (model["tmpls"] as? [[String: Any]] ?? [])
                .sorted { ($0["ord"] as? Int ?? 0) < ($1["ord"] as? Int ?? 0) }
                .map {
                    AnkiNotetype.Template(
                        name: $0["name"] as? String ?? "", front: $0["qfmt"] as? String ?? "",
                        back: $0["afmt"] as? String ?? "")
                }
            let type = AnkiNotetype(
                name: model["name"] as? String ?? "", isCloze: model["type"] as? Int == 1, fields: fields,
                templates: templates)
            notetypes[id] = ReadNotetype(type: type, modified: (model["mod"] as? NSNumber)?.int64Value ?? 0)
        }
        return notetypes
    }

    func legacyDecks() throws -> [Int64: String] {
        let json = try String.fetchOne(db, sql: "SELECT decks FROM col") ?? "{}"
        guard let decks = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] else {
            throw DeckFileError(line: nil, "the collection's decks are not readable")
        }
        var names: [Int64: String] = [:]
        for (key, value) in decks {
            guard let id = Int64(key), let name = (value as? [String: Any])?["name"] as? String else { continue }
            names[id] = name
        }
        return names
    }
}

/// Just enough of protocol buffers to read Anki's note type and template configs: the first
/// varint or length-delimited value of a field number.
struct Protobuf {
    let bytes: [UInt8]

    init(_ data: Data) { bytes = [UInt8](data) }

    private func fields() -> [(number: Int, varint: UInt64?, bytes: ArraySlice<UInt8>?)] {
        var result: [(Int, UInt64?, ArraySlice<UInt8>?)] = []
        var index = 0
        func varint() -> UInt64? {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while index < bytes.count, shift < 64 {
                let byte = bytes[index]
                index += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
            return nil
        }
        while index < bytes.count {
            guard let key = varint() else { break }
            let number = Int(key >> 3)
            switch key & 7 {
            case 0:
                guard let value = varint() else { return result }
                result.append((number, value, nil))
            case 1: index += 8
            case 2:
                guard let length = varint(), length <= UInt64(bytes.count - index) else { return result }
                let end = index + Int(length)
                result.append((number, nil, bytes[index..<end]))
                index = end
            case 5: index += 4
            default: return result
            }
        }
        return result
    }

    func varint(_ number: Int) -> UInt64? { fields().first { $0.number == number && $0.varint != nil }?.varint }

    func string(_ number: Int) -> String {
        guard let value = fields().first(where: { $0.number == number && $0.bytes != nil })?.bytes else { return "" }
        return String(decoding: value, as: UTF8.self)
    }
}
