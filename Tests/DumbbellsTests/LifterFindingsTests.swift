import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// What lifters coming from other set loggers found, each as the member meets it.
@Suite struct LifterFindingsTests {
    // MARK: Weights

    @Test func halfAndQuarterPlatesCanBeEntered() {
        var harness = Harness()
        harness.doSet("22.5", "8")
        #expect(harness.savedSets.first?.weight == 22.5)
        var pounds = Harness(settings: DumbbellsSettings(unit: .pounds))
        pounds.doSet("12.5", "10")
        #expect(pounds.savedSets.first?.weight == 12.5)
        var heaviest = Harness()
        heaviest.doSet("999.75", "1")
        #expect(heaviest.savedSets.first?.weight == 999.75)
    }

    @Test(arguments: [
        ("22.", "22.", "Set 1: type the decimals after the point, or erase it"),
        ("005", "0", "No leading zeros: 5, not 05"),
        ("1.2.3", "1.2", "kg go in steps of 0.25: .25 .5 .75"),
        ("1000", "100", "At most 999.75 kg"),
        ("22.3", "22.", "kg go in steps of 0.25: .25 .5 .75"),
    ])
    func aWeightThatIsNoPlateLoadIsRefusedWithItsReason(typed: String, kept: String, reason: String) {
        var harness = Harness()
        harness.fill(row: 0, weight: typed, reps: "8")
        harness.press(.enter)
        // "100" is a weight; the others are no set until fixed.
        #expect((harness.workout.runningSet == nil) == (kept != "100"), "no set starts")
        #expect(harness.workout.rows[0].entry.weight == kept, "what was typed stays")
        #expect(harness.workout.rows[0].entry.reps == "8")
        // The reason shows when the character is refused (or when Start is pressed for "22.").
        var typing = Harness()
        typing.press(.left)
        var reasons: [String] = []
        for character in typed {
            typing.type(String(character))
            if let notice = typing.workout.notice { reasons.append(notice.text) }
        }
        typing.press(.right)
        typing.type("8")
        typing.press(.enter)
        if let notice = typing.workout.notice { reasons.append(notice.text) }
        #expect(reasons.contains(reason), "\(reasons)")
    }

    @Test func theUnitKeyConvertsInsteadOfRelabelling() {
        var harness = Harness(history: bicepHistory)
        harness.fill(row: 0, weight: "10", reps: "8")
        harness.press(.tab, .character("u"))
        #expect(harness.workout.settings.unit == .pounds)
        // 10 kg is 22.046 lb: shown to the half pound, kept exactly.
        #expect(harness.workout.rows[0].entry.weight == "22")
        #expect(harness.frame()[harness.row(ofSet: 0)].contains("last: 26.5 lb × 10"), "the last workout converts too")
        harness.press(.character("u"))
        #expect(harness.workout.rows[0].entry.weight == "10", "and back, exactly")
        harness.press(.character("u"))
        harness.press(.enter)
        harness.wait(.seconds(30))
        harness.press(.enter)
        // Saved as shown: 22 lb (10 kg is 22.046 lb, shown to the half pound).
        #expect(harness.savedSets.first?.weight == 22)
        // A finished set shows in the unit chosen, whatever it was saved in.
        harness.press(.escape, .character("u"))
        #expect(harness.frame()[harness.row(ofSet: 0)].contains("✓ 1  10 "))
        harness.press(.character("u"))
        #expect(harness.frame()[harness.row(ofSet: 0)].contains("✓ 1  22 "))
    }

    @Test func copyingTwelveKilogramsIntoPoundsIsNotRoundedToAWholePound() {
        var harness = Harness(settings: DumbbellsSettings(unit: .pounds), history: bicepHistory)
        harness.press(.character("l"))
        #expect(harness.workout.rows[0].entry.weight == "26.5", "not 26")
    }

    // MARK: Typing is typing

    @Test func typingMinusThreeNeverRemovesASet() {
        var harness = Harness()
        harness.press(.right)
        harness.type("-3")
        #expect(harness.workout.rows.count == 3)
        #expect(harness.workout.rows[0].entry.reps == "3")
        harness.press(.left)
        harness.type("-")
        #expect(harness.workout.notice?.text == "Weights and reps are never negative (a and d add and delete sets)")
        harness.type("+")
        #expect(harness.workout.rows.count == 3)
        #expect(!harness.outputs.contains { if case .saveSettings = $0 { true } else { false } })
    }

    // MARK: Corrections

    @Test func aFinishedSetIsCorrectedAndItsRecordRecomputed() {
        var harness = Harness(settings: DumbbellsSettings(unit: .pounds), history: bicepHistory)
        harness.doSet("22", "130")
        // 22 lb × 130 beats the volume, never the estimated maximum: more than 12 reps.
        #expect(harness.workout.notice?.text.contains("1RM") == false)
        #expect(harness.workout.rows[0].completed?.beaten == [.volume])
        harness.press(.escape, .up, .right, .delete)
        harness.type("10")
        harness.press(.down)
        let saved = harness.savedSets.last
        #expect(saved?.number == 1)
        #expect(saved?.reps == 10)
        #expect(harness.workout.notice?.text == "Set 1 corrected: 22 lb × 10")
        #expect(harness.workout.rows[0].completed?.beaten == [], "the typo's record is gone")
        #expect(harness.workout.history.best == bicepHistory.best)
    }

    @Test func aCorrectionThatIsNoSetPutsTheSavedNumbersBack() {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.escape, .up, .delete)
        harness.press(.down)
        #expect(harness.workout.rows[0].entry.weight == "12")
        #expect(harness.workout.notice?.text == "Set 1 keeps its saved numbers: Set 1 needs its kg")
        #expect(harness.savedSets.count == 1)
    }

    @Test func aFinishedSetIsDeletedAndBroughtBack() {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.escape)
        harness.doSet("14", "8")
        harness.press(.escape, .up, .up)
        let before = harness.outputs.count
        harness.press(.character("d"))
        #expect(harness.outputs.count == before, "d asks first")
        harness.press(.character("y"))
        let deletion = Array(harness.outputs[before...])
        let id = harness.workout.workoutID ?? UUID()
        #expect(
            deletion.contains {
                if case .save(.dumbbellSet(let set, id, _, _)) = $0 {
                    set.number == 1 && set.weight == 14
                } else {
                    false
                }
            })
        #expect(deletion.contains(.save(.dumbbellSetDeletion(number: 2, workoutID: id))))
        #expect(harness.workout.completedSets.map(\.record.weight) == [14])
        #expect(harness.workout.notice?.text == "Set 1 deleted · z brings it back")
        harness.press(.character("z"))
        #expect(harness.workout.completedSets.map(\.record.weight) == [12, 14])
        #expect(harness.workout.completedSets.map(\.record.number) == [1, 2])
        #expect(harness.savedSets.suffix(2).map(\.weight) == [12, 14])
    }

    @Test func theEstimateNamesItsFormulaAndStopsAtTwelveReps() {
        #expect(PersonalBest.epley(weight: 30, reps: 10) == 40)
        #expect(PersonalBest.epley(weight: 22, reps: 130) == nil)
        #expect(PersonalBest(weight: 22, reps: 13, unit: .pounds).oneRepMax == 0)
        var harness = Harness(history: bicepHistory)
        harness.doSet("16", "10")
        #expect(harness.workout.notice?.text.contains("(Epley)") == true)
    }

    // MARK: Last workout

    @Test func theLastNumbersComeFromTheLatestWorkoutAloneNeverMixingTwo() {
        // The workout before had 3 sets (12 × 10, 12 × 10, 14 × 8); the latest one only 1.
        var harness = Harness(history: bicepHistory)
        #expect(harness.workout.lastSet(for: 2)?.set.weight == 14, "before: the 3-set workout is the last")
        harness.doSet("13", "9")
        harness.press(.escape, .character("q"), .character("y"))
        #expect(harness.workout.lastSet(for: 0)?.set.weight == 13)
        #expect(harness.workout.lastSet(for: 1) == nil, "set 2 of the workout before is not mixed in")
        #expect(harness.workout.lastSet(for: 2) == nil)
        // Read back from the log, the same, and `l` on set 2 says there is nothing to copy.
        let left = DumbbellWorkout(
            exercise: "Bicep curl", unit: .kilograms, startedAt: testDate, status: .abandoned,
            sets: [DumbbellSet(number: 1, weight: 13, reps: 9, startedAt: testDate, finishedAt: testDate)])
        let history = ExerciseHistory(workouts: [left, lastBicepCurls])
        #expect(history.lastWorkout?.id == left.id)
        #expect(history.lastSets.keys.sorted() == [1])
        #expect(history.lastSets[1]?.set.weight == 13)
        // A latest workout with more sets than the one before gives every set its own numbers.
        let longer = DumbbellWorkout(
            exercise: "Bicep curl", unit: .kilograms, startedAt: testDate.addingTimeInterval(60), status: .finished,
            sets: (1...4).map {
                DumbbellSet(number: $0, weight: 10, reps: 10 + $0, startedAt: testDate, finishedAt: testDate)
            })
        let newest = ExerciseHistory(workouts: [lastBicepCurls, left, longer])
        #expect(newest.lastSets.keys.sorted() == [1, 2, 3, 4])
        #expect(newest.lastSets.values.allSatisfy { $0.set.weight == 10 })
        // `L` fills set 1 only: sets 2 and 3 had no numbers in the latest workout.
        var copying = Harness(history: history)
        copying.press(.character("L"))
        #expect(copying.workout.rows.map(\.entry.weight) == ["13", "", ""])
        #expect(copying.workout.notice?.text == "Set 1 filled from last time")
        #expect(copying.frame()[copying.row(ofSet: 1)].contains("last") == false, "no last numbers beside set 2")
    }

    // MARK: The exercise picker

    @Test func typingPartOfANamePicksTheExercise() {
        var harness = Harness()
        harness.press(.character("e"))
        harness.type("Gob")
        harness.press(.enter)
        #expect(harness.workout.settings.exercise == "Goblet squat")
    }

    @Test func tabCompletesAndANewExerciseIsMadeOnPurpose() {
        var harness = Harness()
        harness.press(.character("e"))
        harness.type("ham")
        harness.press(.tab)
        guard case .exercise(let picker, _) = harness.workout.sheet else {
            Issue.record("no picker")
            return
        }
        #expect(picker.field.text == "Hammer curl")
        #expect(picker.rows.map(picker.label(of:)) == ["Hammer curl"])
        harness.press(.escape, .character("e"))
        harness.type("Zottman curl")
        guard case .exercise(let typed, _) = harness.workout.sheet else { return }
        #expect(typed.rows.map(typed.label(of:)) == ["+ New exercise “Zottman curl”"])
        harness.press(.enter)
        #expect(harness.workout.settings.exercise == "Zottman curl")
    }
}

@Suite struct CopyLastTimeTests {
    @Test func capitalLFillsEverySetStillToDoFromLastTime() {
        var harness = Harness(history: bicepHistory)
        harness.doSet("13", "9")
        harness.press(.escape, .character("L"))
        #expect(harness.workout.rows[0].completed?.record.weight == 13, "a finished set keeps its numbers")
        #expect(harness.workout.rows.dropFirst().map(\.entry.weight) == ["12", "14"])
        #expect(harness.workout.rows.dropFirst().map(\.entry.reps) == ["10", "8"])
        #expect(harness.workout.notice?.text == "Sets 2–3 filled from last time")
        var fresh = Harness()
        fresh.press(.character("L"))
        #expect(fresh.workout.notice?.text == "No last numbers for the sets still to do")
    }
}
