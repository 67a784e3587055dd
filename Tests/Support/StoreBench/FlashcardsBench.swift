import App
import Flashcards
import Foundation
import Records
import Store
import TermUI

/// `termfit-store-bench --flashcards N`: N Anki notes (Basic with HTML fields, every tenth
/// reversed, ten nested decks) imported through the store calls `termfit flashcards import` makes,
/// then the flashcard workout opened as the app's worker opens it (the deck list, every deck's
/// answers, the settings) and its first card drawn at 80×24. Timings are reported, never asserted.
func flashcardsBench(notes count: Int, location: StoreLocation) throws {
    var contents = AnkiText.Contents()
    contents.isHTML = true
    contents.notes.reserveCapacity(count + count / 10)
    for index in 0..<count {
        let front = "Prompt <b>\(index)</b> with some words of a typical card"
        let back = "Answer \(index)<br>with a second line and <i>emphasis</i>"
        let guid = "bench\(index)"
        let deck = "Big::Part \(index % 10)"
        let ordinals = index % 10 == 0 ? [0, 1] : [0]
        for ordinal in ordinals {
            let (prompt, answer) =
                ordinal == 0
                ? (
                    "Prompt \(index) with some words of a typical card",
                    "Answer \(index)\nwith a second line and emphasis"
                )
                : (
                    "Answer \(index)\nwith a second line and emphasis",
                    "Prompt \(index) with some words of a typical card"
                )
            contents.notes.append(
                AnkiText.Note(
                    prompt: prompt, answer: answer, guid: guid, tags: ["tag\(index % 7)"], deck: deck, line: index + 1,
                    notetype: ordinals.count == 2 ? "Basic (and reversed card)" : "Basic", fields: [front, back],
                    ordinal: ordinal))
        }
    }
    let clock = ContinuousClock()
    let store = try TermFitStore.open(at: location)
    // A collection kept from an earlier run (`--data-dir DIR --keep`) is opened again as it is.
    if (try? store.profileStore(named: "bench", createIfNeeded: false)) != nil {
        print("The collection in \(location.directory) is opened as it is (imported by an earlier run)")
        try store.close()
        try timeOpening(location: location, clock: clock)
        return
    }
    let profile = try store.profileStore(named: "bench")
    let imported = try clock.measure {
        // As `termfit flashcards import` does: planned and written 2,000 notes at a time, in one
        // transaction.
        try profile.importingFlashcards { writer in
            var stream = DeckImportStream(into: try writer.deckList(), now: Date())
            let lookup = DeckImportStream.Lookup(
                cardsWithGUIDs: writer.cards(withGUIDs:), cardsWithPrompts: writer.cards(inDeck:withPrompts:))
            try contents.forEachBatch(of: 2_000) { batch in
                let planned = try stream.plan(batch, lookup: lookup)
                try writer.save(decks: planned.decks, history: planned.history)
            }
        }
    }
    print(
        "Imported \(count) notes (\(contents.notes.count) cards) through the store: "
            + "\(String(format: "%.2f", milliseconds(imported) / 1000)) s")
    contents = AnkiText.Contents()
    try store.close()
    try timeOpening(location: location, clock: clock)
}

/// Opens the collection at `location` as the app's worker does, ten times, and reports the
/// times; then the reads it is made of.
func timeOpening(location: StoreLocation, clock: ContinuousClock) throws {
    // The member studies one deck of ten ("Big::Part 0"), then their parent "Big" (every card).
    let setUp = try TermFitStore.open(at: location).profileStore(named: "bench", createIfNeeded: false)
    let children = try setUp.flashcardDeckCounts(countingNotes: false)
    let parent = children.first { $0.name == "Big" }?.id ?? UUID()
    if !children.contains(where: { $0.id == parent }) {
        try setUp.save(FlashcardDeck(id: parent, name: "Big", createdAt: Date()))
    }
    try setUp.store.close()
    for (name, deckID) in [("Big::Part 0", children.first { $0.name == "Big::Part 0" }?.id), ("Big", parent)] {
        guard let deckID else { continue }
        print("Studying \(name):")
        try timeOpening(location: location, deckID: deckID, clock: clock)
    }
}

/// Opens the collection at `location` on deck `deckID` as the app's worker does, ten times, and
/// reports the times; then the reads it is made of.
func timeOpening(location: StoreLocation, deckID: UUID, clock: ContinuousClock) throws {
    let choosing = try TermFitStore.open(at: location).profileStore(named: "bench", createIfNeeded: false)
    try choosing.setValue(deckID.uuidString, for: .flashcardDeck)
    try choosing.store.close()
    var reopened: TermFitStore?
    var samples: [Double] = []
    var cpuSamples: [Double] = []
    var firstLine = ""
    for _ in 0..<10 {
        try reopened?.close()
        let opened = try TermFitStore.open(at: location, check: .headerAndSchema)
        reopened = opened
        let library = try opened.profileStore(named: "bench", createIfNeeded: false)
        let cpuBefore = processCPUMilliseconds()
        samples.append(
            milliseconds(
                try clock.measure {
                    var (workout, _) = try FlashcardsData.open(
                        context: AppContext(profile: "bench"), library: library, settings: library)
                    let size = Size(width: 80, height: 24)
                    _ = workout.handle(.resize(size), at: .zero)
                    var composition = Composition(size: size)
                    workout.render(into: &composition, at: .zero)
                    firstLine = composition.flatten().lines().joined(separator: "\n")
                }))
        cpuSamples.append(processCPUMilliseconds() - cpuBefore)
    }
    // Where the time goes: the reads the open is made of (D-253), then the decks read after
    // the first frame (off the run loop), which the open no longer waits for.
    let library = try TermFitStore.open(at: location).profileStore(named: "bench", createIfNeeded: false)
    defer { try? library.store.close() }
    var countsRead: [Double] = []
    var answersRead: [Double] = []
    var keysRead: [Double] = []
    var cardsRead: [Double] = []
    var decksRead: [Double] = []
    var treeCards = 0
    for _ in 0..<5 {
        var counts: [FlashcardDeckCount] = []
        countsRead.append(
            milliseconds(try clock.measure { counts = try library.flashcardDeckCounts(countingNotes: false) }))
        answersRead.append(milliseconds(try clock.measure { _ = try library.answeredFlashcards() }))
        guard let first = counts.first(where: { $0.id == deckID }) else { break }
        let tree = counts.filter { $0.id == first.id || $0.name.hasPrefix(first.name + "::") }
        treeCards = tree.reduce(0) { $0 + $1.cards }
        var keys: [Int64] = []
        keysRead.append(
            milliseconds(try clock.measure { keys = try library.newFlashcardKeys(inDecks: tree.map(\.id)) }))
        cardsRead.append(
            milliseconds(try clock.measure { _ = try library.flashcards(withKeys: Array(keys.prefix(20))) }))
        decksRead.append(milliseconds(try clock.measure { _ = try library.decks() }))
    }
    report("deck list and first card (80×24)", samples)
    report("  the same in CPU time", cpuSamples)
    report("  decks counted", countsRead)
    report("  answers and their cards' decks", answersRead)
    report("  new cards' keys (\(treeCards) cards)", keysRead)
    report("  20 new cards read", cardsRead)
    report("after the first frame: every card", decksRead)
    print("The screen:\n" + firstLine)
    try reopened?.close()
}

/// The CPU time this process has used (every thread), in milliseconds: on a machine shared with
/// other work, wall time includes waiting for a core; this does not.
func processCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
}
