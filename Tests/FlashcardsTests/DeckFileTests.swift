import Foundation
import Testing

@testable import Flashcards

/// Importing decks from text: encodings, line endings, quoting, Anki's headers, and errors that
/// name their line and import nothing.
@Suite struct DeckFileTests {
    private func parse(_ text: String, _ format: DeckFileFormat = .tsv) throws(DeckFileError) -> [DeckFile.Card] {
        try DeckFile.parse(Data(text.utf8), format: format)
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
        #expect(throws: DeckFileError(line: DeckFile.maximumCards + 1, "more than 10000 cards in one file")) {
            try parse(many)
        }
    }

    @Test func tabSeparatedLinesWithEmptyLinesAndComments() throws {
        let cards = try parse("# my deck\nSquat\tLegs\n\n   \nPush-up\tChest\n# the end\n")
        #expect(cards == [card("Squat", "Legs"), card("Push-up", "Chest")])
    }

    @Test func aByteOrderMarkAndCRLFLineEndings() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("Squat\tLegs\r\nPlank\tCore\r\n\r\nLunge\tLegs".utf8)
        let cards = try DeckFile.parse(Data(bytes), format: .tsv)
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
            try DeckFile.parse(Data(bytes), format: .tsv)
        }
        #expect(
            DeckFileError(line: 3, "not UTF-8 text (save the file as UTF-8)").description
                == "line 3: not UTF-8 text (save the file as UTF-8)")
    }

    @Test func badLinesNameTheirLine() {
        #expect(throws: DeckFileError(line: 2, "needs a prompt and an answer separated by a tab")) {
            try parse("A\tB\nonly a prompt\nC\tD")
        }
        #expect(throws: DeckFileError(line: 3, "the answer is empty")) { try parse("A\tB\n\nC\t  \n") }
        #expect(throws: DeckFileError(line: 1, "the prompt is empty")) { try parse("\tB") }
        #expect(throws: DeckFileError(line: 2, "a quoted field is not closed")) { try parse("A,B\n\"C,D\nE,F\n", .csv) }
        #expect(throws: DeckFileError.self) { try parse("\"A\"x,B", .csv) }
        #expect(throws: DeckFileError(line: 1, "unknown separator \"wave\"; use tab, comma or semicolon")) {
            try parse("#separator:wave\nA\tB")
        }
        let long = String(repeating: "x", count: DeckFile.maximumLength + 1)
        #expect(throws: DeckFileError(line: 1, "the answer is longer than 1000 characters")) { try parse("A\t\(long)") }
    }

    @Test func exportReadsBackTheSameCardsInBothFormats() throws {
        let cards = [
            card("Squat", "Legs"), card("Tab\there", "Comma, and \"quotes\""), card("Two\nlines", "ok"),
            card("#not a comment", "Ünïcødé 💪"),
        ]
        for format in DeckFileFormat.allCases {
            let text = DeckFile.write(cards, format: format)
            #expect(try parse(text, format) == cards, "\(format)")
        }
        #expect(
            DeckFile.write([card("A", "B")], format: .tsv)
                == "#separator:tab\n#html:false\n#columns:Front\tBack\nA\tB\n")
        #expect(DeckFile.write([card("A, b", "C")], format: .csv) == "\"A, b\",C\n")
    }

    @Test func theFormatFollowsTheFileName() {
        #expect(DeckFileFormat.guess(fromPath: "deck.CSV") == .csv)
        #expect(DeckFileFormat.guess(fromPath: "deck.txt") == .tsv)
        #expect(DeckFileFormat.guess(fromPath: "-") == .tsv)
    }
}
