import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Anki's nested decks (`Parent::Child`): each deck under its parent, and a parent that holds no
/// card of its own still listed (as Anki's deck list shows it), counting its children.
public struct DeckTree: Sendable {
    /// One line of the tree.
    public struct Row: Hashable, Sendable {
        /// The full name (`Lang::French`).
        public var name: String
        /// How deep it is (0 for a top-level deck).
        public var depth: Int
        /// Its own cards and its children's.
        public var cards: [Flashcard]
        /// Notes: cards of one note (one guid) count once.
        public var noteCount: Int { Set(cards.map(\.guid)).count }
    }

    /// The rows, each parent before its children, siblings by name.
    public let rows: [Row]

    public init(_ decks: [FlashcardDeck]) {
        var cardsByName: [String: [Flashcard]] = [:]
        var names = Set<String>()
        for deck in decks {
            let parts = Self.path(deck.name)
            for depth in 1...max(1, parts.count) {
                names.insert(parts.prefix(depth).joined(separator: "::"))
            }
            cardsByName[deck.name, default: []] += deck.cards
        }
        let sorted = names.sorted { Self.path($0).lexicographicallyPrecedes(Self.path($1)) }
        rows = sorted.map { name in
            let cards = cardsByName.filter { $0.key == name || $0.key.hasPrefix(name + "::") }
                .sorted { $0.key < $1.key }.flatMap(\.value)
            return Row(name: name, depth: Self.path(name).count - 1, cards: cards)
        }
    }

    /// The parts of a deck name (`A::B` is `["A", "B"]`).
    public static func path(_ name: String) -> [String] {
        name.components(separatedBy: "::").map { $0.trimmingBlanks() }
    }

    /// `deck`'s cards and those of every deck under it.
    public static func cards(of deck: FlashcardDeck, in decks: [FlashcardDeck]) -> [Flashcard] {
        deck.cards + decks.filter { $0.name.hasPrefix(deck.name + "::") }.flatMap(\.cards)
    }

    /// What `termfit flashcards decks` prints: a header row (`deck`, `notes`, `cards`, `due`) and
    /// one deck a line, tab-separated, children under their parent with their parent's name;
    /// `due` counts the cards due at `date` under `schedule`, learning cards within the
    /// learn-ahead included (what a session would serve now).
    public func table(schedule: ReviewSchedule, at date: Date) -> String {
        var text = "deck\tnotes\tcards\tdue\n"
        for row in rows {
            let name = String(row.name.map { $0 == "\t" ? " " : $0 })
            text += "\(name)\t\(row.noteCount)\t\(row.cards.count)\t\(schedule.dueCount(of: row.cards, at: date))\n"
        }
        return text
    }
}
