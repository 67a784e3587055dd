import Flashcards
import Foundation
import Records
import Testing

@testable import Store

/// An import planned and written a batch at a time inside one transaction (what `termfit
/// flashcards import` does) ends with the decks one plan of the whole file makes, says the same,
/// adds nothing when it runs again, and leaves nothing when a later batch is refused.
@Suite struct FlashcardStreamImportTests {
    let date = Date(timeIntervalSince1970: 1_800_000_000)

    /// 3,000 notes over three nested decks: every tenth reversed (two cards), every seventh
    /// without a guid, a guid repeated far apart (in another batch), a row repeated without a
    /// guid, and a few skipped by the reader.
    func contents() -> AnkiText.Contents {
        var contents = AnkiText.Contents()
        contents.isHTML = true
        for index in 0..<3_000 {
            let guid: String? = index % 7 == 3 ? nil : "note-\(index)"
            let deck = "Lang::Part \(index % 3)"
            for ordinal in index % 10 == 0 ? [0, 1] : [0] {
                contents.notes.append(
                    AnkiText.Note(
                        prompt: ordinal == 0 ? "Prompt \(index)" : "Answer \(index)",
                        answer: ordinal == 0 ? "Answer \(index)" : "Prompt \(index)", guid: guid,
                        tags: ["tag\(index % 4)"], deck: deck, line: index + 1,
                        notetype: index % 10 == 0 ? "Basic (and reversed card)" : "Basic",
                        fields: ["Prompt <b>\(index)</b>", "Answer \(index)"], ordinal: ordinal))
            }
        }
        // Line 3001 repeats the guid of line 2 (2,999 lines before it); line 3002 repeats the
        // guid-less row of line 4 (index 3).
        contents.notes.append(
            AnkiText.Note(
                prompt: "Other", answer: "Other", guid: "note-1", tags: [], deck: "Lang::Part 0", line: 3_001,
                notetype: "Basic", fields: ["Other", "Other"]))
        if var again = contents.notes.first(where: { $0.line == 4 }) {
            again.line = 3_002
            contents.notes.append(again)
        }
        contents.skipped = [AnkiText.Skip(line: 17, "the prompt is empty")]
        return contents
    }

    /// Streams `contents` into `profile` in batches of `size` notes.
    func stream(_ contents: AnkiText.Contents, into profile: ProfileStore, size: Int) throws -> DeckImportStream {
        var counter = 0
        return try profile.importingFlashcards { writer in
            var stream = DeckImportStream(
                into: try writer.deckList(), now: date,
                makeIdentifier: {
                    counter += 1
                    return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", counter)) ?? UUID()
                })
            let lookup = DeckImportStream.Lookup(
                cardsWithGUIDs: writer.cards(withGUIDs:), cardsWithPrompts: writer.cards(inDeck:withPrompts:))
            try contents.forEachBatch(of: size) { batch in
                let planned = try stream.plan(batch, lookup: lookup)
                try writer.save(decks: planned.decks, history: planned.history)
            }
            return stream
        }
    }

    /// What a deck holds, without identifiers and times.
    func summary(_ decks: [FlashcardDeck]) -> [String: Set<String>] {
        decks.reduce(into: [:]) { result, deck in
            result[deck.name, default: []].formUnion(
                deck.cards.map {
                    // A guid made for a note without one is new each time.
                    "\($0.prompt)|\($0.answer)|\($0.guid.hasPrefix("note-") ? $0.guid : "")|\($0.ordinal)|\($0.tags)"
                })
        }
    }

    @Test func aStreamedImportEndsWithTheDecksAndSummaryOfOnePlan() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        let whole = try store.profileStore(named: "whole")
        let plan = try DeckImport(contents(), into: [], now: date)
        try whole.save(decks: plan.decks, history: plan.history)

        let streamed = try store.profileStore(named: "streamed")
        let imported = try stream(contents(), into: streamed, size: 250)
        #expect(imported.summary == plan.summary)
        #expect(imported.added == 3_300)
        #expect(imported.skippedInOrder == plan.skipped.sorted { $0.line < $1.line })
        #expect(imported.skippedInOrder.map(\.line) == [17, 3_001, 3_002])
        let decks = try streamed.decks()
        #expect(Set(decks.map(\.name)) == ["Lang::Part 0", "Lang::Part 1", "Lang::Part 2"])
        #expect(decks.map(\.cards.count).reduce(0, +) == plan.added)
        #expect(summary(decks) == summary(try whole.decks()))
        // Cards keep the file's order within each deck.
        let first = try #require(decks.first { $0.name == "Lang::Part 0" })
        #expect(first.cards.prefix(3).map(\.prompt) == ["Prompt 0", "Answer 0", "Prompt 3"])

        // Again: every note is there already, so nothing is added or changed.
        let again = try stream(contents(), into: streamed, size: 700)
        #expect(again.added == 0)
        #expect(again.updated == 0)
        // Cards with a guid are found unchanged; a row without one is already in its deck.
        let guidless = contents().notes.filter { $0.guid == nil && $0.line <= 3_000 }.count
        #expect(again.unchanged == imported.added - guidless)
        #expect(again.skipped.count == guidless + 3)
        #expect(summary(try streamed.decks()) == summary(decks))
        #expect(try streamed.decks().map(\.cards.count).reduce(0, +) == plan.added)
    }

    @Test func aNoteRefusedInALaterBatchLeavesNothingOfTheFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        let profile = try store.profileStore(named: "anna")
        var contents = contents()
        // The last note names no deck: the plan of its batch throws.
        contents.notes[contents.notes.count - 1].deck = nil
        contents.notes[contents.notes.count - 1].guid = nil
        #expect(throws: DeckFileError.self) { try stream(contents, into: profile, size: 250) }
        #expect(try profile.decks().isEmpty)
    }
}
