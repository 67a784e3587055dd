import Foundation
import GRDB
import Records

/// TermFit's database schema and its migrations.
///
/// Every migration runs once, in its own transaction, and sets `PRAGMA user_version` to its
/// number, so that an older TermFit can tell from the file's header alone that it must not
/// touch it. Migrations are only ever appended; a released one is never edited.
enum Schema {
    /// The newest schema version this build knows.
    static let version = 19

    /// The migrations, oldest first.
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 profiles, workouts, settings") { db in
            try db.execute(sql: version1)
            try db.execute(sql: "PRAGMA application_id = \(DatabaseFile.applicationID)")
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        // Foreign keys are off while it runs and checked before it commits (GRDB's default).
        migrator.registerMigration("v2 sessions can be cut off") { db in
            try db.execute(sql: version2)
            try db.execute(sql: "PRAGMA user_version = 2")
        }
        migrator.registerMigration("v3 card split times") { db in
            try db.execute(sql: version3)
            try db.execute(sql: "PRAGMA user_version = 3")
        }
        migrator.registerMigration("v4 dumbbell sessions group exercises") { db in
            try db.execute(sql: version4)
            try db.execute(sql: "PRAGMA user_version = 4")
        }
        migrator.registerMigration("v6 flashcard grades and cram reviews") { db in
            try db.execute(sql: version6)
            try db.execute(sql: "PRAGMA user_version = 6")
        }
        migrator.registerMigration("v7 flashcard notes have a guid and tags") { db in
            try db.execute(sql: version7)
            // Every card so far gets the guid a new card would get from its identifier.
            for id in try String.fetchAll(db, sql: "SELECT id FROM flashcard") {
                let guid = UUID(uuidString: id).map(Flashcard.guid(for:)) ?? id
                try db.execute(sql: "UPDATE flashcard SET guid = ? WHERE id = ?", arguments: [guid, id])
            }
            try db.execute(sql: "PRAGMA user_version = 7")
        }
        migrator.registerMigration("v8 itemized settings are a row per item") { db in
            try db.execute(sql: version8)
            try moveSettingsIntoItems(db)
            try db.execute(sql: "PRAGMA user_version = 8")
        }
        migrator.registerMigration("v9 set weights are whole hundredths of their unit") { db in
            try migrateWeightsToHundredths(db)
            try db.execute(sql: "PRAGMA user_version = 9")
        }
        migrator.registerMigration("v11 flashcards keep their Anki note") { db in
            try db.execute(sql: version11)
            try db.execute(sql: "PRAGMA user_version = 11")
        }
        migrator.registerMigration("v13 set types, RPE and notes") { db in
            try db.execute(sql: version13)
            try db.execute(sql: "PRAGMA user_version = 13")
        }
        migrator.registerMigration("v12 flashcard answers carried in from Anki") { db in
            try db.execute(sql: version12)
            // Registered after v13: the file's version never goes down.
            try raiseVersion(db, to: 12)
        }
        migrator.registerMigration("v14 exercise names without regard to case") { db in
            try mergeExerciseSpellings(db)
            try db.execute(sql: "PRAGMA user_version = 14")
        }
        migrator.registerMigration("v15 sessions carry their box and a lease; commands their ids") { db in
            try db.execute(sql: version15)
            try raiseVersion(db, to: 15)
        }
        migrator.registerMigration("v17 flashcards keep their note type's templates") { db in
            try db.execute(sql: version17)
            // Other numbers may be registered before it: the file's version never goes down.
            try raiseVersion(db, to: 17)
        }
        migrator.registerMigration("v18 a skipped rest is kept") { db in
            try db.execute(sql: version18)
            try raiseVersion(db, to: 18)
        }
        migrator.registerMigration("v19 flashcards keep their Anki note's ids") { db in
            try db.execute(sql: version19)
            try raiseVersion(db, to: 19)
        }
        migrator.registerMigration("v16 decks are counted from an index of their cards' notes") { db in
            try db.execute(sql: version16)
            try raiseVersion(db, to: 16)
        }
        return migrator
    }()

    /// Sets the file's `user_version` to `version` unless it is already higher: migrations are
    /// registered in the order they were written, not by number, and the version never goes down.
    private static func raiseVersion(_ db: Database, to version: Int) throws {
        let current = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        try db.execute(sql: "PRAGMA user_version = \(max(current, version))")
    }

    /// The box that runs a session and until when its lease holds (see `SessionLeases`); the
    /// identifiers of the commands carried out, so a command sent again goes in once. Sessions
    /// saved before have no lease: only the rule of their own box applies to them.
    static let version15 = """
        CREATE TABLE session_lease (
            session_id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            box_id TEXT NOT NULL,
            lease_until INTEGER NOT NULL
        );
        CREATE TABLE carried_out_command (
            id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            carried_out_at INTEGER NOT NULL
        );
        CREATE INDEX carried_out_command_by_profile ON carried_out_command(profile_id);
        """

    /// The identifiers of every migration this build knows.
    static var knownMigrations: Set<String> { Set(migrator.migrations) }

    /// Each card's split: whole seconds of working time from its draw to its Done. Cards saved
    /// before have none (NULL).
    private static let version3 = """
        ALTER TABLE card_draw ADD COLUMN seconds REAL CHECK (seconds IS NULL OR seconds >= 0);
        """

    /// A dumbbell workout of several exercises keeps one `dumbbell_workout` row per exercise;
    /// `session_id` (the id of the workout's first exercise row) groups them. Rows saved before
    /// have none: each was a workout of one exercise.
    private static let version4 = """
        ALTER TABLE dumbbell_workout ADD COLUMN session_id TEXT;
        CREATE INDEX dumbbell_workout_by_session ON dumbbell_workout(session_id);
        """

    /// A card from Anki keeps its note: the note type's name, the fields as Anki had them (HTML,
    /// joined by U+001F as in Anki's own database) and which of the note's cards it is.
    private static let version11 = """
        ALTER TABLE flashcard ADD COLUMN notetype TEXT NOT NULL DEFAULT '';
        ALTER TABLE flashcard ADD COLUMN fields TEXT;
        ALTER TABLE flashcard ADD COLUMN ordinal INTEGER NOT NULL DEFAULT 0;
        """

    /// Where a card's note lives in the member's Anki collection (``AnkiNoteOrigin/storedForm``:
    /// note id, mod, note type id and mod, fields' checksum), for the way back into it. Cards
    /// saved before, made in TermFit or read from a text file have none (NULL).
    private static let version19 = """
        ALTER TABLE flashcard ADD COLUMN anki_origin TEXT;
        """

    /// The field names and card templates of a note type that is not one of Anki's stock types
    /// (JSON), kept with each of its cards so that the card is drawn and exported through them.
    private static let version17 = """
        ALTER TABLE flashcard ADD COLUMN templates TEXT;
        """

    /// When the rest after an exercise's last set was skipped (milliseconds, as every time): a
    /// workout carried on after a cut does not count that rest again. Rows saved before have none.
    /// The list of decks counts each deck's cards and notes from this index alone (no card's
    /// text is read): 100,000 cards are counted in milliseconds.
    static let version16 = """
        CREATE INDEX flashcard_by_deck_and_note ON flashcard(deck_id, guid);
        """

    private static let version18 = """
        ALTER TABLE dumbbell_workout ADD COLUMN rest_ended_at INTEGER;
        """

    /// A card's answers carried in from Anki's review log with the card (a package with
    /// scheduling): they belong to no TermFit session, and go with their card when it is deleted.
    private static let version12 = """
        CREATE TABLE flashcard_history (
            id TEXT NOT NULL PRIMARY KEY,
            card_id TEXT NOT NULL REFERENCES flashcard(id) ON DELETE CASCADE,
            grade TEXT NOT NULL CHECK (grade IN ('again', 'hard', 'good', 'easy')),
            reviewed_at INTEGER NOT NULL,
            cram INTEGER NOT NULL DEFAULT 0 CHECK (cram IN (0, 1))
        );
        CREATE INDEX flashcard_history_by_card ON flashcard_history(card_id, reviewed_at);
        """

    /// A dumbbell set's type (warm-up, working, drop, failure), its RPE and note; a workout's
    /// name and note, and the note on one exercise of it (Strong and Hevy keep all of these).
    /// Sets saved before are working sets without RPE or note.
    private static let version13 = """
        ALTER TABLE dumbbell_set ADD COLUMN set_type TEXT NOT NULL DEFAULT 'working'
            CHECK (set_type IN ('warmup', 'working', 'drop', 'failure'));
        ALTER TABLE dumbbell_set ADD COLUMN rpe REAL CHECK (rpe IS NULL OR rpe BETWEEN 1 AND 10);
        ALTER TABLE dumbbell_set ADD COLUMN note TEXT;
        ALTER TABLE dumbbell_workout ADD COLUMN title TEXT;
        ALTER TABLE dumbbell_workout ADD COLUMN workout_note TEXT;
        ALTER TABLE dumbbell_workout ADD COLUMN exercise_note TEXT;
        """

    /// A card's Anki guid (what a re-import matches notes by) and its tags, separated by spaces.
    private static let version7 = """
        ALTER TABLE flashcard ADD COLUMN guid TEXT NOT NULL DEFAULT '';
        ALTER TABLE flashcard ADD COLUMN tags TEXT NOT NULL DEFAULT '';
        CREATE INDEX flashcard_by_guid ON flashcard(guid);
        """

    /// The three session tables again, their status allowed to be `cutOff` (SQLite cannot change a
    /// CHECK in place: each table is copied into its new form, dropped and renamed, and its
    /// indexes made anew). What a killed process left `inProgress` was cut off.
    private static let version2 = """
        CREATE TABLE card_session_v2 (
            id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            deck_id TEXT NOT NULL,
            deck_source TEXT NOT NULL,
            started_at INTEGER NOT NULL,
            finished_at INTEGER,
            status TEXT NOT NULL CHECK (status IN ('inProgress', 'finished', 'abandoned', 'cutOff')),
            active_duration REAL NOT NULL
        );
        INSERT INTO card_session_v2 SELECT id, profile_id, deck_id, deck_source, started_at, finished_at,
            CASE status WHEN 'inProgress' THEN 'cutOff' ELSE status END, active_duration FROM card_session;
        DROP TABLE card_session;
        ALTER TABLE card_session_v2 RENAME TO card_session;
        CREATE INDEX card_session_by_start ON card_session(profile_id, started_at, id);

        CREATE TABLE dumbbell_workout_v2 (
            id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            exercise TEXT NOT NULL,
            unit TEXT NOT NULL CHECK (unit IN ('kg', 'lb')),
            started_at INTEGER NOT NULL,
            finished_at INTEGER,
            status TEXT NOT NULL CHECK (status IN ('inProgress', 'finished', 'abandoned', 'cutOff'))
        );
        INSERT INTO dumbbell_workout_v2 SELECT id, profile_id, exercise, unit, started_at, finished_at,
            CASE status WHEN 'inProgress' THEN 'cutOff' ELSE status END FROM dumbbell_workout;
        DROP TABLE dumbbell_workout;
        ALTER TABLE dumbbell_workout_v2 RENAME TO dumbbell_workout;
        CREATE INDEX dumbbell_workout_by_start ON dumbbell_workout(profile_id, started_at, id);
        CREATE INDEX dumbbell_workout_by_exercise ON dumbbell_workout(profile_id, exercise, started_at, id);

        CREATE TABLE flashcard_session_v2 (
            id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            deck_id TEXT NOT NULL,
            deck_name TEXT NOT NULL,
            started_at INTEGER NOT NULL,
            finished_at INTEGER,
            status TEXT NOT NULL CHECK (status IN ('inProgress', 'finished', 'abandoned', 'cutOff'))
        );
        INSERT INTO flashcard_session_v2 SELECT id, profile_id, deck_id, deck_name, started_at, finished_at,
            CASE status WHEN 'inProgress' THEN 'cutOff' ELSE status END FROM flashcard_session;
        DROP TABLE flashcard_session;
        ALTER TABLE flashcard_session_v2 RENAME TO flashcard_session;
        CREATE INDEX flashcard_session_by_start ON flashcard_session(profile_id, started_at, id);
        """

    /// Flashcard reviews keep Anki's four grades (again, hard, good, easy) instead of right or
    /// wrong, and whether they were given in a cram session (shown, never scheduled). The table is
    /// copied as in v2, since SQLite cannot change a CHECK in place: `correct` becomes `good` and
    /// `wrong` becomes `again`, so the earlier answers keep scheduling their cards.
    private static let version6 = """
        CREATE TABLE flashcard_review_v6 (
            id TEXT NOT NULL PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES flashcard_session(id) ON DELETE CASCADE,
            card_id TEXT NOT NULL,
            grade TEXT NOT NULL CHECK (grade IN ('again', 'hard', 'good', 'easy')),
            reviewed_at INTEGER NOT NULL,
            cram INTEGER NOT NULL DEFAULT 0 CHECK (cram IN (0, 1))
        );
        INSERT INTO flashcard_review_v6 (id, session_id, card_id, grade, reviewed_at, cram)
            SELECT id, session_id, card_id, CASE outcome WHEN 'correct' THEN 'good' ELSE 'again' END, reviewed_at, 0
            FROM flashcard_review;
        DROP TABLE flashcard_review;
        ALTER TABLE flashcard_review_v6 RENAME TO flashcard_review;
        CREATE INDEX flashcard_review_by_session ON flashcard_review(session_id, reviewed_at, id);
        CREATE INDEX flashcard_review_by_card ON flashcard_review(card_id, reviewed_at);
        """

    // Times are whole milliseconds since 1970 UTC; durations and rest are seconds (REAL);
    // identifiers are upper-case UUID text.
    private static let version1 = """
        CREATE TABLE profile (
            id TEXT NOT NULL PRIMARY KEY,
            name TEXT NOT NULL UNIQUE
        );

        CREATE TABLE setting (
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (profile_id, name)
        ) WITHOUT ROWID;

        CREATE TABLE card_session (
            id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            deck_id TEXT NOT NULL,
            deck_source TEXT NOT NULL,
            started_at INTEGER NOT NULL,
            finished_at INTEGER,
            status TEXT NOT NULL CHECK (status IN ('inProgress', 'finished', 'abandoned')),
            active_duration REAL NOT NULL
        );
        CREATE INDEX card_session_by_start ON card_session(profile_id, started_at, id);

        CREATE TABLE card_draw (
            session_id TEXT NOT NULL REFERENCES card_session(id) ON DELETE CASCADE,
            position INTEGER NOT NULL CHECK (position >= 1),
            code TEXT NOT NULL,
            exercise TEXT NOT NULL,
            reps INTEGER NOT NULL,
            drawn_at INTEGER NOT NULL,
            PRIMARY KEY (session_id, position)
        ) WITHOUT ROWID;

        CREATE TABLE dumbbell_workout (
            id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            exercise TEXT NOT NULL,
            unit TEXT NOT NULL CHECK (unit IN ('kg', 'lb')),
            started_at INTEGER NOT NULL,
            finished_at INTEGER,
            status TEXT NOT NULL CHECK (status IN ('inProgress', 'finished', 'abandoned'))
        );
        CREATE INDEX dumbbell_workout_by_start ON dumbbell_workout(profile_id, started_at, id);
        CREATE INDEX dumbbell_workout_by_exercise ON dumbbell_workout(profile_id, exercise, started_at, id);

        CREATE TABLE dumbbell_set (
            workout_id TEXT NOT NULL REFERENCES dumbbell_workout(id) ON DELETE CASCADE,
            number INTEGER NOT NULL CHECK (number >= 1),
            weight REAL NOT NULL,
            reps INTEGER NOT NULL,
            started_at INTEGER NOT NULL,
            finished_at INTEGER NOT NULL,
            rest_before REAL,
            PRIMARY KEY (workout_id, number)
        ) WITHOUT ROWID;

        CREATE TABLE flashcard_deck (
            id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE INDEX flashcard_deck_by_creation ON flashcard_deck(profile_id, created_at, id);

        CREATE TABLE flashcard (
            id TEXT NOT NULL PRIMARY KEY,
            deck_id TEXT NOT NULL REFERENCES flashcard_deck(id) ON DELETE CASCADE,
            prompt TEXT NOT NULL,
            answer TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE INDEX flashcard_by_deck ON flashcard(deck_id, created_at, id);

        -- deck_id is not a foreign key: a session outlives its deck.
        CREATE TABLE flashcard_session (
            id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            deck_id TEXT NOT NULL,
            deck_name TEXT NOT NULL,
            started_at INTEGER NOT NULL,
            finished_at INTEGER,
            status TEXT NOT NULL CHECK (status IN ('inProgress', 'finished', 'abandoned'))
        );
        CREATE INDEX flashcard_session_by_start ON flashcard_session(profile_id, started_at, id);

        -- card_id is not a foreign key: a review outlives its card.
        CREATE TABLE flashcard_review (
            id TEXT NOT NULL PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES flashcard_session(id) ON DELETE CASCADE,
            card_id TEXT NOT NULL,
            outcome TEXT NOT NULL CHECK (outcome IN ('correct', 'wrong')),
            reviewed_at INTEGER NOT NULL
        );
        CREATE INDEX flashcard_review_by_session ON flashcard_review(session_id, reviewed_at, id);
        CREATE INDEX flashcard_review_by_card ON flashcard_review(card_id, reviewed_at);

        CREATE TABLE hiit_session (
            id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            exercise TEXT NOT NULL,
            started_at INTEGER NOT NULL,
            duration REAL NOT NULL,
            completed INTEGER NOT NULL CHECK (completed IN (0, 1)),
            rating INTEGER CHECK (rating BETWEEN 1 AND 5)
        );
        CREATE INDEX hiit_session_by_start ON hiit_session(profile_id, started_at, id);
        """
}
