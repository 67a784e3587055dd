import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The pages' state machine: leaving, moving between pages (asking before a countdown running
/// or paused is dropped), Start and Done, pausing, the rating and the history sheet.
extension HIITWorkout {
    // MARK: Leaving

    /// What leaving now would lose, or `nil` when nothing is in progress: a countdown running or
    /// paused (the 3-2-1 and Tabata rounds too). One that reached zero was saved as it did.
    public var leaveQuestion: String? {
        if run != nil {
            let saved = runSessions.count
            let done = saved == 1 ? "1 work interval is saved" : "\(saved) work intervals are saved"
            return "The circuit is under way: \(done), the one running is not."
        }
        return countdownLoss
    }

    /// What dropping the countdown on screen would lose, or `nil` when there is none or it
    /// reached zero (it was saved then): a countdown running or paused, the 3-2-1 and Tabata
    /// rounds too.
    var countdownLoss: String? {
        guard let index = exerciseIndex, let countdown, !countdown.isFinished else { return nil }
        let name = exercises[index].name
        let rounds = countdown.intervals.rounds
        if rounds > 1, countdown.round > 0 {
            return "\(name), round \(countdown.round) of \(rounds), is not saved."
        }
        return "\(name) in progress is not saved."
    }

    /// The leave question on screen, if it is.
    public var pendingQuestion: String? { pendingConfirmation?.question }

    /// The question on screen itself, so a screen showing it as text (the too-small notice)
    /// shows its own labels: "y Reset · n Keep", "y Stop · n Go on".
    public var pendingConfirmation: ConfirmSheet? {
        switch sheet {
        case .leave(let question), .discard(let question, _): return question
        default: return nil
        }
    }

    /// Leaves the workout (an exercise whose countdown reached zero is already saved).
    mutating func leave(into outputs: inout [Output]) {
        outputs.append(.keepPage(pageNumber))
        outputs.append(.effect(.quit))
    }

    // MARK: Actions

    /// The page `action` goes to (Welcome or an exercise), or `nil` for none.
    func destination(of action: HIITAction) -> Page? {
        switch (action, page) {
        case (.show(let target), _): return target
        case (.previousPage, .welcome): return nil
        case (.previousPage, .exercise(let index)): return index == 0 ? .welcome : .exercise(index - 1)
        case (.nextPage, .welcome): return .exercise(0)
        case (.nextPage, .exercise(let index)): return index + 1 < exercises.count ? .exercise(index + 1) : nil
        default: return nil
        }
    }

    /// Yes to the question before dropping a countdown: the page change or Reset it stood for.
    mutating func discard(for action: HIITAction) {
        switch action {
        case .reset: resetCountdown()
        default: destination(of: action).map { show($0) }
        }
    }

    mutating func resetCountdown() {
        countdown = nil
        countdownSaved = false
        startedAt = nil
    }

    /// Shows `newPage`. A countdown running or paused is dropped only after the member said yes
    /// to the question; one that reached zero was saved as it did.
    mutating func show(_ newPage: Page) {
        guard newPage != page else { return }
        page = newPage
        resetCountdown()
        demonstrationStart = nil
        stillPose = 0
    }

    /// Get Started, Start or Done, whichever the page shows; Done only once the countdown is over.
    mutating func pressPrimaryButton(at now: Instant, into outputs: inout [Output]) {
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
    mutating func recordFinishedExercise(into outputs: inout [Output]) {
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
        outputs.append(.save(.hiitExercise(session)))
    }

    mutating func togglePause(at now: Instant) {
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

    mutating func adjust(bySeconds seconds: Int, at now: Instant, into outputs: inout [Output]) {
        guard let index = exerciseIndex else { return }
        guard var countdown else {
            intervals[index] = intervals[index].addingWork(seconds: seconds)
            return
        }
        countdown.adjust(bySeconds: seconds, at: now)
        self.countdown = countdown
        advanceCountdown(to: now, into: &outputs)
    }

    mutating func toggleTabata() {
        guard let index = exerciseIndex, countdown == nil else { return }
        intervals[index] =
            intervals[index].hasRounds ? .single(seconds: configuration.exerciseLength) : configuration.tabata
    }

    mutating func toggleDemonstration(at now: Instant) {
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
    mutating func rate(_ rating: Int, into outputs: inout [Output]) {
        guard let index = exerciseIndex, HIITSession.ratingRange.contains(rating) else { return }
        let name = exercises[index].name
        guard ratings[name] != rating else { return }
        ratings[name] = rating
        outputs.append(.keepRatings(ratings))
        if let id = recorded[name], let position = history.firstIndex(where: { $0.id == id }) {
            history[position].rating = rating
            outputs.append(.save(.hiitExercise(history[position])))
            if let summary = highFiveSummary {
                highFiveSummary = HighFiveSummary(
                    exercises: summary.exercises.map { $0.id == id ? history[position] : $0 }, streak: summary.streak)
            }
        }
    }

    mutating func openHistory() {
        historyToday = wallClock()
        historyScroll = ScrollState(selection: nil)
        sheets.push(.history)
    }

    mutating func scrollHistory(by rows: Int) {
        let layout = HistorySheetLayout(screen: size, workout: self)
        let days = HistorySummary.days(of: history, calendar: historyCalendar).count
        historyScroll.move(by: rows, count: days)
        _ = historyScroll.visibleRows(count: days, height: layout.listRows)
    }
}
