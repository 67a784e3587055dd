import Records

/// A card edited in TermFit, written back into its Anki note's fields: the smallest change of the
/// side's text (what differs between the old and the new text) is found, in the field's HTML, at
/// the one place its text stands next to the same neighbours, and replaced there by HTML that shows
/// the new text. The rest of the field (its bold, its cloze deletions, its media) stays byte for
/// byte, so Anki shows the edit the same, whatever the note type: a cloze, a custom type, a stock
/// one. A side that is a whole field is written whole when no smaller change can be placed.
public enum AnkiNoteEdit {
    /// `fields` with a side whose text was `old` changed to `new`; `nil` when the change cannot be
    /// placed in one field without doubt (the note then keeps its fields).
    public static func fields(_ fields: [String], changing old: String, to new: String) -> [String]? {
        guard old != new else { return fields }
        let before = Array(old)
        let after = Array(new)
        var prefix = 0
        while prefix < min(before.count, after.count), before[prefix] == after[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < min(before.count, after.count) - prefix,
            before[before.count - 1 - suffix] == after[after.count - 1 - suffix]
        {
            suffix += 1
        }
        let removedEnd = before.count - suffix
        let inserted = String(after[prefix..<(after.count - suffix)])
        // The old text with ever more of its neighbours, the left ones first (an insertion joins
        // the text before it), until it stands in exactly one place of one field.
        let isInsertion = removedEnd == prefix
        let contexts =
            (isInsertion ? [] : [(0, 0)]) + (1...24).map { ($0, 0) } + (1...24).map { (0, $0) }
            + (1...24).map { ($0, $0) }
        for (left, right) in contexts {
            let start = prefix - left
            let end = removedEnd + right
            guard start >= 0, end <= before.count, end > start else { continue }
            let needle = String(before[start..<end])
            guard !needle.contains(where: \.isNewline) else { continue }
            let places = fields.indices.flatMap { index in fields[index].ranges(of: needle).map { (index, $0) } }
            guard places.count == 1, let (index, range) = places.first else { continue }
            var changed = fields
            changed[index] = placing(
                inline(inserted), in: fields[index], at: range, keeping: (left, right),
                removes: before[prefix..<removedEnd].count)
            return changed
        }
        // A side that is one whole field.
        let whole = fields.indices.filter { HTMLText.plain(fields[$0]) == old }
        if whole.count == 1, let index = whole.first {
            var changed = fields
            changed[index] = HTMLText.escaped(new)
            return changed
        }
        return nil
    }

    /// `field` with `html` put where the text found at `range` changes: that text, `kept.left`
    /// characters before the change and `kept.right` after it, stays around it. An insertion next
    /// to a cloze deletion goes outside it (the member added text beside the deletion, not to it).
    static func placing(
        _ html: String, in field: String, at range: Range<String.Index>, keeping kept: (left: Int, right: Int),
        removes removed: Int
    ) -> String {
        var field = field
        if removed == 0, kept.right == 0 {
            var at = range.upperBound
            let rest = field[at...]
            if rest.hasPrefix("::") || rest.hasPrefix("}}"), let close = rest.firstRange(of: "}}") {
                at = close.upperBound
            }
            field.insert(contentsOf: html, at: at)
            return field
        }
        if removed == 0, kept.left == 0 {
            var at = range.lowerBound
            let head = field[..<at]
            if let open = head.ranges(of: "{{c").last {
                let after = head[open.upperBound...]
                let digits = after.prefix { $0.isASCII && $0.isNumber }
                if !digits.isEmpty, after.dropFirst(digits.count) == "::" { at = open.lowerBound }
            }
            field.insert(contentsOf: html, at: at)
            return field
        }
        let lower = field.index(range.lowerBound, offsetBy: kept.left)
        let upper = field.index(range.upperBound, offsetBy: -kept.right)
        field.replaceSubrange(lower..<upper, with: html)
        return field
    }

    /// `text` as HTML inside a line of other text: `&`, `<`, `>` as entities, line breaks as
    /// `<br>`, a space that would fold into another as `&nbsp;`.
    static func inline(_ text: String) -> String {
        let html = HTMLText.escaped("x" + text + "x")
        return String(html.dropFirst().dropLast())
    }

    /// The card `edited` (its prompt or answer changed from `original`'s) with its note's fields
    /// written back, or `nil` when it came from no Anki note or a change cannot be placed.
    public static func writingBack(_ edited: Flashcard, over original: Flashcard) -> [String]? {
        guard !original.fields.isEmpty else { return nil }
        var fields = original.fields
        if edited.prompt != original.prompt {
            guard let changed = Self.fields(fields, changing: original.prompt, to: edited.prompt) else { return nil }
            fields = changed
        }
        if edited.answer != original.answer {
            guard let changed = Self.fields(fields, changing: original.answer, to: edited.answer) else { return nil }
            fields = changed
        }
        return fields
    }
}

extension FlashcardsWorkout {
    /// `card`, edited in the editor, takes its change into its Anki note's fields (see
    /// ``AnkiNoteEdit``); the note's other cards get the same fields (and, of a note type whose
    /// templates are known, the text they now show) and are saved too. A card of no note, or a
    /// change that cannot be placed, keeps the fields it had.
    mutating func writeBack(_ card: inout Flashcard, into outputs: inout [Output]) {
        guard let original = decks.lazy.flatMap(\.cards).first(where: { $0.id == card.id }),
            let fields = AnkiNoteEdit.writingBack(card, over: original)
        else { return }
        card.fields = fields
        for deckIndex in decks.indices {
            for var sibling in decks[deckIndex].cards
            where sibling.guid == card.guid && sibling.id != card.id && !sibling.fields.isEmpty {
                if let type = sibling.ankiNotetype {
                    let deck = decks[deckIndex].name
                    let shown = type.card(
                        ordinal: sibling.ordinal, values: sibling.fields, tags: sibling.tags, deck: deck)
                    let now = type.card(ordinal: sibling.ordinal, values: fields, tags: sibling.tags, deck: deck)
                    if shown.prompt == sibling.prompt, !now.prompt.isEmpty { sibling.prompt = now.prompt }
                    if shown.answer == sibling.answer { sibling.answer = now.answer }
                }
                sibling.fields = fields
                keep(sibling, in: deckIndex)
                outputs.append(.save(.flashcard(sibling, deckID: decks[deckIndex].id)))
            }
        }
    }
}
