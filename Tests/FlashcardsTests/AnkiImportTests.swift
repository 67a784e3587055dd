import Foundation
import Records
import Testing

@testable import Flashcards

/// Anki's "Notes in Plain Text" export, written in the test the way Anki 2.1.50 and later write it
/// (its header lines; guid, notetype, deck, fields and tags columns; HTML fields; tab-separated
/// with quotes only where a field needs them), imported and imported again.
@Suite struct AnkiImportTests {
    /// One note as Anki stores it and as TermFit should show it.
    struct Expected {
        var guid: String
        var notetype: String
        var deck: String
        var fields: [String]
        var tags: [String]
        var prompt: String
        var answer: String
    }

    /// Anki's guid alphabet (base 91 of a random number).
    static let guidAlphabet = Array(
        "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&()*+,-./:;<=>?@[]^_`{|}~")

    static func guid(_ index: Int) -> String {
        var value = UInt64(index) &* 0x9E37_79B9_7F4A_7C15 | 1
        var text = ""
        for _ in 0..<10 {
            text.append(guidAlphabet[Int(value % UInt64(guidAlphabet.count))])
            value /= UInt64(guidAlphabet.count)
        }
        // Every 40th note's guid starts with # (Anki quotes it, as it begins like a comment).
        return index % 40 == 7 ? "#" + text.dropFirst() : text
    }

    /// `count` notes in four decks and three note types, with every kind of HTML Anki's editor writes.
    static func notes(_ count: Int) -> [Expected] {
        let decks = ["Spanish::Verbs", "Spanish::Nouns", "Anatomy", "Default"]
        return (0..<count).map { index in
            let deck = decks[index % decks.count]
            let tags = index % 3 == 0 ? [] : ["lang::es", "set\(index % 5)"]
            switch index % 7 {
            case 0:
                return Expected(
                    guid: guid(index), notetype: "Basic", deck: deck,
                    fields: ["<b>hablar</b> \(index)", "to speak<br>(regular)"], tags: tags,
                    prompt: "hablar \(index)", answer: "to speak\n(regular)")
            case 1:
                return Expected(
                    guid: guid(index), notetype: "Basic (and reversed card)", deck: deck,
                    fields: ["&quot;Tom &amp; Jerry&quot; \(index)", "<div>line one</div><div>line two</div>"],
                    tags: tags, prompt: "\"Tom & Jerry\" \(index)", answer: "line one\nline two")
            case 2:
                return Expected(
                    guid: guid(index), notetype: "Basic", deck: deck,
                    fields: ["It&#39;s&nbsp;\(index)", "<span style=\"color: rgb(255, 0, 0);\">red</span> &#x263A;"],
                    tags: tags, prompt: "It's \(index)", answer: "red ☺")
            case 3:
                return Expected(
                    guid: guid(index), notetype: "Cloze", deck: deck,
                    fields: ["{{c1::Paris}} is the capital of {{c2::France::country}} \(index)", "<i>since 987</i>"],
                    tags: tags, prompt: "[…] is the capital of France \(index)",
                    answer: "Paris is the capital of France \(index)\nsince 987")
            case 4:
                return Expected(
                    guid: guid(index), notetype: "Basic", deck: deck,
                    fields: ["<p>para \(index)</p>\n<p>two</p>", "<ul><li>one</li><li>two &lt;3</li></ul>"],
                    tags: tags, prompt: "para \(index)\ntwo", answer: "one\ntwo <3")
            case 5:
                return Expected(
                    guid: guid(index), notetype: "Basic", deck: deck,
                    fields: ["Biceps; where?\t\(index)", "<img src=\"arm.jpg\">Upper&nbsp;arm[sound:arm.mp3]"],
                    tags: tags, prompt: "Biceps; where? \(index)", answer: "[image: arm.jpg] Upper arm [sound: arm.mp3]"
                )
            default:
                return Expected(
                    guid: guid(index), notetype: "Basic", deck: deck,
                    fields: ["caf&eacute; &mdash; \(index)", "coffee<br><br>(a place)"], tags: tags,
                    prompt: "café — \(index)", answer: "coffee\n\n(a place)")
            }
        }
    }

    /// A field as Anki's CSV writer puts it: quoted when it holds a tab, a quote or a line break,
    /// or begins with #.
    static func field(_ text: String) -> String {
        let needs = text.hasPrefix("#") || text.contains { $0 == "\t" || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        return needs ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    /// The file Anki writes for `notes` with every option of "Notes in Plain Text" ticked.
    static func ankiExport(_ notes: [Expected]) -> String {
        var text = "#separator:tab\n#html:true\n#guid column:1\n#notetype column:2\n#deck column:3\n#tags column:6\n"
        for note in notes {
            let row = [note.guid, note.notetype, note.deck] + note.fields + [note.tags.joined(separator: " ")]
            text += row.map(field).joined(separator: "\t") + "\n"
        }
        return text
    }

    /// Saves an import's decks into `log`.
    private func save(_ plan: DeckImport, into log: InMemoryWorkoutLog) throws {
        for deck in plan.decks { try log.save(deck) }
    }

    @Test func anAnkiExportOf240NotesImportsAsPlainTextIntoItsDecksAndAgainWithoutDuplicates() throws {
        let notes = Self.notes(240)
        let file = Data(Self.ankiExport(notes).utf8)
        let read = try DeckFile.read(file, format: .tsv)
        #expect(read.isHTML)
        #expect(read.skipped == [])
        // Anki's cards: a reversed note makes two, a cloze of two deletions two.
        let cardCount = notes.map { $0.notetype == "Basic" ? 1 : 2 }.reduce(0, +)
        #expect(cardCount == 309)
        #expect(read.notes.count == cardCount)

        let log = InMemoryWorkoutLog()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let first = try DeckImport(read, into: try log.decks(), now: now)
        #expect(first.added == cardCount && first.updated == 0 && first.skipped.isEmpty)
        #expect(first.newDecks == ["Spanish::Verbs", "Spanish::Nouns", "Anatomy", "Default"])
        #expect(
            first.summary
                == "Imported: added 309 cards, updated 0, skipped 0, new decks “Spanish::Verbs”, “Spanish::Nouns”, “Anatomy”, “Default”."
        )
        try save(first, into: log)

        let decks = try log.decks()
        #expect(decks.map(\.name).sorted() == ["Anatomy", "Default", "Spanish::Nouns", "Spanish::Verbs"])
        #expect(decks.map(\.cards.count).reduce(0, +) == cardCount)
        for note in notes {
            let deck = try #require(decks.first { $0.name == note.deck })
            let card = try #require(
                deck.cards.first { $0.guid == note.guid && $0.ordinal == 0 }, "\(note.guid) in \(note.deck)")
            #expect(card.fields == note.fields)
            #expect(card.notetype == note.notetype)
            #expect(card.prompt == note.prompt)
            #expect(card.answer == note.answer)
            #expect(card.tags == note.tags)
            for side in [card.prompt, card.answer] {
                #expect(!side.contains("<") || side.contains("<3"), "no tag left: \(side)")
                #expect(!side.contains("&") || side.contains("Tom & Jerry"), "no entity left: \(side)")
            }
        }

        // The same file again: every note finds its card unchanged; none is added or updated.
        let again = try DeckImport(DeckFile.read(file, format: .tsv), into: try log.decks(), now: now)
        #expect(again.added == 0 && again.updated == 0 && again.unchanged == cardCount)
        #expect(again.skipped.isEmpty && again.newDecks.isEmpty && again.decks.isEmpty)
        #expect(again.summary == "Imported: added 0 cards, updated 0, unchanged \(cardCount), skipped 0.")
        try save(again, into: log)
        #expect(try log.decks().map(\.cards.count).reduce(0, +) == cardCount)

        // A newer export with one note changed updates that card in place.
        var changed = notes
        changed[14].fields[1] = "<b>new</b> answer"
        let newer = try DeckImport(
            DeckFile.read(Data(Self.ankiExport(changed).utf8), format: .tsv), into: try log.decks(), now: now)
        try save(newer, into: log)
        let card = try #require(try log.decks().flatMap(\.cards).first { $0.guid == notes[14].guid })
        #expect(card.answer == "new answer")
        #expect(try log.decks().map(\.cards.count).reduce(0, +) == cardCount)
    }

    @Test func theHeadersOfAnkisImportAreHonoured() throws {
        let text = """
            #separator:Pipe
            #html:false
            #tags:global two
            #deck:Fixed::Deck
            #notetype:Basic
            #columns:Back|Front|Tags
            #if matches:keep current
            <b>kept</b>|Front &amp; one|local
            B|F
            """
        let read = try DeckFile.read(Data(text.utf8), format: .tsv)
        #expect(read.ifMatches == .keepCurrent)
        #expect(!read.isHTML)
        #expect(read.notes.map(\.prompt) == ["Front &amp; one", "F"], "html:false keeps the text as it is")
        #expect(read.notes.map(\.answer) == ["<b>kept</b>", "B"])
        #expect(read.notes.map(\.tags) == [["global", "two", "local"], ["global", "two"]])
        #expect(read.notes.allSatisfy { $0.deck == "Fixed::Deck" })
        let plan = try DeckImport(read, into: [], now: Date())
        #expect(plan.decks.map(\.name) == ["Fixed::Deck"])
        // --deck puts every card into one deck, over what the file says.
        #expect(try DeckImport(read, into: [], deckName: "Mine", now: Date()).decks.map(\.name) == ["Mine"])
        // Without any deck, the member is asked for one and nothing is imported.
        let loose = try DeckFile.read(Data("A\tB\n".utf8), format: .tsv)
        #expect(throws: DeckFileError(line: 1, "the file names no deck for this card; give --deck NAME")) {
            try DeckImport(loose, into: [], now: Date())
        }
    }

    @Test func ifMatchesDecidesWhatAKnownGUIDDoes() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let deck = FlashcardDeck(
            name: "D", createdAt: date, cards: [Flashcard(prompt: "old", answer: "old", createdAt: date, guid: "g1")])
        func run(_ rule: String) throws -> DeckImport {
            let text = "#separator:tab\n#guid column:1\n#if matches:\(rule)\ng1\tnew\tnew\ng2\tother\tother\n"
            return try DeckImport(DeckFile.read(Data(text.utf8), format: .tsv), into: [deck], deckName: "D", now: date)
        }
        let update = try run("update current")
        #expect(update.added == 1 && update.updated == 1)
        #expect(update.decks[0].cards.map(\.prompt) == ["new", "other"])
        let keep = try run("keep current")
        #expect(keep.added == 1 && keep.updated == 0 && keep.skipped.count == 1)
        let both = try run("keep both")
        #expect(both.added == 2 && both.updated == 0)
        #expect(Set(both.decks[0].cards.map(\.guid)).count == 2 && !both.decks[0].cards.contains { $0.guid == "g1" })
        #expect(throws: DeckFileError.self) { try run("sometimes") }
    }

    @Test func withoutAGUIDTheSameCardIsNotAddedTwice() throws {
        let read = try DeckFile.read(Data("A\tB\nA\tB\nC\tD\n".utf8), format: .tsv)
        let log = InMemoryWorkoutLog()
        let first = try DeckImport(read, into: [], deckName: "D", now: Date())
        #expect(first.added == 2 && first.skipped.map(\.description) == ["line 2: already in “D”"])
        try save(first, into: log)
        let second = try DeckImport(read, into: try log.decks(), deckName: "D", now: Date())
        #expect(second.added == 0 && second.skipped.count == 3 && second.decks.isEmpty)
    }

    @Test func exportThenImportRoundTripsEveryCardAndUpdatesOnTheWayBack() throws {
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let texts = [
            ("Squat", "Legs"), ("Two\nlines", "tab\tinside"), ("#hash first", "“quotes” and \"straight\""),
            ("<b>looks like HTML</b> &amp;", "a < b > c"), ("Ünïcødé 💪", "中文"),
        ]
        let decks = ["Spanish::Verbs", "Anatomy"].enumerated().map { number, name in
            FlashcardDeck(
                name: name, createdAt: date,
                cards: texts.enumerated().map { index, pair in
                    Flashcard(
                        prompt: "\(pair.0) \(number)", answer: pair.1,
                        createdAt: date.addingTimeInterval(Double(index)), tags: index % 2 == 0 ? ["t\(index)"] : [])
                })
        }
        for format in DeckFileFormat.allCases {
            let file = Data(DeckFile.write(decks, format: format).utf8)
            let log = InMemoryWorkoutLog()
            let first = try DeckImport(DeckFile.read(file, format: format), into: [], now: date)
            #expect(first.added == 10 && first.skipped.isEmpty, "\(format)")
            try save(first, into: log)
            for deck in decks {
                let imported = try #require(try log.decks().first { $0.name == deck.name })
                #expect(imported.cards.map(\.prompt) == deck.cards.map(\.prompt), "\(format)")
                #expect(imported.cards.map(\.answer) == deck.cards.map(\.answer), "\(format)")
                #expect(imported.cards.map(\.guid) == deck.cards.map(\.guid), "\(format)")
                #expect(imported.cards.map(\.tags) == deck.cards.map(\.tags), "\(format)")
            }
            // Back into the profile it came from: unchanged, nothing added or updated.
            let back = try DeckImport(DeckFile.read(file, format: format), into: decks, now: date)
            #expect(back.added == 0 && back.unchanged == 10 && back.updated == 0 && back.skipped.isEmpty, "\(format)")
        }
    }

    @Test func htmlBecomesPlainTextWithItsLineBreaks() {
        let cases: [(String, String)] = [
            ("a<br>b<br/>c<BR />d", "a\nb\nc\nd"),
            ("<div>one</div><div>two</div>three", "one\ntwo\nthree"),
            ("<p>one</p><p>two</p>", "one\ntwo"),
            ("x&nbsp;&nbsp;y &amp; &lt;z&gt; &quot;q&quot; &#39;s &#x41;&#66;", "x  y & <z> \"q\" 's AB"),
            ("<img src=\"x.jpg\" alt=\"a &amp; b\">", "[image: x.jpg, a & b]"),
            ("see<img src='y.png'>here[sound:a.mp3]", "see [image: y.png] here [sound: a.mp3]"),
            ("<style>.card { color: red }</style>Front", "Front"),
            ("a   b\n c", "a b c"),
            ("2 < 3 and 4 > 1", "2 < 3 and 4 > 1"),
            ("&unknown; & stays", "&unknown; & stays"),
            ("<div><br></div><div>after a blank line</div>", "after a blank line"),
            ("<!-- note -->kept", "kept"),
            ("&Uuml;ber &ntilde;", "Über ñ"),
        ]
        for (html, text) in cases {
            #expect(HTMLText.plain(html) == text, "\(html)")
        }
    }
}
