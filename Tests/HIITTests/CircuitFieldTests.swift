import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import HIIT

/// The circuits sheet's field follows the one editing rule: the text is selected when the field
/// opens and the first key typed replaces it; ← → edit it; Enter, Tab or ↑ ↓ save it; Esc puts
/// back the circuit as it was and keeps nothing. Ctrl-R renames, Ctrl-O edits (letters filter
/// the list).
@Suite struct CircuitFieldTests {
    static let legs = Circuit(name: "Legs", exercises: [Circuit.Exercise("Squat", work: 20, rest: 5)], rounds: 2)

    /// The circuits sheet open on the member's circuit Legs.
    static func onLegs() -> Harness {
        var harness = Harness(
            HIITWorkout(
                history: .success([]), circuits: [legs], chosenCircuit: "Legs", wallClock: { date() },
                calendar: utcCalendar))
        harness.press(.character("e"))
        return harness
    }

    @Test func theFirstKeyTypedReplacesTheName() {
        var harness = Self.onLegs()
        harness.press(.control("r"))
        #expect(harness.workout.circuitField?.field.isSelected == true)
        harness.type("Arms")
        #expect(harness.workout.circuitField?.field.text == "Arms", "replaced, not appended")
        harness.press(.enter)
        #expect(harness.workout.circuit.name == "Arms")
    }

    @Test(arguments: [Key.tab, .backTab, .up, .down])
    func tabAndTheArrowsSaveAsEnterDoes(key: Key) {
        var harness = Self.onLegs()
        harness.press(.control("o"), .home)
        harness.type("Plank 45, ")
        let outputs = harness.press(key)
        var saved = Self.legs
        saved.exercises.insert(Circuit.Exercise("Plank", work: 45, rest: 0), at: 0)
        #expect(outputs == [.keepCircuits([saved], chosen: "Legs")])
        #expect(harness.workout.circuitField == nil)
        #expect(harness.workout.circuit == saved)
    }

    @Test func escPutsBackTheCircuitAndKeepsNothing() {
        var harness = Self.onLegs()
        harness.press(.control("o"))
        harness.type("Plank 45")
        #expect(harness.frame().contains { $0.contains("Plank 45") }, "the field shows what would be saved")
        #expect(harness.press(.escape).isEmpty)
        #expect(harness.workout.circuitField == nil)
        #expect(harness.workout.circuit == Self.legs)
        guard case .circuits = harness.workout.sheet else {
            Issue.record("the first Esc only drops the typing: the list stays")
            return
        }
    }

    @Test func aNameBeyondASCIIIsTypedAndSaved() {
        var harness = Self.onLegs()
        harness.press(.control("r"))
        harness.type("Écarté")
        #expect(harness.workout.circuitField?.field.text == "Écarté")
        #expect(harness.press(.enter).count == 1)
        #expect(harness.workout.circuit.name == "Écarté")
    }

    @Test func aClickOutsideTheFieldClosesItAndTheNextFieldOpensAfresh() {
        var harness = Self.onLegs()
        harness.press(.control("o"))
        harness.type("Squat")
        harness.press(.enter)
        #expect(harness.workout.circuitField?.message != nil, "refused, the field stays")
        #expect(harness.click(Point(x: 0, y: 0)).isEmpty, "a click outside saves nothing")
        #expect(harness.workout.circuitField == nil)
        #expect(harness.workout.circuit == Self.legs)
        harness.press(.control("r"))
        #expect(harness.workout.circuitField?.field.text == "Legs", "the name, not what was typed before")
        #expect(harness.workout.circuitField?.message == nil, "no reason left from the field before")
        #expect(harness.frame().contains { $0.contains("Rename circuit") })
    }

    @Test func whatCannotBeReadStaysInTheFieldWithWhy() {
        var harness = Self.onLegs()
        harness.press(.control("o"))
        harness.type("Squat")
        #expect(harness.press(.down).isEmpty, "nothing saved")
        #expect(harness.workout.circuitField?.field.text == "Squat", "the text stays to be put right")
        #expect(harness.workout.circuitField?.message?.contains("Squat 30/10") == true)
        harness.press(.escape)
        #expect(harness.workout.circuit == Self.legs)
    }

    /// Random keys over the rename and edit fields: Esc always puts back the circuit; what is
    /// saved is always what the field showed when it was left.
    static let seeds = PropertySeeds(runs: 200, chunks: 2, firstSeed: 20_261_128)
    static let typing: [Key] =
        Array("Sq t1 3/05,;roundswarm-é").map(Key.character) + [
            .backspace, .delete, .left, .right, .home, .end, .control("u"), .control("k"),
        ]
    static let leaving: [Key] = [.enter, .tab, .backTab, .up, .down, .escape]

    @Test(arguments: 0..<seeds.chunks)
    func randomTypingSavesExactlyWhatTheFieldShowed(chunk: Int) {
        for seed in Self.seeds.seeds(chunk: chunk) {
            var random = SeededGenerator(seed: seed)
            var harness = Self.onLegs()
            let replay = PropertySeeds.replay(seed)
            for round in 0..<6 {
                let before = harness.workout.circuit
                let renames = Bool.random(using: &random)
                harness.press(.control(renames ? "r" : "o"))
                for _ in 0..<Int.random(in: 0...14, using: &random) {
                    harness.press(Self.typing.randomElement(using: &random) ?? .left)
                }
                let shown = harness.workout.circuitField?.field.text ?? ""
                let key = Self.leaving.randomElement(using: &random) ?? .enter
                let outputs = harness.press(key)
                let context = "\(replay), round \(round), \(shown.debugDescription) then \(key)"
                let after = harness.workout.circuit
                if key == .escape {
                    #expect(outputs.isEmpty && after == before, "\(context): Esc keeps nothing")
                    #expect(harness.workout.circuitField == nil, "\(context)")
                    continue
                }
                let read: Circuit? =
                    renames
                    ? (try? Circuit.parse(name: shown, spec: before.spec)).map { parsed in
                        var renamed = before
                        renamed.name = parsed.name
                        return renamed
                    }
                    : try? Circuit.parse(name: before.name, spec: shown)
                let taken = read.flatMap { $0.name == "Standard" || $0.name == "Tabata" ? nil : $0 }
                if let taken {
                    #expect(after == taken, "\(context): saved what the field showed")
                    #expect(outputs == [.keepCircuits([taken], chosen: taken.name)], "\(context)")
                    #expect(harness.workout.circuitField == nil, "\(context)")
                } else {
                    #expect(outputs.isEmpty && after == before, "\(context): nothing saved")
                    #expect(harness.workout.circuitField?.field.text == shown, "\(context): the text stays")
                    harness.press(.escape)
                    #expect(harness.workout.circuit == before, "\(context)")
                }
            }
        }
    }
}
