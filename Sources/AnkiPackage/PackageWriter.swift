import Flashcards
import Foundation
import GRDB
import Records
import ZIPFoundation

extension AnkiPackage {
    /// Writes `decks` as a package Anki opens (the legacy schema 11 in `collection.anki2`, which
    /// every Anki since 2.1 reads): its notes (fields as ``AnkiExport`` gives them), note types,
    /// decks (`A::B` with their parents), tags, and each card's review history from `reviews`
    /// (cram answers left out). The cards are new to Anki's scheduler; the history is in the
    /// review log.
    public static func write(
        _ decks: [FlashcardDeck], reviews: [FlashcardReview], to url: URL, now: Date = Date()
    ) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-apkg-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("collection.anki2")
        let queue = try DatabaseQueue(path: database.path)
        try queue.write { db in try CollectionWriter(db: db, now: now).write(decks, reviews: reviews) }
        try queue.close()
        try? FileManager.default.removeItem(at: url)
        let archive = try Archive(url: url, accessMode: .create)
        try archive.addEntry(
            with: "collection.anki2", fileURL: database, compressionMethod: .deflate)
        let media = Data("{}".utf8)
        try archive.addEntry(
            with: "media", type: .file, uncompressedSize: Int64(media.count), compressionMethod: .deflate
        ) { position, size in media.subdata(in: Int(position)..<Int(position) + size) }
    }
}

/// Fills an empty schema-11 collection.
struct CollectionWriter {
    let db: Database
    let now: Date

    var seconds: Int64 { Int64(now.timeIntervalSince1970) }
    var milliseconds: Int64 { Int64(now.timeIntervalSince1970 * 1000) }

    func write(_ decks: [FlashcardDeck], reviews: [FlashcardReview]) throws {
        try db.execute(sql: Self.schema)
        let notes = AnkiExport.notes(of: decks)
        // Note types: a note from Anki goes back under its note type's id and `mod` in the
        // member's collection (Anki's importer matches a note by guid and note type id, and keeps
        // its own note type when the package's is no newer). Else the one a note's cards kept
        // (its own templates), else one for each name, stock ones as Anki defines them.
        func key(_ note: AnkiExport.Note) -> String {
            (note.ankiOrigin.map { "\($0.notetypeID)\u{1F}" } ?? "") + note.notetype + "\u{1F}"
                + (note.cards.first?.templates ?? "")
        }
        var notetypes: [String: WrittenNotetype] = [:]
        var notetypeIDs = Set<Int64>()
        for note in notes where notetypes[key(note)] == nil {
            let type =
                note.cards.first.flatMap { AnkiNotetype(storedForm: $0.templates) }
                ?? AnkiNotetype.stock(named: note.notetype)
                ?? AnkiNotetype.forText(
                    named: note.notetype,
                    fieldCount: notes.filter { $0.notetype == note.notetype }.map(\.fields.count).max() ?? 2)
            var written = WrittenNotetype(id: milliseconds + Int64(notetypes.count) + 1, modified: seconds, type: type)
            if let origin = note.ankiOrigin, !notetypeIDs.contains(origin.notetypeID) {
                written.id = origin.notetypeID
                written.modified = origin.notetypeModified
            }
            while notetypeIDs.contains(written.id) { written.id += 1 }
            notetypeIDs.insert(written.id)
            notetypes[key(note)] = written
        }
        // Decks with every parent.
        var deckIDs: [String: Int64] = ["Default": 1]
        for name in Set(notes.map(\.deck)).sorted() {
            let parts = DeckTree.path(name)
            for depth in 1...max(1, parts.count) {
                let prefix = parts.prefix(depth).joined(separator: "::")
                if deckIDs[prefix] == nil { deckIDs[prefix] = milliseconds + 1000 + Int64(deckIDs.count) }
            }
        }
        let reviewsByCard = Dictionary(grouping: reviews.filter { !$0.isCram }, by: \.cardID)
        // A note from Anki keeps its id; the others, and the cards, get fresh ones.
        var usedIDs = Set(notes.compactMap { $0.ankiOrigin?.noteID })
        var nextID = milliseconds
        func freshID() -> Int64 {
            repeat { nextID += 1 } while usedIDs.contains(nextID)
            usedIDs.insert(nextID)
            return nextID
        }
        var noteIDs = Set<Int64>()
        var revlogIDs = Set<Int64>()
        for (position, note) in notes.enumerated() {
            guard let written = notetypes[key(note)] else { continue }
            let (notetypeID, notetype) = (written.id, written.type)
            let origin = note.ankiOrigin
            let noteID = origin.flatMap { noteIDs.contains($0.noteID) ? nil : $0.noteID } ?? freshID()
            noteIDs.insert(noteID)
            // An unedited note goes back as Anki has it (the same `mod`: nothing newer to take);
            // an edited one newer than Anki's, so that Anki's importer takes it.
            let modified =
                origin.map { note.isEdited ? max(seconds, $0.noteModified + 1) : $0.noteModified } ?? seconds
            var fields = note.fields
            if fields.count < notetype.fields.count {
                fields += Array(repeating: "", count: notetype.fields.count - fields.count)
            }
            let sortField = HTMLText.plain(fields.first ?? "")
            try db.execute(
                sql: """
                    INSERT INTO notes (id, guid, mid, mod, usn, tags, flds, sfld, csum, flags, data)
                    VALUES (?, ?, ?, ?, -1, ?, ?, ?, ?, 0, '')
                    """,
                arguments: [
                    noteID, note.guid, notetypeID, modified,
                    note.tags.isEmpty ? "" : " " + note.tags.joined(separator: " ") + " ",
                    fields.joined(separator: "\u{1F}"), sortField, Self.checksum(sortField),
                ])
            for card in note.cards {
                let cardID = freshID()
                try db.execute(
                    sql: """
                        INSERT INTO cards (id, nid, did, ord, mod, usn, type, queue, due, ivl, factor, reps, lapses,
                            left, odue, odid, flags, data)
                        VALUES (?, ?, ?, ?, ?, -1, 0, 0, ?, 0, 0, 0, 0, 0, 0, 0, 0, '{}')
                        """,
                    arguments: [cardID, noteID, deckIDs[note.deck] ?? 1, card.ordinal, seconds, position + 1])
                for review in reviewsByCard[card.id] ?? [] {
                    var id = Int64(review.reviewedAt.timeIntervalSince1970 * 1000)
                    while revlogIDs.contains(id) { id += 1 }
                    revlogIDs.insert(id)
                    try db.execute(
                        sql: """
                            INSERT INTO revlog (id, cid, usn, ease, ivl, lastIvl, factor, time, type)
                            VALUES (?, ?, -1, ?, 0, 0, 0, 0, 1)
                            """,
                        arguments: [id, cardID, review.grade.number])
                }
            }
        }
        try writeCol(notetypes: notetypes.values.sorted { $0.id < $1.id }, decks: deckIDs)
    }

    /// A note type as the package writes it: its id and `mod` (Anki's own for a note type from
    /// the member's collection, else new ones) and its fields and templates.
    struct WrittenNotetype {
        var id: Int64
        var modified: Int64
        var type: AnkiNotetype
    }

    /// The `col` row: note types, decks and the default options as JSON.
    func writeCol(notetypes: [WrittenNotetype], decks: [String: Int64]) throws {
        var models: [String: Any] = [:]
        for notetype in notetypes {
            let (id, type) = (notetype.id, notetype.type)
            models[String(id)] =
                [
                    "id": id, "name": type.name, "type": type.isCloze ? 1 : 0, "mod": notetype.modified, "usn": -1,
                    "sortf": 0,
                    "did": NSNull(), "css": ".card { font-family: arial; font-size: 20px; text-align: center; }\n",
                    "latexPre": "", "latexPost": "", "latexsvg": false, "tags": [String](), "vers": [Int](),
                    "req": type.templates.indices.map { [$0, "any", [0]] as [Any] },
                    "flds": type.fields.enumerated().map { ordinal, name in
                        [
                            "name": name, "ord": ordinal, "sticky": false, "rtl": false, "font": "Arial", "size": 20,
                            "media": [String](),
                        ] as [String: Any]
                    },
                    "tmpls": type.templates.enumerated().map { ordinal, template in
                        [
                            "name": template.name, "ord": ordinal, "qfmt": template.front, "afmt": template.back,
                            "bqfmt": "", "bafmt": "", "did": NSNull(), "bfont": "", "bsize": 0,
                        ] as [String: Any]
                    },
                ] as [String: Any]
        }
        var deckObjects: [String: Any] = [:]
        for (name, id) in decks {
            deckObjects[String(id)] =
                [
                    "id": id, "name": name, "mod": seconds, "usn": -1, "lrnToday": [0, 0], "revToday": [0, 0],
                    "newToday": [0, 0], "timeToday": [0, 0], "collapsed": false, "browserCollapsed": false, "desc": "",
                    "dyn": 0, "conf": 1, "extendNew": 0, "extendRev": 0,
                ] as [String: Any]
        }
        func json(_ value: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
        }
        let configuration: [String: Any] = [
            "nextPos": 1, "schedVer": 2, "sched2021": true, "activeDecks": [1], "curDeck": 1,
            "curModel": notetypes.first?.id ?? 0,
        ]
        try db.execute(
            sql: """
                INSERT INTO col (id, crt, mod, scm, ver, dty, usn, ls, conf, models, decks, dconf, tags)
                VALUES (1, ?, ?, ?, 11, 0, 0, 0, ?, ?, ?, ?, '{}')
                """,
            arguments: [
                seconds - seconds % 86_400, milliseconds, milliseconds, try json(configuration), try json(models),
                try json(deckObjects), try json(["1": Self.defaultOptions]),
            ])
    }

    /// Anki's default deck options (the ones its importer needs).
    static var defaultOptions: [String: Any] {
        [
            "id": 1, "mod": 0, "name": "Default", "usn": 0, "maxTaken": 60, "autoplay": true, "timer": 0,
            "replayq": true, "dyn": false,
            "new": [
                "bury": false, "delays": [1.0, 10.0], "initialFactor": 2500, "ints": [1, 4, 0], "order": 1,
                "perDay": 20,
            ],
            "rev": ["bury": false, "ease4": 1.3, "ivlFct": 1.0, "maxIvl": 36500, "perDay": 200, "hardFactor": 1.2],
            "lapse": ["delays": [10.0], "leechAction": 1, "leechFails": 8, "minInt": 1, "mult": 0.0],
        ]
    }

    /// Anki's note checksum: the first 8 hex digits of the SHA-1 of the sort field, as a number.
    static func checksum(_ text: String) -> Int64 {
        let digest = SHA1.hash(Array(text.utf8))
        return Int64(digest[0]) << 24 | Int64(digest[1]) << 16 | Int64(digest[2]) << 8 | Int64(digest[3])
    }

    static let schema = """
        CREATE TABLE col (id integer PRIMARY KEY, crt integer NOT NULL, mod integer NOT NULL, scm integer NOT NULL,
          ver integer NOT NULL, dty integer NOT NULL, usn integer NOT NULL, ls integer NOT NULL, conf text NOT NULL,
          models text NOT NULL, decks text NOT NULL, dconf text NOT NULL, tags text NOT NULL);
        CREATE TABLE notes (id integer PRIMARY KEY, guid text NOT NULL, mid integer NOT NULL, mod integer NOT NULL,
          usn integer NOT NULL, tags text NOT NULL, flds text NOT NULL, sfld integer NOT NULL, csum integer NOT NULL,
          flags integer NOT NULL, data text NOT NULL);
        CREATE TABLE cards (id integer PRIMARY KEY, nid integer NOT NULL, did integer NOT NULL, ord integer NOT NULL,
          mod integer NOT NULL, usn integer NOT NULL, type integer NOT NULL, queue integer NOT NULL,
          due integer NOT NULL, ivl integer NOT NULL, factor integer NOT NULL, reps integer NOT NULL,
          lapses integer NOT NULL, left integer NOT NULL, odue integer NOT NULL, odid integer NOT NULL,
          flags integer NOT NULL, data text NOT NULL);
        CREATE TABLE revlog (id integer PRIMARY KEY, cid integer NOT NULL, usn integer NOT NULL, ease integer NOT NULL,
          ivl integer NOT NULL, lastIvl integer NOT NULL, factor integer NOT NULL, time integer NOT NULL,
          type integer NOT NULL);
        CREATE TABLE graves (usn integer NOT NULL, oid integer NOT NULL, type integer NOT NULL);
        CREATE INDEX ix_notes_usn ON notes (usn);
        CREATE INDEX ix_cards_usn ON cards (usn);
        CREATE INDEX ix_revlog_usn ON revlog (usn);
        CREATE INDEX ix_cards_nid ON cards (nid);
        CREATE INDEX ix_cards_sched ON cards (did, queue, due);
        CREATE INDEX ix_revlog_cid ON revlog (cid);
        CREATE INDEX ix_notes_csum ON notes (csum);
        """
}
