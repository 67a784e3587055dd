#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The small interfaces the workout modules save and load through. TermFit's `Store` module
// implements all of them on an SQLite database, one profile at a time; `InMemoryWorkoutLog`
// implements them in memory for tests and previews.
//
// Every method that saves something commits it at once: a completed step is on disk when the
// method returns, so a killed process loses at most the step in progress.

/// Saving and loading card-deck sessions.
public protocol CardSessionLog: Sendable {
    /// Saves a new session (and any cards it already holds) when it starts. Starting a saved
    /// session again updates its details and adds its cards; cards saved before are kept.
    func start(_ session: CardSession) throws
    /// Saves one drawn card of a started session; saving a card at the same position again
    /// replaces it.
    func save(_ draw: CardDraw, inCardSession sessionID: UUID) throws
    /// Removes the card at `position` of a started session (a card taken back with undo); no
    /// card there is not an error, so a removal carried out twice changes nothing.
    func deleteDraw(position: Int, inCardSession sessionID: UUID) throws
    /// Marks a session finished or abandoned.
    func finishCardSession(
        _ sessionID: UUID, status: SessionStatus, at finishedAt: Date, activeDuration: TimeInterval
    ) throws
    /// The session with this identifier, with its cards.
    func cardSession(id: UUID) throws -> CardSession?
    /// The most recent sessions, newest first.
    func recentCardSessions(limit: Int) throws -> [CardSession]
}

/// Saving and loading dumbbell workouts.
public protocol DumbbellLog: Sendable {
    /// The most recent workout of `exercise` that started before `date` and has at least one
    /// set: what the dumbbell screen shows beside each set.
    func lastWorkout(exercise: String, before date: Date) throws -> DumbbellWorkout?
    /// The most recent workouts of `exercise` that have at least one set, newest first, at most
    /// `limit` of them: the exercise's history and its progress chart, in one read.
    func workouts(exercise: String, limit: Int) throws -> [DumbbellWorkout]
    /// Saves a new workout (and any sets it already holds) when it starts. Starting a saved
    /// workout again updates its details and adds its sets; sets saved before are kept.
    func start(_ workout: DumbbellWorkout) throws
    /// Saves one completed set of a started workout; saving a set with the same number again
    /// replaces it.
    func save(_ set: DumbbellSet, inWorkout workoutID: UUID) throws
    /// Deletes the set of this number from a started workout (nothing when there is none): a
    /// set deleted in the workout, after the sets above it were saved with their new numbers.
    func deleteSet(number: Int, inWorkout workoutID: UUID) throws
    /// Marks a workout finished or abandoned.
    func finishWorkout(_ workoutID: UUID, status: SessionStatus, at finishedAt: Date) throws
    /// Keeps that the rest after the workout's last set ended at `endedAt` (skipped before it
    /// ran out): a workout carried on after a cut does not count that rest again.
    func endRest(inWorkout workoutID: UUID, at endedAt: Date) throws
    /// The workout with this identifier, with its sets.
    func workout(id: UUID) throws -> DumbbellWorkout?
}

/// A dumbbell log that lists the member's exercises: every name the profile has a workout of,
/// logged or imported, for the exercise picker.
public protocol ListsDumbbellExercises: Sendable {
    /// Every exercise name of the profile's dumbbell workouts, once each whatever its case, the
    /// most recently used first.
    func exerciseNames() throws -> [String]
}

extension DumbbellLog {
    /// The most recent workout of `exercise` that has at least one set.
    public func lastWorkout(exercise: String) throws -> DumbbellWorkout? {
        try lastWorkout(exercise: exercise, before: .distantFuture)
    }
}

/// Flashcard decks, their cards, and review sessions.
public protocol FlashcardLibrary: Sendable {
    /// Every deck with its cards, oldest deck first.
    func decks() throws -> [FlashcardDeck]
    /// Saves a deck's name and every card it holds (adding new cards, updating changed ones).
    /// Cards missing from `deck` are left alone; delete them with ``deleteCard(_:)``.
    func save(_ deck: FlashcardDeck) throws
    /// Deletes a deck and its cards. Past sessions and their reviews stay in the history.
    func deleteDeck(_ deckID: UUID) throws
    /// Adds a card to a deck, or updates it if a card with its identifier exists.
    func save(_ card: Flashcard, inDeck deckID: UUID) throws
    /// Deletes one card. Its past reviews stay in the history.
    func deleteCard(_ cardID: UUID) throws
    /// Saves a new review session (and any reviews it already holds) when its timer starts.
    /// Starting a saved session again updates its details and adds its reviews.
    func start(_ session: FlashcardSession) throws
    /// Saves one swipe of a started session.
    func save(_ review: FlashcardReview, inFlashcardSession sessionID: UUID) throws
    /// Removes one review of a started session (an answer taken back with undo); removing one
    /// that is gone already changes nothing.
    func deleteFlashcardReview(_ reviewID: UUID, inFlashcardSession sessionID: UUID) throws
    /// Marks a session finished or abandoned.
    func finishFlashcardSession(_ sessionID: UUID, status: SessionStatus, at finishedAt: Date) throws
    /// The session with this identifier, with its reviews.
    func flashcardSession(id: UUID) throws -> FlashcardSession?
    /// Every review of these cards in any session of the profile, oldest first (ties by
    /// identifier): what spaced review schedules a card's next review from.
    func flashcardReviews(ofCards cardIDs: [UUID]) throws -> [FlashcardReview]
}

/// Saving and loading HIIT exercises.
public protocol HIITLog: Sendable {
    /// Saves an exercise when it is done, or updates it (for example when it is rated later).
    func save(_ session: HIITSession) throws
    /// Exercises that started at or after `since` (all when `nil`), newest first, at most
    /// `limit` of them (all when `nil`): the history list and its bar chart.
    func hiitSessions(since: Date?, limit: Int?) throws -> [HIITSession]
}

/// One profile's settings.
public protocol SettingsStore: Sendable {
    /// Every setting of the profile.
    func settings() throws -> Settings
    /// Stores one setting's whole value, or removes it when `value` is `nil` (an import).
    func setSetting(_ value: JSONValue?, forName name: String) throws
    /// Carries out a window's changes, all or none, each compared with what is stored now: what
    /// another window wrote since this one looked is never overwritten (see
    /// ``SettingChange/resolve(current:isFree:)``). Returns the changes that met such a change.
    func apply(_ changes: [SettingChange]) throws -> [SettingConflict]
}

extension SettingsStore {
    /// The typed value of one setting; `nil` if unset or stored with a different type.
    public func value<Value>(for key: SettingKey<Value>) throws -> Value? {
        try settings().value(for: key)
    }

    /// Stores a typed value, or removes the setting when `value` is `nil`.
    public func setValue<Value>(_ value: Value?, for key: SettingKey<Value>) throws {
        try setSetting(value.map { try JSONValue(encoding: $0) }, forName: key.name)
    }
}

/// Data shared with other TermFit processes (other windows on the same data) that can tell
/// whether one of them changed it: a window then shows their work without being reopened.
public protocol NoticesChanges: Sendable {
    /// Whether another process committed a change since this process last asked; the first call
    /// only takes note. Cheap enough to ask whenever the screen wakes anyway.
    func changedElsewhere() throws -> Bool
}

/// Why a log refused a request.
public enum LogError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A set, card or review was saved into a session that was never started.
    case unknownSession(UUID)
    /// A card was saved into a deck that does not exist.
    case unknownDeck(UUID)
    /// A value is outside what TermFit accepts, e.g. a rating of 6.
    case invalidValue(String)

    public var description: String {
        switch self {
        case .unknownSession(let id): "no session with identifier \(id.uuidString) was started"
        case .unknownDeck(let id): "no flashcard deck with identifier \(id.uuidString)"
        case .invalidValue(let message): message
        }
    }
}
