import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every log protocol kept in memory: for workout tests and previews that need no database.
///
/// It accepts and refuses the same requests as TermFit's database store, with the same
/// ``LogError``s, and returns records in the same order.
public final class InMemoryWorkoutLog: CardSessionLog, DumbbellLog, ListsDumbbellExercises, FlashcardLibrary, HIITLog,
    SettingsStore
{
    private struct State {
        var cardSessions: [UUID: CardSession] = [:]
        var workouts: [UUID: DumbbellWorkout] = [:]
        var decks: [UUID: FlashcardDeck] = [:]
        var flashcardSessions: [UUID: FlashcardSession] = [:]
        var hiitSessions: [UUID: HIITSession] = [:]
        var settings = Settings()
    }

    private let state: Mutex<State>

    /// Creates a log holding the records of `archive` (empty by default).
    public init(archive: ProfileArchive = ProfileArchive(profile: Profile.fallbackName)) {
        var initial = State()
        for session in archive.cardSessions { initial.cardSessions[session.id] = session }
        for workout in archive.dumbbellWorkouts { initial.workouts[workout.id] = workout }
        for deck in archive.flashcardDecks { initial.decks[deck.id] = deck }
        for session in archive.flashcardSessions { initial.flashcardSessions[session.id] = session }
        for session in archive.hiitSessions { initial.hiitSessions[session.id] = session }
        initial.settings = archive.settings
        state = Mutex(initial)
    }

    /// Everything held, in the order an export lists it.
    public func archive(profile: String) -> ProfileArchive {
        state.withLock { state in
            ProfileArchive(
                profile: profile, settings: state.settings,
                cardSessions: state.cardSessions.values.sorted(by: Self.startOrder),
                dumbbellWorkouts: state.workouts.values.sorted(by: Self.startOrder),
                flashcardDecks: state.decks.values.sorted(by: Self.creationOrder),
                flashcardSessions: state.flashcardSessions.values.sorted(by: Self.startOrder),
                hiitSessions: state.hiitSessions.values.sorted(by: Self.startOrder))
        }
    }

    /// `new` plus those of `old` whose `key` none of `new` has, sorted: how a saved step replaces
    /// the one with the same number (a set, a draw, a review) and keeps the rest, as the database does.
    private static func merge<Element, Key: Equatable>(
        _ new: [Element], keeping old: [Element], key: KeyPath<Element, Key>,
        by areInIncreasingOrder: (Element, Element) -> Bool
    ) -> [Element] {
        let kept = old.filter { element in !new.contains { $0[keyPath: key] == element[keyPath: key] } }
        return (new + kept).sorted(by: areInIncreasingOrder)
    }

    // MARK: Card sessions

    public func start(_ session: CardSession) throws {
        try session.validate()
        state.withLock { state in
            var merged = session
            merged.draws = Self.merge(
                session.draws, keeping: state.cardSessions[session.id]?.draws ?? [], key: \.position,
                by: { $0.position < $1.position })
            state.cardSessions[session.id] = merged
        }
    }

    public func save(_ draw: CardDraw, inCardSession sessionID: UUID) throws {
        try draw.validate()
        try state.withLock { state in
            guard var session = state.cardSessions[sessionID] else { throw LogError.unknownSession(sessionID) }
            session.draws = Self.merge(
                [draw], keeping: session.draws, key: \.position, by: { $0.position < $1.position })
            state.cardSessions[sessionID] = session
        }
    }

    public func deleteDraw(position: Int, inCardSession sessionID: UUID) throws {
        try state.withLock { state in
            guard var session = state.cardSessions[sessionID] else { throw LogError.unknownSession(sessionID) }
            session.draws.removeAll { $0.position == position }
            state.cardSessions[sessionID] = session
        }
    }

    public func finishCardSession(
        _ sessionID: UUID, status: SessionStatus, at finishedAt: Date, activeDuration: TimeInterval
    ) throws {
        try SessionEnd.validate(at: finishedAt, activeDuration: activeDuration)
        try state.withLock { state in
            guard state.cardSessions[sessionID] != nil else { throw LogError.unknownSession(sessionID) }
            state.cardSessions[sessionID]?.status = status
            state.cardSessions[sessionID]?.finishedAt = finishedAt
            state.cardSessions[sessionID]?.activeDuration = activeDuration
        }
    }

    public func cardSession(id: UUID) throws -> CardSession? {
        state.withLock { $0.cardSessions[id] }
    }

    public func recentCardSessions(limit: Int) throws -> [CardSession] {
        state.withLock { state in
            Array(state.cardSessions.values.sorted(by: Self.startOrder).reversed().prefix(max(0, limit)))
        }
    }

    // MARK: Dumbbells

    public func lastWorkout(exercise: String, before date: Date) throws -> DumbbellWorkout? {
        state.withLock { state in
            state.workouts.values
                .filter { $0.exercise.lowercased() == exercise.lowercased() && $0.startedAt < date && !$0.sets.isEmpty }
                .sorted(by: Self.startOrder)
                .last
        }
    }

    public func workouts(exercise: String, limit: Int) throws -> [DumbbellWorkout] {
        state.withLock { state in
            Array(
                state.workouts.values
                    .filter { $0.exercise.lowercased() == exercise.lowercased() && !$0.sets.isEmpty }
                    .sorted(by: Self.startOrder)
                    .reversed()
                    .prefix(max(0, limit)))
        }
    }

    public func exerciseNames() throws -> [String] {
        state.withLock { state in
            var seen = Set<String>()
            return state.workouts.values.sorted(by: Self.startOrder).reversed().map(\.exercise)
                .filter { seen.insert($0.lowercased()).inserted }
        }
    }

    public func start(_ workout: DumbbellWorkout) throws {
        try workout.validate()
        state.withLock { state in
            var merged = workout
            merged.sets = Self.merge(
                workout.sets, keeping: state.workouts[workout.id]?.sets ?? [], key: \.number,
                by: { $0.number < $1.number })
            state.workouts[workout.id] = merged
        }
    }

    public func save(_ set: DumbbellSet, inWorkout workoutID: UUID) throws {
        try set.validate()
        try state.withLock { state in
            guard var workout = state.workouts[workoutID] else { throw LogError.unknownSession(workoutID) }
            workout.sets = Self.merge([set], keeping: workout.sets, key: \.number, by: { $0.number < $1.number })
            state.workouts[workoutID] = workout
        }
    }

    public func deleteSet(number: Int, inWorkout workoutID: UUID) throws {
        try state.withLock { state in
            guard var workout = state.workouts[workoutID] else { throw LogError.unknownSession(workoutID) }
            workout.sets.removeAll { $0.number == number }
            state.workouts[workoutID] = workout
        }
    }

    public func finishWorkout(_ workoutID: UUID, status: SessionStatus, at finishedAt: Date) throws {
        try SessionEnd.validate(at: finishedAt)
        try state.withLock { state in
            guard state.workouts[workoutID] != nil else { throw LogError.unknownSession(workoutID) }
            state.workouts[workoutID]?.status = status
            state.workouts[workoutID]?.finishedAt = finishedAt
        }
    }

    public func endRest(inWorkout workoutID: UUID, at endedAt: Date) throws {
        try SessionEnd.validate(at: endedAt)
        try state.withLock { state in
            guard state.workouts[workoutID] != nil else { throw LogError.unknownSession(workoutID) }
            state.workouts[workoutID]?.restEndedAt = endedAt
        }
    }

    public func workout(id: UUID) throws -> DumbbellWorkout? {
        state.withLock { $0.workouts[id] }
    }

    // MARK: Flashcards

    public func decks() throws -> [FlashcardDeck] {
        state.withLock { $0.decks.values.sorted(by: Self.creationOrder) }
    }

    public func save(_ deck: FlashcardDeck) throws {
        try deck.validate()
        try state.withLock { state in
            var saved = state.decks[deck.id] ?? FlashcardDeck(id: deck.id, name: deck.name, createdAt: deck.createdAt)
            saved.name = deck.name
            for card in deck.cards {
                saved.cards.removeAll { $0.id == card.id }
                saved.cards.append(card)
            }
            saved.cards.sort(by: Self.creationOrder)
            try SessionEnd.validateDeckSize(saved.cards.count)
            for (id, other) in state.decks where id != deck.id {
                state.decks[id]?.cards = other.cards.filter { card in !deck.cards.contains { $0.id == card.id } }
            }
            state.decks[deck.id] = saved
        }
    }

    public func deleteDeck(_ deckID: UUID) throws {
        _ = state.withLock { $0.decks.removeValue(forKey: deckID) }
    }

    public func save(_ card: Flashcard, inDeck deckID: UUID) throws {
        try card.validate()
        try state.withLock { state in
            guard let deck = state.decks[deckID] else { throw LogError.unknownDeck(deckID) }
            try SessionEnd.validateDeckSize(deck.cards.count(where: { $0.id != card.id }) + 1)
            for id in state.decks.keys {
                state.decks[id]?.cards.removeAll { $0.id == card.id }
            }
            state.decks[deckID]?.cards.append(card)
            state.decks[deckID]?.cards.sort(by: Self.creationOrder)
        }
    }

    public func deleteCard(_ cardID: UUID) throws {
        state.withLock { state in
            for id in state.decks.keys {
                state.decks[id]?.cards.removeAll { $0.id == cardID }
            }
        }
    }

    public func start(_ session: FlashcardSession) throws {
        try session.validate()
        state.withLock { state in
            var merged = session
            merged.reviews = Self.merge(
                session.reviews, keeping: state.flashcardSessions[session.id]?.reviews ?? [], key: \.id,
                by: Self.reviewOrder)
            state.flashcardSessions[session.id] = merged
        }
    }

    public func save(_ review: FlashcardReview, inFlashcardSession sessionID: UUID) throws {
        try review.validate()
        try state.withLock { state in
            guard var session = state.flashcardSessions[sessionID] else {
                throw LogError.unknownSession(sessionID)
            }
            session.reviews = Self.merge([review], keeping: session.reviews, key: \.id, by: Self.reviewOrder)
            state.flashcardSessions[sessionID] = session
        }
    }

    public func deleteFlashcardReview(_ reviewID: UUID, inFlashcardSession sessionID: UUID) throws {
        try state.withLock { state in
            guard state.flashcardSessions[sessionID] != nil else { throw LogError.unknownSession(sessionID) }
            state.flashcardSessions[sessionID]?.reviews.removeAll { $0.id == reviewID }
        }
    }

    public func finishFlashcardSession(_ sessionID: UUID, status: SessionStatus, at finishedAt: Date) throws {
        try SessionEnd.validate(at: finishedAt)
        try state.withLock { state in
            guard state.flashcardSessions[sessionID] != nil else { throw LogError.unknownSession(sessionID) }
            state.flashcardSessions[sessionID]?.status = status
            state.flashcardSessions[sessionID]?.finishedAt = finishedAt
        }
    }

    public func flashcardSession(id: UUID) throws -> FlashcardSession? {
        state.withLock { $0.flashcardSessions[id] }
    }

    public func flashcardReviews(ofCards cardIDs: [UUID]) throws -> [FlashcardReview] {
        let wanted = Set(cardIDs)
        return state.withLock { state in
            state.flashcardSessions.values.flatMap(\.reviews).filter { wanted.contains($0.cardID) }
                .sorted(by: Self.reviewOrder)
        }
    }

    // MARK: HIIT

    public func save(_ session: HIITSession) throws {
        try session.validate()
        state.withLock { $0.hiitSessions[session.id] = session }
    }

    public func hiitSessions(since: Date?, limit: Int?) throws -> [HIITSession] {
        state.withLock { state in
            let newestFirst = state.hiitSessions.values
                .filter { session in since.map { session.startedAt >= $0 } ?? true }
                .sorted(by: Self.startOrder)
                .reversed()
            return Array(newestFirst.prefix(max(0, limit ?? .max)))
        }
    }

    // MARK: Settings

    public func settings() throws -> Settings {
        state.withLock { $0.settings }
    }

    public func setSetting(_ value: JSONValue?, forName name: String) throws {
        if let value { try Settings.validate(value, named: name) }
        state.withLock { $0.settings[name] = value }
    }

    public func apply(_ changes: [SettingChange]) throws -> [SettingConflict] {
        try state.withLock { state in
            var settings = state.settings
            let conflicts = try settings.apply(changes)
            state.settings = settings
            return conflicts
        }
    }

    // MARK: Ordering shared with the database store

    private static func startOrder<Session: StartedRecord>(_ lhs: Session, _ rhs: Session) -> Bool {
        (lhs.startedAt, lhs.id.uuidString) < (rhs.startedAt, rhs.id.uuidString)
    }

    private static func creationOrder<Record: CreatedRecord>(_ lhs: Record, _ rhs: Record) -> Bool {
        (lhs.createdAt, lhs.id.uuidString) < (rhs.createdAt, rhs.id.uuidString)
    }

    private static func reviewOrder(_ lhs: FlashcardReview, _ rhs: FlashcardReview) -> Bool {
        (lhs.reviewedAt, lhs.id.uuidString) < (rhs.reviewedAt, rhs.id.uuidString)
    }
}

/// A record with an identifier and a start time; history is ordered by start time.
private protocol StartedRecord {
    var id: UUID { get }
    var startedAt: Date { get }
}

/// A record with an identifier and a creation time; decks and cards are ordered by it.
private protocol CreatedRecord {
    var id: UUID { get }
    var createdAt: Date { get }
}

extension CardSession: StartedRecord {}
extension DumbbellWorkout: StartedRecord {}
extension FlashcardSession: StartedRecord {}
extension HIITSession: StartedRecord {}
extension FlashcardDeck: CreatedRecord {}
extension Flashcard: CreatedRecord {}
