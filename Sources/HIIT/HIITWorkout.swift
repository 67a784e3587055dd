import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The HIIT workout's view model: a Welcome page and one page per exercise, each with a
/// demonstration, a countdown in big digits, Start → Done and a 1–5 rating; a history sheet with
/// a week's bar chart; a High Five sheet after the last exercise.
///
/// A plain value and a state machine: `handle(_:at:)` takes one event at a monotonic instant and
/// returns what should happen outside (effects for the run loop, sessions to save). It never
/// reads a clock or touches a disk: monotonic time comes with every call, wall-clock dates from
/// the injected `wallClock`, the history from whoever made it. Every timer is a deadline, and
/// `nextDeadline(after:)` says exactly when the screen next changes.
public struct HIITWorkout: Workout, Sendable {
    /// A page of the workout.
    public enum Page: Hashable, Sendable {
        /// The Welcome page, with Get Started.
        case welcome
        /// The page of exercise `index` (from 0).
        case exercise(Int)
    }

    /// A sheet over the pages.
    public enum Sheet: Hashable, Sendable {
        /// The days with exercises done, and the last seven days as a bar chart.
        case history
        /// After Done on the last exercise: a High Five, then back to Welcome.
        case highFive
        /// Leaving would lose a countdown in progress: Leave or Stay. While the circuit runs
        /// hands-free the question is whether to stop it (back to the HIIT page).
        case leave(ConfirmSheet)
        /// A page change or Reset would drop the countdown running or paused: the question, and
        /// the action carried out when the member says yes.
        case discard(ConfirmSheet, then: HIITAction)
        /// The circuits: TermUI's list picker; choose the one `c` runs, make, edit, rename and
        /// delete the member's own.
        case circuits(ListPicker<String>)
        /// The field that makes, edits or renames a circuit, over the circuits: TermUI's text
        /// field sheet, ending with the text typed, and what the text is for.
        case circuitField(TextFieldSheet, CircuitsEditor.Editing)
        /// Whether to delete the member's circuit of this name.
        case deleteCircuit(ConfirmSheet, name: String)
    }

    /// What the workout asks its host to do.
    public enum Output: Equatable, Sendable {
        /// An effect for the run loop (`.bell`, `.quit`, …). `.quit` means "leave the workout".
        case effect(Effect)
        /// A change to the member's data, as the command the host queues and the store carries
        /// out: an exercise done (new, or with a new rating).
        case save(UnsavedStep)
        /// Keep the page on screen (0 Welcome, then 1… for the exercises) for the profile: the
        /// workout reopens there.
        case keepPage(Int)
        /// Keep the member's own circuits and the name of the one chosen for `c`.
        case keepCircuits([Circuit], chosen: String)
        /// Keep the rating of each exercise, by name, for the profile: given at once, before or
        /// after Done, so a rating is never lost with a countdown not finished.
        case keepRatings([String: Int])
    }

    /// Everything that stays the same while the workout runs.
    public let configuration: Configuration
    /// The size of the screen, from the last `.resize`.
    public internal(set) var size = Size.zero
    /// The page on screen.
    public internal(set) var page = Page.welcome
    /// The sheets over the page, the newest on top (it gets the keys; Esc closes it).
    public internal(set) var sheets = SheetStack<Sheet>()
    /// The sheet on top, if any.
    public var sheet: Sheet? { sheets.top }
    /// The countdown of the exercise on screen, once started (`nil` before Start).
    public internal(set) var countdown: Countdown?
    /// The exercises on record and those done since, newest first.
    public internal(set) var history: [HIITSession]
    /// Why the history could not be read, when it could not.
    public let historyProblem: String?
    /// The rating of each exercise by name: the last one given, shown until changed.
    public internal(set) var ratings: [String: Int]
    /// The intervals of each exercise, as set for this workout (`t`, `+`, `-`).
    public internal(set) var intervals: [Intervals]
    /// The exercises done today (by name), marked in the page bar.
    public internal(set) var doneToday: Set<String> = []
    /// What the High Five sums up, while it shows.
    public internal(set) var highFiveSummary: HighFiveSummary?
    /// The circuit `c` runs: the chosen one.
    public internal(set) var circuit: Circuit
    /// The circuits sheet's state (the member's circuits, the selection, a field being edited).
    public internal(set) var circuitsEditor: CircuitsEditor
    /// The circuit running hands-free (`c`), while it runs.
    public internal(set) var run: CircuitRun?
    /// The work intervals of the hands-free circuit saved so far.
    public internal(set) var runSessions: [HIITSession] = []

    /// When Start was pressed, on the wall clock.
    var startedAt: Date?
    /// Whether the countdown on screen reached zero and was saved (it is saved at once).
    var countdownSaved = false
    /// The session recorded for each exercise since the workout opened, by exercise name: a new
    /// rating updates it.
    var recorded: [String: UUID] = [:]
    /// When the demonstration started playing (`nil` while it stands still).
    var demonstrationStart: Instant?
    /// The pose shown while standing still (stepped with `p` when motion is reduced).
    var stillPose = 0
    /// "Today" for the history sheet: read from the wall clock when the sheet opens.
    var historyToday = Date(timeIntervalSince1970: 0)
    /// How far the history sheet's list of days is scrolled.
    var historyScroll = ScrollState(selection: nil)

    let wallClock: @Sendable () -> Date
    /// The calendar chosen at start, or `nil` for the user's own, looked up only when the history
    /// is first shown (finding it loads time-zone and locale data a workout does not need).
    let calendar: Calendar?
    let makeIdentifier: @Sendable () -> UUID

    /// A workout at its Welcome page.
    ///
    /// - Parameters:
    ///   - history: the exercises on record (any order), or why they could not be read; the
    ///     history sheet then says so instead of showing an empty week.
    ///   - wallClock: today's date and time, for when an exercise started and which day is today.
    ///   - calendar: the days of the history (its time zone decides where a day ends); the
    ///     user's own when `nil`.
    ///   - makeIdentifier: a new identifier for each exercise done.
    ///   - ratings: the ratings kept for the profile, by exercise (the newest given); an exercise
    ///     without one shows the rating of its last session.
    ///   - page: the page the member was on last time (0 Welcome, 1… the exercises): the workout
    ///     opens there when the circuit still has it.
    public init(
        configuration: Configuration = Configuration(), history: Result<[HIITSession], any Error>,
        ratings stored: [String: Int] = [:], page resumed: Int? = nil, circuits presets: [Circuit] = [],
        chosenCircuit: String? = nil,
        wallClock: @escaping @Sendable () -> Date, calendar: Calendar? = nil,
        makeIdentifier: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.configuration = configuration
        self.wallClock = wallClock
        self.calendar = calendar
        self.makeIdentifier = makeIdentifier
        switch history {
        case .success(let sessions):
            self.history = sessions.sorted { ($0.startedAt, $0.id.uuidString) > ($1.startedAt, $1.id.uuidString) }
            historyProblem = nil
        case .failure(let error):
            self.history = []
            historyProblem = "Could not read your HIIT history: \(error)"
        }
        var ratings: [String: Int] = [:]
        for exercise in configuration.exercises {
            let kept = stored[exercise.name].flatMap { HIITSession.ratingRange.contains($0) ? $0 : nil }
            ratings[exercise.name] = kept ?? HistorySummary.latestRating(of: exercise.name, in: self.history)
        }
        self.ratings = ratings
        intervals = configuration.exercises.indices.map(configuration.intervals(forExercise:))
        circuitsEditor = CircuitsEditor(presets: presets)
        circuit =
            circuitsEditor.circuits(standard: configuration.circuit).first { $0.name == chosenCircuit }
            ?? configuration.circuit
        if let resumed, (1...configuration.exercises.count).contains(resumed) { page = .exercise(resumed - 1) }
        if !self.history.isEmpty {
            // The calendar is looked up only when there is a history to sort into days.
            let calendar = historyCalendar
            let today = calendar.startOfDay(for: wallClock())
            doneToday = Set(
                self.history.filter { $0.completed && calendar.startOfDay(for: $0.startedAt) == today }.map(\.exercise))
        }
    }

    /// The page as a number: 0 for Welcome, 1… for the exercises.
    public var pageNumber: Int { exerciseIndex.map { $0 + 1 } ?? 0 }

    /// The exercises, one page each.
    public var exercises: [Exercise] { configuration.exercises }

    /// The exercise on screen, if an exercise page is.
    public var exerciseIndex: Int? {
        if case .exercise(let index) = page { return index }
        return nil
    }

    /// Whether the demonstration is playing at `now`.
    public func isDemonstrationPlaying(at now: Instant) -> Bool {
        guard let demonstrationStart, let index = exerciseIndex else { return false }
        return now < demonstrationStart + exercises[index].demonstration.playingTime
    }

    /// The pose of the demonstration on screen at `now`.
    public func demonstrationPose(at now: Instant) -> Int {
        guard let index = exerciseIndex else { return 0 }
        if let demonstrationStart, isDemonstrationPlaying(at: now) {
            return exercises[index].demonstration.pose(after: now - demonstrationStart)
        }
        return stillPose
    }

    /// The time left in the countdown's current stretch at `now` (the whole exercise before
    /// Start, zero once it has ended), or `nil` on the Welcome page.
    public func timeLeft(at now: Instant) -> Duration? {
        guard let index = exerciseIndex else { return nil }
        guard let countdown else { return .seconds(intervals[index].work) }
        return countdown.timeLeft(at: now)
    }

    /// Whether Done can be pressed: the countdown has reached zero.
    public var canFinish: Bool { countdown?.isFinished == true }

    // MARK: Events

    /// Reacts to `event` at `now` and returns what the host should do.
    public mutating func handle(_ event: Event, at now: Instant) -> [Output] {
        var outputs: [Output] = []
        advanceCountdown(to: now, into: &outputs)
        advanceRun(to: now, into: &outputs)
        if demonstrationStart != nil && !isDemonstrationPlaying(at: now) { demonstrationStart = nil }
        switch event {
        case .resize(let newSize):
            size = newSize
        case .suspend:
            countdown?.hold(.suspended, at: now)
            run?.hold(.suspended, at: now)
        case .resume:
            countdown?.release(.suspended, at: now)
            run?.release(.suspended, at: now)
        case .terminate:
            // A countdown that reached zero was saved as it did (above); the page is kept.
            outputs.append(.keepPage(pageNumber))
        case .key, .mouse, .paste:
            route(event, at: now, into: &outputs)
        case .tick, .focusIn, .focusOut, .message:
            break
        }
        // A stretch may end right now after a change (a resume).
        advanceCountdown(to: now, into: &outputs)
        advanceRun(to: now, into: &outputs)
        // An open keys sheet lists the keys as they are now (Done once the countdown ends).
        if sheets.isShowingKeys { sheets.refreshKeys(KeysSheet(screenBindings)) }
        return outputs
    }

    /// saved there and then, before any key can take the member elsewhere.
    mutating func advanceCountdown(to now: Instant, into outputs: inout [Output]) {
        guard var countdown else { return }
        if countdown.advance(to: now) { ring(into: &outputs) }
        self.countdown = countdown
        if countdown.isFinished && !countdownSaved { recordFinishedExercise(into: &outputs) }
    }

    func ring(into outputs: inout [Output]) {
        if configuration.ringsBell && !outputs.contains(.effect(.bell)) { outputs.append(.effect(.bell)) }
    }

    /// Keys, clicks and pastes go through the sheet stack's one rule (SheetStack+Actions.swift):
    /// the sheet on top gets them, a question is answered by `ConfirmSheet` alone, a click outside
    /// a sheet closes it; with no sheet open they are the page's.
    mutating func route(_ event: Event, at now: Instant, into outputs: inout [Output]) {
        sheets.route(event, in: componentContext, target: target).carryOut(
            event, screenBindings: bindings, perform: { perform($0, at: now, into: &outputs) },
            // A paste means nothing to a page.
            onScreen: { if case .mouse(let mouse) = $0 { handle(mouse, at: now, into: &outputs) } },
            onSheet: { takeOnSheet($0, at: now, into: &outputs) },
            answered: { answered($0, at: now, into: &outputs) })
    }

    /// What the stack needs to know of a sheet: its keys, where it lies, the question it asks.
    func target(_ sheet: Sheet) -> SheetTarget<HIITAction> {
        switch sheet {
        case .history: SheetTarget(Self.historyBindings, frame: HistorySheetLayout(screen: size, workout: self).frame)
        // Only Continue closes the High Five (a stray click leaves it up); the list picker places
        // its own clicks.
        case .highFive: SheetTarget(Self.highFiveBindings)
        case .circuits(let picker): SheetTarget(Self.circuitsBindings(picker, own: highlightedPreset != nil))
        case .circuitField(_, let editing):
            SheetTarget(circuitFieldBindings, frame: CircuitFieldLayout(screen: size, editing: editing).frame)
        case .leave(let question), .discard(let question, _), .deleteCircuit(let question, _): .question(question)
        }
    }

    /// Yes to the question `question` (already closed).
    mutating func answered(_ question: Sheet, at now: Instant, into outputs: inout [Output]) {
        switch question {
        case .leave:
            if run != nil {
                // Stopping the hands-free circuit goes back to the HIIT page; the work intervals
                // that ended are saved already, and the stop is saved as left early.
                recordCircuitLeftEarly(at: now, into: &outputs)
                run = nil
            } else {
                leave(into: &outputs)
            }
        case .discard(_, let pending):
            discard(for: pending)
        case .deleteCircuit(_, let name):
            deleteCircuit(named: name, into: &outputs)
        default:
            break
        }
    }

    /// An event the sheet on top places itself: letters and pastes of the circuits' list and
    /// field, the wheel, clicks on its buttons.
    mutating func takeOnSheet(_ event: Event, at now: Instant, into outputs: inout [Output]) {
        switch (sheet, event) {
        // A letter beyond ASCII (é, ß, 中) is typed like the declared ones.
        case (.circuits, .key(.character(let letter))):
            perform(.circuitsEdit(.picker(.character(letter))), at: now, into: &outputs)
        case (.circuitField, .key(.character(let letter))):
            perform(.circuitsEdit(.key(.character(letter))), at: now, into: &outputs)
        case (_, .paste(let text)): perform(.circuitsEdit(.paste(text)), at: now, into: &outputs)
        case (.circuits, .mouse(let mouse)): perform(.circuitsEdit(.pickerMouse(mouse)), at: now, into: &outputs)
        case (_, .mouse(let mouse)) where mouse.kind == .scrollUp: perform(.scroll(-1), at: now, into: &outputs)
        case (_, .mouse(let mouse)) where mouse.kind == .scrollDown: perform(.scroll(1), at: now, into: &outputs)
        case (.highFive, .mouse(let mouse)) where mouse.kind == .release:
            if HighFiveLayout(screen: size).continueButton.contains(mouse.position) {
                perform(.close, at: now, into: &outputs)
            }
        case (.history, .mouse(let mouse)) where mouse.kind == .release:
            if HistorySheetLayout(screen: size, workout: self).closeButton.contains(mouse.position) {
                perform(.close, at: now, into: &outputs)
            }
        default:
            break
        }
    }

    /// A mouse event on a page, no sheet open: its hint in the help bar, a page number, the
    /// buttons, a rating mark, the figure.
    mutating func handle(_ mouse: MouseEvent, at now: Instant, into outputs: inout [Output]) {
        let helpBar = Rect(size: size).row(size.height - 1)
        guard mouse.kind == .release else { return }
        if let action = bindings.barAction(at: mouse.position, in: helpBar) {
            return perform(action, at: now, into: &outputs)
        }
        let point = mouse.position
        guard run == nil else { return }
        let layout = PageLayout(size: size, workout: self)
        if let mark = layout.pageMarks.firstIndex(where: { $0.contains(point) }) {
            perform(.show(mark == 0 ? .welcome : .exercise(mark - 1)), at: now, into: &outputs)
        } else if layout.primaryButton.contains(point) {
            perform(.primary, at: now, into: &outputs)
        } else if layout.historyButton.contains(point) {
            perform(.history, at: now, into: &outputs)
        } else if let mark = layout.ratingMarks.firstIndex(where: { $0.contains(point) }) {
            rate(mark + 1, into: &outputs)
        } else if layout.figure.contains(point) && exerciseIndex != nil {
            perform(.demonstration, at: now, into: &outputs)
        }
    }

    /// Does what a key (or a click on its hint, a button or a page number) stands for.
    mutating func perform(_ action: HIITAction, at now: Instant, into outputs: inout [Output]) {
        switch action {
        case .show, .previousPage, .nextPage:
            guard let target = destination(of: action), target != page else { return }
            if let loss = countdownLoss {
                sheets.push(.discard(ConfirmSheet(loss, title: "Leave this page?"), then: action))
            } else {
                show(target)
            }
        case .primary: pressPrimaryButton(at: now, into: &outputs)
        case .circuit: startRun(at: now)
        case .circuits: openCircuits()
        case .circuitsEdit(let edit): editCircuits(edit, into: &outputs)
        case .togglePause: togglePause(at: now)
        case .skipStretch: skipStretch(at: now, into: &outputs)
        case .roundDone: markRoundDone()
        case .reset:
            guard exerciseIndex != nil, countdown != nil else { return }
            if let loss = countdownLoss {
                let question = ConfirmSheet(loss, title: "Reset the countdown?", confirm: "Reset", cancel: "Keep")
                sheets.push(.discard(question, then: action))
            } else {
                resetCountdown()
            }
        case .demonstration: toggleDemonstration(at: now)
        case .adjust(let seconds) where run != nil: adjustRun(bySeconds: seconds, at: now, into: &outputs)
        case .adjust(let seconds): adjust(bySeconds: seconds, at: now, into: &outputs)
        case .rate(let step):
            guard let index = exerciseIndex else { return }
            let current = ratings[exercises[index].name]
            rate(step > 0 ? min(5, (current ?? 0) + 1) : max(1, (current ?? 1) - 1), into: &outputs)
        case .tabata: toggleTabata()
        case .history: openHistory()
        case .keys: sheets.showKeys(KeysSheet(screenBindings))
        case .keysSheet:
            // The sheet stack scrolls and closes the keys sheet itself.
            break
        case .leave:
            if let message = leaveQuestion {
                let question =
                    run != nil
                    ? ConfirmSheet(message, title: "Stop the circuit?", confirm: "Stop", cancel: "Go on")
                    : ConfirmSheet(message)
                sheets.push(.leave(question))
            } else {
                leave(into: &outputs)
            }
        case .close: closeTopSheet()
        case .confirmLeave, .confirmDiscard:
            // Questions are answered by `ConfirmSheet` alone (see `route`).
            break
        case .scroll(let rows): scrollTopSheet(by: rows)
        case .scrollPages(let pages):
            scrollTopSheet(by: pages * max(1, HistorySheetLayout(screen: size, workout: self).listRows))
        case .scrollToTop: scrollTopSheet(by: -(Int.max / 2))
        case .scrollToEnd: scrollTopSheet(by: Int.max / 2)
        }
    }

    /// Esc's one rule: the sheet on top closes. Closing the High Five continues to Welcome;
    /// closing the leave question stays, with the countdown as it was (it ran on under the
    /// question, as under every sheet).
    mutating func closeTopSheet() {
        if sheets.pop() == .highFive {
            highFiveSummary = nil
            show(.welcome)
        }
    }

    mutating func scrollTopSheet(by rows: Int) {
        if sheet == .history { scrollHistory(by: rows) }
    }

    // MARK: Time

    /// The next moment the screen changes by itself: the countdown's next whole second, the
    /// demonstration's next pose, or `nil` when nothing moves.
    public func nextDeadline(after now: Instant) -> Instant? {
        var deadline: Instant?
        if let countdown, page != .welcome { deadline = countdown.nextChange(after: now) }
        if let run { return run.nextChange(after: now) }
        if let demonstrationStart, let index = exerciseIndex,
            let next = exercises[index].demonstration.nextChange(startedAt: demonstrationStart, after: now)
        {
            deadline = min(deadline ?? next, next)
        }
        return deadline
    }

    // MARK: Values the renderer reads

    /// The wall-clock "today" of the open history sheet.
    var historyDay: Date { historyToday }
    /// How far the history sheet's list of days is scrolled.
    var historySheetScroll: ScrollState { historyScroll }
    /// The calendar the history's days are counted in.
    var historyCalendar: Calendar { calendar ?? .current }
}
