import TermUI
import Testing

@testable import CardDeck

/// Real pip layouts for A–10 and marked court cards, at every card size and in ASCII.
@Suite struct PipLayoutTests {
    private static let scales: [CardFace.Scale] = [.large] + (2...CardFace.Scale.largestFactor).map { .grown($0) }

    private func draw(_ card: PlayingCard, _ scale: CardFace.Scale) -> [String] {
        var canvas = Canvas(size: scale.size)
        CardFace(card, scale: scale).render(into: &canvas, in: canvas.bounds)
        return canvas.lines()
    }

    private func count(_ symbol: String, in lines: [String]) -> Int {
        lines.joined().filter { String($0) == symbol }.count
    }

    @Test(arguments: scales)
    func twoToTenShowAsManyPipsAsTheirCountBesideTheTwoIndexes(scale: CardFace.Scale) {
        for suit in Suit.standard {
            for rank in Rank.standard {
                guard let pips = rank.pips else { continue }
                let lines = draw(PlayingCard(rank, suit), scale)
                #expect(count(suit.symbol, in: lines) == pips + 2, "\(rank) of \(suit) at \(scale)")
            }
        }
    }

    @Test func theTenOfHeartsIsLaidOutAsOnARealCard() {
        let lines = draw(PlayingCard(.ten, .hearts), .large)
        #expect(
            lines == [
                "╭─────────╮",
                "│10♥      │",
                "│  ♥   ♥  │",
                "│  ♥ ♥ ♥  │",
                "│         │",
                "│  ♥ ♥ ♥  │",
                "│  ♥   ♥  │",
                "│      10♥│",
                "╰─────────╯",
            ])
    }

    @Test(arguments: scales + [.small])
    func jackQueenAndKingAreMarkedAndTellApart(scale: CardFace.Scale) {
        let faces = [Rank.jack, .queen, .king].map { draw(PlayingCard($0, .spades), scale) }
        #expect(Set(faces.map { $0.joined(separator: "\n") }).count == 3)
        for (face, letter) in zip(faces, ["J", "Q", "K"]) {
            // The letter more than in the two corners: framed (or bracketed on a small card).
            #expect(face.joined().filter { String($0) == letter }.count >= 3, "\(letter) at \(scale)")
        }
        if scale != .small {
            #expect(faces[2].joined().contains("▲▲▲"), "a king's crown")
            #expect(faces[0].joined().contains("╔"), "a framed letter")
        }
    }

    @Test func aSmallCardShowsPipsUpToThreeAndTheCountFromFour() {
        var canvas = Canvas(size: CardFace.Scale.small.size)
        CardFace(PlayingCard(.three, .clubs), scale: .small).render(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines()[2] == "│♣ ♣ ♣│")
        #expect(CardFace.smallMiddle(of: PlayingCard(.ten, .hearts)) == "10×♥")
        #expect(CardFace.smallMiddle(of: PlayingCard(.king, .hearts)) == "[K]♥")
    }

    @Test(arguments: scales + [.small])
    func inASCIIEveryCardReadsWithoutQuestionMarks(scale: CardFace.Scale) {
        for card in PlayingCard.standardDeck(jokers: true) {
            let ascii = draw(card, scale).map { ASCIIFallback.string($0) }
            #expect(!ascii.joined().contains("?"), "\(card.code) at \(scale)")
        }
        let ten = draw(PlayingCard(.ten, .hearts), .large).map { ASCIIFallback.string($0) }
        #expect(ten.joined().filter { $0 == "H" }.count == 12)
    }
}
