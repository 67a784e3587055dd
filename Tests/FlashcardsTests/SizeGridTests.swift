import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Flashcards

/// The screens and sheets of the flashcard workout in one place, each a harness in that state.
enum FlashcardsScreens {
    static let longPrompt =
        "Which muscles does a barbell back squat work the most, and which ones keep the torso upright through the lift?"
    static let longAnswer =
        "The quadriceps and the gluteus maximus do most of the work; the adductors and hamstrings help, "
        + "and the spinal erectors and the abdominal wall brace the trunk so the back stays neutral."

    /// A deck whose first card has a long prompt and answer.
    static let deck = FlashcardDeck(
        id: fixedID(0), name: "Strength", createdAt: testDate,
        cards: [(longPrompt, longAnswer), ("Where is the deltoid?", "Over the shoulder joint"), ("Q3", "A3")]
            .enumerated().map { index, text in
                Flashcard(
                    id: fixedID(100 + index), prompt: text.0, answer: text.1,
                    createdAt: testDate.addingTimeInterval(Double(index)))
            })

    /// Every state worth drawing, by name.
    static let names = [
        "hidden", "revealed", "dragged", "no colour", "over", "empty", "editor prompt", "editor answer",
        "editor list", "decks", "keys", "keys over the decks", "leave", "plain", "plain editor", "plain keys",
        "cram", "waiting", "nothing due", "plain waiting", "plain over",
        "decks naming", "decks delete", "editor changing", "editor deleted", "plain decks naming",
        "long answer", "long answer scrolled", "plain long answer", "undo", "discard card", "decks refused",
        "decks filtered", "plain decks", "scheduling", "scheduling changed", "plain scheduling",
    ]

    /// The workout in state `name` at `size`.
    static func harness(_ name: String, size: Size) -> Harness {
        let plain = name.hasPrefix("plain")
        var decks = [deck]
        if name == "empty" { decks = [FlashcardDeck(id: fixedID(0), name: "Nothing yet", createdAt: testDate)] }
        if name.hasSuffix("long answer") || name == "long answer scrolled" { decks = [GradingTests.longDeck] }
        if name.hasPrefix("decks") || name == "keys over the decks" {
            decks += (1..<30).map { numberedDeck($0 % 4, name: "Deck number \($0)", id: $0) }
        }
        if name.hasPrefix("plain decks") {
            decks += (1..<30).map { numberedDeck($0 % 4, name: "Deck number \($0)", id: $0) }
        }
        if name.hasPrefix("editor") || name == "plain editor" {
            decks[0].cards += (0..<30).map { index in
                Flashcard(
                    id: fixedID(500 + index), prompt: "Extra card \(index + 1)", answer: "Answer \(index + 1)",
                    createdAt: testDate)
            }
        }
        let reviews =
            name == "nothing due"
            ? deck.cards.map { FlashcardReview(cardID: $0.id, grade: .easy, reviewedAt: testDate) } : []
        var harness = Harness(
            decks: decks, reviews: reviews, usesColor: name != "no colour", plain: plain, size: size)
        switch name {
        case "revealed", "plain": harness.press(.character(" "))
        case "dragged":
            let card = harness.workout.layout.card
            let start = Point(x: card.x + card.width / 2, y: card.y + card.height / 2)
            harness.mouse(.press, start)
            // One column: further, the card leaves its place (and the screen's edge) by design.
            harness.mouse(.drag, Point(x: start.x + 1, y: start.y))
        case "no colour":
            harness.press(.character(" "))
        case "over", "plain over": harness.wait(.seconds(100))
        case "cram":
            harness.press(.character("c"))
            harness.grade(.left)
        case "waiting", "plain waiting": harness.grade(.left, .left, .left)
        case "editor prompt", "plain editor":
            harness.press(.character("e"))
            harness.type("A new prompt")
        case "editor answer":
            harness.press(.character("e"))
            harness.type("A new prompt")
            harness.press(.enter)
            harness.type("its answer")
        case "editor list":
            harness.press(.character("e"), .tab, .tab, .end, .up, .up)
        case "decks":
            harness.press(.character("d"), .end)
        case "decks naming", "plain decks naming":
            harness.press(.character("d"), .end, .control("r"))
            harness.type(" and a long name that goes on and on")
        case "decks delete":
            harness.press(.character("d"), .control("x"))
        case "editor changing":
            harness.press(.character("e"), .tab, .tab, .enter)
        case "editor deleted":
            harness.press(.character("e"), .tab, .tab, .delete)
        case "keys", "plain keys": harness.press(.character("?"))
        case "long answer", "plain long answer": harness.press(.character(" "))
        case "long answer scrolled": harness.press(.character(" "), .down, .down)
        case "undo": harness.grade(.right)
        case "discard card":
            harness.press(.character("e"))
            harness.type("A new prompt")
            harness.press(.tab, .escape)
        case "decks refused":
            harness.press(.character("d"), .control("r"))
            harness.type("Deck number 1")
            harness.press(.enter)
        case "keys over the decks": harness.press(.character("d"), .function(1))
        case "decks filtered":
            harness.press(.character("d"))
            harness.type("NUMBER 2")
        case "plain decks": harness.press(.character("d"), .end)
        case "scheduling", "plain scheduling": harness.press(.character("o"))
        case "scheduling changed": harness.press(.character("o"), .down, .right, .down, .left, .left)
        case "leave":
            harness.grade(.right)
            harness.press(.character("q"))
        default: break
        }
        return harness
    }

    /// The help bar the bindings give now, as drawn at `width`.
    static func bar(of harness: Harness, width: Int) -> String {
        var canvas = Canvas(size: Size(width: width, height: 1))
        harness.workout.bindings(at: harness.now).helpBar.render(into: &canvas, in: canvas.bounds)
        return canvas.lines()[0]
    }
}

/// Every screen and sheet at every size of `ScreenInvariants.sizes`: boxes whole, the help bar the
/// bindings give on the last row, and the card's whole text where the window has room for it.
@Suite struct FlashcardsSizeGridTests {
    @Test(arguments: ScreenInvariants.sizes)
    func everyScreenFits(size: Size) {
        for name in FlashcardsScreens.names {
            let harness = FlashcardsScreens.harness(name, size: size)
            var composition = Composition(size: size)
            harness.workout.render(into: &composition, at: harness.now)
            let plain = name.hasPrefix("plain")
            let bar = plain ? nil : FlashcardsScreens.bar(of: harness, width: size.width)
            let problems = ScreenInvariants.problems(in: composition, helpBar: bar)
            let lines = composition.flatten().lines()
            #expect(problems.isEmpty, "\(size) \(name): \(problems)\n\(lines.joined(separator: "\n"))")
            if plain {
                let keys = harness.workout.bindings(at: harness.now).helpBar.hints.map { "\($0.key) \($0.description)" }
                if ["plain", "plain waiting", "plain over", "plain long answer"].contains(name) {
                    #expect(lines.joined(separator: " ").contains("Keys: " + keys[0]), "\(size): the keys line")
                } else {
                    #expect(lines.last?.hasPrefix(keys[0]) == true, "\(size) \(name): \(lines.last ?? "")")
                }
            }
        }
    }

    @Test(arguments: ScreenInvariants.sizes)
    func theCardShowsItsWholeTextWhereThereIsRoom(size: Size) {
        for name in ["hidden", "revealed", "no colour"] {
            let harness = FlashcardsScreens.harness(name, size: size)
            let layout = harness.workout.layout
            if size.width >= 64 && size.height >= 24 {
                #expect(layout.fitsText, "\(size): room for the whole card")
            }
            guard layout.fitsText else { continue }
            let lines = harness.frame()
            let card = layout.card
            let text = lines[card.y..<card.maxY].map { line -> String in
                let characters = Array(line.padding(toLength: card.maxX, withPad: " ", startingAt: 0))
                return String(characters[(card.x + 1)..<(card.maxX - 1)]).trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }.joined(separator: " ")
            #expect(!lines.joined().contains("…"), "\(size) \(name): nothing cut\n\(lines.joined(separator: "\n"))")
            #expect(text.contains(FlashcardsScreens.longPrompt), "\(size) \(name): \(text)")
            if name != "hidden" {
                #expect(text.contains(FlashcardsScreens.longAnswer), "\(size) \(name): \(text)")
            }
        }
    }

    /// The deck's name gives way before the score and [ + ]: at every size a blank separates them.
    @Test(arguments: ScreenInvariants.sizes)
    func theTitleNeverRunsIntoTheButton(size: Size) throws {
        let harness = Harness(decks: [numberedDeck(3, name: "Muscles and training of the whole body")], size: size)
        let top = harness.frame().first ?? ""
        let button = try #require(top.range(of: "[ + ]"), "\(size.width)×\(size.height): \(top)")
        let before = top[..<button.lowerBound]
        #expect(before.hasSuffix(" "), "\(size.width)×\(size.height): \(top)")
    }

    @Test func theCardGrowsWithTheWindowAndTheGroupIsCentred() {
        let small = FlashcardsScreens.harness("revealed", size: Size(width: 80, height: 24)).workout.layout
        let large = FlashcardsScreens.harness("revealed", size: Size(width: 200, height: 60)).workout.layout
        #expect(small.card.width == 56)
        #expect(large.card.width == ScreenLayout.widestCard)
        #expect(large.card.height > small.card.height)
        // The group (timer, card, peeks) sits in the middle: as much room above as below.
        let above = large.timerRow.y - large.header.maxY
        let below = large.notice.y - (large.card.maxY + 3)
        #expect(abs(above - below) <= 1, "above \(above), below \(below)")
        #expect(large.timerRow.maxY + 1 == large.card.y, "the capsule stays just above the card")
    }
}

/// The bindings are the keys: every enabled one is on the keys sheet, and every key that does
/// something is declared.
@Suite struct FlashcardsBindingTests {
    static let states = [
        "hidden", "revealed", "over", "empty", "editor prompt", "editor answer", "editor list", "decks", "keys",
        "keys over the decks", "leave", "plain", "cram", "waiting", "nothing due", "long answer",
        "long answer scrolled", "undo", "discard card", "decks refused",
        "decks filtered", "plain decks", "scheduling", "scheduling changed", "plain scheduling",
    ]

    /// What a key could change: the screen, the sheets, the stack and the score.
    private func snapshot(_ harness: Harness) -> String {
        let workout = harness.workout
        return harness.frame().joined(separator: "\n")
            + "\(workout.sheets.sheets) \(workout.stack.map(\.id)) \(workout.isRevealed) \(workout.mode) "
            + "\(workout.correctCount) \(workout.wrongCount) \(workout.timer)"
    }

    @Test(arguments: states)
    func everyKeyThatDoesSomethingIsDeclared(state: String) {
        let size = Size(width: 100, height: 30)
        let start = FlashcardsScreens.harness(state, size: size)
        let bindings = start.workout.bindings(at: start.now)
        let problems = KeyProbe.undeclaredEffects(of: bindings) { key in
            var harness = start
            let before = snapshot(harness)
            let outputs = harness.press(key)
            return !outputs.isEmpty || snapshot(harness) != before
        }
        #expect(problems.isEmpty, "\(state): \(problems)")
    }

    @Test(arguments: [
        "hidden", "revealed", "over", "empty", "editor prompt", "editor list", "decks", "cram", "waiting",
        "nothing due", "long answer", "undo", "decks refused", "scheduling", "scheduling changed",
    ])
    func everyEnabledBindingIsOnTheKeysSheet(state: String) {
        let size = Size(width: 250, height: 70)
        var harness = FlashcardsScreens.harness(state, size: size)
        let bindings = harness.workout.bindings(at: harness.now)
        harness.press(.function(1))
        guard harness.workout.sheets.isShowingKeys else {
            Issue.record("\(state): F1 did not open the keys")
            return
        }
        let frame = harness.frame().joined(separator: "\n")
        let missing = KeyProbe.missingFromSheet(bindings, sheet: frame)
        #expect(missing.isEmpty, "\(state): \(missing)")
        // Esc closes the keys and the state below is as it was.
        harness.press(.escape)
        #expect(harness.workout.bindings(at: harness.now).helpBar == bindings.helpBar)
    }

    @Test func aClickOnAHintDoesWhatItsKeyDoes() {
        var harness = FlashcardsScreens.harness("hidden", size: Size(width: 120, height: 30))
        let layout = harness.workout.layout
        let bindings = harness.workout.bindings(at: harness.now)
        let targets = bindings.barTargets(in: layout.helpBar)
        let decks = targets.first { $0.action == .chooseDeck }
        #expect(decks != nil, "d Decks is on the bar at 120 columns")
        harness.click(decks?.frame ?? .zero)
        guard case .decks = harness.workout.sheet else {
            Issue.record("a click on d Decks did not open the decks")
            return
        }
        let cancel = harness.workout.bindings(at: harness.now).barTargets(in: layout.helpBar).first {
            $0.action == .close
        }
        harness.click(cancel?.frame ?? .zero)
        #expect(harness.workout.sheet == nil, "a click on Esc Cancel closed the decks")
    }

    @Test func sheetsStackAndEscClosesTheTopOneTheTimerHeldUntilTheLast() {
        var harness = FlashcardsScreens.harness("hidden", size: Size(width: 80, height: 24))
        harness.press(.character("d"), .function(1))
        #expect(harness.workout.sheets.sheets.count == 1 && harness.workout.sheets.isShowingKeys)
        #expect(harness.workout.timer.holds.contains(.sheet))
        harness.press(.escape)
        guard case .decks = harness.workout.sheet else {
            Issue.record("Esc closed more than the keys")
            return
        }
        #expect(!harness.workout.timer.isRunning)
        harness.press(.escape)
        #expect(harness.workout.sheet == nil)
        #expect(harness.workout.timer.isRunning)
    }
}
