import Foundation
import Records
import TermUI
import Testing

@testable import Dumbbells

/// What a tick or a morph frame costs on the wire: the cells that change between two frames.
@Suite struct DiffBudgetTests {
    /// The changed runs from the frame at one instant to the frame at the next.
    private func runs(_ harness: inout Harness, advancingTo next: Instant) -> (runs: [Run], frame: Canvas) {
        let before = harness.canvas()
        harness.now = next
        harness.send(.tick)
        let after = harness.canvas()
        return (FrameDiff.runs(from: before, to: after), after)
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 200, height: 60)])
    func aSecondOfARunningSetChangesOnlyDigits(size: Size) {
        var harness = Harness(size: size)
        harness.startSet("12", "10")
        harness.wait(.seconds(8))
        for _ in 0..<25 {
            guard let deadline = harness.workout.nextDeadline(after: harness.now) else {
                Issue.record("the timer stopped")
                return
            }
            let (changes, frame) = runs(&harness, advancingTo: deadline)
            #expect(!changes.isEmpty)
            for run in changes {
                let text = String(
                    String.UnicodeScalarView(
                        (run.x..<run.x + run.count).compactMap { Unicode.Scalar(frame[$0, run.y].glyph.first) }))
                // The workout's clock in the header and the set's time in the pill; nothing else.
                #expect(run.y == harness.headerRow || run.y == harness.pillRow, "row \(run.y) changed")
                #expect(text.allSatisfy { $0.isNumber || $0 == ":" }, "changed: \(text)")
            }
            #expect(changes.reduce(0) { $0 + $1.count } <= 8, "at most the changing digits of two clocks")
        }
    }

    /// Where the window has no room for big digits, a second changes the pill's digits and bar
    /// and the workout's clock; where it has, the big digits' strokes that differ too.
    @Test(arguments: [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 200, height: 60)])
    func aRestCountdownChangesItsDigitsAndItsBar(size: Size) throws {
        var harness = Harness(size: size)
        harness.doSet("12", "10")
        harness.press(.character("2"))
        let clock = harness.workout.layout.restClock
        #expect(clock.isEmpty == (size.width < 60), "big digits from 60×18")
        var most = 0
        for _ in 0..<30 {
            let deadline = try #require(
                harness.workout.nextDeadline(after: harness.now), "the rest countdown stopped before 30 ticks")
            let (changes, _) = runs(&harness, advancingTo: deadline)
            for run in changes {
                let inClock = clock.contains(Point(x: run.x, y: run.y))
                #expect(inClock || run.y == harness.headerRow || run.y == harness.pillRow, "row \(run.y) changed")
            }
            let outside = changes.filter { !clock.contains(Point(x: $0.x, y: $0.y)) }
            #expect(outside.reduce(0) { $0 + $1.count } <= 12)
            most = max(most, changes.reduce(0) { $0 + $1.count })
        }
        // The strokes of two changing digits at most, not the whole clock.
        #expect(most <= (size.width >= 200 ? 160 : 60), "\(most) cells changed in a second")
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 40, height: 12)])
    func morphFramesChangeOnlyThePill(size: Size) {
        var harness = Harness(reducesMotion: false, size: size)
        harness.fill(row: 0, weight: "12", reps: "10")
        harness.wait(.seconds(1))
        harness.press(.enter)
        let began = harness.now
        var frames = 0
        while let deadline = harness.workout.nextDeadline(after: harness.now), deadline <= began + .milliseconds(250) {
            let (changes, _) = runs(&harness, advancingTo: deadline)
            for run in changes {
                // The pill's three rows, and the workout clock if a second turned.
                let inPill = (harness.pillRow - 1...harness.pillRow + 1).contains(run.y)
                #expect(
                    inPill || (run.y == harness.headerRow && deadline == began + .seconds(1)), "row \(run.y) changed")
            }
            frames += 1
        }
        #expect(frames == 8)
    }
}
