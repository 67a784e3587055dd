import AnkiPackage
import Flashcards
import Foundation
import Testing

/// A package is read in batches (what `termfit flashcards import` does with it): the batches hold
/// the cards the whole read holds, in the same order, a note's cards never split between two;
/// what the caller throws comes out unchanged. The package is written by Anki's own exporter.
@Suite(.enabled(if: AnkiPython.isAvailable, "needs the Python package `anki` (pip install anki)"))
struct PackageStreamTests {
    struct Counts: Decodable {
        var notes: Int
        var cards: Int
    }

    /// A package of 3,000 notes (Basic, every tenth reversed, every twentieth a cloze of two
    /// deletions) in ten nested decks, and Anki's own counts of it.
    static let big: Result<(URL, Counts), AnkiPython.Failure> = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-anki-big-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            let counts = try JSONSerialization.data(
                withJSONObject: try AnkiPython.fixture(["big", directory.path, "3000"]) ?? [:])
            return .success(
                (directory.appendingPathComponent("big.apkg"), try JSONDecoder().decode(Counts.self, from: counts)))
        } catch {
            return .failure(AnkiPython.Failure(description: "\(error)"))
        }
    }()

    @Test func batchesHoldEveryCardOfTheWholeReadAndKeepANotesCardsTogether() throws {
        let (package, anki) = try Self.big.get()
        let whole = try AnkiPackage.read(package)
        #expect(whole.notes.count == anki.cards)
        #expect(Set(whole.notes.compactMap(\.guid)).count == anki.notes)

        var batches: [AnkiText.Contents] = []
        var progress: [Int] = []
        try AnkiPackage.read(package, batchSize: 500, progress: { done, _ in progress.append(done) }) {
            batches.append($0)
        }
        #expect(batches.count >= 6)
        #expect(batches.allSatisfy { $0.notes.count <= 501 && $0.isHTML })
        #expect(batches.flatMap(\.notes) == whole.notes)
        #expect(progress.last == anki.cards)
        // A note (its line) ends in the batch it started in.
        for (earlier, later) in zip(batches, batches.dropFirst()) {
            #expect(earlier.notes.last?.line != later.notes.first?.line)
        }
    }

    @Test func whatTheBatchThrowsComesOutUnchanged() throws {
        struct Stop: Error, Equatable {}
        let (package, _) = try Self.big.get()
        var calls = 0
        #expect(throws: Stop()) {
            try AnkiPackage.read(package, batchSize: 100) { _ in
                calls += 1
                if calls == 2 { throw Stop() }
            }
        }
        #expect(calls == 2)
    }
}
