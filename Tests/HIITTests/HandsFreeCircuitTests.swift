import Foundation
import Records
import TermUI
import Testing

@testable import HIIT

/// The circuit run hands-free: warm-up, work and rest round after round, cool-down.
@Suite struct HandsFreeCircuitTests {
    /// Five exercises, 20 s of work and 10 s of rest each, three rounds, 15 s of warm-up and
    /// of cool-down.
    static let fiveByThree = Circuit(
        name: "Five",
        exercises: ["Squat", "Step Up", "Burpee", "Sun Salute", "Plank"].map {
            Circuit.Exercise($0, work: 20, rest: 10)
        }, rounds: 3, warmUp: 15, coolDown: 15)

    static func harness(_ circuit: Circuit = fiveByThree, size: Size = Size(width: 80, height: 24)) -> Harness {
        Harness(configuration: HIITWorkout.Configuration(circuit: circuit), size: size)
    }

    @Test func theStepsOfACircuit() {
        let steps = Self.fiveByThree.steps
        #expect(steps.count == 1 + 15 + 14 + 1, "no rest after the very last work")
        #expect(steps.first?.step == .warmUp)
        #expect(steps[1].step == .work(exercise: 0, round: 1))
        #expect(steps[2].step == .rest(exercise: 0, round: 1))
        #expect(steps.last?.step == .coolDown)
        #expect(Self.fiveByThree.totalSeconds == 15 + 15 * 20 + 14 * 10 + 15)
    }

    @Test func fiveExercisesThreeRoundsRunHandsFreeAndSaveEachWorkAsItEnds() {
        var harness = Self.harness()
        harness.press(.character("c"))
        #expect(harness.workout.run != nil)
        #expect(harness.frame().contains { $0.contains("Warm-up") })
        #expect(harness.frame().contains { $0.contains("Next: Squat") })
        var savedAt: [Int] = []
        var seconds = 0
        var sawRestWithNext = false
        while harness.workout.run != nil, seconds < 2000 {
            let before = harness.saved.count
            harness.waitForDeadline()
            seconds += 1
            if harness.saved.count > before { savedAt.append(seconds) }
            if case .rest = harness.workout.run?.step, harness.frame().contains(where: { $0.contains("Next: Step Up") })
            {
                sawRestWithNext = true
            }
        }
        let names = ["Squat", "Step Up", "Burpee", "Sun Salute", "Plank"]
        #expect(harness.saved.map(\.exercise) == names + names + names)
        #expect(harness.saved.allSatisfy { $0.duration == 20 && $0.completed })
        #expect(savedAt.first == 15 + 20, "the first work is saved the second it ends")
        #expect(seconds == Self.fiveByThree.totalSeconds, "one wake-up a second, no more")
        #expect(sawRestWithNext, "a rest says what is next")
        #expect(harness.workout.sheet == .highFive)
        #expect(harness.workout.highFiveSummary?.headline == "15 exercises in 5:00 · streak 1 day")
        #expect(harness.frame().contains { $0.contains("15 exercises in 5:00") })
    }

    @Test func theBellRingsInTheLastThreeSecondsAndTheTitleTurns() {
        var harness = Self.harness()
        harness.press(.character("c"))
        harness.outputs = []
        harness.wait(.seconds(11))
        #expect(harness.bells == 0)
        #expect(!harness.workout.runKey(harness.workout.run!, size: harness.workout.size, at: harness.now).warning)
        harness.wait(.seconds(1))
        #expect(harness.bells == 1, "3 s left")
        let key = harness.workout.runKey(harness.workout.run!, size: harness.workout.size, at: harness.now)
        #expect(key.warning)
        let canvas = harness.canvas()
        let row = RunLayout(size: harness.workout.size, figure: key.figure.size).title.y
        let styled = (0..<80).map { canvas[$0, row].style }.filter { $0 == Theme(usesColor: true).warning }
        #expect(styled.count == "Warm-up".count + 2, "the title band turns red")
        for _ in 0..<3 { harness.wait(.seconds(1)) }
        #expect(harness.bells == 4, "2, 1 and the end")
        #expect(harness.workout.run?.step == .work(exercise: 0, round: 1))
    }

    @Test func pauseStopsTheWholeCircuitAndResumeGoesOn() {
        var harness = Self.harness()
        harness.press(.character("c"))
        harness.wait(.seconds(5))
        harness.press(.character(" "))
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "a paused circuit never wakes")
        #expect(harness.frame().contains { $0.contains("Paused · Next: Squat") })
        harness.wait(.seconds(600))
        harness.press(.character(" "))
        #expect(harness.workout.run?.secondsLeft(at: harness.now) == 10)
        #expect(harness.saved.isEmpty)
    }

    @Test func aHangUpMidCircuitLosesNothingFinished() {
        var harness = Self.harness()
        harness.press(.character("c"))
        harness.run(for: .seconds(15 + 20 + 10 + 20 + 5))
        #expect(harness.saved.map(\.exercise) == ["Squat", "Step Up"])
        let outputs = harness.send(.terminate)
        #expect(!outputs.contains { if case .save = $0 { true } else { false } }, "each was saved as it ended")
        harness.press(.character("q"))
        #expect(
            harness.workout.pendingQuestion
                == "Stop the circuit? The circuit is under way: 2 work intervals are saved, the one running is not.")
    }

    @Test func totalTimeLeftAndProgressChangeByWholeMinutesAndCells() {
        var harness = Self.harness()
        harness.press(.character("c"))
        let total = Self.fiveByThree.totalSeconds
        #expect(harness.frame().contains { $0.contains("8 min left of 8 min") })
        harness.wait(.seconds(total - 50))
        #expect(harness.frame().contains { $0.contains("Under a minute left") })
        let key = harness.workout.runKey(harness.workout.run!, size: harness.workout.size, at: harness.now)
        #expect(key.progressCells > 50)
        let bar = harness.frame()[RunLayout(size: harness.workout.size, figure: key.figure.size).progress.y]
        let ascii = ASCIIFallback.string(bar).trimmingCharacters(in: .whitespaces)
        #expect(ascii.contains("#") && ascii.contains("-"), "done and to do stay apart in ASCII: \(ascii)")
    }

    @Test func tabataIsAFixedCircuitOfEightIntervals() {
        let steps = Circuit.tabata.steps
        #expect(steps.filter { if case .work = $0.step { true } else { false } }.count == 8)
        #expect(steps.allSatisfy { $0.seconds == 20 || $0.seconds == 10 })
        let configuration = HIITWorkout.Configuration(exerciseLength: 3, usesTabata: true)
        #expect(configuration.circuit == .tabata)
    }

    @Test func theHandsFreeScreenFitsEverySize() {
        for size in [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 200, height: 60)] {
            var harness = Self.harness(size: size)
            harness.press(.character("c"))
            harness.wait(.seconds(20))
            let frame = harness.frame()
            let name = "\(size.width)×\(size.height)"
            #expect(frame.contains { $0.contains("Squat") }, "\(name)")
            #expect(frame.last?.contains("Pause") == true, "\(name): the help bar")
            let layout = RunLayout(size: size, figure: Demonstration.squat.size)
            #expect(Rect(size: size).contains(layout.digits.origin), "\(name)")
            #expect(layout.digits.maxY <= layout.status.y, "\(name)")
            #expect(layout.progress.y < layout.helpBar.y, "\(name)")
            let digitsRows = layout.look.height
            if size.height == 60 { #expect(digitsRows >= 20, "\(name): readable across a room") }
        }
    }
}
