import Foundation

// Checks every log applies before saving, so that the in-memory log and the database refuse the
// same things with the same messages.

extension CardDraw {
    /// Throws ``LogError/invalidValue(_:)`` unless the position is at least 1, the code is not
    /// empty and the reps are not negative.
    public func validate() throws {
        guard position >= 1 else { throw LogError.invalidValue("a card's position must be at least 1") }
        guard !code.isEmpty else { throw LogError.invalidValue("a card needs a code") }
        guard reps >= 0 else { throw LogError.invalidValue("a card's reps cannot be negative") }
    }
}

extension CardSession {
    /// Validates every card drawn so far.
    public func validate() throws {
        guard activeDuration >= 0 else { throw LogError.invalidValue("a duration cannot be negative") }
        for draw in draws { try draw.validate() }
    }
}

extension DumbbellSet {
    /// Throws ``LogError/invalidValue(_:)`` unless the number is at least 1 and the weight and
    /// reps are not negative.
    public func validate() throws {
        guard number >= 1 else { throw LogError.invalidValue("a set's number must be at least 1") }
        guard weight >= 0, weight.isFinite else {
            throw LogError.invalidValue("a set's weight must be a number of at least 0")
        }
        guard reps >= 0 else { throw LogError.invalidValue("a set's reps cannot be negative") }
        if let restBefore, !(restBefore >= 0) {
            throw LogError.invalidValue("rest cannot be negative")
        }
    }
}

extension DumbbellWorkout {
    /// Validates every set.
    public func validate() throws {
        guard !exercise.isEmpty else { throw LogError.invalidValue("a workout needs an exercise") }
        for set in sets { try set.validate() }
    }
}

extension HIITSession {
    /// Throws ``LogError/invalidValue(_:)`` unless the rating, if any, is from 1 to 5 and the
    /// duration is not negative.
    public func validate() throws {
        if let rating, !Self.ratingRange.contains(rating) {
            throw LogError.invalidValue("a rating must be from 1 to 5, not \(rating)")
        }
        guard duration >= 0 else { throw LogError.invalidValue("a duration cannot be negative") }
    }
}
