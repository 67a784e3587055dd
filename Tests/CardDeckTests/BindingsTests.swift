import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import CardDeck

/// The screens and sheets of the card workout, in the states a member meets them in.
enum CardsStates {
    /// The states by name, each a harness at 80×24.
    static func all() -> [(name: String, harness: Harness)] {
        let ready = Harness(partial: ["9H", "3S", "KC"])
        var cardUp = ready
        cardUp.press(.enter)
        cardUp.wait(.seconds(62))
        var done = cardUp
        for _ in 0..<3 {
            done.press(.enter)
            done.wait(.seconds(1))
        }
        var failed = Harness(server: "http://deck.test")
        failed.press(.enter)
        failed.reply(.failure(.unreachable("Connection refused")))
        var flipping = Harness(mode: .flip)
        flipping.wait(.milliseconds(340))
        var stopped = flipping
        stopped.press(.character(" "))
        var rules = cardUp
        rules.press(.character("r"))
        var editor = rules
        editor.press(.enter)
        var filtered = rules
        filtered.type("joker")
        var server = rules
        server.type("deck f")
        server.press(.enter)
        var keys = cardUp
        keys.press(.character("?"))
        var leave = cardUp
        leave.press(.character("q"))
        return [
            ("deck before the first card", ready), ("a card up", cardUp), ("deck done", done),
            ("server failed", failed), ("flipping", flipping), ("flip stopped", stopped), ("rules", rules),
            ("rules editor", editor), ("keys sheet", keys), ("the leave question", leave),
            ("rules filtered", filtered), ("rules, the server's field", server),
        ]
    }

    /// The text of `bindings`' help bar drawn on a row `width` wide.
    static func barText(_ bindings: KeyBindings<CardsAction>, width: Int) -> String {
        var canvas = Canvas(size: Size(width: width, height: 1))
        bindings.helpBar.render(into: &canvas, in: canvas.bounds)
        return canvas.lines().first ?? ""
    }
}

/// The bindings table is the whole truth about the keys: every key that does something is
/// declared, every enabled binding is on the keys sheet, and the bar is what the table says.
@Suite struct CardDeckBindingsTests {
    /// What a key can change: the screen and everything the workout shows or will do.
    private func look(_ harness: Harness) -> String {
        let workout = harness.workout
        return "\(harness.frame())|\(workout.mode)|\(workout.flip)|\(workout.phase)|\(workout.sheets)|"
            + "\(workout.settings)|\(String(describing: workout.notice))|\(workout.draws.count)|"
            + "\(String(describing: workout.nextDeadline(after: harness.now)))"
    }

    @Test func theStatesAreThoseNamed() {
        let states = CardsStates.all()
        #expect(
            states.map { $0.harness.workout.sheets.coversScreen } == Array(repeating: false, count: 6)
                + Array(repeating: true, count: 6))
        #expect(states[2].harness.workout.summary != nil)
        if case .failed = states[3].harness.workout.phase {} else { Issue.record("not failed") }
        #expect(states[4].harness.workout.isFlipping && !states[5].harness.workout.isFlipping)
    }

    @Test func everyKeyThatDoesSomethingIsDeclared() {
        for (name, harness) in CardsStates.all() {
            let problems = harness.undeclaredKeyEffects(of: harness.workout.bindings, look: look)
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
    }

    @Test func everyEnabledBindingIsOnTheKeysSheet() {
        var checked = 0
        // `?` on the screens, F1 on the rules (where `?` types to find a rule).
        for (name, harness) in CardsStates.all() where harness.workout.bindings.action(for: .function(1)) == .keys {
            var copy = harness
            copy.send(.resize(Size(width: 200, height: 60)))
            let typesQuestionMark = copy.workout.bindings.action(for: .character("?")) != .keys
            copy.press(typesQuestionMark ? .function(1) : .character("?"))
            // What works once the keys sheet closes (`?` stops the flips first).
            #expect(copy.workout.sheets.isShowingKeys, "\(name)")
            let bindings = copy.workout.bindings(below: copy.workout.sheets.sheets.count)
            let frame = copy.frame().joined(separator: "\n")
            let missing = KeyProbe.missingFromSheet(bindings, sheet: frame)
            #expect(missing.isEmpty, "\(name): \(missing)")
            checked += 1
        }
        #expect(checked == 8)
    }

    @Test func theBarIsTheTableMostImportantFirst() {
        let bars = CardsStates.all().map { name, harness in
            "\(name): " + CardsStates.barText(harness.workout.bindings, width: 80).trimmingCharacters(in: .whitespaces)
        }
        #expect(
            bars == [
                "deck before the first card: Enter Draw  q Back  ? Keys  r Rules  m Flip mode",
                "a card up: Enter Done  q Back  ? Keys  r Rules  m Flip mode  p Pause",
                "deck done: Enter New deck  q Back  ? Keys",
                "server failed: Enter Retry  l Own deck  q Back  ? Keys  r Rules  m Flip mode",
                "flipping: Space Stop  q Back  ? Keys  r Rules  m Deck mode",
                "flip stopped: Space Start  q Back  ? Keys  r Rules  m Deck mode",
                "rules: ↑↓ Choose  Enter Edit  Esc Cancel  Tab Complete  F1 Keys",
                "rules editor: Enter Keep  Esc Cancel",
                "keys sheet: ↑↓ Scroll  Esc Close",
                "the leave question: y Leave  n Stay",
                "rules filtered: ↑↓ Choose  Enter Change  Esc Cancel  Tab Complete  F1 Keys",
                "rules, the server's field: Enter Keep  Esc Cancel",
            ])
        // At 40 columns the primary key, Back and Keys stay.
        let narrow = CardsStates.barText(CardsStates.all()[1].harness.workout.bindings, width: 40)
        #expect(narrow.hasPrefix("Enter Done  q Back  ? Keys"))
    }

    @Test func clickingAHintDoesWhatItsKeyDoes() {
        for (name, harness) in CardsStates.all() {
            let bar = Rect(x: 0, y: 23, width: 80, height: 1)
            let bindings = harness.workout.bindings
            for (frame, action) in bindings.barTargets(in: bar) {
                guard let key = bindings.barBindings.first(where: { $0.action == action })?.keys.first else { continue }
                var clicked = harness
                var pressed = harness
                let clickOutputs = clicked.send(.mouse(MouseEvent(.release, at: frame.origin)))
                let keyOutputs = pressed.press(key)
                #expect(clickOutputs.count == keyOutputs.count, "\(name): \(key.name)")
                #expect(look(clicked) == look(pressed), "\(name): a click on \(key.name)'s hint")
            }
        }
    }

    @Test func aLetterBeyondASCIIIsTypedIntoARule() {
        var harness = CardsStates.all()[7].harness
        for _ in 0..<20 { harness.press(.backspace) }
        harness.type("Crunché")
        harness.press(.enter)
        #expect(harness.workout.settings.exercise(for: .spades) == "Crunché")
    }
}
