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
        /// Every key of the workout.
        case keys
        /// Leaving would lose a countdown in progress: Leave or Stay.
        case leave(ConfirmSheet)
        /// The circuits: choose the one `c` runs, make, edit, rename and delete the member's own.
        case circuits
    }

    /// What the workout asks its host to do.
    public enum Output: Equatable, Sendable {
        /// An effect for the run loop (`.bell`, `.quit`, …). `.quit` means "leave the workout".
        case effect(Effect)
        /// Save this exercise (new, or with a new rating) through the HIIT log.
        case save(HIITSession)
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
    public private(set) var size = Size.zero
    /// The page on screen.
    public private(set) var page = Page.welcome
    /// The sheets over the page, the newest on top (it gets the keys; Esc closes it).
    public private(set) var sheets = SheetStack<Sheet>()
    /// The sheet on top, if any.
    public var sheet: Sheet? { sheets.top }
    /// The countdown of the exercise on screen, once started (`nil` before Start).
    public private(set) var countdown: Countdown?
    /// The exercises on record and those done since, newest first.
    public internal(set) var history: [HIITSession]
    /// Why the history could not be read, when it could not.
    public let historyProblem: String?
    /// The rating of each exercise by name: the last one given, shown until changed.
    public internal(set) var ratings: [String: Int]
    /// The intervals of each exercise, as set for this workout (`t`, `+`, `-`).
    public private(set) var intervals: [Intervals]
    /// The exercises done today (by name), marked in the page bar.
    public private(set) var doneToday: Set<String> = []
    /// What the High Five sums up, while it shows.
    public private(set) var highFiveSummary: HighFiveSummary?
    /// The circuit `c` runs: the chosen one.
    public private(set) var circuit: Circuit
    /// The circuits sheet's state (the member's circuits, the selection, a field being edited).
    public private(set) var circuitsEditor: CircuitsEditor
    /// The circuit running hands-free (`c`), while it runs.
    public private(set) var run: CircuitRun?
    /// The work intervals of the hands-free circuit saved so far.
    public private(set) var runSessions: [HIITSession] = []

    /// When Start was pressed, on the wall clock.
    private var startedAt: Date?
    /// Whether the countdown on screen reached zero and was saved (it is saved at once).
    private var countdownSaved = false
    /// The session recorded for each exercise since the workout opened, by exercise name: a new
    /// rating updates it.
    private var recorded: [String: UUID] = [:]
    /// When the demonstration started playing (`nil` while it stands still).
    private var demonstrationStart: Instant?
    /// The pose shown while standing still (stepped with `p` when motion is reduced).
    private var stillPose = 0
    /// "Today" for the history sheet: read from the wall clock when the sheet opens.
    private var historyToday = Date(timeIntervalSince1970: 0)
    /// How far the history sheet's list of days is scrolled.
    private var historyScroll = ScrollState(selection: nil)
    /// How far the keys sheet is scrolled.
    private var keysScroll = ScrollState(selection: nil)

    private let wallClock: @Sendable () -> Date
    /// The calendar chosen at start, or `nil` for the user's own, looked up only when the history
    /// is first shown (finding it loads time-zone and locale data a workout does not need).
    private let calendar: Calendar?
    private let makeIdentifier: @Sendable () -> UUID

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
        case .key(let key):
            handle(key, at: now, into: &outputs)
        case .mouse(let mouse):
            handle(mouse, at: now, into: &outputs)
        case .tick, .paste, .focusIn, .focusOut, .message:
            break
        }
        // A stretch may end right now after a change (a resume).
        advanceCountdown(to: now, into: &outputs)
        advanceRun(to: now, into: &outputs)
        return outputs
    }

    /// Moves the hands-free circuit on to `now`: each work interval is saved as it ends, and
    /// the High Five sums the circuit up once the cool-down ends.
    private mutating func advanceRun(to now: Instant, into outputs: inout [Output]) {
        guard var run else { return }
        if run.advance(to: now) { ring(into: &outputs) }
        let today = wallClock()
        for (exercise, end) in run.takeFinishedWork() {
            let name = run.circuit.exercises[exercise].name
            let work = run.circuit.exercises[exercise].work
            let endedAgo = Double((now - end).totalNanoseconds / 1_000_000) / 1000
            let session = HIITSession(
                id: makeIdentifier(), exercise: name,
                startedAt: today.addingTimeInterval(-endedAgo - Double(work)), duration: Double(work),
                completed: true, rating: ratings[name])
            let position = history.firstIndex { $0.startedAt <= session.startedAt } ?? history.count
            history.insert(session, at: position)
            runSessions.append(session)
            doneToday.insert(name)
            outputs.append(.save(session))
        }
        self.run = run
        if run.isFinished {
            self.run = nil
            highFiveSummary = HighFiveSummary(
                exercises: runSessions, history: history, today: today, calendar: historyCalendar)
            sheets.removeAll()
            sheets.push(.highFive)
        }
    }

    /// Starts the circuit hands-free (`c`), from a page with no countdown under way.
    private mutating func startRun(at now: Instant) {
        guard run == nil, phase == .welcome || phase == .ready else { return }
        countdown = nil
        countdownSaved = false
        runSessions = []
        run = CircuitRun(circuit: circuit, at: now)
    }

    /// Moves the countdown on to `now`, ringing as it says; a countdown that reaches zero is
    /// saved there and then, before any key can take the member elsewhere.
    private mutating func advanceCountdown(to now: Instant, into outputs: inout [Output]) {
        guard var countdown else { return }
        if countdown.advance(to: now) { ring(into: &outputs) }
        self.countdown = countdown
        if countdown.isFinished && !countdownSaved { recordFinishedExercise(into: &outputs) }
    }

    private func ring(into outputs: inout [Output]) {
        if configuration.ringsBell && !outputs.contains(.effect(.bell)) { outputs.append(.effect(.bell)) }
    }

    private mutating func handle(_ key: Key, at now: Instant, into outputs: inout [Output]) {
        guard let action = bindings.action(for: key) else { return }
        perform(action, at: now, into: &outputs)
    }

    private mutating func handle(_ mouse: MouseEvent, at now: Instant, into outputs: inout [Output]) {
        let helpBar = Rect(size: size).row(size.height - 1)
        if mouse.kind == .release, let action = bindings.barAction(at: mouse.position, in: helpBar) {
            return perform(action, at: now, into: &outputs)
        }
        switch mouse.kind {
        case .scrollUp where sheet != nil: return perform(.scroll(-1), at: now, into: &outputs)
        case .scrollDown where sheet != nil: return perform(.scroll(1), at: now, into: &outputs)
        case .release: break
        default: return
        }
        let point = mouse.position
        switch sheet {
        case .keys:
            if !KeysSheet(screenBindings).frame(on: size).contains(point) { perform(.close, at: now, into: &outputs) }
            return
        case .highFive:
            if HighFiveLayout(screen: size).continueButton.contains(point) { perform(.close, at: now, into: &outputs) }
            return
        case .circuits:
            if !CircuitsSheetLayout(screen: size).frame.contains(point) { perform(.close, at: now, into: &outputs) }
            return
        case .leave(let question):
            switch question.handle(mouse, screen: size) {
            case .leave: perform(.confirmLeave, at: now, into: &outputs)
            case .stay: perform(.close, at: now, into: &outputs)
            case .none: break
            }
            return
        case .history:
            let layout = HistorySheetLayout(screen: size, workout: self)
            if layout.closeButton.contains(point) || !layout.frame.contains(point) {
                perform(.close, at: now, into: &outputs)
            }
            return
        case nil:
            break
        }
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
    private mutating func perform(_ action: HIITAction, at now: Instant, into outputs: inout [Output]) {
        switch action {
        case .show(let page): show(page)
        case .previousPage:
            switch page {
            case .welcome: break
            case .exercise(0): show(.welcome)
            case .exercise(let index): show(.exercise(index - 1))
            }
        case .nextPage:
            switch page {
            case .welcome: show(.exercise(0))
            case .exercise(let index) where index + 1 < exercises.count: show(.exercise(index + 1))
            case .exercise: break
            }
        case .primary: pressPrimaryButton(at: now, into: &outputs)
        case .circuit: startRun(at: now)
        case .circuits:
            circuitsEditor.selection =
                circuitsEditor.circuits(standard: configuration.circuit).firstIndex { $0 == circuit } ?? 0
            circuitsEditor.problem = nil
            sheets.push(.circuits)
        case .circuitsEdit(let edit): editCircuits(edit, into: &outputs)
        case .togglePause: togglePause(at: now)
        case .reset:
            if exerciseIndex != nil {
                countdown = nil
                countdownSaved = false
                startedAt = nil
            }
        case .demonstration: toggleDemonstration(at: now)
        case .adjust(let seconds): adjust(bySeconds: seconds, at: now, into: &outputs)
        case .rate(let step):
            guard let index = exerciseIndex else { return }
            let current = ratings[exercises[index].name]
            rate(step > 0 ? min(5, (current ?? 0) + 1) : max(1, (current ?? 1) - 1), into: &outputs)
        case .tabata: toggleTabata()
        case .history: openHistory()
        case .keys:
            keysScroll = ScrollState(selection: nil)
            sheets.push(.keys)
        case .leave:
            if let message = leaveQuestion {
                sheets.push(.leave(ConfirmSheet(message)))
            } else {
                leave(into: &outputs)
            }
        case .close: closeTopSheet()
        case .confirmLeave:
            sheets.pop()
            leave(into: &outputs)
        case .scroll(let rows): scrollTopSheet(by: rows)
        case .scrollPages(let pages):
            let height = sheet == .keys ? keysListHeight : HistorySheetLayout(screen: size, workout: self).listRows
            scrollTopSheet(by: pages * max(1, height - (sheet == .keys ? 1 : 0)))
        case .scrollToTop: scrollTopSheet(by: -(Int.max / 2))
        case .scrollToEnd: scrollTopSheet(by: Int.max / 2)
        }
    }

    /// Esc's one rule: the sheet on top closes. Closing the High Five continues to Welcome;
    /// closing the leave question stays, with the countdown as it was (it ran on under the
    /// question, as under every sheet).
    private mutating func closeTopSheet() {
        if sheets.pop() == .highFive {
            highFiveSummary = nil
            show(.welcome)
        }
    }

    private mutating func scrollTopSheet(by rows: Int) {
        switch sheet {
        case .keys:
            let count = KeysSheet(screenBindings).lines.count
            keysScroll.move(by: rows, count: count)
            _ = keysScroll.visibleRows(count: count, height: keysListHeight)
        case .history: scrollHistory(by: rows)
        default: break
        }
    }

    /// The rows of the keys sheet's list on this screen.
    private var keysListHeight: Int { KeysSheet(screenBindings).listHeight(on: size) }

    // MARK: Leaving

    /// What leaving now would lose, or `nil` when nothing is in progress: a countdown running or
    /// paused (the 3-2-1 and Tabata rounds too). One that reached zero was saved as it did.
    public var leaveQuestion: String? {
        if run != nil {
            let saved = runSessions.count
            let done = saved == 1 ? "1 work interval is saved" : "\(saved) work intervals are saved"
            return "The circuit is under way: \(done), the one running is not."
        }
        guard let index = exerciseIndex, let countdown, !countdown.isFinished else { return nil }
        let name = exercises[index].name
        let rounds = countdown.intervals.rounds
        if rounds > 1, countdown.round > 0 {
            return "\(name), round \(countdown.round) of \(rounds), is not saved."
        }
        return "\(name) in progress is not saved."
    }

    /// The leave question on screen, if it is.
    public var pendingQuestion: String? {
        if case .leave(let question) = sheet { return question.question }
        return nil
    }

    /// Leaves the workout (an exercise whose countdown reached zero is already saved).
    private mutating func leave(into outputs: inout [Output]) {
        outputs.append(.keepPage(pageNumber))
        outputs.append(.effect(.quit))
    }

    // MARK: Actions

    private mutating func show(_ newPage: Page) {
        guard newPage != page else { return }
        // Leaving a page drops a countdown still running, as the original does; one that
        // reached zero was saved as it did.
        page = newPage
        countdown = nil
        countdownSaved = false
        startedAt = nil
        demonstrationStart = nil
        stillPose = 0
    }

    /// Get Started, Start or Done, whichever the page shows; Done only once the countdown is over.
    private mutating func pressPrimaryButton(at now: Instant, into outputs: inout [Output]) {
        guard let index = exerciseIndex else {
            show(.exercise(0))
            return
        }
        guard let countdown else {
            self.countdown = Countdown(intervals: intervals[index], getReady: configuration.getReadySeconds, at: now)
            countdownSaved = false
            startedAt = wallClock()
            return
        }
        // Done only once the clock reached zero; the exercise was saved then.
        guard countdown.isFinished else { return }
        // The next exercise not done in this workout, after this one and round to the first;
        // the High Five once every exercise of the circuit is done.
        let order = Array(exercises.indices[(index + 1)...]) + Array(exercises.indices[...index])
        if let undone = order.first(where: { recorded[exercises[$0].name] == nil }) {
            show(.exercise(undone))
        } else {
            highFiveSummary = HighFiveSummary(
                exercises: exercises.compactMap { exercise in
                    recorded[exercise.name].flatMap { id in history.first { $0.id == id } }
                },
                history: history, today: wallClock(), calendar: historyCalendar)
            sheets.push(.highFive)
        }
    }

    /// Records the exercise on screen once its countdown reached zero (the moment it does).
    private mutating func recordFinishedExercise(into outputs: inout [Output]) {
        guard let index = exerciseIndex, let countdown, countdown.isFinished, !countdownSaved else { return }
        let name = exercises[index].name
        let nanoseconds = countdown.exerciseDuration.totalNanoseconds
        let session = HIITSession(
            id: makeIdentifier(), exercise: name, startedAt: startedAt ?? wallClock(),
            duration: Double(nanoseconds / 1_000_000) / 1000, completed: true, rating: ratings[name])
        let position = history.firstIndex { $0.startedAt <= session.startedAt } ?? history.count
        history.insert(session, at: position)
        recorded[name] = session.id
        doneToday.insert(name)
        countdownSaved = true
        outputs.append(.save(session))
    }

    private mutating func togglePause(at now: Instant) {
        if var run {
            if run.holds.contains(.paused) { run.release(.paused, at: now) } else { run.hold(.paused, at: now) }
            self.run = run
            return
        }
        guard var countdown else { return }
        if countdown.holds.contains(.paused) {
            countdown.release(.paused, at: now)
        } else {
            countdown.hold(.paused, at: now)
        }
        self.countdown = countdown
    }

    private mutating func adjust(bySeconds seconds: Int, at now: Instant, into outputs: inout [Output]) {
        guard let index = exerciseIndex else { return }
        guard var countdown else {
            intervals[index] = intervals[index].addingWork(seconds: seconds)
            return
        }
        countdown.adjust(bySeconds: seconds, at: now)
        self.countdown = countdown
        advanceCountdown(to: now, into: &outputs)
    }

    private mutating func toggleTabata() {
        guard let index = exerciseIndex, countdown == nil else { return }
        intervals[index] =
            intervals[index].hasRounds ? .single(seconds: configuration.exerciseLength) : configuration.tabata
    }

    private mutating func toggleDemonstration(at now: Instant) {
        guard let index = exerciseIndex else { return }
        if configuration.reducesMotion {
            stillPose = (stillPose + 1) % exercises[index].demonstration.poses.count
        } else if isDemonstrationPlaying(at: now) {
            demonstrationStart = nil
        } else {
            demonstrationStart = now
        }
    }

    /// Gives the exercise on screen `rating`, kept for the profile at once; an exercise already
    /// done in this workout has its record updated.
    private mutating func rate(_ rating: Int, into outputs: inout [Output]) {
        guard let index = exerciseIndex, HIITSession.ratingRange.contains(rating) else { return }
        let name = exercises[index].name
        guard ratings[name] != rating else { return }
        ratings[name] = rating
        outputs.append(.keepRatings(ratings))
        if let id = recorded[name], let position = history.firstIndex(where: { $0.id == id }) {
            history[position].rating = rating
            outputs.append(.save(history[position]))
            if let summary = highFiveSummary {
                highFiveSummary = HighFiveSummary(
                    exercises: summary.exercises.map { $0.id == id ? history[position] : $0 }, streak: summary.streak)
            }
        }
    }

    private mutating func openHistory() {
        historyToday = wallClock()
        historyScroll = ScrollState(selection: nil)
        sheets.push(.history)
    }

    private mutating func scrollHistory(by rows: Int) {
        let layout = HistorySheetLayout(screen: size, workout: self)
        let days = HistorySummary.days(of: history, calendar: historyCalendar).count
        historyScroll.move(by: rows, count: days)
        _ = historyScroll.visibleRows(count: days, height: layout.listRows)
    }

    // MARK: Circuits

    private mutating func editCircuits(_ edit: CircuitEdit, into outputs: inout [Output]) {
        let all = circuitsEditor.circuits(standard: configuration.circuit)
        switch edit {
        case .move(let rows):
            circuitsEditor.selection = (circuitsEditor.selection + rows).clamped(to: 0...(all.count - 1))
        case .choose:
            circuit = all[circuitsEditor.selection]
            sheets.pop()
            outputs.append(.keepCircuits(circuitsEditor.presets, chosen: circuit.name))
        case .new:
            circuitsEditor.editing = .new
            circuitsEditor.field = TextField("My circuit: " + all[circuitsEditor.selection].spec, limit: 600)
        case .editSpec where circuitsEditor.selectsPreset:
            circuitsEditor.editing = .spec
            circuitsEditor.field = TextField(all[circuitsEditor.selection].spec, limit: 600)
        case .rename where circuitsEditor.selectsPreset:
            circuitsEditor.editing = .rename
            circuitsEditor.field = TextField(all[circuitsEditor.selection].name, limit: 40)
        case .delete where circuitsEditor.selectsPreset:
            let gone = circuitsEditor.presets.remove(at: circuitsEditor.selection - 2)
            circuitsEditor.selection -= 1
            if circuit == gone { circuit = configuration.circuit }
            outputs.append(.keepCircuits(circuitsEditor.presets, chosen: circuit.name))
        case .editSpec, .rename, .delete:
            // Standard and Tabata are fixed (the keys are declared disabled on them).
            break
        case .key(let key):
            guard var field = circuitsEditor.field else { return }
            switch field.handle(key) {
            case .submitted: submitCircuitField(field.text, into: &outputs)
            case .cancelled:
                circuitsEditor.field = nil
                circuitsEditor.editing = nil
                circuitsEditor.problem = nil
            case .edited, .ignored:
                circuitsEditor.field = field
            }
        }
    }

    /// Takes the text of the circuits sheet's field: a clear sentence, and the text kept in the
    /// field, when it cannot be read.
    private mutating func submitCircuitField(_ text: String, into outputs: inout [Output]) {
        let builtIn = [configuration.circuit.name, Circuit.tabata.name]
        let index = circuitsEditor.selection - 2
        var made: Circuit
        do throws(CircuitProblem) {
            switch circuitsEditor.editing {
            case .new:
                guard let colon = text.firstIndex(of: ":") else {
                    throw CircuitProblem("Write the name, a colon, then the exercises: Legs: Squat 30/10, Lunge 30/10")
                }
                made = try Circuit.parse(name: String(text[..<colon]), spec: String(text[text.index(after: colon)...]))
            case .spec:
                made = try Circuit.parse(name: circuitsEditor.presets[index].name, spec: text)
            case .rename:
                made = circuitsEditor.presets[index]
                made.name = try Circuit.parse(name: text, spec: made.spec).name
            case nil:
                return
            }
            let others = circuitsEditor.presets.enumerated().filter {
                $0.offset != index || circuitsEditor.editing == .new
            }
            if builtIn.contains(made.name) || others.contains(where: { $0.element.name == made.name }) {
                throw CircuitProblem("There is a circuit called \(made.name) already: choose another name.")
            }
            if circuitsEditor.editing == .new && circuitsEditor.presets.count >= 20 {
                throw CircuitProblem("You have 20 circuits: delete one first.")
            }
        } catch {
            circuitsEditor.problem = error.description
            return
        }
        if circuitsEditor.editing == .new {
            circuitsEditor.presets.append(made)
            circuitsEditor.selection = circuitsEditor.presets.count + 1
        } else {
            let old = circuitsEditor.presets[index]
            circuitsEditor.presets[index] = made
            if circuit == old { circuit = made }
        }
        circuitsEditor.field = nil
        circuitsEditor.editing = nil
        circuitsEditor.problem = nil
        outputs.append(.keepCircuits(circuitsEditor.presets, chosen: circuit.name))
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
    /// How far the keys sheet is scrolled.
    var keysSheetScroll: ScrollState { keysScroll }
    /// The calendar the history's days are counted in.
    var historyCalendar: Calendar { calendar ?? .current }
}
