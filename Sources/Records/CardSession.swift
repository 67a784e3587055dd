#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a card deck came from: TermFit's own shuffled deck, or a Deck of Cards API server.
public enum DeckSource: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
    /// A deck shuffled locally by TermFit.
    case local
    /// A deck drawn from a Deck of Cards API server at this base address.
    case server(String)

    /// The stored form: `"local"`, or the server's address.
    public var rawValue: String {
        switch self {
        case .local: "local"
        case .server(let address): address
        }
    }

    /// Reads the stored form back: `"local"` is the local deck, anything else a server address.
    public init(rawValue: String) {
        self = rawValue == "local" ? .local : .server(rawValue)
    }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// One card drawn during a card-deck session, in the order it was drawn.
public struct CardDraw: Sendable, Codable, Equatable, Hashable {
    /// The card's place in the session, from 1.
    public var position: Int
    /// The card's code as the Deck of Cards API writes it: rank then suit, e.g. `"AS"` (ace of
    /// spades), `"0H"` (ten of hearts), `"X1"` and `"X2"` for the jokers.
    public var code: String
    /// The exercise the card's suit stood for when it was drawn, e.g. `"Push-ups"`.
    public var exercise: String
    /// The repetitions the card asked for.
    public var reps: Int
    /// When the card was drawn.
    public var drawnAt: Date
    /// The card's split: the whole seconds of working time from its draw to its Done, a pause
    /// left out. The splits of a deck add up to its time. `nil` for cards saved before TermFit
    /// kept splits.
    public var seconds: TimeInterval?

    public init(
        position: Int, code: String, exercise: String, reps: Int, drawnAt: Date, seconds: TimeInterval? = nil
    ) {
        self.position = position
        self.code = code
        self.exercise = exercise
        self.reps = reps
        self.drawnAt = drawnAt
        self.seconds = seconds
    }
}

/// A card-deck workout: cards drawn one at a time from one or more shuffled decks.
public struct CardSession: Sendable, Codable, Equatable, Hashable, Identifiable {
    /// A stable identifier, chosen when the session starts.
    public var id: UUID
    /// The deck's identifier: the Deck of Cards API's `deck_id`, or one TermFit made up for a
    /// local deck.
    public var deckID: String
    /// Where the deck came from.
    public var deckSource: DeckSource
    /// When the first card was about to be drawn.
    public var startedAt: Date
    /// When the session was finished or abandoned; `nil` while it is in progress.
    public var finishedAt: Date?
    /// How the session ended.
    public var status: SessionStatus
    /// Time spent working, in seconds, not counting time suspended.
    public var activeDuration: TimeInterval
    /// The cards drawn, in order.
    public var draws: [CardDraw]

    public init(
        id: UUID = UUID(), deckID: String, deckSource: DeckSource, startedAt: Date,
        finishedAt: Date? = nil, status: SessionStatus = .inProgress, activeDuration: TimeInterval = 0,
        draws: [CardDraw] = []
    ) {
        self.id = id
        self.deckID = deckID
        self.deckSource = deckSource
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.status = status
        self.activeDuration = activeDuration
        self.draws = draws
    }

    /// Total repetitions per exercise over every card drawn so far (each total stops at
    /// `Int.max` rather than overflow, whatever a stored session holds).
    public var repsPerExercise: [String: Int] {
        draws.reduce(into: [:]) { totals, draw in
            totals[draw.exercise] = totals[draw.exercise, default: 0].saturatingAdding(draw.reps)
        }
    }
}
