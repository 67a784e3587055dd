import App
import TermUI
import TestSupport

/// A workout's host driven by a test clock, as the run loop drives it (TestSupport's
/// `WorkoutDriver`: a host is a `Workout` whose outputs are the run loop's effects).
typealias HostDriver<Data: WorkoutData> = WorkoutDriver<WorkoutHost<Data>>

/// Where the host tests' clocks start.
let hostClockStart = Instant(nanoseconds: 5_000_000_000)

extension WorkoutDriver where Model: HoldsUnsavedWork {
    /// The host being driven.
    var host: Model {
        get { workout }
        set { workout = newValue }
    }
}
