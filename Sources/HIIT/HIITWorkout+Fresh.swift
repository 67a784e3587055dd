import Records

extension HIITWorkout {
    /// What another window changed since the workout opened, read again by the host: the
    /// exercises on record (those done here and not yet saved are kept) and the ratings kept for
    /// the profile (an exercise without one keeps the rating it shows).
    public mutating func receive(history fresh: [HIITSession], ratings stored: [String: Int]) {
        let known = Set(fresh.map(\.id))
        history = (fresh + history.filter { !known.contains($0.id) })
            .sorted { ($0.startedAt, $0.id.uuidString) > ($1.startedAt, $1.id.uuidString) }
        for exercise in exercises {
            if let rating = stored[exercise.name], HIITSession.ratingRange.contains(rating) {
                ratings[exercise.name] = rating
            }
        }
    }
}
