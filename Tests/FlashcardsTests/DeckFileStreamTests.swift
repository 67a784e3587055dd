import Foundation
import Records
import Testing

@testable import Flashcards

/// A text file read a chunk at a time (``AnkiText/stream(separator:batchSize:opening:_:)``): the
/// same notes, skipped rows and errors whatever the chunks, in batches that end with a record,
/// and memory that holds a line and a record, not the file.
@Suite struct DeckFileStreamTests {
    /// `bytes` in chunks of `size` (the last one shorter).
    static func chunked(_ bytes: [UInt8], size: Int) -> () throws -> () -> [UInt8]? {
        {
            var offset = 0
            return {
                guard offset < bytes.count else { return nil }
                defer { offset += size }
                return Array(bytes[offset..<min(bytes.count, offset + size)])
            }
        }
    }

    /// The batches of `bytes` read in chunks of `size`.
    static func batches(
        _ bytes: [UInt8], chunk size: Int, batchSize: Int = 2_000, separator: Character = "\t"
    ) throws -> [AnkiText.Contents] {
        var batches: [AnkiText.Contents] = []
        try AnkiText.stream(separator: separator, batchSize: batchSize, opening: chunked(bytes, size: size)) {
            batches.append($0)
        }
        return batches
    }

    static func joined(_ batches: [AnkiText.Contents]) -> AnkiText.Contents {
        var whole = AnkiText.Contents()
        for batch in batches { whole.append(batch) }
        return whole
    }

    /// Anki's export with a quoted field of several lines (LF, CRLF and a lone CR inside the
    /// quotes), doubled quotes, characters of two to four bytes, a row skipped, a note of two
    /// cards, a comment and a byte-order mark.
    static let export: [UInt8] =
        [0xEF, 0xBB, 0xBF]
        + Array(
            """
            #separator:tab
            #html:true
            #guid column:1
            #notetype column:2
            #deck column:3
            #tags column:6
            g1\tBasic\tLang::Français\t"Bonjour<br>\nthe ""first""\r\nline\rand more"\tHello\tfr
            g2\tBasic (and reversed card)\tLang::日本語\t猫 🐈\tcat\tja
            # a comment
            g3\tBasic\tLang::Français\t\tno prompt\t
            g4\tBasic\tLang::Français\t"a tab\tinside"\t"x\n\ny"\t

            """.utf8)

    @Test func everyChunkSizeReadsTheSameNotesAsTheWholeFile() throws {
        let whole = try DeckFile.read(Data(Self.export), format: .tsv)
        #expect(whole.notes.map(\.line) == [7, 11, 11, 14])
        #expect(whole.notes[0].fields[0] == "Bonjour<br>\nthe \"first\"\nline\nand more")
        #expect(whole.notes[1].deck == "Lang::日本語" && whole.notes[1].prompt == "猫 🐈")
        #expect(whole.notes[3].prompt == "a tab inside", "HTML: a tab is white space")
        #expect(
            whole.skipped.map(\.description) == [
                "line 12: starts with # but is not an Anki header (a comment?) and has no answer",
                "line 13: the prompt is empty",
            ])
        for size in 1...Self.export.count {
            let read = Self.joined(try Self.batches(Self.export, chunk: size))
            #expect(read == whole, "chunks of \(size) bytes")
        }
    }

    @Test func aQuotedFieldOfSeveralLinesGoesOnAcrossAChunksEnd() throws {
        let text = Array("Front\t\"one\ntwo\r\nthree\"\nNext\tcard\n".utf8)
        // The first chunk ends inside the quotes, after "one\ntw": the field goes on in the next.
        let cut = text.firstIndex(of: UInt8(ascii: "w"))!
        let chunks = [Array(text[..<cut]), Array(text[cut...])]
        var stream = AnkiText.Stream(separator: "\t", isHTML: false)
        try stream.add(chunks[0])
        #expect(try stream.nextBatch() == nil, "the record is not over at the chunk's end")
        try stream.add(chunks[1])
        try stream.end()
        let batch = try #require(try stream.nextBatch())
        #expect(batch.notes.map(\.prompt) == ["Front", "Next"])
        #expect(batch.notes.map(\.answer) == ["one\ntwo\nthree", "card"])
        #expect(batch.notes.map(\.line) == [1, 4])
        #expect(try stream.nextBatch() == nil, "the rest is given once")
    }

    @Test func batchesEndWithARecordAndAddUpToTheWholeFile() throws {
        // Reversed notes make two cards each: a batch of at least 3 cards ends after a whole note.
        var text = "#notetype:Basic (and reversed card)\n#deck:D\nfront,back\n"
        for index in 0..<10 { text += "q\(index),a\(index)\n" }
        let bytes = Array(text.utf8)
        let whole = try DeckFile.read(Data(bytes), format: .csv)
        for size in [1, 7, 64, 4096] {
            let batches = try Self.batches(bytes, chunk: size, batchSize: 3, separator: ",")
            #expect(batches.map(\.notes.count) == [4, 4, 4, 4, 4, 0], "chunks of \(size)")
            #expect(batches.first?.columnNames?.line == 3)
            #expect(batches.dropFirst().allSatisfy { $0.columnNames == nil })
            #expect(Self.joined(batches) == whole)
        }
    }

    @Test func aFileWithoutHTMLHeaderIsHTMLWhenALaterRowLooksLikeIt() throws {
        // Only the last row shows that the file is HTML: the first row's `&` is then an entity.
        let text = Array("A &copy; B\tplain\n\(String(repeating: "x\ty\n", count: 500))C\t<b>bold</b>\n".utf8)
        let read = Self.joined(try Self.batches(text, chunk: 100, batchSize: 50))
        #expect(read.isHTML)
        #expect(read.notes.first?.prompt == "A © B")
        #expect(read.notes.last?.answer == "bold")
        let plain = Self.joined(try Self.batches(Array("A &copy; B\tplain\n".utf8), chunk: 5))
        #expect(!plain.isHTML && plain.notes.first?.prompt == "A &copy; B")
    }

    @Test func aProblemInALaterChunkNamesItsLineAndACharacterCutByAChunkIsNone() throws {
        var bytes = Array("A\tB\nC\tD\n".utf8) + [0xC3, 0x28] + Array("\tE\n".utf8)
        for size in [1, 2, 3, 5, 100] {
            #expect(throws: DeckFileError(line: 3, "not UTF-8 text (save the file as UTF-8)")) {
                try Self.batches(bytes, chunk: size)
            }
        }
        bytes = Array("é\tè\n".utf8)
        #expect(try Self.batches(bytes, chunk: 1).first?.notes.first?.prompt == "é")
        let long = Array("A\tB\n".utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: DeckFile.maximumLineBytes + 1)
        #expect(throws: DeckFileError(line: 2, "longer than 65536 bytes")) { try Self.batches(long, chunk: 4096) }
        #expect(throws: DeckFileError(line: 2, "a quoted field is not closed")) {
            try Self.batches(Array("A\tB\n\"open\tfield\nmore\n".utf8), chunk: 3)
        }
    }

    /// A file `rows` records long, each with a quoted field of two lines.
    static func manyRows(_ rows: Int) -> [UInt8] {
        var text = "#separator:tab\n#html:false\n"
        for index in 0..<rows { text += "prompt \(index)\t\"answer \(index)\nsecond line of \(index)\"\n" }
        return Array(text.utf8)
    }

    /// Reads `bytes` in chunks of `size`, taking each batch as it comes: the notes read and the
    /// most bytes the stream held.
    static func held(_ bytes: [UInt8], chunk size: Int) throws -> (notes: Int, held: Int) {
        var stream = AnkiText.Stream(separator: "\t", isHTML: false)
        var notes = 0
        var offset = 0
        while offset < bytes.count {
            try stream.add(bytes[offset..<min(bytes.count, offset + size)])
            offset += size
            while let batch = try stream.nextBatch() { notes += batch.notes.count }
        }
        try stream.end()
        while let batch = try stream.nextBatch() { notes += batch.notes.count }
        return (notes, stream.maximumHeldBytes)
    }

    @Test func theBytesHeldDoNotGrowWithTheFile() throws {
        let chunk = 16_384
        let small = Self.manyRows(1_000)
        let large = Self.manyRows(20_000)
        #expect(large.count > 20 * chunk)
        let (smallNotes, smallHeld) = try Self.held(small, chunk: chunk)
        let (largeNotes, largeHeld) = try Self.held(large, chunk: chunk)
        #expect(smallNotes == 1_000 && largeNotes == 20_000)
        // A chunk and the end of the line before it: about the same for 60 KiB and 1.3 MiB.
        #expect(largeHeld <= chunk + 200, "held \(largeHeld) of \(large.count) bytes")
        #expect(largeHeld <= smallHeld + 200)
    }

    @Test func aQuoteLeftOpenInAHugeFileKeepsAtMostOneRecordsBytes() throws {
        // 3 MiB inside one open quote: read to the end, not kept, then refused at its line.
        let line = Array((String(repeating: "y", count: 1_000) + "\n").utf8)
        var bytes = Array("A\tB\n\"open".utf8)
        for _ in 0..<3_000 { bytes += line }
        var stream = AnkiText.Stream(separator: "\t", isHTML: false)
        var offset = 0
        #expect(throws: DeckFileError(line: 2, "a quoted field is not closed")) {
            while offset < bytes.count {
                try stream.add(bytes[offset..<min(bytes.count, offset + 65_536)])
                offset += 65_536
                while try stream.nextBatch() != nil {}
            }
            try stream.end()
            while try stream.nextBatch() != nil {}
        }
        #expect(stream.maximumHeldBytes <= 65_536 + DeckFile.maximumRecordBytes + 2_000)
        // Closed after those 3 MiB, the record is skipped as too large, not kept.
        bytes += Array("\"\tanswer\nC\tD\n".utf8)
        let read = Self.joined(try Self.batches(bytes, chunk: 65_536))
        #expect(read.notes.map(\.prompt) == ["A", "C"])
        #expect(read.skipped.map(\.description) == ["line 2: the note is larger than 131072 bytes"])
    }
}
