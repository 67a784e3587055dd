import Foundation
import Testing

/// Stored or user-supplied text holding terminal escapes (a window title, a screen clear, an
/// OSC 52 clipboard write, a C1 CSI, DEL, bidirectional overrides and isolates) never reaches the
/// terminal raw from any command that prints it: history in every format, export, flashcards
/// export and its "no such deck" list, and import's messages. (Imports refuse such text; the
/// database is given it as a TermFit from before that rule could have kept it.)
@Suite struct HostileTextEndToEndTests {
    static let hostile =
        "a\u{1B}]0;owned\u{07}b\u{1B}[2Jc\u{1B}]52;c;aGVsbG8=\u{07}d\u{9B}31me\u{7F}f\u{202E}g\u{2066}h"

    /// Every scalar a terminal must not receive raw, except the line breaks and tabs of the
    /// output's own structure.
    static func unsafeScalars(_ text: String) -> [String] {
        text.unicodeScalars.filter { scalar in
            switch scalar.value {
            case 0x0A, 0x09: false
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
            default: false
            }
        }.map { String(format: "U+%04X", $0.value) }
    }

    static func archive(_ text: String, startedAt: String = "2025-03-04T06:45:00.000Z") throws -> Data {
        let json: [String: Any] = [
            "format": "termfit-profile", "version": 1, "profile": "anna", "settings": ["note": text],
            "hiitSessions": [
                [
                    "id": "00000000-0000-0000-0000-000000000001", "exercise": text, "startedAt": startedAt,
                    "duration": 30, "completed": true,
                ]
            ],
            "dumbbellWorkouts": [
                [
                    "id": "00000000-0000-0000-0000-000000000002", "exercise": text, "unit": "kg",
                    "startedAt": "2025-03-02T07:30:00.000Z", "status": "finished",
                    "sets": [
                        [
                            "number": 1, "weight": 12, "reps": 10, "startedAt": "2025-03-02T07:30:00.000Z",
                            "finishedAt": "2025-03-02T07:30:40.000Z",
                        ]
                    ],
                ]
            ],
            "cardSessions": [
                [
                    "id": "00000000-0000-0000-0000-000000000003", "deckID": text, "deckSource": "local",
                    "startedAt": "2025-03-01T07:30:00.000Z", "status": "finished", "activeDuration": 60,
                    "draws": [
                        [
                            "position": 1, "code": "AS", "exercise": text, "reps": 1,
                            "drawnAt": "2025-03-01T07:30:00.000Z",
                        ]
                    ],
                ]
            ],
            "flashcardDecks": [
                [
                    "id": "00000000-0000-0000-0000-000000000004", "name": text,
                    "createdAt": "2025-03-01T07:30:00.000Z",
                    "cards": [
                        [
                            "id": "00000000-0000-0000-0000-000000000005", "prompt": text + "\n\tline two",
                            "answer": text, "createdAt": "2025-03-01T07:30:00.000Z",
                        ]
                    ],
                ]
            ],
            "flashcardSessions": [
                [
                    "id": "00000000-0000-0000-0000-000000000006", "deckID": "00000000-0000-0000-0000-000000000004",
                    "deckName": text, "startedAt": "2025-03-01T08:30:00.000Z", "status": "finished",
                    "reviews": [],
                ]
            ],
        ]
        return try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
    }

    private func termfit(_ arguments: [String], input: Data? = nil) throws -> CommandResult {
        try runCommand([Binary.termfit] + arguments, environment: ["TZ": "UTC"], input: input)
    }

    private func expectSafe(_ result: CommandResult, _ what: String) {
        #expect(Self.unsafeScalars(result.output).isEmpty, "\(what) printed \(Self.unsafeScalars(result.output))")
        #expect(Self.unsafeScalars(result.error).isEmpty, "\(what) complained with \(Self.unsafeScalars(result.error))")
    }

    /// Puts `text` in place of every "PLACEHOLDER" in the database's text columns (and makes the
    /// `note` setting that text), as a TermFit from before control characters were refused
    /// could have kept it: through Python's sqlite3, never through TermFit's checks.
    private func plant(_ text: String, in data: String) throws {
        let script = """
            import json, sqlite3, sys
            db = sqlite3.connect(sys.argv[1] + "/termfit.sqlite")
            for (table,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'").fetchall():
                for column in db.execute(f"PRAGMA table_info({table})").fetchall():
                    if column[2] == "TEXT":
                        db.execute(f"UPDATE {table} SET {column[1]} = replace({column[1]}, 'PLACEHOLDER', ?)",
                                   (sys.argv[2],))
            db.execute("UPDATE setting SET value = ? WHERE name = 'note'", (json.dumps(sys.argv[2]),))
            db.commit()
            """
        let planted = try runCommand(["python3", "-c", script, data, text])
        #expect(planted.status == 0, "\(planted.error)")
    }

    @Test func everyPrintingCommandShowsHostileTextEscaped() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-hostile-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data").path
        // An import refuses such text (StoredText), saying which character and never echoing it.
        let refused = try termfit(["import", "-", "--data-dir", data], input: try Self.archive(Self.hostile))
        #expect(refused.status == 3)
        #expect(refused.error.contains("cannot contain the control character U+001B"), "\(refused.error)")
        expectSafe(refused, "import")
        // What an older TermFit kept is shown escaped everywhere.
        let imported = try termfit(["import", "-", "--data-dir", data], input: try Self.archive("PLACEHOLDER"))
        #expect(imported.status == 0, "\(imported.error)")
        try plant(Self.hostile, in: data)

        for format in ["table", "csv", "json"] {
            let history = try termfit(["history", "--data-dir", data, "--profile", "anna", "--format", format])
            #expect(history.status == 0)
            expectSafe(history, "history --format \(format)")
            if format != "json" { #expect(history.output.contains("a^[]0;owned^Gb^[[2Jc"), "\(history.output)") }
        }
        #expect(
            try termfit(["history", "--data-dir", data, "--profile", "anna"]).output.contains(
                #"d\u{9B}31me^?f\u{202E}g\u{2066}h"#))

        // JSON stays valid and exact (the characters as \u escapes); importing it elsewhere is
        // refused as any file holding them is.
        let exported = try termfit(["export", "--data-dir", data, "--profile", "anna"])
        expectSafe(exported, "export")
        #expect(exported.output.contains(#"\u202E"#))
        let copy = directory.appendingPathComponent("copy").path
        let reimported = try termfit(["import", "-", "--data-dir", copy], input: Data(exported.output.utf8))
        #expect(reimported.status == 3)
        expectSafe(reimported, "import of the export")

        for format in ["tsv", "csv"] {
            let deck = try termfit([
                "flashcards", "export", "--deck", Self.hostile, "--format", format, "--data-dir", data, "--profile",
                "anna",
            ])
            #expect(deck.status == 0, "\(deck.error)")
            expectSafe(deck, "flashcards export --format \(format)")
            #expect(deck.output.contains("<br>&#9;line two"), "line breaks and tabs are written as HTML (#html:true)")
        }
        let missing = try termfit(["flashcards", "export", "--deck", "nope", "--data-dir", data, "--profile", "anna"])
        #expect(missing.status == 1)
        #expect(missing.error.contains("the decks are “a^[]0;owned^Gb"), "\(missing.error)")
        expectSafe(missing, "flashcards export of a missing deck")

        let badDate = try termfit(
            ["import", "-", "--data-dir", data], input: try Self.archive("x", startedAt: Self.hostile))
        #expect(badDate.status == 3)
        expectSafe(badDate, "import of a bad date")
        #expect(badDate.error.contains("'a^[]0;owned^G"), "\(badDate.error)")

        let cards = directory.appendingPathComponent("cards.tsv")
        try Data("Squat\tLegs\n".utf8).write(to: cards)
        let deckImport = try termfit([
            "flashcards", "import", cards.path, "--deck", Self.hostile, "--data-dir", data, "--profile", "anna",
        ])
        #expect(deckImport.status == 2, "a deck name TermFit would not keep: \(deckImport.error)")
        #expect(deckImport.error.contains("--deck has the control character U+001B"), "\(deckImport.error)")
        expectSafe(deckImport, "flashcards import")

        let notADirectory = directory.appendingPathComponent("\u{1B}[2J")
        try Data().write(to: notADirectory)
        let badDirectory = try termfit(["import", "-", "--data-dir", notADirectory.path], input: try Self.archive("x"))
        #expect(badDirectory.status == 3)
        expectSafe(badDirectory, "a data directory named with an escape")
    }
}
