import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// A rest lengthened or shortened while it runs, and any length typed in the rest picker.
@Suite struct RestAdjustTests {
    /// A rest of 30 s counting down from set 1's end.
    private func resting() -> Harness {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.enter)  // the first length: 30 s
        return harness
    }

    @Test func plusLengthensTheRestBy15SecondsWhileItRuns() {
        var harness = resting()
        harness.wait(.seconds(10))
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 20)
        harness.press(.character("+"))
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 35)
        #expect(harness.workout.notice?.text == "Rest +15 s · 0:35 left")
        #expect(harness.wait(.seconds(34)).isEmpty, "no bell at the old end")
        #expect(harness.workout.pill.kind == .countdown)
        #expect(harness.wait(.seconds(1)) == [.effect(.bell)])
        #expect(harness.workout.pill == .start)
    }

    @Test func minusShortensItAndEndsItWhenLessThan15SecondsAreLeft() {
        var harness = resting()
        harness.press(.character("-"))
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 15)
        harness.wait(.seconds(5))
        harness.press(.character("-"))
        #expect(harness.workout.pill == .start, "10 s left less 15 s: the rest is over")
        #expect(harness.workout.notice?.text == "Rest over")
    }

    @Test func theEndStaysOnTheWorkoutsSecond() {
        var harness = resting()
        guard case .countdown(let before) = harness.workout.pill else {
            Issue.record("no countdown")
            return
        }
        harness.wait(.milliseconds(2300))
        harness.press(.character("="))
        guard case .countdown(let after) = harness.workout.pill else {
            Issue.record("no countdown")
            return
        }
        #expect(after.endsAt == before.endsAt + .seconds(15), "one wake-up a second still serves both")
    }

    @Test func theLongestRestIsAnHour() {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.right, .right, .right, .right)  // the length field
        harness.type("59:50")
        harness.press(.enter)
        harness.press(.character("+"))
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 3600)
    }

    @Test func thePillsButtonsAndTheHelpBarSayWhichKeys() {
        var harness = resting()
        let hints = harness.workout.bindings.helpBar.hints.map { "\($0.key) \($0.description)" }
        #expect(hints.contains("+ +15s"))
        #expect(hints.contains("- −15s"))
        harness.clickPill(.adjustRest(15))
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 45)
        harness.clickPill(.adjustRest(-15))
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 30)
        let listed = harness.workout.tableBindings.bindings.filter { $0.meaning == "rest 15 s longer" }
        #expect(listed.map(\.keys) == [[.character("+"), .character("=")]], "the keys sheet lists them")
    }

    @Test func whileTypingAPlusIsTypedIntoTheField() {
        var harness = resting()
        harness.type("1")
        harness.press(.character("+"))
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 30, "+ went to the field, refused there")
    }

    @Test func enterSkipsOnlyBecauseSkipIsTheFocusedButton() {
        let harness = resting()
        let face = harness.workout.targetFace(at: harness.now)
        let focused = face.items.filter { $0.look == .focusedButton }.compactMap(\.action)
        #expect(focused == [.skip])
    }

    @Test func anyLengthCanBeTypedInThePicker() {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.left, .left)  // No rest, then the length field
        guard case .restPicker(let picker) = harness.workout.pill else {
            Issue.record("no rest picker")
            return
        }
        #expect(picker.focus == 4)
        #expect(picker.length.text == "1:30", "the exercise's rest, selected")
        harness.type("75")
        harness.press(.enter)
        #expect(harness.workout.restSecondsLeft(at: harness.now) == 75)
        #expect(harness.workout.settings.rest(for: "Bicep curl") == 75)
        #expect(harness.outputs.contains(.saveSettings(harness.workout.settings)))
    }

    @Test func aTypedLengthOutsideTheLimitsIsRefusedWithTheReason() {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.left, .left)
        harness.type("0")
        harness.press(.enter)
        #expect(harness.workout.notice == .init("A rest is 1 s to 60 min", kind: .refused))
        #expect(harness.workout.pill.kind == .restPicker)
        harness.press(.backspace)
        harness.type("61:00")
        #expect(RestPicker.seconds("61:00") == .failure(.outOfRange))
        #expect(RestPicker.seconds("1:75") == .failure(.notANumber))
        #expect(RestPicker.seconds("2:05") == .success(125))
    }

    @Test func escPutsBackTheLengthTypedThenLeavesThePicker() {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.left, .left)
        harness.type("45")
        harness.press(.escape)
        guard case .restPicker(let picker) = harness.workout.pill else {
            Issue.record("the first Esc puts the length back")
            return
        }
        #expect(picker.length.text == "1:30")
        harness.press(.escape)
        #expect(harness.workout.pill == .start)
    }
}

/// The rest countdown in big digits where the window has room, the pill's line otherwise.
@Suite struct RestBigDigitsTests {
    private func resting(_ size: Size) -> Harness {
        var harness = Harness(size: size)
        harness.doSet("12", "10")
        harness.press(.enter)
        return harness
    }

    @Test func bigDigitsFrom60x18() {
        let large = resting(Size(width: 80, height: 24))
        #expect(large.workout.layout.restClockLook != nil)
        #expect(large.frame().filter { $0.contains("█") }.count >= 3, "the digits' strokes, over the pill's bar")
        let small = resting(Size(width: 59, height: 24))
        #expect(small.workout.layout.restClockLook == nil)
        #expect(small.frame().filter { $0.contains("█") }.count == 1, "the pill's bar only")
        let short = resting(Size(width: 80, height: 17))
        #expect(short.workout.layout.restClockLook == nil)
    }

    @Test func aThirdOfTheWindowAt200x60() {
        let harness = resting(Size(width: 200, height: 60))
        guard let look = harness.workout.layout.restClockLook else {
            Issue.record("no big digits")
            return
        }
        #expect(look.height >= 17, "legible across a room: \(look.height) rows")
        #expect(look.height <= 21)
    }

    @Test func theTableAndThePillStayInView() {
        let harness = resting(Size(width: 60, height: 18))
        let layout = harness.workout.layout
        #expect(layout.rows.map(\.index) == [0, 1, 2])
        #expect(layout.restClock.maxY <= layout.notice.y)
        #expect(layout.pillArea.maxY <= layout.helpBar.y)
    }
}

/// The exercise picker is TermUI's list picker: the member's own exercises always listed,
/// names matched without regard to case.
@Suite struct ExercisePickerTests {
    private func labels(_ harness: Harness) -> [String] {
        guard case .exercise(let picker, _) = harness.workout.sheet else { return [] }
        return picker.rows.map(picker.label(of:))
    }

    @Test func aCustomExerciseStaysListedAfterAnotherIsChosen() {
        var harness = Harness()
        harness.press(.character("e"))
        harness.type("Zottman curl")
        harness.press(.enter)
        #expect(harness.workout.settings.exercise == "Zottman curl")
        #expect(harness.workout.settings.exercises == ["Zottman curl"])
        #expect(harness.outputs.contains(.saveSettings(harness.workout.settings)))
        harness.press(.character("e"))
        harness.type("Lunge")
        harness.press(.enter)
        #expect(harness.workout.settings.exercise == "Lunge")
        harness.press(.character("e"))
        #expect(labels(harness).prefix(2) == ["Lunge", "Zottman curl"], "own exercises first, always")
        harness.type("zott")
        #expect(labels(harness) == ["Zottman curl", "+ New exercise “zott”"])
    }

    @Test func aNameTypedInAnotherCaseIsTheSameExercise() {
        var settings = DumbbellsSettings()
        settings.exercises = ["Incline press"]
        var harness = Harness(settings: settings)
        harness.press(.character("e"))
        harness.type("incline press")
        #expect(labels(harness) == ["Incline press"], "no “+ New” for a name the member has in any case")
        harness.press(.enter)
        #expect(harness.workout.settings.exercise == "Incline press")
        harness.press(.character("e"))
        harness.type("GOBLET SQUAT")
        harness.press(.enter)
        #expect(harness.workout.settings.exercise == "Goblet squat")
    }

    @Test func addingAnExerciseOfTheSameNameInAnotherCaseIsRefused() {
        var harness = Harness()
        harness.press(.character("A"))
        harness.type("bicep CURL")
        harness.press(.enter)
        #expect(harness.workout.exerciseNames == ["Bicep curl"])
        #expect(harness.workout.notice?.text == "Bicep curl is in this workout already")
    }

    @Test func theRoutinesAndRestsExercisesAreTheMembersOwn() {
        var settings = DumbbellsSettings()
        settings.routines = [
            Routine(name: "Legs", exercises: [RoutineExercise(name: "Bulgarian split squat", sets: 3)])
        ]
        settings.restByExercise = ["Barbell row": 120]
        var harness = Harness(settings: settings)
        harness.press(.character("e"))
        harness.type("barb")
        #expect(labels(harness) == ["Barbell row", "+ New exercise “barb”"])
        harness.press(.escape, .character("e"))
        harness.type("bulg")
        #expect(labels(harness).first == "Bulgarian split squat")
    }

    @Test func theOwnExercisesAreStoredAndReadBack() {
        var stored = Settings()
        stored[SettingKey<[String]>.dumbbellExercises.name] = try? JSONValue(
            encoding: ["Zottman curl", "zottman CURL", "", "Arnold press"])
        #expect(DumbbellsSettings(stored).exercises == ["Zottman curl", "Arnold press"])
    }
}

/// `d` asks before a set of the workout is deleted.
@Suite struct DeleteSetQuestionTests {
    @Test func dAsksAndNKeepsTheSet() {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.escape)  // no rest
        harness.press(.up, .character("d"))
        guard case .deleteSet(let question, let index) = harness.workout.sheet else {
            Issue.record("d does not ask")
            return
        }
        #expect(index == 0)
        #expect(question.question.contains("Delete set 1 (done: 12 kg × 10"))
        #expect(harness.workout.pendingConfirmation == question)
        harness.press(.character("n"))
        #expect(harness.workout.sheet == nil)
        #expect(harness.workout.completedSets.count == 1, "n keeps the set")
        #expect(
            !harness.outputs.contains { if case .save(.dumbbellSetDeletion) = $0 { return true } else { return false } }
        )
    }

    @Test func yDeletesItAndZBringsItBack() {
        var harness = Harness()
        harness.doSet("12", "10")
        harness.press(.escape, .up, .character("d"), .character("y"))
        #expect(harness.workout.completedSets.isEmpty)
        #expect(harness.workout.rows.count == 2)
        #expect(harness.workout.notice?.text == "Set 1 deleted · z brings it back")
    }

    @Test func escKeepsTheSetAndAnUnfinishedSetIsAskedAboutToo() {
        var harness = Harness()
        harness.type("20")
        harness.press(.tab, .character("d"))
        guard case .deleteSet(let question, _) = harness.workout.sheet else {
            Issue.record("d does not ask")
            return
        }
        #expect(question.question.hasSuffix("Delete set 1 (as typed: 20 × –)? z brings it back."))
        harness.press(.escape)
        #expect(harness.workout.rows.count == 3)
        #expect(harness.workout.rows[0].entry.weight == "20")
    }
}

/// Random keys over the rest picker's typed length: Esc always puts back the length the field
/// had before it was typed over, and a rest taken from it is always the length it showed.
@Suite struct RestLengthPropertyTests {
    static let seeds = PropertySeeds(runs: 200, chunks: 2, firstSeed: 20_261_128)
    static let keys: [Key] =
        Array(repeating: "0123456789".map { Key.character($0) }, count: 2).flatMap { $0 } + [
            .character(":"), .character(":"), .backspace, .delete, .left, .right, .enter, .escape, .escape,
        ]

    @Test(arguments: 0..<seeds.chunks)
    func escRestoresAndTheRestTakenIsTheLengthShown(chunk: Int) {
        for seed in Self.seeds.seeds(chunk: chunk) {
            var generator = SeededGenerator(seed: seed)
            var harness = Harness()
            harness.press(.character("r"), .left, .left)
            var trail: [String] = []
            for _ in 0..<40 {
                guard case .restPicker(let before) = harness.workout.pill else { break }
                let key = Self.keys.randomElement(using: &generator) ?? .escape
                trail.append(key.name)
                let lengthFocused = before.focus == harness.workout.settings.restPresets.count
                harness.press(key)
                let context = "\(PropertySeeds.replay(seed)): \(trail.joined(separator: " "))"
                switch (key, harness.workout.pill) {
                case (.escape, .restPicker(let after)) where lengthFocused:
                    #expect(after.length.text == before.length.original, "\(context)")
                case (.enter, .countdown) where lengthFocused:
                    let shown = RestPicker.seconds(before.length.text)
                    #expect(shown == .success(harness.workout.restSecondsLeft(at: harness.now) ?? -1), "\(context)")
                case (.enter, .restPicker) where lengthFocused:
                    #expect((try? RestPicker.seconds(before.length.text).get()) == nil, "\(context): refused")
                default:
                    break
                }
            }
        }
    }
}
