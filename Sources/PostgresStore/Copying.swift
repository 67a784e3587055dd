import Foundation
import Records

/// Everything of one member that `termfit migrate --to` copies from a box's file.
public struct MemberSnapshot: Sendable {
    public var profileName: String
    public var workouts: [DumbbellWorkout]
    public var cardSessions: [CardSession]
    public var hiitSessions: [HIITSession]
    public var settings: Settings

    public init(
        profileName: String, workouts: [DumbbellWorkout], cardSessions: [CardSession], hiitSessions: [HIITSession],
        settings: Settings
    ) {
        self.profileName = profileName
        self.workouts = workouts
        self.cardSessions = cardSessions
        self.hiitSessions = hiitSessions
        self.settings = settings
    }

    /// How many rows of each kind it holds.
    public var counts: CopyCounts {
        CopyCounts(
            workouts: workouts.count, sets: workouts.reduce(0) { $0 + $1.sets.count }, cardSessions: cardSessions.count,
            cards: cardSessions.reduce(0) { $0 + $1.draws.count }, hiitExercises: hiitSessions.count,
            settings: settings.values.count)
    }
}

/// Rows of each kind: what a snapshot holds, or what the server holds of it.
public struct CopyCounts: Sendable, Equatable, CustomStringConvertible {
    public var workouts = 0
    public var sets = 0
    public var cardSessions = 0
    public var cards = 0
    public var hiitExercises = 0
    public var settings = 0

    public init(
        workouts: Int = 0, sets: Int = 0, cardSessions: Int = 0, cards: Int = 0, hiitExercises: Int = 0,
        settings: Int = 0
    ) {
        self.workouts = workouts
        self.sets = sets
        self.cardSessions = cardSessions
        self.cards = cards
        self.hiitExercises = hiitExercises
        self.settings = settings
    }

    public var description: String {
        "\(workouts) dumbbell workouts (\(sets) sets), \(cardSessions) card sessions (\(cards) cards),"
            + " \(hiitExercises) HIIT exercises, \(settings) settings"
    }
}

extension PostgresStore {
    /// Copies `snapshot` into the member of its name (made if needed), every row an upsert under
    /// its own identifier, so copying twice changes nothing; then counts what the server holds of
    /// the snapshot's rows, to be compared with ``MemberSnapshot/counts``.
    public func copy(_ snapshot: MemberSnapshot) throws -> CopyCounts {
        let profile = try profileCreatingIfNeeded(named: snapshot.profileName)
        let member = memberData(for: profile)
        for workout in snapshot.workouts { try member.start(workout) }
        for session in snapshot.cardSessions { try member.start(session) }
        for session in snapshot.hiitSessions { try member.save(session) }
        for (name, value) in snapshot.settings.values.sorted(by: { $0.key < $1.key }) {
            try member.setSetting(value, forName: name)
        }
        let id = profile.id.uuidString
        let workoutIDs = snapshot.workouts.map(\.id.uuidString)
        let sessionIDs = snapshot.cardSessions.map(\.id.uuidString)
        let hiitIDs = snapshot.hiitSessions.map(\.id.uuidString)
        let names = Array(snapshot.settings.values.keys)
        func count(_ query: PostgresQuery) throws -> Int { try rows(query).first?.decode(Int.self) ?? 0 }
        return CopyCounts(
            workouts: try count(
                "SELECT count(*) FROM dumbbell_workout WHERE profile_id = \(id) AND id = ANY(\(workoutIDs))"),
            sets: try count(
                """
                SELECT count(*) FROM dumbbell_set s JOIN dumbbell_workout w ON w.id = s.workout_id
                WHERE w.profile_id = \(id) AND w.id = ANY(\(workoutIDs))
                """),
            cardSessions: try count(
                "SELECT count(*) FROM card_session WHERE profile_id = \(id) AND id = ANY(\(sessionIDs))"),
            cards: try count(
                """
                SELECT count(*) FROM card_draw d JOIN card_session s ON s.id = d.session_id
                WHERE s.profile_id = \(id) AND s.id = ANY(\(sessionIDs))
                """),
            hiitExercises: try count(
                "SELECT count(*) FROM hiit_session WHERE profile_id = \(id) AND id = ANY(\(hiitIDs))"),
            settings: try count(
                """
                SELECT count(DISTINCT name) FROM (
                    SELECT name FROM setting WHERE profile_id = \(id) AND name = ANY(\(names))
                    UNION SELECT setting FROM setting_item WHERE profile_id = \(id) AND setting = ANY(\(names))
                ) AS stored
                """))
    }
}
