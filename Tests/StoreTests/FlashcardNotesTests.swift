import Foundation
import GRDB
import Records
import Testing

@testable import Store

/// Cards carry Anki's guid and tags: the v7 migration gives every card a guid, and saving keeps
/// both.
@Suite("Flashcard guids and tags")
struct FlashcardNotesTests {
    @Test("The v7 migration keeps every card of a schema 2 file and gives each its own guid")
    func migration() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        let queue = try TemporaryDirectory.version2Database(at: location)
        let profile = UUID()
        let deck = UUID()
        let cards = (1...3).map { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", $0))! }
        try queue.write { db in
            try db.execute(sql: "INSERT INTO profile VALUES (?, 'anna')", arguments: [profile.uuidString])
            try db.execute(
                sql: "INSERT INTO flashcard_deck VALUES (?, ?, 'Spanish', 1000)",
                arguments: [deck.uuidString, profile.uuidString])
            for (index, card) in cards.enumerated() {
                try db.execute(
                    sql: "INSERT INTO flashcard VALUES (?, ?, ?, ?, ?)",
                    arguments: [card.uuidString, deck.uuidString, "to run \(index)", "correr", 2000 + index])
            }
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 2)
        }
        try queue.close()

        let store = try TermFitStore.open(at: location)
        try #require(store.pool).read { (db: Database) throws -> Void in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.version)
            #expect(try db.indexes(on: "flashcard").contains { $0.name == "flashcard_by_guid" })
        }
        let decks = try store.profileStore(named: "anna").decks()
        #expect(decks.map(\.name) == ["Spanish"])
        let migrated = try #require(decks.first).cards
        #expect(migrated.map(\.id) == cards)
        #expect(migrated.map(\.prompt) == ["to run 0", "to run 1", "to run 2"])
        #expect(migrated.map(\.guid) == cards.map(Flashcard.guid(for:)))
        #expect(Set(migrated.map(\.guid)).count == 3, "each its own")
        #expect(migrated.allSatisfy { $0.tags.isEmpty })
        try store.close()
    }

    @Test("Several decks are saved in one transaction, with guids and tags, or not at all")
    func savingDecks() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let anna = try store.profileStore(named: "anna")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let verbs = FlashcardDeck(
            name: "Spanish::Verbs", createdAt: date,
            cards: [Flashcard(prompt: "hablar", answer: "to speak", createdAt: date, guid: "a#Q(x", tags: ["es", "v"])])
        let nouns = FlashcardDeck(
            name: "Spanish::Nouns", createdAt: date.addingTimeInterval(1),
            cards: [Flashcard(prompt: "casa", answer: "house", createdAt: date)])
        try anna.save(decks: [verbs, nouns])
        #expect(try anna.decks() == [verbs, nouns])

        var bad = nouns
        bad.id = UUID()
        bad.name = "Bad"
        bad.cards = [Flashcard(prompt: "x", answer: "y", createdAt: date, tags: ["two words"])]
        var renamed = verbs
        renamed.name = "Renamed"
        #expect(throws: (any Error).self) { try anna.save(decks: [renamed, bad]) }
        #expect(try anna.decks() == [verbs, nouns], "nothing of a refused save is kept")
        try store.close()
    }

    @Test("A card from Anki keeps its note type, its fields as Anki had them and its ordinal (v11)")
    func ankiNotes() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let anna = try store.profileStore(named: "anna")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let fields = ["The {{c1::heart}} pumps {{c2::blood::fluid}}.", "<i>cardio</i>&nbsp;", ""]
        let cards = (0..<2).map { ordinal in
            Flashcard(
                prompt: "card \(ordinal)", answer: "answer", createdAt: date.addingTimeInterval(Double(ordinal)),
                guid: "E0~}n>#CQR", tags: ["cloze"], notetype: "Cloze", fields: fields, ordinal: ordinal)
        }
        let deck = FlashcardDeck(
            name: "Medical", createdAt: date,
            cards: cards + [
                Flashcard(prompt: "own", answer: "card", createdAt: date.addingTimeInterval(5))
            ])
        try anna.save(decks: [deck])
        let read = try anna.decks()
        #expect(read == [deck])
        #expect(read.first?.cards.map(\.ordinal) == [0, 1, 0])
        #expect(read.first?.cards.last?.fields == [], "a card made in TermFit has no Anki note")
        try #require(store.pool).read { (db: Database) throws -> Void in
            #expect(
                try String.fetchOne(db, sql: "SELECT fields FROM flashcard WHERE ordinal = 1")
                    == fields.joined(separator: "\u{1F}"))
        }
        var tooLarge = deck
        tooLarge.cards = [
            Flashcard(
                prompt: "x", answer: "y", createdAt: date, notetype: "Basic",
                fields: [String(repeating: "x", count: ValueLimits.noteFieldsLength + 1)])
        ]
        #expect(throws: (any Error).self) { try anna.save(decks: [tooLarge]) }
        try store.close()
    }

    @Test("A card of a note type Anki does not ship keeps its templates (v17), and loses them to none")
    func noteTypeTemplates() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        let anna = try store.profileStore(named: "anna")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let templates = #"{"fields":["Word","Meaning"],"isCloze":false,"name":"Vocab","templates":[]}"#
        let cards = (0..<2).map { ordinal in
            Flashcard(
                prompt: "chat \(ordinal)", answer: "cat", createdAt: date.addingTimeInterval(Double(ordinal)),
                guid: "g\(ordinal)", notetype: "Vocab", fields: ["chat", "cat"], templates: templates)
        }
        let own = Flashcard(prompt: "own", answer: "card", createdAt: date.addingTimeInterval(5))
        let deck = FlashcardDeck(name: "Words", createdAt: date, cards: cards + [own])
        try anna.save(decks: [deck])
        #expect(try anna.decks() == [deck])
        try #require(store.pool).read { (db: Database) throws -> Void in
            #expect(try String.fetchOne(db, sql: "SELECT templates FROM flashcard WHERE guid = 'g1'") == templates)
            #expect(
                try String?.fetchOne(db, sql: "SELECT templates FROM flashcard WHERE id = ?", arguments: [own.id])
                    == nil, "a card made in TermFit keeps none")
        }
        var tooLarge = cards[0]
        tooLarge.templates = String(repeating: "x", count: ValueLimits.notetypeLength + 1)
        #expect(throws: (any Error).self) {
            try anna.save(decks: [FlashcardDeck(name: "X", createdAt: date, cards: [tooLarge])])
        }
    }

    @Test("A card from an Anki package keeps its note's ids (v19); a card made in TermFit has none")
    func ankiOrigin() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        let anna = try store.profileStore(named: "anna")
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let origin = AnkiNoteOrigin(
            noteID: 1_699_999_000_123, noteModified: 1_699_999_001, notetypeID: 1_600_000_000_777,
            notetypeModified: 1_600_000_002, fields: ["chat", "cat"])
        let fromAnki = Flashcard(
            prompt: "chat", answer: "cat", createdAt: date, guid: "Q(x", notetype: "Basic", fields: ["chat", "cat"],
            ankiOrigin: origin)
        let own = Flashcard(prompt: "own", answer: "card", createdAt: date.addingTimeInterval(5))
        let deck = FlashcardDeck(name: "Words", createdAt: date, cards: [fromAnki, own])
        try anna.save(decks: [deck])
        #expect(try anna.decks() == [deck])
        #expect(try anna.decks().first?.cards.first?.ankiOrigin == origin)
        try #require(store.pool).read { (db: Database) throws -> Void in
            #expect(
                try String.fetchOne(db, sql: "SELECT anki_origin FROM flashcard WHERE guid = 'Q(x'")
                    == "1699999000123 1699999001 1600000000777 1600000002 \(origin.fieldsChecksum)")
            #expect(
                try String?.fetchOne(db, sql: "SELECT anki_origin FROM flashcard WHERE id = ?", arguments: [own.id])
                    == nil, "a card made in TermFit keeps none")
        }
        #expect(!origin.isEdited(["chat", "cat"]))
        #expect(origin.isEdited(["chat", "cats"]))
        #expect(origin.isEdited(["chatc", "at"]), "the fields' bounds count")
    }
}
