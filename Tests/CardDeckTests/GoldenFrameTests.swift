import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import CardDeck

/// Golden frames of the card face at both sizes, in colour and without, and of whole screens.
/// `TERMFIT_GOLDEN_PRINT=1` prints every frame as a literal to paste after a deliberate change.
@Suite struct CardFaceGoldenTests {
    private func draw(_ card: PlayingCard?, _ scale: CardFace.Scale, usesColor: Bool = true) -> Canvas {
        var canvas = Canvas(size: scale.size)
        CardFace(card, scale: scale, usesColor: usesColor).render(into: &canvas, in: canvas.bounds)
        return canvas
    }

    /// The cells of `canvas` that show something other than the border or blanks.
    private func inkCells(_ canvas: Canvas) -> [Cell] {
        let border: Set<Character> = ["╭", "╮", "╰", "╯", "─", "│", " "]
        return canvas.cells.filter { !border.contains($0.glyph.character) && !$0.glyph.isContinuation }
    }

    @Test func largeCards() {
        expectGolden(draw(PlayingCard(.ace, .spades), .large), "largeCards-1")
        expectGolden(draw(PlayingCard(.ten, .hearts), .large), "largeCards-2")
        expectGolden(draw(PlayingCard(.queen, .diamonds), .large), "largeCards-3")
        expectGolden(draw(PlayingCard(.seven, .clubs), .large), "largeCards-4")
        expectGolden(draw(.redJoker, .large), "largeCards-5")
    }

    @Test func smallCardsAndTheBack() {
        expectGolden(draw(PlayingCard(.king, .hearts), .small), "smallCardsAndTheBack-1")
        expectGolden(draw(PlayingCard(.ten, .clubs), .small), "smallCardsAndTheBack-2")
        expectGolden(draw(.blackJoker, .small), "smallCardsAndTheBack-3")
        expectGolden(draw(nil, .small), "smallCardsAndTheBack-4")
    }

    @Test(arguments: CardFace.Scale.allCases)
    func redSuitsAreRedInColourAndNothingIsColouredWithout(scale: CardFace.Scale) {
        for suit in [Suit.hearts, .diamonds] {
            let coloured = inkCells(draw(PlayingCard(.five, suit), scale))
            #expect(!coloured.isEmpty)
            #expect(coloured.allSatisfy { $0.style.foreground == .red })
        }
        for suit in [Suit.spades, .clubs] {
            #expect(inkCells(draw(PlayingCard(.five, suit), scale)).allSatisfy { $0.style.foreground == .default })
        }
        for card in PlayingCard.standardDeck(jokers: true) {
            let plain = draw(card, scale, usesColor: false)
            #expect(plain.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
            // Without colour the suit symbol is what tells hearts from spades.
            #expect(plain.lines().joined().contains(card.suit.symbol))
        }
    }

    /// The rules list found by typing "jo": Jokers and Joker, values beside them.
    @Test func rulesFilteredAt80x24() {
        var harness = Harness(size: Size(width: 80, height: 24))
        harness.press(.character("r"))
        harness.type("jo")
        expectGolden(harness.canvas(), "rulesFilteredAt80x24")
    }

    /// A rule's field in place of the list, on the smallest screen.
    @Test func rulesFieldAt40x12() {
        var harness = Harness(size: Size(width: 40, height: 12))
        harness.press(.character("r"), .enter)
        expectGolden(harness.canvas(), "rulesFieldAt40x12")
    }

    @Test func theSameFrameWithAndWithoutColourReadsTheSame() {
        let card = PlayingCard(.nine, .diamonds)
        #expect(draw(card, .large).lines() == draw(card, .large, usesColor: false).lines())
    }
}

@Suite struct ScreenGoldenTests {
    @Test func deckModeShowingACardAt80x24() {
        var harness = Harness(partial: ["9H", "3S", "KC"], size: Size(width: 80, height: 24))
        harness.press(.enter)
        harness.wait(.seconds(62))
        expectGolden(harness.canvas(), "deckModeShowingACardAt80x24")
    }

    @Test func flipModeStoppedAt40x12WithoutColour() {
        var harness = Harness(mode: .flip, usesColor: false, size: Size(width: 40, height: 12))
        harness.wait(.milliseconds(340))
        harness.press(.character(" "))
        let canvas = harness.canvas()
        expectGolden(canvas, "flipModeStoppedAt40x12WithoutColour")
        #expect(canvas.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
    }

    @Test func theSummaryShowsTheTimeInBigDigits() {
        var harness = Harness(partial: ["2S"])
        harness.press(.enter)
        harness.wait(.seconds(75))
        harness.press(.enter)
        let frame = harness.frame()
        expectFrame(
            Array(frame[6...16]),
            [
                "                  ╭ Deck done ───────────────────────────────╮",
                "                  │              ▀█  ▄ ▀█  █▀▀               │",
                "                  │               █  ▄  █  ▀▀█               │",
                "                  │              ▀▀▀   ▀▀▀ ▀▀▀               │",
                "                  │                                          │",
                "                  │       1 card · 2 reps · your time        │",
                "                  │                                          │",
                "                  │           Push-ups     2  1:15           │",
                "                  │                                          │",
                "                  │          [ New deck ]  [ Back ]          │",
                "                  ╰──────────────────────────────────────────╯",
            ])
    }
}

/// What a flip costs on the wire: only the card's own cells change between two flips, and the
/// card never grows with the window.
@Suite struct FlipDiffBudgetTests {
    @Test(arguments: [Size(width: 80, height: 24), Size(width: 200, height: 60), Size(width: 40, height: 12)])
    func aFlipChangesOnlyTheCardFace(size: Size) {
        var harness = Harness(mode: .flip, size: size)
        let card = harness.workout.layout.card
        #expect(card.size.width <= CardFace.Scale.large.size.width, "the card is capped")
        var previous = harness.canvas()
        var changed = 0
        for _ in 0..<50 {
            harness.waitForDeadline()
            let next = harness.canvas()
            for run in FrameDiff.runs(from: previous, to: next) {
                #expect(card.inset(by: 1).contains(Point(x: run.x, y: run.y)), "row \(run.y) changed outside the card")
                #expect(run.x + run.count <= card.maxX - 1)
                changed += run.count
            }
            previous = next
        }
        #expect(changed <= 50 * 30, "at most the corners and the picture of each card")
    }

    @Test func stoppedNothingChangesAndNothingWakes() {
        var harness = Harness(mode: .flip)
        harness.press(.character(" "))
        let before = harness.canvas()
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
        harness.now = harness.now + .seconds(60)
        #expect(FrameDiff.runs(from: before, to: harness.canvas()).isEmpty)
    }
}
