import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import CardDeck

/// Every screen and sheet of the card workout at every size from 40×12 to 250×70: boxes whole
/// and the help bar (as the bindings say) on the last row, never drawn over.
@Suite struct CardsSizeGridTests {
    /// Eleven states (the grid is slow in debug builds): deck ready, a card up, deck done, server
    /// failed, flip stopped, the rules, a rule's field, the keys sheet, the leave question, the
    /// rules' list picker filtered and the server's field found through it.
    static let picked = [0, 1, 2, 3, 5, 6, 7, 8, 9, 10, 11]

    @Test func theGridPicksEveryStateButFlipping() {
        let names = CardsStates.all().map(\.name)
        #expect(Set(Self.picked.map { names[$0] }) == Set(names).subtracting(["flipping"]))
    }

    @Test(arguments: 0..<11)
    func everyScreenAndSheetFitsEverySize(state: Int) {
        let (name, harness) = CardsStates.all()[Self.picked[state]]
        for size in ScreenInvariants.sizes {
            var copy = harness
            copy.send(.resize(size))
            var composition = Composition(size: size)
            copy.workout.render(into: &composition, at: copy.now)
            let bar = CardsStates.barText(copy.workout.bindings, width: size.width)
            // Whole boxes on the screen as seen too: nothing of the screen pokes out around a sheet.
            let problems =
                ScreenInvariants.problems(in: composition, helpBar: bar)
                + ScreenInvariants.brokenBoxes(in: composition.flatten()).map { "as seen: \($0)" }
            #expect(problems.isEmpty, "\(name) at \(size.width)×\(size.height): \(problems)")
        }
    }

    /// A card dealt one at a time grows with the window (a third of the height and more where
    /// there is room), inside the screen and clear of the help bar; a flipping card stays large.
    @Test func theDealtCardGrowsWithTheWindowAndTheFlippingOneDoesNot() {
        let cardUp = CardsStates.all()[1].harness
        for size in [Size(width: 80, height: 24), Size(width: 200, height: 60), Size(width: 250, height: 70)] {
            var copy = cardUp
            copy.send(.resize(size))
            let card = copy.workout.layout.card
            #expect(
                card.height * 3 >= size.height, "\(size.width)×\(size.height): a card \(card.size.height) rows tall")
            #expect(card.maxY < size.height - 1 && card.maxX <= size.width)
        }
        var small = cardUp
        small.send(.resize(Size(width: 40, height: 12)))
        #expect(small.workout.layout.scale == .small)
        let flipping = Harness(mode: .flip, size: Size(width: 200, height: 60))
        #expect(flipping.workout.layout.scale == .large)
    }

    /// The done/left table never simply disappears: each exercise has its row, or a "more" marker
    /// says how many are out of view, at every size.
    @Test func theTallyShrinksRatherThanDisappears() {
        let cardUp = CardsStates.all()[1].harness
        for size in ScreenInvariants.sizes {
            var copy = cardUp
            copy.send(.resize(size))
            let frame = copy.frame()
            let rows = frame.filter { $0.contains("done ") }.count
            let hidden = frame.compactMap { line -> Int? in
                guard let range = line.range(of: "▼ ") else { return nil }
                return Int(line[range.upperBound...].prefix { $0.isNumber })
            }.reduce(0, +)
            #expect(rows >= 1 && rows + hidden == 4, "\(size.width)×\(size.height): \(rows) rows, \(hidden) more")
        }
    }

    /// Nothing of the screen shows through the summary: one box (the sheet's) and no card back.
    @Test func nothingPokesThroughDeckDone() {
        let done = CardsStates.all()[2].harness
        for size in ScreenInvariants.sizes {
            var copy = done
            copy.send(.resize(size))
            let corners = copy.frame().joined().filter { $0 == "╭" }.count
            #expect(corners == 1, "\(size.width)×\(size.height): \(corners) boxes")
        }
    }
}
