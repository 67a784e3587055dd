import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The pill's state machine: sets started and finished, rests, the summary, leaving, the morph.

extension DumbbellsWorkout {
    // MARK: Sets

    mutating func startSet(at now: Instant, into outputs: inout [Output]) {
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

    mutating func finish(_ running: RunningSet, at now: Instant, into outputs: inout [Output]) {
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
        // The finished set shows the time history shows: from the dates saved.
        rows[running.index].completed = CompletedSet(record: record, seconds: record.wholeSeconds)
        recomputeRecords()
        let beaten = rows[running.index].completed?.beaten ?? []
        if !session.isInLog {
            session.isInLog = true
            outputs.append(
                .save(
                    .dumbbellWorkout(
                        DumbbellWorkout(
                            id: session.id, exercise: settings.exercise, unit: session.unit,
                            startedAt: session.startedOn, sessionID: groupID ?? session.id))))
        }
        outputs.append(
            .save(.dumbbellSet(record, workoutID: session.id, exercise: settings.exercise, unit: session.unit)))
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

    func personalBestMessage(_ set: DumbbellSet, beaten: BeatenRecords) -> String {
        let unit = settings.unit
        let exact = set.exactWeight(in: session?.unit ?? unit)
        let weight = exact.text(in: unit)
        var what: [String] = []
        if beaten.contains(.volume) {
            let volume = Figures.volumeText(Figures.volume(exact, reps: set.reps, in: unit))
            what.append("volume \(volume) \(unit.rawValue)")
        }
        if beaten.contains(.oneRepMax), let estimate = Figures.oneRepMax(exact, reps: set.reps, in: unit) {
            let text = Figures.oneRepMaxText(estimate)
            what.append("est. 1RM \(text) \(unit.rawValue) (\(PersonalBest.formula))")
        }
        return "★ Personal best: \(weight) \(unit.rawValue) × \(set.reps), " + what.joined(separator: ", ")
    }

    /// `x`: asks before ending the workout (no set can be added to it after), when it can end.
    mutating func askToEndWorkout() {
        if let running = runningSet {
            notice = Notice("Finish set \(running.index + 1) first", kind: .refused)
            return
        }
        let slots = allSlots
        let done = slots.reduce(0) { $0 + $1.rows.filter { $0.completed != nil }.count }
        guard done > 0 else {
            notice = Notice("Finish a set first; then x shows the summary", kind: .refused)
            return
        }
        let open = slots.reduce(0) { $0 + $1.rows.filter { $0.completed == nil }.count }
        let left = open == 1 ? "1 set is not done" : "\(open) sets are not done"
        let typed = slots.contains { $0.rows.contains { $0.completed == nil && $0.entry.isTyped } }
        sheets.push(
            .endWorkout(
                ConfirmSheet(
                    "End the workout? \(left)\(typed ? " (the numbers typed are dropped)" : "");"
                        + " the summary shows the \(done) done.", title: "End?", confirm: "End", cancel: "Keep going")))
    }

    /// The end question, `y`: ends the workout and shows the summary of the sets done, of every
    /// exercise.
    mutating func endWorkout(at now: Instant, into outputs: inout [Output]) {
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
    mutating func showSummary(endingAt end: Instant, into outputs: inout [Output]) {
        if var session, session.endedAt == nil {
            session.endedAt = end
            self.session = session
            if session.isInLog {
                outputs.append(
                    .save(.dumbbellFinish(workoutID: session.id, status: .finished, at: session.date(at: end))))
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
                    unit: settings.unit, totalSeconds: clock.map { $0.wholeSeconds(until: end) } ?? 0)))
    }

    /// Restart: a new workout of the same exercises, each with as many empty sets as it had; the
    /// one just done becomes each exercise's "last".
    mutating func restart() {
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
    mutating func askToLeave(at now: Instant, into outputs: inout [Output]) {
        if let message = leaveQuestion(at: now) {
            sheets.push(.leave(ConfirmSheet(message)))
        } else {
            leave(at: now, into: &outputs)
        }
    }

    /// What leaving now would lose, or `nil` when nothing is in progress: a running set, a set
    /// typed in and not finished, a rest counting down, and finished sets of a workout that has
    /// not reached its summary (leaving marks it abandoned).
    public func leaveQuestion(at now: Instant) -> String? {
        guard !isShowingSummary else { return nil }
        var losses: [String] = []
        if let running = runningSet {
            losses.append("Set \(running.index + 1) in progress is not saved.")
        }
        let typed = rows.indices.filter { isOpen($0) && $0 != runningSet?.index && rows[$0].entry.isTyped }
        if typed.count == 1 {
            losses.append("Set \(typed[0] + 1) as typed is not saved.")
        } else if !typed.isEmpty {
            losses.append("Sets \(typed.map { String($0 + 1) }.joined(separator: ", ")) as typed are not saved.")
        }
        let parked = parkedIndices.filter { slots[$0].rows.contains { $0.completed == nil && $0.entry.isTyped } }
        if !parked.isEmpty {
            losses.append("Sets typed for \(parked.map { slots[$0].exercise }.joined(separator: ", ")) are not saved.")
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

    /// The question on screen (Leave, End, Delete a routine or a past set), if one is.
    public var pendingQuestion: String? { pendingConfirmation?.question }

    /// The question on screen itself, so the too-small notice shows its own labels ("y Delete ·
    /// n Keep") and the run loop holds back keys that came with the key that asked it.
    public var pendingConfirmation: ConfirmSheet? {
        switch sheet {
        case .leave(let question), .endWorkout(let question), .deleteRoutine(let question, _),
            .deletePastSet(let question, _, _), .deleteSet(let question, _):
            return question
        default: return nil
        }
    }

    /// `q`, Esc: leave. A workout with saved sets that did not reach the summary is marked
    /// abandoned; a running set is dropped. The screen is left as Restart leaves it, so nothing
    /// of the old workout is saved again if it were shown once more.
    mutating func leave(at now: Instant, into outputs: inout [Output]) {
        commitEdits(into: &outputs)
        if var session, session.endedAt == nil {
            session.endedAt = now
            self.session = session
            if session.isInLog {
                outputs.append(
                    .save(.dumbbellFinish(workoutID: session.id, status: .abandoned, at: session.date(at: now))))
            }
        }
        endParked(status: .abandoned, at: now, into: &outputs)
        restart()
        outputs.append(.effect(.quit))
    }

    // MARK: Rest

    mutating func openRestPicker() {
        let seconds = settings.rest(for: settings.exercise)
        switch pill {
        case .start: pill = .restPicker(RestPicker(origin: .start, seconds: seconds))
        case .keypad: pill = .restPicker(RestPicker(origin: .keypad, seconds: seconds))
        case .active(let running): pill = .restPicker(RestPicker(origin: .active(running), seconds: seconds))
        case .restPicker, .countdown: break
        }
    }

    /// Takes the focused rest: a preset, the length typed (refused with the reason when it is
    /// none), or no rest.
    mutating func choose(_ picker: RestPicker, at now: Instant, into outputs: inout [Output]) {
        let seconds: Int
        if settings.restPresets.indices.contains(picker.focus) {
            seconds = settings.restPresets[picker.focus]
        } else if picker.focus == settings.restPresets.count {
            switch RestPicker.seconds(picker.length.text) {
            case .success(let typed): seconds = typed
            case .failure(let problem):
                notice = Notice(problem.message, kind: .refused)
                return
            }
        } else {
            pill = picker.origin.pill
            return
        }
        if settings.restByExercise[settings.exercise] != seconds {
            settings.restByExercise[settings.exercise] = seconds
            outputs.append(.saveSettings(settings))
        }
        startRest(seconds: seconds, origin: picker.origin, at: now)
    }

    /// After a set: the exercise's rest counts down by itself, or with auto rest off, the picker.
    mutating func offerRest(at now: Instant) {
        if settings.autoRest {
            startRest(seconds: settings.rest(for: settings.exercise), origin: .start, at: now)
        } else {
            pill = .restPicker(RestPicker(origin: .start, seconds: settings.rest(for: settings.exercise)))
        }
    }

    /// `R`: auto rest on or off.
    mutating func toggleAutoRest(into outputs: inout [Output]) {
        settings.autoRest.toggle()
        notice = Notice(
            settings.autoRest
                ? "Auto rest on: \(settings.rest(for: settings.exercise)) s after each set of \(settings.exercise)"
                : "Auto rest off: r chooses a rest")
        outputs.append(.saveSettings(settings))
    }

    /// A rest of `seconds` counting down from `now`, returning to `origin`.
    mutating func startRest(seconds: Int, origin: RestOrigin, at now: Instant) {
        var endsAt = now + .seconds(seconds)
        if let clock, isWorkoutRunning {
            // Ends on a tick of the workout's clock, so one wake-up a second serves both.
            endsAt = clock.startedAt + .seconds(clock.ticks(at: endsAt))
        }
        pill = .countdown(RestCountdown(seconds: seconds, startedAt: now, endsAt: endsAt, origin: origin))
    }

    /// `+` `-` during a rest: it ends `change` seconds later (or sooner); a rest shortened to
    /// nothing ends now.
    mutating func adjustRest(by change: Int, at now: Instant, into outputs: inout [Output]) {
        guard case .countdown(var countdown) = pill else { return }
        countdown.adjust(by: change, at: now)
        if countdown.timer.isUp(at: now) {
            skipRest(countdown, at: now, into: &outputs)
            notice = Notice("Rest over")
            return
        }
        pill = .countdown(countdown)
        let left = countdown.secondsLeft(at: now)
        notice = Notice("Rest \(change > 0 ? "+" : "−")\(abs(change)) s · \(Self.clock(left)) left")
    }

    /// A key typed into the rest picker's length (focused on it first).
    mutating func typeRestLength(_ key: Key) {
        guard case .restPicker(var picker) = pill else { return }
        if picker.focus != settings.restPresets.count {
            picker.focus = settings.restPresets.count
            picker.length.select()
        }
        _ = picker.length.handle(key)
        pill = .restPicker(picker)
    }

    /// The member ends a rest before it ran out (Skip, a set started, the rest shortened to
    /// nothing). A rest after a saved set is saved as ended, so a workout carried on after a cut
    /// does not count it again.
    mutating func skipRest(_ countdown: RestCountdown, at now: Instant, into outputs: inout [Output]) {
        endRest(countdown, at: now)
        if case .active = countdown.origin { return }
        // Kept on the exercise of the workout's last set (the one a carried-on rest follows).
        func lastSet(_ slot: ExerciseSlot) -> Date {
            slot.rows.compactMap { $0.completed?.record.finishedAt }.max() ?? .distantPast
        }
        let saved = allSlots.filter { $0.session?.isInLog == true }
        guard let slot = saved.max(by: { lastSet($0) < lastSet($1) }), let session = slot.session else { return }
        outputs.append(.save(.dumbbellRestEnd(workoutID: session.id, at: session.date(at: now))))
    }

    mutating func endRest(_ countdown: RestCountdown, at now: Instant) {
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

    mutating func startMorph(from face: (face: PillFace, width: Int), at now: Instant) {
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
