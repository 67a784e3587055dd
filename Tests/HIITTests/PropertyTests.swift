import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import HIIT

/// Random keys, clicks, resizes, suspensions and jumps of the clock, many times over.
@Suite struct HIITPropertyTests {
    static let keys: [Key] =
        [
            .enter, .escape, .left, .right, .up, .down, .home, .end, .pageUp, .pageDown, .tab, .backspace,
            .function(1),
        ] + Array("  dsrp+-=_[]th?q012345jkxc").map(Key.character)
    static let sizes = [
        Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 200, height: 60),
        Size(width: 39, height: 11), Size(width: 3, height: 2), Size(width: 0, height: 0),
    ]

    /// 120 runs of 250 steps; a failure names its seed, and `TERMFIT_PROPERTY_SEED` replays it.
    static let seeds = PropertySeeds(runs: 120, chunks: 4, firstSeed: 20_250_305)

    @Test(arguments: 0..<seeds.chunks)
    func randomUseNeverBreaksTheRules(chunk: Int) {
        for seed in Self.seeds.seeds(chunk: chunk) { randomUse(seed: seed) }
    }

    private func randomUse(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let past = [
            session("Squat", on: date(days: -1), rating: 3, number: 1),
            session("Burpee", on: date(days: -4), rating: 5, number: 2),
        ]
        let tabata = Bool.random(using: &random)
        let configuration = HIITWorkout.Configuration(
            exerciseLength: Int.random(in: 1...40, using: &random), usesTabata: tabata,
            getReadySeconds: Int.random(in: 0...3, using: &random),
            reducesMotion: Bool.random(using: &random))
        var harness = Harness(configuration: configuration, history: .success(past))
        var known = Set(past.map(\.id))
        var sessions = Dictionary(uniqueKeysWithValues: past.map { ($0.id, $0) })
        let replay = PropertySeeds.replay(seed)

        for step in 0..<250 {
            let event: Event
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<55:
                event = .key(Self.keys.randomElement(using: &random) ?? .enter)
            case 55..<65:
                let size = harness.workout.size
                event = .mouse(
                    MouseEvent(
                        Bool.random(using: &random) ? .release : .press,
                        at: Point(
                            x: Int.random(in: 0...max(0, size.width), using: &random),
                            y: Int.random(in: 0...max(0, size.height), using: &random))))
            case 65..<85:
                harness.now = harness.now + .milliseconds(Int.random(in: 0...4_000, using: &random))
                event = .tick
            case 85..<90:
                if let deadline = harness.workout.nextDeadline(after: harness.now) { harness.now = deadline }
                event = .tick
            case 90..<93:
                event = .resize(Self.sizes.randomElement(using: &random) ?? Size(width: 80, height: 24))
            case 93..<96:
                event = .suspend
            case 96..<99:
                harness.now = harness.now + .milliseconds(Int.random(in: 0...10_000, using: &random))
                event = .resume
            default:
                event = .terminate
            }

            var probe = harness.workout.countdown
            _ = probe?.advance(to: harness.now)
            let wasOver = probe?.isFinished == true
            var runProbe = harness.workout.run
            _ = runProbe?.advance(to: harness.now)
            let workEnded = runProbe?.finishedWork.count ?? 0
            let wasRunning = harness.workout.run != nil
            let historyBefore = harness.workout.history.count
            let outputs = harness.send(event)
            // A circuit stopped before its end saves the exercise it was on as left early.
            let stopped = wasRunning && harness.workout.run == nil && runProbe?.isFinished != true
            let context = "\(replay), step \(step), after \(event)"

            var newRecords = 0
            for case .save(.hiitExercise(let saved)) in outputs {
                if known.contains(saved.id) {
                    let before = sessions[saved.id]
                    #expect(before?.exercise == saved.exercise, "\(context): an update changes only the rating")
                    #expect(before?.startedAt == saved.startedAt, "\(context)")
                    #expect(saved.rating != before?.rating, "\(context): an update has a new rating")
                } else {
                    newRecords += 1
                    if saved.completed {
                        #expect(wasOver || workEnded > 0, "\(context): recorded before zero")
                    } else {
                        #expect(stopped, "\(context): only a stopped circuit records an exercise left early")
                    }
                    #expect(saved.duration >= 0, "\(context)")
                }
                known.insert(saved.id)
                sessions[saved.id] = saved
            }
            #expect(
                newRecords <= (wasOver ? 1 : 0) + workEnded + (stopped ? 1 : 0), "\(context): one exercise at a time")
            #expect(
                harness.workout.history.count == historyBefore + newRecords, "\(context): history grew without Done")

            if let left = harness.workout.timeLeft(at: harness.now) {
                #expect(left >= .zero, "\(context): time left \(left)")
            }
            if let countdown = harness.workout.countdown {
                #expect(countdown.secondsLeft(at: harness.now) >= 0, "\(context)")
                #expect(countdown.exerciseDuration >= .zero, "\(context)")
            }
            if let deadline = harness.workout.nextDeadline(after: harness.now) {
                #expect(deadline > harness.now, "\(context): a deadline that has already passed would spin")
                #expect(deadline - harness.now <= .seconds(1), "\(context): nothing waits more than a second")
            }
            if step % 5 == 0 {
                let canvas = harness.canvas()
                #expect(canvas.size == harness.workout.size, "\(context)")
            }
        }
    }
}
