import Foundation
import Records
import Store
import Synchronization
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// The wall clock of a driven workout: the test moves it with the test clock.
final class WallClock: Sendable {
    private let date = Mutex(Date(timeIntervalSince1970: 1_764_000_000.123))
    var now: Date { date.withLock { $0 } }
    func advance(_ seconds: Double) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// Random dumbbell workouts of sets typed in kg and lb with `u` pressed before, between and
/// after typing: whatever happened, every surface shows the same weight, volume, e1RM and time —
/// the set table and the summary on screen, Progress, `termfit history` as table, CSV and JSON,
/// and the export — and the weight saved is the one the screen showed when the set finished.
@Suite("One figure on every surface")
struct ExactFiguresPropertyTests {
    static let seeds = PropertySeeds(runs: 24, chunks: 4, firstSeed: 0x5E7_F16)

    @Test("Random sets in kg and lb with unit switches", arguments: 0..<4)
    func everySurfaceAgrees(chunk: Int) throws {
        for seed in Self.seeds.seeds(chunk: chunk) {
            try run(seed: seed)
        }
    }

    private func run(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let replay = PropertySeeds.replay(seed)
        let setCount = Int.random(in: 1...5, using: &random)
        let startUnit: WeightUnit = Bool.random(using: &random) ? .kilograms : .pounds
        let clock = WallClock()
        var driver = WorkoutDriver(
            DumbbellsWorkout(
                settings: DumbbellsSettings(setCount: setCount, unit: startUnit), wallClock: { clock.now }),
            size: Size(width: 100, height: 40))
        func wait(_ milliseconds: Int) {
            clock.advance(Double(milliseconds) / 1000)
            driver.wait(.milliseconds(milliseconds))
        }
        // Tab first: a `u` typed into a field being edited is refused as a letter.
        func toggleUnit(_ chance: Int) {
            if Int.random(in: 0..<100, using: &random) < chance { driver.press(.tab, .character("u")) }
        }

        for row in 0..<setCount {
            toggleUnit(40)
            let unit = driver.workout.settings.unit
            let steps = Int.random(in: 1...(unit == .kilograms ? 400 : 600), using: &random)
            let typed = Figures.text(Double(steps) * unit.step)
            let reps = Int.random(in: 1...20, using: &random)
            while driver.workout.selection.row < row { driver.press(.down) }
            while driver.workout.selection.row > row { driver.press(.up) }
            driver.press(.left, .delete)
            driver.type(typed)
            driver.press(.right, .delete)
            driver.type(String(reps))
            toggleUnit(40)
            toggleUnit(30)
            let unitsBefore = driver.workout.settings.unit
            driver.press(.enter)
            #expect(driver.workout.settings.unit == unitsBefore)
            #expect(driver.workout.runningSet?.index == row, "\(replay): set \(row + 1) did not start")
            wait(Int.random(in: 300...90_000, using: &random))
            let shownUnit = driver.workout.settings.unit
            let shown = driver.workout.rows[row].entry.weight
            driver.press(.enter)
            let saved = try #require(driver.workout.rows[row].completed, "\(replay): set \(row + 1) not finished")
            let savedUnit = driver.workout.savedUnit
            #expect(
                saved.record.exactWeight(in: savedUnit).text(in: shownUnit) == shown,
                "\(replay): set \(row + 1) showed \(shown) \(shownUnit.rawValue), saved \(saved.record.weight) \(savedUnit.rawValue)"
            )
            #expect(saved.seconds == saved.record.wholeSeconds, "\(replay)")
            if row + 1 < setCount {
                driver.press(.escape)
                wait(Int.random(in: 0...5_000, using: &random))
                toggleUnit(30)
                // The finished set's row shows the weight by the one rule.
                let line = driver.frame()[driver.workout.layout.row(of: row)?.y ?? 0]
                let unitNow = driver.workout.settings.unit
                #expect(
                    line.contains("✓ \(row + 1)  \(saved.record.exactWeight(in: savedUnit).text(in: unitNow)) "),
                    "\(replay): \(line)")
            }
        }

        // What was saved, as the host would carry it out.
        let saved = try #require(driver.savedWorkout, "\(replay)")
        let sets = saved.sets
        #expect(sets.count == setCount, "\(replay)")
        let unit = driver.workout.settings.unit
        let savedUnit = saved.unit

        // The summary on screen.
        guard case .summary(let summary) = driver.workout.sheet else {
            Issue.record("\(replay): no summary")
            return
        }
        let screen = driver.frame().joined(separator: "\n")
        let volume = Figures.volumeText(Figures.volume(sets, savedIn: savedUnit, in: unit))
        #expect(screen.contains("Total volume  \(volume) \(unit.rawValue)"), "\(replay):\n\(screen)")
        for set in sets {
            let numbers = "\(set.exactWeight(in: savedUnit).text(in: unit)) \(unit.rawValue) × \(set.reps)"
            let padded = numbers + String(repeating: " ", count: max(1, 16 - numbers.count))
            #expect(
                screen.contains(padded + ClockText.elapsed(set.wholeSeconds)), "\(replay): \(numbers)\n\(screen)")
        }
        let end = try #require(saved.finishedAt, "\(replay)")
        let total = Figures.wholeSeconds(from: saved.startedAt, to: end)
        #expect(summary.totalSeconds == total, "\(replay)")
        #expect(screen.contains("Total time    \(ClockText.elapsed(total))"), "\(replay)")

        // The store: history as table, CSV and JSON, and the export.
        try withStore(holding: saved) { profile in
            try checkStore(profile, saved, shownIn: unit, total: total, replay: replay)
        }
    }

    /// `history` (table, CSV, JSON), the export and Progress of a profile holding `saved`.
    private func checkStore(
        _ profile: ProfileStore, _ saved: DumbbellWorkout, shownIn unit: WeightUnit, total: Int, replay: String
    ) throws {
        let sets = saved.sets
        let savedUnit = saved.unit
        let volume = Figures.volumeText(Figures.volume(sets, savedIn: savedUnit, in: unit))
        let utc = try #require(TimeZone(identifier: "UTC"))

        let table = try profile.historyReport(format: .table, detail: true, timeZone: utc)
        let csv = try profile.historyReport(format: .csv, detail: true, timeZone: utc)
            .split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let json = try JSONDecoder().decode(
            [DetailRow].self, from: Data(try profile.historyReport(format: .json, detail: true, timeZone: utc).utf8))
        let summaryLine = try profile.historyReport(format: .table, timeZone: utc)
        #expect(summaryLine.contains(" \(ClockText.elapsed(total)) "), "\(replay): \(summaryLine)")
        #expect(csv.count == sets.count && json.count == sets.count, "\(replay)")
        for (index, set) in sets.enumerated() {
            let weight = set.exactWeight(in: savedUnit).text(in: savedUnit)
            let time = ClockText.elapsed(set.wholeSeconds)
            #expect(
                table.contains("set \(set.number)  \(weight) \(savedUnit.rawValue) x \(set.reps)  \(time)"),
                "\(replay):\n\(table)")
            if index < csv.count {
                let row = csv[index]
                #expect(row[0] == Substring(saved.sessionID?.uuidString ?? ""), "\(replay): the workout's session")
                #expect(
                    [row[4], row[7], row[8], row[9], row[10]]
                        == [
                            Substring(String(set.number)), Substring(weight), Substring(savedUnit.rawValue),
                            Substring(String(set.reps)), Substring(String(set.wholeSeconds)),
                        ],
                    "\(replay): \(row)")
            }
            if index < json.count {
                #expect(
                    json[index].weight == set.weight && json[index].durationSeconds == set.wholeSeconds, "\(replay)")
            }
        }
        let archive = try TermFitStore.decodeArchive(try profile.exportJSON())
        #expect(
            archive.dumbbellWorkouts.first?.sets.map(\.weightHundredths) == sets.map(\.weightHundredths), "\(replay)")

        // Progress, from the history as it reads back, in the unit on screen.
        let history = ExerciseHistory(workouts: try profile.workouts(exercise: saved.exercise, limit: 10))
        var progress = WorkoutDriver(
            DumbbellsWorkout(
                settings: DumbbellsSettings(unit: unit), history: .success(history), wallClock: { Date() }),
            size: Size(width: 100, height: 40))
        progress.press(.character("p"))
        let chart = progress.frame().joined(separator: "\n")
        #expect(chart.contains("Most volume  \(volume) \(unit.rawValue)"), "\(replay):\n\(chart)")
        let estimates = sets.compactMap { Figures.oneRepMax($0.exactWeight(in: savedUnit), reps: $0.reps, in: unit) }
        if let best = estimates.max() {
            #expect(
                chart.contains("Best e1RM    \(Figures.oneRepMaxText(best)) \(unit.rawValue)"), "\(replay):\n\(chart)")
        }
    }
}

/// A row of `history --detail --format json`, as a script reads it.
private struct DetailRow: Decodable {
    var weight: Double?
    var durationSeconds: Int?
}
