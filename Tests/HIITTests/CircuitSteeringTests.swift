import Foundation
import Records
import TermUI
import Testing

@testable import HIIT

/// Steering the hands-free circuit: skip a stretch or the warm-up, ten seconds more or less,
/// and the EMOM and AMRAP presets with their counters.
@Suite struct CircuitSteeringTests {
    /// Two exercises of 20 s with 10 s of rest, two rounds, 15 s of warm-up and of cool-down.
    static let small = Circuit(
        name: "Small",
        exercises: [Circuit.Exercise("Squat", work: 20, rest: 10), Circuit.Exercise("Burpee", work: 20, rest: 10)],
        rounds: 2, warmUp: 15, coolDown: 15)

    static func running(_ circuit: Circuit = small) -> Harness {
        var harness = Harness(configuration: HIITWorkout.Configuration(circuit: circuit))
        harness.press(.character("c"))
        return harness
    }

    @Test func theWarmUpIsSkippedWithS() throws {
        var harness = Self.running()
        #expect(
            harness.frame().last?.contains("s Skip warm-up") == true, "the bar offers it: \(harness.frame().last ?? "")"
        )
        harness.wait(.seconds(4))
        harness.press(.character("s"))
        let run = try #require(harness.workout.run)
        #expect(run.step == .work(exercise: 0, round: 1))
        #expect(run.secondsLeft(at: harness.now) == 20, "the work starts whole, now")
        #expect(run.totalSecondsLeft(at: harness.now) == Self.small.totalSeconds - 15)
        #expect(harness.frame().contains { $0.contains("Round 1 of 2") })
        #expect(harness.frame().last?.contains("s Skip ") == true)
        // The rest of the circuit runs on from there: the first work ends 20 s after the skip.
        harness.wait(.seconds(19))
        #expect(harness.saved.isEmpty)
        harness.wait(.seconds(1))
        #expect(harness.saved.map(\.exercise) == ["Squat"])
    }

    @Test func aSkippedWorkIntervalIsNotSavedAndTheRestFollows() throws {
        var harness = Self.running()
        harness.press(.right)
        harness.wait(.seconds(5))
        harness.press(.right)
        #expect(harness.workout.run?.step == .rest(exercise: 0, round: 1))
        #expect(harness.workout.run?.secondsLeft(at: harness.now) == 10)
        #expect(harness.saved.isEmpty, "the squats were skipped, not done")
        harness.wait(.seconds(10))
        #expect(harness.workout.run?.step == .work(exercise: 1, round: 1))
        // Skipping through to the end finishes the circuit with the High Five.
        for _ in 0..<20 where harness.workout.run != nil { harness.press(.character("s")) }
        #expect(harness.workout.run == nil)
        #expect(harness.workout.sheet == .highFive)
        #expect(harness.saved.isEmpty)
    }

    @Test func plusAndMinusChangeTheTimeLeftByTenSeconds() throws {
        var harness = Self.running()
        harness.press(.character("s"))
        harness.wait(.seconds(2))
        harness.press(.character("+"))
        #expect(harness.workout.run?.secondsLeft(at: harness.now) == 28)
        harness.press(.character("-"))
        harness.press(.character("-"))
        #expect(harness.workout.run?.secondsLeft(at: harness.now) == 8)
        harness.press(.character("-"))
        #expect(harness.workout.run?.secondsLeft(at: harness.now) == 5, "a key never ends a stretch: 5 s stay")
        harness.wait(.seconds(5))
        #expect(harness.workout.run?.step == .rest(exercise: 0, round: 1))
        #expect(harness.saved.map(\.exercise) == ["Squat"], "the work ran out on the clock: saved")
    }

    @Test func aPausedRunStaysPausedWhenAStretchIsSkipped() throws {
        var harness = Self.running()
        harness.press(.character(" "))
        harness.press(.character("s"))
        #expect(harness.workout.run?.holds.contains(.paused) == true)
        harness.wait(.seconds(30))
        #expect(harness.workout.run?.step == .work(exercise: 0, round: 1))
        #expect(harness.workout.run?.secondsLeft(at: harness.now) == 20)
    }

    @Test func emomCountsTheMinutes() throws {
        var harness = Self.running(.emom)
        #expect(Circuit.emom.totalSeconds == 600)
        #expect(harness.frame().contains { $0.contains("Minute 1 of 10") })
        #expect(harness.frame().contains { $0.contains("Burpee") })
        harness.wait(.seconds(60))
        #expect(harness.frame().contains { $0.contains("Minute 2 of 10") })
        #expect(harness.frame().contains { $0.contains("Squat") })
        #expect(harness.saved.map(\.exercise) == ["Burpee"])
    }

    @Test func amrapCountsTheRoundsTheMemberMarks() throws {
        var harness = Self.running(.amrap)
        #expect(harness.frame().contains { $0.contains("Rounds done: 0") })
        #expect(harness.frame().last?.contains("Round done") == true)
        harness.wait(.seconds(90))
        harness.press(.enter)
        harness.press(.character("r"))
        #expect(harness.workout.run?.roundsDone == 2)
        #expect(harness.frame().contains { $0.contains("Rounds done: 2") })
        // Other circuits take no round key.
        var standard = Self.running()
        standard.press(.enter)
        #expect(standard.workout.run?.roundsDone == 0)
    }

    @Test func theCircuitsSheetOffersEmomAndAmrapAndKeepsWorking() throws {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.character("e"))
        #expect(harness.frame().contains { $0.contains("EMOM") })
        #expect(harness.frame().contains { $0.contains("AMRAP") })
        harness.press(.down, .down, .down)
        harness.press(.enter)
        #expect(harness.workout.circuit == .amrap)
        #expect(harness.outputs.last == .keepCircuits([], chosen: "AMRAP"))
        harness.press(.character("c"))
        #expect(harness.workout.run?.circuit.kind == .amrap)
    }

    @Test func theCountingIsWrittenInTheSpecAndKeptInSettings() throws {
        let written = try Circuit.parse(name: "Mine", spec: Circuit.emom.spec)
        #expect(written.kind == .emom)
        #expect(written.exercises == Circuit.emom.exercises)
        #expect(Circuit.amrap.spec.hasSuffix("; amrap"))
        let json = try JSONEncoder().encode([Self.small, Circuit.emom])
        let text = String(decoding: json, as: UTF8.self)
        #expect(!text.contains("intervals"), "a plain circuit is written as before")
        #expect(try JSONDecoder().decode([Circuit].self, from: json) == [Self.small, Circuit.emom])
    }
}
