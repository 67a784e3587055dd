import Foundation
import Testing

/// Scripts/anki_fixture.py, and whether the `anki` package it needs can be imported.
enum AnkiScript {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/anki_fixture.py").path

    static let unavailableReason: String? = {
        guard let result = try? runCommand(["/usr/bin/env", "python3", "-c", "import anki.collection"]) else {
            return "python3 cannot be run"
        }
        if result.status == 0 { return nil }
        print("Skipping the commands against Anki's packages: the Python package `anki` is missing")
        return "the Python package `anki` is not installed"
    }()
}

/// The flashcards commands on packages written by Anki's own exporter (the `anki` package from
/// PyPI, through Scripts/anki_fixture.py): a package without scheduling, then the same notes
/// with it, bring each card once and then its review history once; `decks` counts the learning
/// cards as due; `export --all` writes every deck under Anki's header lines. The real binary,
/// no terminal. Skipped, with the reason printed, where `anki` cannot be imported.
@Suite(.serialized, .enabled(if: AnkiScript.unavailableReason == nil, "needs the Python package `anki`"))
struct AnkiCommandsEndToEndTests {
    struct AnkiCard: Decodable {
        var type: Int
        var queue: Int
        var dueInDays: Int?
        var reviews: Int
    }

    struct Fixture: Decodable {
        var cards: [String: AnkiCard]
    }

    @Test func aPackageImportedAgainWithSchedulingBringsTheHistoryOnceAndDecksCountsLearningCards() throws {
        let data = try temporaryDataDirectory("anki-commands")
        defer { try? FileManager.default.removeItem(at: data) }
        let made = try runCommand(["/usr/bin/env", "python3", AnkiScript.path, "history", data.path])
        #expect(made.status == 0, "\(made.error)")
        let anki = try JSONDecoder().decode(Fixture.self, from: Data(made.output.utf8))
        let common = ["--profile", "ana", "--data-dir", data.path]
        func importing(_ file: String) throws -> String {
            let result = try runCommand(
                [Binary.termfit, "flashcards", "import", data.appendingPathComponent(file).path] + common)
            #expect(result.status == 0, "\(result.error)")
            return result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(
            try importing("history-plain.apkg")
                == "Imported: added 9 cards, updated 0, skipped 0, new deck “Lang::History”.")
        #expect(
            try importing("history.apkg")
                == "Imported: added 0 cards, updated 0, unchanged 9, skipped 0, review history of 8 cards.")
        #expect(try importing("history.apkg") == "Imported: added 0 cards, updated 0, unchanged 9, skipped 0.")

        // Anki's learning cards are due within minutes (learn-ahead); its review cards in days.
        let due = anki.cards.values.count { [1, 3].contains($0.queue) || ($0.queue == 2 && ($0.dueInDays ?? 1) <= 0) }
        #expect(due > 0, "the fixture has learning cards")
        let decks = try runCommand([Binary.termfit, "flashcards", "decks"] + common)
        #expect(decks.status == 0, "\(decks.error)")
        #expect(decks.output == "deck\tnotes\tcards\tdue\nLang\t9\t9\t\(due)\nLang::History\t9\t9\t\(due)\n")

        let all = try runCommand([Binary.termfit, "flashcards", "export", "--all", "--format", "csv"] + common)
        #expect(all.status == 0, "\(all.error)")
        #expect(
            all.output.hasPrefix(
                "#separator:comma\n#html:true\n#guid column:1\n#notetype column:2\n#deck column:3\n#tags column:6\n"))
        #expect(all.output.split(separator: "\n").count == 6 + 9, "the header lines and one row a note")
    }
}
