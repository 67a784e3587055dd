#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every log a profile saves into, and its settings: what a recovery file is replayed through.
public typealias WorkoutLogs = CardSessionLog & DumbbellLog & FlashcardLibrary & HIITLog & SettingsStore

/// One change to a member's data, as a value: the command a workout emits (its
/// `Output.save`), its host queues as it is and the store worker carries out, in order; and,
/// when it cannot be carried out before TermFit ends (the disk was full, the file read-only),
/// what a recovery file keeps and replays, in order, on the next start. Each case is one call
/// of a log (or of the settings), with the same arguments. Reads are not commands.
public enum UnsavedStep: Sendable, Codable, Equatable {
    /// `DumbbellLog.start`: a new dumbbell workout.
    case dumbbellWorkout(DumbbellWorkout)
    /// `DumbbellLog.save(_:inWorkout:)`: a finished set.
    case dumbbellSet(DumbbellSet, workoutID: UUID, exercise: String, unit: WeightUnit)
    /// `DumbbellLog.deleteSet(number:inWorkout:)`: a set deleted from a dumbbell workout.
    case dumbbellSetDeletion(number: Int, workoutID: UUID)
    /// `DumbbellLog.finishWorkout`: the end of a dumbbell workout.
    case dumbbellFinish(workoutID: UUID, status: SessionStatus, at: Date)
    /// `DumbbellLog.endRest(inWorkout:at:)`: the rest after a set skipped before it ran out, so
    /// a workout carried on after a cut does not count it again.
    case dumbbellRestEnd(workoutID: UUID, at: Date)
    /// `CardSessionLog.start`: a new card session.
    case cardSession(CardSession)
    /// `CardSessionLog.save(_:inCardSession:)`: a card done.
    case cardDraw(CardDraw, sessionID: UUID)
    /// `CardSessionLog.deleteDraw(position:inCardSession:)`: a card taken back with undo.
    case cardDrawDeletion(position: Int, sessionID: UUID)
    /// `CardSessionLog.finishCardSession`: the end of a card session.
    case cardFinish(sessionID: UUID, status: SessionStatus, at: Date, activeDuration: TimeInterval)
    /// `FlashcardLibrary.start`: a new flashcard session.
    case flashcardSession(FlashcardSession)
    /// `FlashcardLibrary.save(_:inFlashcardSession:)`: an answer.
    case flashcardReview(FlashcardReview, sessionID: UUID)
    /// `FlashcardLibrary.deleteFlashcardReview(_:inFlashcardSession:)`: an answer taken back with undo.
    case flashcardReviewDeletion(UUID, sessionID: UUID)
    /// `FlashcardLibrary.finishFlashcardSession`: the end of a flashcard session.
    case flashcardFinish(sessionID: UUID, status: SessionStatus, at: Date)
    /// `FlashcardLibrary.save(_:inDeck:)`: a card added or changed in the editor.
    case flashcard(Flashcard, deckID: UUID)
    /// `FlashcardLibrary.deleteCard`: a card deleted in the editor.
    case flashcardDeletion(UUID)
    /// `FlashcardLibrary.save(_:)`: a deck made or renamed in the list of decks.
    case flashcardDeck(FlashcardDeck)
    /// `FlashcardLibrary.deleteDeck`: a deck deleted in the list of decks.
    case flashcardDeckDeletion(UUID)
    /// `HIITLog.save`: a HIIT exercise done (or rated).
    case hiitExercise(HIITSession)
    /// `SettingsStore.apply`: a window's changes to the profile's settings (the unit, a rest
    /// length, a routine, a rating, a circuit, the page or deck kept), each compared and set
    /// against what the window last saw stored.
    case settings([SettingChange])

    /// Checks the step's values against ``ValueLimits`` (each record's `validate()`), as a log
    /// does before it writes.
    public func validate() throws {
        switch self {
        case .dumbbellWorkout(let workout): try workout.validate()
        case .dumbbellSet(let set, _, let exercise, _):
            try set.validate()
            try Check.text(exercise, "a workout's exercise", maximum: ValueLimits.nameLength, empty: false)
        case .dumbbellFinish(_, _, let date), .flashcardFinish(_, _, let date), .dumbbellRestEnd(_, let date):
            try SessionEnd.validate(at: date)
        case .cardSession(let session): try session.validate()
        case .cardDraw(let draw, _): try draw.validate()
        case .cardFinish(_, _, let date, let duration): try SessionEnd.validate(at: date, activeDuration: duration)
        case .flashcardSession(let session): try session.validate()
        case .flashcardReview(let review, _): try review.validate()
        case .flashcard(let card, _): try card.validate()
        case .flashcardDeck(let deck): try deck.validate()
        case .flashcardDeletion, .cardDrawDeletion, .flashcardDeckDeletion, .dumbbellSetDeletion,
            .flashcardReviewDeletion:
            break
        case .hiitExercise(let session): try session.validate()
        case .settings(let changes): for change in changes { try change.validate() }
        }
    }

    /// Carries the step out through `logs` (each log validates what it saves). Saves are
    /// upserts, so a step carried out twice changes nothing the second time.
    public func save(into logs: any WorkoutLogs) throws {
        switch self {
        case .dumbbellWorkout, .dumbbellSet, .dumbbellSetDeletion, .dumbbellFinish, .dumbbellRestEnd:
            try carryOut(onDumbbells: logs)
        case .cardSession, .cardDraw, .cardDrawDeletion, .cardFinish: try carryOut(onCards: logs)
        case .flashcardSession, .flashcardReview, .flashcardReviewDeletion, .flashcardFinish, .flashcard,
            .flashcardDeletion, .flashcardDeck, .flashcardDeckDeletion:
            try carryOut(onFlashcards: logs)
        case .hiitExercise: try carryOut(onHIIT: logs)
        case .settings: _ = try carryOut(onSettings: logs)
        }
    }

    /// Carries a dumbbell step out on `log`; a step of another workout is refused.
    public func carryOut(onDumbbells log: any DumbbellLog) throws {
        switch self {
        case .dumbbellWorkout(let workout): try log.start(workout)
        case .dumbbellSet(let set, let id, _, _): try log.save(set, inWorkout: id)
        case .dumbbellSetDeletion(let number, let id): try log.deleteSet(number: number, inWorkout: id)
        case .dumbbellFinish(let id, let status, let date): try log.finishWorkout(id, status: status, at: date)
        case .dumbbellRestEnd(let id, let date): try log.endRest(inWorkout: id, at: date)
        default: throw refusal("dumbbell")
        }
    }

    /// Carries a card step out on `log`; a step of another workout is refused.
    public func carryOut(onCards log: any CardSessionLog) throws {
        switch self {
        case .cardSession(let session): try log.start(session)
        case .cardDraw(let draw, let id): try log.save(draw, inCardSession: id)
        case .cardDrawDeletion(let position, let id): try log.deleteDraw(position: position, inCardSession: id)
        case .cardFinish(let id, let status, let date, let duration):
            try log.finishCardSession(id, status: status, at: date, activeDuration: duration)
        default: throw refusal("card")
        }
    }

    /// Carries a flashcard step out on `library`; a step of another workout is refused.
    public func carryOut(onFlashcards library: any FlashcardLibrary) throws {
        switch self {
        case .flashcardSession(let session): try library.start(session)
        case .flashcardReview(let review, let id): try library.save(review, inFlashcardSession: id)
        case .flashcardReviewDeletion(let reviewID, let id):
            try library.deleteFlashcardReview(reviewID, inFlashcardSession: id)
        case .flashcardFinish(let id, let status, let date):
            try library.finishFlashcardSession(id, status: status, at: date)
        case .flashcard(let card, let deckID): try library.save(card, inDeck: deckID)
        case .flashcardDeletion(let id): try library.deleteCard(id)
        case .flashcardDeck(let deck): try library.save(deck)
        case .flashcardDeckDeletion(let id): try library.deleteDeck(id)
        default: throw refusal("flashcard")
        }
    }

    /// Carries a HIIT step out on `log`; a step of another workout is refused.
    public func carryOut(onHIIT log: any HIITLog) throws {
        guard case .hiitExercise(let session) = self else { throw refusal("HIIT") }
        try log.save(session)
    }

    /// Carries a settings step out on `store`; returns the changes that met another window's
    /// (see ``SettingChange/resolve(current:isFree:)``). A step of a workout is refused.
    public func carryOut(onSettings store: any SettingsStore) throws -> [SettingConflict] {
        guard case .settings(let changes) = self else {
            throw LogError.invalidValue("\(summary) is not a change of the settings")
        }
        return try store.apply(changes)
    }

    private func refusal(_ workout: String) -> LogError {
        .invalidValue("\(summary) is not a change of the \(workout) workout")
    }

    /// What the step keeps, in a few words for a person ("dumbbells: Bicep curl set 1, 12 kg × 10").
    /// Stored text in it is raw: print it through ``TerminalText``.
    public var summary: String {
        switch self {
        case .dumbbellWorkout(let workout):
            "dumbbells: the start of a \(workout.exercise) workout (\(Self.count(workout.sets.count, "set")))"
        case .dumbbellSet(let set, _, let exercise, let unit):
            "dumbbells: \(exercise) set \(set.number), \(Self.number(set.weight)) \(unit.rawValue) × \(set.reps)"
                + " (done \(Self.day(set.startedAt)))"
        case .dumbbellSetDeletion(let number, _): "dumbbells: set \(number) deleted"
        case .dumbbellFinish(_, let status, _): "dumbbells: the end of a workout (\(status.word))"
        case .dumbbellRestEnd: "dumbbells: a rest skipped"
        case .cardSession(let session): "cards: the start of a session (\(Self.count(session.draws.count, "card")))"
        case .cardDraw(let draw, _): "cards: card \(draw.position), \(draw.code), \(draw.exercise) × \(draw.reps)"
        case .cardDrawDeletion(let position, _): "cards: card \(position) taken back"
        case .cardFinish(_, let status, _, _): "cards: the end of a session (\(status.word))"
        case .flashcardSession(let session):
            "flashcards: the start of a session on \(session.deckName) (\(Self.count(session.reviews.count, "answer")))"
        case .flashcardReview(let review, _):
            "flashcards: an answer (\(review.grade.rawValue)\(review.isCram ? ", cram" : ""))"
        case .flashcardReviewDeletion: "flashcards: an answer taken back"
        case .flashcardFinish(_, let status, _): "flashcards: the end of a session (\(status.word))"
        case .flashcard(let card, _): "flashcards: the card \(card.prompt)"
        case .flashcardDeletion: "flashcards: a card deleted"
        case .flashcardDeck(let deck): "flashcards: the deck \(deck.name)"
        case .flashcardDeckDeletion: "flashcards: a deck deleted"
        case .hiitExercise(let session): "hiit: \(session.exercise)"
        case .settings(let changes): "settings: " + changes.map(Self.describe).joined(separator: ", ")
        }
    }

    /// "dumbbells.unit", "hiit.ratings Squat": the setting a change is of, and its item.
    private static func describe(_ change: SettingChange) -> String {
        switch change {
        case .value(let name, _, _): name
        case .item(let name, let key, _, _): "\(name) \(key)"
        case .order(let name, _, _): "\(name) order"
        }
    }

    /// "2026-11-14": the day of `date` in the member's time zone (a correction names the day of
    /// the workout it corrects).
    private static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))"
    }

    private static func count(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// The saves one profile's workouts still owed when TermFit ended, oldest first.
public struct UnsavedWork: Sendable, Equatable {
    /// Whose data the steps are.
    public var profile: String
    /// What could not be saved, in the order it was meant to go in.
    public var steps: [UnsavedStep]
    /// The identifier of each step's command, in the same order (empty when they are not
    /// known): a store that records them carries each out once, however often it is replayed.
    public var commandIDs: [UUID]

    public init(profile: String, steps: [UnsavedStep], commandIDs: [UUID] = []) {
        self.profile = profile
        self.steps = steps
        self.commandIDs = commandIDs.count == steps.count ? commandIDs : []
    }
}
