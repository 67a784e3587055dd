import Foundation
import HIIT
import Records
import Testing

@testable import Store

/// The one trust boundary: every setting and record an import brings passes the limits of the
/// screen that edits it (``ValueLimits``, ``SettingShape``), is refused with its place and
/// reason, and a refused file imports nothing. Real SQLite files throughout.
@Suite("What an import may bring")
struct ImportBoundaryTests {
    /// An export holding `settings` (JSON text of the settings object), the lists given (JSON
    /// text) and one sound HIIT session.
    static func archive(
        settings: String = "{}", cardSessions: String = "[]", dumbbellWorkouts: String = "[]",
        flashcardDecks: String = "[]"
    ) -> Data {
        Data(
            """
            {"format": "termfit-profile", "version": 2, "profile": "m1", "settings": \(settings),
             "cardSessions": \(cardSessions), "dumbbellWorkouts": \(dumbbellWorkouts),
             "flashcardDecks": \(flashcardDecks), "flashcardSessions": [],
             "hiitSessions": [{"id": "00000000-0000-0000-0000-000000000009", "exercise": "Squat",
               "startedAt": "2025-03-04T07:30:00Z", "duration": 30, "completed": true}]}
            """.utf8)
    }

    /// A circuit as the circuits sheet writes it, with `rounds` and `exercises` as given.
    static func circuit(rounds: String = "3", exercises: String = #"[{"name": "Squat", "work": 30, "rest": 10}]"#)
        -> String
    {
        #"{"hiit.circuits": [{"name": "Legs", "exercises": \#(exercises), "rounds": \#(rounds), "warmUp": 60, "coolDown": 0}]}"#
    }

    /// Imports `data` into a fresh database and expects it refused with every one of `said`;
    /// checks that nothing at all went in (not even the profile).
    func expectRefused(_ data: Data, saying said: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        do {
            let summary = try store.importJSON(data)
            Issue.record("imported: \(summary)", sourceLocation: sourceLocation)
        } catch let error as StoreError {
            let message = error.description
            for part in said {
                #expect(message.contains(part), "\(message)", sourceLocation: sourceLocation)
            }
            #expect(
                message.hasSuffix("Nothing was imported."), "said plainly: \(message)", sourceLocation: sourceLocation)
        }
        #expect(try store.profiles().isEmpty, "all or nothing: not even the profile", sourceLocation: sourceLocation)
    }

    @Test(
        "A circuit out of the circuits sheet's range is refused with its place and reason",
        arguments: [
            (circuit(rounds: "999999999999999"), "hiit.circuits[0].rounds must be from 1 to 99, not 999999999999999"),
            (circuit(rounds: "0"), "hiit.circuits[0].rounds must be from 1 to 99, not 0"),
            (circuit(rounds: "-3"), "hiit.circuits[0].rounds must be from 1 to 99, not -3"),
            (circuit(rounds: "2.5"), "hiit.circuits[0].rounds must be a whole number"),
            (circuit(exercises: "[]"), "hiit.circuits[0].exercises must hold 1 to 20 items, not 0"),
            (
                circuit(exercises: #"[{"name": "Squat", "work": 0, "rest": 10}]"#),
                "hiit.circuits[0].exercises[0].work must be from 1 to 5999, not 0"
            ),
            (
                circuit(exercises: #"[{"name": "Squat", "work": 30, "rest": 99999}]"#),
                "hiit.circuits[0].exercises[0].rest must be from 0 to 5999, not 99999"
            ),
            (
                circuit(exercises: #"[{"name": "", "work": 30, "rest": 1}]"#),
                "hiit.circuits[0].exercises[0].name cannot be empty"
            ),
            (circuit(rounds: #""3""#), "hiit.circuits[0].rounds must be a whole number"),
        ])
    func circuits(settings: String, said: String) throws {
        try expectRefused(Self.archive(settings: settings), saying: [said])
    }

    @Test(
        "Every setting TermFit reads is held to its screen's limits on import",
        arguments: [
            (
                #"{"dumbbells.routines": [{"name": "Push", "exercises": [{"name": "Bench", "sets": 11}]}]}"#,
                "dumbbells.routines[0].exercises[0].sets must be from 1 to 10, not 11"
            ),
            (
                #"{"dumbbells.routines": [{"name": "Push", "exercises": []}]}"#,
                "dumbbells.routines[0].exercises must hold 1 to 12 items, not 0"
            ),
            (
                #"{"dumbbells.routines": [{"name": "Push day for the whole long week", "exercises": [{"name": "B", "sets": 1}]}]}"#,
                "dumbbells.routines[0].name can have at most 30 characters"
            ),
            (
                #"{"dumbbells.routines": [{"name": "P", "exercises": [{"name": "B", "sets": 1, "reps": 1000}]}]}"#,
                "dumbbells.routines[0].exercises[0].reps must be from 1 to 999, not 1000"
            ),
            (#"{"hiit.ratings": {"Squat": 6}}"#, #"hiit.ratings["Squat"] must be from 1 to 5, not 6"#),
            (#"{"hiit.ratings": {"Squat": 0}}"#, #"hiit.ratings["Squat"] must be from 1 to 5, not 0"#),
            (#"{"cards.suitExercises": {"X": "Squats"}}"#, "a key of cards.suitExercises must be one of S, H, D, C"),
            (
                #"{"cards.suitExercises": {"S": "A name far longer than a suit takes"}}"#,
                #"cards.suitExercises["S"] can have at most 24 characters"#
            ),
            (#"{"cards.faceCardReps": "twelve"}"#, "cards.faceCardReps must be one of ten, ranked"),
            (#"{"cards.jokerSpecial": 3}"#, "cards.jokerSpecial must be a text"),
            (#"{"cards.aceReps": 12}"#, "cards.aceReps must be one of 1, 11, 14"),
            (#"{"cards.deckCount": 21}"#, "cards.deckCount must be from 1 to 20, not 21"),
            (#"{"cards.jokers": "yes"}"#, "cards.jokers must be true or false"),
            (
                #"{"dumbbells.restPresetSeconds": [30, 7200]}"#,
                "dumbbells.restPresetSeconds[1] must be from 1 to 3600, not 7200"
            ),
            (
                #"{"dumbbells.restPresetSeconds": [1, 2, 3, 4, 5, 6, 7]}"#,
                "dumbbells.restPresetSeconds must hold 1 to 6 items, not 7"
            ),
            (
                #"{"dumbbells.restByExercise": {"Curl": 0}}"#,
                #"dumbbells.restByExercise["Curl"] must be from 1 to 3600"#
            ),
            (#"{"dumbbells.setCount": 0}"#, "dumbbells.setCount must be from 1 to 10, not 0"),
            (#"{"dumbbells.unit": "stone"}"#, "dumbbells.unit must be one of kg, lb"),
            (#"{"flashcards.sessionSeconds": 6000}"#, "flashcards.sessionSeconds must be from 1 to 5999, not 6000"),
            (#"{"flashcards.newCardsPerDay": -1}"#, "flashcards.newCardsPerDay must be from 0 to 9999, not -1"),
            (#"{"hiit.exerciseSeconds": 1e300}"#, "the setting hiit.exerciseSeconds holds a number out of range"),
            (#"{"hiit.lastPage": -1}"#, "hiit.lastPage must be from 0 to 20, not -1"),
            (
                #"{"hiit.circuit": "\u001b]0;owned\u0007"}"#,
                "the setting hiit.circuit cannot contain the control character U+001B"
            ),
            (
                #"{"hiit.circuits": [{"name": "L", "exercises": [{"name": "S", "work": 1, "rest": 0}], "rounds": 1, "warmUp": 0}]}"#,
                #"hiit.circuits[0] lacks "coolDown""#
            ),
            (
                #"{"hiit.circuits": [{"name": "L", "exercises": [{"name": "S", "work": 1, "rest": 0}], "rounds": 1, "warmUp": 0, "coolDown": 0, "extra": 1}]}"#,
                #"hiit.circuits[0] has "extra", which is not a field of a circuit"#
            ),
        ])
    func settings(settings: String, said: String) throws {
        try expectRefused(Self.archive(settings: settings), saying: [said])
    }

    @Test("What the screens write passes: each setting TermFit reads, at the edges of its range")
    func screensValuesPass() throws {
        let settings = """
            {"display.colourFree": true, "display.reducedMotion": false,
             "cards.suitExercises": {"S": "Push-ups", "H": "Squats", "D": "Burpees", "C": "Sit-ups"},
             "cards.faceCardReps": "ranked", "cards.jokerSpecial": "burpees", "cards.deckAPI": "",
             "cards.aceReps": 14, "cards.deckCount": 20, "cards.jokers": true,
             "dumbbells.restPresetSeconds": [1, 3600], "dumbbells.setCount": 10, "dumbbells.autoRest": true,
             "dumbbells.restByExercise": {"Bicep curl": 90}, "dumbbells.unit": "lb", "dumbbells.exercise": "Lunge",
             "dumbbells.routines": [{"name": "Push", "exercises": [{"name": "Bench press", "sets": 3, "reps": 8},
                                                                  {"name": "Row", "sets": 1}]}],
             "flashcards.sessionSeconds": 5999, "flashcards.newCardsPerDay": 0,
             "flashcards.deckID": "00000000-0000-0000-0000-000000000001", "flashcards.plain": false,
             "hiit.exerciseSeconds": 1, "hiit.lastPage": 4, "hiit.ratings": {"Squat": 5, "Plank": 1},
             "hiit.circuits": [{"name": "Legs", "exercises": [{"name": "Squat", "work": 5999, "rest": 0}],
                                "rounds": 99, "warmUp": 5999, "coolDown": 0}],
             "hiit.circuit": "Legs", "another.version's.setting": {"any": [1, "two"]}}
            """
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        let summary = try store.importJSON(Self.archive(settings: settings))
        #expect(summary.settingsAdded == 26)
        let circuits = try #require(try store.profileStore(named: "m1").settings()["hiit.circuits"])
        let decoded = try #require(circuits.decoded(as: [Circuit].self))
        #expect(decoded.map(\.rounds) == [99])
    }

    @Test("Every setting name the sources read has its shape, and every shape is a setting the sources read")
    func everySettingHasItsShape() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Sources")
        var names: Set<String> = []
        let files = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        for file in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            // `static var hiitCircuits: Self { .init("hiit.circuits") }`: how every SettingKey is named.
            for line in text.split(separator: "\n") where line.contains("Self { .init(\"") {
                guard let start = line.range(of: ".init(\"")?.upperBound, let end = line[start...].firstIndex(of: "\"")
                else { continue }
                names.insert(String(line[start..<end]))
            }
        }
        #expect(names.count >= 25, "the sources' setting keys were found: \(names.sorted())")
        #expect(names == Set(SettingShape.known.keys), "missing: \(names.subtracting(SettingShape.known.keys))")
    }

    @Test("A setting kept by a workout is held to the same shape by the store")
    func storeRefusesWhatTheScreenCouldNot() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        let m1 = try store.profileStore(named: "m1")
        let bad = try JSONValue(jsonText: #"[{"name": "L", "exercises": [], "rounds": 3, "warmUp": 0, "coolDown": 0}]"#)
        #expect(throws: LogError.invalidValue("hiit.circuits[0].exercises must hold 1 to 20 items, not 0")) {
            try m1.setSetting(bad, forName: "hiit.circuits")
        }
        #expect(try m1.settings()["hiit.circuits"] == nil)
        let inMemory = InMemoryWorkoutLog()
        #expect(throws: LogError.self) { try inMemory.setSetting(bad, forName: "hiit.circuits") }
    }

    @Test("Records are held to their limits too: sets, sessions, decks; ends before starts are refused")
    func records() throws {
        let set =
            #"{"number": 1, "weight": 12, "reps": 10, "startedAt": "2025-03-04T07:31:00Z", "finishedAt": "2025-03-04T07:30:00Z"}"#
        let workout = """
            [{"id": "00000000-0000-0000-0000-000000000001", "exercise": "Curl", "unit": "kg",
              "startedAt": "2025-03-04T07:30:00Z", "finishedAt": "2025-03-04T07:40:00Z", "status": "finished",
              "sets": [\(set)]}]
            """
        try expectRefused(
            Self.archive(dumbbellWorkouts: workout),
            saying: ["dumbbellWorkouts[0]: sets[0] (set 1) ends before it starts"])
        let session = """
            [{"id": "00000000-0000-0000-0000-000000000002", "deckID": "d", "deckSource": "local",
              "startedAt": "2025-03-04T07:30:00Z", "finishedAt": "2025-03-04T07:29:59.999Z", "status": "finished",
              "activeDuration": 10, "draws": []}]
            """
        try expectRefused(
            Self.archive(cardSessions: session), saying: ["cardSessions[0]: the session ends before it starts"])
        let deck = """
            [{"id": "00000000-0000-0000-0000-000000000003", "name": "Muscles\\u001b[2J",
              "createdAt": "2025-03-04T07:30:00Z", "cards": []}]
            """
        try expectRefused(
            Self.archive(flashcardDecks: deck),
            saying: ["flashcardDecks[0]: a deck's name cannot contain the control character U+001B"])
        let card = """
            [{"id": "00000000-0000-0000-0000-000000000003", "name": "Muscles",
              "createdAt": "2025-03-04T07:30:00Z", "cards": [{"id": "00000000-0000-0000-0000-000000000004",
              "prompt": "\\u202Egnp.exe", "answer": "a", "createdAt": "2025-03-04T07:30:00Z"}]}]
            """
        try expectRefused(
            Self.archive(flashcardDecks: card),
            saying: ["flashcardDecks[0]: a card's prompt cannot contain the control character U+202E"])
    }

    @Test(
        "Times that never were are refused with their place, never moved to another day",
        arguments: [
            ("2026-02-30T07:30:00Z", "'2026-02-30T07:30:00Z' is not a real time: 2026 has no February 30"),
            ("2025-02-29T07:30:00Z", "2025 has no February 29"),
            ("2025-04-31T07:30:00Z", "2025 has no April 31"),
            ("2025-03-04T23:59:60Z", "TermFit keeps no leap second"),
            ("2025-03-04T24:00:00Z", "is not an ISO-8601 time"),
            ("2025-03-04T07:30:00+24:00", "is not an ISO-8601 time"),
            ("2025-03-04T07:30:00+02:60", "is not an ISO-8601 time"),
        ])
    func impossibleTimes(time: String, said: String) throws {
        let data = Self.archive().replacingOccurrences("2025-03-04T07:30:00Z", with: time)
        try expectRefused(data, saying: ["hiitSessions[0].startedAt", said])
        #expect(Timestamp.date(isoText: time) == nil)
    }

    @Test("Real days at the edges of months and leap years are read as they are")
    func realDays() {
        #expect(Timestamp.isoText(time("2024-02-29T23:59:59.999Z")) == "2024-02-29T23:59:59.999Z")
        #expect(Timestamp.isoText(time("2000-02-29T00:00:00Z")) == "2000-02-29T00:00:00.000Z")
        #expect(Timestamp.date(isoText: "1900-02-29T00:00:00Z") == nil, "1900 was no leap year")
        #expect(Timestamp.isoText(time("2025-12-31T23:30:00-23:59")) == "2026-01-01T23:29:00.000Z")
        for month in 1...12 {
            let last = Timestamp.daysIn(month: month, year: 2025)
            let text = "2025-\(Timestamp.padded(month, 2))-\(Timestamp.padded(last, 2))T12:00:00Z"
            #expect(Timestamp.isoText(time(text)).hasPrefix(String(text.prefix(10))))
            #expect(Timestamp.date(isoText: text.replacingOccurrences(of: "-\(last)T", with: "-\(last + 1)T")) == nil)
        }
    }

    @Test("A circuit from any file is clamped as the circuits sheet clamps it: never an endless or empty run")
    func circuitModelIsDefensive() throws {
        for (rounds, exercises, expectedRounds) in [
            ("999999999999999", #"[{"name": "S", "work": 30, "rest": 10}]"#, 99),
            ("0", #"[{"name": "S", "work": 30, "rest": 10}]"#, 1),
            ("-3", #"[{"name": "S", "work": 0, "rest": -5}]"#, 1),
            ("2", "[]", 2),
        ] {
            let json =
                #"{"name": "L", "exercises": \#(exercises), "rounds": \#(rounds), "warmUp": -1, "coolDown": 99999999}"#
            let circuit = try JSONDecoder().decode(Circuit.self, from: Data(json.utf8))
            #expect(circuit.rounds == expectedRounds)
            #expect(!circuit.exercises.isEmpty && circuit.exercises.allSatisfy { $0.work >= 1 && $0.rest >= 0 })
            #expect((0...5_999).contains(circuit.warmUp) && (0...5_999).contains(circuit.coolDown))
            #expect(!circuit.steps.isEmpty && circuit.steps.count <= 99 * 20 * 2 + 2)
        }
        var circuit = Circuit.tabata
        circuit.rounds = 0
        circuit.exercises = []
        #expect(circuit.rounds == 1 && !circuit.exercises.isEmpty, "a circuit changed in code stays runnable")
    }
}

extension Data {
    /// The data with every `text` replaced (for editing JSON fixtures).
    fileprivate func replacingOccurrences(_ text: String, with replacement: String) -> Data {
        Data(String(decoding: self, as: UTF8.self).replacingOccurrences(of: text, with: replacement).utf8)
    }
}
