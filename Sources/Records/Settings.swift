#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A JSON value: what one setting holds.
public enum JSONValue: Sendable, Equatable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Converts any encodable value to its JSON form.
    public init(encoding value: some Encodable) throws {
        let data = try JSONEncoder().encode(value)
        self = try JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Converts this JSON value to a decodable type, or returns `nil` if it does not fit.
    public func decoded<Value: Decodable>(as type: Value.Type = Value.self) -> Value? {
        guard let data = try? JSONEncoder().encode(self) else { return nil }
        return try? JSONDecoder().decode(Value.self, from: data)
    }

    /// The value as compact JSON text with sorted keys, as TermFit stores it.
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Reads JSON text back.
    public init(jsonText: String) throws {
        self = try JSONDecoder().decode(JSONValue.self, from: Data(jsonText.utf8))
    }
}

/// The name of one setting and the type of its value, e.g. `SettingKey<Bool>.reducedMotion`.
public struct SettingKey<Value: Codable & Sendable>: Sendable, Hashable {
    /// The name the setting is stored under, e.g. `"display.reducedMotion"`.
    public var name: String

    public init(_ name: String) {
        self.name = name
    }
}

extension SettingKey where Value == Bool {
    /// Draw without colour, for monochrome terminals and colour-blind users.
    public static var colourFree: Self { .init("display.colourFree") }
    /// Replace animations with instant changes.
    public static var reducedMotion: Self { .init("display.reducedMotion") }
}

extension SettingKey where Value == [String: String] {
    /// The exercise each card suit stands for, keyed by suit letter (`"S"`, `"H"`, `"D"`, `"C"`).
    public static var suitExercises: Self { .init("cards.suitExercises") }
}

extension SettingKey where Value == String {
    /// How many reps a jack, queen or king asks for: `"ten"` (10 each) or `"ranked"` (11, 12, 13).
    public static var cardFaceReps: Self { .init("cards.faceCardReps") }
    /// What a joker asks for: `"rest"` (a 2-minute rest) or `"burpees"` (15 burpees).
    public static var cardJokerSpecial: Self { .init("cards.jokerSpecial") }
    /// The base address of a Deck of Cards API server to draw from; unset or empty: TermFit's own deck.
    public static var cardDeckAPI: Self { .init("cards.deckAPI") }
}

extension SettingKey where Value == Int {
    /// How many reps an ace asks for: 1, 11 or 14.
    public static var cardAceReps: Self { .init("cards.aceReps") }
    /// How many standard decks are shuffled together (1–20).
    public static var cardDeckCount: Self { .init("cards.deckCount") }
}

extension SettingKey where Value == Bool {
    /// Whether each deck has its two jokers.
    public static var cardJokers: Self { .init("cards.jokers") }
}

extension SettingKey where Value == [Int] {
    /// The rest lengths offered after a dumbbell set, in seconds.
    public static var restPresets: Self { .init("dumbbells.restPresetSeconds") }
}

extension SettingKey where Value == Int {
    /// The length of a flashcard session, in seconds.
    public static var flashcardSessionLength: Self { .init("flashcards.sessionSeconds") }
    /// The length of one HIIT exercise's countdown, in seconds.
    public static var hiitExerciseLength: Self { .init("hiit.exerciseSeconds") }
    /// The HIIT page the member was on when they last left: 0 Welcome, 1… the exercises.
    public static var hiitLastPage: Self { .init("hiit.lastPage") }
}

extension SettingKey where Value == [String: Int] {
    /// The rating (1–5) last given to each HIIT exercise, by name: kept the moment it is given.
    public static var hiitRatings: Self { .init("hiit.ratings") }
}

/// All settings of one profile: setting names mapped to JSON values.
public struct Settings: Sendable, Codable, Equatable {
    /// Every stored setting by name.
    public var values: [String: JSONValue]

    public init(values: [String: JSONValue] = [:]) {
        self.values = values
    }

    /// The raw JSON value of a setting, or `nil` if unset.
    public subscript(name: String) -> JSONValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    /// The typed value of a setting; `nil` if unset or stored with a different type.
    public func value<Value>(for key: SettingKey<Value>) -> Value? {
        values[key.name]?.decoded(as: Value.self)
    }

    /// Sets a typed value, or removes the setting when `value` is `nil`.
    public mutating func setValue<Value>(_ value: Value?, for key: SettingKey<Value>) throws {
        values[key.name] = try value.map { try JSONValue(encoding: $0) }
    }

    public init(from decoder: any Decoder) throws {
        values = try decoder.singleValueContainer().decode([String: JSONValue].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
}
