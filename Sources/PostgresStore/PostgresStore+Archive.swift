import Foundation
import Records

// A member's whole data at once on PostgreSQL: `termfit export` and `history` read it, and
// `termfit import` adds an export's records to it, as they do with the file.

extension PostgresMember: WholeMemberData {
    /// Everything the member has, oldest first, as the file's export reads it.
    func archive() throws -> ProfileArchive {
        ProfileArchive(
            profile: profile.name, settings: try settings(), cardSessions: try cardSessionsOldestFirst(),
            dumbbellWorkouts: try fetchWorkouts().reversed(), flashcardDecks: try decks(),
            flashcardSessions: try allFlashcardSessions(),
            hiitSessions: try hiitSessions(since: nil, limit: nil).reversed())
    }

    private func cardSessionsOldestFirst() throws -> [CardSession] {
        try recentCardSessions(limit: Int.max).reversed()
    }
}

/// What `termfit import` added to a member on PostgreSQL.
public struct ArchiveImport: Sendable, Equatable {
    /// The member imported into.
    public var profile: String
    /// Sessions and decks that were new.
    public var added = 0
    /// Sessions and decks the member had already (their new sets, cards or answers added).
    public var alreadyPresent = 0
    /// Settings the member did not have.
    public var settingsAdded = 0
    /// Settings the member had with another value: the member's value was kept.
    public var settingsKept: [String] = []

    public init(profile: String) { self.profile = profile }
}

extension PostgresStore {
    /// Adds the records of an export to the member `name` (made if needed), in one
    /// transaction. A record the member has already is left as it is (its sets, cards or answers
    /// missing here are added), so importing the same file twice adds nothing; a setting the
    /// member has keeps its value. A record another member holds refuses the whole import.
    ///
    /// The archive is checked first by the caller (`TermFitStore.validate`): names, values and
    /// sizes as the file accepts them.
    public func importArchive(_ archive: ProfileArchive, intoProfile name: String) throws -> ArchiveImport {
        // The member is made inside the import's transaction: a refused import leaves no profile.
        try transaction { try importing(archive, intoProfile: name) }
    }

    private func importing(_ archive: ProfileArchive, intoProfile name: String) throws -> ArchiveImport {
        let profile = try profileCreatingIfNeeded(named: name)
        let member = PostgresMember(profile: profile, store: self)
        var summary = ArchiveImport(profile: profile.name)
        func count(_ isNew: Bool) {
            if isNew { summary.added += 1 } else { summary.alreadyPresent += 1 }
        }
        try member.write {
            for session in archive.cardSessions {
                var ended = session
                ended.status = session.status.ended
                let stored = try member.cardSession(id: session.id)
                let known = Set(stored?.draws.map(\.position) ?? [])
                if stored == nil { try member.start(ended) }
                for draw in session.draws where stored != nil && !known.contains(draw.position) {
                    try member.save(draw, inCardSession: session.id)
                }
                count(stored == nil)
            }
            for workout in archive.dumbbellWorkouts {
                var ended = workout
                ended.status = workout.status.ended
                let stored = try member.workout(id: workout.id)
                let known = Set(stored?.sets.map(\.number) ?? [])
                if stored == nil { try member.start(ended) }
                for set in workout.sets where stored != nil && !known.contains(set.number) {
                    try member.save(set, inWorkout: workout.id)
                }
                count(stored == nil)
            }
            let decks = Dictionary(uniqueKeysWithValues: try member.decks().map { ($0.id, $0) })
            for deck in archive.flashcardDecks {
                let known = Set(decks[deck.id]?.cards.map(\.id) ?? [])
                var added = decks[deck.id] ?? deck
                added.cards = deck.cards.filter { !known.contains($0.id) }
                try member.save(decks: [added], history: [])
                count(decks[deck.id] == nil)
            }
            for session in archive.flashcardSessions {
                var ended = session
                ended.status = session.status.ended
                let stored = try member.flashcardSession(id: session.id)
                let known = Set(stored?.reviews.map(\.id) ?? [])
                if stored == nil { try member.start(ended) }
                for review in session.reviews where stored != nil && !known.contains(review.id) {
                    try member.save(review, inFlashcardSession: session.id)
                }
                count(stored == nil)
            }
            let hiit = Set(try member.hiitSessions(since: nil, limit: nil).map(\.id))
            for session in archive.hiitSessions {
                try member.requireNotForeign(table: "hiit_session", id: session.id)
                if !hiit.contains(session.id) { try member.save(session) }
                count(!hiit.contains(session.id))
            }
            let settings = try member.settings()
            for (name, value) in archive.settings.values.sorted(by: { $0.key < $1.key }) {
                if let current = settings.values[name] {
                    if current != value { summary.settingsKept.append(name) }
                } else {
                    try member.setSetting(value, forName: name)
                    summary.settingsAdded += 1
                }
            }
        }
        return summary
    }
}
