import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Anki's nested decks in the workout: the list of decks shows each deck under its parent
/// (indented, always expanded: a deck is never hidden behind a fold), a parent that TermFit has
/// no deck of (only `Lang::French` was imported) is listed all the same and made, empty, when it
/// is opened; and studying a deck studies its own cards and those of every deck under it, as in
/// Anki. Its editor keeps to the deck's own cards.
extension DeckTree {
    /// One line of the list of decks: a deck, or a parent no deck of the profile is called.
    public struct Listed: Hashable, Sendable {
        /// The full name (`Lang::French`).
        public var name: String
        /// How deep it is (0 for a top-level deck).
        public var depth: Int
        /// The deck, or `nil` for a parent that is only a prefix of other decks' names.
        public var deck: FlashcardDeck?
    }

    /// `decks` as the list shows them: top-level decks in their order (oldest first), each
    /// followed by the decks under it, in the same order, at any depth.
    public static func listed(_ decks: [FlashcardDeck]) -> [Listed] {
        var byName: [String: FlashcardDeck] = [:]
        for deck in decks where byName[deck.name] == nil { byName[deck.name] = deck }
        // Children of each name, in the order their first deck appears.
        var children: [String: [String]] = [:]
        var roots: [String] = []
        var known = Set<String>()
        for deck in decks {
            let parts = path(deck.name)
            for depth in 1...max(1, parts.count) {
                let name = parts.prefix(depth).joined(separator: "::")
                guard known.insert(name).inserted else { continue }
                if depth == 1 {
                    roots.append(name)
                } else {
                    children[parts.prefix(depth - 1).joined(separator: "::"), default: []].append(name)
                }
            }
        }
        var rows: [Listed] = []
        func add(_ name: String, depth: Int) {
            rows.append(Listed(name: name, depth: depth, deck: byName[name]))
            for child in children[name] ?? [] { add(child, depth: depth + 1) }
        }
        for root in roots { add(root, depth: 0) }
        return rows
    }

    /// The identifier a parent without a deck is listed under (and its deck gets when made):
    /// the same for the same name, so the list keeps its highlight when it is read again.
    public static func parentIdentifier(_ name: String) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for (index, byte) in Array("termfit deck \(name)".utf8).enumerated() {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3
            bytes[index % 16] ^= UInt8(truncatingIfNeeded: hash >> 32)
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

extension FlashcardsWorkout {
    /// The cards a session of the deck in use studies: its own and those of every deck under it.
    public var studiedCards: [Flashcard] {
        guard let deck else { return [] }
        return DeckTree.cards(of: deck, in: decks)
    }

    /// The cards a session of deck `id` studies (its own and its children's), for the host to
    /// read their answers.
    public func studiedCards(ofDeck id: UUID) -> [Flashcard] {
        guard let deck = decks.first(where: { $0.id == id }) else { return [] }
        return DeckTree.cards(of: deck, in: decks)
    }

    /// The lines of the list of decks: the tree, each line counting its children's cards too.
    func nestedPickerEntries() -> [DeckPicker.Entry] {
        let date = wallClock()
        let room = { (cards: [Flashcard]) in
            min(
                schedule.newCount(of: cards),
                max(0, study.newCardsPerDay - schedule.introducedCount(of: cards, on: date)))
        }
        return DeckTree.listed(decks).map { row in
            let cards = decks.filter { $0.name == row.name || $0.name.hasPrefix(row.name + "::") }.flatMap(\.cards)
            return DeckPicker.Entry(
                id: row.deck?.id ?? DeckTree.parentIdentifier(row.name), name: row.name, count: cards.count,
                due: schedule.dueCount(of: cards, at: date), new: room(cards), depth: row.depth)
        }
    }

    /// A parent listed without a deck, chosen: its deck is made (empty, under the identifier it
    /// was listed with) so that it can be studied. Nothing happens for any other identifier.
    mutating func makeListedParent(_ id: UUID, into outputs: inout [Output]) {
        guard !decks.contains(where: { $0.id == id }),
            let row = DeckTree.listed(decks).first(where: {
                $0.deck == nil && DeckTree.parentIdentifier($0.name) == id
            })
        else { return }
        let deck = FlashcardDeck(id: id, name: row.name, createdAt: wallClock())
        decks.append(deck)
        outputs.append(.save(.flashcardDeck(deck)))
    }
}
