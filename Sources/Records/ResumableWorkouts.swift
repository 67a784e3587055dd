#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A dumbbell log that keeps a workout cut off (a dropped link, Ctrl-C, a hang-up, a kill, a
/// crash) so that it can be carried on where it was.
public protocol ResumesDumbbellWorkouts: Sendable {
    /// The exercises of the profile's most recent dumbbell workout, oldest first and each with
    /// its sets, when that workout was cut off (or left running by a process that no longer runs)
    /// and its last set or start is no older than `since`; empty otherwise. A workout another
    /// running TermFit is doing is never handed out. The workout handed out is in progress again,
    /// and this process now does it.
    func resumeCutOffWorkout(since: Date) throws -> [DumbbellWorkout]
}

extension DumbbellWorkout {
    /// How long a cut-off workout can be carried on: one cut off longer ago (its last set, or its
    /// start when it has none) is closed as cut off when TermFit next opens the profile.
    public static let resumableFor: TimeInterval = 6 * 60 * 60

    /// When this exercise was last worked on: its last set's end, else its start.
    public var lastActivity: Date {
        sets.map(\.finishedAt).max().map { max($0, startedAt) } ?? startedAt
    }
}

extension DumbbellWorkout {
    /// Whether `exercises`, the exercises of one workout, can be carried on since `since`: none
    /// of them ended by the member (finished or abandoned), at least one still open or cut off,
    /// and the workout worked on at or after `since`.
    public static func canResume(_ exercises: [DumbbellWorkout], since: Date) -> Bool {
        guard let last = exercises.map(\.lastActivity).max(), last >= since else { return false }
        return exercises.allSatisfy { $0.status == .inProgress || $0.status == .cutOff }
    }

    /// The workout this exercise belongs to: its `sessionID`, else its own identifier.
    public var groupID: UUID { sessionID ?? id }
}

extension InMemoryWorkoutLog: ResumesDumbbellWorkouts {
    public func resumeCutOffWorkout(since: Date) throws -> [DumbbellWorkout] {
        let all = (archive(profile: "").dumbbellWorkouts)
        guard let latest = all.max(by: { $0.startedAt < $1.startedAt }) else { return [] }
        let exercises = all.filter { $0.groupID == latest.groupID }
        guard DumbbellWorkout.canResume(exercises, since: since) else { return [] }
        var reopened: [DumbbellWorkout] = []
        for var exercise in exercises {
            exercise.status = .inProgress
            exercise.finishedAt = nil
            try start(exercise)
            reopened.append(exercise)
        }
        return reopened
    }
}
