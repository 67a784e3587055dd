import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A random source that gives the same numbers for the same seed on every machine and every
/// Swift version (SplitMix64): `--seed N` is then a gym's "deck of the day".
public struct SeededRandom: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// A source that starts from `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// SplitMix64's finaliser: a well-spread 64-bit value for any input, such as a frame number.
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<upperBound` without modulo bias, the same everywhere for the same state.
    public mutating func below(_ upperBound: Int) -> Int {
        precondition(upperBound > 0, "an empty range has no random number")
        let bound = UInt64(upperBound)
        let limit = UInt64.max - UInt64.max % bound
        while true {
            let value = next()
            if value < limit { return Int(value % bound) }
        }
    }
}

/// Why the deck refused a request, in the Deck of Cards API's own words where it has them.
public enum DeckError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `deck_count` outside 1–20.
    case invalidDeckCount(Int)
    /// A code in a partial deck that is no card.
    case invalidCardCode(String)
    /// A draw of fewer than one card.
    case invalidDrawCount(Int)
    /// Fewer cards left than asked for; the ones left were drawn.
    case notEnoughCards(asked: Int)

    public var description: String {
        switch self {
        case .invalidDeckCount(let count): "The deck count must be from 1 to 20, not \(count)."
        case .invalidCardCode(let code): "'\(code)' is not a card code (e.g. AS, 0H, KD, X1)."
        case .invalidDrawCount(let count): "Draw at least one card, not \(count)."
        case .notEnoughCards(let asked): "Not enough cards remaining to draw \(asked) additional"
        }
    }
}

/// A deck as the Deck of Cards API keeps one: an identifier, whether it is shuffled, and its
/// cards, the pile still to draw from and the ones drawn. Pure and deterministic: shuffling
/// takes the random source it is given.
public struct Deck: Hashable, Sendable {
    /// The decks a new deck may combine.
    public static let deckCountRange = ValueLimits.cardDecks
    /// The letters of a deck identifier.
    static let identifierAlphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")

    /// Twelve characters of a–z and 0–9, as the API's `deck_id`.
    public var id: String
    /// Whether the deck has been shuffled.
    public private(set) var shuffled: Bool
    /// The cards still to draw, the next one first.
    public private(set) var pile: [PlayingCard]
    /// The cards drawn so far, in order.
    public private(set) var drawn: [PlayingCard]

    /// How many cards are left to draw: the API's `remaining`.
    public var remaining: Int { pile.count }

    /// A deck with these cards in this order, nothing drawn.
    public init(id: String, cards: [PlayingCard], shuffled: Bool = false) {
        self.id = id
        self.shuffled = shuffled
        self.pile = cards
        self.drawn = []
    }

    /// A new deck, as `GET /api/deck/new/` makes one: `deckCount` standard decks of 52 (with
    /// two jokers each when `jokers` is set), or `deckCount` copies of the `partial` list of
    /// codes. Its identifier comes from `random`; it is not shuffled yet.
    public static func new(
        deckCount: Int = 1, jokers: Bool = false, partial: [String]? = nil, using random: inout SeededRandom
    ) throws(DeckError) -> Deck {
        guard deckCountRange.contains(deckCount) else { throw .invalidDeckCount(deckCount) }
        var one: [PlayingCard]
        if let partial {
            one = []
            for code in partial {
                guard let card = PlayingCard(code: code.trimmingBlanks()) else {
                    throw .invalidCardCode(code)
                }
                one.append(card)
            }
        } else {
            one = PlayingCard.standardDeck(jokers: jokers)
        }
        let id = String((0..<12).map { _ in identifierAlphabet[random.below(identifierAlphabet.count)] })
        return Deck(id: id, cards: Array((0..<deckCount).map { _ in one }.joined()))
    }

    /// A new deck shuffled at once: `GET /api/deck/new/shuffle/`.
    public static func shuffledNew(
        deckCount: Int = 1, jokers: Bool = false, partial: [String]? = nil, using random: inout SeededRandom
    ) throws(DeckError) -> Deck {
        var deck = try new(deckCount: deckCount, jokers: jokers, partial: partial, using: &random)
        deck.shuffle(using: &random)
        return deck
    }

    /// Shuffles: the whole deck (the drawn cards go back in) or, with `remainingOnly`, the pile
    /// alone. A Fisher–Yates shuffle of our own, so a seed gives the same order everywhere.
    public mutating func shuffle(remainingOnly: Bool = false, using random: inout SeededRandom) {
        if !remainingOnly {
            pile = drawn + pile
            drawn = []
        }
        var index = pile.count - 1
        while index > 0 {
            pile.swapAt(index, random.below(index + 1))
            index -= 1
        }
        shuffled = true
    }

    /// Draws `count` cards from the top of the pile. Asking for more than are left draws what is
    /// left and says so, as the API does.
    public mutating func draw(_ count: Int = 1) -> (cards: [PlayingCard], error: DeckError?) {
        guard count >= 1 else { return ([], .invalidDrawCount(count)) }
        let taken = Array(pile.prefix(count))
        pile.removeFirst(taken.count)
        drawn += taken
        return (taken, taken.count < count ? .notEnoughCards(asked: count) : nil)
    }

    /// Puts `card` back on top of the pile (an undone card): the next draw takes it again.
    public mutating func putBack(_ card: PlayingCard) {
        if let index = drawn.lastIndex(of: card) { drawn.remove(at: index) }
        pile.insert(card, at: 0)
    }
}
