import Foundation
import Testing

@testable import CardDeck

@Suite struct DeckTests {
    private func counts(_ cards: [PlayingCard]) -> [String: Int] {
        cards.reduce(into: [:]) { $0[$1.code, default: 0] += 1 }
    }

    @Test(arguments: [1, 2, 6, 20])
    func eachDeckHas52UniqueCardsTimesTheDeckCount(deckCount: Int) throws {
        var random = SeededRandom(seed: 1)
        let deck = try Deck.shuffledNew(deckCount: deckCount, using: &random)
        #expect(deck.remaining == 52 * deckCount)
        let counted = counts(deck.pile)
        #expect(counted.count == 52)
        #expect(counted.values.allSatisfy { $0 == deckCount })
        #expect(!counted.keys.contains("X1"))
        #expect(deck.shuffled)
    }

    @Test func theDeckCountIsOneToTwenty() {
        var random = SeededRandom(seed: 1)
        #expect(throws: DeckError.invalidDeckCount(0)) { try Deck.new(deckCount: 0, using: &random) }
        #expect(throws: DeckError.invalidDeckCount(21)) { try Deck.new(deckCount: 21, using: &random) }
    }

    @Test func jokersAddTwoADeck() throws {
        var random = SeededRandom(seed: 2)
        let deck = try Deck.shuffledNew(deckCount: 3, jokers: true, using: &random)
        #expect(deck.remaining == 54 * 3)
        let counted = counts(deck.pile)
        #expect(counted["X1"] == 3)
        #expect(counted["X2"] == 3)
        let black = try #require(deck.pile.first { $0.code == "X1" })
        #expect(black.rank == .joker && black.suit == .black)
        #expect(PlayingCard(code: "X2")?.suit == .red)
    }

    @Test func aPartialDeckHasOnlyItsCodesTimesTheDeckCount() throws {
        var random = SeededRandom(seed: 3)
        let deck = try Deck.shuffledNew(deckCount: 2, partial: ["AS", "0H", "KD"], using: &random)
        #expect(counts(deck.pile) == ["AS": 2, "0H": 2, "KD": 2])
        #expect(throws: DeckError.invalidCardCode("ZZ")) {
            try Deck.new(partial: ["AS", "ZZ"], using: &random)
        }
        let unshuffled = try Deck.new(partial: ["2C", "3C", "4C"], using: &random)
        #expect(unshuffled.pile.map(\.code) == ["2C", "3C", "4C"])
        #expect(!unshuffled.shuffled)
    }

    @Test func drawingPastTheEndGivesWhatIsLeftAndTheAPIsError() throws {
        var random = SeededRandom(seed: 4)
        var deck = try Deck.shuffledNew(partial: ["AS", "2S", "3S"], using: &random)
        let first = deck.draw(2)
        #expect(first.cards.count == 2)
        #expect(first.error == nil)
        #expect(deck.remaining == 1)
        let past = deck.draw(5)
        #expect(past.cards.count == 1)
        #expect(past.error?.description == "Not enough cards remaining to draw 5 additional")
        #expect(deck.remaining == 0)
        #expect(Set(deck.drawn.map(\.code)) == ["AS", "2S", "3S"])
        let empty = deck.draw(1)
        #expect(empty.cards.isEmpty)
        #expect(deck.draw(0).error == .invalidDrawCount(0))
    }

    @Test func reshufflingTheRemainingKeepsTheDrawnCardsOut() throws {
        var random = SeededRandom(seed: 5)
        var deck = try Deck.shuffledNew(using: &random)
        let drawn = deck.draw(10).cards
        let left = deck.pile
        deck.shuffle(remainingOnly: true, using: &random)
        #expect(deck.drawn == drawn)
        #expect(deck.remaining == 42)
        #expect(counts(deck.pile) == counts(left))
        #expect(deck.pile != left, "the order changed")
        deck.shuffle(using: &random)
        #expect(deck.remaining == 52)
        #expect(deck.drawn.isEmpty)
        #expect(counts(deck.pile).count == 52)
    }

    @Test func theSameSeedGivesTheSameDeckEverywhere() throws {
        var first = SeededRandom(seed: 42)
        var second = SeededRandom(seed: 42)
        let one = try Deck.shuffledNew(using: &first)
        let two = try Deck.shuffledNew(using: &second)
        #expect(one == two)
        var other = SeededRandom(seed: 43)
        #expect(try Deck.shuffledNew(using: &other).pile != one.pile)
        // Pinned: a gym's "deck of the day" must not change with a new Swift or a new machine.
        #expect(one.id == "btsa8gb6bc98")
        #expect(one.pile.prefix(5).map(\.code) == ["7H", "7D", "4D", "3S", "JD"])
    }

    @Test func aDeckIdentifierIsTwelveLettersAndDigits() throws {
        for seed in UInt64(0)..<50 {
            var random = SeededRandom(seed: seed)
            let id = try Deck.new(using: &random).id
            #expect(id.count == 12)
            #expect(id.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        }
    }

    @Test func everyCodeReadsBackAsItsCard() {
        for card in PlayingCard.standardDeck(jokers: true) {
            #expect(PlayingCard(code: card.code) == card)
        }
        #expect(PlayingCard(code: "0H")?.rank == .ten)
        #expect(PlayingCard(code: "0H")?.rank.label == "10")
        for bad in ["", "A", "1S", "AX", "X3", "ASS", "10H"] {
            #expect(PlayingCard(code: bad) == nil, "\(bad)")
        }
    }
}

/// Decoding the API's own responses (as deckofcardsapi.com writes them) and writing them back.
@Suite struct DeckJSONTests {
    private func object(_ json: String) throws -> NSDictionary {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? NSDictionary)
    }

    private func roundTrip(_ json: String) throws -> (DeckResponse, NSDictionary) {
        let response = try JSONDecoder().decode(DeckResponse.self, from: Data(json.utf8))
        let written = try JSONEncoder().encode(response)
        let reread = try #require(try JSONSerialization.jsonObject(with: written) as? NSDictionary)
        return (response, reread)
    }

    @Test func aNewShuffledDeck() throws {
        let literal = #"{"success": true, "deck_id": "3p40paa87x90", "shuffled": true, "remaining": 52}"#
        let (response, written) = try roundTrip(literal)
        #expect(response == DeckResponse(success: true, deckID: "3p40paa87x90", shuffled: true, remaining: 52))
        #expect(written == (try object(literal)))
    }

    @Test func aDrawWithTheImagesTermFitDoesNotUse() throws {
        let literal = """
            {"success": true, "deck_id": "kxozasf3edqu", "cards": [
              {"code": "6H", "image": "https://deckofcardsapi.com/static/img/6H.png",
               "images": {"svg": "https://deckofcardsapi.com/static/img/6H.svg",
                          "png": "https://deckofcardsapi.com/static/img/6H.png"},
               "value": "6", "suit": "HEARTS"},
              {"code": "0S", "image": "https://deckofcardsapi.com/static/img/0S.png",
               "images": {"svg": "https://deckofcardsapi.com/static/img/0S.svg",
                          "png": "https://deckofcardsapi.com/static/img/0S.png"},
               "value": "10", "suit": "SPADES"},
              {"code": "X2", "value": "JOKER", "suit": "RED"}
            ], "remaining": 49}
            """
        let (response, written) = try roundTrip(literal)
        #expect(response.cards == [PlayingCard(.six, .hearts), PlayingCard(.ten, .spades), .redJoker])
        #expect(response.remaining == 49)
        #expect(response.deckID == "kxozasf3edqu")
        let expected = """
            {"success": true, "deck_id": "kxozasf3edqu", "cards": [
              {"code": "6H", "value": "6", "suit": "HEARTS"}, {"code": "0S", "value": "10", "suit": "SPADES"},
              {"code": "X2", "value": "JOKER", "suit": "RED"}], "remaining": 49}
            """
        #expect(written == (try object(expected)))
    }

    @Test func drawingPastTheEndAndAnUnknownDeck() throws {
        let past = """
            {"success": false, "deck_id": "kxozasf3edqu", "cards": [{"code": "KC", "value": "KING", "suit": "CLUBS"}],
             "remaining": 0, "error": "Not enough cards remaining to draw 2 additional"}
            """
        let (response, written) = try roundTrip(past)
        #expect(!response.success)
        #expect(response.cards?.map(\.code) == ["KC"])
        #expect(response.error == "Not enough cards remaining to draw 2 additional")
        #expect(written == (try object(past)))
        let unknown = #"{"success": false, "error": "Deck ID does not exist."}"#
        let (missing, missingWritten) = try roundTrip(unknown)
        #expect(missing == .unknownDeck)
        #expect(missingWritten == (try object(unknown)))
    }

    @Test func theLocalDeckWritesTheAPIsShapes() throws {
        var random = SeededRandom(seed: 9)
        var deck = try Deck.shuffledNew(partial: ["AS", "KH"], using: &random)
        let created = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(deck.response)) as? NSDictionary
        #expect(Set((created?.allKeys as? [String]) ?? []) == ["success", "deck_id", "shuffled", "remaining"])
        let draw = deck.drawResponse(3)
        let drawn = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(draw)) as? NSDictionary
        #expect(Set((drawn?.allKeys as? [String]) ?? []) == ["success", "deck_id", "cards", "remaining", "error"])
        #expect(drawn?["error"] as? String == "Not enough cards remaining to draw 3 additional")
    }

    @Test func aCardWhoseValueContradictsItsCodeIsRefused() {
        let wrong = #"{"code": "AS", "value": "KING", "suit": "SPADES"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PlayingCard.self, from: Data(wrong.utf8)) }
        let unknown = #"{"code": "ZZ", "value": "KING", "suit": "SPADES"}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(PlayingCard.self, from: Data(unknown.utf8)) }
    }

    @Test func requestPathsAreTheAPIs() {
        #expect(
            DeckRequest.newShuffled(deckCount: 2, jokers: true, partial: nil).path
                == "/api/deck/new/shuffle/?deck_count=2&jokers_enabled=true")
        #expect(
            DeckRequest.newShuffled(deckCount: 1, jokers: false, partial: ["AS", "KD"]).path
                == "/api/deck/new/shuffle/?deck_count=1&cards=AS,KD")
        #expect(DeckRequest.draw(deckID: "abc", count: 1).path == "/api/deck/abc/draw/?count=1")
        #expect(DeckRequest.shuffle(deckID: "abc", remainingOnly: true).path == "/api/deck/abc/shuffle/?remaining=true")
        #expect(DeckRequest.shuffle(deckID: "abc", remainingOnly: false).path == "/api/deck/abc/shuffle/")
        #expect(DeckRequest.info(deckID: "abc").path == "/api/deck/abc/")
        #expect(DeckRequest.info(deckID: "../x y").path == "/api/deck/%2E%2E%2Fx%20y/")
    }
}
