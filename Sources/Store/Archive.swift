import Foundation
import GRDB
import Records

/// The JSON form of exports and of `termfit history --format json`: pretty-printed, keys
/// sorted, times as ISO-8601 UTC text with milliseconds, so the same data always gives the same
/// bytes.
public enum ArchiveCoding {
    /// An encoder writing TermFit's JSON form.
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Timestamp.isoText(date))
        }
        return encoder
    }

    /// An archive as `termfit export` writes it: TermFit's JSON form, with every character a
    /// terminal must not receive raw written as a `\u` escape (``TerminalText/escapingJSON(_:)``:
    /// the same value, read back exactly), ending with a newline.
    public static func exportText(_ archive: ProfileArchive) throws -> Data {
        let json = String(decoding: try encoder().encode(archive), as: UTF8.self)
        return Data((TerminalText.escapingJSON(json) + "\n").utf8)
    }

    /// A decoder reading TermFit's JSON form (times may carry any UTC offset).
    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            let text = try container.decode(String.self)
            guard let date = Timestamp.date(isoText: text) else {
                let reason = Timestamp.problem(isoText: text) ?? "is not a time"
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "'\(TerminalText.sanitized(String(text.prefix(40))))' \(reason)")
            }
            return date
        }
        return decoder
    }
}

/// What an import added.
public struct ImportSummary: Sendable, Equatable, CustomStringConvertible {
    /// The profile the records went into.
    public var profile: String
    /// Sessions (of every workout) and flashcard decks added.
    public var added: Int
    /// Sessions and decks skipped because they were there already.
    public var alreadyPresent: Int
    /// Settings added (settings the profile already had are kept as they are).
    public var settingsAdded: Int
    /// The settings the profile already had with another value than the file's: each kept as
    /// the profile had it, and named in the description.
    public var settingsKept: [String] = []

    public init(profile: String, added: Int, alreadyPresent: Int, settingsAdded: Int, settingsKept: [String] = []) {
        (self.profile, self.added, self.alreadyPresent) = (profile, added, alreadyPresent)
        (self.settingsAdded, self.settingsKept) = (settingsAdded, settingsKept)
    }

    public var description: String {
        var text = "Imported \(added) \(added == 1 ? "record" : "records") into profile '\(profile)'"
        if settingsAdded > 0 { text += " with \(settingsAdded) \(settingsAdded == 1 ? "setting" : "settings")" }
        if alreadyPresent > 0 { text += "; \(alreadyPresent) were already there" }
        text += "."
        for name in settingsKept {
            text += "\nSetting \(name) was already set in this profile: kept its value, not the file's."
        }
        return text
    }
}

extension ProfileStore {
    /// Everything this profile has, read in one transaction, oldest first.
    public func archive() throws -> ProfileArchive {
        try store.read { db in
            ProfileArchive(
                profile: profile.name, settings: try fetchSettings(db), cardSessions: try fetchCardSessions(db),
                dumbbellWorkouts: try fetchWorkouts(db), flashcardDecks: try fetchDecks(db),
                flashcardSessions: try fetchFlashcardSessions(db), hiitSessions: try fetchHIITSessions(db))
        }
    }

    /// `termfit export --format json`: the profile's whole history, settings and flashcard decks
    /// as JSON (see ``ArchiveCoding``), ending with a newline.
    public func exportJSON() throws -> Data {
        try ArchiveCoding.exportText(try archive())
    }
}

extension TermFitStore {
    /// `termfit import FILE`: adds the records of an export to a profile, in one transaction.
    ///
    /// Records are matched by identifier: one already in the profile is left as it is (the
    /// database wins), so importing the same file twice adds nothing. Settings the profile has
    /// already are kept too. Nothing is written unless the whole file can be imported.
    ///
    /// - Parameters:
    ///   - data: the export's JSON.
    ///   - name: the profile to import into (created if needed); the profile named in the file
    ///     when `nil`.
    /// - Throws: ``StoreError/invalidArchive(_:)``, ``StoreError/archiveFromNewerVersion(found:supported:)``
    ///   or ``StoreError/archiveConflict(_:)`` for a file that cannot be imported.
    public func importJSON(_ data: Data, intoProfile name: String? = nil) throws -> ImportSummary {
        let archive = try Self.decodeArchive(data)
        return try importArchive(archive, intoProfile: name)
    }

    /// Throws ``StoreError/archiveConflict(_:)`` when a record of `archive` belongs to another
    /// profile than `name` (the archive's own when `nil`). It only reads, so it works on a store
    /// opened with ``openForReading(at:)``: `termfit import` asks before opening the database for
    /// writing, which a refused import then never does.
    public func checkImport(_ archive: ProfileArchive, intoProfile name: String? = nil) throws {
        let profileName = try Self.validated(name ?? archive.profile)
        try read { db in
            let profileID = try Self.fetchProfile(db, named: profileName)?.id.uuidString
            try Self.requireNoConflicts(db, archive, profileID: profileID)
        }
    }

    /// Throws ``StoreError/archiveConflict(_:)`` when a record of `archive` belongs to a profile
    /// other than `profileID`'s (or to any, when the profile does not exist yet), or a review to
    /// another session.
    static func requireNoConflicts(_ db: Database, _ archive: ProfileArchive, profileID: String?) throws {
        func requireOwned(_ sql: String, _ ids: [UUID], _ what: String) throws {
            for id in ids {
                let owner = try String.fetchOne(db, sql: sql, arguments: [id.uuidString])
                if let owner, owner != profileID {
                    throw StoreError.archiveConflict(
                        "\(what) \(id.uuidString) already belongs to another profile in this database")
                }
            }
        }
        let tables: [(String, [UUID])] = [
            ("card_session", archive.cardSessions.map(\.id)), ("dumbbell_workout", archive.dumbbellWorkouts.map(\.id)),
            ("flashcard_deck", archive.flashcardDecks.map(\.id)),
            ("flashcard_session", archive.flashcardSessions.map(\.id)),
            ("hiit_session", archive.hiitSessions.map(\.id)),
        ]
        for (table, ids) in tables {
            try requireOwned("SELECT profile_id FROM \(table) WHERE id = ?", ids, "record")
        }
        try requireOwned(
            "SELECT d.profile_id FROM flashcard c JOIN flashcard_deck d ON d.id = c.deck_id WHERE c.id = ?",
            archive.flashcardDecks.flatMap(\.cards).map(\.id), "flashcard")
        for session in archive.flashcardSessions {
            for review in session.reviews {
                let existing = try String.fetchOne(
                    db, sql: "SELECT session_id FROM flashcard_review WHERE id = ?", arguments: [review.id.uuidString])
                if let existing, existing != session.id.uuidString {
                    throw StoreError.archiveConflict(
                        "review \(review.id.uuidString) already belongs to another session in this database")
                }
            }
        }
    }

    /// Adds the records of an archive to a profile; see ``importJSON(_:intoProfile:)``.
    public func importArchive(_ archive: ProfileArchive, intoProfile name: String? = nil) throws -> ImportSummary {
        let profileName = try Self.validated(name ?? archive.profile)
        try Self.validate(archive)
        return try write { db in
            let profile = try Self.fetchProfile(db, named: profileName) ?? Self.insertProfile(db, named: profileName)
            let target = ProfileStore(profile: profile, store: self)
            try Self.requireNoConflicts(db, archive, profileID: target.profileID)
            var summary = ImportSummary(profile: profile.name, added: 0, alreadyPresent: 0, settingsAdded: 0)
            func count(_ added: Bool) {
                if added { summary.added += 1 } else { summary.alreadyPresent += 1 }
            }
            // Whether a record is new to the profile (none belongs to another: checked above).
            func claim(_ table: String, _ id: UUID) throws -> Bool {
                try target.ownership(db, table: table, id: id) == .none
            }
            for session in archive.cardSessions {
                let isNew = try claim("card_session", session.id)
                if isNew {
                    try db.execute(
                        sql: """
                            INSERT INTO card_session
                                (id, profile_id, deck_id, deck_source, started_at, finished_at, status, active_duration)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            session.id.uuidString, target.profileID, session.deckID, session.deckSource.rawValue,
                            session.startedAt.storedMilliseconds, session.finishedAt.storedMilliseconds,
                            session.status.ended.rawValue, session.activeDuration,
                        ])
                }
                for draw in session.draws {
                    try db.execute(
                        sql: """
                            INSERT INTO card_draw (session_id, position, code, exercise, reps, drawn_at, seconds)
                            VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                            """,
                        arguments: [
                            session.id.uuidString, draw.position, draw.code, draw.exercise, draw.reps,
                            draw.drawnAt.storedMilliseconds, draw.seconds,
                        ])
                }
                count(isNew)
            }
            for workout in archive.dumbbellWorkouts {
                let isNew = try claim("dumbbell_workout", workout.id)
                if isNew {
                    try db.execute(
                        sql: """
                            INSERT INTO dumbbell_workout
                                (id, profile_id, exercise, unit, started_at, finished_at, status, session_id,
                                 title, workout_note, exercise_note)
                            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            workout.id.uuidString, target.profileID, workout.exercise, workout.unit.rawValue,
                            workout.startedAt.storedMilliseconds, workout.finishedAt.storedMilliseconds,
                            workout.status.ended.rawValue, workout.sessionID?.uuidString, workout.title,
                            workout.workoutNote, workout.exerciseNote,
                        ])
                }
                for set in workout.sets { try Self.insertSetIfAbsent(db, set, workoutID: workout.id) }
                count(isNew)
            }
            for deck in archive.flashcardDecks {
                let isNew = try claim("flashcard_deck", deck.id)
                if isNew {
                    try db.execute(
                        sql: "INSERT INTO flashcard_deck (id, profile_id, name, created_at) VALUES (?, ?, ?, ?)",
                        arguments: [deck.id.uuidString, target.profileID, deck.name, deck.createdAt.storedMilliseconds])
                }
                for card in deck.cards {
                    try db.execute(
                        sql: """
                            INSERT INTO flashcard (id, deck_id, prompt, answer, created_at, guid, tags)
                            VALUES (?, ?, ?, ?, ?, ?, ?)
                            ON CONFLICT DO NOTHING
                            """,
                        arguments: [
                            card.id.uuidString, deck.id.uuidString, card.prompt, card.answer,
                            card.createdAt.storedMilliseconds, card.guid, card.tags.joined(separator: " "),
                        ])
                }
                count(isNew)
            }
            for session in archive.flashcardSessions {
                let isNew = try claim("flashcard_session", session.id)
                if isNew {
                    try db.execute(
                        sql: """
                            INSERT INTO flashcard_session
                                (id, profile_id, deck_id, deck_name, started_at, finished_at, status)
                            VALUES (?, ?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            session.id.uuidString, target.profileID, session.deckID.uuidString, session.deckName,
                            session.startedAt.storedMilliseconds, session.finishedAt.storedMilliseconds,
                            session.status.ended.rawValue,
                        ])
                }
                for review in session.reviews {
                    try db.execute(
                        sql: """
                            INSERT INTO flashcard_review (id, session_id, card_id, grade, reviewed_at, cram)
                            VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                            """,
                        arguments: [
                            review.id.uuidString, session.id.uuidString, review.cardID.uuidString,
                            review.grade.rawValue, review.reviewedAt.storedMilliseconds, review.isCram,
                        ])
                }
                count(isNew)
            }
            for session in archive.hiitSessions {
                let isNew = try claim("hiit_session", session.id)
                if isNew { try target.saveHIIT(db, session, replacing: false) }
                count(isNew)
            }
            for (name, value) in archive.settings.values.sorted(by: { $0.key < $1.key }) {
                if try target.insertSettingIfAbsent(db, name: name, value: value) {
                    summary.settingsAdded += 1
                } else if try target.fetchSetting(db, name: name) != value {
                    summary.settingsKept.append(name)
                }
            }
            return summary
        }
    }

    /// Adds a set to a workout unless the workout has a set of that number already; returns
    /// whether it was added.
    @discardableResult
    static func insertSetIfAbsent(_ db: Database, _ set: DumbbellSet, workoutID: UUID) throws -> Bool {
        try db.cachedStatement(
            sql: """
                INSERT INTO dumbbell_set
                    (workout_id, number, weight_hundredths, reps, started_at, finished_at, rest_before, set_type,
                     rpe, note)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING
                """
        ).execute(
            arguments: [
                workoutID.uuidString, set.number, set.weightHundredths, set.reps, set.startedAt.storedMilliseconds,
                set.finishedAt.storedMilliseconds, set.restBefore, set.type.rawValue, set.rpe, set.note,
            ])
        return db.changesCount > 0
    }

    /// Throws ``StoreError/invalidArchive(_:)`` unless every record and setting of `archive` is
    /// within ``ValueLimits`` and no identifier appears twice.
    public static func validate(_ archive: ProfileArchive) throws {
        do {
            try archive.validate()
        } catch {
            throw StoreError.invalidArchive("\(error)")
        }
    }

    /// Reads an export, refusing other JSON, damaged files and files from a newer TermFit.
    public static func decodeArchive(_ data: Data) throws -> ProfileArchive {
        struct Header: Decodable {
            var format: String?
            var version: Int?
        }
        let header: Header
        do {
            header = try JSONDecoder().decode(Header.self, from: data)
        } catch {
            throw StoreError.invalidArchive("it is not a JSON object")
        }
        guard header.format == ProfileArchive.formatName, let version = header.version else {
            throw StoreError.invalidArchive("it has no \"format\": \"\(ProfileArchive.formatName)\" field")
        }
        guard version <= ProfileArchive.currentVersion else {
            throw StoreError.archiveFromNewerVersion(found: version, supported: ProfileArchive.currentVersion)
        }
        // Versions are checked exactly: every version TermFit ever wrote is from 1 up.
        guard version >= 1 else {
            throw StoreError.invalidArchive("its \"version\" is \(version); TermFit archives start at version 1")
        }
        do {
            return try ArchiveCoding.decoder().decode(ProfileArchive.self, from: data)
        } catch let error as DecodingError {
            throw StoreError.invalidArchive(Self.explain(error))
        } catch {
            throw StoreError.invalidArchive("\(error)")
        }
    }

    private static func explain(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return keys.isEmpty ? "the top level" : String(keys.drop(while: { $0 == "." }))
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(path(context)) lacks \"\(key.stringValue)\""
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return "\(path(context)) has the wrong type"
        case .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }
}
