#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

/// How a session ended, as far as TermFit knows: finished, abandoned or cut off.
///
/// A session is `inProgress` while it runs. Ended by the member it is `finished` (the deck ran
/// out, the summary showed) or `abandoned` (left early); ended by anything else (Ctrl-C, SIGTERM,
/// a dropped SSH link) it is `cutOff`, with everything up to its last completed step kept. A
/// session a killed process left `inProgress` is closed as `cutOff` the next time TermFit starts.
public enum SessionStatus: String, Codable, Sendable, CaseIterable {
    /// Running now.
    case inProgress
    /// Completed normally (the deck ran out, the summary was shown, the timer reached zero).
    case finished
    /// Stopped early by the member.
    case abandoned
    /// Ended by a signal, a dropped link or a crash before the member finished or left it.
    case cutOff

    /// Reads the status, also in the words older versions and screens used ("unfinished",
    /// "cut off"), so that every archive ever exported imports.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        switch text {
        case "unfinished", "cut off", "cutOff": self = .cutOff
        case "in progress": self = .inProgress
        default:
            guard let status = SessionStatus(rawValue: text) else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: decoder.codingPath, debugDescription: "unknown session status \"\(text)\""))
            }
            self = status
        }
    }
}

extension SessionStatus {
    /// The word every screen, `termfit history` and the messages use for the status.
    public var word: String {
        switch self {
        case .inProgress: "in progress"
        case .finished: "finished"
        case .abandoned: "abandoned"
        case .cutOff: "cut off"
        }
    }

    /// The status of a session that is not running here any more (one read from an archive):
    /// `inProgress` was cut off.
    public var ended: SessionStatus { self == .inProgress ? .cutOff : self }
}
