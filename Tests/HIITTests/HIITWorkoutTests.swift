import Foundation
import Records
import TermUI
import Testing

@testable import HIIT

/// The workout's state machine, driven by keys, clicks and a test clock.
@Suite struct HIITWorkoutTests {
    // MARK: Pages

    @Test func opensOnWelcomeAndGetStartedGoesToTheFirstExercise() {
        var harness = Harness()
        #expect(harness.workout.page == .welcome)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "an idle Welcome page never wakes up")
        harness.press(.enter)
        #expect(harness.workout.page == .exercise(0))
        #expect(harness.outputs.isEmpty)
    }

    @Test func arrowsNumbersHomeAndEndChangePage() {
        var harness = Harness()
        harness.press(.left)
        #expect(harness.workout.page == .welcome, "nothing before Welcome")
        harness.press(.right)
        harness.press(.right)
        #expect(harness.workout.page == .exercise(1))
        harness.press(.character("4"))
        #expect(harness.workout.page == .exercise(3))
        harness.press(.right)
        #expect(harness.workout.page == .exercise(3), "nothing after the last exercise")
        harness.press(.character("5"))
        #expect(harness.workout.page == .exercise(3), "there is no fifth exercise")
        harness.press(.left)
        #expect(harness.workout.page == .exercise(2))
        harness.press(.character("0"))
        #expect(harness.workout.page == .welcome)
        harness.press(.end)
        #expect(harness.workout.page == .exercise(3))
        harness.press(.home)
        #expect(harness.workout.page == .welcome)
        harness.press(.pageDown)
        #expect(harness.workout.page == .exercise(0))
    }

    @Test func clickingThePageNumbersAndButtonsWorks() {
        var harness = Harness()
        // Header at 80 columns: " 👋 " at 30...33, " 1 " at 35...37, " 2 " at 39...41, " 3 " at 43...45.
        harness.click(Point(x: 44, y: 0))
        #expect(harness.workout.page == .exercise(2))
        harness.click(Point(x: 31, y: 0))
        #expect(harness.workout.page == .welcome)
        // The buttons lie where the page's layout puts them.
        harness.click(PageLayout(size: harness.workout.size, workout: harness.workout).primaryButton.origin)
        #expect(harness.workout.page == .exercise(0))
        harness.click(PageLayout(size: harness.workout.size, workout: harness.workout).primaryButton.origin)
        #expect(harness.workout.countdown != nil)
        harness.click(PageLayout(size: harness.workout.size, workout: harness.workout).historyButton.origin)
        #expect(harness.workout.sheet == .history)
        harness.click(Point(x: 0, y: 12))
        #expect(harness.workout.sheet == nil, "a click outside the sheet closes it")
    }

    @Test func leavingAPageDropsItsCountdownOnceTheMemberSaysYes() {
        var harness = Harness()
        harness.press(.enter)
        harness.press(.enter)
        harness.wait(.seconds(10))
        harness.press(.right)
        #expect(harness.workout.countdown != nil, "asked first")
        harness.press(.character("y"))
        harness.press(.left)
        #expect(harness.workout.countdown == nil)
        #expect(harness.workout.timeLeft(at: harness.now) == .seconds(30))
        #expect(harness.saved.isEmpty)
    }

    // MARK: Start and Done

    @Test func doneIsRefusedUntilTheCountdownReachesZeroThenRecordsAndMovesOn() {
        var harness = Harness()
        harness.press(.enter)
        let start = harness.now
        harness.press(.enter)
        #expect(harness.workout.countdown?.stretch == .getReady)
        #expect(harness.workout.canFinish == false)
        harness.press(.enter)
        harness.press(.character("d"))
        harness.click(Point(x: 39, y: 16))
        #expect(harness.workout.page == .exercise(0), "Done is refused while getting ready")
        harness.wait(.seconds(3))
        #expect(harness.workout.countdown?.stretch == .work(round: 1))
        harness.wait(.seconds(29))
        harness.press(.enter)
        harness.press(.character("d"))
        #expect(harness.workout.page == .exercise(0), "Done is refused with a second left")
        #expect(harness.workout.timeLeft(at: harness.now) == .seconds(1))
        #expect(harness.saved.isEmpty)

        harness.wait(.seconds(1))
        #expect(harness.workout.canFinish)
        #expect(harness.workout.timeLeft(at: harness.now) == .zero)
        harness.press(.enter)
        #expect(
            harness.saved == [
                HIITSession(
                    id: SequentialIdentifiers.identifier(1), exercise: "Squat", startedAt: date(), duration: 30,
                    completed: true, rating: nil)
            ])
        #expect(harness.workout.page == .exercise(1), "Done moves to the next exercise")
        #expect(harness.workout.countdown == nil)
        #expect(harness.now - start == .seconds(33))
        #expect(harness.workout.history.map(\.exercise) == ["Squat"])
    }

    @Test func theCountdownWakesOncePerSecondOnTheSecondsOfItsDeadline() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.enter)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "an idle exercise page never wakes")
        let start = harness.now
        harness.press(.enter)
        #expect(harness.workout.nextDeadline(after: harness.now) == start + .seconds(1))
        // A tick that comes late (the machine was busy) does not stretch the countdown.
        harness.wait(.milliseconds(2_700))
        #expect(harness.workout.timeLeft(at: harness.now) == .milliseconds(27_300))
        #expect(harness.workout.nextDeadline(after: harness.now) == start + .seconds(3))
        harness.now = start + .seconds(3)
        #expect(harness.workout.countdown?.secondsLeft(at: harness.now) == 27)
        var wakes = 0
        while let deadline = harness.workout.nextDeadline(after: harness.now) {
            harness.now = deadline
            harness.send(.tick)
            wakes += 1
        }
        #expect(wakes == 27, "one wake-up per second, none after the end")
        #expect(harness.now == start + .seconds(30))
        #expect(harness.workout.canFinish)
    }

    @Test func theBellRingsOnTheLastThreeSecondsOfEveryStretchAndAtItsEnd() {
        var harness = Harness()
        harness.press(.enter)
        harness.press(.enter)
        harness.run(for: .seconds(3))
        #expect(harness.bells == 3, "2, 1 and go of the get-ready")
        harness.run(for: .seconds(26))
        #expect(harness.bells == 3, "silent through the work")
        harness.run(for: .seconds(1))
        #expect(harness.bells == 4, "3")
        harness.run(for: .seconds(3))
        #expect(harness.bells == 7, "2, 1 and the end")
        harness.run(for: .seconds(5))
        #expect(harness.bells == 7)

        var quiet = Harness(configuration: HIITWorkout.Configuration(ringsBell: false))
        quiet.press(.enter)
        quiet.press(.enter)
        quiet.run(for: .seconds(40))
        #expect(quiet.bells == 0)
        #expect(quiet.workout.canFinish)
    }

    @Test func aLateTickRingsOnceHoweverManySecondsItSkipped() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.enter)
        harness.press(.enter)
        harness.wait(.seconds(25))
        #expect(harness.bells == 0)
        harness.wait(.milliseconds(3_500))
        #expect(harness.bells == 1)
        #expect(harness.workout.countdown?.secondsLeft(at: harness.now) == 2)
    }

    // MARK: Ratings

    @Test func ratingsGoWithTheExerciseAndUpdateItsRecord() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.enter)
        harness.type("]]]")
        #expect(harness.workout.ratings["Squat"] == 3)
        #expect(harness.saved.isEmpty, "nothing to update before the exercise is done")
        harness.press(.enter)
        harness.run(for: .seconds(30))
        harness.press(.enter)
        #expect(harness.saved.last?.rating == 3, "the session keeps the rating given before Done")
        #expect(harness.workout.page == .exercise(1))

        harness.press(.left)
        harness.type("]")
        #expect(harness.saved.count == 2)
        #expect(harness.saved[1].id == harness.saved[0].id, "the same record, updated")
        #expect(harness.saved[1].rating == 4)
        harness.type("[[[[[[")
        #expect(harness.workout.ratings["Squat"] == 1, "the lowest rating is 1")
        #expect(harness.saved.last?.rating == 1)
        // The marks are clickable.
        harness.click(PageLayout(size: harness.workout.size, workout: harness.workout).ratingMarks[4].origin)
        #expect(harness.workout.ratings["Squat"] == 5)
        #expect(harness.saved.last?.rating == 5)
        #expect(harness.workout.history.count == 1)
        #expect(harness.workout.ratings["Step Up"] == nil)
    }

    @Test func theLastRatingShowsNextTimeWithTheTrend() {
        let history = [
            session("Squat", on: date(days: -3), rating: 2, number: 1),
            session("Squat", on: date(days: -2), rating: 3, number: 2),
            session("Squat", on: date(days: -1), rating: 5, number: 3),
            session("Burpee", on: date(days: -1), rating: 1, number: 4),
        ]
        var harness = Harness(history: .success(history))
        #expect(harness.workout.ratings == ["Squat": 5, "Burpee": 1])
        harness.press(.character("1"))
        let row = harness.frame()[PageLayout(size: harness.workout.size, workout: harness.workout).rating.y]
        #expect(row == "                        Rating ★ ★ ★ ★ ★   trend 2 3 5 ↑")
    }

    // MARK: Sheets

    @Test func historySheetOpensClosesAndCountsTodaysExercises() {
        var harness = Harness(history: .success([session("Squat", on: date(hour: 7), number: 1)]))
        harness.press(.character("h"))
        #expect(harness.workout.sheet == .history)
        harness.press(.character("1"))
        #expect(harness.workout.page == .welcome, "keys under the sheet do nothing")
        harness.press(.escape)
        #expect(harness.workout.sheet == nil)
        #expect(harness.outputs.isEmpty, "Esc closes the sheet, it does not leave the workout")
        harness.press(.character("h"))
        harness.press(.character("h"))
        #expect(harness.workout.sheet == nil)
        harness.press(.character("h"))
        // Close is on row 21 at 80×24.
        harness.click(Point(x: 40, y: 21))
        #expect(harness.workout.sheet == nil)
    }

    @Test func highFiveAfterDoneOnTheLastExerciseOfTheCircuitThenWelcome() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.enter)
        for _ in 0..<3 {
            harness.press(.enter)
            harness.run(for: .seconds(30))
            harness.press(.enter)
        }
        #expect(harness.workout.sheet == nil, "not after the third exercise")
        #expect(harness.workout.page == .exercise(3))
        harness.press(.enter)
        harness.run(for: .seconds(30))
        harness.press(.enter)
        #expect(harness.workout.sheet == .highFive)
        #expect(harness.saved.map(\.exercise) == ["Squat", "Step Up", "Burpee", "Sun Salute"])
        harness.press(.character("h"))
        #expect(harness.workout.sheet == .highFive, "only Continue leaves the High Five")
        harness.press(.enter)
        #expect(harness.workout.sheet == nil)
        #expect(harness.workout.page == .welcome)
    }

    @Test func highFiveContinueButtonIsClickable() throws {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.doTheWholeCircuit()
        #expect(harness.workout.sheet == .highFive)
        harness.click(Point(x: 5, y: 5))
        #expect(harness.workout.sheet == .highFive)
        let button = HighFiveLayout(screen: harness.workout.size).continueButton
        #expect(harness.frame()[button.y].contains("[ Continue ]"))
        harness.click(button.origin)
        #expect(harness.workout.page == .welcome)
    }

    @Test func keysSheetOpensWithQuestionMarkAndScrollsOnASmallScreen() {
        var harness = Harness(size: Size(width: 40, height: 12))
        harness.press(.character("?"))
        #expect(harness.workout.sheets.isShowingKeys && harness.workout.sheet == nil)
        let before = harness.frame()
        #expect(before.joined().contains("Countdown"), "the first group's heading")
        #expect(before.joined().contains("more"), "a marker says what is out of view")
        harness.press(.down)
        harness.press(.down)
        #expect(harness.frame() != before)
        #expect(harness.frame().joined().contains("▲"))
        harness.press(.up)
        harness.press(.up)
        #expect(harness.frame() == before)
        harness.press(.character("q"))
        #expect(harness.workout.sheet == nil)
        #expect(harness.outputs.isEmpty)
    }

    @Test func theKeysSheetShowsDoneOnceTheCountdownUnderItEnds() {
        var harness = Harness()
        harness.press(.enter)  // the first exercise
        harness.press(.enter)  // Start
        harness.press(.character("?"))
        let counting = harness.frame().joined(separator: "\n")
        #expect(counting.contains("pause the countdown"))
        #expect(!counting.contains("Done (saved at zero)"), "Done only once the countdown ends")
        harness.run(for: .seconds(100))
        #expect(harness.workout.sheets.isShowingKeys, "still open")
        let ended = harness.frame().joined(separator: "\n")
        #expect(ended.contains("Done (saved at zero)"), "the keys of the page as it is now:\n\(ended)")
        #expect(!ended.contains("pause the countdown"))
        harness.press(.escape)
        harness.press(.character("d"))
        #expect(harness.workout.pageNumber == 2, "Done, as the keys sheet said")
    }

    // MARK: Intervals

    @Test func tabataCountsEightRoundsOfWorkAndRest() {
        var harness = Harness(configuration: HIITWorkout.Configuration(usesTabata: true))
        harness.press(.enter)
        #expect(harness.workout.intervals[0] == Intervals.tabata)
        let start = harness.now
        harness.press(.enter)
        var seen: [Countdown.Stretch] = []
        while let deadline = harness.workout.nextDeadline(after: harness.now) {
            harness.now = deadline
            harness.send(.tick)
            if let stretch = harness.workout.countdown?.stretch, stretch != seen.last { seen.append(stretch) }
        }
        let expected: [Countdown.Stretch] =
            [.getReady, .work(round: 1)]
            + (1...7).flatMap { [Countdown.Stretch.rest(afterRound: $0), .work(round: $0 + 1)] }
        #expect(seen.dropFirst().elementsEqual(expected.dropFirst(1)))
        #expect(harness.now - start == .seconds(3 + 8 * 20 + 7 * 10))
        #expect(harness.workout.canFinish)
        harness.press(.enter)
        #expect(harness.saved.first?.duration == 230)
    }

    @Test func roundAndStretchAtGivenTimes() {
        var harness = Harness(configuration: HIITWorkout.Configuration(usesTabata: true, getReadySeconds: 3))
        harness.press(.enter)
        harness.press(.enter)
        harness.wait(.seconds(3 + 20 + 5))
        #expect(harness.workout.countdown?.stretch == .rest(afterRound: 1))
        #expect(harness.workout.timeLeft(at: harness.now) == .seconds(5))
        #expect(harness.workout.statusText == "Rest · round 2 of 8 next")
        harness.wait(.seconds(5 + 20 + 10 + 1))
        #expect(harness.workout.countdown?.stretch == .work(round: 3))
        #expect(harness.workout.statusText == "Work · round 3 of 8")
        #expect(harness.workout.timeLeft(at: harness.now) == .seconds(19))
    }

    @Test func tTogglesTabataForTheExerciseOnScreenBeforeStart() {
        var harness = Harness()
        harness.press(.enter)
        harness.press(.character("t"))
        #expect(harness.workout.intervals[0] == .tabata)
        #expect(harness.workout.intervals[1] == .single(seconds: 30))
        harness.press(.character("t"))
        #expect(harness.workout.intervals[0] == .single(seconds: 30))
        harness.press(.enter)
        harness.press(.character("t"))
        #expect(harness.workout.countdown?.intervals == .single(seconds: 30), "not while counting")
    }

    @Test func anExerciseCanHaveItsOwnIntervals() {
        var exercises = HIITWorkout.standardExercises
        exercises[2].intervals = Intervals(work: 40, rest: 20, rounds: 3)
        let configuration = HIITWorkout.Configuration(exercises: exercises, exerciseLength: 45)
        #expect(configuration.intervals(forExercise: 0) == .single(seconds: 45))
        #expect(configuration.intervals(forExercise: 2) == Intervals(work: 40, rest: 20, rounds: 3))
        #expect(configuration.intervals(forExercise: 2).description == "3 × 40 s work, 20 s rest")
    }

    // MARK: Pause, ±10 s, suspend

    @Test func spacePausesAndResumesWithoutLosingTime() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.enter)
        harness.press(.enter)
        harness.wait(.seconds(10))
        harness.press(.character(" "))
        #expect(harness.workout.countdown?.holds == .paused)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "a paused countdown never wakes")
        #expect(harness.workout.statusText == "Paused · Go!")
        harness.wait(.seconds(45))
        #expect(harness.workout.timeLeft(at: harness.now) == .seconds(20))
        harness.press(.character(" "))
        #expect(harness.workout.countdown?.isHeld == false)
        harness.wait(.seconds(19))
        #expect(harness.workout.timeLeft(at: harness.now) == .seconds(1))
        harness.wait(.seconds(1))
        harness.press(.enter)
        #expect(harness.saved.first?.duration == 30, "the pause is not counted")
    }

    @Test func plusAndMinusChangeTheLengthOrTheTimeLeft() {
        var harness = Harness()
        harness.press(.enter)
        harness.press(.character("+"))
        #expect(harness.workout.intervals[0].work == 40)
        harness.type("-----")
        #expect(harness.workout.intervals[0].work == 5, "before Start it never goes below 5 s")
        harness.type("==")
        #expect(harness.workout.intervals[0].work == 25)
        harness.press(.enter)
        harness.press(.character("+"))
        #expect(harness.workout.timeLeft(at: harness.now) == .seconds(3), "the get-ready is not changed")
        harness.wait(.seconds(3))
        harness.press(.character("+"))
        #expect(harness.workout.timeLeft(at: harness.now) == .seconds(35))
        harness.wait(.seconds(29))
        harness.press(.character("-"))
        #expect(harness.workout.timeLeft(at: harness.now) == .seconds(5), "while running too it stops at 5 s")
        #expect(!harness.workout.canFinish)
        #expect(harness.saved.isEmpty)
        let bellsBefore = harness.bells
        harness.wait(.seconds(5))
        #expect(harness.workout.canFinish)
        #expect(harness.bells > bellsBefore, "the end rings")
        #expect(harness.saved.first?.duration == 34, "saved at zero")
    }

    @Test func suspendedTimeDoesNotCount() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.enter)
        harness.press(.enter)
        harness.wait(.milliseconds(10_400))
        harness.send(.suspend)
        #expect(harness.workout.countdown?.holds == .suspended)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
        harness.now = harness.now + .seconds(600)
        harness.send(.resume)
        #expect(harness.workout.timeLeft(at: harness.now) == .milliseconds(19_600))
        #expect(harness.workout.countdown?.isHeld == false)
        #expect(harness.workout.nextDeadline(after: harness.now) == harness.now + .milliseconds(600))
        // Paused, then suspended and resumed: still paused.
        harness.press(.character(" "))
        harness.send(.suspend)
        harness.now = harness.now + .seconds(5)
        harness.send(.resume)
        #expect(harness.workout.countdown?.holds == .paused)
        #expect(harness.workout.timeLeft(at: harness.now) == .milliseconds(19_600))
        // A resume without a suspend (stopped and continued by someone else) changes nothing.
        harness.send(.resume)
        #expect(harness.workout.countdown?.holds == .paused)
    }

    // MARK: Leaving and terminating

    @Test func aCountdownIsSavedTheMomentItReachesZero() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        harness.press(.enter)
        harness.press(.enter)
        harness.wait(.seconds(20))
        #expect(harness.send(.terminate) == [.keepPage(1)], "a countdown still running is not a finished exercise")
        let outputs = harness.wait(.seconds(10))
        #expect(outputs.contains { if case .save = $0 { true } else { false } }, "the tick at zero saves")
        #expect(harness.saved.first?.exercise == "Squat")
        #expect(harness.saved.first?.completed == true)
        #expect(harness.send(.terminate) == [.keepPage(1)], "a hang-up after zero has nothing left to save")
        #expect(harness.saved.count == 1, "saved once")
    }

    @Test func qAndEscLeaveTheWorkoutSavingAFinishedCountdown() {
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0))
        #expect(harness.press(.character("q")).last == .effect(.quit))
        #expect(harness.press(.escape).last == .effect(.quit))
        harness.press(.enter)
        harness.press(.enter)
        harness.run(for: .seconds(30))
        #expect(harness.saved.map(\.exercise) == ["Squat"], "saved at zero")
        harness.outputs = []
        #expect(harness.press(.escape).last == .effect(.quit), "nothing to lose: no question")
        #expect(harness.saved.isEmpty, "not saved twice")
    }

    @Test func resetDropsTheCountdownOnceTheMemberSaysYes() {
        var harness = Harness()
        harness.press(.enter)
        harness.press(.enter)
        harness.wait(.seconds(8))
        harness.press(.character("r"))
        #expect(harness.workout.countdown != nil, "asked first")
        harness.press(.character("y"))
        #expect(harness.workout.countdown == nil)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
    }

    // MARK: Demonstration

    @Test func pPlaysTheDemonstrationAtMostEightTimesASecondThenStops() {
        var harness = Harness()
        harness.press(.enter)
        let start = harness.now
        harness.press(.character("p"))
        #expect(harness.workout.isDemonstrationPlaying(at: harness.now))
        // Squat: stand 3 beats, down 2, deep 3, up 2; a beat is 125 ms.
        #expect(harness.workout.nextDeadline(after: harness.now) == start + .milliseconds(375))
        var poses: [Int] = [harness.workout.demonstrationPose(at: harness.now)]
        var wakes = 0
        while let deadline = harness.workout.nextDeadline(after: harness.now) {
            #expect(deadline - harness.now >= .milliseconds(125))
            harness.now = deadline
            harness.send(.tick)
            poses.append(harness.workout.demonstrationPose(at: harness.now))
            wakes += 1
        }
        #expect(wakes == 16, "4 poses × 4 repetitions")
        #expect(Array(poses.prefix(5)) == [0, 1, 2, 3, 0])
        #expect(harness.now - start == .milliseconds(5_000))
        #expect(!harness.workout.isDemonstrationPlaying(at: harness.now))

        harness.press(.character("p"))
        harness.wait(.milliseconds(400))
        harness.press(.character("p"))
        #expect(!harness.workout.isDemonstrationPlaying(at: harness.now), "p again stops it")
        #expect(harness.workout.nextDeadline(after: harness.now) == nil)
    }

    @Test func withReducedMotionPStepsThroughStillPoses() {
        var harness = Harness(configuration: HIITWorkout.Configuration(reducesMotion: true))
        harness.press(.enter)
        harness.press(.character("p"))
        #expect(harness.workout.demonstrationPose(at: harness.now) == 1)
        #expect(harness.workout.nextDeadline(after: harness.now) == nil, "nothing moves by itself")
        harness.type("ppp")
        #expect(harness.workout.demonstrationPose(at: harness.now) == 0)
    }

    // MARK: History

    @Test func aHistoryThatCannotBeReadIsExplainedNotShownEmpty() {
        var harness = Harness(history: .failure(TestFailure(description: "the disk is on fire")))
        #expect(harness.workout.historyProblem == "Could not read your HIIT history: the disk is on fire")
        harness.press(.character("h"))
        #expect(harness.frame()[2].contains("Could not read your HIIT history: the disk is on fire"))
    }

    @Test func historySummaryGroupsDaysNewestFirstAndCountsTheWeek() {
        let sessions = [
            session("Burpee", on: date(days: 0, hour: 8), number: 1),
            session("Squat", on: date(days: 0, hour: 7), number: 2),
            session("Squat", on: date(days: -2), number: 3),
            session("Step Up", on: date(days: -2), number: 4, completed: false),
            session("Squat", on: date(days: -9), number: 5),
        ]
        let days = HistorySummary.days(of: sessions, calendar: utcCalendar)
        #expect(days.map(\.exercises) == [["Squat", "Burpee"], ["Squat"], ["Squat"]])
        #expect(days.map(\.start) == [date(hour: 0), date(days: -2, hour: 0), date(days: -9, hour: 0)])
        let week = HistorySummary.week(endingOn: date(hour: 23), sessions: sessions, calendar: utcCalendar)
        #expect(week.map(\.weekday) == ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"])
        #expect(week.map(\.count) == [0, 0, 0, 0, 1, 0, 2])
        #expect(HistorySummary.dayLabel(date(hour: 0), today: date(), calendar: utcCalendar) == "Today")
        #expect(HistorySummary.dayLabel(date(days: -1, hour: 0), today: date(), calendar: utcCalendar) == "Yesterday")
        #expect(HistorySummary.dayLabel(date(days: -2, hour: 0), today: date(), calendar: utcCalendar) == "Mon 3 Mar")
        #expect(
            HistorySummary.dayLabel(date(days: -70, hour: 0), today: date(), calendar: utcCalendar)
                == "Wed 25 Dec 2024")
    }

    @Test func trendComparesTheNewestRatingWithThoseBefore() {
        #expect(HistorySummary.trend(of: []) == nil)
        #expect(HistorySummary.trend(of: [4]) == nil)
        #expect(HistorySummary.trend(of: [2, 3, 4]) == .rising)
        #expect(HistorySummary.trend(of: [4, 4, 4]) == .steady)
        #expect(HistorySummary.trend(of: [5, 4, 2]) == .falling)
    }

    @Test func doneOnAnotherDayCountsOnThatDay() {
        let wallClock = TestWallClock(date(hour: 23))
        var harness = Harness(configuration: HIITWorkout.Configuration(getReadySeconds: 0), wallClock: wallClock)
        harness.press(.enter)
        harness.press(.enter)
        wallClock.set(date(days: 1, hour: 0, minute: 1))
        harness.run(for: .seconds(30))
        harness.press(.enter)
        #expect(harness.saved.first?.startedAt == date(hour: 23), "an exercise belongs to the day it started")
        harness.press(.character("h"))
        let week = HistorySummary.week(
            endingOn: wallClock.now, sessions: harness.workout.history, calendar: utcCalendar)
        #expect(week.map(\.count) == [0, 0, 0, 0, 0, 1, 0])
    }
}
