import AnkiPackage
import Flashcards
import Foundation
import Records
import Testing

/// Packages and text made by Anki's own exporters come in with Anki's cards; what TermFit writes
/// goes back into Anki without changing a note. Skipped, with the reason printed, where the
/// Python package `anki` cannot be imported.
@Suite(
    .serialized,
    .enabled(if: AnkiPython.isAvailable, "needs the Python package `anki` (pip install anki)"))
struct AnkiRoundTripTests {
    struct Counts: Decodable {
        var notes: Int
        var cards: Int
        var byNotetype: [String: Int]
        var byDeck: [String: Int]
    }

    func expected() throws -> Counts {
        let directory = try AnkiPython.fixtureDirectory.get()
        return try JSONDecoder().decode(
            Counts.self, from: Data(contentsOf: directory.appendingPathComponent("counts.json")))
    }

    func counts(_ contents: AnkiText.Contents) -> (byNotetype: [String: Int], byDeck: [String: Int], notes: Int) {
        var byNotetype: [String: Int] = [:]
        var byDeck: [String: Int] = [:]
        for note in contents.notes {
            byNotetype[note.notetype, default: 0] += 1
            byDeck[note.deck ?? "", default: 0] += 1
        }
        return (byNotetype, byDeck, Set(contents.notes.compactMap(\.guid)).count)
    }

    func imported(_ file: String) throws -> AnkiText.Contents {
        let url = try AnkiPython.fixtureDirectory.get().appendingPathComponent(file)
        if AnkiPackage.isPackage(file) { return try AnkiPackage.read(url) }
        return try DeckFile.read(Data(contentsOf: url), format: .tsv)
    }

    @Test(arguments: ["current.apkg", "legacy.apkg", "collection.colpkg", "notes.txt"])
    func anExportOfAnkiComesInWithAnkisCardsPerNoteTypeAndDeck(file: String) throws {
        let contents = try imported(file)
        let anki = try expected()
        let ours = counts(contents)
        #expect(contents.skipped.isEmpty, "\(contents.skipped)")
        #expect(contents.notes.count == anki.cards)
        #expect(ours.byNotetype == anki.byNotetype)
        #expect(ours.notes == anki.notes)
        if file != "notes.txt" {
            // A text export has one deck per note; a package has each card's own.
            #expect(ours.byDeck == anki.byDeck)
        }
        let prompts = Set(contents.notes.map(\.prompt))
        #expect(prompts.contains("Hello bold & more"))
        #expect(prompts.contains("[image: x.jpg, a heart]"))
        #expect(prompts.contains("The […] pumps blood."))
        #expect(prompts.contains("The heart pumps [fluid]."))
        #expect(prompts.contains("cat"))
        let html = contents.notes.first { $0.prompt.hasPrefix("Line1") }
        #expect(html?.answer == "x [image: x.jpg] [sound: a.mp3]")
        #expect(html?.fields.first == "Line1<br>Line2<div>Div line</div>")
        let cloze = contents.notes.first { $0.notetype == "Cloze" }
        #expect(cloze?.tags.sorted() == ["Medical::Anatomy", "cloze"])
    }

    /// The decks the import makes, as the `import` command makes them.
    func decks(from file: String) throws -> [FlashcardDeck] {
        var counter = 0
        let plan = try DeckImport(
            try imported(file), into: [], now: Date(timeIntervalSince1970: 1_800_000_000),
            makeIdentifier: {
                counter += 1
                return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", counter)) ?? UUID()
            })
        return plan.decks
    }

    @Test(arguments: ["current.apkg", "legacy.apkg", "notes.txt"])
    func termFitsTextExportImportedIntoTheSourceCollectionChangesNoNote(file: String) throws {
        let decks = try decks(from: file)
        #expect(decks.map(\.name).sorted() == ["Lang::French", "Lang::Japanese", "Medical"])
        let directory = try AnkiPython.fixtureDirectory.get()
        for format in DeckFileFormat.allCases {
            let export = directory.appendingPathComponent("termfit-\(file).\(format.rawValue)")
            try Data(DeckFile.write(decks, format: format).utf8).write(to: export)
            let result = try #require(AnkiPython.fixture(["roundtrip", directory.path, export.path]) as? [String: Any])
            #expect(result["notesBefore"] as? Int == 8)
            #expect(result["notesAfter"] as? Int == 8, "\(format): \(result)")
            #expect((result["changed"] as? [String])?.isEmpty == true, "\(format): \(result["detail"] ?? "")")
        }
    }

    @Test func anEditedCardGoesBackAsHTMLAnkiShowsTheSame() throws {
        var decks = try decks(from: "current.apkg")
        let deck = try #require(decks.firstIndex { $0.name == "Lang::French" })
        let card = try #require(decks[deck].cards.firstIndex { $0.prompt == "Hello bold & more" })
        decks[deck].cards[card].answer = "Bonjour <3 & salut"
        let directory = try AnkiPython.fixtureDirectory.get()
        let export = directory.appendingPathComponent("termfit-edited.txt")
        try Data(DeckFile.write(decks, format: .tsv).utf8).write(to: export)
        let result = try #require(AnkiPython.fixture(["roundtrip", directory.path, export.path]) as? [String: Any])
        let changed = try #require(result["changed"] as? [String])
        #expect(changed == [decks[deck].cards[card].guid])
        let detail = (result["detail"] as? [String: Any])?[changed.first ?? ""] as? [String: Any]
        let fields = (detail?["after"] as? [String: Any])?["fields"] as? [String]
        #expect(fields == ["Hello <b>bold</b> &amp; more", "Bonjour &lt;3 &amp; salut"])
    }

    @Test func anEditedClozeGoesBackIntoItsTextFieldAndAnkiChangesOnlyThatNote() throws {
        var decks = try decks(from: "current.apkg")
        let deck = try #require(decks.firstIndex { $0.name == "Medical" })
        let card = try #require(decks[deck].cards.firstIndex { $0.notetype == "Cloze" && $0.ordinal == 0 })
        let original = decks[deck].cards[card]
        var edited = original
        edited.answer = original.answer.replacingOccurrences(of: "pumps blood", with: "pumps oxygenated blood")
        let fields = try #require(AnkiNoteEdit.writingBack(edited, over: original))
        for index in decks[deck].cards.indices where decks[deck].cards[index].guid == original.guid {
            decks[deck].cards[index].fields = fields
        }
        decks[deck].cards[card].answer = edited.answer
        let directory = try AnkiPython.fixtureDirectory.get()
        for format in DeckFileFormat.allCases {
            let export = directory.appendingPathComponent("termfit-cloze.\(format.rawValue)")
            try Data(DeckFile.write(decks, format: format).utf8).write(to: export)
            let result = try #require(AnkiPython.fixture(["roundtrip", directory.path, export.path]) as? [String: Any])
            let changed = try #require(result["changed"] as? [String])
            #expect(changed == [original.guid], "\(format): \(result)")
            let detail = (result["detail"] as? [String: Any])?[original.guid] as? [String: Any]
            let after = (detail?["after"] as? [String: Any])?["fields"] as? [String]
            #expect(after == ["The {{c1::heart}} pumps oxygenated {{c2::blood::fluid}}.", "<i>cardio</i>"])
        }
    }

    /// Anki's importer in both its update modes: always (every note of the package is taken) and
    /// if newer (Anki's default: only a note newer than the collection's).
    @Test(arguments: ["current.apkg", "legacy.apkg"], ["always", "if-newer"])
    func termFitsPackageImportedIntoTheSourceCollectionChangesOnlyTheEditedNote(file: String, condition: String) throws
    {
        var decks = try decks(from: file)
        let deck = try #require(decks.firstIndex { $0.name == "Lang::French" })
        let card = try #require(decks[deck].cards.firstIndex { $0.prompt == "Hello bold & more" })
        decks[deck].cards[card].answer = "Bonjour <3"
        let guid = decks[deck].cards[card].guid
        let directory = try AnkiPython.fixtureDirectory.get()
        let package = directory.appendingPathComponent("termfit-source-\(file)-\(condition).apkg")
        try AnkiPackage.write(decks, reviews: [], to: package)
        let result = try #require(
            AnkiPython.fixture(["roundtrip", directory.path, package.path, condition]) as? [String: Any])
        #expect(result["notesAfter"] as? Int == 8, "\(result)")
        // Anki updates the notes by guid and note type: the edited one changes, and only that one;
        // the others are no newer than Anki's, so Anki leaves even their mod alone.
        #expect(result["changed"] as? [String] == [guid], "\(result["detail"] ?? "")")
        #expect(result["modChanged"] as? [String] == [guid], "\(result)")
        let detail = (result["detail"] as? [String: Any])?[guid] as? [String: Any]
        let fields = (detail?["after"] as? [String: Any])?["fields"] as? [String]
        #expect(fields == ["Hello <b>bold</b> &amp; more", "Bonjour &lt;3"])
        #expect((result["added"] as? [String: Any])?.isEmpty == true, "\(result)")
    }

    @Test(arguments: ["current.apkg", "legacy.apkg"])
    func aCardAddedInTermFitGoesIntoTheSourceCollectionAsANewNoteAndNothingElseChanges(file: String) throws {
        var decks = try decks(from: file)
        let deck = try #require(decks.firstIndex { $0.name == "Lang::French" })
        let added = Flashcard(
            prompt: "Goodbye & <see you>", answer: "Au revoir", createdAt: Date(timeIntervalSince1970: 1_800_000_500))
        decks[deck].cards.append(added)
        let directory = try AnkiPython.fixtureDirectory.get()
        let package = directory.appendingPathComponent("termfit-added-\(file).apkg")
        try AnkiPackage.write(decks, reviews: [], to: package)
        var exports = [package]
        for format in DeckFileFormat.allCases {
            let export = directory.appendingPathComponent("termfit-added-\(file).\(format.rawValue)")
            try Data(DeckFile.write(decks, format: format).utf8).write(to: export)
            exports.append(export)
        }
        for export in exports {
            let result = try #require(
                AnkiPython.fixture(["roundtrip", directory.path, export.path, "if-newer"]) as? [String: Any])
            let name = export.lastPathComponent
            #expect(result["notesAfter"] as? Int == 9, "\(name): \(result)")
            #expect(result["changed"] as? [String] == [], "\(name): \(result)")
            #expect(result["modChanged"] as? [String] == [], "\(name): \(result)")
            let new = (result["added"] as? [String: Any])?[added.guid] as? [String: Any]
            #expect(
                new?["fields"] as? [String] == ["Goodbye &amp; &lt;see you&gt;", "Au revoir"], "\(name): \(result)")
            #expect((new?["notetype"] as? String)?.hasPrefix("Basic") == true, "\(name): \(result)")
        }
    }

    @Test func termFitsPackageOpensInAnkiWithNotesDecksTagsAndReviews() throws {
        let decks = try decks(from: "legacy.apkg")
        let cards = decks.flatMap(\.cards)
        let first = try #require(cards.first)
        let reviews = [
            FlashcardReview(cardID: first.id, grade: .good, reviewedAt: Date(timeIntervalSince1970: 1_800_000_100)),
            FlashcardReview(cardID: first.id, grade: .hard, reviewedAt: Date(timeIntervalSince1970: 1_800_090_000)),
            FlashcardReview(
                cardID: first.id, grade: .again, reviewedAt: Date(timeIntervalSince1970: 1_800_090_100), isCram: true),
        ]
        let directory = try AnkiPython.fixtureDirectory.get()
        let package = directory.appendingPathComponent("termfit.apkg")
        try AnkiPackage.write(decks, reviews: reviews, to: package)
        let opened = try #require(AnkiPython.fixture(["open", package.path]) as? [String: Any])
        let notes = try #require(opened["notes"] as? [String: [String: Any]])
        #expect(notes.count == 8)
        #expect(opened["cards"] as? Int == 11)
        #expect(opened["reviews"] as? Int == 2)
        #expect(Set(opened["decks"] as? [String] ?? []) == ["Lang::French", "Lang::Japanese", "Medical"])
        let source = try #require(
            AnkiPython.fixture(["open", directory.appendingPathComponent("legacy.apkg").path]) as? [String: Any])
        let sourceNotes = try #require(source["notes"] as? [String: [String: Any]])
        for (guid, note) in sourceNotes {
            #expect(notes[guid]?["fields"] as? [String] == note["fields"] as? [String], "\(guid)")
            #expect(notes[guid]?["tags"] as? [String] == note["tags"] as? [String], "\(guid)")
        }
        // And TermFit reads its own package back with the same cards.
        let back = try AnkiPackage.read(package)
        #expect(back.notes.count == 11)
        #expect(Set(back.notes.map(\.prompt)) == Set(cards.map(\.prompt)))
    }
}
