import Flashcards
import Foundation
import Records
import Testing
import ZIPFoundation

@testable import AnkiPackage

/// Packages that are not what they claim, or far larger than they look, are refused whole with a
/// reason, within the caps; TermFit's own packages read back with every card.
@Suite struct HostilePackageTests {
    let directory: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-hostile-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    func zip(_ entries: [(String, Data)], named name: String = "deck.apkg") throws -> URL {
        let url = directory.appendingPathComponent(name)
        let archive = try Archive(url: url, accessMode: .create)
        for (path, data) in entries {
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
        return url
    }

    @Test func aFileThatIsNotAZipIsRefused() throws {
        let url = directory.appendingPathComponent("fake.apkg")
        try Data("#separator:tab\nnot a zip\n".utf8).write(to: url)
        #expect(throws: DeckFileError(line: nil, "not an Anki package (not a ZIP file)")) { try AnkiPackage.read(url) }
    }

    @Test func aZipWithoutACollectionIsRefused() throws {
        let url = try zip([("media", Data("{}".utf8))])
        #expect(
            throws: DeckFileError(line: nil, "not an Anki package (no collection.anki21b, .anki21 or .anki2 in it)")
        ) {
            try AnkiPackage.read(url)
        }
    }

    @Test func aZstdBombStopsAtTheCap() throws {
        let bomb = try Zstd.compress(Data(repeating: 0, count: 8 << 20))
        #expect(bomb.count < 4096)
        let url = try zip([("collection.anki21b", bomb)])
        #expect(throws: DeckFileError(line: nil, "collection.anki21b: it unpacks to more than 1 MiB")) {
            try AnkiPackage.read(url, limits: PackageLimits(collectionBytes: 1 << 20))
        }
    }

    @Test func aDeflateBombStopsAtTheCap() throws {
        let url = try zip([("collection.anki2", Data(repeating: 0, count: 8 << 20))])
        #expect(throws: DeckFileError(line: nil, "the collection unpacks to more than 1 MiB")) {
            try AnkiPackage.read(url, limits: PackageLimits(collectionBytes: 1 << 20))
        }
    }

    @Test func aCollectionThatIsNotSQLiteIsRefused() throws {
        let url = try zip([("collection.anki2", Data(repeating: 0x41, count: 4096))])
        #expect(throws: DeckFileError.self) { try AnkiPackage.read(url) }
    }

    func decks() -> [FlashcardDeck] {
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        let basic = Flashcard(prompt: "Squat", answer: "Legs & glutes", createdAt: date, tags: ["legs"])
        let reversedFields = ["ねこ", "cat"]
        let note = "g-neko"
        let front = Flashcard(
            prompt: "ねこ", answer: "cat", createdAt: date, guid: note, notetype: "Basic (and reversed card)",
            fields: reversedFields, ordinal: 0)
        let back = Flashcard(
            prompt: "cat", answer: "ねこ", createdAt: date, guid: note, notetype: "Basic (and reversed card)",
            fields: reversedFields, ordinal: 1)
        let cloze = ["The {{c1::heart}} pumps {{c2::blood::fluid}}.", "<i>cardio</i>"]
        let clozeCards = (0..<2).map { ordinal in
            Flashcard(
                prompt: AnkiNotetype.cloze.card(ordinal: ordinal, values: cloze).prompt,
                answer: AnkiNotetype.cloze.card(ordinal: ordinal, values: cloze).answer, createdAt: date,
                guid: "g-cloze", notetype: "Cloze", fields: cloze, ordinal: ordinal)
        }
        return [
            FlashcardDeck(name: "Gym", createdAt: date, cards: [basic]),
            FlashcardDeck(name: "Lang::Japanese", createdAt: date, cards: [front, back]),
            FlashcardDeck(name: "Medical", createdAt: date, cards: clozeCards),
        ]
    }

    @Test func termFitsOwnPackageReadsBackWithEveryCardDeckAndNote() throws {
        let url = directory.appendingPathComponent("own.apkg")
        try AnkiPackage.write(decks(), reviews: [], to: url)
        let read = try AnkiPackage.read(url)
        #expect(read.skipped.isEmpty)
        let expected = decks().flatMap { deck in
            deck.cards.map { "\(deck.name)|\($0.prompt)|\($0.answer)|\($0.ordinal)" }
        }
        #expect(Set(read.notes.map { "\($0.deck ?? "")|\($0.prompt)|\($0.answer)|\($0.ordinal)" }) == Set(expected))
        #expect(
            read.notes.first { $0.notetype == "Cloze" }?.fields == [
                "The {{c1::heart}} pumps {{c2::blood::fluid}}.", "<i>cardio</i>",
            ])
        #expect(read.notes.first { $0.prompt == "Squat" }?.fields == ["Squat", "Legs &amp; glutes"])
    }

    @Test func aPackageWithMoreCardsThanTheCapIsRefusedWhole() throws {
        let url = directory.appendingPathComponent("many.apkg")
        try AnkiPackage.write(decks(), reviews: [], to: url)
        #expect(throws: DeckFileError(line: nil, "more than 3 cards in one package")) {
            try AnkiPackage.read(url, limits: PackageLimits(cards: 3))
        }
    }
}
