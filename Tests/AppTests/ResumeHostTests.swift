import Dumbbells
import Foundation
import Records
import Store
import Synchronization
import TermUI
import TestSupport
import Testing

@testable import App

/// The date and time a test moves on by hand, beside the test clock.
private final class WallTime: Sendable {
    private let date = Mutex(Date(timeIntervalSince1970: 1_794_646_800))
    var now: Date { date.withLock { $0 } }
    func advance(_ seconds: TimeInterval) { date.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

/// A dumbbell workout cut off (its process killed) opens again where it was, on a real SQLite
/// file, and is finished from there as one workout.
@Suite struct ResumeHostTests {
    private typealias Window = HostDriver<DumbbellsData>

    private func profile(_ directory: String) throws -> ProfileStore {
        try TermFitStore.open(at: StoreLocation(directory: directory, origin: .argument)).profileStore(named: "alex")
    }

    private func window(on profile: ProfileStore, wall: WallTime, now: Instant = hostClockStart) -> Window {
        Window(
            WorkoutHost(
                context: AppContext(profile: "alex", reducesMotion: true), log: profile, settings: profile,
                wallClock: { wall.now }),
            now: now)
    }

    /// Types a set into the current row, runs it for 30 s (the wall clock too) and finishes it.
    private func doSet(_ window: inout Window, _ weight: String, _ reps: String, wall: WallTime) {
        window.type(weight)
        window.press(.tab)
        window.type(reps)
        window.press(.enter)
        wall.advance(30)
        window.wait(.seconds(30))
        window.press(.enter)
    }

    @Test func aWorkoutKilledAfterSet2Of3OpensWithSets1And2AndIsFinishedAsOneWorkout() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-resume-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let wall = WallTime()
        let store = try profile(directory)
        try store.setValue(3, for: .dumbbellSetCount)
        var first = window(on: store, wall: wall)
        doSet(&first, "12", "10", wall: wall)
        first.press(.escape)  // skips the rest
        doSet(&first, "14", "8", wall: wall)
        let id = try #require(first.workout.workout?.workoutID)
        // Killed during the rest after set 2: nothing more happens in that window. Reopened 20 s
        // later, the rest (90 s by default) still runs for 70 s.
        wall.advance(20)
        var second = window(on: try profile(directory), wall: wall, now: hostClockStart + .seconds(3600))
        let workout = try #require(second.workout.workout)
        #expect(workout.workoutID == id)
        #expect(workout.completedSets.map(\.record.reps) == [10, 8])
        #expect(workout.rows.count == 3)
        #expect(workout.restSecondsLeft(at: second.now) == 70)
        let frame = second.frame()
        #expect(
            frame.contains { $0.contains("Carried on: the workout cut off just now · 2 sets kept · x ends it") },
            "\(frame.joined(separator: "\n"))")
        #expect(frame.contains { $0.contains("14 kg × 8") || $0.contains("14") })
        second.press(.escape)  // skips the rest
        doSet(&second, "16", "6", wall: wall)
        #expect(second.workout.workout?.isShowingSummary == true)
        #expect(second.workout.unsaved.isEmpty)

        let reader = try profile(directory)
        let workouts = try reader.recentWorkouts(limit: 10)
        #expect(workouts.map(\.id) == [id], "one workout, nothing duplicated")
        #expect(workouts.first?.sets.map(\.reps) == [10, 8, 6])
        #expect(workouts.first?.status == .finished)
        #expect(try reader.resumeCutOffWorkout(since: .distantPast).isEmpty, "finished: nothing to carry on")
    }

    @Test func aWorkoutCutOffMoreThanSixHoursAgoIsNotCarriedOn() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-resume-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let wall = WallTime()
        var first = window(on: try profile(directory), wall: wall)
        doSet(&first, "12", "10", wall: wall)
        first.send(.terminate)  // Ctrl-C: the workout is saved as cut off
        wall.advance(DumbbellWorkout.resumableFor + 60)
        let second = window(on: try profile(directory), wall: wall)
        let workout = try #require(second.workout.workout)
        #expect(workout.workoutID == nil)
        #expect(workout.completedSets.isEmpty)
        #expect(!second.frame().contains { $0.contains("Carried on") })
        #expect(try profile(directory).recentWorkouts(limit: 10).map(\.status) == [.cutOff])
    }

    @Test func aWorkoutEndedWithCtrlCIsCarriedOnAndCanBeEndedWithX() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-resume-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let wall = WallTime()
        var first = window(on: try profile(directory), wall: wall)
        doSet(&first, "12", "10", wall: wall)
        first.send(.terminate)
        wall.advance(600)
        var second = window(on: try profile(directory), wall: wall)
        #expect(second.frame().contains { $0.contains("Carried on: the workout cut off 10 min ago · 1 set kept") })
        #expect(second.workout.workout?.restSecondsLeft(at: second.now) == nil, "the rest ran out long ago")
        second.press(.character("x"), .character("y"))
        #expect(second.workout.workout?.isShowingSummary == true)
        let saved = try profile(directory).recentWorkouts(limit: 10)
        #expect(saved.map(\.status) == [.finished])
        #expect(saved.first?.sets.count == 1)
    }

    /// A set under way at a kill (typed and started, not finished) is not kept (docs/DECISIONS.md,
    /// D-218): it was not done, so nothing of it was saved; its row opens empty, not running, and
    /// the set done then is the workout's next, once.
    @Test func aSetUnderWayAtAKillIsNotKeptAndIsDoneAgainAsTheNextSet() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-resume-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let wall = WallTime()
        let store = try profile(directory)
        try store.setValue(3, for: .dumbbellSetCount)
        var first = window(on: store, wall: wall)
        doSet(&first, "12", "10", wall: wall)
        first.press(.escape)
        doSet(&first, "14", "8", wall: wall)
        first.press(.escape)
        // Set 3 typed and started; killed 10 s into it.
        first.type("16")
        first.press(.tab)
        first.type("6")
        first.press(.enter)
        #expect(first.workout.workout?.runningSet != nil, "set 3 is under way")
        wall.advance(10)
        first.wait(.seconds(10))
        #expect(first.workout.unsaved.isEmpty)

        wall.advance(20)
        var second = window(on: try profile(directory), wall: wall, now: hostClockStart + .seconds(3600))
        let workout = try #require(second.workout.workout)
        #expect(workout.completedSets.map(\.record.reps) == [10, 8])
        #expect(workout.runningSet == nil)
        #expect(workout.rows.count == 3)
        #expect(workout.rows.last?.completed == nil && workout.rows.last?.entry == SetEntry(), "row 3 opens empty")
        #expect(second.frame().contains { $0.contains("2 sets kept") })
        // The rest after set 2 was skipped before set 3 started (the skip is saved): none runs.
        #expect(workout.restSecondsLeft(at: second.now) == nil)
        doSet(&second, "16", "6", wall: wall)
        #expect(second.workout.workout?.isShowingSummary == true)

        let saved = try profile(directory).recentWorkouts(limit: 10)
        #expect(saved.count == 1, "one workout, nothing duplicated")
        #expect(saved.first?.sets.map(\.number) == [1, 2, 3])
        #expect(saved.first?.sets.map(\.reps) == [10, 8, 6])
        #expect(saved.first?.status == .finished)
    }

    /// A rest skipped before a kill is over when the workout is carried on: it does not run
    /// again, and the next set counts only the rest that was taken.
    @Test func aRestSkippedBeforeAKillDoesNotRunAgainWhenTheWorkoutIsCarriedOn() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-resume-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let wall = WallTime()
        let store = try profile(directory)
        try store.setValue(3, for: .dumbbellSetCount)
        var first = window(on: store, wall: wall)
        doSet(&first, "12", "10", wall: wall)
        first.press(.escape)
        doSet(&first, "14", "8", wall: wall)
        // 10 s of the 90 s rest, then Skip; killed 20 s later (nothing more in that window).
        wall.advance(10)
        first.wait(.seconds(10))
        first.press(.escape)
        #expect(first.workout.workout?.restSecondsLeft(at: first.now) == nil)
        #expect(first.workout.unsaved.isEmpty, "the skip is saved")
        wall.advance(20)
        var second = window(on: try profile(directory), wall: wall, now: hostClockStart + .seconds(3600))
        let workout = try #require(second.workout.workout)
        #expect(workout.completedSets.map(\.record.reps) == [10, 8])
        #expect(workout.restSecondsLeft(at: second.now) == nil, "the skipped rest does not count again")
        #expect(!second.frame().contains { $0.contains("[Skip]") })
        doSet(&second, "16", "6", wall: wall)
        let saved = try profile(directory).recentWorkouts(limit: 10)
        #expect(saved.count == 1)
        #expect(saved.first?.sets.map(\.reps) == [10, 8, 6])
        #expect(saved.first?.sets.last?.restBefore == 10, "the rest taken before the skip")
    }

    /// Without a skip, the rest after the last set still runs on when carried on (the skip of
    /// an earlier rest does not end a later one).
    @Test func aSkipOfAnEarlierRestDoesNotEndTheRestAfterTheLastSet() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-resume-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let wall = WallTime()
        let store = try profile(directory)
        try store.setValue(3, for: .dumbbellSetCount)
        var first = window(on: store, wall: wall)
        doSet(&first, "12", "10", wall: wall)
        first.press(.escape)  // skips the rest after set 1: saved
        doSet(&first, "14", "8", wall: wall)
        wall.advance(20)
        let second = window(on: try profile(directory), wall: wall, now: hostClockStart + .seconds(3600))
        #expect(second.workout.workout?.restSecondsLeft(at: second.now) == 70)
    }
}
