import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Flashcards

/// The one editing rule in the card editor and the deck names: moving onto a field selects its
/// value, the first character typed replaces it, Esc puts back the value it had, and a card being
/// written is never dropped without asking.
@Suite struct EditingRuleTests {
    private func editor(_ harness: Harness) -> CardEditor? {
        for sheet in harness.workout.sheets.sheets.reversed() { if case .editor(let editor) = sheet { return editor } }
        return nil
    }

    private func picker(_ harness: Harness) -> DeckPicker? {
        if case .decks(let picker) = harness.workout.sheet { return picker }
        return nil
    }

    @Test func escPutsBackTheAnswerAndClosingOverTheCardAsksFirst() {
        var harness = Harness()
        harness.press(.character("e"))
        harness.type("Which muscle?")
        harness.press(.tab)
        harness.type("Biceps")
        #expect(harness.frame().last?.contains("Esc Put back") == true)
        #expect(harness.press(.escape).isEmpty)
        #expect(editor(harness)?.answer.text == "", "the answer as it was when the field was moved onto")
        #expect(editor(harness)?.prompt.text == "Which muscle?", "the prompt, committed by Tab, stays")
        #expect(harness.frame().last?.contains("Esc Done") == true)
        // Done with a card being written: the question, and Keep (n or Esc) goes back to it.
        #expect(harness.press(.escape).isEmpty)
        guard case .discardDraft(let question) = harness.workout.sheet else {
            Issue.record("Esc with a card being written asks first: \(String(describing: harness.workout.sheet))")
            return
        }
        #expect(question.message.contains("Which muscle?"))
        #expect(harness.frame().joined().contains("Discard card?"))
        harness.press(.escape)
        #expect(editor(harness)?.prompt.text == "Which muscle?" && harness.workout.sheets.sheets.count == 1)
        harness.press(.escape, .character("n"))
        #expect(editor(harness)?.prompt.text == "Which muscle?")
        // The Done button asks the same; y drops the card and closes.
        let layout = EditorLayout(screen: harness.workout.size, editor: editor(harness)!, plain: false)
        harness.click(layout.doneButton)
        guard case .discardDraft = harness.workout.sheet else {
            Issue.record("Done with a card being written asks first")
            return
        }
        #expect(harness.press(.character("y")).isEmpty, "nothing is saved")
        #expect(harness.workout.sheet == nil)
        #expect(harness.workout.deck?.cards.count == 3)
        // With nothing written, Esc closes at once.
        harness.press(.character("e"), .escape)
        #expect(harness.workout.sheet == nil)
    }

    @Test func movingOntoAFieldSelectsItAndTheFirstCharacterReplacesIt() throws {
        var harness = Harness()
        harness.press(.character("e"))
        harness.type("Front")
        harness.press(.tab)
        harness.type("Back")
        harness.press(.backTab)
        #expect(editor(harness)?.prompt.isSelected == true)
        harness.type("X")
        #expect(editor(harness)?.prompt.text == "X", "typed over, not appended")
        harness.press(.escape)
        #expect(editor(harness)?.prompt.text == "Front", "Esc: the value the field had")
        // ↓ and ↑ leave a field and commit it; ← → edit inside it.
        harness.press(.down, .up, .up)
        #expect(editor(harness)?.focus == .prompt)
        harness.press(.right)
        harness.type("s")
        #expect(editor(harness)?.prompt.text == "Fronts")
        let outputs = harness.press(.enter)
        let saved = try #require(outputs.first)
        guard case .save(.flashcard(let card, _)) = saved else {
            Issue.record("Enter in the prompt with an answer adds the card: \(outputs)")
            return
        }
        #expect((card.prompt, card.answer) == ("Fronts", "Back"), "what the fields showed")
    }

    @Test func aPasteTooLongForANameSaysSoAndKeepsNothing() {
        var harness = Harness()
        harness.press(.character("d"), .control("n"))
        harness.type("Legs")
        harness.send(.paste(String(repeating: "x", count: ValueLimits.nameLength)))
        #expect(picker(harness)?.name.text == "Legs")
        #expect(picker(harness)?.message?.contains("Nothing was pasted") == true)
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
    func aRenameToANameInUseSaysWhyWhereItCanBeRead(size: Size) {
        var harness = Harness(decks: [numberedDeck(3), numberedDeck(2, name: "Other", id: 1)], size: size)
        harness.press(.character("d"), .down, .control("r"))
        #expect(picker(harness)?.name.isSelected == true, "the name to rename is selected")
        harness.type("Numbers")
        #expect(picker(harness)?.name.text == "Numbers", "typed over the old name")
        #expect(harness.press(.enter).isEmpty, "refused")
        let frame = harness.frame()
        #expect(frame.contains { $0.contains("A deck is already called") }, "\(frame.joined(separator: "\n"))")
        #expect(frame.contains { $0.contains("New name: Numbers") }, "the name stays in view to change")
        harness.press(.escape)
        #expect(harness.workout.decks.map(\.name) == ["Numbers", "Other"], "Esc keeps the name it had")
        #expect(picker(harness)?.naming == nil)
    }
}

/// Random keys over the editor's fields and a deck's name: Esc always puts back the value the
/// field had when it was moved onto, and what is saved is always what the fields showed.
/// `TERMFIT_PROPERTY_SEED=<seed>` replays a failure; `TERMFIT_PROPERTY_RUNS` sets the runs.
@Suite struct EditingPropertyTests {
    static let seeds = PropertySeeds(runs: 120, chunks: 3, firstSeed: 20_261_127)
    static let keys: [Key] = [
        .character("a"), .character("b"), .character("7"), .character(" "), .character("é"), .backspace, .delete,
        .left, .right, .home, .end, .tab, .backTab, .up, .down, .enter, .escape, .escape, .control("u"),
        .control("k"), .character("x"), .character("u"), .character("y"), .character("n"), .character("e"),
        .control("r"), .control("n"), .character("N"), .character("O"),
    ]

    @Test(arguments: 0..<seeds.chunks)
    func escPutsBackAndSavesShowWhatTheFieldsShowed(chunk: Int) {
        for seed in Self.seeds.seeds(chunk: chunk) {
            var generator = SeededGenerator(seed: seed)
            var harness = Harness(decks: [numberedDeck(3), numberedDeck(1, name: "Other", id: 1)])
            for step in 0..<120 {
                let context = "\(PropertySeeds.replay(seed)) step \(step)"
                if harness.workout.sheet == nil {
                    harness.press(Bool.random(using: &generator) ? .character("e") : .character("d"))
                    if case .decks = harness.workout.sheet, Bool.random(using: &generator) {
                        harness.press(.control("r"))
                    }
                    continue
                }
                let before = harness.workout
                if Int.random(in: 0..<10, using: &generator) == 0 {
                    harness.send(.paste("pasted\ttext"))
                    continue
                }
                let key = Self.keys.randomElement(using: &generator) ?? .escape
                let outputs = harness.press(key)
                check(before: before, key: key, outputs: outputs, after: harness.workout, context)
            }
        }
    }

    private func check(
        before: FlashcardsWorkout, key: Key, outputs: [FlashcardsWorkout.Output], after: FlashcardsWorkout,
        _ context: String
    ) {
        switch before.sheet {
        case .editor(let editor):
            let field: TextField? =
                editor.focus == .prompt ? editor.prompt : editor.focus == .answer ? editor.answer : nil
            if key == .escape, let field, field.isModified {
                #expect(outputs.isEmpty, "Esc saves nothing; \(context)")
                if case .editor(let now) = after.sheet {
                    let shown = editor.focus == .prompt ? now.prompt.text : now.answer.text
                    #expect(shown == field.original, "Esc puts back \(field.original), shows \(shown); \(context)")
                } else {
                    Issue.record("Esc with a changed field closed the editor; \(context)")
                }
            }
            for output in outputs where key == .enter && editor.focus != .list {
                if case .save(.flashcard(let card, _)) = output {
                    #expect(card.prompt == editor.prompt.text.trimmingBlanks(), "saved prompt; \(context)")
                    #expect(card.answer == editor.answer.text.trimmingBlanks(), "saved answer; \(context)")
                }
            }
            if editor.hasUnsavedDraft, after.sheet == nil {
                Issue.record("a card being written was dropped without asking; \(context)")
            }
            if case .editor(let now) = after.sheet, now.focus != editor.focus {
                let entered = now.focus == .prompt ? now.prompt : now.focus == .answer ? now.answer : nil
                if let entered, !entered.text.isEmpty {
                    #expect(entered.isSelected, "a field moved onto has its value selected; \(context)")
                }
            }
        case .decks(let picker) where picker.naming != nil:
            if key == .escape {
                #expect(outputs.isEmpty, "Esc on a name saves nothing; \(context)")
            }
            for output in outputs {
                if case .save(.flashcardDeck(let deck)) = output {
                    #expect(deck.name == picker.name.text.trimmingBlanks(), "the name shown is saved; \(context)")
                }
            }
        case .decks(let picker):
            // The list's filter: Esc closes the list and changes nothing; a deck made from the
            // "+ New deck" row is called what the filter showed.
            if key == .escape {
                #expect(outputs.isEmpty && after.sheet == nil, "Esc closes the list, saving nothing; \(context)")
                #expect(after.decks == before.decks, "\(context)")
            }
            for output in outputs {
                if case .save(.flashcardDeck(let deck)) = output {
                    #expect(key == .enter && picker.list.highlighted == .new(deck.name), "made as shown; \(context)")
                    #expect(deck.name == picker.list.typed, "the name shown is saved; \(context)")
                }
            }
        default:
            break
        }
    }
}
