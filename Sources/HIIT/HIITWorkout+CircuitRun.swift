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
    mutating func startRun(at now: Instant) {
        guard run == nil, phase == .welcome || phase == .ready else { return }
        countdown = nil
        countdownSaved = false
        runSessions = []
        run = CircuitRun(circuit: circuit, at: now)
    }

    /// Moves the countdown on to `now`, ringing as it says; a countdown that reaches zero is

}
