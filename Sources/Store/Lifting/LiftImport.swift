import Foundation
import GRDB
import Records

/// What `termfit import` did with a Strong, Hevy or FitNotes export.
public struct LiftImportReport: Sendable, Equatable, CustomStringConvertible {
    /// Sets and workouts added for one exercise.
    public struct Tally: Sendable, Equatable {
        public var sets = 0
        public var workouts = 0

        public init(sets: Int = 0, workouts: Int = 0) {
            self.sets = sets
            self.workouts = workouts
        }
    }

    public var format: LiftFormat
    public var profile: String
    /// Per exercise (as the profile names it): what was added.
    public var added: [String: Tally] = [:]
    /// Workouts with at least one set added.
    public var workoutsAdded = 0
    /// Sets that were there already (an earlier import of the same file).
    public var alreadyPresent = 0
    /// Per exercise and reason: sets that were not imported.
    public var skipped: [String: [String: Int]] = [:]

    public init(format: LiftFormat, profile: String) {
        self.format = format
        self.profile = profile
    }

    /// Every set added.
    public var setsAdded: Int { added.values.reduce(0) { $0 + $1.sets } }

    public var description: String {
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var lines = [
            "Imported \(plural(setsAdded, "set")) in \(plural(workoutsAdded, "workout")) from a \(format.rawValue) "
                + "export into profile '\(profile)'" + (added.isEmpty ? "." : ":")
        ]
        for (exercise, tally) in added.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            lines.append("  \(exercise): \(plural(tally.sets, "set")), \(plural(tally.workouts, "workout"))")
        }
        if alreadyPresent > 0 {
            lines.append("\(plural(alreadyPresent, "set")) \(alreadyPresent == 1 ? "was" : "were") already there.")
        }
        for (exercise, reasons) in skipped.sorted(by: { $0.key.lowercased() < $1.key.lowercased() }) {
            for (reason, count) in reasons.sorted(by: { $0.key < $1.key }) {
                lines.append("Skipped \(plural(count, "set")) of \(exercise): \(reason).")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// Gathers the rows of one workout at a time into TermFit's dumbbell workouts (one per
/// exercise, sharing a session), with identifiers that depend only on the file's text, so a
/// second import of the same file finds every workout and set already there.
struct LiftGrouper {
    /// One exercise of the workout being gathered.
    private struct Exercise {
        var name: String
        var sets: [(set: DumbbellSet, unit: WeightUnit?, line: Int)] = []
        var exerciseNote: String?
        var pendingRest: Double?
    }

    private let format: LiftFormat
    /// Exercise names by their lower-case form: the profile's own spelling, else the file's first.
    private var names: [String: String]
    /// Sets numbered so far per exercise row, across the file (a workout may come back later).
    private var numbered: [UUID: Int] = [:]
    private var key: String?
    private var start = Date.distantPast
    private var end: Date?
    private var title: String?
    private var workoutNote: String?
    private var exercises: [String: Exercise] = [:]
    private var order: [String] = []
    private var lastExercise: String?
    /// Sets left out, per exercise and reason.
    private(set) var skipped: [String: [String: Int]] = [:]

    init(format: LiftFormat, existingNames: [String]) {
        self.format = format
        var names: [String: String] = [:]
        for name in existingNames where names[name.lowercased()] == nil { names[name.lowercased()] = name }
        self.names = names
    }

    /// Adds a row; returns the workout before it when this row starts another.
    mutating func add(_ row: LiftRow) throws -> [DumbbellWorkout] {
        var finished: [DumbbellWorkout] = []
        if row.workoutKey != key {
            finished = try finish()
            key = row.workoutKey
            (start, end, title, workoutNote) = (row.workoutStart, row.workoutEnd, row.title, row.workoutNote)
        }
        let lower = row.exercise.lowercased()
        let name = names[lower] ?? row.exercise
        names[lower] = name
        switch row.kind {
        case .rest(let seconds):
            // The rest after the set above: it becomes the rest before that exercise's next set.
            let target = lastExercise ?? lower
            exercises[target]?.pendingRest = seconds
            return finished
        case .set(let type):
            if exercises[lower] == nil {
                exercises[lower] = Exercise(name: name)
                order.append(lower)
            }
            lastExercise = lower
            if exercises[lower]?.exerciseNote == nil { exercises[lower]?.exerciseNote = row.exerciseNote }
            if row.reps == 0 {
                let reason: String
                if row.weight == 0, let distance = row.distance, distance > 0 {
                    reason = "distance sets (TermFit logs weight × reps)"
                } else if row.weight == 0, let seconds = row.seconds, seconds > 0 {
                    reason = "time-only sets (TermFit logs weight × reps)"
                } else {
                    reason = "sets without reps"
                }
                skipped[name, default: [:]][reason, default: 0] += 1
                return finished
            }
            let rest = exercises[lower]?.pendingRest
            exercises[lower]?.pendingRest = nil
            let set = DumbbellSet(
                number: 0, weight: row.weight, reps: row.reps, startedAt: row.workoutStart,
                finishedAt: row.workoutStart.addingTimeInterval(row.seconds ?? 0), restBefore: rest, type: type,
                rpe: row.rpe, note: row.note)
            exercises[lower]?.sets.append((set, row.unit, row.line))
            return finished
        }
    }

    /// The workout gathered so far, if any, as dumbbell workouts (one per exercise with sets).
    mutating func finish() throws -> [DumbbellWorkout] {
        defer {
            exercises = [:]
            order = []
            lastExercise = nil
            key = nil
        }
        guard let key else { return [] }
        var workouts: [DumbbellWorkout] = []
        var sessionID: UUID?
        for lower in order {
            guard let exercise = exercises[lower], !exercise.sets.isEmpty else { continue }
            let id = Self.stableID("\(format.rawValue)\u{1F}\(key)\u{1F}\(lower)")
            let unit = exercise.sets.lazy.compactMap(\.unit).first ?? .kilograms
            var number = numbered[id] ?? 0
            var sets: [DumbbellSet] = []
            for (set, setUnit, line) in exercise.sets {
                number += 1
                guard number <= ValueLimits.setsPerWorkout else {
                    throw LiftImportError(
                        format: format, line: line, column: nil,
                        problem: "\(exercise.name) has more than \(ValueLimits.setsPerWorkout) sets in one workout")
                }
                var set = set
                set.number = number
                set.weightHundredths = Self.storedWeight(set.weight, from: setUnit ?? unit, to: unit)
                sets.append(set)
            }
            numbered[id] = number
            // The file gives one start for the whole workout; each exercise after the first starts a
            // millisecond after the one before, so they keep the file's order wherever
            // workouts are listed by start.
            let rowStart = start.addingTimeInterval(Double(workouts.count) / 1000)
            let workout = DumbbellWorkout(
                id: id, exercise: exercise.name, unit: unit, startedAt: rowStart,
                finishedAt: max(rowStart, end ?? rowStart), status: .finished, sets: sets, sessionID: sessionID ?? id,
                title: title, workoutNote: workoutNote, exerciseNote: exercise.exerciseNote)
            do {
                try workout.validate()
            } catch {
                throw LiftImportError(format: format, line: exercise.sets[0].line, column: nil, problem: "\(error)")
            }
            sessionID = sessionID ?? id
            workouts.append(workout)
        }
        return workouts
    }

    /// A weight read in `unit` as TermFit stores it in `target`, in whole hundredths of `target`
    /// (`dumbbell_set.weight_hundredths`): the one place an imported weight becomes the store's
    /// weight type. In its own unit it is kept to the hundredth exactly; in the other, converted
    /// and kept to the nearest hundredth (``ExactWeight/stored(in:)``).
    static func storedWeight(_ weight: Double, from unit: WeightUnit, to target: WeightUnit) -> Int {
        ExactWeight(weight, unit).stored(in: target).hundredths
    }

    /// A UUID that depends only on `text` (two 64-bit FNV-1a hashes, marked as a name-based
    /// UUID), so the same workout of the same file always gets the same one.
    static func stableID(_ text: String) -> UUID {
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
            return hash
        }
        let high = fnv(0xcbf2_9ce4_8422_2325)
        let low = fnv(0x84222325_cbf29ce4)
        var bytes = (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
        bytes += (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

/// Reads a training log whole, workout by workout, handing each to `body`.
struct LiftFileWalk {
    /// Reads every row of `source`; `body` gets each workout's exercises as soon as it is complete.
    static func walk(
        _ source: any ByteChunks, unit: WeightUnit?, timeZone: TimeZone, existingNames: [String],
        progress: ((Int) -> Void)?, _ body: ([DumbbellWorkout]) throws -> Void
    ) throws -> (format: LiftFormat, skipped: [String: [String: Int]]) {
        var reader = try LiftRowReader(source, unit: unit, timeZone: timeZone)
        var grouper = LiftGrouper(format: reader.format, existingNames: existingNames)
        var rows = 0
        while let row = try reader.next() {
            if row.unit == nil, row.weight != 0 {
                throw LiftImportError(
                    format: reader.format, line: row.line, column: nil,
                    problem: "the file does not say whether weights are kg or lb: add --unit kg or --unit lb")
            }
            let finished = try grouper.add(row)
            if !finished.isEmpty { try body(finished) }
            rows += 1
            if rows % 4096 == 0 { progress?(reader.bytesRead) }
        }
        let last = try grouper.finish()
        if !last.isEmpty { try body(last) }
        progress?(reader.bytesRead)
        return (reader.format, grouper.skipped)
    }
}

extension TermFitStore {
    /// Reads a Strong, Hevy or FitNotes export through without writing anything: throws
    /// ``LiftImportError`` naming the line and column of the first value it cannot take.
    public static func checkLifts(
        _ source: any ByteChunks, unit: WeightUnit?, timeZone: TimeZone = .current
    ) throws -> LiftFormat {
        try LiftFileWalk.walk(source, unit: unit, timeZone: timeZone, existingNames: [], progress: nil) { _ in }.format
    }

    /// The format of a Strong, Hevy or FitNotes export from its header line alone: throws
    /// ``LiftImportError`` for a header TermFit does not read (checked before a database is opened).
    public static func liftFormat(_ source: any ByteChunks) throws -> LiftFormat {
        try LiftRowReader(source, unit: nil, timeZone: .gmt).format
    }

    /// `termfit import FILE` for a Strong, Hevy or FitNotes export: adds its sets to the profile
    /// `name` (created if needed), reading the file once, a workout at a time, in one transaction:
    /// a file refused at any line adds nothing, and memory stays flat however long the file is.
    /// Exercises are matched to the profile's by name without regard to case. Every workout and
    /// set has an identifier made from the file's text, so importing the same file again adds
    /// nothing.
    ///
    /// - Parameter progress: called now and then with the bytes of the file read so far.
    /// - Throws: ``LiftImportError`` naming the line and column of the first value it cannot take.
    public func importLifts(
        _ source: any ByteChunks, intoProfile name: String, unit: WeightUnit?, timeZone: TimeZone = .current,
        progress: ((Int) -> Void)? = nil
    ) throws -> LiftImportReport {
        let profileName = try Self.validated(name)
        var refusal: LiftImportError?
        do {
            return try write { db in
                let profile =
                    try Self.fetchProfile(db, named: profileName) ?? Self.insertProfile(db, named: profileName)
                let existing = try String.fetchAll(
                    db,
                    sql: """
                        SELECT exercise FROM dumbbell_workout WHERE profile_id = ?
                        GROUP BY exercise ORDER BY min(started_at), exercise
                        """,
                    arguments: [profile.id.uuidString])
                var report = LiftImportReport(format: .strong, profile: profile.name)
                var sessionsAdded = Set<UUID>()
                do {
                    let (format, skipped) = try LiftFileWalk.walk(
                        source, unit: unit, timeZone: timeZone, existingNames: existing, progress: progress
                    ) { workouts in
                        for workout in workouts {
                            let added = try Self.insertImported(db, workout, profileID: profile.id.uuidString)
                            report.alreadyPresent += workout.sets.count - added
                            guard added > 0 else { continue }
                            report.added[workout.exercise, default: .init()].sets += added
                            report.added[workout.exercise, default: .init()].workouts += 1
                            sessionsAdded.insert(workout.sessionID ?? workout.id)
                        }
                    }
                    report.format = format
                    report.skipped = skipped
                } catch let error as LiftImportError {
                    refusal = error
                    throw error
                }
                report.workoutsAdded = sessionsAdded.count
                return report
            }
        } catch {
            // The transaction is rolled back; the file's own problem is what the member reads.
            if let refusal { throw refusal }
            throw error
        }
    }

    /// Adds an imported workout (unless it is there already) and those of its sets that are not;
    /// returns how many sets were added.
    static func insertImported(_ db: Database, _ workout: DumbbellWorkout, profileID: String) throws -> Int {
        // Statements compiled once per import (GRDB's cache of the connection), not once a row.
        try db.cachedStatement(
            sql: """
                INSERT INTO dumbbell_workout
                    (id, profile_id, exercise, unit, started_at, finished_at, status, session_id,
                     title, workout_note, exercise_note)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO NOTHING
                """
        ).execute(
            arguments: [
                workout.id.uuidString, profileID, workout.exercise, workout.unit.rawValue,
                workout.startedAt.storedMilliseconds, workout.finishedAt.storedMilliseconds,
                workout.status.rawValue, workout.sessionID?.uuidString, workout.title, workout.workoutNote,
                workout.exerciseNote,
            ])
        if db.changesCount == 0 {
            let owner = try String.fetchOne(
                db.cachedStatement(sql: "SELECT profile_id FROM dumbbell_workout WHERE id = ?"),
                arguments: [workout.id.uuidString])
            if owner != profileID {
                throw StoreError.archiveConflict(
                    "the workout of \(workout.exercise) on \(Timestamp.isoText(workout.startedAt)) was imported "
                        + "into another profile of this database already")
            }
        }
        var added = 0
        for set in workout.sets where try insertSetIfAbsent(db, set, workoutID: workout.id) { added += 1 }
        return added
    }
}
