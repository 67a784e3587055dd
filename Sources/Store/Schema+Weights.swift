import GRDB
import Records

extension Schema {
    /// v9: `dumbbell_set.weight` (REAL, with the float noise of unit conversions such as
    /// 27.557782773109697 lb) becomes `weight_hundredths`, an INTEGER of hundredths of the
    /// workout's unit. A weight that was a whole number of hundredths keeps its value; one that
    /// was not is rounded to its unit's step, the number the screen showed
    /// (``ExactWeight/init(repairing:unit:)``, docs/DECISIONS.md). Every other column is copied
    /// as it is; the table is copied as in v2, since SQLite cannot change a column's type in place.
    static func migrateWeightsToHundredths(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE dumbbell_set_v9 (
                    workout_id TEXT NOT NULL REFERENCES dumbbell_workout(id) ON DELETE CASCADE,
                    number INTEGER NOT NULL CHECK (number >= 1),
                    weight_hundredths INTEGER NOT NULL,
                    reps INTEGER NOT NULL,
                    started_at INTEGER NOT NULL,
                    finished_at INTEGER NOT NULL,
                    rest_before REAL,
                    PRIMARY KEY (workout_id, number)
                ) WITHOUT ROWID;
                """)
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT s.workout_id, s.number, s.weight, w.unit, s.reps, s.started_at, s.finished_at, s.rest_before
                FROM dumbbell_set s LEFT JOIN dumbbell_workout w ON w.id = s.workout_id
                """)
        let insert = try db.makeStatement(
            sql: """
                INSERT INTO dumbbell_set_v9
                    (workout_id, number, weight_hundredths, reps, started_at, finished_at, rest_before)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
        while let row = try rows.next() {
            let unit = (row["unit"] as String?).flatMap(WeightUnit.init(rawValue:)) ?? .kilograms
            let weight = (row["weight"] as Double?) ?? 0
            let exact = ExactWeight(repairing: weight, unit: unit)
            try insert.execute(arguments: [
                row["workout_id"], row["number"], exact.hundredths, row["reps"], row["started_at"],
                row["finished_at"], row["rest_before"],
            ])
        }
        try db.execute(
            sql: """
                DROP TABLE dumbbell_set;
                ALTER TABLE dumbbell_set_v9 RENAME TO dumbbell_set;
                """)
    }
}
