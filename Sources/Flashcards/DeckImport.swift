import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What importing a file does to a profile's decks, worked out before anything is saved.
///
/// Each note goes to `--deck` when it is given, else to the deck the file names (its deck column,
/// else `#deck:`), made when no deck of that name exists (Anki's `Parent::Child` names are kept
/// whole). A note whose guid is a card's anywhere in the profile updates that card where it is
/// (prompt, answer, tags), unless `#if matches:` says to keep it or to add another. A note without
/// a guid is not added to a deck that has a card with the same prompt and answer.
public struct DeckImport: Sendable {
    /// The decks to save: each with only the cards added or updated (saving a deck leaves its
    /// other cards alone).
    public var decks: [FlashcardDeck] = []
    /// The answers Anki's review log holds of the cards added or found again by guid (a package
    /// with scheduling), to be saved with them: each card's FSRS memory continues from them.
    public var history: [FlashcardReview] = []
    /// The cards already in the profile (a re-import by guid) that `history` has answers of:
    /// their answers so far are needed to leave out those they have (``leavingOut(_:)``).
    public var cardsAnsweredBefore: Set<UUID> = []
    /// Cards added.
    public var added = 0
    /// Cards updated from a note with their guid.
    public var updated = 0
    /// Notes with a card's guid whose prompt, answer and tags the card already has.
    public var unchanged = 0
    /// Rows that made no card or change, and why.
    public var skipped: [AnkiText.Skip] = []
    /// Names of the decks made.
    public var newDecks: [String] = []
    /// The first row of the file, when it named the columns (skipped, not a card).
    public var columnNames: AnkiText.Skip?

    /// The import of `contents` into `existing` decks.
    ///
    /// - Parameters:
    ///   - deckName: the deck for every note (`--deck`), over what the file says.
    ///   - now: the creation time of new decks and cards (a millisecond apart, in file order).
    /// - Throws: when a note has no deck to go to, a deck name is too long, or a deck would hold
    ///   more than ``ValueLimits/cardsPerDeck`` cards; nothing is to be saved then.
    public init(
        _ contents: AnkiText.Contents, into existing: [FlashcardDeck], deckName: String? = nil, now: Date,
        makeIdentifier: () -> UUID = { UUID() }
    ) throws(DeckFileError) {
        skipped = contents.skipped
        columnNames = contents.columnNames
        var all = existing
        // The cards added or updated in each deck (a set: 100,000 cards stay linear).
        var changed: [UUID: Set<UUID>] = [:]
        var order: [UUID] = []
        // A note's cards share its guid; each is found by guid and ordinal.
        func key(_ guid: String, _ ordinal: Int) -> String { ordinal == 0 ? guid : guid + "\u{1F}\(ordinal)" }
        var byGUID: [String: (deck: Int, card: Int)] = [:]
        for (deckIndex, deck) in all.enumerated() {
            for (cardIndex, card) in deck.cards.enumerated() {
                byGUID[key(card.guid, card.ordinal)] = (deckIndex, cardIndex)
            }
        }
        // Decks by name (the first of a name), and per deck the cards' prompt, answer and ordinal
        // counted, made when a note without a guid first needs them: each note is then one
        // lookup, not a pass over the deck (100,000 notes stay linear).
        var deckByName: [String: Int] = [:]
        for (index, deck) in all.enumerated() where deckByName[deck.name] == nil { deckByName[deck.name] = index }
        var contentsByDeck: [Int: [CardContent: Int]] = [:]
        func content(of card: Flashcard) -> CardContent {
            CardContent(prompt: card.prompt, answer: card.answer, ordinal: card.ordinal)
        }
        func counting(_ card: Flashcard, in deck: Int, by change: Int) {
            guard contentsByDeck[deck] != nil else { return }
            contentsByDeck[deck]?[content(of: card), default: 0] += change
        }
        var seenGUIDs: [String: Int] = [:]
        // The guid given to the cards of a note that came without one (one note, one guid).
        var madeGUIDs: [Int: String] = [:]
        func mark(_ deck: Int, _ card: UUID) {
            let id = all[deck].id
            if changed[id] == nil { order.append(id) }
            changed[id, default: []].insert(card)
        }
        for (position, read) in contents.notes.enumerated() {
            var note = read
            // A Basic note whose fields are just its text (what an export writes for a card made
            // in TermFit) is kept as such a card: nothing of Anki's to keep.
            if note.notetype == "Basic", note.templates.isEmpty,
                note.fields == [HTMLText.escaped(note.prompt), HTMLText.escaped(note.answer)]
            {
                note.notetype = ""
                note.fields = []
            }
            if let guid = note.guid {
                if let earlier = seenGUIDs[key(guid, note.ordinal)] {
                    skipped.append(.init(line: note.line, "the same guid as line \(earlier)"))
                    continue
                }
                seenGUIDs[key(guid, note.ordinal)] = note.line
                if let found = byGUID[key(guid, note.ordinal)], contents.ifMatches != .keepBoth {
                    if contents.ifMatches == .keepCurrent {
                        skipped.append(
                            .init(line: note.line, "already in “\(all[found.deck].name)” (#if matches: keep current)"))
                        continue
                    }
                    var card = all[found.deck].cards[found.card]
                    // A text file has no templates (and pads every row to its widest note): a
                    // note of the type the card kept is drawn through them, as the package that
                    // brought them drew it.
                    if note.templates.isEmpty, note.notetype == card.notetype,
                        let type = AnkiNotetype(storedForm: card.templates),
                        note.fields.dropFirst(type.fields.count).allSatisfy(\.isEmpty)
                    {
                        let width = type.fields.count
                        note.fields =
                            Array(note.fields.prefix(width))
                            + Array(repeating: "", count: max(0, width - note.fields.count))
                        (note.prompt, note.answer) = type.card(
                            ordinal: note.ordinal, values: note.fields, tags: note.tags, deck: all[found.deck].name)
                        note.templates = card.templates
                    }
                    note = Self.drawn(note, inDeck: all[found.deck].name)
                    // The card gets the answers Anki has of it (those it has already are left
                    // out by ``leavingOut(_:)``, which needs the profile's answers).
                    if !note.history.isEmpty {
                        history += AnkiReviewLog.reviews(note.history, of: card.id)
                        cardsAnsweredBefore.insert(card.id)
                    }
                    if card.prompt == note.prompt && card.answer == note.answer && card.tags == note.tags
                        && card.fields == note.fields && card.notetype == note.notetype
                        && card.templates == note.templates && (note.ankiOrigin ?? card.ankiOrigin) == card.ankiOrigin
                    {
                        unchanged += 1
                        continue
                    }
                    counting(card, in: found.deck, by: -1)
                    card.prompt = note.prompt
                    card.answer = note.answer
                    card.tags = note.tags
                    card.notetype = note.notetype
                    card.fields = note.fields
                    card.templates = note.templates
                    // A text file has no ids: the card keeps those of the package it came in.
                    card.ankiOrigin = note.ankiOrigin ?? card.ankiOrigin
                    all[found.deck].cards[found.card] = card
                    counting(card, in: found.deck, by: 1)
                    mark(found.deck, card.id)
                    updated += 1
                    continue
                }
            }
            guard let name = (deckName ?? note.deck)?.trimmingBlanks(), !name.isEmpty else {
                throw DeckFileError(line: note.line, "the file names no deck for this card; give --deck NAME")
            }
            guard name.count <= ValueLimits.nameLength else {
                throw DeckFileError(
                    line: note.line, "the deck name is longer than \(ValueLimits.nameLength) characters")
            }
            let deckIndex: Int
            if let index = deckByName[name] {
                deckIndex = index
            } else {
                all.append(FlashcardDeck(id: makeIdentifier(), name: name, createdAt: now))
                newDecks.append(name)
                deckIndex = all.count - 1
                deckByName[name] = deckIndex
            }
            note = Self.drawn(note, inDeck: name)
            if note.guid == nil {
                if contentsByDeck[deckIndex] == nil {
                    contentsByDeck[deckIndex] = all[deckIndex].cards.reduce(into: [:]) {
                        $0[content(of: $1), default: 0] += 1
                    }
                }
                let key = CardContent(prompt: note.prompt, answer: note.answer, ordinal: note.ordinal)
                if (contentsByDeck[deckIndex]?[key] ?? 0) > 0 {
                    skipped.append(.init(line: note.line, "already in “\(name)”"))
                    continue
                }
            }
            guard all[deckIndex].cards.count < ValueLimits.cardsPerDeck else {
                throw DeckFileError(
                    line: note.line, "“\(name)” would hold more than \(ValueLimits.cardsPerDeck) cards")
            }
            let id = makeIdentifier()
            // A second note with a known guid (keep both) gets a guid of its own, shared by its cards.
            var guid = note.guid.flatMap { byGUID[key($0, note.ordinal)] == nil ? $0 : nil }
            if guid == nil, !note.fields.isEmpty {
                guid = madeGUIDs[note.line] ?? Flashcard.guid(for: id)
                madeGUIDs[note.line] = guid
            }
            let card = Flashcard(
                id: id, prompt: note.prompt, answer: note.answer,
                createdAt: now.addingTimeInterval(Double(position) / 1000), guid: guid, tags: note.tags,
                notetype: note.notetype, fields: note.fields, ordinal: note.ordinal, templates: note.templates,
                ankiOrigin: note.ankiOrigin)
            all[deckIndex].cards.append(card)
            counting(card, in: deckIndex, by: 1)
            byGUID[key(card.guid, card.ordinal)] = (deckIndex, all[deckIndex].cards.count - 1)
            mark(deckIndex, id)
            history += AnkiReviewLog.reviews(note.history, of: id)
            added += 1
        }
        decks = order.compactMap { id in
            guard var deck = all.first(where: { $0.id == id }) else { return nil }
            let ids = changed[id] ?? []
            deck.cards = deck.cards.filter { ids.contains($0.id) }
            return deck
        }
        // A deck made for notes that were all skipped is not made.
        newDecks = newDecks.filter { name in decks.contains { $0.name == name } }
    }

    /// This import without the answers of `known` (the answers the profile has of
    /// ``cardsAnsweredBefore``, TermFit's own and those carried in before): an answer to the same
    /// card at the same millisecond is one answer, so importing a package again (or one that
    /// went through Anki from TermFit's own export) adds only the answers that are new.
    public func leavingOut(_ known: [FlashcardReview]) -> DeckImport {
        var times: [UUID: Set<Int64>] = [:]
        for review in known { times[review.cardID, default: []].insert(Self.milliseconds(review.reviewedAt)) }
        var copy = self
        copy.history.removeAll { times[$0.cardID]?.contains(Self.milliseconds($0.reviewedAt)) == true }
        return copy
    }

    /// `note` as it reads in the deck `name`: drawn again when the file put it in another deck
    /// (`--deck`, or a card found again elsewhere) and its note type shows the deck (`{{Deck}}`).
    static func drawn(_ note: AnkiText.Note, inDeck name: String) -> AnkiText.Note {
        guard note.deck != name, note.templates.contains("Deck}}"),
            let type = AnkiNotetype(storedForm: note.templates), type.showsDeck
        else { return note }
        var drawn = note
        (drawn.prompt, drawn.answer) = type.card(
            ordinal: note.ordinal, values: note.fields, tags: note.tags, deck: name)
        return drawn
    }

    private static func milliseconds(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded()) }

    /// What makes a card without a guid the same as one in its deck.
    private struct CardContent: Hashable {
        var prompt: String
        var answer: String
        var ordinal: Int
    }

    /// One line for the member: what was added, updated and skipped, and where.
    public var summary: String {
        Self.summary(
            added: added, updated: updated, unchanged: unchanged, skipped: skipped.count,
            answered: Set(history.map(\.cardID)).count, newDecks: newDecks)
    }

    /// The line ``summary`` says, from the counts (an import planned in batches adds them up).
    static func summary(
        added: Int, updated: Int, unchanged: Int, skipped: Int, answered: Int, newDecks: [String]
    ) -> String {
        func cards(_ count: Int) -> String { count == 1 ? "1 card" : "\(count) cards" }
        var parts = ["added \(cards(added))", "updated \(updated)", "skipped \(skipped)"]
        if unchanged > 0 { parts.insert("unchanged \(unchanged)", at: 2) }
        if answered > 0 {
            parts.append("review history of " + (answered == 1 ? "1 card" : "\(answered) cards"))
        }
        if !newDecks.isEmpty {
            parts.append(
                "new " + (newDecks.count == 1 ? "deck " : "decks ") + newDecks.map { "“\($0)”" }.joined(separator: ", ")
            )
        }
        return "Imported: " + parts.joined(separator: ", ") + "."
    }
}
