#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One HIIT exercise performed: a countdown, then Done, then an optional rating.
public struct HIITSession: Sendable, Codable, Equatable, Hashable, Identifiable {
    public var id: UUID
    /// The exercise, e.g. `"Squat"`.
    public var exercise: String
    /// When the countdown started.
    public var startedAt: Date
    /// How long the exercise lasted, in seconds.
    public var duration: TimeInterval
    /// Whether the user reached Done.
    public var completed: Bool
    /// The user's rating from 1 to 5, or `nil` if not rated.
    public var rating: Int?

    public init(
        id: UUID = UUID(), exercise: String, startedAt: Date, duration: TimeInterval, completed: Bool,
        rating: Int? = nil
    ) {
        self.id = id
        self.exercise = exercise
        self.startedAt = startedAt
        self.duration = duration
        self.completed = completed
        self.rating = rating
    }

    /// The ratings a user can give.
    public static let ratingRange = 1...5
}
