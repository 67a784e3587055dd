import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An import planned a batch of notes at a time, so that a collection of 100,000 notes is never
/// held whole: each batch is a ``DeckImport`` against only the existing cards it can touch (those
/// with its notes' guids, and in a deck its guid-less notes go to, those with their prompts),
/// which the caller looks up in its store; the caller saves what each batch returns before the
/// next one is read (all of it in one transaction, so a file refused anywhere adds nothing).
///
/// What comes out is what one ``DeckImport`` of the whole file gives: the same cards added,
/// updated, unchanged and skipped (a guid repeated in a later batch is skipped as "the same guid
/// as line N", as within one).
public struct DeckImportStream {
    /// How a batch finds the existing cards it may update or repeat.
    public struct Lookup {
        /// The profile's cards with one of these guids, by deck identifier.
        public var cardsWithGUIDs: (Set<String>) throws -> [UUID: [Flashcard]]
        /// The cards of a deck (by identifier) with one of these prompts.
        public var cardsWithPrompts: (UUID, Set<String>) throws -> [Flashcard]
        /// The answers already kept for these cards: a card found again keeps only the new ones.
        public var reviewsOfCards: ([UUID]) throws -> [FlashcardReview]

        /// A lookup through these reads.
        public init(
            cardsWithGUIDs: @escaping (Set<String>) throws -> [UUID: [Flashcard]],
            cardsWithPrompts: @escaping (UUID, Set<String>) throws -> [Flashcard],
            reviewsOfCards: @escaping ([UUID]) throws -> [FlashcardReview] = { _ in [] }
        ) {
            self.cardsWithGUIDs = cardsWithGUIDs
            self.cardsWithPrompts = cardsWithPrompts
            self.reviewsOfCards = reviewsOfCards
        }
    }

    /// The profile's decks (names and identifiers; no cards), with the decks made so far.
    private var decks: [FlashcardDeck]
    private let deckName: String?
    private let now: Date
    private let makeIdentifier: () -> UUID
    /// The first line each guid (and card ordinal) was seen on, over every batch so far.
    private var seenGUIDs: [String: Int] = [:]

    /// Notes read so far (every batch).
    public private(set) var notesRead = 0
    /// Cards added.
    public private(set) var added = 0
    /// Cards updated from a note with their guid.
    public private(set) var updated = 0
    /// Notes whose card is already as the note says.
    public private(set) var unchanged = 0
    /// Cards whose review history came with them.
    public private(set) var answeredCards = 0
    /// Rows that made no card or change, and why, in line order once ``skippedInOrder`` is read.
    public private(set) var skipped: [AnkiText.Skip] = []
    /// Names of the decks made.
    public private(set) var newDecks: [String] = []
    /// The first row of the file, when it named the columns.
    public private(set) var columnNames: AnkiText.Skip?

    /// A stream into `decks` (the profile's, their cards not needed), as ``DeckImport`` takes
    /// `deckName`, `now` and `makeIdentifier`.
    public init(
        into decks: [FlashcardDeck], deckName: String? = nil, now: Date,
        makeIdentifier: @escaping () -> UUID = { UUID() }
    ) {
        self.decks = decks.map { FlashcardDeck(id: $0.id, name: $0.name, createdAt: $0.createdAt) }
        self.deckName = deckName
        self.now = now
        self.makeIdentifier = makeIdentifier
    }

    /// Plans the next `batch` of notes (in file order after the earlier ones) and returns the
    /// decks (with only the cards added or updated) and the answers to save before the next.
    ///
    /// - Throws: as ``DeckImport`` does; nothing of the file is to be saved then.
    public mutating func plan(_ batch: AnkiText.Contents, lookup: Lookup) throws -> (
        decks: [FlashcardDeck], history: [FlashcardReview]
    ) {
        var contents = batch
        notesRead += batch.notes.count
        columnNames = columnNames ?? batch.columnNames
        func key(_ guid: String, _ ordinal: Int) -> String { ordinal == 0 ? guid : guid + "\u{1F}\(ordinal)" }
        // A guid seen in an earlier batch: skipped here, as DeckImport skips one seen in its own.
        var guids: Set<String> = []
        var prompts: [UUID: Set<String>] = [:]
        contents.notes = []
        contents.notes.reserveCapacity(batch.notes.count)
        for note in batch.notes {
            if let guid = note.guid {
                if let earlier = seenGUIDs[key(guid, note.ordinal)] {
                    contents.skipped.append(.init(line: note.line, "the same guid as line \(earlier)"))
                    continue
                }
                guids.insert(guid)
            } else if let name = (deckName ?? note.deck)?.trimmingBlanks(),
                let deck = decks.first(where: { $0.name == name })
            {
                prompts[deck.id, default: []].insert(note.prompt)
            }
            contents.notes.append(note)
        }
        var found: [UUID: [Flashcard]] = [:]
        if !guids.isEmpty { found = try lookup.cardsWithGUIDs(guids) }
        for (deckID, deckPrompts) in prompts {
            let known = Set(found[deckID, default: []].map(\.id))
            let cards = try lookup.cardsWithPrompts(deckID, deckPrompts)
            found[deckID, default: []] += cards.filter { !known.contains($0.id) }
        }
        var existing = decks
        for index in existing.indices { existing[index].cards = found[existing[index].id] ?? [] }
        var plan = try DeckImport(
            contents, into: existing, deckName: deckName,
            now: now.addingTimeInterval(Double(notesRead - batch.notes.count) / 1000), makeIdentifier: makeIdentifier)
        if !plan.cardsAnsweredBefore.isEmpty {
            plan = plan.leavingOut(try lookup.reviewsOfCards(Array(plan.cardsAnsweredBefore)))
        }
        for note in contents.notes {
            guard let guid = note.guid, seenGUIDs[key(guid, note.ordinal)] == nil else { continue }
            seenGUIDs[key(guid, note.ordinal)] = note.line
        }
        let known = Set(decks.map(\.id))
        for deck in plan.decks where !known.contains(deck.id) {
            decks.append(FlashcardDeck(id: deck.id, name: deck.name, createdAt: deck.createdAt))
        }
        added += plan.added
        updated += plan.updated
        unchanged += plan.unchanged
        answeredCards += Set(plan.history.map(\.cardID)).count
        skipped += plan.skipped
        newDecks += plan.newDecks
        return (plan.decks, plan.history)
    }

    /// The skipped rows in line order.
    public var skippedInOrder: [AnkiText.Skip] { skipped.sorted { $0.line < $1.line } }

    /// One line for the member, as ``DeckImport/summary`` says it for the whole file.
    public var summary: String {
        DeckImport.summary(
            added: added, updated: updated, unchanged: unchanged, skipped: skipped.count, answered: answeredCards,
            newDecks: newDecks)
    }
}

extension AnkiText.Contents {
    /// Hands these notes to `body` about `size` at a time, in order, the cards of one note (one
    /// line) always in one batch; the first batch carries the skipped rows and the column names.
    public func forEachBatch(of size: Int, _ body: (AnkiText.Contents) throws -> Void) rethrows {
        var start = 0
        while start < notes.count {
            var end = min(start + max(1, size), notes.count)
            while end < notes.count, notes[end].line == notes[end - 1].line { end += 1 }
            var batch = self
            batch.notes = Array(notes[start..<end])
            batch.skipped = start == 0 ? skipped : []
            batch.columnNames = start == 0 ? columnNames : nil
            try body(batch)
            start = end
        }
    }
}
