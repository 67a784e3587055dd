import Records

/// TermFit's cards as Anki notes again, for the text and package exports.
///
/// The cards of one note (one guid) make one note. A note that came from Anki gives back its
/// fields exactly as Anki had them, unless a card of it was edited in TermFit: for Anki's stock
/// types the edited side is written into the field it shows (as HTML that shows the same text);
/// a cloze or another type's note keeps its fields (its cards' text cannot be mapped back).
/// A card made in TermFit is a "Basic" note of its prompt and answer.
public enum AnkiExport {
    /// One note to write.
    public struct Note: Hashable, Sendable {
        public var guid: String
        public var notetype: String
        public var deck: String
        public var fields: [String]
        public var tags: [String]
        /// The cards of the note in TermFit (for their review history).
        public var cards: [Flashcard]

        /// Where the note lives in the Anki collection it came from, when it came in a package.
        public var ankiOrigin: AnkiNoteOrigin? { cards.lazy.compactMap(\.ankiOrigin).first }

        /// Whether the fields to write are not those the note had in Anki: edited in TermFit (a
        /// note Anki never had counts as edited).
        public var isEdited: Bool { ankiOrigin?.isEdited(fields) ?? true }
    }

    /// The notes of `decks`, in deck and card order.
    public static func notes(of decks: [FlashcardDeck]) -> [Note] {
        var notes: [Note] = []
        var index: [String: Int] = [:]
        for deck in decks {
            for card in deck.cards {
                if let position = index[card.guid] {
                    notes[position].cards.append(card)
                    notes[position].fields = fields(notes[position].cards)
                    continue
                }
                index[card.guid] = notes.count
                notes.append(
                    Note(
                        guid: card.guid, notetype: card.fields.isEmpty ? "Basic" : card.notetype, deck: deck.name,
                        fields: fields([card]), tags: card.tags, cards: [card]))
            }
        }
        return notes
    }

    /// The fields of the note whose cards are `cards`.
    static func fields(_ cards: [Flashcard]) -> [String] {
        guard let first = cards.first else { return [] }
        guard !first.fields.isEmpty else {
            return [HTMLText.escaped(first.prompt), HTMLText.escaped(first.answer)]
        }
        var fields = first.fields
        guard let notetype = AnkiNotetype.stock(named: first.notetype), !notetype.isCloze else { return fields }
        for card in cards {
            let shown = notetype.card(ordinal: card.ordinal, values: card.fields)
            guard shown.prompt != card.prompt || shown.answer != card.answer else { continue }
            // Card 1 shows Front and answers Back; card 2 of a reversed type the other way round.
            let (front, back) = card.ordinal == 0 ? (0, 1) : (1, 0)
            if shown.prompt != card.prompt { fields[front] = HTMLText.escaped(card.prompt) }
            if shown.answer != card.answer { fields[back] = HTMLText.escaped(card.answer) }
        }
        return fields
    }
}
