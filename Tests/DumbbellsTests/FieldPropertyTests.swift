import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// Random keys, pad clicks and pastes over every field of the table and of the history sheet: Esc
/// always puts back the value the field had before it was typed into, and what is saved (a set
/// finished, a correction, a past set corrected) is always what the fields showed when it was
/// committed. A failure names its seed (`TERMFIT_PROPERTY_SEED` replays it).
@Suite struct FieldPropertyTests {
    static let seeds = PropertySeeds(runs: 400, chunks: 4, firstSeed: 20_261_127)
    static let stepsPerRun = 150

    /// Digits weigh most; the rest moves, commits, cancels, copies, opens the pad and the history.
    static let keys: [Key] =
        Array(repeating: "0123456789".map { Key.character($0) }, count: 3).flatMap { $0 }
        + [
            .character("."), .backspace, .backspace, .delete, .left, .right, .up, .down, .tab, .backTab, .enter,
            .enter, .escape, .escape, .escape, .home, .end, .character("l"), .character("L"), .character("k"),
            .character("h"), .character("s"), .character("f"), .character("r"), .character("x"), .character("n"),
            .character("u"), .character(" "),
        ]

    /// The field selected, as a place and the text it shows: the table's, or the history sheet's
    /// while a workout's sets show.
    struct Shown: Equatable {
        var place: String
        var text: String
    }

    static func shown(_ workout: DumbbellsWorkout) -> Shown? {
        switch workout.sheet {
        case nil:
            let selection = workout.selection
            guard workout.rows.indices.contains(selection.row) else { return nil }
            return Shown(
                place: "table \(workout.exerciseIndex) \(selection)",
                text: workout.rows[selection.row].entry[selection.field])
        case .pastWorkouts(let past):
            guard let id = past.workoutID, past.entries.indices.contains(past.selection.row) else { return nil }
            return Shown(
                place: "past \(id) \(past.selection)", text: past.entries[past.selection.row][past.selection.field])
        default:
            return nil
        }
    }

    static func isTyping(_ workout: DumbbellsWorkout) -> Bool {
        if case .pastWorkouts(let past) = workout.sheet { return past.isTyping }
        return workout.sheet == nil && workout.isTyping
    }

    /// Why a set saved by the step from `before` is not what its fields showed, if it is not.
    /// The set an RPE picker or note field on top of `workout` is for.
    static func detailTarget(of workout: DumbbellsWorkout) -> SetDetailTarget? {
        switch workout.sheet {
        case .rpe(_, let target), .note(_, let target): target
        default: nil
        }
    }

    static func savedProblem(_ set: DumbbellSet, id: UUID, before: DumbbellsWorkout) -> String? {
        let unit = before.settings.unit
        let entry: SetEntry
        let savedUnit: WeightUnit
        if let target = Self.detailTarget(of: before) {
            // A set's RPE or note (E, n): only those change; its numbers stay as saved.
            let saved: DumbbellSet? =
                switch target {
                case .row(let index): before.rows.indices.contains(index) ? before.rows[index].completed?.record : nil
                case .past(let pastID, let number):
                    pastID == id ? before.pastWorkout(id: id)?.sets.first { $0.number == number } : nil
                }
            guard let saved, saved.number == set.number, saved.weight == set.weight, saved.reps == set.reps,
                saved.type == set.type
            else { return "the RPE or note of set \(set.number) of \(id) changed other numbers" }
            return nil
        }
        if id == before.workoutID {
            guard before.rows.indices.contains(set.number - 1) else { return "set \(set.number) has no row" }
            entry = before.rows[set.number - 1].entry
            savedUnit = before.savedUnit
        } else if case .pastWorkouts(let past) = before.sheet, past.workoutID == id,
            past.entries.indices.contains(set.number - 1), let workout = before.pastWorkout(id: id)
        {
            entry = past.entries[set.number - 1]
            savedUnit = workout.unit
        } else {
            return "set \(set.number) of \(id) saved from no field on screen"
        }
        guard let weight = entry.weight(in: savedUnit, shownIn: unit), entry.repsValue == set.reps,
            abs(weight - set.weight) < 1e-9
        else {
            return "saved \(set.weight) × \(set.reps), the fields showed \(entry.weight) × \(entry.reps)"
        }
        return nil
    }

    @Test(arguments: 0..<seeds.chunks)
    func escRestoresAndWhatIsSavedIsWhatWasShown(chunk: Int) {
        for seed in Self.seeds.seeds(chunk: chunk) {
            var generator = SeededGenerator(seed: seed)
            let settings = DumbbellsSettings(
                setCount: Int.random(in: 1...5, using: &generator),
                unit: Bool.random(using: &generator) ? .kilograms : .pounds)
            let history = [bicepHistory, ExerciseHistory(workouts: [typoWorkout, poundsWorkout])]
            var harness = Harness(
                settings: settings, history: history.randomElement(using: &generator) ?? .none,
                autoRest: Bool.random(using: &generator))
            var original: Shown?
            var trail: [String] = []
            for stepNumber in 0..<Self.stepsPerRun {
                let before = harness.workout
                let typingBefore = Self.isTyping(before)
                let step: String
                let outputs: [DumbbellsWorkout.Output]
                let roll = Int.random(in: 0..<100, using: &generator)
                if roll < 8, before.pill == .keypad, before.sheet == nil {
                    let key = PadKey.all.randomElement(using: &generator) ?? .next
                    outputs = harness.clickPill(.pad(key))
                    step = "pad \(key.label)"
                } else if roll < 12 {
                    let text = ["12", "7.5", "1.2.3", "99", "abc", "0"].randomElement(using: &generator) ?? ""
                    outputs = harness.send(.paste(text))
                    step = "paste \(text)"
                } else if roll < 16 {
                    harness.wait(.seconds(Int.random(in: 1...120, using: &generator)))
                    outputs = []
                    step = "wait"
                } else {
                    let key = Self.keys.randomElement(using: &generator) ?? .enter
                    outputs = harness.press(key)
                    step = "key \(key.name)"
                }
                trail.append(step)
                var problems: [String] = []
                let typingAfter = Self.isTyping(harness.workout)
                if !typingBefore && typingAfter { original = Self.shown(before) }
                if typingBefore && step == "key Esc" {
                    if Self.shown(harness.workout) != original {
                        problems.append(
                            "Esc showed \(String(describing: Self.shown(harness.workout))), "
                                + "not \(String(describing: original))")
                    }
                    if outputs.contains(where: { if case .save(.dumbbellSet) = $0 { true } else { false } }) {
                        problems.append("Esc saved \(outputs)")
                    }
                }
                if !typingAfter { original = nil }
                for case .save(.dumbbellSet(let set, let id, _, _)) in outputs {
                    if let problem = Self.savedProblem(set, id: id, before: before) { problems.append(problem) }
                }
                if case .loadHistory(let exercise) = outputs.last {
                    harness.workout.receive(.success(.none), for: exercise)
                }
                if !problems.isEmpty {
                    Issue.record(
                        """
                        \(PropertySeeds.replay(seed)), step \(stepNumber): \(problems.joined(separator: "; "))
                        last steps: \(trail.suffix(12).joined(separator: " · "))
                        """)
                    return
                }
            }
        }
    }

    @Test func theChecksCanFail() {
        var harness = Harness(history: bicepHistory)
        harness.doSet("20", "10")
        let before = harness.workout
        let wrong = DumbbellSet(number: 1, weight: 20, reps: 11, startedAt: testDate, finishedAt: testDate)
        #expect(Self.savedProblem(wrong, id: before.workoutID ?? UUID(), before: before) != nil)
        let right = DumbbellSet(number: 1, weight: 20, reps: 10, startedAt: testDate, finishedAt: testDate)
        #expect(Self.savedProblem(right, id: before.workoutID ?? UUID(), before: before) == nil)
        #expect(Self.savedProblem(right, id: UUID(), before: before) != nil)
    }
}
