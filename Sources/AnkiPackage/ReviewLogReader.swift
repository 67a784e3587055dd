import Flashcards
import Foundation
import GRDB

extension CollectionReader {
    /// Each card's answers from the collection's review log (`revlog`), by card id; empty when the
    /// package carries no scheduling (exported without it, its log is empty or absent).
    func reviewLog() throws -> [Int64: [PastAnswer]] {
        guard try db.tableExists("revlog") else { return [:] }
        var entries: [Int64: [AnkiReviewLog.Entry]] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT id, cid, ease, type, ivl, factor FROM revlog ORDER BY cid, id")
        while let row = try rows.next() {
            let card: Int64 = row["cid"] ?? 0
            entries[card, default: []].append(
                AnkiReviewLog.Entry(
                    id: row["id"] ?? 0, ease: row["ease"] ?? 0, kind: row["type"] ?? 0, interval: row["ivl"] ?? 0,
                    factor: row["factor"] ?? 0))
        }
        return entries.mapValues(AnkiReviewLog.answers).filter { !$0.value.isEmpty }
    }
}
