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
    // MARK: State

    /// The profile's settings for this workout (set count, unit, rest lengths, exercise).
    public internal(set) var settings: DumbbellsSettings
    /// How the screen looks and moves.
    public let display: Display
    /// The size of the screen, from the last `.resize`.
    public internal(set) var size = Size.zero
    /// The table: one row per set.
    public internal(set) var rows: [Row]
    /// The selected field.
    public internal(set) var selection = FieldPosition(row: 0, field: .weight)
    /// The pill's state.
    public internal(set) var pill = Pill.start
    /// The sheets over the table, the newest on top: keys and clicks go to the top one, and Esc
    /// closes it (the pad and the rest picker are the pill's own states, closed by Esc first).
    public internal(set) var sheets = SheetStack<Sheet>()
    /// The sheet on top, if any.
    public var sheet: Sheet? { sheets.top }
    /// The exercise's last workout and best set.
    public internal(set) var history: ExerciseHistory
    /// Whether the history of a newly chosen exercise is still being looked up.
    public internal(set) var isLoadingHistory = false
    /// The message over the pill, until the next key.
    public internal(set) var notice: Notice?
    /// A problem the host reported (a save that failed); shown until it reports none.
    public internal(set) var problem: String?
    var session: Session?
    var morph: Morph?
    /// Rest taken since the last set finished (counted into the next set's `restBefore`).
    var restSinceLastSet = Duration.zero
    /// The best on record before this workout's sets.
    var pastBest: PersonalBest?
    /// The set deleted last, and where it was, for `z`.
    public internal(set) var deleted: DeletedRow?
    /// The exercises of the workout, in the order added, once there are several; the one at
    /// `exerciseIndex` is on screen (its entry here is stale while it is).
    var slots: [ExerciseSlot] = []
    /// Which of `slots` is on screen.
    public internal(set) var exerciseIndex = 0
    /// The selected field's editing: selected whole, or being typed into since the value Esc
    /// puts back.
    var editing = EntryEditing()
    /// Whether a field is being typed into: from a character typed (or erased) until Enter, Tab,
    /// an arrow, Esc or any other key that is no character; meanwhile letters are typed too.
    public var isTyping: Bool { editing.isTyping }
    /// Whether the sets to do on screen get the last workout's weights once the history arrives.
    var fillsWeights = false
    /// A workout that was cut off, put on screen by the first event (`carryOn(_:)`).
    var resuming: [DumbbellWorkout] = []
    /// Every exercise the member has a workout of (logged here or imported), the most recent
    /// first, as the store last read them: always in the exercise picker.
    public internal(set) var loggedExercises: [String] = []
    let wallClock: @Sendable () -> Date
    let makeIdentifier: @Sendable () -> UUID

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

    // MARK: Derived state

    /// The exercises of the workout, in order (one until another is added).
    public var exerciseNames: [String] {
        slots.isEmpty
            ? [settings.exercise] : slots.indices.map { $0 == exerciseIndex ? settings.exercise : slots[$0].exercise }
    }

    /// The exercise on screen as a slot.
    var currentSlot: ExerciseSlot {
        ExerciseSlot(
            exercise: settings.exercise, rows: rows, selection: selection, history: history,
            isLoadingHistory: isLoadingHistory, pastBest: pastBest, session: session, deleted: deleted,
            restSinceLastSet: restSinceLastSet, fillsWeights: fillsWeights)
    }

    /// Puts `slot` on screen.
    mutating func show(_ slot: ExerciseSlot) {
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
    var allSlots: [ExerciseSlot] {
        slots.isEmpty ? [currentSlot] : slots.indices.map { $0 == exerciseIndex ? currentSlot : slots[$0] }
    }

    /// The workout's `session_id`: the id of its first exercise saved.
    var groupID: UUID? {
        allSlots.compactMap(\.session).filter(\.isInLog).min { $0.startedAt < $1.startedAt }?.id ?? session?.id
    }

    /// The workout's clock: the exercise whose set 1 started first. Every timer on screen ticks
    /// with it, whichever exercise is shown, so one wake-up a second serves them all.
    var clock: Session? {
        allSlots.compactMap(\.session).min { $0.startedAt < $1.startedAt }
    }

    /// When the whole workout ended (its every exercise started has), freezing its clock.
    var clockEnd: Instant? {
        let sessions = allSlots.compactMap(\.session)
        guard !sessions.isEmpty, sessions.allSatisfy({ $0.endedAt != nil }) else { return nil }
        return sessions.compactMap(\.endedAt).max()
    }

    /// The exercises not on screen, by index.
    var parkedIndices: [Int] { slots.indices.filter { $0 != exerciseIndex } }

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
        // Once over, the figure the summary and history show (from the dates saved).
        if let clockEnd { return clock.wholeSeconds(until: clockEnd) }
        return max(0, clock.ticks(at: now))
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
        // An open keys sheet lists `l` (copy last time) once there is a last time.
        if sheets.isShowingKeys { sheets.refreshKeys(KeysSheet(tableBindings)) }
    }

    /// Shows `message` (a save that failed) over the pill until the host clears it with `nil`.
    public mutating func showProblem(_ message: String?) {
        problem = message
    }

    // MARK: Events

    /// Reacts to `event` at `now` and returns what the host should do.
    public mutating func handle(_ event: Event, at now: Instant) -> [Output] {
        var outputs: [Output] = []
        if !resuming.isEmpty { resumeWaitingWorkout(at: now, into: &outputs) }
        let before = self
        advance(to: now, into: &outputs)
        switch event {
        case .resize(let newSize):
            size = newSize
            morph = nil
        case .key:
            notice = nil
            route(event, at: now, into: &outputs)
        case .mouse(let mouse):
            if mouse.kind == .release { notice = nil }
            // A click or the wheel anywhere but on the pad's keys and the help bar (whose hints
            // do what their keys do) takes the value typed.
            if mouse.kind != .press, mouse.kind != .drag, !isTypingClick(mouse, at: now) {
                commitTyping(into: &outputs)
            }
            route(event, at: now, into: &outputs)
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
                outputs.append(
                    .save(.dumbbellFinish(workoutID: session.id, status: .cutOff, at: session.date(at: now))))
            }
            endParked(status: .cutOff, at: now, into: &outputs)
        case .tick, .suspend, .resume, .focusIn, .focusOut, .message:
            // Timers are deadlines on the monotonic clock: through a suspension they keep
            // counting (a set and a rest are real time), and `advance` caught up above.
            break
        }
        // The field typed into is the selected one, on screen under no sheet.
        if isTyping, selection != before.selection || exerciseIndex != before.exerciseIndex || sheets.coversScreen {
            editing.commit()
        }
        if faceIdentity != before.faceIdentity && event != .terminate {
            startMorph(from: before.currentFace(at: now), at: now)
        }
        // An open keys sheet lists the keys as they are now (a rest ended, a set finished).
        if sheets.isShowingKeys { sheets.refreshKeys(KeysSheet(tableBindings)) }
        return outputs
    }

    /// Ends a rest whose time is up (with the bell) and forgets a morph that is over.
    mutating func advance(to now: Instant, into outputs: inout [Output]) {
        if case .countdown(let countdown) = pill, now >= countdown.endsAt {
            endRest(countdown, at: countdown.endsAt)
            outputs.append(.effect(.bell))
        }
        if let morph, now >= morph.endsAt { self.morph = nil }
    }
}
