// `make bench` for the Store: fills one profile with ten years of daily workouts through the
// same calls the workouts make (one committed transaction per step), then times the queries
// the home screen and the dumbbell screen run. Timings are reported, never asserted.
//
//   termfit-store-bench [--data-dir DIR] [--keep] [--flashcards N]
//   termfit-store-bench --boxes URL [--box-count 4] [--members 25] [--seconds 60] [--gap 3]
//
// With --flashcards N it times a flashcard collection of N notes instead (FlashcardsBench.swift);
// with --boxes URL, several kiosk boxes logging sets on one PostgreSQL (BoxesBench.swift).
//
// Without --data-dir a fresh directory under the system's temporary directory is used and
// removed afterwards (unless --keep).

import Foundation
import Records
import Store

struct Options {
    var directory: String?
    var keep = false
    var flashcards: Int?
    var boxesURL: String?
    var boxCount = 4
    var members = 25
    var seconds = 60.0
    var gap = 3.0
}

func parseOptions() -> Options {
    var options = Options()
    var arguments = CommandLine.arguments.dropFirst()
    while let argument = arguments.popFirst() {
        switch argument {
        case "--data-dir": options.directory = arguments.popFirst()
        case "--keep": options.keep = true
        case "--flashcards": options.flashcards = arguments.popFirst().flatMap { Int($0) }
        case "--boxes": options.boxesURL = arguments.popFirst()
        case "--box-count": options.boxCount = arguments.popFirst().flatMap { Int($0) } ?? options.boxCount
        case "--members": options.members = arguments.popFirst().flatMap { Int($0) } ?? options.members
        case "--seconds": options.seconds = arguments.popFirst().flatMap { Double($0) } ?? options.seconds
        case "--gap": options.gap = arguments.popFirst().flatMap { Double($0) } ?? options.gap
        default:
            FileHandle.standardError.write(
                Data(
                    ("usage: termfit-store-bench [--data-dir DIR] [--keep] [--flashcards N]\n"
                        + "       termfit-store-bench --boxes URL [--box-count N] [--members N] [--seconds S] [--gap S]\n")
                        .utf8))
            exit(2)
        }
    }
    return options
}

/// Times every run of `body`, returning the durations in milliseconds.
func measure(_ runs: Int, _ body: () throws -> Void) rethrows -> [Double] {
    let clock = ContinuousClock()
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let elapsed = try clock.measure(body)
        samples.append(milliseconds(elapsed))
    }
    return samples
}

func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
}

func report(_ name: String, _ samples: [Double]) {
    let padded = name.padding(toLength: 34, withPad: " ", startingAt: 0)
    print(
        "\(padded) median \(format(percentile(samples, 0.5))) ms   p95 \(format(percentile(samples, 0.95))) ms"
            + "   max \(format(samples.max() ?? 0)) ms   (\(samples.count) runs)")
}

func format(_ value: Double) -> String {
    String(format: "%.3f", value)
}

let options = parseOptions()
let directory =
    options.directory
    ?? FileManager.default.temporaryDirectory.appendingPathComponent("termfit-bench-\(UUID().uuidString)").path
let location = StoreLocation(directory: directory, origin: .argument)
let exercises = ["Bicep curl", "Shoulder press", "Lateral raise", "Hammer curl"]
let suits = ["S": "Push-ups", "H": "Squats", "D": "Sit-ups", "C": "Lunges"]
let ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "0", "J", "Q", "K"]
let day: TimeInterval = 86_400
let firstDay = Date(timeIntervalSince1970: 1_420_099_200)  // 2015-01-01 08:00 UTC
let days = 3653

do {
    if let url = options.boxesURL {
        try boxesBench(
            url: url, boxes: options.boxCount, members: options.members, seconds: options.seconds, gap: options.gap)
        if options.directory == nil && !options.keep { try? FileManager.default.removeItem(atPath: directory) }
        exit(0)
    }
    if let notes = options.flashcards {
        try flashcardsBench(notes: notes, location: location)
        if options.directory == nil && !options.keep { try? FileManager.default.removeItem(atPath: directory) }
        exit(0)
    }
    let store = try TermFitStore.open(at: location)
    let log = try store.profileStore(named: "bench")
    var sessions = 0
    var sets = 0
    var steps = 0
    var stepSamples: [Double] = []
    let clock = ContinuousClock()
    func step(_ body: () throws -> Void) throws {
        let elapsed = try clock.measure(body)
        stepSamples.append(milliseconds(elapsed))
        steps += 1
    }
    print("Filling \(location.databasePath) with \(days) days of workouts...")
    let fillTime = try clock.measure {
        for index in 0..<days {
            let start = firstDay.addingTimeInterval(Double(index) * day)
            let workout = DumbbellWorkout(
                exercise: exercises[index % exercises.count], unit: .kilograms, startedAt: start)
            try step { try log.start(workout) }
            for number in 1...11 {
                let setStart = start.addingTimeInterval(Double(number - 1) * 120)
                let set = DumbbellSet(
                    number: number, weight: 10 + Double(index / 365) + Double(number % 3) * 2.5, reps: 12 - number % 4,
                    startedAt: setStart, finishedAt: setStart.addingTimeInterval(40),
                    restBefore: number == 1 ? nil : 80)
                try step { try log.save(set, inWorkout: workout.id) }
                sets += 1
            }
            try step { try log.finishWorkout(workout.id, status: .finished, at: start.addingTimeInterval(1320)) }
            sessions += 1

            if index % 20 == 0 {
                let evening = start.addingTimeInterval(10 * 3600)
                let session = CardSession(deckID: "bench-\(index)", deckSource: .local, startedAt: evening)
                try step { try log.start(session) }
                for position in 1...52 {
                    let suit = ["S", "H", "D", "C"][position % 4]
                    let rank = ranks[position % 13]
                    let draw = CardDraw(
                        position: position, code: rank + suit, exercise: suits[suit] ?? "Push-ups",
                        reps: position % 13 + 1, drawnAt: evening.addingTimeInterval(Double(position) * 30))
                    try step { try log.save(draw, inCardSession: session.id) }
                }
                try step {
                    try log.finishCardSession(
                        session.id, status: .finished, at: evening.addingTimeInterval(1600), activeDuration: 1590)
                }
                let hiit = HIITSession(
                    exercise: "Burpee", startedAt: evening.addingTimeInterval(2000), duration: 30, completed: true,
                    rating: index % 5 + 1)
                try step { try log.save(hiit) }
                sessions += 2
            }
            if index % 30 == 0 {
                let deck = FlashcardDeck(name: "Deck \(index)", createdAt: start)
                try step { try log.save(deck) }
                let session = FlashcardSession(
                    deckID: deck.id, deckName: deck.name, startedAt: start.addingTimeInterval(12 * 3600))
                try step { try log.start(session) }
                for review in 0..<20 {
                    let swipe = FlashcardReview(
                        cardID: UUID(), grade: review % 3 == 0 ? .again : .good,
                        reviewedAt: session.startedAt.addingTimeInterval(Double(review) * 5))
                    try step { try log.save(swipe, inFlashcardSession: session.id) }
                }
                try step {
                    try log.finishFlashcardSession(
                        session.id, status: .finished, at: session.startedAt.addingTimeInterval(100))
                }
                sessions += 1
            }
        }
    }
    let fillSeconds = milliseconds(fillTime) / 1000
    print(
        "Filled \(sessions) sessions and \(sets) dumbbell sets in \(steps) committed steps: "
            + "\(String(format: "%.1f", fillSeconds)) s")
    report("one committed step (insert)", stepSamples)
    try store.close()

    let size = (try? FileManager.default.attributesOfItem(atPath: location.databasePath)[.size] as? Int) ?? 0
    print("Database size: \(String(format: "%.1f", Double(size) / 1_048_576)) MiB")

    // Each open is timed alone; closing the previous store is not counted.
    var reopened: TermFitStore?
    func timeOpening(_ check: TermFitStore.IntegrityCheck) throws -> [Double] {
        var samples: [Double] = []
        for _ in 0..<20 {
            try reopened?.close()
            reopened = nil
            samples.append(
                milliseconds(try clock.measure { reopened = try TermFitStore.open(at: location, check: check) }))
        }
        return samples
    }
    report("open, checking every page", try timeOpening(.thorough))
    report("open, checking header and schema", try timeOpening(.headerAndSchema))
    let integrity = try measure(5) { try reopened?.checkIntegrity() }
    report("integrity check on its own", integrity)
    guard let reader = reopened else { exit(1) }
    let profile = try reader.profileStore(named: "bench", createIfNeeded: false)
    report("profile lookup", try measure(1000) { _ = try reader.profileStore(named: "bench", createIfNeeded: false) })
    report("last workout (dumbbell screen)", try measure(1000) { _ = try profile.lastWorkout(exercise: "Hammer curl") })
    report("home summary (home screen)", try measure(1000) { _ = try profile.homeSummary() })
    report("history, 20 newest", try measure(200) { _ = try profile.history(limit: 20) })
    report(
        "history table report, 20 newest", try measure(200) { _ = try profile.historyReport(format: .table, limit: 20) }
    )
    report(
        "HIIT history, last 7 days",
        try measure(1000) {
            _ = try profile.hiitSessions(since: firstDay.addingTimeInterval(Double(days - 7) * day), limit: nil)
        })
    report("export whole profile (JSON)", try measure(5) { _ = try profile.exportJSON() })
    try reader.close()
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
if options.directory == nil && !options.keep {
    try? FileManager.default.removeItem(atPath: directory)
} else {
    print("Kept \(location.databasePath)")
}
