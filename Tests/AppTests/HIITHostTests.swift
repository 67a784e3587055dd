import Foundation
import HIIT
import Records
import Store
import Synchronization
import TermUI
import TestSupport
import Testing

@testable import App

private let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
    return calendar
}()

/// 2025-03-05 09:00 UTC, a Wednesday.
private let morning = Date(timeIntervalSince1970: 1_741_165_200)

/// The HIIT workout's host on a test clock.
private typealias HostHarness = HostDriver<HIITData>

extension WorkoutDriver where Model == WorkoutHost<HIITData> {
    fileprivate init(
        log: any HIITLog, settings: (any SettingsStore)? = nil, options: HIITOptions = HIITOptions(seconds: 3),
        size: Size = Size(width: 80, height: 24)
    ) {
        self.init(
            WorkoutHost(
                context: AppContext(profile: "alex"), options: options, log: log, settings: settings,
                wallClock: { morning }, calendar: utc),
            size: size, now: Instant(nanoseconds: 1_000_000_000))
    }

    /// Get Started, Start, the whole countdown (3 s of get-ready and 3 s), then Done.
    fileprivate mutating func doTheFirstExercise() {
        press(.enter)
        press(.enter)
        wait(.seconds(3))
        wait(.seconds(3))
        press(.enter)
    }
}

@Suite struct HIITHostTests {
    @Test func doneSavesAtOnceAndARatingLaterUpdatesTheSameRecord() throws {
        let log = InMemoryWorkoutLog()
        var harness = HostHarness(log: log)
        harness.press(.enter)
        harness.press(.enter)
        harness.wait(.seconds(5))
        #expect(try log.hiitSessions(since: nil, limit: nil).isEmpty, "nothing is saved before Done")
        harness.wait(.seconds(1))
        harness.press(.enter)
        let saved = try log.hiitSessions(since: nil, limit: nil)
        #expect(saved.count == 1)
        #expect(saved.first?.exercise == "Squat")
        #expect(saved.first?.startedAt == morning)
        #expect(saved.first?.duration == 3)
        #expect(saved.first?.completed == true)
        #expect(saved.first?.rating == nil)

        harness.press(.left)
        for _ in 0..<4 { harness.press(.character("]")) }
        let rated = try log.hiitSessions(since: nil, limit: nil)
        #expect(rated.count == 1)
        #expect(rated.first?.id == saved.first?.id)
        #expect(rated.first?.rating == 4)
    }

    @Test func historyAndRatingsAreReadFromTheLogWhenTheWorkoutOpens() throws {
        let log = InMemoryWorkoutLog()
        try log.save(
            HIITSession(
                exercise: "Squat", startedAt: morning.addingTimeInterval(-3600), duration: 30, completed: true,
                rating: 4))
        var harness = HostHarness(log: log)
        harness.press(.enter)
        #expect(harness.frame()[19].contains("Rating ★ ★ ★ ★ ☆"), "last time's rating shows")
        harness.press(.character("h"))
        #expect(harness.frame().contains { $0.contains("Today        1  0:30  ★4.0  Squat") })
    }

    @Test func theExerciseLengthComesFromTheFlagElseTheSettingElseThirtySeconds() throws {
        let log = InMemoryWorkoutLog()
        #expect(HostHarness(log: log, settings: log, options: HIITOptions()).host.workout?.intervals[0].work == 30)
        try log.setValue(45, for: .hiitExerciseLength)
        #expect(HostHarness(log: log, settings: log, options: HIITOptions()).host.workout?.intervals[0].work == 45)
        #expect(
            HostHarness(log: log, settings: log, options: HIITOptions(seconds: 12)).host.workout?.intervals[0].work
                == 12)
        let tabata = try #require(HostHarness(log: log, settings: log, options: HIITOptions(tabata: true)).host.workout)
        #expect(tabata.intervals[0].description == "8 × 20 s work, 10 s rest")
    }

    @Test func tabataIgnoresSecondsAndIsAlwaysTwentyTenTimesEight() throws {
        let log = InMemoryWorkoutLog()
        let options = HIITOptions(seconds: 3, tabata: true)
        let workout = try #require(HostHarness(log: log, settings: log, options: options).host.workout)
        #expect(workout.intervals.allSatisfy { $0.description == "8 × 20 s work, 10 s rest" })
    }

    @Test func aRatingGivenBeforeDoneIsKeptAndShownNextTime() throws {
        let log = InMemoryWorkoutLog()
        var harness = HostHarness(log: log, settings: log)
        harness.press(.enter)
        harness.type("]]]")
        harness.press(.character("q"))
        #expect(try log.hiitSessions(since: nil, limit: nil).isEmpty, "no exercise was done")
        #expect(try log.value(for: .hiitRatings) == ["Squat": 3])
        var again = HostHarness(log: log, settings: log)
        again.press(.enter)
        #expect(again.frame()[19].contains("Rating ★ ★ ★ ☆ ☆"))
    }

    @Test func theWorkoutReopensOnThePageItWasLeftOn() throws {
        let log = InMemoryWorkoutLog()
        var harness = HostHarness(log: log, settings: log)
        harness.press(.character("3"))
        harness.press(.character("q"))
        #expect(try log.value(for: .hiitLastPage) == 3)
        let again = try #require(HostHarness(log: log, settings: log).host.workout)
        #expect(again.pageNumber == 3)
    }

    @Test func fiveExercisesThreeRoundsHandsFreeSaveEachWorkRowInSQLite() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-hiit-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let location = StoreLocation(directory: directory, origin: .argument)
        let profile = try TermFitStore.open(at: location).profileStore(named: "alex")
        let names = ["Squat", "Step Up", "Burpee", "Sun Salute", "Plank"]
        let circuit = Circuit(
            name: "Five", exercises: names.map { Circuit.Exercise($0, work: 20, rest: 10) }, rounds: 3, warmUp: 15,
            coolDown: 15)
        var harness = HostHarness(log: profile, settings: profile, options: HIITOptions(circuit: circuit))
        harness.press(.character("c"))
        // Mid-circuit, another process reading the file sees each finished work and no more.
        for _ in 0..<(15 + 20 + 10 + 20 + 5) { harness.waitForDeadline() }
        let reader = try TermFitStore.open(at: location).profileStore(named: "alex")
        #expect(try reader.hiitSessions(since: nil, limit: nil).map(\.exercise).sorted() == ["Squat", "Step Up"])
        var wakeUps = 0
        while harness.host.workout?.run != nil, wakeUps < 1000 {
            harness.waitForDeadline()
            wakeUps += 1
        }
        let rows = try reader.hiitSessions(since: nil, limit: nil)
        #expect(rows.count == 15)
        #expect(rows.allSatisfy { $0.duration == 20 && $0.completed })
        #expect(
            Dictionary(grouping: rows, by: \.exercise).mapValues(\.count)
                == Dictionary(
                    uniqueKeysWithValues: names.map { ($0, 3) }))
        #expect(Set(rows.map(\.id)).count == 15)
        #expect(harness.host.workout?.sheet == .highFive)
    }

    @Test func theMembersCircuitsAndTheChosenOneAreKeptForNextTime() throws {
        let log = InMemoryWorkoutLog()
        var harness = HostHarness(log: log, settings: log)
        harness.press(.character("e"))
        harness.press(.control("n"))
        harness.press(.control("u"))
        harness.type("Legs: Squat 20/5, Lunge 20; rounds 2")
        harness.press(.enter)
        harness.press(.enter)
        let again = try #require(HostHarness(log: log, settings: log).host.workout)
        #expect(again.circuit.name == "Legs")
        #expect(again.circuit.spec == "Squat 20/5, Lunge 20; rounds 2; warm-up 0; cool-down 0")
        #expect(again.circuitsEditor.presets.map(\.name) == ["Legs"])
    }

    @Test func aHistoryThatCannotBeReadShowsAMessage() {
        var harness = HostHarness(log: FlakyWorkoutLog(failsReads: true, message: "database is locked"))
        harness.press(.character("h"))
        let frame = harness.frame()
        #expect(frame[2] == "       │ Could not read your HIIT history: database is locked           │")
    }

    @Test func aFailedSaveShowsANoticeKeepsTheExerciseAndIsTriedAgain() throws {
        let log = FlakyWorkoutLog(failsSaves: true, message: "database is locked")
        var harness = HostHarness(log: log)
        harness.doTheFirstExercise()
        #expect(harness.frame()[21] == " ! Not saved (database is locked): Squat kept here, tried again with the next")
        #expect(harness.frame()[22] == " exercise", "wrapped above the key bar")
        #expect(harness.host.unsaved.map(\.summary) == ["hiit: Squat"])
        #expect(harness.host.workout?.history.count == 1, "the exercise is still on screen")

        harness.press(.character("h"))
        #expect(harness.host.problem != nil, "the notice stays while the save waits")
        #expect(harness.frame().contains { $0.contains("Today        1  0:03  ★ –  Squat") })
        harness.press(.escape)

        log.failing = false
        #expect(harness.host.handle(.terminate, at: harness.now).isEmpty)
        #expect(harness.host.unsaved.isEmpty, "tried again when the program ends")
        #expect(try log.hiitSessions(since: nil, limit: nil).map(\.exercise) == ["Squat"])
    }

    @Test func aFailedSaveIsTriedAgainWithTheNextSave() throws {
        let log = FlakyWorkoutLog(failsSaves: true, message: "database is locked")
        var harness = HostHarness(log: log)
        harness.doTheFirstExercise()
        log.failing = false
        harness.press(.enter)
        harness.wait(.seconds(3))
        harness.wait(.seconds(3))
        harness.press(.enter)
        // Both started at the same wall-clock time, so their order in the log is by random id.
        #expect(try log.hiitSessions(since: nil, limit: nil).map(\.exercise).sorted() == ["Squat", "Step Up"])
        #expect(harness.host.problem == nil, "the notice goes once everything is saved")
        #expect(!harness.frame()[22].contains("Not saved"))
    }

    @Test func effectsPassThroughAndQuitLeaves() {
        var harness = HostHarness(log: InMemoryWorkoutLog())
        harness.press(.enter)
        harness.press(.enter)
        #expect(harness.wait(.seconds(1)) == [.bell], "2 of the 3-2-1")
        #expect(harness.host.nextDeadline(after: harness.now) == harness.now + .seconds(1))
        #expect(harness.press(.character("q")).isEmpty, "a countdown runs: asks first")
        #expect(harness.host.pendingQuestion == "Leave? Squat in progress is not saved.")
        #expect(harness.press(.character("y")) == [.quit])

        var quiet = HostHarness(log: InMemoryWorkoutLog(), options: HIITOptions(seconds: 3, quiet: true))
        quiet.press(.enter)
        quiet.press(.enter)
        #expect(quiet.wait(.seconds(1)).isEmpty, "--quiet rings no bell")
    }

    @Test func colourAndMotionComeFromTheContext() {
        let host = WorkoutHost<HIITData>(
            context: AppContext(profile: "alex", reducesMotion: true, usesColor: false), log: InMemoryWorkoutLog(),
            wallClock: { morning }, calendar: utc)
        #expect(host.workout?.configuration.reducesMotion == true)
        #expect(host.workout?.configuration.usesColor == false)
    }

    @Test func theMenuOpensTheWorkoutAndItsQuitReturnsHome() throws {
        let log = InMemoryWorkoutLog()
        let entry = WorkoutEntry.hiit(options: HIITOptions(seconds: 3)) { _ in log }
        var scene = AppScene(
            context: AppContext(profile: "alex"), workouts: [entry], profiles: InMemoryProfileDirectory(["alex"]))
        _ = scene.handle(.resize(Size(width: 80, height: 24)), at: .zero)
        _ = scene.handle(.key(.character("1")), at: .zero)
        #expect(scene.activeWorkout == "hiit")
        var composition = Composition(size: scene.size)
        scene.render(into: &composition, at: .zero)
        #expect(composition.flatten().lines().contains { $0.contains("[ Get Started ]") })
        #expect(scene.handle(.key(.escape), at: .zero).isEmpty)
        #expect(scene.activeWorkout == nil, "Esc in the workout goes back to the menu")
    }

    @Test func aProfileWhoseLogCannotBeOpenedGetsTheReasonAndOnlyLeaves() {
        let entry = WorkoutEntry.hiit { _ in throw FlakyWorkoutLog.Failure(description: "database is locked") }
        var scene = entry.makeScene(AppContext(profile: "alex"))
        _ = scene.handle(.resize(Size(width: 80, height: 24)), at: .zero)
        #expect(scene.handle(.key(.enter), at: .zero).isEmpty)
        var composition = Composition(size: Size(width: 80, height: 24))
        scene.render(into: &composition, at: .zero)
        #expect(
            composition.flatten().lines().contains { $0.contains("The HIIT workout cannot open: database is locked") })
        #expect(scene.handle(.key(.character("q")), at: .zero) == [.quit])
    }
}
