import Foundation
import Records
import TermUI
import Testing

@testable import Dumbbells

/// The field rules: at most three characters, one decimal point and only in kg, digits only; and
/// what a set needs before it can start.
@Suite struct ValidationTests {
    /// Types `text` into a fresh entry's `field`; returns the text kept and each refusal.
    private func typing(_ text: String, into field: SetField) -> (String, [InputProblem?]) {
        var entry = SetEntry()
        let problems = text.map { entry.type($0, into: field) }
        return (entry[field], problems)
    }

    @Test func digitsAndOneDecimalPointGoIntoTheWeight() {
        #expect(typing("12", into: .weight) == ("12", [nil, nil]))
        #expect(typing("2.5", into: .weight) == ("2.5", [nil, nil, nil]))
        #expect(typing(".25", into: .weight) == (".25", [nil, nil, nil]))
        #expect(typing("100", into: .reps) == ("100", [nil, nil, nil]))
    }

    @Test func aSecondDecimalPointIsRefused() {
        // "1.2.3": the second point is refused with its reason; what was typed stays.
        #expect(typing("1.2.5", into: .weight) == ("1.25", [nil, nil, nil, .secondDecimalPoint, nil]))
        #expect(typing("1.2.3", into: .weight) == ("1.2", [nil, nil, nil, .secondDecimalPoint, .notAStep]))
        #expect(typing("..", into: .weight) == (".", [nil, .secondDecimalPoint]))
    }

    @Test func weightsGoUpTo999Point75() {
        #expect(typing("999.75", into: .weight) == ("999.75", [nil, nil, nil, nil, nil, nil]))
        #expect(typing("1000", into: .weight) == ("100", [nil, nil, nil, .tooHeavy]))
        #expect(typing("1000", into: .reps) == ("100", [nil, nil, nil, .tooLong]))
        #expect(typing("22.5", into: .weight) == ("22.5", [nil, nil, nil, nil]))
        #expect(typing("12.5", into: .weight) == ("12.5", [nil, nil, nil, nil]))
    }

    @Test func decimalsGoInTheStepsOfAPlateSet() {
        #expect(typing("22.3", into: .weight) == ("22.", [nil, nil, nil, .notAStep]))
        #expect(typing("22.25", into: .weight) == ("22.25", [nil, nil, nil, nil, nil]))
        #expect(typing("22.26", into: .weight) == ("22.2", [nil, nil, nil, nil, .notAStep]))
        var pounds = SetEntry()
        let problems = "12.25".map { pounds.type($0, into: .weight, unit: .pounds) }
        #expect(pounds.weight == "12.5")
        #expect(problems == [nil, nil, nil, .notAStep, nil])
        #expect(SetEntry.accepts("12.5", in: .weight, unit: .pounds))
        #expect(InputProblem.notAStep.message(unit: .kilograms) == "kg go in steps of 0.25: .25 .5 .75")
        #expect(InputProblem.notAStep.message(unit: .pounds) == "lb go in steps of 0.5: .5")
    }

    @Test func leadingZerosAreRefused() {
        #expect(typing("005", into: .weight) == ("0", [nil, .leadingZero, .leadingZero]))
        #expect(typing("0.5", into: .weight) == ("0.5", [nil, nil, nil]))
        #expect(typing("010", into: .reps) == ("0", [nil, .leadingZero, .leadingZero]))
    }

    @Test func aDecimalPointGoesOnlyIntoTheWeight() {
        #expect(typing("1.5", into: .reps) == ("15", [nil, .decimalPointInReps, nil]))
    }

    @Test func lettersAndOtherCharactersAreRefused() {
        #expect(typing("a", into: .weight) == ("", [.notADigit]))
        #expect(typing("1e", into: .reps) == ("1", [nil, .notADigit]))
        #expect(typing("-5", into: .weight) == ("5", [.negative, nil]))
        #expect(typing("+5", into: .weight) == ("5", [.notADigit, nil]))
        #expect(typing(" ", into: .weight) == ("", [.notADigit]))
        // Digits of other scripts are not ASCII digits.
        #expect(typing("٣", into: .reps) == ("", [.notADigit]))
        #expect(typing("½", into: .weight) == ("", [.notADigit]))
    }

    @Test func aFullFieldStillExplainsALetter() {
        // The kind of character is checked before the length.
        #expect(typing("123a", into: .reps) == ("123", [nil, nil, nil, .notADigit]))
    }

    @Test(arguments: [
        ("", "10", EntryProblem.missingWeight),
        (".", "10", .weightNotANumber),
        ("0", "10", .zeroWeight),
        ("0.0", "10", .zeroWeight),
        ("0.00", "10", .zeroWeight),
        ("22.", "10", .unfinishedDecimal),
        ("12", "", .missingReps),
        ("12", "0", .zeroReps),
    ])
    func whatStopsASetFromStarting(weight: String, reps: String, problem: EntryProblem) {
        let entry = SetEntry(weight: weight, reps: reps)
        #expect(entry.problem == problem)
        #expect(!entry.isValid)
    }

    @Test(arguments: [("12", 12.0), ("2.5", 2.5), (".5", 0.5), ("22.5", 22.5), ("100", 100.0), ("0.5", 0.5)])
    func validWeights(text: String, value: Double) {
        let entry = SetEntry(weight: text, reps: "8")
        #expect(entry.weightValue == value)
        #expect(entry.problem == nil)
    }

    @Test func anEntryKeepsOnlyTextThatCouldBeTyped() {
        #expect(SetEntry(weight: "1.2.3", reps: "10").weight == "")
        #expect(SetEntry(weight: "12", reps: "1.5").reps == "")
        #expect(SetEntry(weight: "1234", reps: "abc") == SetEntry())
        #expect(SetEntry(weight: "005", reps: "10").weight == "")
        #expect(SetEntry(weight: "22.3", reps: "10").weight == "")
    }

    @Test func backspaceAndClear() {
        var entry = SetEntry(weight: "2.5", reps: "12")
        entry.deleteBackward(in: .weight)
        #expect(entry.weight == "2.")
        entry.clear(.reps)
        #expect(entry.reps == "")
        entry.deleteBackward(in: .reps)
        #expect(entry.reps == "")
    }

    @Test(arguments: InputProblem.allCases)
    func everyRefusalHasASentence(problem: InputProblem) {
        #expect(!problem.message(unit: .kilograms).isEmpty)
        #expect(
            problem.message(unit: .pounds).contains("lb")
                == [.decimalPointInReps, .notADigit, .tooHeavy, .notAStep].contains(problem))
    }

    // MARK: On screen

    @Test func aRefusedCharacterShowsItsReasonOverThePill() {
        var harness = Harness()
        harness.type("1.2.")
        #expect(harness.workout.rows[0].entry.weight == "1.2")
        #expect(harness.frame()[harness.noticeRow] == "                           ! Only one decimal point")
        harness.type("3")
        #expect(harness.frame()[harness.noticeRow] == "                     ! kg go in steps of 0.25: .25 .5 .75")
        harness.press(.backspace)
        #expect(harness.workout.notice == nil, "the reason goes with the next key")
        harness.press(.right)
        harness.type("b")
        #expect(harness.frame()[harness.noticeRow].contains("! Only digits (and one decimal point in kg)"))
        harness.type(".")
        #expect(harness.frame()[harness.noticeRow].contains("! A decimal point goes only in kg"))
        harness.type("1000")
        #expect(harness.frame()[harness.noticeRow].contains("! Reps go up to 3 digits"))
        harness.press(.left, .delete)
        harness.type("1000")
        #expect(harness.frame()[harness.noticeRow].contains("! At most 999.75 kg"))
    }

    @Test func startIsRefusedWithTheReasonAndTheFieldToFix() {
        var harness = Harness()
        harness.press(.enter)
        #expect(harness.workout.pill == .start)
        #expect(harness.workout.notice?.text == "Set 1 needs its kg")
        harness.type(".")
        harness.press(.enter)
        #expect(harness.workout.notice?.text == "“.” alone is not a weight")
        harness.press(.backspace)
        harness.type("0")
        harness.press(.enter)
        #expect(harness.workout.notice?.text == "The weight must be more than 0")
        harness.press(.backspace)
        harness.type("8")
        harness.press(.enter)
        #expect(harness.workout.notice?.text == "Set 1 needs its reps")
        #expect(harness.workout.selection == FieldPosition(row: 0, field: .reps), "the field to fix is selected")
        harness.type("0")
        harness.press(.enter)
        #expect(harness.workout.notice?.text == "Reps must be at least 1")
        harness.press(.backspace)
        harness.type("5")
        harness.press(.enter)
        #expect(harness.workout.pill.kind == .active)
    }

    @Test func aPasteGoesInWholeOrNotAtAll() {
        var harness = Harness()
        harness.send(.paste("12x5"))
        #expect(harness.workout.rows[0].entry.weight == "", "nothing of a paste with a character refused")
        #expect(harness.workout.notice?.kind == .refused)
        harness.send(.paste("12"))
        #expect(harness.workout.rows[0].entry.weight == "12")
        harness.press(.right)
        harness.send(.paste(" 10 "))
        #expect(harness.workout.rows[0].entry.reps == "10")
    }

    @Test func theUnitNamesTheWeightColumnAndTheReasons() {
        var harness = Harness(settings: DumbbellsSettings(unit: .pounds))
        harness.press(.right)
        harness.type(".")
        #expect(harness.workout.notice?.text == "A decimal point goes only in lb")
        #expect(harness.frame()[harness.titlesRow].hasPrefix("      Set  lb       reps"))
    }

    // MARK: Weights as text

    @Test func weightsAreWrittenWithTheFewestCharacters() {
        #expect(WeightText.display(12) == "12")
        #expect(WeightText.display(12.5) == "12.5")
        #expect(WeightText.display(0.25) == "0.25")
        #expect(WeightText.display(2.05) == "2.05")
        #expect(WeightText.display(336) == "336")
    }

    @Test func shownWeightsAreRoundedToTheUnitsStep() {
        #expect(WeightText.display(22.046, step: 0.5) == "22")
        #expect(WeightText.display(26.455, step: 0.5) == "26.5")
        #expect(WeightText.display(10.2, step: 0.25) == "10.25")
        #expect(WeightText.display(12, from: .kilograms, in: .pounds) == "26.5")
        #expect(WeightText.display(22.5, from: .pounds, in: .kilograms) == "10.25")
    }

    @Test func kilogramsAndPoundsConvertExactly() {
        #expect(Weight.convert(10, from: .kilograms, to: .pounds) == 10 / 0.45359237)
        #expect(Weight.convert(1, from: .pounds, to: .kilograms) == 0.45359237)
        let there = Weight.convert(12.5, from: .pounds, to: .kilograms)
        #expect(abs(Weight.convert(there, from: .kilograms, to: .pounds) - 12.5) < 1e-9)
    }
}
