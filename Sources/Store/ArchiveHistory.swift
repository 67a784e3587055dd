import Foundation
import Records

extension ProfileArchive {
    /// `termfit history` of a member whose data was read whole (a PostgreSQL server's): the
    /// sessions that started at or after `since` (all when `nil`), of one workout (all when
    /// `nil`), newest first, at most `limit` (all when `nil`); the entries the file's
    /// ``ProfileStore/history(since:workout:limit:)`` lists.
    public func history(since: Date? = nil, workout: WorkoutKind? = nil, limit: Int? = nil) -> [HistoryEntry] {
        let entries = allHistory(since: since, workout: workout).sorted(by: HistoryReport.newestFirst)
        return limit.map { Array(entries.prefix(max(0, $0))) } ?? entries
    }

    /// How many sessions ``history(since:workout:limit:)`` lists without a limit.
    public func historyCount(since: Date? = nil, workout: WorkoutKind? = nil) -> Int {
        allHistory(since: since, workout: workout).count
    }

    private func allHistory(since: Date?, workout: WorkoutKind?) -> [HistoryEntry] {
        // Times as the file keeps them (whole milliseconds), so both backends cut at one instant.
        let after = since.storedMilliseconds ?? Int64.min
        func kept(_ kind: WorkoutKind, _ start: Date) -> Bool {
            (workout == nil || workout == kind) && start.storedMilliseconds >= after
        }
        return cardSessions.filter { kept(.cards, $0.startedAt) }.map(HistoryEntry.init)
            + dumbbellWorkouts.filter { kept(.dumbbells, $0.startedAt) }.map(HistoryEntry.init)
            + flashcardSessions.filter { kept(.flashcards, $0.startedAt) }.map(HistoryEntry.init)
            + hiitSessions.filter { kept(.hiit, $0.startedAt) }.map(HistoryEntry.init)
    }
}
