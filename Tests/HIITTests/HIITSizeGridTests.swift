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
        highFive.doTheWholeCircuit()
        var leave = running
        leave.press(.character("q"))
        var circuit = welcome
        circuit.press(.character("c"))
        circuit.wait(.seconds(28))
        var circuitResting = circuit
        circuitResting.wait(.seconds(35))
        var circuitPaused = circuitResting
        circuitPaused.press(.character(" "))
        var circuitKeys = circuit
        circuitKeys.press(.character("?"))
        var circuitLeave = circuitResting
        circuitLeave.press(.character("q"))
        var pageQuestion = running
        pageQuestion.press(.right)
        var resetQuestion = paused
        resetQuestion.press(.character("r"))
        var circuits = welcome
        circuits.press(.character("e"))
        var circuitField = circuits
        circuitField.press(.control("n"))
        var circuitsFiltered = circuits
        circuitsFiltered.type("ta")
        var circuitProblem = circuitField
        circuitProblem.type("Squat")
        circuitProblem.press(.enter)
        var circuitDelete = circuitField
        circuitDelete.press(.enter)
        circuitDelete.press(.control("x"))
        var circuitWorking = circuit
        circuitWorking.wait(.seconds(10))
        var amrap = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0, circuit: .amrap))
        amrap.press(.character("c"))
        amrap.wait(.seconds(90))
        amrap.press(.character("r"))
        return [
            ("welcome", welcome), ("an exercise before Start", ready), ("running", running), ("paused", paused),
            ("time's up", over), ("history", history), ("keys sheet", keys), ("High Five", highFive),
            ("the leave question", leave), ("circuit warm-up, last 3 s", circuit), ("circuit resting", circuitResting),
            ("circuit paused", circuitPaused), ("circuit keys sheet", circuitKeys),
            ("circuit leave question", circuitLeave), ("the page-change question", pageQuestion),
            ("the reset question", resetQuestion), ("circuits sheet", circuits), ("circuits field", circuitField),
            ("circuits filtered", circuitsFiltered), ("circuits field refused", circuitProblem),
            ("the delete-circuit question", circuitDelete), ("circuit working", circuitWorking),
            ("AMRAP circuit, a round done", amrap),
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
            states.map { !$0.harness.workout.sheets.coversScreen } == [true, true, true, true, true] + [
                false, false, false, false, true, true, true, false, false, false, false, false, false, false,
                false, false, true, true,
            ])
        if case .work = states[21].harness.workout.run?.step {
        } else {
            Issue.record("circuit working: \(String(describing: states[21].harness.workout.run?.step))")
        }
        #expect(states[22].harness.workout.run?.roundsDone == 1, "an AMRAP round counted")
    }

    @Test(arguments: 0..<23)
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

    /// How many rows the strokes of the big digits in `area` of `canvas` span, top to bottom
    /// (tall digits leave rows between the dashes of their vertical strokes).
    static func inkedRows(of canvas: Canvas, in area: Rect) -> Int {
        let inked = (area.y..<area.maxY).filter { y in
            (area.x..<area.maxX).contains { x in "█▀▄".contains(canvas[x, y].glyph.character) }
        }
        guard let first = inked.first, let last = inked.last else { return 0 }
        return last - first + 1
    }

    /// A running countdown at `size`: where its digits go, and the screen.
    static func running(at size: Size) -> (digits: Rect, layout: PageLayout, canvas: Canvas) {
        var harness = HIITStates.all()[2].harness
        harness.send(.resize(size))
        // 00:08 lights every segment of its last figure: the drawing is as tall as the glyphs.
        harness.wait(.seconds(17))
        let layout = PageLayout(size: size, workout: harness.workout)
        return (PageLayout.digits(size: size, workout: harness.workout), layout, harness.canvas())
    }

    /// Across a room: where the window has room for them the digits are at least a third of its
    /// height (20 rows at 200×60), and they grow with the window from its minimum.
    @Test func theDigitsAreAThirdOfTheWindowWhereThereIsRoom() {
        // Below 26 rows there is no room for a third beside the page's other rows: the block
        // font, whose strokes fill 5 of its 6 pixel rows (3 rows at 40×12, 5 of 6 at 80×24).
        for (size, least) in [
            (Size(width: 40, height: 12), 3), (Size(width: 80, height: 24), 5), (Size(width: 120, height: 45), 15),
            (Size(width: 200, height: 60), 20), (Size(width: 250, height: 70), 24),
        ] {
            let (digits, _, canvas) = Self.running(at: size)
            #expect(digits.height >= least, "\(size.width)×\(size.height): \(digits)")
            // What is drawn is that tall, not only the rectangle.
            let rows = Self.inkedRows(of: canvas, in: digits)
            #expect(rows >= least, "\(size.width)×\(size.height): \(rows) rows of digits in \(digits)")
        }
        // Wherever the window is wide enough for the digits of a third of its height beside the
        // figure, and tall enough for them above the page's other rows, they are that tall.
        for size in ScreenInvariants.sizes where size.width >= 99 && size.height >= 31 {
            let digits = Self.running(at: size).digits
            #expect(3 * digits.height >= size.height, "\(size.width)×\(size.height): \(digits.height) rows")
        }
        for width in [80, 200] {
            let heights = [12, 24, 31, 45, 60, 70].map {
                Self.running(at: Size(width: width, height: $0)).digits.height
            }
            #expect(heights == heights.sorted(), "at \(width) columns: \(heights)")
        }
    }

    /// The digits stay in their box at every size: inside the window, clear of the title, the
    /// figure and the status line, and every stroke inside the digits' rectangle.
    @Test func theDigitsStayInsideTheirBox() {
        for size in ScreenInvariants.sizes {
            let (digits, layout, canvas) = Self.running(at: size)
            let name = "\(size.width)×\(size.height)"
            #expect(Rect(size: size).contains(digits.origin) && digits.maxX <= size.width, "\(name): \(digits)")
            #expect(digits.maxY <= layout.status.y && digits.y > layout.title.y, "\(name): \(digits)")
            #expect(digits.intersection(layout.figure).isEmpty, "\(name): the digits cover the figure")
            for y in 0..<size.height {
                for x in 0..<size.width where "█▀▄".contains(canvas[x, y].glyph.character) {
                    #expect(digits.contains(Point(x: x, y: y)), "\(name): a stroke at (\(x), \(y)) outside \(digits)")
                }
            }
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
            + "\(String(describing: workout.nextDeadline(after: harness.now)))|\(String(describing: workout.run))"
    }

    @Test func everyKeyThatDoesSomethingIsDeclared() {
        for (name, harness) in HIITStates.all() {
            let problems = harness.undeclaredKeyEffects(of: harness.workout.bindings, look: look)
            #expect(problems.isEmpty, "\(name): \(problems)")
        }
    }

    @Test func everyEnabledBindingIsOnTheKeysSheet() {
        for (name, harness) in HIITStates.all() where !harness.workout.sheets.coversScreen {
            let missing = harness.bindingsMissingFromKeysSheet(\.screenBindings)
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
                "time's up: nothing",
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
