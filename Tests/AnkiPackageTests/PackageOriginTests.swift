import AnkiPackage
import Flashcards
import Foundation
import Records
import Testing

/// A TermFit package gives the notes that came from Anki their ids back: the note's id, its note
/// type's id and `mod`, and the note's `mod` unless the member edited it (then a newer one);
/// a card made in TermFit gets ids of its own. Read back by TermFit's own package reader.
struct PackageOriginTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let basic = AnkiNoteOrigin(
        noteID: 1_700_000_000_001, noteModified: 1_700_000_100, notetypeID: 1_600_000_000_000,
        notetypeModified: 1_600_000_050, fields: ["chat", "cat"])
    let other = AnkiNoteOrigin(
        noteID: 1_700_000_000_002, noteModified: 1_700_000_200, notetypeID: 1_600_000_000_000,
        notetypeModified: 1_600_000_050, fields: ["chien", "dog"])

    func card(_ prompt: String, _ answer: String, guid: String, origin: AnkiNoteOrigin?, fields: [String]) -> Flashcard
    {
        Flashcard(
            prompt: prompt, answer: answer, createdAt: now, guid: guid, notetype: "Basic", fields: fields,
            ankiOrigin: origin)
    }

    func writtenAndRead(_ cards: [Flashcard]) throws -> [String: AnkiText.Note] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-origin-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let package = directory.appendingPathComponent("words.apkg")
        try AnkiPackage.write(
            [FlashcardDeck(name: "Words", createdAt: now, cards: cards)], reviews: [], to: package, now: now)
        let read = try AnkiPackage.read(package)
        return Dictionary(uniqueKeysWithValues: read.notes.compactMap { note in note.guid.map { ($0, note) } })
    }

    @Test func anUneditedNoteGoesBackWithItsIDsAndModAndAnEditedOneNewer() throws {
        var edited = card("chien", "dog", guid: "g2", origin: other, fields: ["chien", "dog"])
        edited.answer = "hound"
        let own = Flashcard(prompt: "own", answer: "card", createdAt: now)
        let notes = try writtenAndRead([
            card("chat", "cat", guid: "g1", origin: basic, fields: ["chat", "cat"]), edited, own,
        ])
        let unchanged = try #require(notes["g1"]?.ankiOrigin)
        #expect(unchanged == basic, "the same ids, mods and fields")
        let written = try #require(notes["g2"]?.ankiOrigin)
        #expect(written.noteID == other.noteID)
        #expect(written.notetypeID == other.notetypeID)
        #expect(written.notetypeModified == other.notetypeModified)
        #expect(written.noteModified == Int64(now.timeIntervalSince1970), "newer than Anki's")
        #expect(notes["g2"]?.fields == ["chien", "hound"])
        let fresh = try #require(notes[own.guid]?.ankiOrigin)
        #expect(![basic.noteID, other.noteID].contains(fresh.noteID))
        #expect(fresh.notetypeID != basic.notetypeID, "a note made in TermFit has TermFit's note type")
        #expect(fresh.noteModified == Int64(now.timeIntervalSince1970))
    }

    @Test func anEditedNoteIsNewerThanAnkisEvenWhenTheClockIsBehind() throws {
        let future = AnkiNoteOrigin(
            noteID: 1_900_000_000_001, noteModified: 1_900_000_100, notetypeID: 1_600_000_000_000,
            notetypeModified: 1_600_000_050, fields: ["chat", "cat"])
        let notes = try writtenAndRead([card("chat", "kitten", guid: "g1", origin: future, fields: ["chat", "kitten"])])
        #expect(notes["g1"]?.ankiOrigin?.noteModified == 1_900_000_101)
    }

    @Test func twoNotesOfOneIDKeepItOnceAndTheSecondGetsAFreshOne() throws {
        // Two profiles' imports of one collection merged into one export: one id, two notes.
        let notes = try writtenAndRead([
            card("chat", "cat", guid: "g1", origin: basic, fields: ["chat", "cat"]),
            card("chat", "cat", guid: "g9", origin: basic, fields: ["chat", "cat"]),
        ])
        #expect(notes["g1"]?.ankiOrigin?.noteID == basic.noteID)
        let second = try #require(notes["g9"]?.ankiOrigin?.noteID)
        #expect(second != basic.noteID)
    }
}
