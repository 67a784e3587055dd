import Flashcards
import Foundation
import HIIT
import Records
import TestSupport
import Testing

@testable import Store

/// A seeded property run over every parser of what comes from outside: `termfit import`'s JSON
/// (decoded, checked and, every so often, imported into a real SQLite file and exported back),
/// recovery files, `termfit flashcards import`'s deck text (Anki's notes, TSV and CSV) and the
/// kiosk's key lines. Inputs are random bytes, and valid files mutated by bytes, by fields and
/// by numbers; none may crash, hang or grow without bound.
///
/// `TERMFIT_FUZZ_INPUTS=N` sets how many inputs (a few hundred unless told: seconds of `make
/// test`; `make fuzz` runs 100,000). Each chunk prints its seed; `TERMFIT_FUZZ_SEED=N` replays it.
@Suite("Import parsers (Fuzz)")
struct ImportFuzzTests {
    static let inputs = Int(ProcessInfo.processInfo.environment["TERMFIT_FUZZ_INPUTS"] ?? "") ?? 400
    static let chunks = 4
    /// The longest one input may take before it counts as a hang, in seconds.
    static let slowest = 5.0

    /// The valid files the mutations start from.
    static let seeds: [(Parser, Data)] = [
        (.archive, Data(archiveText.utf8)), (.recovery, recoveryFile()),
        (.deckText, Data(deckTSV.utf8)), (.deckText, Data(deckCSV.utf8)), (.keyLine, Data(keyLine.utf8)),
    ]

    enum Parser: CaseIterable { case archive, recovery, deckText, keyLine }

    @Test("Random and mutated inputs to every import parser", arguments: 0..<chunks)
    func fuzz(chunk: Int) throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["TERMFIT_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x7E57_F022 &+ UInt64(chunk)
        print("ImportFuzzTests chunk \(chunk): seed \(seed) (TERMFIT_FUZZ_SEED=\(seed) replays it)")
        var random = SeededGenerator(seed: seed)
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        let before = Self.residentBytes()
        var slowest = 0.0
        var accepted = 0
        let count = Self.inputs / Self.chunks + (chunk < Self.inputs % Self.chunks ? 1 : 0)
        for run in 0..<count {
            let (parser, input) = Self.input(&random)
            let started = Date()
            let took: Double
            do {
                if try Self.parse(input, as: parser, importingInto: run % 40 == 0 ? store : nil, run: run) {
                    accepted += 1
                }
                took = Date().timeIntervalSince(started)
            } catch {
                Issue.record("seed \(seed) run \(run) (\(parser)): \(error)")
                return
            }
            slowest = max(slowest, took)
            #expect(took < Self.slowest, "seed \(seed) run \(run) (\(parser)) took \(took) s")
        }
        let grown = Self.residentBytes() - before
        print("ImportFuzzTests chunk \(chunk): \(count) inputs, \(accepted) accepted, slowest \(slowest) s")
        #expect(grown < 512 << 20, "seed \(seed): resident memory grew by \(grown >> 20) MiB")
        #expect(
            count < 20 || accepted > 0, "seed \(seed): some mutations stay valid, so the checks behind decoding run")
    }

    @Test("Every seed is a valid file its parser accepts whole, so mutations start from the real thing")
    func seedsAreValid() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        for (index, (parser, data)) in Self.seeds.enumerated() {
            #expect(try Self.parse(data, as: parser, importingInto: store, run: index), "seed \(index) (\(parser))")
        }
        let archive = try TermFitStore.decodeArchive(Data(Self.archiveText.utf8))
        #expect(archive.sessionCount == 4 && archive.flashcardDecks.count == 1 && archive.settings.values.count == 7)
    }

    /// Runs `input` through `parser` and everything after it that an import does; returns whether
    /// it was accepted. Throws only for a failure of the parsers' own contract (a refusal is fine).
    static func parse(_ input: Data, as parser: Parser, importingInto store: TermFitStore?, run: Int) throws -> Bool {
        switch parser {
        case .archive:
            guard let archive = try? TermFitStore.decodeArchive(input) else { return false }
            guard (try? TermFitStore.validate(archive)) != nil else { return false }
            try checkCircuits(archive.settings)
            guard let store else { return true }
            do {
                let summary = try store.importJSON(input, intoProfile: "f\(run)")
                let exported = try TermFitStore.decodeArchive(
                    try store.profileStore(named: summary.profile).exportJSON())
                try TermFitStore.validate(exported)
            } catch is StoreError {
                // A conflict with an earlier import (the same identifier in another profile).
            }
            return true
        case .recovery:
            guard let file = try? ArchiveCoding.decoder().decode(RecoveryFile.self, from: input) else { return false }
            return file.steps.allSatisfy { (try? $0.validate()) != nil }
        case .deckText:
            for format in DeckFileFormat.allCases {
                guard let contents = try? DeckFile.read(input, format: format) else { continue }
                guard contents.notes.count <= ValueLimits.cardsPerDeck else {
                    throw FuzzFailure("\(contents.notes.count) notes from \(input.count) bytes")
                }
                guard let plan = try? DeckImport(contents, into: [], now: Date(timeIntervalSince1970: 1e9)) else {
                    continue
                }
                let valid = plan.decks.filter { (try? $0.validate()) != nil }
                if let store, !valid.isEmpty { try store.profileStore(named: "deck\(run)").save(decks: valid) }
                if !valid.isEmpty { return true }
            }
            return false
        case .keyLine:
            let text = String(decoding: input, as: UTF8.self)
            let member = KioskMemberLine(text)
            if let member, (try? KioskMemberName.validated(member.name)) == nil { return false }
            return member != nil || (try? PublicKey(parsing: text)) != nil
        }
    }

    /// Any circuits an accepted archive holds read back within the circuits sheet's limits: a
    /// run of them has a bounded number of stretches.
    static func checkCircuits(_ settings: Settings) throws {
        guard let circuits = settings.value(for: SettingKey<[Circuit]>("hiit.circuits")) else { return }
        for circuit in circuits where circuit.steps.isEmpty || circuit.steps.count > 99 * 20 * 2 + 2 {
            throw FuzzFailure("a circuit of \(circuit.steps.count) stretches")
        }
    }

    struct FuzzFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    // MARK: Inputs

    static func input(_ random: inout SeededGenerator) -> (Parser, Data) {
        if random.next() % 10 == 0 {
            let parser = Parser.allCases[Int(random.next() % 4)]
            return (parser, Data((0..<Int(random.next() % 512)).map { _ in UInt8(truncatingIfNeeded: random.next()) }))
        }
        let (parser, seed) = seeds[Int(random.next() % UInt64(seeds.count))]
        var bytes = [UInt8](seed)
        for _ in 0...Int(random.next() % 3) { mutate(&bytes, &random) }
        return (parser, Data(bytes))
    }

    /// Numbers and times a mutation puts in place of one: edges, out of range, impossible.
    static let hostileTokens = [
        "0", "-3", "999999999999999", "1e308", "-1e308", "2.5", "18446744073709551616", "-0", "1e-320", "NaN", "null",
        "true", "\"\"", "[]", "{}", "\"2026-02-30T00:00:00Z\"", "\"2025-03-04T23:59:60Z\"", "\"0000-00-00T00:00:00Z\"",
        "\"\\u001b]0;x\\u0007\"", "\"\\u202e\"", "\"\\u0000\"", String(repeating: "[", count: 600),
    ]

    static func mutate(_ bytes: inout [UInt8], _ random: inout SeededGenerator) {
        func position() -> Int { bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count)) }
        switch random.next() % 8 {
        case 0:  // flip a byte
            if !bytes.isEmpty { bytes[position()] ^= UInt8(truncatingIfNeeded: 1 << (random.next() % 8)) }
        case 1:  // insert bytes, control bytes and separators among them
            let alphabet: [UInt8] = [0, 0x1B, 0x7F, 0xFF, 0x22, 0x2C, 0x09, 0x0A, 0x0D, 0x23, 0x5C, 0x7B, 0x5D, 0x3A]
            let insert = (0..<Int(1 + random.next() % 8)).map { _ in
                random.next() % 2 == 0
                    ? alphabet[Int(random.next() % UInt64(alphabet.count))] : UInt8(truncatingIfNeeded: random.next())
            }
            bytes.insert(contentsOf: insert, at: position())
        case 2:  // delete a range
            let start = position()
            bytes.removeSubrange(start..<min(bytes.count, start + Int(random.next() % 64)))
        case 3:  // duplicate a range (lists and rows grow)
            let start = position()
            let range = start..<min(bytes.count, start + Int(random.next() % 256))
            bytes.insert(contentsOf: bytes[range], at: position())
        case 4, 5:  // a number or a quoted value replaced by a hostile one
            let text = String(decoding: bytes, as: UTF8.self)
            let token = hostileTokens[Int(random.next() % UInt64(hostileTokens.count))]
            let numbers = text.ranges(of: /-?[0-9][0-9.eE+-]*|"[0-9T:.Z+-]{10,}"/)
            guard !numbers.isEmpty else { return }
            var edited = text
            edited.replaceSubrange(numbers[Int(random.next() % UInt64(numbers.count))], with: token)
            bytes = Array(edited.utf8)
        case 6:  // truncate
            bytes.removeSubrange(position()..<bytes.count)
        default:  // a line repeated (a row, a header, a member of a list)
            let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            guard let line = lines.randomElement(using: &random) else { return }
            bytes.insert(contentsOf: Array(line) + [0x0A], at: position())
        }
    }

    /// This process's resident memory, in bytes (from `/proc/self/statm`).
    static func residentBytes() -> Int {
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    // MARK: Seeds

    static let archiveText = """
        {"format": "termfit-profile", "version": 2, "profile": "anna",
         "settings": {"hiit.circuits": [{"name": "Legs", "exercises": [{"name": "Squat", "work": 30, "rest": 10},
             {"name": "Lunge", "work": 20, "rest": 0}], "rounds": 3, "warmUp": 60, "coolDown": 30}],
           "hiit.ratings": {"Squat": 4}, "dumbbells.restPresetSeconds": [30, 60, 90], "cards.deckCount": 2,
           "dumbbells.routines": [{"name": "Push", "exercises": [{"name": "Bench press", "sets": 3, "reps": 8}]}],
           "cards.suitExercises": {"S": "Push-ups"}, "flashcards.sessionSeconds": 100},
         "cardSessions": [{"id": "00000000-0000-4000-8000-000000000001", "deckID": "local", "deckSource": "local",
           "startedAt": "2025-03-04T07:30:00.000Z", "finishedAt": "2025-03-04T07:40:00.000Z", "status": "finished",
           "activeDuration": 600, "draws": [{"position": 1, "code": "AS", "exercise": "Push-ups", "reps": 11,
           "drawnAt": "2025-03-04T07:30:10.000Z", "seconds": 12}]}],
         "dumbbellWorkouts": [{"id": "00000000-0000-4000-8000-000000000002", "exercise": "Bicep curl", "unit": "kg",
           "startedAt": "2025-03-04T08:00:00.000Z", "finishedAt": "2025-03-04T08:10:00.000Z", "status": "finished",
           "sets": [{"number": 1, "weight": 12.5, "reps": 10, "startedAt": "2025-03-04T08:00:10.000Z",
           "finishedAt": "2025-03-04T08:00:50.000Z", "restBefore": 90}]}],
         "flashcardDecks": [{"id": "00000000-0000-4000-8000-000000000003", "name": "Muscles",
           "createdAt": "2025-03-01T00:00:00.000Z", "cards": [{"id": "00000000-0000-4000-8000-000000000004",
           "prompt": "Biceps?", "answer": "Upper arm", "createdAt": "2025-03-01T00:00:00.000Z", "guid": "g1",
           "tags": ["arms"]}]}],
         "flashcardSessions": [{"id": "00000000-0000-4000-8000-000000000005",
           "deckID": "00000000-0000-4000-8000-000000000003", "deckName": "Muscles",
           "startedAt": "2025-03-04T09:00:00.000Z", "finishedAt": "2025-03-04T09:01:40.000Z", "status": "finished",
           "reviews": [{"id": "00000000-0000-4000-8000-000000000006", "cardID": "00000000-0000-4000-8000-000000000004",
           "grade": "good", "isCram": false, "reviewedAt": "2025-03-04T09:00:05.000Z"}]}],
         "hiitSessions": [{"id": "00000000-0000-4000-8000-000000000007", "exercise": "Squat",
           "startedAt": "2025-03-04T10:00:00.000Z", "duration": 30, "completed": true, "rating": 4}]}
        """

    static let deckTSV = """
        #separator:tab
        #html:true
        #notetype:Basic
        #guid column:1
        #deck column:2
        #tags column:5
        #if matches:update current
        g1\tMuscles::Arms\t<b>Biceps</b>?\tUpper&nbsp;arm<br>front\tarms gym
        g2\tMuscles\t"A ""quoted""\tprompt"\t"two
        lines"\t
        g3\tMuscles\t{{c1::Quadriceps}} extend the knee\t\tlegs

        """

    static let deckCSV = """
        guid,deck,front,back,tags
        g1,Gym,"Prime mover, elbow flexion",Biceps,arms
        ,Gym,# not a comment,Answer,
        g2,Gym,Plank,"Core, ""hold""\",core

        """

    static let keyLine =
        "command=\"/usr/local/bin/termfit --kiosk --profile m1\",restrict,pty ssh-ed25519 "
        + "AAAAC3NzaC1lZDI1NTE5AAAAIGSS25oOzWapkiCd67y2Y5Ghl+LGC3QbXdxXlrkO2q7n m1"

    static func recoveryFile() -> Data {
        let start = Date(timeIntervalSince1970: 1_741_000_000)
        let workout = UUID(uuidString: "00000000-0000-4000-8000-000000000010") ?? UUID()
        let file = RecoveryFile(
            profile: "anna", profileID: UUID(uuidString: "00000000-0000-4000-8000-000000000011"), writtenAt: start,
            steps: [
                .dumbbellWorkout(DumbbellWorkout(id: workout, exercise: "Lunge", unit: .kilograms, startedAt: start)),
                .dumbbellSet(
                    DumbbellSet(
                        number: 1, weight: 12, reps: 10, startedAt: start, finishedAt: start.addingTimeInterval(40)),
                    workoutID: workout, exercise: "Lunge", unit: .kilograms),
                .hiitExercise(HIITSession(exercise: "Squat", startedAt: start, duration: 30, completed: true)),
            ])
        return (try? ArchiveCoding.encoder().encode(file)) ?? Data()
    }
}
