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
    let profile = try store.profileStore(named: "bench")
    let imported = try clock.measure {
        let plan = try DeckImport(contents, into: try profile.decks(), now: Date())
        try profile.save(decks: plan.decks)
    }
    print(
        "Imported \(count) notes (\(contents.notes.count) cards) through the store: "
            + "\(String(format: "%.2f", milliseconds(imported) / 1000)) s")
    contents = AnkiText.Contents()
    try store.close()

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
    report("deck list and first card (80×24)", samples)
    report("  the same in CPU time", cpuSamples)
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
