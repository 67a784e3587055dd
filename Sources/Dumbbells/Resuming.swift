import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Carrying on a workout that was cut off: its exercises and saved sets back in the table, its
// clock and the rest still to run, with a one-line notice.

extension DumbbellsWorkout {
    /// Opens on `exercises`, the exercises of a workout that was cut off (as saved, oldest first):
    /// it is on screen from the first event on, its saved sets done, the sets still to do open,
    /// its clock running from its real start and a rest still under way counting down. An empty
    /// list changes nothing.
    public mutating func carryOn(_ exercises: [DumbbellWorkout]) {
        resuming = exercises.sorted { $0.startedAt < $1.startedAt }
    }

    /// Puts the workout waiting in `resuming` on screen at `now` (the first event).
    mutating func resumeWaitingWorkout(at now: Instant, into outputs: inout [Output]) {
        let exercises = resuming
        resuming = []
        guard !exercises.isEmpty, clock == nil else { return }
        let wallNow = wallClock()
        func instant(_ date: Date) -> Instant { now - .seconds(max(0, wallNow.timeIntervalSince(date))) }
        let resumed = exercises.map { exercise in
            let sets = exercise.sets.sorted { $0.number < $1.number }
            let count = min(max(settings.setCount, sets.map(\.number).max() ?? 0), Self.maxResumedSets)
            let rows = (0..<count).map { index in
                guard let set = sets.first(where: { $0.number == index + 1 }) else { return Row() }
                return Row(
                    entry: SetEntry(
                        weight: Weight(set.weight, exercise.unit), in: settings.unit, reps: String(set.reps)),
                    completed: CompletedSet(record: set, seconds: max(0, Int(set.duration))))
            }
            let open = rows.firstIndex { $0.completed == nil } ?? max(0, rows.count - 1)
            return ExerciseSlot(
                exercise: exercise.exercise, rows: rows, selection: FieldPosition(row: open, field: .weight),
                history: .none, isLoadingHistory: true, pastBest: nil,
                session: Session(
                    id: exercise.id, startedAt: instant(exercise.startedAt), startedOn: exercise.startedAt,
                    unit: exercise.unit, isInLog: true),
                deleted: nil, restSinceLastSet: .zero)
        }
        // On screen: the exercise worked on last, or the next with a set to do.
        let latest = exercises.indices.max { exercises[$0].lastActivity < exercises[$1].lastActivity } ?? 0
        let order = Array(resumed.indices[latest...]) + Array(resumed.indices[..<latest])
        let shown = order.first { resumed[$0].hasOpenSet } ?? latest
        slots = resumed.count > 1 ? resumed : []
        exerciseIndex = resumed.count > 1 ? shown : 0
        show(resumed[shown])
        pill = .start
        sheets.removeAll()
        deleted = nil
        recomputeRecords()
        outputs += resumed.map { .loadHistory(exercise: $0.exercise) }
        // The rest after the last set, as far as it has run.
        let lastSet = exercises.flatMap(\.sets).map(\.finishedAt).max()
        // A rest skipped before the cut is over: only the rest it took counts.
        let skipped = exercises.compactMap(\.restEndedAt).max().flatMap { ended in
            lastSet.map { ended >= $0 ? ended.timeIntervalSince($0) : nil } ?? nil
        }
        if let skipped, hasOpenSetInWorkout {
            restSinceLastSet = .milliseconds(Int64((skipped * 1000).rounded()))
        } else if let lastSet, settings.autoRest, hasOpenSetInWorkout {
            let length = settings.rest(for: settings.exercise)
            let ran = wallNow.timeIntervalSince(lastSet)
            if ran < Double(length) {
                startRest(seconds: length, origin: .start, at: instant(lastSet))
            } else {
                restSinceLastSet = .seconds(length)
            }
        }
        let saved = exercises.reduce(0) { $0 + $1.sets.count }
        let last = exercises.map(\.lastActivity).max() ?? wallNow
        notice = Notice(
            "Carried on: the workout cut off \(Self.ago(wallNow.timeIntervalSince(last)))"
                + " · \(saved) \(saved == 1 ? "set" : "sets") kept · x ends it")
    }

    /// Whether any exercise of the workout has a set still to do.
    var hasOpenSetInWorkout: Bool { allSlots.contains { $0.hasOpenSet } }

    /// The most sets a carried-on exercise shows (as many as the set count allows).
    static let maxResumedSets = 99

    /// "just now", "4 min ago", "2 h 5 min ago".
    static func ago(_ seconds: TimeInterval) -> String {
        let minutes = Int(max(0, seconds) / 60)
        if minutes < 1 { return "just now" }
        if minutes < 60 { return "\(minutes) min ago" }
        return "\(minutes / 60) h \(minutes % 60) min ago"
    }
}
