import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import HIIT

/// Every page and sheet of the workout, in the states a member meets them in.
enum HIITStates {
    static let configuration = HIITWorkout.Configuration(getReadySeconds: 0)

    /// The states by name, each a harness at 80×24.
    static func all() -> [(name: String, harness: Harness)] {
        let welcome = Harness(configuration: configuration)
        var ready = welcome
        ready.press(.enter)
        var running = ready
        running.press(.enter)
        running.wait(.seconds(5))
        var paused = running
        paused.press(.character(" "))
        var over = ready
        over.press(.enter)
        over.run(for: .seconds(31))
        var history = ready
        history.press(.character("h"))
        var keys = running
        keys.press(.character("?"))
        var highFive = welcome
        highFive.press(.character("4"))
        highFive.press(.enter)
        highFive.run(for: .seconds(31))
        highFive.press(.enter)
        var leave = running
        leave.press(.character("q"))
        return [
            ("welcome", welcome), ("an exercise before Start", ready), ("running", running), ("paused", paused),
            ("time's up", over), ("history", history), ("keys sheet", keys), ("High Five", highFive),
            ("the leave question", leave),
        ]
    }

    /// The text of `bar` drawn on a row `width` wide.
    static func barText(_ bar: HelpBar, width: Int) -> String {
        var canvas = Canvas(size: Size(width: width, height: 1))
        bar.render(into: &canvas, in: canvas.bounds)
        return canvas.lines().first ?? ""
    }
}

/// Every page and sheet at every size from 40×12 to 250×70: boxes whole, the help bar (as the
/// bindings say) on the last row, the digits big where there is room.
@Suite struct HIITSizeGridTests {
    @Test func theStatesAreThoseNamed() {
        let states = HIITStates.all()
        #expect(
            states.map { $0.harness.workout.sheet == nil } == [true, true, true, true, true] + [
                false, false, false, false,
            ])
    }

    @Test(arguments: 0..<9)
    func everyPageAndSheetFitsEverySize(state: Int) {
        let (name, harness) = HIITStates.all()[state]
        for size in ScreenInvariants.sizes {
            var copy = harness
            copy.send(.resize(size))
            var composition = Composition(size: size)
            copy.workout.render(into: &composition, at: copy.now)
            let bar = HIITStates.barText(copy.workout.bindings.helpBar, width: size.width)
            let problems = ScreenInvariants.problems(in: composition, helpBar: bar)
            #expect(problems.isEmpty, "\(name) at \(size.width)×\(size.height): \(problems)")
        }
    }

    /// The digits grow with the window as far as the 150 B/s budget allows (scale 3: 7 rows).
    @Test func theDigitsGrowWithTheWindowWithinTheByteBudget() {
        var harness = HIITStates.all()[2].harness
        for (size, least) in [(Size(width: 200, height: 60), 7), (Size(width: 80, height: 24), 3)] {
            harness.send(.resize(size))
            let digits = PageLayout.digits(size: size, workout: harness.workout)
            #expect(digits.height >= least, "\(size): \(digits)")
            // What is drawn is that tall, not only the rectangle.
            let rows = harness.frame().filter { $0.contains { "█▀▄".contains($0) } }.count
            #expect(rows >= least, "\(size): \(rows) rows of digits")
            #expect(Rect(size: size).contains(digits.origin) && digits.maxX <= size.width)
        }
    }

    @Test func theStickFigureNeverShowsAroundTheHighFive() {
        let highFive = HIITStates.all()[7].harness
        for size in ScreenInvariants.sizes {
            var copy = highFive
            copy.send(.resize(size))
            let figure = PageLayout(size: size, workout: copy.workout).figure
            let canvas = copy.canvas()
            for y in figure.y..<figure.maxY {
                for x in figure.x..<figure.maxX where !"╭╮╰╯│─".contains(canvas[x, y].glyph.character) {
                    let sheet = HighFiveLayout(screen: size).sheet.frame(in: Rect(size: size))
                    guard !sheet.contains(Point(x: x, y: y)) else { continue }
                    #expect(canvas[x, y].glyph.character == " ", "at \(size.width)×\(size.height), (\(x), \(y))")
                }
            }
        }
    }
}

/// The bindings table is the whole truth about the keys: every key that does something is
/// declared, and every enabled binding is on the keys sheet.
@Suite struct HIITBindingsTests {
    /// What a key can change: the screen and everything the workout shows or will do.
    private func look(_ harness: Harness) -> String {
        let workout = harness.workout
        return "\(harness.frame())|\(workout.page)|\(workout.sheets)|\(String(describing: workout.countdown))|"
            + "\(workout.ratings)|\(workout.intervals)|\(workout.history.count)|"
            + "\(String(describing: workout.nextDeadline(after: harness.now)))"
    }

    @Test func everyKeyThatDoesSomethingIsDeclared() {
        for (name, harness) in HIITStates.all() {
            let before = look(harness)
            let problems = KeyProbe.undeclaredEffects(of: harness.workout.bindings) { key in
                var copy = harness
                let outputs = copy.press(key)
                return !outputs.isEmpty || look(copy) != before
            }
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
    }

    @Test func everyEnabledBindingIsOnTheKeysSheet() {
        for (name, harness) in HIITStates.all() where harness.workout.sheet == nil {
            var copy = harness
            copy.send(.resize(Size(width: 200, height: 60)))
            let bindings = copy.workout.pageBindings
            copy.press(.character("?"))
            let frame = copy.frame().joined(separator: "\n")
            let missing = KeyProbe.missingFromSheet(bindings, sheet: frame)
            #expect(missing.isEmpty, "\(name): \(missing)")
        }
    }

    @Test func spaceDoesWhatTheBarSays() {
        let says = HIITStates.all().prefix(5).map { name, harness -> String in
            let binding = harness.workout.bindings.enabled.first { $0.keys.contains(.character(" ")) }
            return "\(name): \(binding?.label ?? "nothing")"
        }
        #expect(
            says == [
                "welcome: Get started", "an exercise before Start: Start", "running: Pause", "paused: Resume",
                "time's up: Done",
            ])
    }

    @Test func clickingAHintDoesWhatItsKeyDoes() {
        for (name, harness) in HIITStates.all() {
            let bar = Rect(x: 0, y: 23, width: 80, height: 1)
            for (frame, action) in harness.workout.bindings.barTargets(in: bar) {
                guard let key = harness.workout.bindings.barBindings.first(where: { $0.action == action })?.keys.first
                else { continue }
                var clicked = harness
                var pressed = harness
                let clickOutputs = clicked.click(frame.origin)
                let keyOutputs = pressed.press(key)
                // (Sessions saved by the two differ only in their identifiers.)
                #expect(clickOutputs.count == keyOutputs.count, "\(name): \(key.name)")
                #expect(look(clicked) == look(pressed), "\(name): a click on \(key.name)'s hint")
            }
        }
    }
}
