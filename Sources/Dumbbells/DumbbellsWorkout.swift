import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The dumbbell workout's view model: a table of sets (weight × reps), the morphing pill at the
/// bottom (Start, the set's timer with Finish, the number pad, the rest picker, the rest
/// countdown), a summary sheet, the last workout's numbers beside each set, and personal bests.
///
/// A plain value and a state machine: `handle(_:at:)` takes one event at a monotonic instant and
/// returns what should happen outside (effects for the run loop, records to save, history to
/// load). It never reads a clock or touches a disk. Every timer is a deadline: the set's elapsed
/// time and the whole workout's time count from the instants they started, the rest from the
/// instant it ends, and `nextDeadline(after:)` is the next moment the screen changes.
///
/// Wall-clock dates for the records come from the injected `wallClock`, read once when a
/// workout starts and once when each set starts; the end of a set is its start plus the
/// monotonic time it took, so a clock that jumps (NTP, a time-zone change) never makes a set
/// negative.
public struct DumbbellsWorkout: Workout {
    /// What the workout asks its host to do.
    public enum Output: Equatable, Sendable {
        /// An effect for the run loop (`.bell`, `.quit`). `.quit` means "leave the workout".
        case effect(Effect)
        /// Save a new workout (before its first set).
        case startWorkout(DumbbellWorkout)
        /// Save a finished set of the workout with this identifier (a set of the same number
        /// is replaced: a correction, or a set renumbered after a deletion).
        case saveSet(DumbbellSet, workoutID: UUID)
        /// Delete the set of this number (the highest saved) from the workout.
        case deleteSet(number: Int, workoutID: UUID)
        /// Mark the workout finished (the summary showed) or abandoned (left before).
        case finishWorkout(UUID, status: SessionStatus, at: Date)
        /// Look up the history of this exercise and hand it back with `receive(_:for:)`.
        case loadHistory(exercise: String)
        /// Keep these settings for the profile.
        case saveSettings(DumbbellsSettings)
    }

    /// A sheet over the table.
    public enum Sheet: Hashable, Sendable {
        /// Every key.
        case keys
        /// Choosing the exercise.
        case exercise(ExercisePicker)
        /// The workout is over: its sets, totals and Restart.
        case summary(WorkoutSummary)
        /// Leaving would lose work in progress: Leave or Stay.
        case leave(ConfirmSheet)
        /// The exercise's progress: a chart per workout and the records.
        case progress(ProgressSheet)
        /// The saved routines: start one, save this workout as one, delete one.
        case routines(RoutinesSheet)
        /// Delete the routine at this index? Delete or Keep.
        case deleteRoutine(ConfirmSheet, index: Int)
        /// The exercise's past workouts: their sets corrected and deleted.
        case pastWorkouts(PastWorkoutsSheet)
        /// Delete set `number` of this past workout? Delete or Keep.
        case deletePastSet(ConfirmSheet, workoutID: UUID, number: Int)
    }

    /// A one-line message over the pill.
    public struct Notice: Hashable, Sendable {
        /// What kind of message.
        public enum Kind: Hashable, Sendable {
            /// Something done (copied, unit changed).
            case info
            /// Why a key was refused.
            case refused
            /// A set beat a record.
            case personalBest
        }

        /// The message, one line.
        public var text: String
        /// What kind of message, which decides its look.
        public var kind: Kind

        /// A notice of `text`.
        public init(_ text: String, kind: Kind = .info) {
            self.text = text
            self.kind = kind
        }
    }

    /// How the screen should look and move.
    public struct Display: Hashable, Sendable {
        /// Switch the pill at once instead of morphing.
        public var reducesMotion: Bool
        /// Colour may be used (everything shows without it too).
        public var usesColor: Bool

        /// How the screen looks; by default animated and in colour.
        public init(reducesMotion: Bool = false, usesColor: Bool = true) {
            self.reducesMotion = reducesMotion
            self.usesColor = usesColor
        }
    }

    /// One row of the table.
    public struct Row: Hashable, Sendable {
        /// The weight and reps as typed.
        public var entry: SetEntry
        /// Set once the set is finished (and saved).
        public var completed: CompletedSet?
        /// Whether a finished set's fields were typed into since it was saved: the correction
        /// is saved when the selection leaves the row (or on Enter).
        public var isEdited = false

        /// A row; empty and not done by default.
        public init(entry: SetEntry = SetEntry(), completed: CompletedSet? = nil) {
            self.entry = entry
            self.completed = completed
        }
    }

    /// A row deleted with `d`, and where it was.
    public struct DeletedRow: Hashable, Sendable {
        /// Where the row was, from 0.
        public var index: Int
        /// The row as it was.
        public var row: Row
    }

    /// The workout being done: created when set 1 starts, saved when set 1 finishes.
    struct Session: Hashable, Sendable {
        var id: UUID
        var startedAt: Instant
        var startedOn: Date
        /// The unit the workout's weights are saved in: the member's when set 1 started.
        var unit: WeightUnit
        /// Whether `.startWorkout` has been asked for.
        var isInLog = false
        /// When the workout ended (the last set's finish, or leaving), freezing its clock.
        var endedAt: Instant?

        /// Whole seconds on the workout's clock at `instant` (rounded down).
        func ticks(at instant: Instant) -> Int {
            let elapsed = (instant - startedAt).totalNanoseconds
            let second: Int64 = 1_000_000_000
            return Int(elapsed >= 0 ? elapsed / second : -((-elapsed + second - 1) / second))
        }

        /// The wall-clock date of `instant`.
        func date(at instant: Instant) -> Date {
            startedOn.addingTimeInterval((instant - startedAt).seconds)
        }
    }

    // MARK: State

    /// The profile's settings for this workout (set count, unit, rest lengths, exercise).
    public private(set) var settings: DumbbellsSettings
    /// How the screen looks and moves.
    public let display: Display
    /// The size of the screen, from the last `.resize`.
    public private(set) var size = Size.zero
    /// The table: one row per set.
    public private(set) var rows: [Row]
    /// The selected field.
    public private(set) var selection = FieldPosition(row: 0, field: .weight)
    /// The pill's state.
    public private(set) var pill = Pill.start
    /// The sheets over the table, the newest on top: keys and clicks go to the top one, and Esc
    /// closes it (the pad and the rest picker are the pill's own states, closed by Esc first).
    public internal(set) var sheets = SheetStack<Sheet>()
    /// The sheet on top, if any.
    public var sheet: Sheet? { sheets.top }
    /// The exercise's last workout and best set.
    public internal(set) var history: ExerciseHistory
    /// Whether the history of a newly chosen exercise is still being looked up.
    public private(set) var isLoadingHistory = false
    /// The message over the pill, until the next key.
    public internal(set) var notice: Notice?
    /// A problem the host reported (a save that failed); shown until it reports none.
    public private(set) var problem: String?
    private(set) var session: Session?
    private(set) var morph: Morph?
    /// Rest taken since the last set finished (counted into the next set's `restBefore`).
    private var restSinceLastSet = Duration.zero
    /// The best on record before this workout's sets.
    var pastBest: PersonalBest?
    /// The set deleted last, and where it was, for `z`.
    public private(set) var deleted: DeletedRow?
    /// How far the keys sheet is scrolled.
    private(set) var keysScroll = ScrollState(selection: nil)
    /// The exercises of the workout, in the order added, once there are several; the one at
    /// `exerciseIndex` is on screen (its entry here is stale while it is).
    private(set) var slots: [ExerciseSlot] = []
    /// Which of `slots` is on screen.
    public private(set) var exerciseIndex = 0
    /// Whether a field is being typed into: from a character typed (or erased) until Enter, Tab,
    /// an arrow, Esc or any other key that is no character; meanwhile letters are typed too.
    public private(set) var isTyping = false
    /// Whether the exercise picker adds an exercise to the workout (else it changes this one).
    private(set) var pickerAdds = false
    /// Whether the sets to do on screen get the last workout's weights once the history arrives.
    private var fillsWeights = false
    private let wallClock: @Sendable () -> Date
    private let makeIdentifier: @Sendable () -> UUID

    /// A workout with an empty table.
    ///
    /// - Parameters:
    ///   - history: the last workout and best set of `settings.exercise`, or why they could not
    ///     be read (the screen says so and shows no "last:" numbers).
    ///   - wallClock: the date and time, read when a workout and each set start.
    ///   - makeIdentifier: a new identifier for each workout.
    public init(
        settings: DumbbellsSettings = DumbbellsSettings(),
        history: Result<ExerciseHistory, any Error> = .success(.none),
        display: Display = Display(), wallClock: @escaping @Sendable () -> Date,
        makeIdentifier: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.settings = settings
        self.display = display
        self.wallClock = wallClock
        self.makeIdentifier = makeIdentifier
        rows = Array(repeating: Row(), count: settings.setCount)
        switch history {
        case .success(let found):
            self.history = found
        case .failure(let error):
            self.history = .none
            problem = "Could not read the last workout: \(error)"
        }
        pastBest = self.history.best
    }

    /// One exercise of a workout of several, while another is on screen.
    struct ExerciseSlot: Sendable {
        var exercise: String
        var rows: [Row]
        var selection: FieldPosition
        var history: ExerciseHistory
        var isLoadingHistory: Bool
        var pastBest: PersonalBest?
        var session: Session?
        var deleted: DeletedRow?
        var restSinceLastSet: Duration
        /// Whether its sets to do get the last workout's weights once its history arrives (an
        /// exercise of a routine).
        var fillsWeights = false

        /// Whether it has a set still to do.
        var hasOpenSet: Bool { rows.contains { $0.completed == nil } }
    }

    // MARK: Derived state

    /// The exercises of the workout, in order (one until another is added).
    public var exerciseNames: [String] {
        slots.isEmpty
            ? [settings.exercise] : slots.indices.map { $0 == exerciseIndex ? settings.exercise : slots[$0].exercise }
    }

    /// The exercise on screen as a slot.
    private var currentSlot: ExerciseSlot {
        ExerciseSlot(
            exercise: settings.exercise, rows: rows, selection: selection, history: history,
            isLoadingHistory: isLoadingHistory, pastBest: pastBest, session: session, deleted: deleted,
            restSinceLastSet: restSinceLastSet, fillsWeights: fillsWeights)
    }

    /// Puts `slot` on screen.
    private mutating func show(_ slot: ExerciseSlot) {
        settings.exercise = slot.exercise
        rows = slot.rows
        selection = slot.selection
        history = slot.history
        isLoadingHistory = slot.isLoadingHistory
        pastBest = slot.pastBest
        session = slot.session
        deleted = slot.deleted
        restSinceLastSet = slot.restSinceLastSet
        fillsWeights = slot.fillsWeights
    }

    /// Every exercise of the workout, in order, the one on screen as it is now.
    private var allSlots: [ExerciseSlot] {
        slots.isEmpty ? [currentSlot] : slots.indices.map { $0 == exerciseIndex ? currentSlot : slots[$0] }
    }

    /// The workout's `session_id`: the id of its first exercise saved.
    private var groupID: UUID? {
        allSlots.compactMap(\.session).filter(\.isInLog).min { $0.startedAt < $1.startedAt }?.id ?? session?.id
    }

    /// The workout's clock: the exercise whose set 1 started first. Every timer on screen ticks
    /// with it, whichever exercise is shown, so one wake-up a second serves them all.
    var clock: Session? {
        allSlots.compactMap(\.session).min { $0.startedAt < $1.startedAt }
    }

    /// When the whole workout ended (its every exercise started has), freezing its clock.
    private var clockEnd: Instant? {
        let sessions = allSlots.compactMap(\.session)
        guard !sessions.isEmpty, sessions.allSatisfy({ $0.endedAt != nil }) else { return nil }
        return sessions.compactMap(\.endedAt).max()
    }

    /// The exercises not on screen, by index.
    private var parkedIndices: [Int] { slots.indices.filter { $0 != exerciseIndex } }

    /// The set to do next: the first row not finished (`rows.count` once all are).
    public var currentIndex: Int { rows.firstIndex { $0.completed == nil } ?? rows.count }

    /// The finished sets, in order.
    public var completedSets: [CompletedSet] { rows.compactMap(\.completed) }

    /// The set whose timer runs, if any.
    public var runningSet: RunningSet? { pill.runningSet }

    /// Whether the summary sheet is showing.
    public var isShowingSummary: Bool {
        if case .summary = sheet { return true }
        return false
    }

    /// Whether a workout has started and not yet ended: its clock runs.
    public var isWorkoutRunning: Bool { clock != nil && clockEnd == nil }

    /// The identifier of the workout under way or just finished, once set 1 has started.
    public var workoutID: UUID? { session?.id }

    /// The unit this workout's weights are saved in: the member's when set 1 started.
    public var savedUnit: WeightUnit { session?.unit ?? settings.unit }

    /// Whether the exercise may still change: no set of this workout has started.
    public var canChangeExercise: Bool { session == nil }

    /// Whether the pill is morphing at `now`.
    public func isMorphing(at now: Instant) -> Bool {
        guard let morph, !display.reducesMotion else { return false }
        return now < morph.endsAt
    }

    /// The whole workout's time in whole seconds at `now`: from the start of set 1, frozen once
    /// the workout ends; `nil` before set 1.
    public func workoutSeconds(at now: Instant) -> Int? {
        guard let clock else { return nil }
        return max(0, clock.ticks(at: clockEnd ?? now))
    }

    /// The running set's elapsed time in whole seconds at `now`. It ticks with the workout's
    /// clock (one wake-up a second for both), so it may turn its first second early.
    public func setSeconds(at now: Instant) -> Int? {
        guard let running = runningSet, let clock else { return nil }
        return max(0, clock.ticks(at: now) - clock.ticks(at: running.startedAt) - Self.wholeSeconds(running.restTaken))
    }

    /// The rest's whole seconds left at `now`, when one counts down.
    public func restSecondsLeft(at now: Instant) -> Int? {
        guard case .countdown(let countdown) = pill else { return nil }
        return countdown.secondsLeft(at: now)
    }

    // MARK: Host calls

    /// The history the host looked up after `.loadHistory(exercise:)`; ignored when the
    /// exercise has changed again since.
    public mutating func receive(_ result: Result<ExerciseHistory, any Error>, for exercise: String) {
        for index in parkedIndices where slots[index].exercise == exercise && slots[index].isLoadingHistory {
            if case .success(let found) = result {
                slots[index].history = slots[index].session.map { found.leavingOut($0.id) } ?? found
                slots[index].pastBest = found.best
                if slots[index].fillsWeights {
                    slots[index].rows = Self.filledWeights(slots[index].rows, from: found, in: settings.unit)
                    slots[index].fillsWeights = false
                }
            }
            slots[index].isLoadingHistory = false
        }
        guard exercise == settings.exercise else { return }
        isLoadingHistory = false
        switch result {
        case .success(let found):
            // A workout of this exercise in progress and saved is not its own past.
            history = session.map { found.leavingOut($0.id) } ?? found
            if fillsWeights { rows = Self.filledWeights(rows, from: found, in: settings.unit) }
        case .failure(let error):
            history = .none
            problem = "Could not read the last workout: \(error)"
        }
        fillsWeights = false
        pastBest = history.best
    }

    /// Shows `message` (a save that failed) over the pill until the host clears it with `nil`.
    public mutating func showProblem(_ message: String?) {
        problem = message
    }

    // MARK: Events

    /// Reacts to `event` at `now` and returns what the host should do.
    public mutating func handle(_ event: Event, at now: Instant) -> [Output] {
        var outputs: [Output] = []
        let before = self
        advance(to: now, into: &outputs)
        switch event {
        case .resize(let newSize):
            size = newSize
            morph = nil
        case .key(let key):
            notice = nil
            handle(key, at: now, into: &outputs)
            if selection.row != before.selection.row { commitEdit(of: before.selection.row, into: &outputs) }
        case .mouse(let mouse):
            if mouse.kind == .release { notice = nil }
            handle(mouse, at: now, into: &outputs)
            if selection.row != before.selection.row { commitEdit(of: before.selection.row, into: &outputs) }
            // A click elsewhere (another field, a button, a sheet) ends the typing.
            if mouse.kind == .release, selection != before.selection || sheet != nil || pill != before.pill {
                isTyping = false
            }
        case .paste(let text):
            notice = nil
            paste(text)
        case .terminate:
            // A running set is not a completed set: nothing of it is saved. Everything finished
            // is saved already; a workout with sets saved was cut off.
            commitEdits(into: &outputs)
            commitPastEdit(into: &outputs)
            pill = .start
            morph = nil
            if var session, session.isInLog, session.endedAt == nil {
                session.endedAt = now
                self.session = session
                outputs.append(.finishWorkout(session.id, status: .cutOff, at: session.date(at: now)))
            }
            endParked(status: .cutOff, at: now, into: &outputs)
        case .tick, .suspend, .resume, .focusIn, .focusOut, .message:
            // Timers are deadlines on the monotonic clock: through a suspension they keep
            // counting (a set and a rest are real time), and `advance` caught up above.
            break
        }
        if faceIdentity != before.faceIdentity && event != .terminate {
            startMorph(from: before.currentFace(at: now), at: now)
        }
        return outputs
    }

    /// Ends a rest whose time is up (with the bell) and forgets a morph that is over.
    private mutating func advance(to now: Instant, into outputs: inout [Output]) {
        if case .countdown(let countdown) = pill, now >= countdown.endsAt {
            endRest(countdown, at: countdown.endsAt)
            outputs.append(.effect(.bell))
        }
        if let morph, now >= morph.endsAt { self.morph = nil }
    }

    // MARK: Keys

    private mutating func handle(_ key: Key, at now: Instant, into outputs: inout [Output]) {
        guard let action = bindings.action(for: key) else { return }
        perform(action, at: now, into: &outputs)
    }

    /// Does what a key (or a click on its hint) stands for.
    private mutating func perform(_ action: DumbbellsAction, at now: Instant, into outputs: inout [Output]) {
        // Typing goes on only through keys that type; `type`, `press` and `paste` start it.
        let wasTyping = isTyping
        isTyping = false
        switch action {
        case .primary: pressPrimary(at: now, into: &outputs)
        case .startSet:
            switch pill {
            case .start, .keypad: startSet(at: now, into: &outputs)
            case .countdown(let countdown): endRest(countdown, at: now)
            case .active, .restPicker: break
            }
        case .finish:
            if case .active(let running) = pill { finish(running, at: now, into: &outputs) }
        case .togglePad:
            switch pill {
            case .start: pill = .keypad
            case .keypad: pill = .start
            default: break
            }
        case .closePad:
            if pill == .keypad { pill = .start }
        case .rest: openRestPicker()
        case .skipRest:
            if case .countdown(let countdown) = pill { endRest(countdown, at: now) }
        case .nextField: moveToNextField()
        case .previousField: moveToPreviousField()
        case .moveRows(let offset): moveSelection(rows: offset)
        case .selectField(let field): selection.field = field
        case .firstField: selection = FieldPosition(row: min(currentIndex, rows.count - 1), field: .weight)
        case .lastField: selection = FieldPosition(row: rows.count - 1, field: .reps)
        case .type(let character):
            isTyping = wasTyping
            type(character)
        case .deleteBackward: press(.backspace)
        case .clearField:
            if isEditable(selection.row) {
                rows[selection.row].entry.clear(selection.field)
                markEdited(selection.row)
                isTyping = true
            }
        case .stopTyping:
            // The cursor leaves the field and the help bar shows the commands again.
            break
        case .copyLast: copyLast(into: currentIndex)
        case .copyLastAll: copyLastIntoEveryOpenSet()
        case .chooseExercise: openExercisePicker()
        case .addExercise: openExercisePicker(adding: true)
        case .toggleAutoRest: toggleAutoRest(into: &outputs)
        case .switchExercise(let step): switchExercise(by: step, into: &outputs)
        case .toggleUnit: toggleUnit(into: &outputs)
        case .changeSetCount(let change): changeSetCount(by: change, into: &outputs)
        case .deleteSet: deleteSet(at: selection.row, into: &outputs)
        case .undoDelete: undoDelete(into: &outputs)
        case .endWorkout: endWorkout(at: now, into: &outputs)
        case .keys:
            keysScroll = ScrollState(selection: nil)
            sheets.push(.keys)
        case .leave: askToLeave(at: now, into: &outputs)
        case .showProgress: sheets.push(.progress(ProgressSheet(sessions: history.sessions, now: wallClock())))
        case .switchMetric, .moveRange:
            guard case .progress(var progress) = sheet else { return }
            if case .moveRange(let step) = action { progress.moveRange(by: step) } else { progress.toggle() }
            sheets.replaceTop(with: .progress(progress))
        case .moveRest(let step):
            guard case .restPicker(var picker) = pill else { return }
            let items = settings.restPresets.count + 1
            picker.focus = (picker.focus + items + step % items) % items
            pill = .restPicker(picker)
        case .chooseRestNumber(let number):
            guard case .restPicker(var picker) = pill else { return }
            if (1...max(1, settings.restPresets.count)).contains(number), number <= settings.restPresets.count {
                picker.focus = number - 1
                choose(picker, at: now, into: &outputs)
            } else {
                notice = Notice("Choose a rest with 1–\(settings.restPresets.count)", kind: .refused)
            }
        case .noRest:
            if case .restPicker(let picker) = pill { pill = picker.origin.pill }
        case .close: sheets.pop()
        case .scroll(let rows):
            let keys = KeysSheet(tableBindings)
            let count = keys.lines.count
            keysScroll.move(by: rows, count: count)
            _ = keysScroll.visibleRows(count: count, height: keys.listHeight(on: size))
        case .movePicker(let rows):
            guard case .exercise(var picker) = sheet else { return }
            picker.select(picker.selection + rows)
            picker.keepSelectionInView(on: size)
            sheets.replaceTop(with: .exercise(picker))
        case .useExercise:
            guard case .exercise(let picker) = sheet else { return }
            if picker.choiceList.indices.contains(picker.selection) {
                chooseExercise(picker.choiceList[picker.selection].name, into: &outputs)
            }
        case .completeExercise:
            guard case .exercise(var picker) = sheet else { return }
            if !picker.complete() {
                notice = Notice("No known exercise to complete to; Enter on “+ New” makes one", kind: .refused)
            }
            picker.keepSelectionInView(on: size)
            sheets.replaceTop(with: .exercise(picker))
        case .edit(let key):
            guard case .exercise(var picker) = sheet else { return }
            picker.edit(key)
            picker.keepSelectionInView(on: size)
            sheets.replaceTop(with: .exercise(picker))
        case .openRoutines: openRoutines()
        case .moveRoutine(let step):
            guard case .routines(var sheet) = sheet else { return }
            let count = settings.routines.count + 1
            sheet.select(sheet.selection + step, count: count)
            sheet.keepSelectionInView(count: count, on: size)
            sheets.replaceTop(with: .routines(sheet))
        case .useRoutine: useRoutineLine(into: &outputs)
        case .deleteRoutine: askToDeleteRoutine()
        case .editRoutineName(let key):
            guard case .routines(var sheet) = sheet else { return }
            sheet.edit(key)
            sheets.replaceTop(with: .routines(sheet))
        case .confirmDeleteRoutine:
            guard case .deleteRoutine(_, let index) = sheet else { return }
            sheets.pop()
            deleteRoutine(at: index, into: &outputs)
        case .showHistory: openHistory()
        case .past(let action): performPast(action, into: &outputs)
        case .restart: restart()
        case .confirmLeave:
            sheets.removeAll()
            leave(at: now, into: &outputs)
        }
    }
    /// Enter: what the pill's main button does.
    private mutating func pressPrimary(at now: Instant, into outputs: inout [Output]) {
        if rows.indices.contains(selection.row), rows[selection.row].isEdited, runningSet?.index != selection.row {
            commitEdit(of: selection.row, into: &outputs)
            return
        }
        switch pill {
        case .start: startSet(at: now, into: &outputs)
        case .keypad: moveToNextField()
        case .active(let running): finish(running, at: now, into: &outputs)
        case .restPicker(let picker): choose(picker, at: now, into: &outputs)
        case .countdown(let countdown): endRest(countdown, at: now)
        }
    }

    // MARK: Mouse

    private mutating func handle(_ mouse: MouseEvent, at now: Instant, into outputs: inout [Output]) {
        if mouse.kind == .release, let action = bindings.barAction(at: mouse.position, in: layout.helpBar) {
            return perform(action, at: now, into: &outputs)
        }
        if let sheet {
            handleSheet(sheet, mouse: mouse, at: now, into: &outputs)
            return
        }
        switch mouse.kind {
        case .scrollUp:
            moveSelection(rows: -1)
            return
        case .scrollDown:
            moveSelection(rows: 1)
            return
        case .release:
            break
        case .press, .drag:
            return
        }
        let point = mouse.position
        let layout = self.layout
        let face = targetFace(at: now)
        let pillFrame = layout.pillFrame(width: face.width)
        if pillFrame.contains(point) {
            let inner = pillFrame.inset(top: 1, left: 2, bottom: 1, right: 2)
            let hits = face.hitFrames(in: inner)
            // A filled pill is one button from edge to edge.
            if let action = face.isFilled ? hits.first?.1 : hits.first(where: { $0.0.contains(point) })?.1 {
                perform(action, at: now, into: &outputs)
            }
            return
        }
        if let position = layout.field(at: point) {
            guard isEditable(position.row) else {
                notice = Notice("The workout is over: set \(position.row + 1) is saved", kind: .refused)
                return
            }
            selection = position
            if pill == .start { pill = .keypad }
            return
        }
        if let index = layout.rows.map(\.index).first(where: { layout.lastFrame(of: $0)?.contains(point) == true }),
            lastSet(for: index) != nil
        {
            copyLast(into: index)
            return
        }
        if layout.header.contains(point) && point.x < layout.header.x + headerTitle.displayWidth {
            openExercisePicker()
            return
        }
    }

    private mutating func handleSheet(
        _ sheet: Sheet, mouse: MouseEvent, at now: Instant, into outputs: inout [Output]
    ) {
        switch sheet {
        case .keys, .progress:
            if mouse.kind == .release { sheets.pop() }
        case .exercise(var picker):
            let layout = FieldListSheetLayout.exercise(screen: size, picker: picker)
            switch mouse.kind {
            case .scrollUp, .scrollDown:
                picker.select(picker.selection + (mouse.kind == .scrollUp ? -1 : 1))
                picker.keepSelectionInView(on: size)
                sheets.replaceTop(with: .exercise(picker))
            case .release:
                if let row = layout.rows.first(where: { $0.rect.contains(mouse.position) }) {
                    chooseExercise(picker.choiceList[row.index].name, into: &outputs)
                } else if !layout.frame.contains(mouse.position) {
                    sheets.pop()
                }
            case .press, .drag:
                break
            }
        case .summary(let summary):
            guard mouse.kind == .release else { return }
            let layout = SummarySheetLayout(screen: size, summary: summary)
            if layout.restartButton.contains(mouse.position) {
                restart()
            } else if layout.backButton.contains(mouse.position) {
                leave(at: now, into: &outputs)
            }
        case .leave(let question):
            answer(question.handle(mouse, screen: size, helpBar: layout.helpBar), at: now, into: &outputs)
        case .deleteRoutine(let question, let index):
            let answer = question.handle(mouse, screen: size, helpBar: layout.helpBar)
            guard answer != .none else { return }
            sheets.pop()
            if answer == .leave { deleteRoutine(at: index, into: &outputs) }
        case .pastWorkouts, .deletePastSet:
            handlePastMouse(mouse, into: &outputs)
        case .routines(var routines):
            let count = settings.routines.count + 1
            let layout = FieldListSheetLayout.routines(screen: size, count: count, scroll: routines.scroll)
            switch mouse.kind {
            case .scrollUp, .scrollDown:
                routines.select(routines.selection + (mouse.kind == .scrollUp ? -1 : 1), count: count)
                routines.keepSelectionInView(count: count, on: size)
                sheets.replaceTop(with: .routines(routines))
            case .release:
                if let row = layout.rows.first(where: { $0.rect.contains(mouse.position) }) {
                    routines.select(row.index, count: count)
                    sheets.replaceTop(with: .routines(routines))
                    useRoutineLine(into: &outputs)
                } else if !layout.frame.contains(mouse.position) {
                    sheets.pop()
                }
            case .press, .drag:
                break
            }
        }
    }

    private mutating func perform(_ action: PillAction, at now: Instant, into outputs: inout [Output]) {
        switch (action, pill) {
        case (.start, .start): startSet(at: now, into: &outputs)
        case (.finish, .active(let running)): finish(running, at: now, into: &outputs)
        case (.rest, _): openRestPicker()
        case (.skip, .countdown(let countdown)): endRest(countdown, at: now)
        case (.chooseRest(let index), .restPicker(var picker)):
            picker.focus = index
            choose(picker, at: now, into: &outputs)
        case (.noRest, .restPicker(let picker)): pill = picker.origin.pill
        case (.pad(let key), .keypad): press(key)
        default: break
        }
    }

    // MARK: Fields

    /// Whether row `index` can be typed into: every set until the workout ends (a finished
    /// set is corrected this way).
    func isEditable(_ index: Int) -> Bool {
        rows.indices.contains(index) && (rows[index].completed == nil || session?.endedAt == nil)
    }

    /// Whether row `index` is not yet finished and can be typed into.
    func isOpen(_ index: Int) -> Bool {
        rows.indices.contains(index) && rows[index].completed == nil
    }

    private mutating func type(_ character: Character) {
        guard isEditable(selection.row) else { return }
        let wasTyping = isTyping
        if let problem = rows[selection.row].entry.type(character, into: selection.field, unit: settings.unit) {
            isTyping = wasTyping
            var message = problem.message(unit: settings.unit)
            if wasTyping, problem == .notADigit, isCommand(character) {
                message = "“\(character)” is no digit · Esc first, then \(character)"
            }
            notice = Notice(message, kind: .refused)
        } else {
            markEdited(selection.row)
            isTyping = true
        }
    }

    /// Whether `character` is a command of the table when no field is being typed into.
    private func isCommand(_ character: Character) -> Bool {
        var state = tableState
        state.typing = false
        guard let action = DumbbellsBindings.table(state).action(for: .character(character)) else { return false }
        if case .type = action { return false }
        return true
    }

    /// Notes that a finished set's fields changed, to be saved when the selection leaves it.
    private mutating func markEdited(_ index: Int) {
        if rows.indices.contains(index), rows[index].completed != nil { rows[index].isEdited = true }
    }

    private mutating func paste(_ text: String) {
        if case .routines(var routines) = sheet {
            routines.insert(text)
            sheets.replaceTop(with: .routines(routines))
            return
        }
        if case .exercise(var picker) = sheet {
            picker.insert(text)
            picker.keepSelectionInView(on: size)
            sheets.replaceTop(with: .exercise(picker))
            return
        }
        if case .pastWorkouts = sheet { return pastePast(text) }
        guard sheet == nil, pill.kind != .restPicker else { return }
        for character in text where !character.isWhitespace {
            type(character)
            if notice != nil { return }
        }
    }

    /// A key of the number pad (or its keyboard equivalent).
    private mutating func press(_ key: PadKey) {
        guard isEditable(selection.row) else { return }
        switch key {
        case .character(let character): type(character)
        case .backspace:
            rows[selection.row].entry.deleteBackward(in: selection.field)
            markEdited(selection.row)
            isTyping = true
        case .next: moveToNextField()
        case .done: if pill == .keypad { pill = .start }
        }
    }

    /// Next: kg → reps → the next set's kg, and from the last set's reps back to the current
    /// set's kg.
    private mutating func moveToNextField() {
        if selection.field == .weight {
            selection.field = .reps
        } else if selection.row + 1 < rows.count {
            selection = FieldPosition(row: selection.row + 1, field: .weight)
        } else {
            selection = FieldPosition(row: min(currentIndex, rows.count - 1), field: .weight)
        }
    }

    private mutating func moveToPreviousField() {
        if selection.field == .reps {
            selection.field = .weight
        } else if selection.row > 0 {
            selection = FieldPosition(row: selection.row - 1, field: .reps)
        } else {
            selection = FieldPosition(row: rows.count - 1, field: .reps)
        }
    }

    /// ↑ ↓ reach every set, finished ones too (to correct them).
    private mutating func moveSelection(rows offset: Int) {
        selection.row = min(rows.count - 1, max(0, selection.row + offset))
    }

    /// Keeps the selection on a row after the table changed.
    private mutating func clampSelection() {
        selection.row = min(rows.count - 1, max(0, selection.row))
    }

    // MARK: Sets

    private mutating func startSet(at now: Instant, into outputs: inout [Output]) {
        let index = currentIndex
        guard index < rows.count, runningSet == nil else { return }
        commitEdits(into: &outputs)
        if let problem = rows[index].entry.problem {
            notice = Notice(problem.message(setNumber: index + 1, unit: settings.unit), kind: .refused)
            let field: SetField = [.missingReps, .zeroReps].contains(problem) ? .reps : .weight
            selection = FieldPosition(row: index, field: field)
            return
        }
        let startedOn = wallClock()
        if session == nil {
            session = Session(id: makeIdentifier(), startedAt: now, startedOn: startedOn, unit: settings.unit)
        }
        let restBefore: TimeInterval? = index == 0 ? nil : restSinceLastSet.seconds
        restSinceLastSet = .zero
        pill = .active(RunningSet(index: index, startedAt: now, startedOn: startedOn, restBefore: restBefore))
    }

    private mutating func finish(_ running: RunningSet, at now: Instant, into outputs: inout [Output]) {
        let entry = rows[running.index].entry
        if let problem = entry.problem {
            notice = Notice(problem.message(setNumber: running.index + 1, unit: settings.unit), kind: .refused)
            return
        }
        guard let weight = entry.weight(in: session?.unit ?? settings.unit, shownIn: settings.unit),
            let reps = entry.repsValue, var session
        else { return }
        commitEdits(into: &outputs)
        // A rest taken while the set's timer ran is not the set's time: the set counts as
        // begun when that rest ended, and it finished now.
        let record = DumbbellSet(
            number: running.index + 1, weight: weight, reps: reps,
            startedAt: running.startedOn.addingTimeInterval(running.restTaken.seconds),
            finishedAt: running.startedOn.addingTimeInterval(max(0, (now - running.startedAt).seconds)),
            restBefore: running.restBefore)
        let seconds = setSeconds(at: now) ?? 0
        rows[running.index].completed = CompletedSet(record: record, seconds: seconds)
        rows[running.index].isEdited = false
        recomputeRecords()
        let beaten = rows[running.index].completed?.beaten ?? []
        if !session.isInLog {
            session.isInLog = true
            outputs.append(
                .startWorkout(
                    DumbbellWorkout(
                        id: session.id, exercise: settings.exercise, unit: session.unit,
                        startedAt: session.startedOn, sessionID: groupID ?? session.id)))
        }
        outputs.append(.saveSet(record, workoutID: session.id))
        self.session = session
        restSinceLastSet = .zero
        if !beaten.isEmpty { notice = Notice(personalBestMessage(record, beaten: beaten), kind: .personalBest) }
        if running.index + 1 >= rows.count,
            let next = (parkedIndices.filter { $0 > exerciseIndex } + parkedIndices.filter { $0 < exerciseIndex })
                .first(where: { slots[$0].hasOpenSet })
        {
            let done = settings.exercise
            move(to: next)
            if notice == nil { notice = Notice("\(done) done · now \(settings.exercise)") }
            offerRest(at: now)
        } else if running.index + 1 >= rows.count {
            showSummary(endingAt: now, into: &outputs)
        } else {
            selection = FieldPosition(row: running.index + 1, field: .weight)
            // The rest follows every set but the last; it returns to "Start set N".
            offerRest(at: now)
        }
    }

    private func personalBestMessage(_ set: DumbbellSet, beaten: BeatenRecords) -> String {
        let unit = settings.unit
        let shown = Weight.convert(set.weight, from: session?.unit ?? unit, to: unit)
        let weight = WeightText.display(shown, step: unit.step)
        var what: [String] = []
        if beaten.contains(.volume) {
            let volume = WeightText.display((shown * Double(set.reps)).rounded())
            what.append("volume \(volume) \(unit.rawValue)")
        }
        if beaten.contains(.oneRepMax), let estimate = PersonalBest.epley(weight: shown, reps: set.reps) {
            let text = WeightText.display((estimate * 10).rounded() / 10)
            what.append("est. 1RM \(text) \(unit.rawValue) (\(PersonalBest.formula))")
        }
        return "★ Personal best: \(weight) \(unit.rawValue) × \(set.reps), " + what.joined(separator: ", ")
    }

    /// `x`: ends the workout early and shows the summary of the sets done, of every exercise.
    private mutating func endWorkout(at now: Instant, into outputs: inout [Output]) {
        if let running = runningSet {
            notice = Notice("Finish set \(running.index + 1) first", kind: .refused)
            return
        }
        commitEdits(into: &outputs)
        // The workout ended with its last set finished, whichever exercise that was.
        let finishes = allSlots.compactMap { slot -> Instant? in
            guard let session = slot.session, let last = slot.rows.compactMap(\.completed?.record.finishedAt).max()
            else { return nil }
            return max(session.startedAt, session.startedAt + .seconds(last.timeIntervalSince(session.startedOn)))
        }
        guard let end = finishes.max() else {
            notice = Notice("Finish a set first; then x shows the summary", kind: .refused)
            return
        }
        showSummary(endingAt: end, into: &outputs)
    }

    /// Ends every exercise of the workout at `end` and shows the summary of them all.
    private mutating func showSummary(endingAt end: Instant, into outputs: inout [Output]) {
        if var session, session.endedAt == nil {
            session.endedAt = end
            self.session = session
            if session.isInLog {
                outputs.append(.finishWorkout(session.id, status: .finished, at: session.date(at: end)))
            }
        }
        endParked(status: .finished, at: end, into: &outputs)
        pill = .start
        let all = allSlots
        let parts = all.compactMap { slot -> WorkoutSummary.Part? in
            let sets = slot.rows.compactMap(\.completed)
            guard let session = slot.session, !sets.isEmpty else { return nil }
            return WorkoutSummary.Part(exercise: slot.exercise, savedUnit: session.unit, sets: sets)
        }
        sheets.removeAll()
        sheets.push(
            .summary(
                WorkoutSummary(
                    parts: parts, notDone: all.filter { !$0.rows.contains { $0.completed != nil } }.map(\.exercise),
                    unit: settings.unit, totalSeconds: clock.map { max(0, $0.ticks(at: end)) } ?? 0)))
    }

    /// Restart: a new workout of the same exercises, each with as many empty sets as it had; the
    /// one just done becomes each exercise's "last".
    private mutating func restart() {
        let status: SessionStatus = isShowingSummary ? .finished : .abandoned
        let all = allSlots.map { old in
            var slot = old
            let done = old.rows.compactMap(\.completed?.record)
            if let session = old.session, !done.isEmpty {
                slot.history.include(
                    DumbbellWorkout(
                        id: session.id, exercise: old.exercise, unit: session.unit, startedAt: session.startedOn,
                        finishedAt: session.endedAt.map(session.date(at:)), status: status, sets: done))
            }
            slot.pastBest = slot.history.best
            slot.rows = Array(repeating: Row(), count: max(1, old.rows.count))
            slot.selection = FieldPosition(row: 0, field: .weight)
            slot.session = nil
            slot.deleted = nil
            slot.restSinceLastSet = .zero
            slot.fillsWeights = false
            return slot
        }
        slots = all.count > 1 ? all : []
        exerciseIndex = 0
        show(all[0])
        settings.setCount = rows.count
        sheets.removeAll()
        pill = .start
    }

    /// `q`, Esc: leave at once when nothing is in progress, else ask first.
    private mutating func askToLeave(at now: Instant, into outputs: inout [Output]) {
        if let message = leaveQuestion(at: now) {
            sheets.push(.leave(ConfirmSheet(message)))
        } else {
            leave(at: now, into: &outputs)
        }
    }

    /// The answer to the leave question: leave as `q` did before there was a question, or stay
    /// with everything as it was (timers ran on under the question).
    private mutating func answer(_ answer: ConfirmSheet.Answer, at now: Instant, into outputs: inout [Output]) {
        guard answer != .none else { return }
        sheets.pop()
        if answer == .leave { leave(at: now, into: &outputs) }
    }

    /// What leaving now would lose, or `nil` when nothing is in progress: a running set, a set
    /// typed in and not finished, a rest counting down, and finished sets of a workout that has
    /// not reached its summary (leaving marks it abandoned).
    public func leaveQuestion(at now: Instant) -> String? {
        guard !isShowingSummary else { return nil }
        var losses: [String] = []
        let index = currentIndex
        if let running = runningSet {
            losses.append("Set \(running.index + 1) in progress is not saved.")
        } else if index < rows.count, !rows[index].entry.weight.isEmpty || !rows[index].entry.reps.isEmpty {
            losses.append("Set \(index + 1) as typed is not saved.")
        }
        if case .countdown = pill { losses.append("The rest countdown stops.") }
        let done =
            completedSets.count + parkedIndices.reduce(0) { $0 + slots[$1].rows.filter { $0.completed != nil }.count }
        let all = rows.count + parkedIndices.reduce(0) { $0 + slots[$1].rows.count }
        if done > 0 && (isWorkoutRunning || parkedIndices.contains { slots[$0].session?.isInLog == true }) {
            losses.append("The workout is saved as abandoned (\(done) of \(all) sets done).")
        }
        return losses.isEmpty ? nil : losses.joined(separator: " ")
    }

    /// The leave question on screen, if it is.
    public var pendingQuestion: String? {
        if case .leave(let question) = sheet { return question.question }
        return nil
    }

    /// `q`, Esc: leave. A workout with saved sets that did not reach the summary is marked
    /// abandoned; a running set is dropped. The screen is left as Restart leaves it, so nothing
    /// of the old workout is saved again if it were shown once more.
    private mutating func leave(at now: Instant, into outputs: inout [Output]) {
        commitEdits(into: &outputs)
        if var session, session.endedAt == nil {
            session.endedAt = now
            self.session = session
            if session.isInLog {
                outputs.append(.finishWorkout(session.id, status: .abandoned, at: session.date(at: now)))
            }
        }
        endParked(status: .abandoned, at: now, into: &outputs)
        restart()
        outputs.append(.effect(.quit))
    }

    // MARK: Rest

    private mutating func openRestPicker() {
        switch pill {
        case .start: pill = .restPicker(RestPicker(origin: .start))
        case .keypad: pill = .restPicker(RestPicker(origin: .keypad))
        case .active(let running): pill = .restPicker(RestPicker(origin: .active(running)))
        case .restPicker, .countdown: break
        }
    }

    private mutating func choose(_ picker: RestPicker, at now: Instant, into outputs: inout [Output]) {
        guard settings.restPresets.indices.contains(picker.focus) else {
            pill = picker.origin.pill
            return
        }
        let seconds = settings.restPresets[picker.focus]
        if settings.restByExercise[settings.exercise] != seconds {
            settings.restByExercise[settings.exercise] = seconds
            outputs.append(.saveSettings(settings))
        }
        startRest(seconds: seconds, origin: picker.origin, at: now)
    }

    /// After a set: the exercise's rest counts down by itself, or with auto rest off, the picker.
    private mutating func offerRest(at now: Instant) {
        if settings.autoRest {
            startRest(seconds: settings.rest(for: settings.exercise), origin: .start, at: now)
        } else {
            pill = .restPicker(RestPicker(origin: .start))
        }
    }

    /// `R`: auto rest on or off.
    private mutating func toggleAutoRest(into outputs: inout [Output]) {
        settings.autoRest.toggle()
        notice = Notice(
            settings.autoRest
                ? "Auto rest on: \(settings.rest(for: settings.exercise)) s after each set of \(settings.exercise)"
                : "Auto rest off: r chooses a rest")
        outputs.append(.saveSettings(settings))
    }

    /// A rest of `seconds` counting down from `now`, returning to `origin`.
    private mutating func startRest(seconds: Int, origin: RestOrigin, at now: Instant) {
        var endsAt = now + .seconds(seconds)
        if let clock, isWorkoutRunning {
            // Ends on a tick of the workout's clock, so one wake-up a second serves both.
            endsAt = clock.startedAt + .seconds(clock.ticks(at: endsAt))
        }
        pill = .countdown(RestCountdown(seconds: seconds, startedAt: now, endsAt: endsAt, origin: origin))
    }

    private mutating func endRest(_ countdown: RestCountdown, at now: Instant) {
        let rest = min(now, countdown.endsAt) - countdown.startedAt
        if case .active(var running) = countdown.origin {
            // A rest during a set is not the set's time.
            running.restTaken += rest
            pill = .active(running)
        } else {
            restSinceLastSet += rest
            pill = countdown.origin.pill
        }
    }

    /// Whole seconds of `duration`, rounded down.
    static func wholeSeconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds)
    }

    // MARK: Last workout, exercise, settings

    /// The newest finished set of row `index`'s number from an earlier workout, if any.
    func lastSet(for index: Int) -> LastSet? {
        history.lastSets[index + 1]
    }

    /// `l`: the last workout's numbers for set `index` into its fields (in this workout's unit).
    private mutating func copyLast(into index: Int) {
        guard isOpen(index) else { return }
        guard let last = lastSet(for: index) else {
            notice = Notice("No last numbers for set \(index + 1)", kind: .refused)
            return
        }
        guard last.set.reps >= 1, last.set.reps <= 999 else {
            notice = Notice("Last numbers for set \(index + 1) do not fit the fields", kind: .refused)
            return
        }
        // The exact weight is kept; the field shows it in the member's unit, to its step.
        let entry = SetEntry(
            weight: Weight(last.set.weight, last.unit), in: settings.unit, reps: String(last.set.reps))
        rows[index].entry = entry
        selection = FieldPosition(row: index, field: .reps)
        notice = Notice("Set \(index + 1): \(entry.weight) \(settings.unit.rawValue) × \(last.set.reps) from last time")
    }

    /// `L`: each set still to do gets its number's last numbers, where there are some; the
    /// selection stays.
    private mutating func copyLastIntoEveryOpenSet() {
        var copied: [Int] = []
        for index in rows.indices where isOpen(index) && runningSet?.index != index {
            guard let last = lastSet(for: index), last.set.reps >= 1, last.set.reps <= 999 else { continue }
            rows[index].entry = SetEntry(
                weight: Weight(last.set.weight, last.unit), in: settings.unit, reps: String(last.set.reps))
            copied.append(index + 1)
        }
        guard let first = copied.first, let lastNumber = copied.last else {
            notice = Notice("No last numbers for the sets still to do", kind: .refused)
            return
        }
        let which = first == lastNumber ? "Set \(first)" : "Sets \(first)–\(lastNumber)"
        notice = Notice("\(which) filled from last time")
    }

    private mutating func openExercisePicker(adding: Bool = false) {
        guard adding || canChangeExercise else {
            notice = Notice("The exercise is set once set 1 has started · A adds another exercise", kind: .refused)
            return
        }
        if adding, let running = runningSet {
            notice = Notice("Finish set \(running.index + 1) first", kind: .refused)
            return
        }
        if adding, exerciseNames.count >= Self.maxExercises {
            notice = Notice("At most \(Self.maxExercises) exercises in a workout", kind: .refused)
            return
        }
        pickerAdds = adding
        var picker = ExercisePicker(current: settings.exercise)
        picker.keepSelectionInView(on: size)
        sheets.push(.exercise(picker))
    }

    private mutating func chooseExercise(_ name: String, into outputs: inout [Output]) {
        sheets.pop()
        if pickerAdds {
            pickerAdds = false
            return addExercise(name, into: &outputs)
        }
        let before = settings.exercise
        settings.exercise = name
        guard settings.exercise != before else { return }
        history = .none
        isLoadingHistory = true
        outputs.append(.loadHistory(exercise: settings.exercise))
        outputs.append(.saveSettings(settings))
    }

    // MARK: Routines

    /// `o`: the routines sheet.
    private mutating func openRoutines() {
        var sheet = RoutinesSheet()
        sheet.keepSelectionInView(count: settings.routines.count + 1, on: size)
        sheets.push(.routines(sheet))
        if let problem = settings.routinesProblem { notice = Notice(problem, kind: .refused) }
    }

    /// Enter on the routines sheet: starts the highlighted routine, or saves this workout under
    /// the name typed.
    private mutating func useRoutineLine(into outputs: inout [Output]) {
        guard case .routines(var sheet) = sheet else { return }
        if settings.routines.indices.contains(sheet.selection) {
            let routine = settings.routines[sheet.selection]
            // Numbers typed for sets not yet done are the member's: a routine replaces them only
            // when Enter is pressed again.
            let typed = allSlots.map(\.rows).joined().contains {
                $0.completed == nil && !($0.entry.weight.isEmpty && $0.entry.reps.isEmpty)
            }
            if typed, sheet.replacingAsked != sheet.selection {
                sheet.replacingAsked = sheet.selection
                sheets.replaceTop(with: .routines(sheet))
                notice = Notice("“\(routine.name)” replaces the numbers typed on screen · Enter again starts it")
                return
            }
            startRoutine(routine, into: &outputs)
        } else {
            saveRoutine(named: sheet.field.text, into: &outputs)
        }
    }

    /// This workout as a routine: each exercise with its sets and the reps of its first set
    /// that has some (done or typed).
    public func routine(named name: String) -> Routine {
        Routine(
            name: name,
            exercises: allSlots.map { slot in
                let reps = slot.rows.lazy.compactMap { $0.completed?.record.reps ?? $0.entry.repsValue }.first
                return RoutineExercise(name: slot.exercise, sets: slot.rows.count, reps: reps)
            })
    }

    private mutating func saveRoutine(named text: String, into outputs: inout [Output]) {
        if let problem = settings.routinesProblem {
            notice = Notice("Not saved: \(problem)", kind: .refused)
            return
        }
        let name: String
        switch Routine.cleanedName(text) {
        case .success(let cleaned): name = cleaned
        case .failure(let problem):
            notice = Notice(problem.message, kind: .refused)
            return
        }
        let routine = routine(named: name)
        if let index = settings.routines.firstIndex(where: { $0.name == name }) {
            settings.routines[index] = routine
            notice = Notice("Routine “\(name)” replaced")
        } else {
            guard settings.routines.count < Routine.maximumCount else {
                notice = Notice("At most \(Routine.maximumCount) routines · Ctrl-X deletes one", kind: .refused)
                return
            }
            settings.routines.append(routine)
            notice = Notice("Saved routine “\(name)”")
        }
        sheets.pop()
        outputs.append(.saveSettings(settings))
    }

    /// A new workout of `routine`'s exercises and sets, the reps as targets and the last
    /// workout's weights where known.
    private mutating func startRoutine(_ routine: Routine, into outputs: inout [Output]) {
        guard clock == nil else {
            notice = Notice("A routine starts a new workout: x ends this one, then Restart", kind: .refused)
            return
        }
        sheets.pop()
        slots = routine.exercises.map { exercise in
            let row = Row(entry: SetEntry(reps: exercise.reps.map(String.init) ?? "", unit: settings.unit))
            return ExerciseSlot(
                exercise: exercise.name, rows: Array(repeating: row, count: exercise.sets),
                selection: FieldPosition(row: 0, field: .weight), history: .none, isLoadingHistory: true,
                pastBest: nil, session: nil, deleted: nil, restSinceLastSet: .zero, fillsWeights: true)
        }
        exerciseIndex = 0
        show(slots[0])
        settings.setCount = rows.count
        deleted = nil
        pill = .start
        outputs += slots.map { .loadHistory(exercise: $0.exercise) }
        outputs.append(.saveSettings(settings))
        notice = Notice(
            "\(routine.name): \(slots.count) \(slots.count == 1 ? "exercise" : "exercises") · [ ] move between them")
    }

    /// Ctrl-X on the routines sheet: asks before deleting the highlighted routine.
    private mutating func askToDeleteRoutine() {
        guard case .routines(let sheet) = sheet, settings.routines.indices.contains(sheet.selection) else {
            notice = Notice("Highlight a routine to delete", kind: .refused)
            return
        }
        let name = settings.routines[sheet.selection].name
        sheets.push(
            .deleteRoutine(
                ConfirmSheet("Delete the routine “\(name)”?", title: "Delete?", confirm: "Delete", cancel: "Keep"),
                index: sheet.selection))
    }

    private mutating func deleteRoutine(at index: Int, into outputs: inout [Output]) {
        if let problem = settings.routinesProblem {
            notice = Notice("Not deleted: \(problem)", kind: .refused)
            return
        }
        guard settings.routines.indices.contains(index) else { return }
        let removed = settings.routines.remove(at: index)
        if case .routines(var sheet) = sheet {
            sheet.select(min(index, settings.routines.count), count: settings.routines.count + 1)
            sheets.replaceTop(with: .routines(sheet))
        }
        notice = Notice("Routine “\(removed.name)” deleted")
        outputs.append(.saveSettings(settings))
    }

    /// Open sets with no weight typed get the weight of the same set last time.
    static func filledWeights(_ rows: [Row], from history: ExerciseHistory, in unit: WeightUnit) -> [Row] {
        rows.enumerated().map { index, row in
            guard row.completed == nil, row.entry.weight.isEmpty, let last = history.lastSets[index + 1] else {
                return row
            }
            var filled = row
            let reps = row.entry.reps.isEmpty ? String(last.set.reps) : row.entry.reps
            filled.entry = SetEntry(weight: Weight(last.set.weight, last.unit), in: unit, reps: reps)
            return filled
        }
    }

    /// The most exercises one workout holds.
    public static let maxExercises = 12

    /// `A` and a choice: another exercise in the workout, with its own sets, on screen.
    private mutating func addExercise(_ name: String, into outputs: inout [Output]) {
        if exerciseNames.contains(name) {
            notice = Notice("\(name) is in this workout already", kind: .refused)
            return
        }
        commitEdits(into: &outputs)
        if slots.isEmpty { slots = [currentSlot] } else { slots[exerciseIndex] = currentSlot }
        let slot = ExerciseSlot(
            exercise: name, rows: Array(repeating: Row(), count: settings.setCount),
            selection: FieldPosition(row: 0, field: .weight), history: .none, isLoadingHistory: true, pastBest: nil,
            session: nil, deleted: nil, restSinceLastSet: .zero)
        slots.append(slot)
        exerciseIndex = slots.count - 1
        show(slot)
        if pill == .keypad { pill = .start }
        outputs.append(.loadHistory(exercise: name))
        notice = Notice("\(name) added · [ ] move between the exercises")
    }

    /// `[` `]`: the exercise before or after, each keeping its sets.
    private mutating func switchExercise(by step: Int, into outputs: inout [Output]) {
        guard slots.count > 1 else {
            notice = Notice("One exercise in this workout · A adds another", kind: .refused)
            return
        }
        if let running = runningSet {
            notice = Notice("Finish set \(running.index + 1) first", kind: .refused)
            return
        }
        commitEdits(into: &outputs)
        move(to: (exerciseIndex + step % slots.count + slots.count) % slots.count)
        notice = Notice("\(settings.exercise) · exercise \(exerciseIndex + 1) of \(slots.count)")
    }

    /// Parks the exercise on screen and shows exercise `index`.
    private mutating func move(to index: Int) {
        guard slots.indices.contains(index), index != exerciseIndex else { return }
        slots[exerciseIndex] = currentSlot
        exerciseIndex = index
        show(slots[index])
        if pill == .keypad { pill = .start }
    }

    /// Ends the saved exercises not on screen with `status`.
    private mutating func endParked(status: SessionStatus, at now: Instant, into outputs: inout [Output]) {
        for index in parkedIndices {
            guard var parked = slots[index].session, parked.endedAt == nil else { continue }
            parked.endedAt = now
            slots[index].session = parked
            if parked.isInLog {
                outputs.append(.finishWorkout(parked.id, status: status, at: parked.date(at: now)))
            }
        }
    }

    /// `u`: every weight on screen in the other unit, converted (1 lb = 0.45359237 kg). Typed
    /// weights keep their exact value; saved sets stay saved in the workout's unit.
    private mutating func toggleUnit(into outputs: inout [Output]) {
        let old = settings.unit
        settings.unit = old == .kilograms ? .pounds : .kilograms
        for index in rows.indices {
            if let completed = rows[index].completed, !rows[index].isEdited, let session {
                rows[index].entry = SetEntry(
                    weight: Weight(completed.record.weight, session.unit), in: settings.unit,
                    reps: String(completed.record.reps))
            } else {
                rows[index].entry = rows[index].entry.converting(from: old, to: settings.unit)
            }
        }
        notice = Notice("Weights in \(settings.unit.rawValue), converted")
        outputs.append(.saveSettings(settings))
    }

    // MARK: Corrections

    /// Saves the correction typed into finished set `index`, or puts its saved numbers back
    /// (saying why) when the fields do not make a set.
    private mutating func commitEdit(of index: Int, into outputs: inout [Output]) {
        guard rows.indices.contains(index), rows[index].isEdited, var completed = rows[index].completed,
            let session
        else { return }
        rows[index].isEdited = false
        let entry = rows[index].entry
        let saved = completed.record
        guard entry.problem == nil, let weight = entry.weight(in: session.unit, shownIn: settings.unit),
            let reps = entry.repsValue
        else {
            let reason = entry.problem?.message(setNumber: index + 1, unit: settings.unit) ?? "not a set"
            rows[index].entry = SetEntry(
                weight: Weight(saved.weight, session.unit), in: settings.unit, reps: String(saved.reps))
            notice = Notice("Set \(index + 1) keeps its saved numbers: \(reason)", kind: .refused)
            return
        }
        guard weight != saved.weight || reps != saved.reps else { return }
        completed.record.weight = weight
        completed.record.reps = reps
        rows[index].completed = completed
        recomputeRecords()
        outputs.append(.saveSet(completed.record, workoutID: session.id))
        let shown = WeightText.display(weight, from: session.unit, in: settings.unit)
        notice = Notice("Set \(index + 1) corrected: \(shown) \(settings.unit.rawValue) × \(reps)")
    }

    /// Saves every correction still open.
    private mutating func commitEdits(into outputs: inout [Output]) {
        for index in rows.indices where rows[index].isEdited { commitEdit(of: index, into: &outputs) }
    }

    /// The records each finished set beat, again from the bests before this workout, after a
    /// set was finished, corrected or deleted.
    mutating func recomputeRecords() {
        var best = pastBest
        let unit = session?.unit ?? settings.unit
        for index in rows.indices {
            guard var completed = rows[index].completed else { continue }
            let bests = PersonalBest(weight: completed.record.weight, reps: completed.record.reps, unit: unit)
            // The first workout of an exercise has no records to beat.
            completed.beaten = pastBest == nil ? [] : best.map { $0.records(beatenBy: bests) } ?? []
            best = PersonalBest.including(completed.record, unit: unit, in: best)
            rows[index].completed = completed
        }
        history.best = best
    }

    /// `d`: deletes set `index` (a finished one from the saved workout too); `z` brings it back.
    private mutating func deleteSet(at index: Int, into outputs: inout [Output]) {
        guard rows.indices.contains(index), isEditable(index) else { return }
        commitEdits(into: &outputs)
        if let running = runningSet {
            notice = Notice("Finish set \(running.index + 1) first", kind: .refused)
            return
        }
        guard rows.count > 1 else {
            notice = Notice("A workout keeps at least one set", kind: .refused)
            return
        }
        let removed = rows.remove(at: index)
        if removed.completed != nil, let session {
            let highest = completedSets.count + 1
            renumber(from: index, into: &outputs)
            outputs.append(.deleteSet(number: highest, workoutID: session.id))
            recomputeRecords()
        }
        deleted = DeletedRow(index: index, row: removed)
        clampSelection()
        settings.setCount = rows.count
        outputs.append(.saveSettings(settings))
        notice = Notice("Set \(index + 1) deleted · z brings it back")
    }

    /// `z`: the set deleted last, back in its place.
    private mutating func undoDelete(into outputs: inout [Output]) {
        guard let deleted else {
            notice = Notice("Nothing deleted to bring back", kind: .refused)
            return
        }
        commitEdits(into: &outputs)
        if let running = runningSet {
            notice = Notice("Finish set \(running.index + 1) first", kind: .refused)
            return
        }
        guard rows.count < DumbbellsSettings.setCountRange.upperBound else {
            notice = Notice("At most \(DumbbellsSettings.setCountRange.upperBound) sets", kind: .refused)
            return
        }
        var row = deleted.row
        // Finished sets stay before the ones to do.
        let index = row.completed != nil ? min(deleted.index, completedSets.count) : max(deleted.index, currentIndex)
        row.isEdited = false
        rows.insert(row, at: min(index, rows.count))
        self.deleted = nil
        if row.completed != nil {
            renumber(from: index, into: &outputs)
            recomputeRecords()
        }
        selection = FieldPosition(row: min(index, rows.count - 1), field: .weight)
        settings.setCount = rows.count
        outputs.append(.saveSettings(settings))
        notice = Notice("Set \(index + 1) is back")
    }

    /// Gives the finished sets from row `index` on their row's number and saves them so.
    private mutating func renumber(from index: Int, into outputs: inout [Output]) {
        guard let session else { return }
        for row in index..<rows.count {
            guard var completed = rows[row].completed else { continue }
            completed.record.number = row + 1
            rows[row].completed = completed
            outputs.append(.saveSet(completed.record, workoutID: session.id))
        }
    }

    private mutating func changeSetCount(by change: Int, into outputs: inout [Output]) {
        let fewest = max(DumbbellsSettings.setCountRange.lowerBound, min(rows.count, currentIndex + 1))
        let count = min(DumbbellsSettings.setCountRange.upperBound, max(fewest, rows.count + change))
        guard count != rows.count else {
            notice = Notice(
                change > 0 ? "At most \(DumbbellsSettings.setCountRange.upperBound) sets" : "Set \(fewest) stays",
                kind: .refused)
            return
        }
        if count > rows.count {
            rows += Array(repeating: Row(), count: count - rows.count)
        } else {
            rows.removeLast(rows.count - count)
        }
        clampSelection()
        settings.setCount = count
        notice = Notice("\(count) \(count == 1 ? "set" : "sets")")
        outputs.append(.saveSettings(settings))
    }

    // MARK: Morph

    /// What decides the pill's look, apart from its timers: a change starts a morph.
    enum FaceIdentity: Hashable {
        case start(valid: Bool, number: Int)
        case active
        case keypad
        case restPicker
        case countdown
        case hidden
    }

    var faceIdentity: FaceIdentity {
        if isShowingSummary { return .hidden }
        switch pill {
        case .start:
            let index = currentIndex
            return .start(valid: index < rows.count && rows[index].entry.isValid, number: index + 1)
        case .active: return .active
        case .keypad: return .keypad
        case .restPicker: return .restPicker
        case .countdown: return .countdown
        }
    }

    private mutating func startMorph(from face: (face: PillFace, width: Int), at now: Instant) {
        guard !display.reducesMotion, size.width > 0 else {
            morph = nil
            return
        }
        morph = Morph(from: face.face, fromWidth: face.width, startedAt: now)
    }

    // MARK: Deadlines

    /// When the screen next changes by itself: the next frame of a morph (30 a second), else
    /// the next tick of the clocks on screen (the workout's, the set's and the rest's share one
    /// tick a second); `nil` when nothing moves.
    public func nextDeadline(after now: Instant) -> Instant? {
        var deadlines: [Instant] = []
        if isMorphing(at: now), let frame = morph?.nextFrame(after: now) {
            deadlines.append(frame)
        }
        if let clock, isWorkoutRunning {
            deadlines.append(clock.startedAt + .seconds(clock.ticks(at: now) + 1))
        }
        if case .countdown(let countdown) = pill {
            let left = countdown.secondsLeft(at: now)
            deadlines.append(left <= 1 ? countdown.endsAt : countdown.endsAt - .seconds(left - 1))
        }
        return deadlines.min()
    }
}
