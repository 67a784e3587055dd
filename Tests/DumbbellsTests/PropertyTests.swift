import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// Thousands of random sequences of keys, clicks, pastes, resizes and time: the workout never
/// crashes and keeps its invariants. A failure names its seed; `TERMFIT_PROPERTY_SEED=<seed>`
/// runs that one sequence again (and `TERMFIT_PROPERTY_RUNS` sets how many are tried).
@Suite struct PropertyTests {
    static let seeds = PropertySeeds(runs: 2000, chunks: 8, firstSeed: 20_261_122)
    static let stepsPerRun = 120

    static let sizes = [
        Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 200, height: 60),
        Size(width: 55, height: 16), Size(width: 20, height: 6),
    ]

    /// Keys, weighted towards the ones that move a workout on.
    static let keys: [Key] =
        PillStateTableTests.keys
        + Array(repeating: [Key.enter, .tab, .character("1"), .character("2"), .character("0")], count: 6).flatMap {
            $0
        }
        + Array(repeating: [Key.escape, .character("r"), .character("k"), .character("x"), .character(".")], count: 2)
        .flatMap { $0 }

    /// One random event (or a move of the clock) for `harness`.
    static func step(_ harness: inout Harness, using generator: inout SeededGenerator) -> String {
        let size = harness.workout.size
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<45:
            let key = keys.randomElement(using: &generator) ?? .enter
            harness.press(key)
            return "key \(key.name)"
        case 45..<55:
            // A click on something the pill shows, as a person aims.
            let actions = harness.workout.targetFace(at: harness.now).items.compactMap(\.action)
            guard let action = actions.randomElement(using: &generator), let frame = harness.pillFrame(of: action)
            else { return "no pill item" }
            harness.click(frame)
            return "click \(action)"
        case 55..<62:
            let row = Int.random(in: 0..<10, using: &generator)
            let field = Bool.random(using: &generator) ? SetField.weight : .reps
            guard let frame = harness.workout.layout.frame(of: FieldPosition(row: row, field: field)) else {
                return "no field"
            }
            harness.click(frame)
            return "click set \(row + 1) \(field)"
        case 62..<70:
            let kinds: [MouseEvent.Kind] = [.release, .release, .release, .press, .drag, .scrollUp, .scrollDown]
            let kind = kinds.randomElement(using: &generator) ?? .release
            let point = Point(
                x: Int.random(in: -2...max(0, size.width + 1), using: &generator),
                y: Int.random(in: -2...max(0, size.height + 1), using: &generator))
            harness.send(.mouse(MouseEvent(kind, at: point)))
            return "mouse \(kind) at \(point)"
        case 70..<73:
            let text =
                ["12", "1.5", "abc", "100", "9 9", "..", "Hammer curl", "٣"].randomElement(using: &generator) ?? ""
            harness.send(.paste(text))
            return "paste \(text)"
        case 73..<75:
            let newSize = sizes.randomElement(using: &generator) ?? Size(width: 80, height: 24)
            harness.send(.resize(newSize))
            return "resize \(newSize)"
        case 75..<77:
            let event: Event = [.suspend, .resume, .focusIn, .focusOut].randomElement(using: &generator) ?? .resume
            harness.send(event)
            return "\(event)"
        case 77..<85:
            harness.waitForDeadline()
            return "to the deadline"
        default:
            let durations: [Duration] = [
                .milliseconds(10), .milliseconds(90), .milliseconds(400), .seconds(1), .seconds(7), .seconds(31),
                .seconds(125),
            ]
            let duration = durations.randomElement(using: &generator) ?? .seconds(1)
            harness.wait(duration)
            return "wait \(duration)"
        }
    }

    /// What the outputs must keep to: a workout is started before its sets, its sets are saved
    /// 1, 2, 3… once each, nothing follows its end, and it ends at most once. A workout of
    /// `past` (the history sheet corrects it) only has its sets checked.
    static func outputProblems(_ outputs: [DumbbellsWorkout.Output], past: Set<UUID> = []) -> [String] {
        var problems: [String] = []
        var started: Set<UUID> = []
        var ended: Set<UUID> = []
        var lastSet: [UUID: Int] = [:]
        for output in outputs {
            switch output {
            case .save(.dumbbellWorkout(let workout)):
                if started.contains(workout.id) { problems.append("workout started twice") }
                started.insert(workout.id)
            case .save(.dumbbellSet(let set, let id, _, _)) where past.contains(id) && !started.contains(id):
                if (try? set.validate()) == nil { problems.append("set \(set.number) of a past workout is not valid") }
            case .save(.dumbbellSet(let set, let id, _, _)) where past.contains(id) && ended.contains(id):
                if (try? set.validate()) == nil { problems.append("set \(set.number) of a past workout is not valid") }
            case .save(.dumbbellSetDeletion(_, let id))
            where past.contains(id) && (!started.contains(id) || ended.contains(id)):
                break
            case .save(.dumbbellSet(let set, let id, _, _)):
                if !started.contains(id) { problems.append("set \(set.number) saved before its workout") }
                if ended.contains(id) { problems.append("set \(set.number) saved after the workout ended") }
                // A new set comes next; a set saved again (corrected, renumbered) is one saved before.
                if set.number < 1 || set.number > (lastSet[id] ?? 0) + 1 {
                    problems.append("set \(set.number) saved out of order")
                }
                if (try? set.validate()) == nil { problems.append("set \(set.number) is not valid: \(set)") }
                lastSet[id] = max(lastSet[id] ?? 0, set.number)
            case .save(.dumbbellSetDeletion(let number, let id)):
                if ended.contains(id) { problems.append("set \(number) deleted after the workout ended") }
                if number != lastSet[id] { problems.append("set \(number) deleted, not the highest saved") }
                lastSet[id] = number - 1
            case .save(.dumbbellRestEnd(let id, _)):
                if !started.contains(id) { problems.append("a rest ended in a workout never started") }
                if ended.contains(id) { problems.append("a rest ended after the workout ended") }
            case .save(.dumbbellFinish(let id, _, _)):
                if !started.contains(id) { problems.append("a workout never started was ended") }
                if ended.contains(id) { problems.append("a workout ended twice") }
                ended.insert(id)
            case .save(let command):
                problems.append("a command of another workout: \(command.summary)")
            case .effect, .loadHistory, .saveSettings:
                break
            }
        }
        return problems
    }

    @Test(arguments: 0..<seeds.chunks)
    func randomSequencesKeepTheInvariants(chunk: Int) {
        for seed in Self.seeds.seeds(chunk: chunk) {
            var generator = SeededGenerator(seed: seed)
            let settings = DumbbellsSettings(
                setCount: Int.random(in: 1...10, using: &generator),
                unit: Bool.random(using: &generator) ? .kilograms : .pounds,
                restPresets: Bool.random(using: &generator) ? [30, 60, 90, 120] : [15, 45, 75, 105, 150, 600])
            var harness = Harness(
                settings: settings, history: Bool.random(using: &generator) ? bicepHistory : .none,
                reducesMotion: Bool.random(using: &generator), usesColor: Bool.random(using: &generator),
                size: Self.sizes.randomElement(using: &generator) ?? Size(width: 80, height: 24))
            var trail: [String] = []
            for stepNumber in 0..<Self.stepsPerRun {
                trail.append(Self.step(&harness, using: &generator))
                if case .loadHistory(let exercise) = harness.outputs.last {
                    harness.workout.receive(.success(.none), for: exercise)
                }
                var problems = Invariants.problems(in: harness.workout, at: harness.now)
                if stepNumber % 10 == 0 {
                    let canvas = harness.canvas()
                    problems += Invariants.pillProblems(in: harness.workout, canvas: canvas, at: harness.now)
                }
                let past = Set((harness.workout.history.workouts + bicepHistory.workouts).map(\.id))
                problems += Self.outputProblems(harness.outputs, past: past)
                if !problems.isEmpty {
                    Issue.record(
                        """
                        \(PropertySeeds.replay(seed)), step \(stepNumber): \
                        \(problems.joined(separator: "; "))
                        last steps: \(trail.suffix(12).joined(separator: " · "))
                        """)
                    return
                }
            }
            // The program may end at any moment: a running set is dropped, nothing new is saved
            // but a correction being typed and, for a workout with sets saved, that it was cut off.
            let completed = harness.workout.completedSets
            let ending = harness.send(.terminate).filter { if case .save(.dumbbellSet) = $0 { false } else { true } }
            let cutOff = ending.allSatisfy {
                if case .save(.dumbbellFinish(_, .cutOff, _)) = $0 { true } else { false }
            }
            #expect(ending.count <= 1 && cutOff, "seed \(seed): \(ending)")
            #expect(
                harness.workout.completedSets.map(\.record.number) == completed.map(\.record.number), "seed \(seed)")
            #expect(harness.workout.runningSet == nil, "seed \(seed)")
        }
    }

    @Test func theGeneratorIsReproducible() {
        var first = SeededGenerator(seed: 42)
        var second = SeededGenerator(seed: 42)
        #expect((0..<5).map { _ in first.next() } == (0..<5).map { _ in second.next() })
        var other = SeededGenerator(seed: 43)
        #expect(first.next() != other.next())
    }

    @Test func theChecksCanFail() {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.escape)
        let healthy = Invariants.Snapshot(harness.workout, at: harness.now)
        #expect(Invariants.problems(in: healthy).isEmpty)
        // Set 2 done but not set 1.
        var gap = healthy
        gap.rows.swapAt(0, 1)
        #expect(Invariants.problems(in: gap).contains { $0.hasPrefix("completed sets are not a prefix") })
        // A done set whose fields no longer hold a valid set.
        var invalid = healthy
        invalid.rows[0].entry = SetEntry(weight: "0", reps: "10")
        #expect(Invariants.problems(in: invalid).contains { $0.contains("completed with") })
        // A timer in the summary.
        var ticking = healthy
        ticking.isShowingSummary = true
        ticking.deadline = harness.now + .seconds(1)
        #expect(Invariants.problems(in: ticking).contains { $0.contains("the summary asks to wake") })
        // Two pill states drawn at once.
        var canvas = harness.canvas()
        canvas.write("Skip [Finish]", at: Point(x: 2, y: harness.pillRow))
        #expect(!Invariants.pillProblems(in: harness.workout, canvas: canvas, at: harness.now).isEmpty)
        // Outputs out of order.
        let set = DumbbellSet(number: 1, weight: 1, reps: 1, startedAt: testDate, finishedAt: testDate)
        #expect(
            Self.outputProblems([.save(.dumbbellSet(set, workoutID: UUID(), exercise: "Bicep curl", unit: .kilograms))])
                == ["set 1 saved before its workout"])
    }
}
