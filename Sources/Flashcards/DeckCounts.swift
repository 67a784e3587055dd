import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The list of decks from counts (``FlashcardDeckCount``, as a store counts them without reading
/// every card) and the answered cards: the same lines as ``DeckTree`` makes from whole decks.
public struct DeckCounts: Sendable {
    /// One line of the list.
    public struct Row: Hashable, Sendable {
        /// The full name (`Lang::French`).
        public var name: String
        /// How deep it is (0 for a top-level deck).
        public var depth: Int
        /// The decks it sums: the deck of this name (if there is one) and every deck under it.
        public var decks: [FlashcardDeckCount]
        /// Its own cards and its children's.
        public var cards: Int { decks.reduce(0) { $0 + $1.cards } }
        /// The identifiers of ``decks``.
        public var deckIDs: Set<UUID> { Set(decks.map(\.id)) }
    }

    /// The rows, each parent before its children, siblings by name (as ``DeckTree/rows``).
    public let rows: [Row]

    public init(_ counts: [FlashcardDeckCount]) {
        var names = Set<String>()
        for deck in counts {
            let parts = DeckTree.path(deck.name)
            for depth in 1...max(1, parts.count) {
                names.insert(parts.prefix(depth).joined(separator: "::"))
            }
        }
        let sorted = names.sorted { DeckTree.path($0).lexicographicallyPrecedes(DeckTree.path($1)) }
        rows = sorted.map { name in
            Row(
                name: name, depth: DeckTree.path(name).count - 1,
                decks: counts.filter { $0.name == name || $0.name.hasPrefix(name + "::") })
        }
    }

    /// How many cards of `decks` are due at `date` under `schedule`: answered cards whose review
    /// or learning step is due (learning cards within the learn-ahead included).
    public static func dueCount(
        in decks: Set<UUID>, deckOfCard: [UUID: UUID], schedule: ReviewSchedule, at date: Date
    ) -> Int {
        deckOfCard.count { card, deck in
            guard decks.contains(deck) else { return false }
            let memory = schedule[card]
            return !memory.isNew && schedule.day.isDue(memory, at: date)
        }
    }

    /// What `termfit flashcards decks` prints (``DeckTree/table(schedule:at:)``, the same text):
    /// `notes(ids)` counts the notes of several decks together (a note with cards in two of them
    /// counts once); a row of one deck uses that deck's own count.
    public func table(
        deckOfCard: [UUID: UUID], schedule: ReviewSchedule, at date: Date, notes: ([UUID]) throws -> Int
    ) rethrows -> String {
        var text = "deck\tnotes\tcards\tdue\n"
        for row in rows {
            let name = String(row.name.map { $0 == "\t" ? " " : $0 })
            let noteCount: Int
            if row.decks.isEmpty {
                noteCount = 0
            } else if row.decks.count == 1, let own = row.decks[0].notes {
                noteCount = own
            } else {
                noteCount = try notes(row.decks.map(\.id))
            }
            let due = Self.dueCount(in: row.deckIDs, deckOfCard: deckOfCard, schedule: schedule, at: date)
            text += "\(name)\t\(noteCount)\t\(row.cards)\t\(due)\n"
        }
        return text
    }
}
