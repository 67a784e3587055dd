import Foundation
import Records
import Synchronization

/// Every workout log kept in memory, whose saves (and, if asked, reads) fail on demand: what the
/// hosts' tests use to show that a failed save never costs a workout.
public final class FlakyWorkoutLog: DumbbellLog, CardSessionLog, FlashcardLibrary, HIITLog, SettingsStore {
    /// The error every failing call throws.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) { self.description = description }
    }

    /// What is kept, for tests to read back.
    public let memory = InMemoryWorkoutLog()
    private let message: String
    private let state: Mutex<(failsSaves: Bool, failsReads: Bool, attempts: Int)>

    /// - Parameter message: what the failure says, e.g. "disk full".
    public init(failsSaves: Bool = false, failsReads: Bool = false, message: String = "disk full") {
        self.message = message
        state = Mutex((failsSaves, failsReads, 0))
    }

    /// Whether saves (and setting changes) fail.
    public var failing: Bool {
        get { state.withLock { $0.failsSaves } }
        set { state.withLock { $0.failsSaves = newValue } }
    }

    /// Whether reads fail.
    public var failsReads: Bool {
        get { state.withLock { $0.failsReads } }
        set { state.withLock { $0.failsReads = newValue } }
    }

    /// Saves tried so far, failed ones included.
    public var attempts: Int { state.withLock { $0.attempts } }

    private func save<Value>(_ body: () throws -> Value) throws -> Value {
        let fails = state.withLock { state in
            state.attempts += 1
            return state.failsSaves
        }
        if fails { throw Failure(description: message) }
        return try body()
    }

    private func read<Value>(_ body: () throws -> Value) throws -> Value {
        if state.withLock({ $0.failsReads }) { throw Failure(description: message) }
        return try body()
    }

    // MARK: DumbbellLog

    public func lastWorkout(exercise: String, before date: Date) throws -> DumbbellWorkout? {
        try read { try memory.lastWorkout(exercise: exercise, before: date) }
    }
    public func workouts(exercise: String, limit: Int) throws -> [DumbbellWorkout] {
        try read { try memory.workouts(exercise: exercise, limit: limit) }
    }
    public func start(_ workout: DumbbellWorkout) throws { try save { try memory.start(workout) } }
    public func save(_ set: DumbbellSet, inWorkout workoutID: UUID) throws {
        try save { try memory.save(set, inWorkout: workoutID) }
    }
    public func finishWorkout(_ workoutID: UUID, status: SessionStatus, at finishedAt: Date) throws {
        try save { try memory.finishWorkout(workoutID, status: status, at: finishedAt) }
    }
    public func endRest(inWorkout workoutID: UUID, at endedAt: Date) throws {
        try save { try memory.endRest(inWorkout: workoutID, at: endedAt) }
    }
    public func workout(id: UUID) throws -> DumbbellWorkout? { try read { try memory.workout(id: id) } }

    // MARK: CardSessionLog

    public func start(_ session: CardSession) throws { try save { try memory.start(session) } }
    public func save(_ draw: CardDraw, inCardSession sessionID: UUID) throws {
        try save { try memory.save(draw, inCardSession: sessionID) }
    }
    public func deleteSet(number: Int, inWorkout workoutID: UUID) throws {
        try save { try memory.deleteSet(number: number, inWorkout: workoutID) }
    }
    public func deleteDraw(position: Int, inCardSession sessionID: UUID) throws {
        try save { try memory.deleteDraw(position: position, inCardSession: sessionID) }
    }
    public func finishCardSession(
        _ sessionID: UUID, status: SessionStatus, at finishedAt: Date, activeDuration: TimeInterval
    ) throws {
        try save {
            try memory.finishCardSession(sessionID, status: status, at: finishedAt, activeDuration: activeDuration)
        }
    }
    public func cardSession(id: UUID) throws -> CardSession? { try read { try memory.cardSession(id: id) } }
    public func recentCardSessions(limit: Int) throws -> [CardSession] {
        try read { try memory.recentCardSessions(limit: limit) }
    }

    // MARK: FlashcardLibrary

    public func decks() throws -> [FlashcardDeck] { try read { try memory.decks() } }
    public func save(_ deck: FlashcardDeck) throws { try save { try memory.save(deck) } }
    public func deleteDeck(_ deckID: UUID) throws { try save { try memory.deleteDeck(deckID) } }
    public func save(_ card: Flashcard, inDeck deckID: UUID) throws {
        try save { try memory.save(card, inDeck: deckID) }
    }
    public func deleteCard(_ cardID: UUID) throws { try save { try memory.deleteCard(cardID) } }
    public func start(_ session: FlashcardSession) throws { try save { try memory.start(session) } }
    public func save(_ review: FlashcardReview, inFlashcardSession sessionID: UUID) throws {
        try save { try memory.save(review, inFlashcardSession: sessionID) }
    }
    public func deleteFlashcardReview(_ reviewID: UUID, inFlashcardSession sessionID: UUID) throws {
        try save { try memory.deleteFlashcardReview(reviewID, inFlashcardSession: sessionID) }
    }
    public func finishFlashcardSession(_ sessionID: UUID, status: SessionStatus, at finishedAt: Date) throws {
        try save { try memory.finishFlashcardSession(sessionID, status: status, at: finishedAt) }
    }
    public func flashcardSession(id: UUID) throws -> FlashcardSession? {
        try read { try memory.flashcardSession(id: id) }
    }
    public func flashcardReviews(ofCards cardIDs: [UUID]) throws -> [FlashcardReview] {
        try read { try memory.flashcardReviews(ofCards: cardIDs) }
    }

    // MARK: HIITLog

    public func save(_ session: HIITSession) throws { try save { try memory.save(session) } }
    public func hiitSessions(since: Date?, limit: Int?) throws -> [HIITSession] {
        try read { try memory.hiitSessions(since: since, limit: limit) }
    }

    // MARK: SettingsStore

    public func settings() throws -> Settings { try memory.settings() }
    public func setSetting(_ value: JSONValue?, forName name: String) throws {
        try save { try memory.setSetting(value, forName: name) }
    }
    public func apply(_ changes: [SettingChange]) throws -> [SettingConflict] {
        try save { try memory.apply(changes) }
    }
}
