import Foundation
import GRDB
import Records

/// One profile's view of the database: every read and write through it touches only that
/// profile's history, settings and flashcard decks.
///
/// Each saving method is one committed transaction: when it returns, the step is on disk.
public struct ProfileStore: Sendable {
    /// The profile this store reads and writes.
    public let profile: Profile
    /// The database it belongs to.
    public let store: TermFitStore

    init(profile: Profile, store: TermFitStore) {
        self.profile = profile
        self.store = store
    }

    var profileID: String { profile.id.uuidString }

    /// Whether a record with this identifier exists in `table` for this profile, for another
    /// profile, or not at all.
    enum Ownership {
        case none, this, other
    }

    /// Who owns the row `id` of a table with a `profile_id` column.
    func ownership(_ db: Database, table: String, id: UUID) throws -> Ownership {
        let owner = try String.fetchOne(
            db, sql: "SELECT profile_id FROM \(table) WHERE id = ?", arguments: [id.uuidString])
        guard let owner else { return .none }
        return owner == profileID ? .this : .other
    }

    /// Refuses to save a record whose identifier another profile uses.
    func requireNotForeign(_ db: Database, table: String, id: UUID) throws {
        if try ownership(db, table: table, id: id) == .other {
            throw LogError.invalidValue("the identifier \(id.uuidString) belongs to another profile")
        }
    }

    /// Fetches child rows for many parents in chunks small enough for SQLite's variable limit.
    /// `leading` are arguments for marks before the list (a profile, say).
    static func rows(
        _ db: Database, sql: (String) -> String, ids: [String], leading: [String] = []
    ) throws -> [Row] {
        var rows: [Row] = []
        var start = 0
        while start < ids.count {
            let chunk = Array(ids[start..<min(start + 5000, ids.count)])
            let marks = Array(repeating: "?", count: chunk.count).joined(separator: ",")
            rows += try Row.fetchAll(db, sql: sql(marks), arguments: StatementArguments(leading + chunk))
            start += chunk.count
        }
        return rows
    }
}

// MARK: - Card sessions

extension ProfileStore: CardSessionLog {
    public func start(_ session: CardSession) throws {
        try session.validate()
        try write { db in
            try requireNotForeign(db, table: "card_session", id: session.id)
            try db.execute(
                sql: """
                    INSERT INTO card_session
                        (id, profile_id, deck_id, deck_source, started_at, finished_at, status, active_duration)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET
                        deck_id = excluded.deck_id, deck_source = excluded.deck_source,
                        started_at = excluded.started_at, finished_at = excluded.finished_at,
                        status = excluded.status, active_duration = excluded.active_duration
                    """,
                arguments: [
                    session.id.uuidString, profileID, session.deckID, session.deckSource.rawValue,
                    session.startedAt.storedMilliseconds, session.finishedAt.storedMilliseconds,
                    session.status.rawValue, session.activeDuration,
                ])
            for draw in session.draws { try Self.saveDraw(db, draw, sessionID: session.id) }
            try lease(db, session.id, if: session.status)
        }
    }

    /// Runs `body` in one write transaction after checking that session `id` of `table` belongs to
    /// this profile (a table name of TermFit's schema, never user input).
    private func writeInSession(table: String, id: UUID, _ body: (Database) throws -> Void) throws {
        try write { db in
            guard try ownership(db, table: table, id: id) == .this else { throw LogError.unknownSession(id) }
            try body(db)
        }
    }

    /// Closes as cut off every session of this profile that a killed process left running (in
    /// progress), so the history tells how each ended; returns how many. A session that is in fact
    /// running in another terminal is marked finished or abandoned again when it ends there.
    @discardableResult
    public func closeInterruptedSessions() throws -> Int {
        try write { db in
            var closed = 0
            for table in ["card_session", "dumbbell_workout", "flashcard_session"] {
                try db.execute(
                    sql: "UPDATE \(table) SET status = 'cutOff' WHERE profile_id = ? AND status = 'inProgress'",
                    arguments: [profileID])
                closed += db.changesCount
            }
            return closed
        }
    }

    /// Marks session `id` of `table` (a table of TermFit's schema) finished or abandoned.
    private func finishSession(table: String, id: UUID, status: SessionStatus, at finishedAt: Date) throws {
        try SessionEnd.validate(at: finishedAt)
        try write { db in
            try db.execute(
                sql: "UPDATE \(table) SET status = ?, finished_at = ? WHERE id = ? AND profile_id = ?",
                arguments: [status.rawValue, finishedAt.storedMilliseconds, id.uuidString, profileID])
            if db.changesCount == 0 { throw LogError.unknownSession(id) }
        }
        store.leases.ended(id)
    }

    public func save(_ draw: CardDraw, inCardSession sessionID: UUID) throws {
        try draw.validate()
        try writeInSession(table: "card_session", id: sessionID) { db in
            try Self.saveDraw(db, draw, sessionID: sessionID)
        }
    }

    public func deleteDraw(position: Int, inCardSession sessionID: UUID) throws {
        try writeInSession(table: "card_session", id: sessionID) { db in
            try db.execute(
                sql: "DELETE FROM card_draw WHERE session_id = ? AND position = ?",
                arguments: [sessionID.uuidString, position])
        }
    }

    public func finishCardSession(
        _ sessionID: UUID, status: SessionStatus, at finishedAt: Date, activeDuration: TimeInterval
    ) throws {
        try SessionEnd.validate(at: finishedAt, activeDuration: activeDuration)
        try write { db in
            try db.execute(
                sql: """
                    UPDATE card_session SET status = ?, finished_at = ?, active_duration = ?
                    WHERE id = ? AND profile_id = ?
                    """,
                arguments: [
                    status.rawValue, finishedAt.storedMilliseconds, activeDuration, sessionID.uuidString, profileID,
                ])
            if db.changesCount == 0 { throw LogError.unknownSession(sessionID) }
        }
    }

    public func cardSession(id: UUID) throws -> CardSession? {
        try store.read { db in
            try fetchCardSessions(db, where: "id = ?", arguments: [id.uuidString]).first
        }
    }

    public func recentCardSessions(limit: Int) throws -> [CardSession] {
        try store.read { db in try fetchCardSessions(db, newestFirst: true, limit: limit) }
    }

    static func saveDraw(_ db: Database, _ draw: CardDraw, sessionID: UUID) throws {
        try db.execute(
            sql: """
                INSERT INTO card_draw (session_id, position, code, exercise, reps, drawn_at, seconds)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (session_id, position) DO UPDATE SET
                    code = excluded.code, exercise = excluded.exercise, reps = excluded.reps,
                    drawn_at = excluded.drawn_at, seconds = excluded.seconds
                """,
            arguments: [
                sessionID.uuidString, draw.position, draw.code, draw.exercise, draw.reps,
                draw.drawnAt.storedMilliseconds, draw.seconds,
            ])
    }

    /// The rows of `table` (a session table of TermFit's schema) that belong to this profile and
    /// match `condition`, ordered by start (then id), at most `limit` of them.
    func sessionRows(
        _ db: Database, table: String, where condition: String, arguments: StatementArguments, newestFirst: Bool,
        limit: Int?
    ) throws -> [Row] {
        let order = newestFirst ? "DESC" : "ASC"
        return try Row.fetchAll(
            db,
            sql: """
                SELECT * FROM \(table) WHERE profile_id = ? AND (\(condition))
                ORDER BY started_at \(order), id \(order) LIMIT ?
                """,
            arguments: [profileID] + arguments + [limit ?? -1])
    }

    /// Card sessions of this profile matching `condition`, ordered by start, with their cards.
    func fetchCardSessions(
        _ db: Database, where condition: String = "1", arguments: StatementArguments = [],
        newestFirst: Bool = false, limit: Int? = nil
    ) throws -> [CardSession] {
        let headers = try sessionRows(
            db, table: "card_session", where: condition, arguments: arguments, newestFirst: newestFirst, limit: limit)
        var sessions = try headers.map { row in
            CardSession(
                id: try Columns.uuid(row, "id"), deckID: try row.decode(forColumn: "deck_id"),
                deckSource: DeckSource(rawValue: try row.decode(forColumn: "deck_source")),
                startedAt: try Columns.date(row, "started_at"),
                finishedAt: try Columns.optionalDate(row, "finished_at"),
                status: try Columns.value(row, "status"), activeDuration: try row.decode(forColumn: "active_duration"))
        }
        let index = Dictionary(uniqueKeysWithValues: sessions.enumerated().map { ($1.id.uuidString, $0) })
        let draws = try Self.rows(
            db, sql: { "SELECT * FROM card_draw WHERE session_id IN (\($0)) ORDER BY session_id, position" },
            ids: Array(index.keys))
        for row in draws {
            guard let position = index[try row.decode(forColumn: "session_id")] else { continue }
            sessions[position].draws.append(
                CardDraw(
                    position: try row.decode(forColumn: "position"), code: try row.decode(forColumn: "code"),
                    exercise: try row.decode(forColumn: "exercise"), reps: try row.decode(forColumn: "reps"),
                    drawnAt: try Columns.date(row, "drawn_at"), seconds: try row.decode(forColumn: "seconds")))
        }
        return sessions
    }
}

// MARK: - Dumbbells

extension ProfileStore: DumbbellLog {
    public func lastWorkout(exercise: String, before date: Date) throws -> DumbbellWorkout? {
        try store.read { db in
            let (named, names) = try exerciseMatch(exercise, in: db)
            return try fetchWorkouts(
                db,
                where: """
                    \(named) AND started_at < ?
                    AND EXISTS (SELECT 1 FROM dumbbell_set WHERE workout_id = dumbbell_workout.id)
                    """,
                arguments: names + [date.storedMilliseconds], newestFirst: true, limit: 1
            ).first
        }
    }

    public func workouts(exercise: String, limit: Int) throws -> [DumbbellWorkout] {
        try store.read { db in
            let (named, names) = try exerciseMatch(exercise, in: db)
            return try fetchWorkouts(
                db,
                where: "\(named) AND EXISTS (SELECT 1 FROM dumbbell_set WHERE workout_id = dumbbell_workout.id)",
                arguments: names, newestFirst: true, limit: max(0, limit))
        }
    }

    public func start(_ workout: DumbbellWorkout) throws {
        try workout.validate()
        try write { db in
            try requireNotForeign(db, table: "dumbbell_workout", id: workout.id)
            try db.execute(
                sql: """
                    INSERT INTO dumbbell_workout
                        (id, profile_id, exercise, unit, started_at, finished_at, status, session_id,
                         title, workout_note, exercise_note)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET
                        exercise = excluded.exercise, unit = excluded.unit, started_at = excluded.started_at,
                        finished_at = excluded.finished_at, status = excluded.status, session_id = excluded.session_id,
                        title = excluded.title, workout_note = excluded.workout_note,
                        exercise_note = excluded.exercise_note
                    """,
                arguments: [
                    workout.id.uuidString, profileID,
                    try ExerciseSpelling.stored(workout.exercise, profileID: profileID, in: db), workout.unit.rawValue,
                    workout.startedAt.storedMilliseconds, workout.finishedAt.storedMilliseconds,
                    workout.status.rawValue, workout.sessionID?.uuidString, workout.title, workout.workoutNote,
                    workout.exerciseNote,
                ])
            for set in workout.sets { try Self.saveSet(db, set, workoutID: workout.id) }
            try lease(db, workout.id, if: workout.status)
        }
        // This process does the workout now: another window does not carry it on.
        if workout.status == .inProgress { _ = WorkoutClaims.claim(workout.groupID, in: store.location) }
    }

    public func save(_ set: DumbbellSet, inWorkout workoutID: UUID) throws {
        try set.validate()
        try writeInSession(table: "dumbbell_workout", id: workoutID) { db in
            try Self.saveSet(db, set, workoutID: workoutID)
        }
    }

    public func deleteSet(number: Int, inWorkout workoutID: UUID) throws {
        try writeInSession(table: "dumbbell_workout", id: workoutID) { db in
            try db.execute(
                sql: "DELETE FROM dumbbell_set WHERE workout_id = ? AND number = ?",
                arguments: [workoutID.uuidString, number])
        }
    }

    public func finishWorkout(_ workoutID: UUID, status: SessionStatus, at finishedAt: Date) throws {
        try finishSession(table: "dumbbell_workout", id: workoutID, status: status, at: finishedAt)
        WorkoutClaims.release(workoutID, in: store.location)
    }

    public func endRest(inWorkout workoutID: UUID, at endedAt: Date) throws {
        try SessionEnd.validate(at: endedAt)
        try writeInSession(table: "dumbbell_workout", id: workoutID) { db in
            try db.execute(
                sql: "UPDATE dumbbell_workout SET rest_ended_at = ? WHERE id = ?",
                arguments: [endedAt.storedMilliseconds, workoutID.uuidString])
        }
    }

    public func workout(id: UUID) throws -> DumbbellWorkout? {
        try store.read { db in try fetchWorkouts(db, where: "id = ?", arguments: [id.uuidString]).first }
    }

    /// The most recent workouts of any exercise, newest first.
    public func recentWorkouts(limit: Int) throws -> [DumbbellWorkout] {
        try store.read { db in try fetchWorkouts(db, newestFirst: true, limit: limit) }
    }

    static func saveSet(_ db: Database, _ set: DumbbellSet, workoutID: UUID) throws {
        try db.execute(
            sql: """
                INSERT INTO dumbbell_set
                    (workout_id, number, weight_hundredths, reps, started_at, finished_at, rest_before, set_type,
                     rpe, note)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (workout_id, number) DO UPDATE SET
                    weight_hundredths = excluded.weight_hundredths, reps = excluded.reps,
                    started_at = excluded.started_at, finished_at = excluded.finished_at,
                    rest_before = excluded.rest_before, set_type = excluded.set_type, rpe = excluded.rpe,
                    note = excluded.note
                """,
            arguments: [
                workoutID.uuidString, set.number, set.weightHundredths, set.reps, set.startedAt.storedMilliseconds,
                set.finishedAt.storedMilliseconds, set.restBefore, set.type.rawValue, set.rpe, set.note,
            ])
    }

    /// Dumbbell workouts of this profile matching `condition`, ordered by start, with their sets.
    func fetchWorkouts(
        _ db: Database, where condition: String = "1", arguments: StatementArguments = [],
        newestFirst: Bool = false, limit: Int? = nil
    ) throws -> [DumbbellWorkout] {
        let headers = try sessionRows(
            db, table: "dumbbell_workout", where: condition, arguments: arguments, newestFirst: newestFirst,
            limit: limit)
        var workouts = try headers.map { row in
            var workout = DumbbellWorkout(
                id: try Columns.uuid(row, "id"), exercise: try row.decode(forColumn: "exercise"),
                unit: try Columns.value(row, "unit"), startedAt: try Columns.date(row, "started_at"),
                finishedAt: try Columns.optionalDate(row, "finished_at"), status: try Columns.value(row, "status"),
                sessionID: (row["session_id"] as String?).flatMap(UUID.init(uuidString:)),
                title: row["title"], workoutNote: row["workout_note"], exerciseNote: row["exercise_note"])
            workout.restEndedAt = try Columns.optionalDate(row, "rest_ended_at")
            return workout
        }
        let index = Dictionary(uniqueKeysWithValues: workouts.enumerated().map { ($1.id.uuidString, $0) })
        let sets = try Self.rows(
            db, sql: { "SELECT * FROM dumbbell_set WHERE workout_id IN (\($0)) ORDER BY workout_id, number" },
            ids: Array(index.keys))
        for row in sets {
            guard let position = index[try row.decode(forColumn: "workout_id")] else { continue }
            workouts[position].sets.append(
                DumbbellSet(
                    number: try row.decode(forColumn: "number"),
                    weight: try Double(row.decode(Double.self, forColumn: "weight_hundredths")) / 100,
                    reps: try row.decode(forColumn: "reps"), startedAt: try Columns.date(row, "started_at"),
                    finishedAt: try Columns.date(row, "finished_at"),
                    restBefore: try row.decode(forColumn: "rest_before"),
                    type: (row["set_type"] as String?).flatMap(SetType.init(rawValue:)) ?? .working,
                    rpe: row["rpe"], note: row["note"]))
        }
        return workouts
    }
}

// MARK: - Flashcards

extension ProfileStore: FlashcardLibrary {
    public func decks() throws -> [FlashcardDeck] {
        try store.read { db in try fetchDecks(db) }
    }

    public func save(_ deck: FlashcardDeck) throws {
        try deck.validate()
        try write { db in try saveDeck(db, deck) }
    }

    /// Writes a deck's name and the cards it holds (``save(_:)-(FlashcardDeck)`` and
    /// ``save(decks:)``, inside their transaction).
    func saveDeck(_ db: Database, _ deck: FlashcardDeck) throws {
        try requireNotForeign(db, table: "flashcard_deck", id: deck.id)
        try db.execute(
            sql: """
                INSERT INTO flashcard_deck (id, profile_id, name, created_at) VALUES (?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET name = excluded.name
                """,
            arguments: [deck.id.uuidString, profileID, deck.name, deck.createdAt.storedMilliseconds])
        for card in deck.cards { try saveCard(db, card, deckID: deck.id) }
        try Self.requireDeckSize(db, deckID: deck.id)
    }

    public func deleteDeck(_ deckID: UUID) throws {
        try write { db in
            try db.execute(
                sql: "DELETE FROM flashcard_deck WHERE id = ? AND profile_id = ?",
                arguments: [deckID.uuidString, profileID])
        }
    }

    public func save(_ card: Flashcard, inDeck deckID: UUID) throws {
        try card.validate()
        try write { db in
            guard try ownership(db, table: "flashcard_deck", id: deckID) == .this else {
                throw LogError.unknownDeck(deckID)
            }
            try saveCard(db, card, deckID: deckID)
            try Self.requireDeckSize(db, deckID: deckID)
        }
    }

    public func deleteCard(_ cardID: UUID) throws {
        try write { db in
            try db.execute(
                sql: """
                    DELETE FROM flashcard WHERE id = ?
                    AND deck_id IN (SELECT id FROM flashcard_deck WHERE profile_id = ?)
                    """,
                arguments: [cardID.uuidString, profileID])
        }
    }

    public func start(_ session: FlashcardSession) throws {
        try session.validate()
        try write { db in
            try requireNotForeign(db, table: "flashcard_session", id: session.id)
            try db.execute(
                sql: """
                    INSERT INTO flashcard_session (id, profile_id, deck_id, deck_name, started_at, finished_at, status)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET
                        deck_id = excluded.deck_id, deck_name = excluded.deck_name,
                        started_at = excluded.started_at, finished_at = excluded.finished_at, status = excluded.status
                    """,
                arguments: [
                    session.id.uuidString, profileID, session.deckID.uuidString, session.deckName,
                    session.startedAt.storedMilliseconds, session.finishedAt.storedMilliseconds,
                    session.status.rawValue,
                ])
            for review in session.reviews { try Self.saveReview(db, review, sessionID: session.id) }
            try lease(db, session.id, if: session.status)
        }
    }

    public func save(_ review: FlashcardReview, inFlashcardSession sessionID: UUID) throws {
        try review.validate()
        try writeInSession(table: "flashcard_session", id: sessionID) { db in
            try Self.saveReview(db, review, sessionID: sessionID)
        }
    }

    public func finishFlashcardSession(_ sessionID: UUID, status: SessionStatus, at finishedAt: Date) throws {
        try finishSession(table: "flashcard_session", id: sessionID, status: status, at: finishedAt)
    }

    public func flashcardSession(id: UUID) throws -> FlashcardSession? {
        try store.read { db in
            try fetchFlashcardSessions(db, where: "id = ?", arguments: [id.uuidString]).first
        }
    }

    public func flashcardReviews(ofCards cardIDs: [UUID]) throws -> [FlashcardReview] {
        try store.read { db in try fetchReviews(db, ofCards: cardIDs) }
    }

    /// Throws when the deck holds more cards than ``ValueLimits/cardsPerDeck`` (the transaction
    /// then rolls back).
    static func requireDeckSize(_ db: Database, deckID: UUID) throws {
        let count = try Int.fetchOne(
            db, sql: "SELECT count(*) FROM flashcard WHERE deck_id = ?", arguments: [deckID.uuidString])
        try SessionEnd.validateDeckSize(count ?? 0)
    }

    /// Saves a card into a deck this profile owns, refusing a card identifier another profile uses.
    func saveCard(_ db: Database, _ card: Flashcard, deckID: UUID) throws {
        // Cached statements: an import saves 100,000 cards through here in one transaction.
        let owner = try String.fetchOne(
            db.cachedStatement(
                sql: "SELECT d.profile_id FROM flashcard c JOIN flashcard_deck d ON d.id = c.deck_id WHERE c.id = ?"),
            arguments: [card.id.uuidString])
        if let owner, owner != profileID {
            throw LogError.invalidValue("the identifier \(card.id.uuidString) belongs to another profile")
        }
        try db.cachedStatement(
            sql: """
                INSERT INTO flashcard (
                    id, deck_id, prompt, answer, created_at, guid, tags, notetype, fields, ordinal, templates,
                    anki_origin)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    deck_id = excluded.deck_id, prompt = excluded.prompt, answer = excluded.answer,
                    created_at = excluded.created_at, guid = excluded.guid, tags = excluded.tags,
                    notetype = excluded.notetype, fields = excluded.fields, ordinal = excluded.ordinal,
                    templates = excluded.templates, anki_origin = excluded.anki_origin
                """
        ).execute(
            arguments: [
                card.id.uuidString, deckID.uuidString, card.prompt, card.answer, card.createdAt.storedMilliseconds,
                card.guid, card.tags.joined(separator: " "), card.notetype,
                card.fields.isEmpty ? nil : card.fields.joined(separator: "\u{1F}"), card.ordinal,
                card.templates.isEmpty ? nil : card.templates, card.ankiOrigin?.storedForm,
            ])
    }

    static func saveReview(_ db: Database, _ review: FlashcardReview, sessionID: UUID) throws {
        try db.execute(
            sql: """
                INSERT INTO flashcard_review (id, session_id, card_id, grade, reviewed_at, cram)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET
                    card_id = excluded.card_id, grade = excluded.grade, reviewed_at = excluded.reviewed_at,
                    cram = excluded.cram
                WHERE flashcard_review.session_id = excluded.session_id
                """,
            arguments: [
                review.id.uuidString, sessionID.uuidString, review.cardID.uuidString, review.grade.rawValue,
                review.reviewedAt.storedMilliseconds, review.isCram,
            ])
    }

    /// Every deck of this profile, oldest first, with its cards.
    func fetchDecks(_ db: Database) throws -> [FlashcardDeck] {
        var decks = try Row.fetchAll(
            db, sql: "SELECT * FROM flashcard_deck WHERE profile_id = ? ORDER BY created_at, id", arguments: [profileID]
        ).map { row in
            FlashcardDeck(
                id: try Columns.uuid(row, "id"), name: try row.decode(forColumn: "name"),
                createdAt: try Columns.date(row, "created_at"))
        }
        let index = Dictionary(uniqueKeysWithValues: decks.enumerated().map { ($1.id.uuidString, $0) })
        // A cursor read by column position, not name: 100,000 cards open in tens of milliseconds.
        let cards = try Row.fetchCursor(
            db,
            sql: """
                SELECT \(ProfileStore.cardColumns)
                FROM flashcard c JOIN flashcard_deck d ON d.id = c.deck_id
                WHERE d.profile_id = ? ORDER BY c.deck_id, c.created_at, c.id
                """,
            arguments: [profileID])
        // The cards of one note type share one copy of its templates.
        var templates: [String: String] = [:]
        while let row = try cards.next() {
            guard let position = index[try row.decode(String.self, atIndex: 0)] else { continue }
            decks[position].cards.append(try Self.card(row, sharingTemplates: &templates))
        }
        return decks
    }

    /// A review from a row of `flashcard_review`.
    static func review(_ row: Row) throws -> FlashcardReview {
        FlashcardReview(
            id: try Columns.uuid(row, "id"), cardID: try Columns.uuid(row, "card_id"),
            grade: try Columns.value(row, "grade"), reviewedAt: try Columns.date(row, "reviewed_at"),
            isCram: try row.decode(forColumn: "cram"))
    }

    /// Flashcard sessions of this profile matching `condition`, ordered by start, with their reviews.
    func fetchFlashcardSessions(
        _ db: Database, where condition: String = "1", arguments: StatementArguments = [],
        newestFirst: Bool = false, limit: Int? = nil
    ) throws -> [FlashcardSession] {
        let headers = try sessionRows(
            db, table: "flashcard_session", where: condition, arguments: arguments, newestFirst: newestFirst,
            limit: limit)
        var sessions = try headers.map { row in
            FlashcardSession(
                id: try Columns.uuid(row, "id"), deckID: try Columns.uuid(row, "deck_id"),
                deckName: try row.decode(forColumn: "deck_name"), startedAt: try Columns.date(row, "started_at"),
                finishedAt: try Columns.optionalDate(row, "finished_at"), status: try Columns.value(row, "status"))
        }
        let index = Dictionary(uniqueKeysWithValues: sessions.enumerated().map { ($1.id.uuidString, $0) })
        let reviews = try Self.rows(
            db,
            sql: {
                "SELECT * FROM flashcard_review WHERE session_id IN (\($0)) ORDER BY session_id, reviewed_at, id"
            },
            ids: Array(index.keys))
        for row in reviews {
            guard let position = index[try row.decode(forColumn: "session_id")] else { continue }
            sessions[position].reviews.append(try Self.review(row))
        }
        return sessions
    }
}
