import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import App

/// A workout stand-in for routing tests: counts what it sees and quits on `q`.
private struct EchoWorkout: Scene {
    var received: [Event] = []

    mutating func handle(_ event: Event, at now: Instant) -> [Effect] {
        received.append(event)
        if event == .key(.character("q")) { return [.quit] }
        if event == .key(.character("b")) { return [.bell] }
        return []
    }

    func render(into composition: inout Composition, at now: Instant) {
        let count = received.count
        composition.add { canvas in canvas.write("echo workout \(count)", at: .zero) }
    }

    func nextDeadline(after now: Instant) -> Instant? { now + .seconds(1) }
}

private func frame(_ scene: AppScene) -> [String] {
    var composition = Composition(size: scene.size)
    scene.render(into: &composition, at: .zero)
    return composition.flatten().lines()
}

private func makeScene(
    workouts: [WorkoutEntry] = [], profiles: InMemoryProfileDirectory = InMemoryProfileDirectory(["alex"]),
    opening: String? = nil, size: Size = Size(width: 80, height: 24)
) -> AppScene {
    var scene = AppScene(
        context: AppContext(profile: "alex"), workouts: workouts, profiles: profiles, opening: opening)
    _ = scene.handle(.resize(size), at: .zero)
    return scene
}

private let echo = WorkoutEntry(identifier: "echo", title: "Echo", summary: "repeats what it hears") { _ in
    EchoWorkout()
}

@Suite struct AppSceneTests {
    @Test func homeScreenAt80x24() {
        // The menu as TermFit ships it: the workouts, then the fixed entries.
        let scene = makeScene(workouts: [.hiit { _ in InMemoryWorkoutLog() }])
        #expect(
            frame(scene) == [
                "", "", "", "",
                "                          ▀█▀ █▀▀ █▀█ █▀▄▀█ █▀▀ █ ▀█▀",
                "                           █  █▀▀ █▀▄ █ ▀ █ █▀  █  █",
                "                           ▀  ▀▀▀ ▀ ▀ ▀   ▀ ▀   ▀  ▀",
                "                            workouts at the keyboard",
                "",
                "                                 Profile: alex",
                "",
                "      ╭ Workouts ────────────────────────────────────────────────────────╮",
                "      │ ▸ 1  HIIT            four timed exercises, ratings, weekly chart │",
                "      │   2  Profile         switch to someone else or add a new profile │",
                "      │   3  Help            keys and where TermFit keeps your data      │",
                "      │   4  Quit                                                        │",
                "      ╰──────────────────────────────────────────────────────────────────╯",
                "", "", "", "", "", "",
                "↑↓ Move  Enter Open  ? Help  q Quit  p Profile",
            ])
    }

    @Test func theSelectedLineIsReversed() {
        var composition = Composition(size: Size(width: 80, height: 24))
        makeScene().render(into: &composition, at: .zero)
        let canvas = composition.flatten()
        let first = HomeLayout(size: Size(width: 80, height: 24), itemCount: 3).list.y
        #expect(canvas[10, first].style.attributes.contains(.reverse))
        #expect(!canvas[10, first + 1].style.attributes.contains(.reverse))
    }

    @Test func arrowsAndVimKeysMoveTheSelectionAndWrap() {
        var scene = makeScene()
        _ = scene.handle(.key(.down), at: .zero)
        #expect(scene.selection == 1)
        _ = scene.handle(.key(.character("j")), at: .zero)
        _ = scene.handle(.key(.character("j")), at: .zero)
        #expect(scene.selection == 0, "wraps from the last line to the first")
        _ = scene.handle(.key(.up), at: .zero)
        #expect(scene.selection == 2)
        _ = scene.handle(.key(.home), at: .zero)
        #expect(scene.selection == 0)
    }

    @Test func qQuitsAndQuitLineQuits() {
        var scene = makeScene()
        #expect(scene.handle(.key(.character("q")), at: .zero) == [.quit])
        #expect(scene.handle(.key(.character("3")), at: .zero) == [.quit])
    }

    @Test func questionMarkOpensHelpOverADimmedScreenAndEscClosesIt() {
        var scene = makeScene()
        _ = scene.handle(.key(.character("?")), at: .zero)
        #expect(scene.isHelpOpen)
        var composition = Composition(size: scene.size)
        scene.render(into: &composition, at: .zero)
        let canvas = composition.flatten()
        #expect(canvas.lines().contains { $0.contains("↑↓ Scroll  Esc Close") })
        #expect(canvas[30, 1].style.attributes.contains(.dim), "the home screen below is dimmed")
        _ = scene.handle(.key(.character("j")), at: .zero)
        #expect(scene.selection == 0, "keys do not reach the menu under the sheet")
        _ = scene.handle(.key(.escape), at: .zero)
        #expect(!scene.isHelpOpen)
    }

    @Test func aClickOutsideTheHelpSheetClosesIt() {
        var scene = makeScene()
        _ = scene.handle(.key(.character("?")), at: .zero)
        _ = scene.handle(.mouse(MouseEvent(.release, at: Point(x: 1, y: 1))), at: .zero)
        #expect(!scene.isHelpOpen)
    }

    @Test func aProfileCanBeCreatedAndChosen() throws {
        let profiles = InMemoryProfileDirectory(["alex", "sam"])
        var scene = makeScene(profiles: profiles)
        _ = scene.handle(.key(.character("p")), at: .zero)
        #expect(scene.isProfilePickerOpen)
        #expect(frame(scene).contains { $0.contains("▸ alex") })
        for character in "Kim Lee" { _ = scene.handle(.key(.character(character)), at: .zero) }
        #expect(frame(scene).contains { $0.contains("Name: Kim Lee") })
        #expect(frame(scene).contains { $0.contains("▸ + New profile “Kim Lee”") })
        _ = scene.handle(.key(.enter), at: .zero)
        #expect(!scene.isProfilePickerOpen)
        #expect(scene.context.profile == "Kim Lee")
        #expect(try profiles.profileNames() == ["Kim Lee", "alex", "sam"])
        #expect(frame(scene).contains { $0.contains("Profile: Kim Lee") })
        #expect(frame(scene).contains { $0.contains("Now working out as Kim Lee") })
    }

    @Test func typingFindsAProfileInAnyCaseAndOffersNoCopyOfIt() {
        var scene = makeScene(profiles: InMemoryProfileDirectory(["alex", "sam", "Samira"]))
        _ = scene.handle(.key(.character("p")), at: .zero)
        for character in "SAM" { _ = scene.handle(.key(.character(character)), at: .zero) }
        let shown = frame(scene)
        #expect(shown.contains { $0.contains("▸ sam") })
        #expect(shown.contains { $0.contains("  Samira") })
        #expect(!shown.contains { $0.contains("alex") })
        #expect(!shown.contains { $0.contains("+ New profile") }, "sam is there already")
        _ = scene.handle(.key(.enter), at: .zero)
        #expect(scene.context.profile == "sam")
    }

    @Test func aBlankNameOffersNoNewProfileAndEscChangesNothing() {
        var scene = makeScene()
        _ = scene.handle(.key(.character("p")), at: .zero)
        _ = scene.handle(.key(.character(" ")), at: .zero)
        #expect(!frame(scene).contains { $0.contains("+ New profile") })
        _ = scene.handle(.key(.escape), at: .zero)
        #expect(!scene.isProfilePickerOpen)
        #expect(scene.context.profile == "alex")
    }

    /// The name field is a TextField: Tab completes it to the highlighted profile, selected, so
    /// the first character typed replaces it.
    @Test func theNameFieldFollowsTheSpreadsheetRule() {
        var scene = makeScene(profiles: InMemoryProfileDirectory(["alex", "sam"]))
        _ = scene.handle(.key(.character("p")), at: .zero)
        _ = scene.handle(.key(.character("s")), at: .zero)
        _ = scene.handle(.key(.tab), at: .zero)
        #expect(frame(scene).contains { $0.contains("Name: sam") })
        for character in "Jo" { _ = scene.handle(.key(.character(character)), at: .zero) }
        #expect(frame(scene).contains { $0.contains("Name: Jo ") || $0.hasSuffix("Name: Jo") })
        #expect(frame(scene).contains { $0.contains("+ New profile “Jo”") })
    }

    @Test func choosingAnotherProfileSwitches() {
        var scene = makeScene(profiles: InMemoryProfileDirectory(["alex", "sam"]))
        _ = scene.handle(.key(.character("p")), at: .zero)
        _ = scene.handle(.key(.down), at: .zero)
        _ = scene.handle(.key(.enter), at: .zero)
        #expect(scene.context.profile == "sam")
    }

    /// A click on a row uses the profile drawn there; a click outside closes the picker.
    @Test func clicksOnTheProfilePicker() throws {
        var scene = makeScene(profiles: InMemoryProfileDirectory(["alex", "sam"]))
        _ = scene.handle(.key(.character("p")), at: .zero)
        let rows = frame(scene)
        let y = try #require(rows.firstIndex { $0.contains("  sam") })
        let x = try #require(Array(rows[y]).firstIndex(of: "s"))
        _ = scene.handle(.mouse(MouseEvent(.release, at: Point(x: x, y: y))), at: .zero)
        #expect(scene.context.profile == "sam")
        #expect(!scene.isProfilePickerOpen)
        _ = scene.handle(.key(.character("p")), at: .zero)
        _ = scene.handle(.mouse(MouseEvent(.release, at: .zero)), at: .zero)
        #expect(!scene.isProfilePickerOpen)
        #expect(scene.context.profile == "sam")
    }

    /// F1 opens the picker's keys over it (? is a character a name may hold); Esc closes the keys,
    /// then the picker.
    @Test func f1ShowsThePickersKeysAndTheBarFollows() {
        var scene = makeScene()
        _ = scene.handle(.key(.character("p")), at: .zero)
        #expect(scene.currentHelpBar.hints.map(\.description) == ["Choose", "Use", "Cancel", "Complete"])
        _ = scene.handle(.key(.function(1)), at: .zero)
        #expect(frame(scene).contains { $0.contains("╭ Keys") })
        #expect(scene.currentHelpBar.hints.map(\.description) == ["Scroll", "Close"])
        _ = scene.handle(.key(.escape), at: .zero)
        #expect(scene.isProfilePickerOpen)
        #expect(!frame(scene).contains { $0.contains("╭ Keys") })
        _ = scene.handle(.key(.escape), at: .zero)
        #expect(!scene.isProfilePickerOpen)
    }

    @Test func goldenProfilePickerAt40x12And80x24() {
        for size in [Size(width: 40, height: 12), Size(width: 80, height: 24)] {
            var scene = makeScene(profiles: InMemoryProfileDirectory(["alex", "sam", "Kim Lee"]), size: size)
            _ = scene.handle(.key(.character("p")), at: .zero)
            _ = scene.handle(.key(.character("a")), at: .zero)
            var composition = Composition(size: size)
            scene.render(into: &composition, at: .zero)
            expectGolden(composition.flatten(), "profilePickerAt\(size.width)x\(size.height)")
        }
    }

    /// Without colour (`--no-color`) the home screen and the picker use no colour at all, and the
    /// selection still shows.
    @Test func colourFreeScreensCarryNoColour() {
        var scene = AppScene(
            context: AppContext(profile: "alex", usesColor: false), workouts: [echo],
            profiles: InMemoryProfileDirectory(["alex"]))
        _ = scene.handle(.resize(Size(width: 80, height: 24)), at: .zero)
        for step in 0..<2 {
            if step == 1 { _ = scene.handle(.key(.character("p")), at: .zero) }
            var composition = Composition(size: scene.size)
            scene.render(into: &composition, at: .zero)
            let canvas = composition.flatten()
            var reversed = 0
            for y in 0..<canvas.size.height {
                for x in 0..<canvas.size.width {
                    let style = canvas[x, y].style
                    #expect(style.foreground == .default && style.background == .default, "(\(x), \(y))")
                    if style.attributes.contains(.reverse) { reversed += 1 }
                }
            }
            #expect(reversed > 0, "the selection shows by reverse video")
        }
    }

    /// The notice at sizes just under the minimum and far under it: each sentence on lines of its
    /// own, no size cut in two, centred.
    @Test func theTooSmallNoticeIsLaidOutInWholeSentences() {
        #expect(
            frame(makeScene(size: Size(width: 39, height: 11))) == [
                "", "", "",
                "       The window is too small.",
                "         TermFit needs 40×12;",
                "          this one is 39×11.",
                "  Make it bigger, or press q to quit.",
                "", "", "", "",
            ])
        #expect(
            frame(makeScene(size: Size(width: 20, height: 6))) == [
                " The window is too",
                "       small.",
                "TermFit needs 40×12;",
                " this one is 20×6.",
                " Make it bigger, or",
                "  press q to quit.",
            ])
        #expect(frame(makeScene(size: Size(width: 2, height: 2))).count == 2, "a 2×2 window still draws")
    }

    @Test func tooSmallShowsTheSizesAndGoesAwayWhenTheWindowGrows() {
        var scene = makeScene(size: Size(width: 39, height: 12))
        #expect(
            frame(scene).joined(separator: " ").split(separator: " ").joined(separator: " ")
                == "The window is too small. TermFit needs 40×12; this one is 39×12. Make it bigger, or press q to quit."
        )
        #expect(scene.handle(.key(.character("j")), at: .zero).isEmpty)
        #expect(scene.selection == 0, "keys do nothing while the screen cannot be seen")
        _ = scene.handle(.resize(Size(width: 40, height: 12)), at: .zero)
        #expect(frame(scene).contains { $0.contains("Workouts") })
        #expect(!frame(scene).contains { $0.contains("too small") })
    }

    @Test(arguments: [Size(width: 1, height: 1), Size(width: 2, height: 40), Size(width: 300, height: 2), Size.zero])
    func tinyAndOddSizesDrawWithoutTrouble(size: Size) {
        var scene = makeScene(size: size)
        _ = scene.handle(.key(.character("?")), at: .zero)
        #expect(frame(scene).count == size.height)
    }

    @Test func aWorkoutOpensFromTheMenuGetsEventsAndItsQuitReturnsHome() {
        var scene = makeScene(workouts: [echo])
        #expect(frame(scene).contains { $0.contains("1  Echo") })
        _ = scene.handle(.key(.enter), at: .zero)
        #expect(scene.activeWorkout == "echo")
        #expect(frame(scene).first == "echo workout 1", "the workout learnt the screen size first")
        #expect(scene.nextDeadline(after: .zero) == .zero + .seconds(1), "the workout's deadline is the app's")
        #expect(scene.handle(.key(.character("b")), at: .zero) == [.bell])
        #expect(scene.handle(.key(.character("q")), at: .zero).isEmpty, "quit inside a workout goes home")
        #expect(scene.activeWorkout == nil)
        #expect(scene.nextDeadline(after: .zero) == nil, "the home screen never wakes up by itself")
    }

    @Test func aWorkoutOpenedDirectlyQuitsTheProgram() {
        var scene = makeScene(workouts: [echo], opening: "echo")
        #expect(scene.activeWorkout == "echo")
        #expect(scene.handle(.key(.character("q")), at: .zero) == [.quit])
    }

    @Test func clickingAMenuLineOpensIt() {
        var scene = makeScene(workouts: [echo])
        let second = HomeLayout(size: scene.size, itemCount: scene.menu.count).list.y + 1
        _ = scene.handle(.mouse(MouseEvent(.press, at: Point(x: 20, y: second))), at: .zero)
        #expect(scene.selection == 1)
        _ = scene.handle(.mouse(MouseEvent(.release, at: Point(x: 20, y: second))), at: .zero)
        #expect(scene.isProfilePickerOpen)
    }

    @Test func numberKeysOpenEntries() {
        var scene = makeScene(workouts: [echo])
        _ = scene.handle(.key(.character("1")), at: .zero)
        #expect(scene.activeWorkout == "echo")
    }

    @Test func terminateReachesTheWorkoutSoItCanSave() {
        var scene = makeScene(workouts: [echo], opening: "echo")
        _ = scene.handle(.terminate, at: .zero)
        var composition = Composition(size: scene.size)
        scene.render(into: &composition, at: .zero)
        #expect(composition.flatten().lines().first == "echo workout 2")
    }
}

/// `--kiosk`: the profile the operator set is the only one anybody at the screen can reach.
@Suite struct KioskModeTests {
    private func kioskScene(profiles: InMemoryProfileDirectory) -> AppScene {
        var scene = AppScene(
            context: AppContext(profile: "alex", locksProfile: true), workouts: [echo], profiles: profiles)
        _ = scene.handle(.resize(Size(width: 80, height: 24)), at: .zero)
        return scene
    }

    @Test func theMenuHasNoProfileEntryAndPDoesNothing() {
        let profiles = InMemoryProfileDirectory(["alex", "sam"])
        var scene = kioskScene(profiles: profiles)
        #expect(scene.menu == [.workout(0), .help, .quit])
        _ = scene.handle(.key(.character("p")), at: .zero)
        #expect(!scene.isProfilePickerOpen)
        let screen = frame(scene)
        #expect(!screen.joined().contains("sam"))
        #expect(!screen.joined().contains("Profile  "))
        #expect(screen.last?.contains("p Profile") == false)
        #expect(screen.contains { $0.contains("Profile: alex") })
        // The number keys reach only what is listed: 2 is Help here, not the profile picker.
        _ = scene.handle(.key(.character("2")), at: .zero)
        #expect(scene.isHelpOpen)
    }

    @Test func theHelpSheetOffersNeitherProfilesNorSuspend() {
        var scene = kioskScene(profiles: InMemoryProfileDirectory(["alex"]))
        _ = scene.handle(.key(.character("?")), at: .zero)
        let text = frame(scene).joined(separator: "\n")
        #expect(text.contains("this help"))
        #expect(!text.contains("switch or add a profile"))
        #expect(!text.contains("Ctrl-Z"))
    }

    @Test func withoutKioskModeTheProfileEntryIsThere() {
        let scene = makeScene(workouts: [echo])
        #expect(scene.menu == [.workout(0), .profiles, .help, .quit])
        #expect(frame(scene).last?.contains("p Profile") == true)
    }
}

/// Leaving a workout from the "terminal too small" notice goes through the workout: it asks when
/// work is in progress, the question shows on the notice, and y, n, Enter or Esc answer it.
@Suite struct TooSmallLeaveTests {
    private let log = InMemoryWorkoutLog()

    private func dumbbells(opening: String? = nil) -> AppScene {
        let log = self.log
        let entry = WorkoutEntry(identifier: "dumbbells", title: "Dumbbells", summary: "sets") { context in
            WorkoutHost<DumbbellsData>(context: context, log: log)
        }
        return makeScene(workouts: [entry], opening: opening)
    }

    private func startSet1(_ scene: inout AppScene) {
        for key in [Key.character("1"), .character("2"), .tab, .character("1"), .character("0"), .enter] {
            _ = scene.handle(.key(key), at: .zero)
        }
    }

    @Test func qAsksOnTheNoticeNStaysYGoesBackToTheMenu() {
        var scene = dumbbells()
        _ = scene.handle(.key(.character("1")), at: .zero)
        startSet1(&scene)
        _ = scene.handle(.resize(Size(width: 39, height: 12)), at: .zero)
        #expect(scene.handle(.key(.character("q")), at: .zero).isEmpty, "q no longer ends the program")
        #expect(scene.activeWorkout == "dumbbells")
        #expect(scene.pendingQuestion == "Leave? Set 1 in progress is not saved.")
        let text = frame(scene).joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(
            text
                == "Leave? Set 1 in progress is not saved. y Leave · n Stay The window is too small. TermFit needs 40×12;"
                + " this one is 39×12. Make it bigger, or press q to leave."
        )
        #expect(scene.handle(.key(.character("x")), at: .zero).isEmpty)
        #expect(scene.pendingQuestion != nil, "other keys still do nothing")
        _ = scene.handle(.key(.character("n")), at: .zero)
        #expect(scene.pendingQuestion == nil)
        #expect(scene.activeWorkout == "dumbbells")
        #expect(!frame(scene).joined().contains("Leave?"))
        _ = scene.handle(.key(.character("q")), at: .zero)
        _ = scene.handle(.key(.escape), at: .zero)
        #expect(scene.pendingQuestion == nil, "Esc answers Stay")
        _ = scene.handle(.key(.character("q")), at: .zero)
        #expect(scene.handle(.key(.character("y")), at: .zero).isEmpty, "back to the menu, not out of TermFit")
        #expect(scene.activeWorkout == nil)
        _ = scene.handle(.resize(Size(width: 80, height: 24)), at: .zero)
        #expect(frame(scene).contains { $0.contains("1  Dumbbells") })
    }

    @Test func withNothingInProgressQLeavesAtOnceToTheMenuOrOutOfADirectOpen() {
        var fromMenu = dumbbells()
        _ = fromMenu.handle(.key(.character("1")), at: .zero)
        _ = fromMenu.handle(.resize(Size(width: 30, height: 8)), at: .zero)
        #expect(fromMenu.handle(.key(.character("q")), at: .zero).isEmpty)
        #expect(fromMenu.activeWorkout == nil)
        #expect(fromMenu.handle(.key(.character("q")), at: .zero) == [.quit], "on the menu q quits, as before")

        var direct = dumbbells(opening: "dumbbells")
        _ = direct.handle(.resize(Size(width: 30, height: 8)), at: .zero)
        #expect(direct.handle(.key(.escape), at: .zero).isEmpty, "Esc without a question does nothing here")
        #expect(direct.handle(.key(.character("q")), at: .zero) == [.quit])
    }

    @Test func enterLeavesADirectOpenAndTheAbandonedWorkoutIsSaved() throws {
        var scene = dumbbells(opening: "dumbbells")
        startSet1(&scene)
        _ = scene.handle(.key(.enter), at: .zero + .seconds(30))  // Finish set 1: saved
        _ = scene.handle(.key(.escape), at: .zero + .seconds(31))  // no rest
        _ = scene.handle(.resize(Size(width: 39, height: 12)), at: .zero + .seconds(32))
        _ = scene.handle(.key(.character("q")), at: .zero + .seconds(33))
        #expect(scene.pendingQuestion == "Leave? The workout is saved as abandoned (1 of 3 sets done).")
        #expect(scene.handle(.key(.enter), at: .zero + .seconds(34)) == [.quit])
        let saved = try #require(try log.lastWorkout(exercise: "Bicep curl", before: .distantFuture))
        #expect(saved.status == .abandoned)
        #expect(saved.sets.count == 1)
    }

    @Test func terminateUnderTheQuestionReachesTheWorkoutWithoutAsking() {
        var scene = dumbbells(opening: "dumbbells")
        startSet1(&scene)
        _ = scene.handle(.key(.character("q")), at: .zero)
        #expect(scene.pendingQuestion != nil)
        #expect(scene.handle(.terminate, at: .zero).isEmpty, "no question, nothing left to save")
    }
}

/// The home screen, its help and its profile picker at every size from 40×12 to 250×70: boxes
/// whole, the key bar on the last row and never drawn over, the selected entry in view.
@Suite struct HomeSizeGridTests {
    private func bar(_ scene: AppScene) -> String {
        var canvas = Canvas(size: Size(width: scene.size.width, height: 1))
        scene.currentHelpBar.render(into: &canvas, in: canvas.bounds)
        return canvas.lines()[0]
    }

    @Test(arguments: ScreenInvariants.sizes)
    func everyHomeScreenFits(size: Size) {
        let workouts = [echo, echo, echo, echo].enumerated().map { index, entry in
            WorkoutEntry(
                identifier: "w\(index)", title: "Workout \(index + 1)", summary: entry.summary,
                makeScene: entry.makeScene)
        }
        for overlay in ["none", "help", "profiles"] {
            for last in [false, true] {
                var scene = makeScene(workouts: workouts, size: size)
                if last { _ = scene.handle(.key(.end), at: .zero) }
                if overlay == "help" { _ = scene.handle(.key(.character("?")), at: .zero) }
                if overlay == "profiles" { _ = scene.handle(.key(.character("p")), at: .zero) }
                var composition = Composition(size: size)
                scene.render(into: &composition, at: .zero)
                let problems = ScreenInvariants.problems(in: composition, helpBar: bar(scene))
                #expect(
                    problems.isEmpty,
                    "\(size) \(overlay): \(problems)\n\(composition.flatten().lines().joined(separator: "\n"))")
                if overlay == "none" {
                    let number = scene.selection + 1
                    #expect(
                        composition.flatten().lines().contains { $0.contains("▸ \(number)") },
                        "\(size): the selection is in view")
                }
            }
        }
    }
}
