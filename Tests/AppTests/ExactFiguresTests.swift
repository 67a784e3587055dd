import Foundation
import Records
import Store
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// The disagreements members found between surfaces, each set again and checked on the screen
/// and in a real database's `history`.
@Suite("Figures members saw disagree")
struct ExactFiguresTests {
    /// A dumbbell workout on a test clock whose wall clock moves with it.
    private struct Session {
        let clock = WallClock()
        var driver: WorkoutDriver<DumbbellsWorkout>

        init(setCount: Int, unit: WeightUnit = .kilograms) {
            let clock = self.clock
            driver = WorkoutDriver(
                DumbbellsWorkout(
                    settings: DumbbellsSettings(setCount: setCount, unit: unit), wallClock: { clock.now }),
                size: Size(width: 100, height: 40))
        }

        mutating func wait(_ milliseconds: Int) {
            clock.advance(Double(milliseconds) / 1000)
            driver.wait(.milliseconds(milliseconds))
        }

        mutating func type(row: Int, weight: String, reps: String) {
            while driver.workout.selection.row < row { driver.press(.down) }
            while driver.workout.selection.row > row { driver.press(.up) }
            driver.press(.left, .delete)
            driver.type(weight)
            driver.press(.right, .delete)
            driver.type(reps)
        }

        /// `history` of a real database holding the saved workout.
        func history(_ format: HistoryFormat, detail: Bool = true) throws -> String {
            let workout = try #require(driver.savedWorkout)
            return try withStore(holding: workout) { profile in
                try profile.historyReport(
                    format: format, detail: detail, timeZone: try #require(TimeZone(identifier: "UTC")))
            }
        }
    }

    @Test("12.5 kg, then u: shows 27.5 lb and saves 27.5 lb exactly, as history prints it")
    func convertedWeightSavesAsShown() throws {
        var session = Session(setCount: 1)
        session.type(row: 0, weight: "12.5", reps: "12")
        session.driver.press(.tab, .character("u"))
        #expect(session.driver.workout.rows[0].entry.weight == "27.5")
        session.driver.press(.enter)
        session.wait(30_000)
        session.driver.press(.enter)
        let set = try #require(session.driver.savedWorkout?.sets.first)
        #expect(session.driver.savedWorkout?.unit == .pounds)
        #expect(set.weightHundredths == 2750)
        let csv = try session.history(.csv)
        #expect(csv.contains(",27.5,lb,12,30,"), "\(csv)")
        #expect(!csv.contains("27.55"))
    }

    @Test("27.5×12, 22.5×8, 22×6 lb: total volume 642 lb on the summary and in Progress; the best set 330 lb")
    func volumeOfTheWeightsShown() throws {
        var session = Session(setCount: 3)
        session.type(row: 0, weight: "12.5", reps: "12")
        session.driver.press(.tab, .character("u"))
        session.driver.press(.enter)
        session.wait(20_000)
        session.driver.press(.enter, .escape)
        session.type(row: 1, weight: "22.5", reps: "8")
        session.driver.press(.enter)
        session.wait(20_000)
        session.driver.press(.enter, .escape)
        // 10 kg typed, then shown in lb: 22.
        session.driver.press(.character("u"))
        session.type(row: 2, weight: "10", reps: "6")
        session.driver.press(.tab, .character("u"))
        #expect(session.driver.workout.rows[2].entry.weight == "22")
        session.driver.press(.enter)
        session.wait(20_000)
        session.driver.press(.enter)
        let screen = session.driver.frame().joined(separator: "\n")
        #expect(screen.contains("Total volume  642 lb"), "\(screen)")
        let saved = try #require(session.driver.savedWorkout)
        #expect(saved.sets.map(\.weight) == [27.5, 22.5, 22])

        let history = ExerciseHistory(workouts: [saved])
        #expect(history.best.map { Figures.volumeText($0.volume(in: .pounds)) } == "330", "the best set, not 331")
        var progress = WorkoutDriver(
            DumbbellsWorkout(
                settings: DumbbellsSettings(unit: .pounds), history: .success(history), wallClock: { Date() }),
            size: Size(width: 100, height: 40))
        progress.press(.character("p"))
        #expect(progress.frame().joined(separator: "\n").contains("Most volume  642 lb"))
    }

    @Test("A set of 1.5 s whose timer turned twice: 0:01 on the finished row and in history")
    func setTimeOnScreenAndInHistory() throws {
        var session = Session(setCount: 2)
        session.type(row: 0, weight: "12", reps: "10")
        session.driver.press(.enter)
        session.wait(10_700)
        session.driver.press(.enter, .escape)
        session.type(row: 1, weight: "12", reps: "10")
        session.driver.press(.enter)
        session.wait(1_500)
        // The running set ticks with the workout's clock (10.7 s to 12.2 s): it reads 0:02.
        #expect(session.driver.workout.setSeconds(at: session.driver.now) == 2)
        session.driver.press(.enter)
        let finished = try #require(session.driver.workout.rows[1].completed)
        #expect(finished.seconds == 1)
        #expect(finished.record.wholeSeconds == 1)
        let table = try session.history(.table)
        #expect(table.contains("set 2  12 kg x 10  0:01"), "\(table)")
        let screen = session.driver.frame().joined(separator: "\n")
        #expect(screen.contains("12 kg × 10      0:01"), "the summary's set line: \(screen)")
    }

    @Test("A workout of 4.6 s: the summary and history both say 0:04")
    func summaryTimeAndHistory() throws {
        var session = Session(setCount: 1)
        session.type(row: 0, weight: "12", reps: "10")
        session.driver.press(.enter)
        session.wait(4_600)
        session.driver.press(.enter)
        let screen = session.driver.frame().joined(separator: "\n")
        #expect(screen.contains("Total time    0:04"), "\(screen)")
        let table = try session.history(.table, detail: false)
        #expect(table.contains("dumbbells       0:04"), "\(table)")
    }
}

extension WorkoutDriver where Model == DumbbellsWorkout {
    /// The workout as saved, from what the workout asked its host to do.
    var savedWorkout: DumbbellWorkout? {
        var workout: DumbbellWorkout?
        for output in outputs {
            switch output {
            case .save(.dumbbellWorkout(let started)): workout = started
            case .save(.dumbbellSet(let set, _, _, _)):
                workout?.sets.removeAll { $0.number == set.number }
                workout?.sets.append(set)
                workout?.sets.sort { $0.number < $1.number }
            case .save(.dumbbellFinish(_, _, let at)): workout?.finishedAt = at
            default: break
            }
        }
        return workout
    }
}

/// `body` run on a profile of a real database (a fresh file, removed after) holding `workout`.
func withStore<Result>(holding workout: DumbbellWorkout, _ body: (ProfileStore) throws -> Result) throws -> Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-\(UUID())").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let store = try TermFitStore.open(at: StoreLocation(directory: directory, origin: .argument))
    defer { try? store.close() }
    let profile = try store.profileStore(named: "anna")
    var start = workout
    start.sets = []
    start.finishedAt = nil
    try profile.start(start)
    for set in workout.sets { try profile.save(set, inWorkout: workout.id) }
    if let end = workout.finishedAt { try profile.finishWorkout(workout.id, status: .finished, at: end) }
    return try body(profile)
}
