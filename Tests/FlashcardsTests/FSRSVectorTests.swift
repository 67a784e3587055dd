import Foundation
import Records
import Testing

@testable import Flashcards

/// FSRS against the reference implementation, py-fsrs 6.3.2, step for step: after every answer
/// the phase, the step, the stability, the difficulty and the due date are py-fsrs's (without
/// Anki's rule that Easy out of the learning steps outlasts Good, which py-fsrs does not have).
///
/// `Vectors/fsrs-6.3.2.json` was written once by `Scripts/fsrs_vectors.py vectors` (py-fsrs's own
/// test sequences, the issue's Hard, Hard, Good, Good, Good, and 40 random cards). Where py-fsrs
/// 6.3.2 is installed (`pip install fsrs==6.3.2`, or `TERMFIT_FSRS_PYTHON` naming a Python that
/// has it), random cards of a fresh seed are checked against it live as well.
@Suite struct FSRSVectorTests {
    struct Vectors: Decodable {
        var pyFSRS: String
        var start: Double
        var cases: [Case]
    }

    struct Case: Decodable {
        struct Answer: Decodable {
            var grade: Int
            var at: Double
        }

        struct Expected: Decodable {
            var state: String
            var step: Int?
            var stability: Double
            var difficulty: Double
            var due: Double
        }

        var name: String
        var retention: Double
        var maximumInterval: Int
        var learningSteps: [Double]
        var relearningSteps: [Double]
        var answers: [Answer]
        var expected: [Expected]
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let script = repository.appendingPathComponent("Scripts/fsrs_vectors.py")

    static func stored() throws -> Vectors {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Vectors/fsrs-6.3.2.json")
        return try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: file))
    }

    /// Replays `testCase` and returns where TermFit parts from py-fsrs (empty when nowhere).
    static func differences(_ testCase: Case, start: Date) -> [String] {
        let fsrs = FSRS(
            desiredRetention: testCase.retention, learningSteps: testCase.learningSteps,
            relearningSteps: testCase.relearningSteps, maximumInterval: testCase.maximumInterval,
            easyOutlastsGood: false)
        var memory = CardMemory()
        var found: [String] = []
        for (index, (answer, expected)) in zip(testCase.answers, testCase.expected).enumerated() {
            let grades: [ReviewGrade] = [.again, .hard, .good, .easy]
            guard (1...4).contains(answer.grade) else { return ["grade \(answer.grade)"] }
            let grade = grades[answer.grade - 1]
            memory.record(grade, at: start.addingTimeInterval(answer.at), using: fsrs)
            let (state, step): (String, Int?) =
                switch memory.phase {
                case .new: ("new", nil)
                case .learning(let step): ("learning", step)
                case .review: ("review", nil)
                case .relearning(let step): ("relearning", step)
                }
            let due = memory.due.map { $0.timeIntervalSince(start) } ?? -1
            let close = { (a: Double, b: Double) in abs(a - b) <= 1e-9 * max(1, abs(b)) }
            if state != expected.state || step != expected.step || !close(memory.stability, expected.stability)
                || !close(memory.difficulty, expected.difficulty) || abs(due - expected.due) > 0.001
            {
                found.append(
                    "\(testCase.name), answer \(index + 1) (\(grade)): \(state) \(step.map(String.init) ?? "-") "
                        + "S \(memory.stability) D \(memory.difficulty) due \(due); py-fsrs: \(expected.state) "
                        + "\(expected.step.map(String.init) ?? "-") S \(expected.stability) D \(expected.difficulty) "
                        + "due \(expected.due)")
                break
            }
        }
        return found
    }

    @Test func everyStoredCaseMatchesPyFSRS() throws {
        let vectors = try Self.stored()
        #expect(vectors.pyFSRS == "6.3.2")
        #expect(vectors.cases.count >= 45)
        let start = Date(timeIntervalSince1970: vectors.start)
        for testCase in vectors.cases {
            #expect(testCase.answers.count == testCase.expected.count, "\(testCase.name)")
            let found = Self.differences(testCase, start: start)
            #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        }
    }

    @Test func hardHardGoodGoodGoodIsDueInFourDays() throws {
        // The issue's sequence: a same-day Hard no longer lowers stability (py-fsrs 6.3.2).
        let vectors = try Self.stored()
        let start = Date(timeIntervalSince1970: vectors.start)
        let sequence = try #require(vectors.cases.first { $0.name.hasPrefix("hard hard good good good") })
        #expect(Self.differences(sequence, start: start).isEmpty)
        var memory = CardMemory()
        var date = start
        for grade in [ReviewGrade.hard, .hard, .good, .good, .good] {
            memory.record(grade, at: date, using: FSRS())
            date = memory.due ?? date
        }
        #expect(memory.intervalDays == 4)
    }

    /// The Python that has py-fsrs 6.3.2, if one does.
    static let python: String? = {
        let candidates = [ProcessInfo.processInfo.environment["TERMFIT_FSRS_PYTHON"], "python3"].compactMap { $0 }
        return candidates.first {
            (try? run($0, ["version"]))?.trimmingCharacters(in: .whitespacesAndNewlines) == "6.3.2"
        }
    }()

    static func run(_ python: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, script.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad) }
        return String(decoding: data, as: UTF8.self)
    }

    @Test(
        .enabled(
            if: FSRSVectorTests.python != nil,
            "py-fsrs 6.3.2 is not installed (pip install fsrs==6.3.2, or TERMFIT_FSRS_PYTHON=<python with it>)"))
    func randomCardsMatchPyFSRSLive() throws {
        let python = try #require(Self.python)
        let seed = UInt32.random(in: 1...UInt32.max)
        let output = try Self.run(python, ["random", String(seed), "60"])
        let vectors = try JSONDecoder().decode(Vectors.self, from: Data(output.utf8))
        #expect(vectors.cases.count == 60)
        let start = Date(timeIntervalSince1970: vectors.start)
        for testCase in vectors.cases {
            let found = Self.differences(testCase, start: start)
            #expect(found.isEmpty, "seed \(seed): \(found.joined(separator: "\n"))")
        }
    }
}
