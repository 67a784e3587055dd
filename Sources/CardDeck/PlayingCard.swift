/// A card's suit as the Deck of Cards API names it: the four suits, and `black` and `red` for
/// the two jokers.
public enum Suit: String, Codable, Sendable, CaseIterable, Hashable {
    /// ♠
    case spades = "SPADES"
    /// ♥
    case hearts = "HEARTS"
    /// ♦
    case diamonds = "DIAMONDS"
    /// ♣
    case clubs = "CLUBS"
    /// The black joker's colour.
    case black = "BLACK"
    /// The red joker's colour.
    case red = "RED"

    /// The four suits of a standard deck, in the API's order.
    public static let standard: [Suit] = [.spades, .diamonds, .clubs, .hearts]
    /// The four suits in the order TermFit lists them: ♠ ♥ ♦ ♣.
    public static let listed: [Suit] = [.spades, .hearts, .diamonds, .clubs]

    /// The letter in a card code: S, H, D, C (jokers have none).
    public var letter: String? {
        switch self {
        case .spades: "S"
        case .hearts: "H"
        case .diamonds: "D"
        case .clubs: "C"
        case .black, .red: nil
        }
    }

    /// The suit of a code letter.
    public init?(letter: Character) {
        switch letter {
        case "S": self = .spades
        case "H": self = .hearts
        case "D": self = .diamonds
        case "C": self = .clubs
        default: return nil
        }
    }

    /// ♠ ♥ ♦ ♣, or ★ for a joker: what the card face shows (the renderer falls back to S H D C).
    public var symbol: String {
        switch self {
        case .spades: "♠"
        case .hearts: "♥"
        case .diamonds: "♦"
        case .clubs: "♣"
        case .black, .red: "★"
        }
    }

    /// Hearts, diamonds and the red joker are red.
    public var isRed: Bool { self == .hearts || self == .diamonds || self == .red }

    /// "Spades", "Hearts"…: the suit as people write it.
    public var name: String {
        switch self {
        case .spades: "Spades"
        case .hearts: "Hearts"
        case .diamonds: "Diamonds"
        case .clubs: "Clubs"
        case .black: "Black"
        case .red: "Red"
        }
    }
}

/// A card's value as the Deck of Cards API writes it: "ACE", "2"…"10", "JACK", "QUEEN", "KING",
/// "JOKER".
public enum Rank: String, Codable, Sendable, CaseIterable, Hashable {
    /// "ACE", code letter A.
    case ace = "ACE"
    case two = "2"
    case three = "3"
    case four = "4"
    case five = "5"
    case six = "6"
    case seven = "7"
    case eight = "8"
    case nine = "9"
    /// "10", code character 0.
    case ten = "10"
    case jack = "JACK"
    case queen = "QUEEN"
    case king = "KING"
    case joker = "JOKER"

    /// The thirteen ranks of a suit, ace first.
    public static let standard: [Rank] = Array(allCases.dropLast())

    /// The character in a card code: A, 2…9, 0 for ten, J, Q, K (X for a joker).
    public var codeCharacter: Character {
        switch self {
        case .ace: "A"
        case .ten: "0"
        case .jack: "J"
        case .queen: "Q"
        case .king: "K"
        case .joker: "X"
        default: rawValue.first ?? "?"
        }
    }

    /// What the card's corner shows: "A", "2"…"10", "J", "Q", "K", "★".
    public var label: String {
        switch self {
        case .ten: "10"
        case .joker: "★"
        default: String(codeCharacter)
        }
    }

    /// 2–10 for the number cards; `nil` for aces, faces and jokers.
    public var pips: Int? { Int(rawValue) }

    /// The rank of a code character.
    public init?(codeCharacter: Character) {
        guard let rank = Self.allCases.first(where: { $0.codeCharacter == codeCharacter }) else { return nil }
        self = rank
    }
}

/// One playing card, encoded as the Deck of Cards API encodes it: `{"code": "0H", "value": "10",
/// "suit": "HEARTS"}`. The jokers are `X1` (black) and `X2` (red).
public struct PlayingCard: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The card's rank.
    public let rank: Rank
    /// The card's suit (`black` or `red` for a joker).
    public let suit: Suit

    /// A card of `rank` and `suit`. A joker's suit is its colour.
    public init(_ rank: Rank, _ suit: Suit) {
        self.rank = rank
        self.suit = suit
    }

    /// The black joker, `X1`.
    public static let blackJoker = PlayingCard(.joker, .black)
    /// The red joker, `X2`.
    public static let redJoker = PlayingCard(.joker, .red)

    /// The card of an API code such as "AS", "0H", "KD", "X1"; `nil` for anything else.
    public init?(code: String) {
        let characters = Array(code.uppercased())
        guard characters.count == 2 else { return nil }
        if characters[0] == "X" {
            switch characters[1] {
            case "1": self = .blackJoker
            case "2": self = .redJoker
            default: return nil
            }
            return
        }
        guard let rank = Rank(codeCharacter: characters[0]), rank != .joker,
            let suit = Suit(letter: characters[1])
        else { return nil }
        self.init(rank, suit)
    }

    /// The API's code: rank then suit letter ("AS", "0H"), or "X1"/"X2".
    public var code: String {
        if rank == .joker { return suit == .red ? "X2" : "X1" }
        return String(rank.codeCharacter) + (suit.letter ?? "")
    }

    /// Whether this is one of the jokers.
    public var isJoker: Bool { rank == .joker }

    /// "Ace of Spades", "10 of Hearts", "Red Joker".
    public var name: String {
        if isJoker { return "\(suit.name) Joker" }
        let rankName: String
        switch rank {
        case .ace: rankName = "Ace"
        case .jack: rankName = "Jack"
        case .queen: rankName = "Queen"
        case .king: rankName = "King"
        default: rankName = rank.rawValue
        }
        return "\(rankName) of \(suit.name)"
    }

    public var description: String { code }

    /// The 52 cards of one standard deck in the API's unshuffled order (suit by suit, ace to king),
    /// then the two jokers when `jokers` is set.
    public static func standardDeck(jokers: Bool = false) -> [PlayingCard] {
        Suit.standard.flatMap { suit in Rank.standard.map { PlayingCard($0, suit) } }
            + (jokers ? [.blackJoker, .redJoker] : [])
    }

    private enum CodingKeys: String, CodingKey {
        case code, value, suit
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decode(String.self, forKey: .code)
        guard let card = PlayingCard(code: code) else {
            throw DecodingError.dataCorruptedError(
                forKey: .code, in: container, debugDescription: "'\(code)' is not a card code")
        }
        // The value and suit must agree with the code; a server that says otherwise is wrong.
        let value = try container.decode(Rank.self, forKey: .value)
        let suit = try container.decode(Suit.self, forKey: .suit)
        guard value == card.rank, suit == card.suit else {
            throw DecodingError.dataCorruptedError(
                forKey: .value, in: container, debugDescription: "'\(code)' is not the \(value) of \(suit)")
        }
        self = card
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(rank, forKey: .value)
        try container.encode(suit, forKey: .suit)
    }
}
