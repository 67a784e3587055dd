import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The rules of the card workout, kept per profile: which exercise each suit stands for, how many
/// reps each rank asks for, jokers, how many decks, and where the deck comes from.
public struct CardSettings: Hashable, Sendable {
    /// How many reps a jack, queen or king asks for.
    public enum FaceCards: String, Hashable, Sendable, CaseIterable {
        /// 10 reps each.
        case ten
        /// Jack 11, queen 12, king 13.
        case ranked
    }

    /// What a joker asks for.
    public enum JokerSpecial: String, Hashable, Sendable, CaseIterable {
        /// A 2-minute rest.
        case rest
        /// 15 burpees.
        case burpees

        /// "2-minute rest", "15 burpees".
        public var title: String {
            switch self {
            case .rest: "2-minute rest"
            case .burpees: "15 burpees"
            }
        }
    }

    /// The exercises of a profile that never chose any.
    public static let defaultExercises: [Suit: String] = [
        .spades: "Push-ups", .hearts: "Sit-ups", .diamonds: "Squats", .clubs: "Burpees",
    ]
    /// The reps an ace may ask for.
    public static let aceChoices = ValueLimits.aceReps
    /// The longest exercise name, in characters.
    public static let exerciseNameLimit = ValueLimits.suitExerciseLength
    /// The length of the joker's rest.
    public static let jokerRestSeconds = 120

    /// The exercise of each of the four suits.
    public var exercises: [Suit: String]
    /// J, Q, K: 10 each or 11, 12, 13.
    public var faceCards: FaceCards
    /// An ace: 1, 11 or 14 reps.
    public var aceReps: Int {
        didSet { if !Self.aceChoices.contains(aceReps) { aceReps = 11 } }
    }
    /// Whether each deck has its two jokers.
    public var jokers: Bool
    /// What a joker asks for.
    public var jokerSpecial: JokerSpecial
    /// Standard decks shuffled together, 1–20.
    public var deckCount: Int {
        didSet { deckCount = min(Deck.deckCountRange.upperBound, max(Deck.deckCountRange.lowerBound, deckCount)) }
    }
    /// A Deck of Cards API server's base address, or `nil` for TermFit's own deck.
    public var deckServer: String?

    /// Settings; out-of-range values are brought into range.
    public init(
        exercises: [Suit: String] = defaultExercises, faceCards: FaceCards = .ten, aceReps: Int = 11,
        jokers: Bool = false, jokerSpecial: JokerSpecial = .rest, deckCount: Int = 1, deckServer: String? = nil
    ) {
        var cleaned = Self.defaultExercises
        for (suit, name) in exercises where Suit.standard.contains(suit) {
            if let name = Self.cleanedExercise(name) { cleaned[suit] = name }
        }
        self.exercises = cleaned
        self.faceCards = faceCards
        self.aceReps = Self.aceChoices.contains(aceReps) ? aceReps : 11
        self.jokers = jokers
        self.jokerSpecial = jokerSpecial
        self.deckCount = min(Deck.deckCountRange.upperBound, max(Deck.deckCountRange.lowerBound, deckCount))
        self.deckServer = deckServer.flatMap {
            $0.trimmingBlanks().isEmpty ? nil : $0.trimmingBlanks()
        }
    }

    /// The profile's settings as stored, with defaults for anything unset or out of range.
    public init(_ settings: Settings) {
        var exercises: [Suit: String] = [:]
        for (letter, name) in settings.value(for: .suitExercises) ?? [:] {
            if let character = letter.first, letter.count == 1, let suit = Suit(letter: character) {
                exercises[suit] = name
            }
        }
        self.init(
            exercises: exercises,
            faceCards: settings.value(for: .cardFaceReps).flatMap(FaceCards.init(rawValue:)) ?? .ten,
            aceReps: settings.value(for: .cardAceReps) ?? 11, jokers: settings.value(for: .cardJokers) ?? false,
            jokerSpecial: settings.value(for: .cardJokerSpecial).flatMap(JokerSpecial.init(rawValue:)) ?? .rest,
            deckCount: settings.value(for: .cardDeckCount) ?? 1, deckServer: settings.value(for: .cardDeckAPI))
    }

    /// Writes every setting into `settings` (the deck server only when `includingServer`: a
    /// `--deck-api` given for one run is not kept).
    public func store(into settings: inout Settings, includingServer: Bool = true) throws {
        var letters: [String: String] = [:]
        for suit in Suit.listed { letters[suit.letter ?? ""] = exercise(for: suit) }
        try settings.setValue(letters, for: .suitExercises)
        try settings.setValue(faceCards.rawValue, for: .cardFaceReps)
        try settings.setValue(aceReps, for: .cardAceReps)
        try settings.setValue(jokers, for: .cardJokers)
        try settings.setValue(jokerSpecial.rawValue, for: .cardJokerSpecial)
        try settings.setValue(deckCount, for: .cardDeckCount)
        if includingServer { try settings.setValue(deckServer ?? "", for: .cardDeckAPI) }
    }

    /// A name trimmed, on one line, at most `exerciseNameLimit` characters; `nil` when empty.
    static func cleanedExercise(_ name: String) -> String? {
        let words = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let printable = String(words.filter { $0.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } })
        return printable.isEmpty ? nil : String(printable.prefix(exerciseNameLimit))
    }

    /// The exercise of a suit (the joker special's for a joker).
    public func exercise(for suit: Suit) -> String {
        switch suit {
        case .black, .red: jokerSpecial == .rest ? "Rest" : "Burpees"
        default: exercises[suit] ?? Self.defaultExercises[suit] ?? suit.name
        }
    }

    /// What `card` asks for: its exercise and reps. A joker's rest has no reps.
    public func task(for card: PlayingCard) -> (exercise: String, reps: Int) {
        (exercise(for: card.suit), reps(for: card))
    }

    /// The reps of a card: 2–10 their face value; J, Q, K 10 or 11, 12, 13; an ace 1, 11 or 14;
    /// a joker 15 burpees or, for a rest, 0.
    public func reps(for card: PlayingCard) -> Int {
        if let pips = card.rank.pips { return pips }
        switch card.rank {
        case .ace: return aceReps
        case .jack: return faceCards == .ten ? 10 : 11
        case .queen: return faceCards == .ten ? 10 : 12
        case .king: return faceCards == .ten ? 10 : 13
        case .joker: return jokerSpecial == .rest ? 0 : 15
        default: return 0
        }
    }
}
