import Foundation
import GRDB
import Records

/// One line of `termfit history`: a session of any workout, summarised.
public struct HistoryEntry: Sendable, Codable, Equatable {
    /// The session's identifier.
    public var id: UUID
    /// Which workout it was.
    public var workout: WorkoutKind
    /// When it started.
    public var startedAt: Date
    /// When it was finished or abandoned, if it was.
    public var finishedAt: Date?
    /// How it ended.
    public var status: SessionStatus
    /// How long it lasted, in whole seconds, when known.
    public var durationSeconds: Int?
    /// A one-line description, e.g. `"Bicep curl: 3 sets, 12 kg x 10, 12 kg x 8, 14 kg x 6"`.
    public var summary: String
    /// One line per set, card, answer or exercise, in order (`history --detail`).
    public var details: [HistoryDetail]

    private enum CodingKeys: String, CodingKey {
        case id, workout, startedAt, finishedAt, status, durationSeconds, summary
    }

    public init(
        id: UUID, workout: WorkoutKind, startedAt: Date, finishedAt: Date?, status: SessionStatus,
        durationSeconds: TimeInterval?, summary: String, details: [HistoryDetail] = []
    ) {
        self.id = id
        self.workout = workout
        self.startedAt = startedAt
        self.finishedAt = finishedAt
        self.status = status
        self.durationSeconds = durationSeconds.map { Int(HistoryReport.wholeSeconds($0)) }
        self.summary = summary
        self.details = details
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(UUID.self, forKey: .id),
            workout: try container.decode(WorkoutKind.self, forKey: .workout),
            startedAt: try container.decode(Date.self, forKey: .startedAt),
            finishedAt: try container.decodeIfPresent(Date.self, forKey: .finishedAt),
            status: try container.decode(SessionStatus.self, forKey: .status),
            durationSeconds: try container.decodeIfPresent(Double.self, forKey: .durationSeconds),
            summary: try container.decode(String.self, forKey: .summary))
    }
}

/// One set, card, flashcard answer or HIIT exercise of a session: a row of `history --detail`.
/// Fields that do not apply to the item are `nil` (empty in CSV, left out of JSON).
public struct HistoryDetail: Sendable, Codable, Equatable {
    /// The session it belongs to; for a dumbbell set, the whole workout's session (the
    /// `sessionID` the export carries), shared by the workout's every exercise.
    public var sessionID: UUID
    public var workout: WorkoutKind
    /// How the session ended.
    public var status: SessionStatus
    /// `set`, `card`, `answer` or `exercise`.
    public var item: String
    /// The set's number or the card's place; the answer's place in the session.
    public var number: Int
    /// When the item started (a set, an exercise) or happened (a card drawn, an answer).
    public var at: Date
    public var exercise: String?
    public var weight: Double?
    public var unit: String?
    public var reps: Int?
    /// Whole seconds.
    public var durationSeconds: Int?
    /// Whole seconds of rest before a set.
    public var restSeconds: Int?
    /// A card's code (`KH`) or a flashcard's identifier.
    public var card: String?
    /// `correct` or `wrong`, for an answer.
    public var outcome: String?
    public var rating: Int?
    /// A set's type: `warmup`, `working`, `drop` or `failure`.
    public var setType: String?
    /// A set's rate of perceived exertion.
    public var rpe: Double?
    /// The member's note on a set.
    public var note: String?

    init(
        _ session: UUID, _ workout: WorkoutKind, _ status: SessionStatus, item: String, number: Int, at: Date,
        exercise: String? = nil, weight: Double? = nil, unit: String? = nil, reps: Int? = nil,
        duration: TimeInterval? = nil, rest: TimeInterval? = nil, card: String? = nil, outcome: String? = nil,
        rating: Int? = nil, setType: String? = nil, rpe: Double? = nil, note: String? = nil
    ) {
        (self.setType, self.rpe, self.note) = (setType, rpe, note)
        (sessionID, self.workout, self.status, self.item, self.number, self.at) = (
            session, workout, status, item, number, at
        )
        (self.exercise, self.weight, self.unit, self.reps, self.card, self.outcome, self.rating) = (
            exercise, weight, unit, reps, card, outcome, rating
        )
        durationSeconds = duration.map { Int(HistoryReport.wholeSeconds($0)) }
        restSeconds = rest.map { Int(HistoryReport.wholeSeconds($0)) }
    }
}

/// The output formats of `termfit history`.
public enum HistoryFormat: String, Sendable, CaseIterable {
    /// Aligned columns for people, times in the local time zone.
    case table
    /// Comma-separated values with a header row, times in ISO-8601 UTC.
    case csv
    /// A JSON array of entries, times in ISO-8601 UTC.
    case json
}

extension HistoryEntry {
    init(_ session: CardSession) {
        let exercises = session.repsPerExercise.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        let cards = session.draws.count == 1 ? "1 card" : "\(session.draws.count) cards"
        self.init(
            id: session.id, workout: .cards, startedAt: session.startedAt, finishedAt: session.finishedAt,
            status: session.status, durationSeconds: session.activeDuration,
            summary: exercises.isEmpty ? "no cards drawn" : "\(cards): " + exercises.joined(separator: ", "),
            details: session.draws.map { draw in
                HistoryDetail(
                    session.id, .cards, session.status, item: "card", number: draw.position, at: draw.drawnAt,
                    exercise: draw.exercise, reps: draw.reps, duration: draw.seconds, card: draw.code)
            })
    }

    init(_ workout: DumbbellWorkout) {
        let unit = workout.unit
        let sets = workout.sets.map { "\($0.exactWeight(in: unit).text(in: unit)) \(unit.rawValue) x \($0.reps)" }
        let count = workout.sets.count == 1 ? "1 set" : "\(workout.sets.count) sets"
        let end = workout.finishedAt ?? workout.sets.last?.finishedAt
        self.init(
            id: workout.id, workout: .dumbbells, startedAt: workout.startedAt, finishedAt: workout.finishedAt,
            status: workout.status,
            durationSeconds: end.map { Double(Figures.wholeSeconds(from: workout.startedAt, to: $0)) },
            summary: sets.isEmpty
                ? "\(workout.exercise): no sets" : "\(workout.exercise): \(count), " + sets.joined(separator: ", "),
            details: workout.sets.map { set in
                HistoryDetail(
                    workout.sessionID ?? workout.id, .dumbbells, workout.status, item: "set", number: set.number,
                    at: set.startedAt, exercise: workout.exercise, weight: set.weight, unit: unit.rawValue,
                    reps: set.reps, duration: Double(set.wholeSeconds), rest: set.restBefore,
                    setType: set.type.rawValue, rpe: set.rpe, note: set.note)
            })
    }

    init(_ session: FlashcardSession) {
        let end = session.finishedAt ?? session.reviews.last?.reviewedAt
        self.init(
            id: session.id, workout: .flashcards, startedAt: session.startedAt, finishedAt: session.finishedAt,
            status: session.status, durationSeconds: end.map { $0.timeIntervalSince(session.startedAt) },
            summary: "\(session.deckName): \(session.correctCount) correct, \(session.wrongCount) wrong",
            details: session.reviews.enumerated().map { index, review in
                HistoryDetail(
                    session.id, .flashcards, session.status, item: "answer", number: index + 1, at: review.reviewedAt,
                    exercise: session.deckName, card: review.cardID.uuidString,
                    outcome: review.grade.rawValue + (review.isCram ? " (cram)" : ""))
            })
    }

    init(_ session: HIITSession) {
        var summary = session.exercise
        if !session.completed { summary += ", left early" }
        if let rating = session.rating { summary += ", rated \(rating)/5" }
        let status: SessionStatus = session.completed ? .finished : .abandoned
        self.init(
            id: session.id, workout: .hiit, startedAt: session.startedAt,
            finishedAt: session.startedAt.addingTimeInterval(session.duration), status: status,
            durationSeconds: session.duration, summary: summary,
            details: [
                HistoryDetail(
                    session.id, .hiit, status, item: "exercise", number: 1, at: session.startedAt,
                    exercise: session.exercise, duration: session.duration, rating: session.rating)
            ])
    }
}

extension ProfileStore {
    /// Recent sessions of every workout (or of one), newest first.
    ///
    /// - Parameters:
    ///   - since: only sessions that started at or after this time; all when `nil`.
    ///   - workout: only this workout; all when `nil`.
    ///   - limit: at most this many entries; all when `nil`.
    public func history(since: Date? = nil, workout: WorkoutKind? = nil, limit: Int? = nil) throws
        -> [HistoryEntry]
    {
        let after = since.storedMilliseconds ?? Int64.min
        let kinds = workout.map { [$0] } ?? WorkoutKind.allCases
        return try store.read { db in
            // First pick the newest sessions from the session tables alone, then load the
            // details (cards, sets, reviews) of only those.
            let selects = kinds.map { kind in
                "SELECT * FROM (SELECT '\(kind.rawValue)' AS workout, id, started_at FROM \(Self.sessionTable(kind))"
                    + " WHERE profile_id = ? AND started_at >= ? ORDER BY started_at DESC, id DESC LIMIT ?)"
            }
            let perTable: [any DatabaseValueConvertible] = [profileID, after, limit ?? -1]
            let newest = try Row.fetchAll(
                db,
                sql: selects.joined(separator: " UNION ALL ") + " ORDER BY started_at DESC, id DESC LIMIT ?",
                arguments: StatementArguments(kinds.flatMap { _ in perTable }) + [limit ?? -1])
            var chosen: [WorkoutKind: [String]] = [:]
            for row in newest {
                let kind: WorkoutKind = try Columns.value(row, "workout")
                chosen[kind, default: []].append(try row.decode(forColumn: "id"))
            }
            var entries: [HistoryEntry] = []
            for (kind, allIDs) in chosen {
                for start in stride(from: 0, to: allIDs.count, by: 500) {
                    let ids = Array(allIDs[start..<min(start + 500, allIDs.count)])
                    entries += try historyEntries(db, kind: kind, ids: ids)
                }
            }
            return entries.sorted(by: HistoryReport.newestFirst)
        }
    }

    /// History entries for some sessions of one workout, by identifier.
    private func historyEntries(_ db: Database, kind: WorkoutKind, ids: [String]) throws -> [HistoryEntry] {
        let condition = "id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ",")))"
        let arguments = StatementArguments(ids)
        switch kind {
        case .cards:
            return try fetchCardSessions(db, where: condition, arguments: arguments).map(HistoryEntry.init)
        case .dumbbells:
            return try fetchWorkouts(db, where: condition, arguments: arguments).map(HistoryEntry.init)
        case .flashcards:
            return try fetchFlashcardSessions(db, where: condition, arguments: arguments).map(HistoryEntry.init)
        case .hiit:
            return try fetchHIITSessions(db, where: condition, arguments: arguments).map(HistoryEntry.init)
        }
    }

    /// The table holding the sessions of a workout.
    static func sessionTable(_ kind: WorkoutKind) -> String {
        switch kind {
        case .cards: "card_session"
        case .dumbbells: "dumbbell_workout"
        case .flashcards: "flashcard_session"
        case .hiit: "hiit_session"
        }
    }

    /// `termfit history` as text: ``history(since:workout:limit:)`` rendered in `format`.
    ///
    /// - Parameters:
    ///   - detail: one row per set, card, answer or exercise instead of one per session.
    ///   - timeZone: the zone the table's times are shown in (CSV and JSON use UTC).
    ///   - newestFirst: detail CSV rows newest session first instead of oldest first.
    public func historyReport(
        format: HistoryFormat, since: Date? = nil, workout: WorkoutKind? = nil, limit: Int? = nil,
        detail: Bool = false, newestFirst: Bool = false, timeZone: TimeZone = .current
    ) throws -> String {
        HistoryReport.render(
            try history(since: since, workout: workout, limit: limit), format: format, detail: detail,
            newestFirst: newestFirst, timeZone: timeZone)
    }

    /// How many sessions ``history(since:workout:limit:)`` would list without a limit.
    public func historyCount(since: Date? = nil, workout: WorkoutKind? = nil) throws -> Int {
        let after = since.storedMilliseconds ?? Int64.min
        let kinds = workout.map { [$0] } ?? WorkoutKind.allCases
        return try store.read { db in
            try kinds.reduce(0) { total, kind in
                let count =
                    try Int.fetchOne(
                        db,
                        sql: "SELECT COUNT(*) FROM \(Self.sessionTable(kind)) WHERE profile_id = ? AND started_at >= ?",
                        arguments: [profileID, after]) ?? 0
                return total + count
            }
        }
    }

    /// What the home screen shows: every profile, and this profile's latest session of each
    /// workout.
    public func homeSummary() throws -> HomeSummary {
        try store.read { db in
            var latest: [WorkoutKind: HistoryEntry] = [:]
            latest[.cards] = try fetchCardSessions(db, newestFirst: true, limit: 1).first.map(HistoryEntry.init)
            latest[.dumbbells] = try fetchWorkouts(db, newestFirst: true, limit: 1).first.map(HistoryEntry.init)
            latest[.flashcards] = try fetchFlashcardSessions(db, newestFirst: true, limit: 1).first.map(
                HistoryEntry.init)
            latest[.hiit] = try fetchHIITSessions(db, newestFirst: true, limit: 1).first.map(HistoryEntry.init)
            return HomeSummary(
                profile: profile, profiles: try TermFitStore.fetchProfiles(db), latestSessions: latest)
        }
    }
}

/// What the home screen needs from the database, read in one transaction.
public struct HomeSummary: Sendable, Equatable {
    /// The active profile.
    public var profile: Profile
    /// Every profile, sorted by name, for the switcher.
    public var profiles: [Profile]
    /// The active profile's most recent session of each workout it has done.
    public var latestSessions: [WorkoutKind: HistoryEntry]
}

/// Rendering history entries as the text `termfit history` prints.
public enum HistoryReport {
    /// Renders entries as a table, CSV or JSON. Every format ends with a newline. Stored text
    /// goes through ``TerminalText``: the table and CSV show control and bidirectional characters
    /// as visible escapes (CSV keeps tabs and line breaks inside its quoted fields), JSON writes
    /// them as `\u` escapes.
    ///
    /// With `detail`, each set, card, answer or exercise is a row of its own: CSV and JSON list
    /// ``HistoryDetail`` rows (durations in whole seconds), the table puts them under their session.
    /// Detail CSV lists the oldest session first (a spreadsheet's order) unless `newestFirst`;
    /// each weight is in its row's unit, named in the `unit` column.
    public static func render(
        _ entries: [HistoryEntry], format: HistoryFormat, detail: Bool = false, newestFirst: Bool = false,
        timeZone: TimeZone
    ) -> String {
        switch (format, detail) {
        case (.table, _): table(entries, detail: detail, timeZone: timeZone)
        case (.csv, false): csv(entries)
        case (.csv, true): detailCSV((newestFirst ? entries : entries.reversed()).flatMap(\.details))
        case (.json, false): json(entries)
        case (.json, true): json(entries.flatMap(\.details))
        }
    }

    /// History order: newest first, ties broken by identifier, so output is stable.
    static func newestFirst(_ lhs: HistoryEntry, _ rhs: HistoryEntry) -> Bool {
        if lhs.startedAt != rhs.startedAt { return lhs.startedAt > rhs.startedAt }
        return lhs.id.uuidString > rhs.id.uuidString
    }

    private static func table(_ entries: [HistoryEntry], detail: Bool, timeZone: TimeZone) -> String {
        guard !entries.isEmpty else { return "No sessions to show.\n" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var lines = [row("DATE", "WORKOUT", "DURATION", "STATUS", "SUMMARY")]
        for entry in entries {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: entry.startedAt)
            let date =
                "\(Timestamp.padded(parts.year ?? 0, 4))-\(Timestamp.padded(parts.month ?? 0, 2))-"
                + "\(Timestamp.padded(parts.day ?? 0, 2)) \(Timestamp.padded(parts.hour ?? 0, 2)):"
                + Timestamp.padded(parts.minute ?? 0, 2)
            lines.append(
                row(
                    date, entry.workout.rawValue, entry.durationSeconds.map { clock(Double($0)) } ?? "-",
                    statusWord(entry.status), TerminalText.sanitized(entry.summary)))
            if detail { lines += entry.details.map { "    " + TerminalText.sanitized(describe($0)) } }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func row(_ date: String, _ workout: String, _ duration: String, _ status: String, _ summary: String)
        -> String
    {
        leftAligned(date, 16) + "  " + leftAligned(workout, 10) + "  " + rightAligned(duration, 8) + "  "
            + leftAligned(status, 10) + "  " + summary
    }

    private static func csv(_ entries: [HistoryEntry]) -> String {
        var lines = ["started_at,finished_at,workout,status,duration_seconds,summary,id"]
        for entry in entries {
            let fields = [
                Timestamp.isoText(entry.startedAt), entry.finishedAt.map(Timestamp.isoText) ?? "",
                entry.workout.rawValue, entry.status.rawValue, entry.durationSeconds.map(String.init) ?? "",
                entry.summary,
                entry.id.uuidString,
            ]
            lines.append(
                fields.map { csvField(TerminalText.sanitized($0, keepingLineBreaks: true)) }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A detail row for the table: "set 1  12 kg x 10  0:40  rest 1:30".
    private static func describe(_ detail: HistoryDetail) -> String {
        var parts = ["\(detail.item) \(detail.number)"]
        switch detail.workout {
        case .dumbbells:
            parts.append("\(Figures.text(detail.weight ?? 0)) \(detail.unit ?? "") x \(detail.reps ?? 0)")
        case .cards: parts.append("\(detail.card ?? "") \(detail.exercise ?? "") x \(detail.reps ?? 0)")
        case .flashcards: parts.append(detail.outcome ?? "")
        case .hiit: parts.append(detail.exercise ?? "")
        }
        if let seconds = detail.durationSeconds { parts.append(clock(Double(seconds))) }
        if let rest = detail.restSeconds { parts.append("rest " + clock(Double(rest))) }
        if let rating = detail.rating { parts.append("rated \(rating)/5") }
        if let type = detail.setType, type != SetType.working.rawValue { parts.append(type) }
        if let rpe = detail.rpe { parts.append("RPE " + number(rpe)) }
        if let note = detail.note, !note.isEmpty { parts.append("note: " + note) }
        return parts.joined(separator: "  ")
    }

    private static func detailCSV(_ details: [HistoryDetail]) -> String {
        var lines = [
            "session_id,workout,status,item,number,at,exercise,weight,unit,reps,duration_seconds,rest_seconds,card,"
                + "outcome,rating,set_type,rpe,note"
        ]
        for detail in details {
            let text: [String?] = [
                detail.sessionID.uuidString, detail.workout.rawValue, detail.status.rawValue, detail.item,
                String(detail.number), Timestamp.isoText(detail.at), detail.exercise, detail.weight.map(Figures.text),
                detail.unit,
            ]
            let numbers: [Int?] = [detail.reps, detail.durationSeconds, detail.restSeconds]
            let fields: [String] =
                text.map { $0 ?? "" } + numbers.map { $0.map(String.init) ?? "" }
                + [detail.card ?? "", detail.outcome ?? "", detail.rating.map(String.init) ?? ""]
                + [detail.setType ?? "", detail.rpe.map(number) ?? "", detail.note ?? ""]
            lines.append(
                fields.map { csvField(TerminalText.sanitized($0, keepingLineBreaks: true)) }.joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func json<Row: Encodable>(_ entries: [Row]) -> String {
        guard let data = try? ArchiveCoding.encoder().encode(entries) else { return "[]\n" }
        return TerminalText.escapingJSON(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// "finished", "abandoned", "cut off" or "in progress": the words every screen uses.
    static func statusWord(_ status: SessionStatus) -> String { status.word }

    /// `m:ss`, or `h:mm:ss` from an hour up, rounded to the second. Anything stored beyond
    /// ``ValueLimits/seconds`` (or not a number) is shown as that limit (or 0) instead of trapping.
    static func clock(_ seconds: TimeInterval) -> String {
        let total = Int(wholeSeconds(seconds))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0
            ? "\(hours):\(Timestamp.padded(minutes, 2)):\(Timestamp.padded(rest, 2))"
            : "\(minutes):\(Timestamp.padded(rest, 2))"
    }

    /// A duration as whole seconds within ``ValueLimits/seconds``: negative or not a number is
    /// 0, anything longer the limit.
    static func wholeSeconds(_ seconds: TimeInterval) -> Double {
        guard seconds.isFinite else { return seconds > 0 ? ValueLimits.seconds.upperBound : 0 }
        return min(max(0, seconds), ValueLimits.seconds.upperBound).rounded()
    }

    /// A number without a needless `.0`: `12`, `12.5`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(value)
    }

    private static func csvField(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    private static func leftAligned(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func rightAligned(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
