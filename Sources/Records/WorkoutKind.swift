import Foundation

/// The four workouts TermFit keeps history for.
public enum WorkoutKind: String, CaseIterable, Codable, Sendable, Comparable {
    /// The card-deck workout: each drawn card names an exercise (its suit) and the reps (its rank).
    case cards
    /// The dumbbell workout: sets of weight × reps with rest in between.
    case dumbbells
    /// Flashcard review sessions.
    case flashcards
    /// High-intensity interval training: one timed exercise at a time.
    case hiit

    public static func < (lhs: WorkoutKind, rhs: WorkoutKind) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

/// How a session ended, as far as TermFit knows.
///
/// A session is `inProgress` from the moment it starts until it is finished or abandoned. A
/// session whose process was killed stays `inProgress` in the history, with everything up to
/// its last completed step kept.
public enum SessionStatus: String, Codable, Sendable, CaseIterable {
    /// Still running, or interrupted before it could be marked finished or abandoned.
    case inProgress
    /// Completed normally (the deck ran out, the summary was shown, the timer reached zero).
    case finished
    /// Stopped early by the user.
    case abandoned
}

extension SessionStatus {
    /// The word every screen, `termfit history` and the messages use for the status.
    public var word: String {
        switch self {
        case .inProgress: "in progress"
        case .finished: "finished"
        case .abandoned: "abandoned"
        }
    }
}
