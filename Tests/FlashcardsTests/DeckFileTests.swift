import Foundation
import Records
import Testing

@testable import Flashcards

/// Importing decks from text: encodings, line endings, quoting, Anki's headers, and errors that
/// name their line and import nothing.
@Suite struct DeckFileTests {
    private func parse(_ text: String, _ format: DeckFileFormat = .tsv) throws(DeckFileError) -> [DeckFile.Card] {
        try DeckFile.read(Data(text.utf8), format: format).notes.map { card($0.prompt, $0.answer) }
    }

    private func skipped(_ text: String, _ format: DeckFileFormat = .tsv) throws(DeckFileError) -> [String] {
        try DeckFile.read(Data(text.utf8), format: format).skipped.map(\.description)
    }

    private func card(_ prompt: String, _ answer: String) -> DeckFile.Card {
        DeckFile.Card(prompt: prompt, answer: answer)
    }

    @Test func aNULByteIsRefusedWithItsLineNotTruncated() throws {
        #expect(throws: DeckFileError(line: 2, "a NUL character (a binary file?)")) {
            try parse("Squat\tLegs\nhello\u{0}world\tanswer\n")
        }
    }

    @Test func linesAndCardsHaveLimits() throws {
        let long = String(repeating: "x", count: DeckFile.maximumLineBytes + 1)
        #expect(throws: DeckFileError(line: 2, "longer than 65536 bytes")) { try parse("A\tB\n\(long)\tB\n") }
        let many = (0...DeckFile.maximumCards).map { "q\($0)\ta" }.joined(separator: "\n")
        #expect(throws: DeckFileError(line: DeckFile.maximumCards + 1, "more than 250000 cards in one file")) {
            try parse(many)
        }
    }

    @Test func tabSeparatedLinesWithEmptyLinesAndCommentsReported() throws {
        let text = "# my deck\nSquat\tLegs\n\n   \nPush-up\tChest\n# the end\n#hashtag\ta word after #\n"
        #expect(
            try parse(text) == [card("Squat", "Legs"), card("Push-up", "Chest"), card("#hashtag", "a word after #")])
        #expect(
            try skipped(text) == [
                "line 1: starts with # but is not an Anki header (a comment?) and has no answer",
                "line 6: starts with # but is not an Anki header (a comment?) and has no answer",
            ])
    }

    @Test func aByteOrderMarkAndCRLFLineEndings() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("Squat\tLegs\r\nPlank\tCore\r\n\r\nLunge\tLegs".utf8)
        let cards = try DeckFile.read(Data(bytes), format: .tsv).notes.map { card($0.prompt, $0.answer) }
        #expect(cards == [card("Squat", "Legs"), card("Plank", "Core"), card("Lunge", "Legs")])
        #expect(try parse("A\tB\rC\tD\r") == [card("A", "B"), card("C", "D")], "old Mac line ends")
    }

    @Test func quotedCSVFieldsHoldCommasQuotesAndLineBreaks() throws {
        let text =
            "\"Squat, back\",Legs\n" + "\"Say \"\"hi\"\"\",\"Line one\r\nline two\"\n" + "Plain,\"a, b, c\"\n"
        let cards = try parse(text, .csv)
        #expect(
            cards == [
                card("Squat, back", "Legs"), card("Say \"hi\"", "Line one\nline two"), card("Plain", "a, b, c"),
            ])
    }

    @Test func ankiHeadersSetTheSeparatorAndColumns() throws {
        let text = """
            #separator:Semicolon
            #html:false
            #guid column:1
            #tags column:4
            abc123;Deltoid?;Shoulder;anatomy
            def456;"Biceps; where?";Upper arm;anatomy
            """
        #expect(try parse(text) == [card("Deltoid?", "Shoulder"), card("Biceps; where?", "Upper arm")])
        let named = "#separator:tab\n#columns:Tags\tBack\tFront\nx\tLegs\tSquat\n"
        #expect(try parse(named) == [card("Squat", "Legs")])
        #expect(try parse("#separator:comma\nA,B\n") == [card("A", "B")], "a header overrides the format")
    }

    @Test func invalidUTF8IsRefusedWithItsLineNumber() {
        let bytes = Array("Squat\tLegs\nPlank\tCore\nBad ".utf8) + [0xC3, 0x28] + Array("\tx\n".utf8)
        #expect(throws: DeckFileError(line: 3, "not UTF-8 text (save the file as UTF-8)")) {
            _ = try DeckFile.read(Data(bytes), format: .tsv)
        }
        #expect(
            DeckFileError(line: 3, "not UTF-8 text (save the file as UTF-8)").description
                == "line 3: not UTF-8 text (save the file as UTF-8)")
    }

    @Test func badRowsAreSkippedWithTheirLineAndBrokenFilesAreRefused() throws {
        #expect(try parse("A\tB\nonly a prompt\nC\tD") == [card("A", "B"), card("C", "D")])
        #expect(try skipped("A\tB\nonly a prompt\nC\tD") == ["line 2: needs a prompt and an answer separated by a tab"])
        #expect(try skipped("A\tB\n\nC\t  \n") == ["line 3: the answer is empty"])
        #expect(try skipped("\tB") == ["line 1: the prompt is empty"])
        let long = String(repeating: "x", count: DeckFile.maximumLength + 1)
        #expect(try skipped("A\t\(long)") == ["line 1: the answer is longer than 1000 characters"])
        #expect(throws: DeckFileError(line: 2, "a quoted field is not closed")) { try parse("A,B\n\"C,D\nE,F\n", .csv) }
        #expect(throws: DeckFileError.self) { try parse("\"A\"x,B", .csv) }
        #expect(
            throws: DeckFileError(
                line: 1, "unknown separator \"wave\"; use Tab, Comma, Semicolon, Pipe, Space, Colon or one character")
        ) {
            try parse("#separator:wave\nA\tB")
        }
        #expect(throws: DeckFileError(line: 2, "#deck column needs a column number from 1, not \"zero\"")) {
            try parse("#separator:tab\n#deck column:zero\nA\tB")
        }
    }

    @Test func aFirstRowOfColumnNamesIsSkippedAndNamesTheColumns() throws {
        for header in ["prompt,answer", "Front,Back", "question,answer", "answer,question"] {
            let cards = try parse("\(header)\nSquat,Legs\n", .csv)
            let expected = header.hasPrefix("answer") ? card("Legs", "Squat") : card("Squat", "Legs")
            #expect(cards == [expected], "\(header)")
            let read = try DeckFile.read(Data("\(header)\nSquat,Legs\n".utf8), format: .csv)
            #expect(read.columnNames?.line == 1 && read.skipped.isEmpty)
        }
        // A first row that is a card stays one.
        #expect(try parse("Front of the thigh,Quadriceps\n", .csv) == [card("Front of the thigh", "Quadriceps")])
    }

    @Test func separatorsByNameOrCharacter() throws {
        for (name, separator) in [
            ("Tab", "\t"), ("Comma", ","), ("Semicolon", ";"), ("Pipe", "|"), ("Space", " "), ("Colon", ":"),
            ("~", "~"),
        ] {
            #expect(try parse("#separator:\(name)\nA\(separator)B\n", .csv) == [card("A", "B")], "\(name)")
        }
    }

    @Test func exportReadsBackTheSameCardsInBothFormats() throws {
        let cards = [
            card("Squat", "Legs"), card("Tab\there", "Comma, and \"quotes\""), card("Two\nlines", "ok"),
            card("#not a comment", "Ünïcødé 💪"), card("<b>not</b> HTML &amp;", "a < b"),
        ]
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        let deck = FlashcardDeck(
            name: "Spanish::Verbs", createdAt: date,
            cards: cards.map { Flashcard(prompt: $0.prompt, answer: $0.answer, createdAt: date, tags: ["es", "v1"]) })
        for format in DeckFileFormat.allCases {
            let text = DeckFile.write([deck], format: format)
            let read = try DeckFile.read(Data(text.utf8), format: format)
            #expect(read.notes.map { card($0.prompt, $0.answer) } == cards, "\(format)")
            #expect(read.notes.map(\.guid) == deck.cards.map(\.guid), "\(format)")
            #expect(read.notes.allSatisfy { $0.tags == ["es", "v1"] && $0.deck == "Spanish::Verbs" }, "\(format)")
            #expect(read.isHTML, "Anki's header: the fields are HTML that shows the cards' text")
            #expect(read.notes.allSatisfy { $0.notetype == "Basic" })
        }
        let one = FlashcardDeck(
            name: "D", createdAt: date, cards: [Flashcard(prompt: "A", answer: "B", createdAt: date, guid: "g1")])
        let header = "#html:true\n#guid column:1\n#notetype column:2\n#deck column:3\n#tags column:6\n"
        #expect(DeckFile.write([one], format: .tsv) == "#separator:tab\n" + header + "g1\tBasic\tD\tA\tB\t\n")
        #expect(DeckFile.write([one], format: .csv) == "#separator:comma\n" + header + "g1,Basic,D,A,B,\n")
    }

    @Test func theFormatFollowsTheFileName() {
        #expect(DeckFileFormat.guess(fromPath: "deck.CSV") == .csv)
        #expect(DeckFileFormat.guess(fromPath: "deck.txt") == .tsv)
        #expect(DeckFileFormat.guess(fromPath: "-") == .tsv)
    }
}
