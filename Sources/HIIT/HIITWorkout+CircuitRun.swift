import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The circuit run hands-free (`c`); the circuits sheet (`e`) is in HIITWorkout+Circuits.swift.
extension HIITWorkout {
    /// Moves the hands-free circuit on to `now`: each work interval is saved as it ends, and
    /// the High Five sums the circuit up once the cool-down ends.
    mutating func advanceRun(to now: Instant, into outputs: inout [Output]) {
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
            outputs.append(.save(.hiitExercise(session)))
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

    /// `s` while the circuit runs: the stretch in progress ends now (the warm-up too).
    mutating func skipStretch(at now: Instant, into outputs: inout [Output]) {
        guard var run else { return }
        run.skip(at: now)
        self.run = run
        advanceRun(to: now, into: &outputs)
    }

    /// `+` or `-` while the circuit runs: ten seconds more or less left in the stretch.
    mutating func adjustRun(bySeconds seconds: Int, at now: Instant, into outputs: inout [Output]) {
        guard var run else { return }
        run.adjust(bySeconds: seconds, at: now)
        self.run = run
        advanceRun(to: now, into: &outputs)
    }

    /// Enter during an AMRAP: one more round done.
    mutating func markRoundDone() {
        run?.markRoundDone()
    }

    /// Saves a circuit stopped before its end as left early: the exercise whose work was under
    /// way (with the whole seconds of it done), or the next one when a rest or the warm-up ran,
    /// with `completed` false (none once only the cool-down was left), which history and the export show as abandoned, "left early".
    mutating func recordCircuitLeftEarly(at now: Instant, into outputs: inout [Output]) {
        guard run != nil else { return }
        advanceRun(to: now, into: &outputs)
        guard let run, !run.isFinished else { return }
        let exercise: Int
        var seconds = 0
        switch run.step {
        case .work(let index, _):
            exercise = index
            seconds = max(0, run.circuit.exercises[index].work - run.secondsLeft(at: now))
        case .warmUp, .rest:
            guard let next = run.nextExercise else { return }
            exercise = next
        case .coolDown:
            // Every work interval is done: the circuit was not left early.
            return
        }
        let name = run.circuit.exercises[exercise].name
        let session = HIITSession(
            id: makeIdentifier(), exercise: name, startedAt: wallClock().addingTimeInterval(-Double(seconds)),
            duration: Double(seconds), completed: false, rating: nil)
        let position = history.firstIndex { $0.startedAt <= session.startedAt } ?? history.count
        history.insert(session, at: position)
        runSessions.append(session)
        outputs.append(.save(.hiitExercise(session)))
    }

    /// Starts the circuit hands-free (`c`), from a page with no countdown under way.
    mutating func startRun(at now: Instant) {
        guard run == nil, phase == .welcome || phase == .ready else { return }
        countdown = nil
        countdownSaved = false
        runSessions = []
        run = CircuitRun(circuit: circuit, at: now)
    }

    /// Moves the countdown on to `now`, ringing as it says; a countdown that reaches zero is

}
