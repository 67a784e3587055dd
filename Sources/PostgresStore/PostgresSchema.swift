/// TermFit's schema on PostgreSQL: the same numbered migrations, under the same names, as the
/// SQLite file's (`Store`'s `Schema`), each in PostgreSQL's dialect where the two differ. Times
/// are whole milliseconds since 1970 UTC (`BIGINT`), identifiers upper-case UUID text, as in the
/// file, so `termfit migrate --to` copies rows as they are.
///
/// The migrations applied are rows of `termfit_migration`; every box that connects brings the
/// schema up to date under one advisory lock, so two boxes starting at once apply each once.
enum PostgresSchema {
    /// The migrations, oldest first: a name exactly as the SQLite file registers it, and its SQL.
    static let migrations: [(name: String, sql: String)] = [
        ("v1 profiles, workouts, settings", version1),
        (
            "v2 sessions can be cut off",
            ["card_session", "dumbbell_workout", "flashcard_session"].map { table in
                """
                ALTER TABLE \(table) DROP CONSTRAINT \(table)_status;
                ALTER TABLE \(table) ADD CONSTRAINT \(table)_status
                    CHECK (status IN ('inProgress', 'finished', 'abandoned', 'cutOff'));
                UPDATE \(table) SET status = 'cutOff' WHERE status = 'inProgress';
                """
            }.joined(separator: "\n")
        ),
        (
            "v3 card split times",
            "ALTER TABLE card_draw ADD COLUMN seconds DOUBLE PRECISION CHECK (seconds IS NULL OR seconds >= 0);"
        ),
        (
            "v4 dumbbell sessions group exercises",
            """
            ALTER TABLE dumbbell_workout ADD COLUMN session_id TEXT;
            CREATE INDEX dumbbell_workout_by_session ON dumbbell_workout(session_id);
            """
        ),
        (
            "v6 flashcard grades and cram reviews",
            """
            ALTER TABLE flashcard_review ADD COLUMN grade TEXT NOT NULL DEFAULT 'again'
                CHECK (grade IN ('again', 'hard', 'good', 'easy'));
            UPDATE flashcard_review SET grade = CASE outcome WHEN 'correct' THEN 'good' ELSE 'again' END;
            ALTER TABLE flashcard_review ALTER COLUMN grade DROP DEFAULT;
            ALTER TABLE flashcard_review DROP COLUMN outcome;
            ALTER TABLE flashcard_review ADD COLUMN cram BOOLEAN NOT NULL DEFAULT FALSE;
            """
        ),
        (
            "v7 flashcard notes have a guid and tags",
            """
            ALTER TABLE flashcard ADD COLUMN guid TEXT NOT NULL DEFAULT '';
            ALTER TABLE flashcard ADD COLUMN tags TEXT NOT NULL DEFAULT '';
            CREATE INDEX flashcard_by_guid ON flashcard(guid);
            """
        ),
        (
            "v8 itemized settings are a row per item",
            """
            CREATE TABLE setting_item (
                profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
                setting TEXT NOT NULL,
                key TEXT NOT NULL,
                position BIGINT NOT NULL,
                value TEXT NOT NULL,
                PRIMARY KEY (profile_id, setting, key)
            );
            """
        ),
        (
            // No box wrote weights to PostgreSQL before this migration: the column is renamed and
            // made whole hundredths, as the file's v9 leaves it.
            "v9 set weights are whole hundredths of their unit",
            """
            ALTER TABLE dumbbell_set RENAME COLUMN weight TO weight_hundredths;
            ALTER TABLE dumbbell_set ALTER COLUMN weight_hundredths TYPE BIGINT
                USING round(weight_hundredths * 100)::BIGINT;
            """
        ),
        (
            "v11 flashcards keep their Anki note",
            """
            ALTER TABLE flashcard ADD COLUMN notetype TEXT NOT NULL DEFAULT '';
            ALTER TABLE flashcard ADD COLUMN fields TEXT;
            ALTER TABLE flashcard ADD COLUMN ordinal BIGINT NOT NULL DEFAULT 0;
            """
        ),
        (
            "v13 set types, RPE and notes",
            """
            ALTER TABLE dumbbell_set ADD COLUMN set_type TEXT NOT NULL DEFAULT 'working'
                CHECK (set_type IN ('warmup', 'working', 'drop', 'failure'));
            ALTER TABLE dumbbell_set ADD COLUMN rpe DOUBLE PRECISION CHECK (rpe IS NULL OR rpe BETWEEN 1 AND 10);
            ALTER TABLE dumbbell_set ADD COLUMN note TEXT;
            ALTER TABLE dumbbell_workout ADD COLUMN title TEXT;
            ALTER TABLE dumbbell_workout ADD COLUMN workout_note TEXT;
            ALTER TABLE dumbbell_workout ADD COLUMN exercise_note TEXT;
            """
        ),
        (
            // Registered after v13 in the file too (a box that had v13 gains it next).
            "v12 flashcard answers carried in from Anki",
            """
            CREATE TABLE flashcard_history (
                id TEXT NOT NULL PRIMARY KEY,
                card_id TEXT NOT NULL REFERENCES flashcard(id) ON DELETE CASCADE,
                grade TEXT NOT NULL CHECK (grade IN ('again', 'hard', 'good', 'easy')),
                reviewed_at BIGINT NOT NULL,
                cram BOOLEAN NOT NULL DEFAULT FALSE
            );
            CREATE INDEX flashcard_history_by_card ON flashcard_history(card_id, reviewed_at);
            """
        ),
        (
            // The spelling a member's history uses most wins (then the newest, then the first
            // in code-point order), as the file's v14 decides; only the other rows' names change.
            "v14 exercise names without regard to case",
            """
            UPDATE dumbbell_workout w SET exercise = winner.exercise
            FROM (
                SELECT DISTINCT ON (profile_id, lower(exercise)) profile_id, lower(exercise) AS folded, exercise
                FROM (
                    SELECT profile_id, exercise, count(*) AS uses, max(started_at) AS newest
                    FROM dumbbell_workout GROUP BY profile_id, exercise
                ) AS spellings
                ORDER BY profile_id, lower(exercise), uses DESC, newest DESC, exercise COLLATE "C"
            ) AS winner
            WHERE w.profile_id = winner.profile_id AND lower(w.exercise) = winner.folded
                AND w.exercise <> winner.exercise;
            """
        ),
        (
            "v15 sessions carry their box and a lease; commands their ids",
            """
            CREATE TABLE session_lease (
                session_id TEXT NOT NULL PRIMARY KEY,
                profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
                box_id TEXT NOT NULL,
                lease_until BIGINT NOT NULL
            );
            CREATE TABLE carried_out_command (
                id TEXT NOT NULL PRIMARY KEY,
                profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
                carried_out_at BIGINT NOT NULL
            );
            CREATE INDEX carried_out_command_by_profile ON carried_out_command(profile_id);
            """
        ),
        (
            "v17 flashcards keep their note type's templates",
            """
            ALTER TABLE flashcard ADD COLUMN templates TEXT;
            """
        ),
        ("v18 a skipped rest is kept", "ALTER TABLE dumbbell_workout ADD COLUMN rest_ended_at BIGINT;"),
        ("v19 flashcards keep their Anki note's ids", "ALTER TABLE flashcard ADD COLUMN anki_origin TEXT;"),
        (
            "v16 decks are counted from an index of their cards' notes",
            "CREATE INDEX flashcard_by_deck_and_note ON flashcard(deck_id, guid);"
        ),
    ]

    /// The names of every migration this build knows, oldest first.
    static var names: [String] { migrations.map(\.name) }

    /// Any number, the same on every box: the advisory lock that orders the boxes' migrations.
    private static let lockKey: Int64 = 0x7465_726d_6669_74

    /// Applies every migration the database lacks, each in its own transaction; refuses a
    /// database a newer TermFit migrated.
    static func migrate(_ store: PostgresStore) throws {
        // Under the lock too: two boxes making the table at once on a new server would otherwise
        // collide in PostgreSQL's catalogue ("IF NOT EXISTS" does not cover a race).
        try store.transaction {
            try store.rows("SELECT pg_advisory_xact_lock(\(lockKey))")
            try store.rows(
                """
                CREATE TABLE IF NOT EXISTS termfit_migration (
                    name TEXT NOT NULL PRIMARY KEY, applied_at BIGINT NOT NULL)
                """)
        }
        for migration in migrations {
            try store.transaction {
                try store.rows("SELECT pg_advisory_xact_lock(\(lockKey))")
                let applied = try store.rows("SELECT name FROM termfit_migration").map { try $0.decode(String.self) }
                if let unknown = applied.first(where: { !names.contains($0) }) {
                    throw PostgresStore.Failure(
                        description: "the database \(store.url) was migrated by a newer TermFit (\(unknown));"
                            + " update TermFit on this box")
                }
                guard !applied.contains(migration.name) else { return }
                // One statement at a time: the extended protocol takes no lists (none holds a `;`
                // inside a literal).
                for statement in migration.sql.split(separator: ";")
                where !statement.allSatisfy({ $0.isWhitespace }) {
                    try store.rows(PostgresQuery(unsafeSQL: String(statement)))
                }
                try store.rows(
                    """
                    INSERT INTO termfit_migration (name, applied_at)
                    VALUES (\(migration.name), (extract(epoch FROM now()) * 1000)::BIGINT)
                    """)
            }
        }
    }

    /// The tables as the file's v1 made them, in PostgreSQL's dialect.
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
        );

        CREATE TABLE card_session (
            id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            deck_id TEXT NOT NULL,
            deck_source TEXT NOT NULL,
            started_at BIGINT NOT NULL,
            finished_at BIGINT,
            status TEXT NOT NULL CONSTRAINT card_session_status CHECK (status IN ('inProgress', 'finished', 'abandoned')),
            active_duration DOUBLE PRECISION NOT NULL
        );
        CREATE INDEX card_session_by_start ON card_session(profile_id, started_at, id);

        CREATE TABLE card_draw (
            session_id TEXT NOT NULL REFERENCES card_session(id) ON DELETE CASCADE,
            position BIGINT NOT NULL CHECK (position >= 1),
            code TEXT NOT NULL,
            exercise TEXT NOT NULL,
            reps BIGINT NOT NULL,
            drawn_at BIGINT NOT NULL,
            PRIMARY KEY (session_id, position)
        );

        CREATE TABLE dumbbell_workout (
            id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            exercise TEXT NOT NULL,
            unit TEXT NOT NULL CHECK (unit IN ('kg', 'lb')),
            started_at BIGINT NOT NULL,
            finished_at BIGINT,
            status TEXT NOT NULL
                CONSTRAINT dumbbell_workout_status CHECK (status IN ('inProgress', 'finished', 'abandoned'))
        );
        CREATE INDEX dumbbell_workout_by_start ON dumbbell_workout(profile_id, started_at, id);
        CREATE INDEX dumbbell_workout_by_exercise ON dumbbell_workout(profile_id, exercise, started_at, id);

        CREATE TABLE dumbbell_set (
            workout_id TEXT NOT NULL REFERENCES dumbbell_workout(id) ON DELETE CASCADE,
            number BIGINT NOT NULL CHECK (number >= 1),
            weight DOUBLE PRECISION NOT NULL,
            reps BIGINT NOT NULL,
            started_at BIGINT NOT NULL,
            finished_at BIGINT NOT NULL,
            rest_before DOUBLE PRECISION,
            PRIMARY KEY (workout_id, number)
        );

        CREATE TABLE flashcard_deck (
            id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            created_at BIGINT NOT NULL
        );
        CREATE INDEX flashcard_deck_by_creation ON flashcard_deck(profile_id, created_at, id);

        CREATE TABLE flashcard (
            id TEXT NOT NULL PRIMARY KEY,
            deck_id TEXT NOT NULL REFERENCES flashcard_deck(id) ON DELETE CASCADE,
            prompt TEXT NOT NULL,
            answer TEXT NOT NULL,
            created_at BIGINT NOT NULL
        );
        CREATE INDEX flashcard_by_deck ON flashcard(deck_id, created_at, id);

        CREATE TABLE flashcard_session (
            id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            deck_id TEXT NOT NULL,
            deck_name TEXT NOT NULL,
            started_at BIGINT NOT NULL,
            finished_at BIGINT,
            status TEXT NOT NULL
                CONSTRAINT flashcard_session_status CHECK (status IN ('inProgress', 'finished', 'abandoned'))
        );
        CREATE INDEX flashcard_session_by_start ON flashcard_session(profile_id, started_at, id);

        CREATE TABLE flashcard_review (
            id TEXT NOT NULL PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES flashcard_session(id) ON DELETE CASCADE,
            card_id TEXT NOT NULL,
            outcome TEXT NOT NULL CHECK (outcome IN ('correct', 'wrong')),
            reviewed_at BIGINT NOT NULL
        );
        CREATE INDEX flashcard_review_by_session ON flashcard_review(session_id, reviewed_at, id);
        CREATE INDEX flashcard_review_by_card ON flashcard_review(card_id, reviewed_at);

        CREATE TABLE hiit_session (
            id TEXT NOT NULL PRIMARY KEY,
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            exercise TEXT NOT NULL,
            started_at BIGINT NOT NULL,
            duration DOUBLE PRECISION NOT NULL,
            completed BOOLEAN NOT NULL,
            rating BIGINT CHECK (rating BETWEEN 1 AND 5)
        );
        CREATE INDEX hiit_session_by_start ON hiit_session(profile_id, started_at, id);
        """
}
