import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The parts of a dumbbell workout: what it asks of its host, its sheets, rows and sessions.

extension DumbbellsWorkout {
    /// What the workout asks its host to do.
    public enum Output: Equatable, Sendable {
        /// An effect for the run loop (`.bell`, `.quit`). `.quit` means "leave the workout".
        case effect(Effect)
        /// A change to the member's data, as the command the host queues and the store carries
        /// out: a new workout (before its first set), a finished set (a set of the same number is
        /// replaced: a correction, or a set renumbered after a deletion), a set deleted, the end
        /// of a workout.
        case save(UnsavedStep)
        /// Look up the history of this exercise and hand it back with `receive(_:for:)`.
        case loadHistory(exercise: String)
        /// Keep these settings for the profile.
        case saveSettings(DumbbellsSettings)
    }

    /// A sheet over the table.
    public enum Sheet: Hashable, Sendable {
        /// Choosing the exercise: the one on screen, or (`adding`, A) another one for the workout.
        case exercise(ListPicker<String>, adding: Bool)
        /// The workout is over: its sets, totals and Restart.
        case summary(WorkoutSummary)
        /// Leaving would lose work in progress: Leave or Stay.
        case leave(ConfirmSheet)
        /// `x`: end the workout (no set can be added after)? End or Keep going.
        case endWorkout(ConfirmSheet)
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
        /// `d`: delete the set at this index of the table? Delete or Keep.
        case deleteSet(ConfirmSheet, index: Int)
        /// `E`: a finished set's RPE, chosen from 6–10 in halves (or none).
        case rpe(ListPicker<Double>, SetDetailTarget)
        /// `n`: a finished set's note, typed.
        case note(TextFieldSheet, SetDetailTarget)
        /// Ctrl-O, Ctrl-R on the routines sheet: a routine's plan or name, typed.
        case routineEditor(TextFieldSheet, RoutineEdit)
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
        /// Whether the command that starts it in the log has been asked for.
        var isInLog = false
        /// When the workout ended (the last set's finish, or leaving), freezing its clock.
        var endedAt: Instant?

        /// Whole seconds on the workout's clock at `instant` (rounded down).
        func ticks(at instant: Instant) -> Int {
            let elapsed = (instant - startedAt).totalNanoseconds
            let second: Int64 = 1_000_000_000
            return Int(elapsed >= 0 ? elapsed / second : -((-elapsed + second - 1) / second))
        }

        /// Whole seconds from the workout's start to `instant` as history and the summary show
        /// them (``Figures/wholeSeconds(from:to:)`` of the dates saved).
        func wholeSeconds(until instant: Instant) -> Int {
            Figures.wholeSeconds(from: startedOn, to: date(at: instant))
        }

        /// The wall-clock date of `instant`.
        func date(at instant: Instant) -> Date {
            startedOn.addingTimeInterval((instant - startedAt).seconds)
        }
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
}
