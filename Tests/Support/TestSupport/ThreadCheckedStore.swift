import Foundation
import Records
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every workout log and the settings, kept in memory (failing on demand, as
/// ``FlakyWorkoutLog``), that fails the test when any of its methods is called on the run
/// loop's thread: what proves that scenes hand all their data work to the store worker. It
/// keeps the order of the calls it took, and can be slowed (each call takes `delay`).
public final class ThreadCheckedStore:
    DumbbellLog, CardSessionLog, FlashcardLibrary, HIITLog, SettingsStore, NoticesChanges
{
    /// What is kept, failing on demand.
    public let inner: FlakyWorkoutLog
    /// The run loop's thread (the test's own).
    private let runLoopThread: pthread_t
    private let state = Mutex<(calls: [String], onRunLoop: [String], changed: Bool, delay: Duration)>(
        ([], [], false, .zero))

    /// - Parameter runLoopThread: the thread that must never call the store; the caller's when
    ///   not given.
    public init(inner: FlakyWorkoutLog = FlakyWorkoutLog(), runLoopThread: pthread_t = pthread_self()) {
        self.inner = inner
        self.runLoopThread = runLoopThread
    }

    /// The calls taken so far, oldest first ("start dumbbell workout", "save set 1", …).
    public var calls: [String] { state.withLock { $0.calls } }
    /// The calls that came on the run loop's thread (each also recorded as an issue).
    public var callsOnRunLoop: [String] { state.withLock { $0.onRunLoop } }
    /// How long each call takes.
    public var delay: Duration {
        get { state.withLock { $0.delay } }
        set { state.withLock { $0.delay = newValue } }
    }
    /// What the next ``changedElsewhere()`` says (then it says `false` again).
    public func markChangedElsewhere() { state.withLock { $0.changed = true } }

    private func check<Value>(_ call: String, _ body: () throws -> Value) rethrows -> Value {
        let onRunLoop = pthread_equal(pthread_self(), runLoopThread) != 0
        let delay = state.withLock { state in
            state.calls.append(call)
            if onRunLoop { state.onRunLoop.append(call) }
            return state.delay
        }
        if onRunLoop { Issue.record("the store was called on the run loop's thread: \(call)") }
        if delay > .zero { Thread.sleep(forTimeInterval: Double(delay.totalNanoseconds) / 1e9) }
        return try body()
    }

    // MARK: DumbbellLog

    public func lastWorkout(exercise: String, before date: Date) throws -> DumbbellWorkout? {
        try check("last dumbbell workout") { try inner.lastWorkout(exercise: exercise, before: date) }
    }
    public func workouts(exercise: String, limit: Int) throws -> [DumbbellWorkout] {
        try check("dumbbell history") { try inner.workouts(exercise: exercise, limit: limit) }
    }
    public func start(_ workout: DumbbellWorkout) throws {
        try check("start dumbbell workout") { try inner.start(workout) }
    }
    public func save(_ set: DumbbellSet, inWorkout workoutID: UUID) throws {
        try check("save set \(set.number)") { try inner.save(set, inWorkout: workoutID) }
    }
    public func deleteSet(number: Int, inWorkout workoutID: UUID) throws {
        try check("delete set \(number)") { try inner.deleteSet(number: number, inWorkout: workoutID) }
    }
    public func finishWorkout(_ workoutID: UUID, status: SessionStatus, at finishedAt: Date) throws {
        try check("finish dumbbell workout") { try inner.finishWorkout(workoutID, status: status, at: finishedAt) }
    }
    public func endRest(inWorkout workoutID: UUID, at endedAt: Date) throws {
        try check("end a rest") { try inner.endRest(inWorkout: workoutID, at: endedAt) }
    }
    public func workout(id: UUID) throws -> DumbbellWorkout? {
        try check("dumbbell workout") { try inner.workout(id: id) }
    }

    // MARK: CardSessionLog

    public func start(_ session: CardSession) throws { try check("start card session") { try inner.start(session) } }
    public func save(_ draw: CardDraw, inCardSession sessionID: UUID) throws {
        try check("save card \(draw.position)") { try inner.save(draw, inCardSession: sessionID) }
    }
    public func deleteDraw(position: Int, inCardSession sessionID: UUID) throws {
        try check("delete card \(position)") { try inner.deleteDraw(position: position, inCardSession: sessionID) }
    }
    public func finishCardSession(
        _ sessionID: UUID, status: SessionStatus, at finishedAt: Date, activeDuration: TimeInterval
    ) throws {
        try check("finish card session") {
            try inner.finishCardSession(sessionID, status: status, at: finishedAt, activeDuration: activeDuration)
        }
    }
    public func cardSession(id: UUID) throws -> CardSession? {
        try check("card session") { try inner.cardSession(id: id) }
    }
    public func recentCardSessions(limit: Int) throws -> [CardSession] {
        try check("recent card sessions") { try inner.recentCardSessions(limit: limit) }
    }

    // MARK: FlashcardLibrary

    public func decks() throws -> [FlashcardDeck] { try check("decks") { try inner.decks() } }
    public func save(_ deck: FlashcardDeck) throws { try check("save deck") { try inner.save(deck) } }
    public func deleteDeck(_ deckID: UUID) throws { try check("delete deck") { try inner.deleteDeck(deckID) } }
    public func save(_ card: Flashcard, inDeck deckID: UUID) throws {
        try check("save flashcard") { try inner.save(card, inDeck: deckID) }
    }
    public func deleteCard(_ cardID: UUID) throws { try check("delete flashcard") { try inner.deleteCard(cardID) } }
    public func start(_ session: FlashcardSession) throws {
        try check("start flashcard session") { try inner.start(session) }
    }
    public func save(_ review: FlashcardReview, inFlashcardSession sessionID: UUID) throws {
        try check("save review") { try inner.save(review, inFlashcardSession: sessionID) }
    }
    public func deleteFlashcardReview(_ reviewID: UUID, inFlashcardSession sessionID: UUID) throws {
        try check("delete review") { try inner.deleteFlashcardReview(reviewID, inFlashcardSession: sessionID) }
    }
    public func finishFlashcardSession(_ sessionID: UUID, status: SessionStatus, at finishedAt: Date) throws {
        try check("finish flashcard session") {
            try inner.finishFlashcardSession(sessionID, status: status, at: finishedAt)
        }
    }
    public func flashcardSession(id: UUID) throws -> FlashcardSession? {
        try check("flashcard session") { try inner.flashcardSession(id: id) }
    }
    public func flashcardReviews(ofCards cardIDs: [UUID]) throws -> [FlashcardReview] {
        try check("reviews") { try inner.flashcardReviews(ofCards: cardIDs) }
    }

    // MARK: HIITLog

    public func save(_ session: HIITSession) throws { try check("save exercise") { try inner.save(session) } }
    public func hiitSessions(since: Date?, limit: Int?) throws -> [HIITSession] {
        try check("HIIT history") { try inner.hiitSessions(since: since, limit: limit) }
    }

    // MARK: SettingsStore

    public func settings() throws -> Settings { try check("settings") { try inner.settings() } }
    public func setSetting(_ value: JSONValue?, forName name: String) throws {
        try check("set \(name)") { try inner.setSetting(value, forName: name) }
    }
    public func apply(_ changes: [SettingChange]) throws -> [SettingConflict] {
        try check("change \(changes.map(\.settingName).sorted().joined(separator: ", "))") {
            try inner.apply(changes)
        }
    }

    // MARK: NoticesChanges

    public func changedElsewhere() throws -> Bool {
        check("data version") {
            state.withLock { state in
                defer { state.changed = false }
                return state.changed
            }
        }
    }
}
