import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import CardDeck

extension Harness {
    /// The rules sheet's editor, while the sheet is on top.
    var rulesEditor: RulesEditor? {
        if case .rules(let editor) = workout.sheet { return editor }
        return nil
    }
}

/// The rules sheet's fields follow the one editing rule: the value is selected when the field
/// opens and the first key typed replaces it; ← → edit it; Enter, Tab or ↑ ↓ keep it (Tab and
/// the arrows then move to the next or previous rule); Esc puts back the rule as it was.
@Suite struct RulesEditingTests {
    @Test func theFirstKeyTypedReplacesTheName() {
        var harness = Harness()
        harness.press(.character("r"), .enter)
        #expect(harness.rulesEditor?.field?.isSelected == true, "the name is selected as the field opens")
        harness.type("Dips")
        #expect(harness.rulesEditor?.field?.text == "Dips", "typing replaced Push-ups, nothing appended")
        harness.press(.enter)
        #expect(harness.workout.settings.exercise(for: .spades) == "Dips")
    }

    @Test func aPasteIntoTheFieldGoesInWholeOrSaysWhyNot() {
        var harness = Harness()
        harness.press(.character("r"), .enter)
        harness.send(.paste("Bench\ndips"))
        #expect(harness.rulesEditor?.field?.text == "Bench dips", "a line break is a space")
        let long = String(repeating: "x", count: CardSettings.exerciseNameLimit + 1)
        harness.send(.paste(long))
        #expect(harness.rulesEditor?.field?.text == "Bench dips", "nothing of a paste too long")
        #expect(harness.frame().contains { $0.contains("That paste is") }, "the sheet says why")
        harness.press(.enter)
        #expect(harness.workout.settings.exercise(for: .spades) == "Bench dips")
    }

    @Test func aNameBeyondASCIIIsTypedIntoTheRule() {
        var harness = Harness()
        harness.press(.character("r"), .enter)
        harness.type("Écarté")
        harness.press(.tab)
        #expect(harness.workout.settings.exercise(for: .spades) == "Écarté")
        #expect(harness.rulesEditor?.selection == .hearts, "Tab kept it and moved to the next rule")
    }

    @Test func arrowsEditInsideTheFieldWithoutLeavingIt() {
        var harness = Harness()
        harness.press(.character("r"), .enter, .left)
        harness.type("Wide ")
        #expect(harness.rulesEditor?.field?.text == "Wide Push-ups")
        harness.press(.end, .backspace)
        #expect(harness.rulesEditor?.field?.text == "Wide Push-up")
        #expect(harness.workout.settings.exercise(for: .spades) == "Push-ups", "nothing kept before it is left")
    }

    @Test(arguments: [(Key.tab, RulesEditor.Row.hearts), (.down, .hearts), (.up, .server), (.backTab, .server)])
    func tabAndTheArrowsKeepWhatIsTypedAndMove(key: Key, next: RulesEditor.Row) {
        var harness = Harness()
        harness.press(.character("r"), .enter)
        harness.type("Dips")
        let outputs = harness.press(key)
        #expect(harness.workout.settings.exercise(for: .spades) == "Dips", "kept")
        #expect(outputs == [.saveSettings(harness.workout.settings)])
        #expect(harness.rulesEditor?.field == nil)
        #expect(harness.rulesEditor?.selection == next)
    }

    @Test func escPutsBackTheRuleAndKeepsNothing() {
        var harness = Harness()
        harness.press(.character("r"), .down, .enter)
        harness.type("Crunches")
        #expect(harness.frame().contains { $0.contains("Crunches") }, "the field shows what would be kept")
        #expect(harness.press(.escape).isEmpty)
        #expect(harness.rulesEditor?.field == nil, "Esc drops the typing; the sheet stays")
        #expect(harness.workout.settings.exercise(for: .hearts) == "Sit-ups")
        #expect(harness.frame().contains { $0.contains("Sit-ups") })
        harness.press(.escape)
        #expect(harness.workout.sheet == nil, "a second Esc closes the rules")
    }

    @Test func theFieldsKeysAreOnTheBarAndInTheKeysList() {
        var harness = Harness()
        harness.press(.character("r"), .enter)
        #expect(harness.frame().last?.hasPrefix("Enter Keep  Esc Cancel") == true)
        let listing = CardsBindings.rules(harness.rulesEditor ?? RulesEditor()).bindings.map(\.listing)
        #expect(listing.contains("Enter  Tab  ↑ ↓"))
    }

    /// Random keys over every typed rule (the four exercises and the deck server): Esc always
    /// puts back the value the rule had; what is kept is always what the field showed.
    static let seeds = PropertySeeds(runs: 200, chunks: 2, firstSeed: 20_261_127)
    static let typing: [Key] =
        Array("abcXYZ -é中1").map(Key.character) + [
            .backspace, .delete, .left, .right, .home, .end, .control("u"), .control("k"),
        ]
    static let leaving: [Key] = [.enter, .tab, .backTab, .up, .down, .escape]

    @Test(arguments: 0..<seeds.chunks)
    func randomTypingKeepsExactlyWhatTheFieldShowed(chunk: Int) {
        for seed in Self.seeds.seeds(chunk: chunk) {
            var random = SeededGenerator(seed: seed)
            var harness = Harness()
            harness.press(.character("r"))
            let replay = PropertySeeds.replay(seed)
            for round in 0..<8 {
                let rows: [RulesEditor.Row] = [.spades, .hearts, .diamonds, .clubs, .server]
                let row = rows.randomElement(using: &random) ?? .spades
                // Letters type into the list's filter: the rule is reached with the arrows.
                harness.press(.pageUp, .pageUp)
                for _ in 0..<row.rawValue { harness.press(.down) }
                #expect(harness.rulesEditor?.selection == row, "\(replay)")
                let before = harness.workout.settings
                harness.press(.enter)
                for _ in 0..<Int.random(in: 0...12, using: &random) {
                    harness.press(Self.typing.randomElement(using: &random) ?? .left)
                }
                let shown = harness.rulesEditor?.field?.text ?? ""
                let key = Self.leaving.randomElement(using: &random) ?? .enter
                harness.press(key)
                let context = "\(replay), round \(round), \(row) with \(shown.debugDescription), then \(key)"
                #expect(harness.rulesEditor?.field == nil, "\(context): the field is left")
                let settings = harness.workout.settings
                if key == .escape {
                    #expect(settings == before, "\(context): Esc keeps nothing")
                } else if let suit = row.suit {
                    let kept = CardSettings.cleanedExercise(shown) ?? before.exercise(for: suit)
                    #expect(settings.exercise(for: suit) == kept, "\(context)")
                } else {
                    let address = shown.trimmingBlanks()
                    #expect(settings.deckServer == (address.isEmpty ? nil : address), "\(context)")
                }
            }
        }
    }

    /// Random keys over the list's filter: what is typed only finds rules, it never changes one;
    /// Esc closes the sheet with every rule as it was; the rows shown all contain what was typed.
    @Test(arguments: 0..<seeds.chunks)
    func typingInTheFilterChangesNoRuleAndEscClosesTheSheet(chunk: Int) {
        let filtering: [Key] =
            Array("acejkdosp QX♠-").map(Key.character) + [
                .backspace, .delete, .left, .right, .home, .end, .control("u"),
            ]
        for seed in Self.seeds.seeds(chunk: chunk) {
            var random = SeededGenerator(seed: seed)
            var harness = Harness()
            harness.press(.character("r"))
            let before = harness.workout.settings
            for _ in 0..<Int.random(in: 1...16, using: &random) {
                harness.press(filtering.randomElement(using: &random) ?? .left)
            }
            let context = PropertySeeds.replay(seed)
            let list = harness.rulesEditor?.list
            let typed = list?.typed.lowercased() ?? ""
            for row in list?.rows ?? [] where !typed.isEmpty {
                #expect(list?.label(of: row).lowercased().contains(typed) == true, "\(context): \(row)")
            }
            #expect(harness.workout.settings == before, "\(context): typing changed no rule")
            #expect(harness.press(.escape).isEmpty, "\(context)")
            #expect(harness.workout.sheet == nil && harness.workout.settings == before, "\(context)")
        }
    }
}
