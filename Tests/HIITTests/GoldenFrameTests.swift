import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import HIIT

/// Whole screens of the workout as text, at the size TermFit is usually run at and at its minimum.
@Suite struct HIITGoldenFrameTests {
    static let large = Size(width: 80, height: 24)
    static let small = Size(width: 40, height: 12)

    /// A week with known counts: 1 on Thursday, 2 on Saturday, 4 on Monday, 3 today (Wednesday).
    static let week: [HIITSession] = {
        var sessions: [HIITSession] = []
        var number = 0
        func add(_ names: [String], days: Int) {
            for (index, name) in names.enumerated() {
                number += 1
                sessions.append(session(name, on: date(days: days, hour: 7, minute: index * 5), number: number))
            }
        }
        add(["Squat"], days: -6)
        add(["Squat", "Step Up"], days: -4)
        add(["Squat", "Step Up", "Burpee", "Sun Salute"], days: -2)
        add(["Squat", "Step Up", "Burpee"], days: 0)
        add(["Burpee"], days: -12)
        return sessions
    }()

    func started(at size: Size, seconds: Duration) -> Harness {
        var harness = Harness(size: size)
        harness.press(.enter)
        harness.press(.enter)
        harness.wait(seconds)
        return harness
    }

    // MARK: 80×24

    /// The circuits list filtered by "ta" (any case): Tabata first, then Standard, then the new row.
    @Test func circuitsFilteredAt80x24() {
        var harness = Harness(size: Self.large)
        harness.press(.character("e"))
        harness.type("ta")
        expectGolden(harness.canvas(), "circuitsFilteredAt80x24")
    }

    /// The field that makes a circuit, over the list, on the smallest screen.
    @Test func circuitFieldAt40x12() {
        var harness = Harness(size: Size(width: 40, height: 12))
        harness.press(.character("e"), .control("n"))
        expectGolden(harness.canvas(), "circuitFieldAt40x12")
    }

    @Test func welcomeAt80x24() {
        expectGolden(Harness(size: Self.large).canvas(), "welcomeAt80x24")
    }

    @Test func exerciseBeforeTheCountdownAt80x24() {
        var harness = Harness(size: Self.large)
        harness.press(.enter)
        expectGolden(harness.canvas(), "exerciseBeforeTheCountdownAt80x24")
    }

    @Test func exerciseWhileCountingAt80x24() {
        expectGolden(started(at: Self.large, seconds: .milliseconds(14_500)).canvas(), "exerciseWhileCountingAt80x24")
    }

    @Test func exerciseAfterTheCountdownAt80x24() {
        expectGolden(started(at: Self.large, seconds: .seconds(33)).canvas(), "exerciseAfterTheCountdownAt80x24")
    }

    @Test func historyChartAt80x24() {
        var harness = Harness(history: .success(Self.week), size: Self.large)
        harness.press(.character("h"))
        expectGolden(harness.canvas(), "historyChartAt80x24")
    }

    @Test func highFiveAt80x24() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0), size: Self.large)
        harness.doTheWholeCircuit()
        expectGolden(harness.canvas(), "highFiveAt80x24")
    }

    // MARK: 40×12

    @Test func welcomeAt40x12() {
        expectGolden(Harness(size: Self.small).canvas(), "welcomeAt40x12")
    }

    @Test func exerciseBeforeTheCountdownAt40x12() {
        var harness = Harness(size: Self.small)
        harness.press(.enter)
        expectGolden(harness.canvas(), "exerciseBeforeTheCountdownAt40x12")
    }

    @Test func exerciseWhileCountingAt40x12() {
        expectGolden(started(at: Self.small, seconds: .milliseconds(14_500)).canvas(), "exerciseWhileCountingAt40x12")
    }

    @Test func exerciseAfterTheCountdownAt40x12() {
        expectGolden(started(at: Self.small, seconds: .seconds(33)).canvas(), "exerciseAfterTheCountdownAt40x12")
    }

    @Test func historyChartAt40x12() {
        var harness = Harness(history: .success(Self.week), size: Self.small)
        harness.press(.character("h"))
        expectGolden(harness.canvas(), "historyChartAt40x12")
    }

    @Test func highFiveAt40x12() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0), size: Self.small)
        harness.doTheWholeCircuit()
        expectGolden(harness.canvas(), "highFiveAt40x12")
    }

    // MARK: Other states

    @Test func getReadyAndTabataRestAt80x24() {
        var harness = Harness(configuration: HIITWorkout.Configuration(usesTabata: true), size: Self.large)
        harness.press(.enter)
        harness.press(.enter)
        harness.wait(.milliseconds(400))
        expectFrame(
            Array(harness.frame()[5...13]),
            [
                "                    o                      ██████",
                "                   /|\\                         ██",
                "                    |                        ████",
                "                   / \\                         ██",
                "                  /   \\                    ██████",
                "",
                "",
                "",
                "                                   Get ready…",
            ])
        harness.wait(.seconds(3 + 20 + 2))
        expectFrame(
            Array(harness.frame()[5...13]),
            [
                "                    o        ██████  ██████      ██████  ██████",
                "                   /|\\       ██  ██  ██  ██  ██  ██  ██  ██  ██",
                "                    |        ██  ██  ██  ██      ██  ██  ██████",
                "                   / \\       ██  ██  ██  ██  ██  ██  ██  ██  ██",
                "                  /   \\      ██████  ██████      ██████  ██████",
                "",
                "",
                "",
                "                            Rest · round 2 of 8 next",
            ])
    }

    @Test func aHistoryThatCannotBeReadAt40x12() {
        var harness = Harness(history: .failure(TestFailure(description: "disk I/O error")), size: Self.small)
        harness.press(.character("h"))
        expectGolden(harness.canvas(), "aHistoryThatCannotBeReadAt40x12")
    }

    // MARK: Styles and cost

    /// At 200×60 the running countdown is 21 rows tall (a third of the window), in the dashed
    /// segment font, beside the figure: the digits' rectangle, row by row.
    @Test func countdownDigitsAt200x60() {
        let size = Size(width: 200, height: 60)
        let harness = started(at: size, seconds: .milliseconds(14_500))
        let digits = PageLayout.digits(size: size, workout: harness.workout)
        #expect(digits.height == 21)
        let rows = harness.frame().dropFirst(digits.y).prefix(digits.height).map { line in
            String(line.dropFirst(digits.x).prefix(digits.width))
        }
        // "00:19": strokes dashed, a vertical one lit on every third row and at the joints.
        expectFrame(
            rows,
            [
                "█ ▀ ▀ ▀ █     █ ▀ ▀ ▀ █                   █     █ ▀ ▀ ▀ █",
                "",
                "",
                "█       █     █       █                   █     █       █",
                "",
                "                            █",
                "█       █     █       █                   █     █       █",
                "",
                "",
                "█       █     █       █                   █     █       █",
                "█       █     █       █                   █     ▀ ▀ ▀ ▀ █",
                "",
                "",
                "█       █     █       █                   █             █",
                "",
                "                            █",
                "█       █     █       █                   █             █",
                "",
                "",
                "█       █     █       █                   █             █",
                "█ ▄ ▄ ▄ █     █ ▄ ▄ ▄ █                   █     ▄ ▄ ▄ ▄ █",
            ])
    }

    /// The history's days scroll as ScrollList does: at 40×12 a marker says how many days are
    /// out of view below, then above, and the last day can be reached.
    @Test func theHistoryScrollsWithMarkersAt40x12() {
        var harness = Harness(history: .success(Self.week), size: Self.small)
        harness.press(.character("h"))
        #expect(harness.frame().contains { $0.contains("▼ 3 more") })
        #expect(!harness.frame().contains { $0.contains("▲") })
        harness.press(.down)
        #expect(harness.frame().contains { $0.contains("▲ 1 more") })
        harness.press(.end)
        let frame = harness.frame()
        #expect(frame.contains { $0.contains("▲") && $0.contains("more") })
        #expect(!frame.contains { $0.contains("▼") })
        #expect(frame.contains { $0.contains("Burpee") && !$0.contains("Squat") }, "the oldest day is in view")
        // The wheel scrolls back up.
        for _ in 0..<5 { harness.send(.mouse(MouseEvent(.scrollUp, at: Point(x: 20, y: 7)))) }
        #expect(harness.frame().contains { $0.contains("▼ 3 more") })
    }

    @Test func thePageOnScreenIsReversedAndDoneIsDimUntilZero() {
        var harness = started(at: Self.large, seconds: .seconds(5))
        var canvas = harness.canvas()
        let done = PageLayout(size: Self.large, workout: harness.workout).primaryButton.origin
        #expect(canvas[36, 0].style.attributes.contains(.reverse), "page 1 is on screen")
        #expect(!canvas[40, 0].style.attributes.contains(.reverse))
        #expect(canvas[done.x + 2, done.y].glyph.character == "D")
        #expect(canvas[done.x + 2, done.y].style.attributes.contains(.dim), "Done is disabled")
        harness.wait(.seconds(30))
        canvas = harness.canvas()
        #expect(canvas[done.x + 2, done.y].style.attributes.contains(.reverse), "Done can be pressed")
    }

    @Test func withoutColourNothingIsColouredAndMarksStillDiffer() {
        let configuration = HIITWorkout.Configuration(usesColor: false)
        var harness = Harness(configuration: configuration, history: .success(Self.week), size: Self.large)
        harness.press(.enter)
        harness.type("]]]")
        harness.press(.enter)
        harness.wait(.seconds(10))
        for canvas in [
            harness.canvas(),
            { () -> Canvas in
                var copy = harness
                copy.press(.character("h"))
                return copy.canvas()
            }(),
        ] {
            #expect(canvas.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
        }
        #expect(harness.frame().contains { $0.contains("★ ★ ★ ☆ ☆") })
    }

    @Test func eachSecondOnlyTheDigitsChange() {
        for size in [Self.large, Self.small, Size(width: 200, height: 60)] {
            var harness = started(at: size, seconds: .seconds(4))
            let layout = PageLayout(size: size, workout: harness.workout)
            for _ in 0..<25 {
                let before = harness.canvas()
                guard let deadline = harness.workout.nextDeadline(after: harness.now) else { break }
                harness.now = deadline
                harness.send(.tick)
                let runs = FrameDiff.runs(from: before, to: harness.canvas())
                #expect(!runs.isEmpty)
                for run in runs {
                    #expect(
                        layout.digits.contains(Point(x: run.x, y: run.y))
                            && layout.digits.contains(Point(x: run.x + run.count - 1, y: run.y)),
                        "at \(size) a second changed \(run), outside the digits \(layout.digits)")
                }
            }
        }
    }
}
