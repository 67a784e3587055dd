import Foundation
import Records
import TermUI
import Testing

@testable import Dumbbells

/// What must hold for a workout in any state, after any sequence of events.
enum Invariants {
    /// The words only one pill state shows; a drawn pill shows exactly one of them.
    static let pillMarks: [(Pill.Kind, [String])] = [
        (.start, ["Start set", "and reps for set", "All sets done"]),
        (.active, ["[Finish]"]),
        (.keypad, ["⌫"]),
        (.restPicker, ["No rest"]),
        (.countdown, ["Skip"]),
    ]

    /// What the rules look at, taken from a workout at an instant (a test can break a copy).
    struct Snapshot {
        var rows: [DumbbellsWorkout.Row]
        var setCount: Int
        /// How many exercises the workout holds (each keeps its own set count).
        var exerciseCount = 1
        var pill: Pill
        var runningSet: RunningSet?
        var currentIndex: Int
        var isShowingSummary: Bool
        var isWorkoutRunning: Bool
        var isMorphing: Bool
        var deadline: Instant?
        var selection: FieldPosition
        /// Whether the selected field is being typed into (its value not yet taken).
        var isTyping = false
        var now: Instant
        var unit: WeightUnit
        var savedUnit: WeightUnit

        init(_ workout: DumbbellsWorkout, at now: Instant) {
            rows = workout.rows
            setCount = workout.settings.setCount
            exerciseCount = workout.exerciseNames.count
            pill = workout.pill
            runningSet = workout.runningSet
            currentIndex = workout.currentIndex
            isShowingSummary = workout.isShowingSummary
            isWorkoutRunning = workout.isWorkoutRunning
            isMorphing = workout.isMorphing(at: now)
            deadline = workout.nextDeadline(after: now)
            selection = workout.selection
            isTyping = workout.isTyping
            self.now = now
            unit = workout.settings.unit
            savedUnit = workout.savedUnit
        }
    }

    /// The broken rules, each as a sentence (empty when all hold).
    static func problems(in workout: DumbbellsWorkout, at now: Instant) -> [String] {
        problems(in: Snapshot(workout, at: now))
    }

    /// The broken rules of a snapshot.
    static func problems(in state: Snapshot) -> [String] {
        var problems: [String] = []
        let rows = state.rows
        // Completed sets are a prefix of the table.
        if let open = rows.firstIndex(where: { $0.completed == nil }),
            rows[open...].contains(where: { $0.completed != nil })
        {
            problems.append("completed sets are not a prefix: \(rows.map { $0.completed != nil })")
        }
        // A completed set has a valid weight and reps, and saved exactly those (unless a
        // correction is being typed into the selected field: Enter, Tab or an arrow saves it, Esc
        // puts it back).
        for (index, row) in rows.enumerated() {
            guard let completed = row.completed else { continue }
            if completed.record.finishedAt < completed.record.startedAt {
                problems.append("set \(index + 1) ends before it starts")
            }
            if completed.record.number != index + 1 {
                problems.append("set \(index + 1) saved as \(completed.record.number)")
            }
            if state.isTyping && index == state.selection.row { continue }
            // A weight converted from the other unit may be beyond what the field takes (500 kg
            // is 1102.5 lb); the saved set shows as it is.
            if !row.entry.isValid && row.entry.converted == nil {
                problems.append("set \(index + 1) completed with \(row.entry)")
            }
            let shown = row.entry.weight(in: state.savedUnit, shownIn: state.unit) ?? -1
            if abs(completed.record.weight - shown) > 1e-9 || completed.record.reps != row.entry.repsValue {
                problems.append("set \(index + 1) saved other numbers than it shows")
            }
        }
        for (index, row) in rows.enumerated() {
            guard row.completed != nil else { continue }
            _ = index
        }
        // The table has 1–10 rows, as the settings say.
        // (Each exercise of a workout of several keeps its own count.)
        if !DumbbellsSettings.setCountRange.contains(rows.count)
            || (rows.count != state.setCount && state.exerciseCount == 1)
        {
            problems.append("\(rows.count) rows for a setting of \(state.setCount)")
        }
        // The pill is in exactly one state, and the running set (if any) is the current one,
        // outside the summary.
        if let running = state.runningSet {
            if running.index != state.currentIndex { problems.append("set \(running.index + 1) runs out of order") }
            if state.isShowingSummary { problems.append("a set runs in the summary") }
            if state.pill.kind == .start || state.pill.kind == .keypad { problems.append("a set runs behind Start") }
        }
        // No timer runs in the summary: the pill rests on Start, the workout's clock is stopped,
        // and nothing wakes the screen once the pill is still.
        if state.isShowingSummary {
            if state.pill != .start { problems.append("the pill is \(state.pill.kind) in the summary") }
            if state.isWorkoutRunning { problems.append("the workout clock runs in the summary") }
            if !state.isMorphing, let deadline = state.deadline {
                problems.append("the summary asks to wake at \(deadline)")
            }
        }
        // A countdown ends in the future (an ended one has returned to its origin).
        if case .countdown(let countdown) = state.pill, countdown.endsAt <= state.now {
            problems.append("a countdown past its end is still on the pill")
        }
        // The selection is on the table (finished sets too: they can be corrected).
        let selection = state.selection
        if !rows.indices.contains(selection.row) {
            problems.append("selection \(selection) is off the table")
        }
        // The deadline is never in the past.
        if let deadline = state.deadline, deadline <= state.now {
            problems.append("deadline \(deadline) is not after \(state.now)")
        }
        return problems
    }

    /// Checks the drawn pill: outside the summary and any morph, exactly one state's words show
    /// in the pill's rows, and they are its state's.
    static func pillProblems(in workout: DumbbellsWorkout, canvas: Canvas, at now: Instant) -> [String] {
        guard !workout.isShowingSummary, !workout.sheets.coversScreen, !workout.isMorphing(at: now),
            workout.size.width >= 40, workout.size.height >= 12
        else { return [] }
        // Only the pill's three rows (reading the whole canvas as text is slow in debug builds).
        let pill = workout.layout.pillArea
        let pillRows = (pill.y..<pill.maxY).map { y in
            var row = String.UnicodeScalarView()
            for x in 0..<canvas.size.width {
                let glyph = canvas[x, y].glyph
                if !glyph.isContinuation, let scalar = Unicode.Scalar(glyph.first) { row.append(scalar) }
            }
            return String(row)
        }.joined(separator: "\n")
        let shown = pillMarks.filter { _, marks in marks.contains { pillRows.contains($0) } }.map(\.0)
        guard shown == [workout.pill.kind] else {
            return ["the pill shows \(shown) for state \(workout.pill.kind):\n\(pillRows)"]
        }
        return []
    }

    /// Records an issue for each broken rule, saying where.
    static func check(
        _ workout: DumbbellsWorkout, at now: Instant, context: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for problem in problems(in: workout, at: now) {
            Issue.record("\(context): \(problem)", sourceLocation: sourceLocation)
        }
    }
}
