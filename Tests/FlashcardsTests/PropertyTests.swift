import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Flashcards

/// Random sequences of keys, drags, clicks, focus and suspension, resizes and time: the workout
/// keeps its invariants. A failure names its seed; `TERMFIT_PROPERTY_SEED=<seed>` replays it and
/// `TERMFIT_PROPERTY_RUNS` sets how many sequences are tried.
@Suite struct PropertyTests {
    static let seeds = PropertySeeds(runs: 400, chunks: 6, firstSeed: 20_261_206)
    static let stepsPerRun = 150

    static let sizes = [
        Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 200, height: 60),
        Size(width: 1, height: 1), Size(width: 13, height: 5),
    ]

    static let keys: [Key] = [
        .right, .left, .character("l"), .character("h"), .character(" "), .enter, .right, .left, .right, .left,
        .character("e"), .character("d"), .character("c"), .character("r"), .character("2"), .character("4"),
        .character("?"), .escape, .tab,
        .backTab, .up, .down, .delete, .backspace, .character("x"), .character("é"), .character("1"),
        .character("2"), .home, .end, .function(1), .character("+"),
    ]

    /// One random event (or a move of the clock).
    static func step(_ harness: inout Harness, using generator: inout SeededGenerator) -> String {
        let card = harness.workout.layout.card
        switch Int.random(in: 0..<100, using: &generator) {
        case 0..<45:
            let key = keys.randomElement(using: &generator) ?? .right
            harness.press(key)
            return "key \(key.name)"
        case 45..<58:
            let columns = Int.random(in: -40...40, using: &generator)
            harness.drag(by: columns)
            return "drag \(columns)"
        case 58..<64:
            let point = Point(
                x: Int.random(in: -2..<(harness.workout.size.width + 2), using: &generator),
                y: Int.random(in: -2..<(harness.workout.size.height + 2), using: &generator))
            let kinds: [MouseEvent.Kind] = [.press, .drag, .release, .release, .scrollUp]
            let kind = kinds.randomElement(using: &generator) ?? .release
            harness.mouse(kind, point)
            return "mouse \(kind) \(point) (card \(card))"
        case 64..<80:
            let milliseconds = [7, 40, 250, 999, 1000, 3500, 20_000, 60_000].randomElement(using: &generator) ?? 1000
            harness.wait(.milliseconds(milliseconds))
            return "wait \(milliseconds) ms"
        case 80..<88:
            let events: [Event] = [.suspend, .resume, .focusOut, .focusIn, .paste("a\tb\nc 💪")]
            let event = events.randomElement(using: &generator) ?? .focusIn
            harness.send(event)
            return "\(event)"
        case 88..<93:
            if let next = harness.workout.nextDeadline(after: harness.now) {
                harness.now = next
                harness.send(.tick)
                return "deadline"
            }
            return "no deadline"
        default:
            let size = sizes.randomElement(using: &generator) ?? Size(width: 80, height: 24)
            harness.send(.resize(size))
            return "resize \(size)"
        }
    }

    static func checkInvariants(_ harness: Harness, before: Harness, history: [String], seed: UInt64) {
        let workout = harness.workout
        let context = "\(PropertySeeds.replay(seed)) after: \(history.suffix(6).joined(separator: "; "))"
        #expect(
            workout.mode == .cram
                ? workout.cardCount == workout.correctCount + workout.stack.count
                : workout.cardCount >= workout.stack.count + workout.waiting.count,
            "card count = recalled + left in a cram; no more left than dealt in a study; \(context)")
        #expect(
            Set(workout.stack.map(\.id)).isDisjoint(with: workout.waiting.map(\.card.id)),
            "a card waits or is in the stack, never both; \(context)")
        #expect(workout.timer.remaining(at: harness.now) >= .zero, "no negative time; \(context)")
        #expect(workout.secondsLeft(at: harness.now) >= 0, "\(context)")
        #expect(Set(workout.stack.map(\.id)).count == workout.stack.count, "a card is in the stack once; \(context)")
        if before.workout.isOver(at: before.now) && workout.correctCount + workout.wrongCount > 0
            && workout.correctCount + workout.wrongCount
                != before.workout.correctCount + before.workout.wrongCount
        {
            Issue.record("an answer was taken at 0; \(context)")
        }
        if let deadline = workout.nextDeadline(after: harness.now) {
            #expect(deadline > harness.now, "a deadline is in the future; \(context)")
        } else {
            #expect(
                workout.motion == nil || workout.motion.map { harness.now >= $0.startedAt + .milliseconds(240) } == true
            )
            #expect(
                !workout.timer.isRunning || workout.isOver(at: harness.now), "idle only when nothing runs; \(context)")
        }
    }

    @Test(arguments: 0..<seeds.chunks)
    func randomSequencesKeepTheInvariants(chunk: Int) {
        for seed in Self.seeds.seeds(chunk: chunk) {
            var generator = SeededGenerator(seed: seed)
            let reducesMotion = Bool.random(using: &generator)
            let usesColor = Bool.random(using: &generator)
            let plain = Int.random(in: 0..<4, using: &generator) == 0
            let count = Int.random(in: 0...6, using: &generator)
            var harness = Harness(
                decks: [numberedDeck(count), numberedDeck(2, name: "Two", id: 1)],
                seconds: Int.random(in: 1...120, using: &generator), reducesMotion: reducesMotion,
                usesColor: usesColor, plain: plain)
            var history: [String] = []
            for index in 0..<Self.stepsPerRun {
                let before = harness
                history.append(Self.step(&harness, using: &generator))
                Self.checkInvariants(harness, before: before, history: history, seed: seed)
                // Drawing never traps, whatever the size (every few steps: drawing is the slow part).
                if index % 10 == 0 { _ = harness.frame() }
            }
        }
    }
}
