import Flashcards
import Foundation
import GRDB

/// Each card's answers from the collection's review log (`revlog`), read a card at a time as the
/// cards are read (a collection's whole log is never held); empty when the package carries no
/// scheduling (exported without it, its log is empty or absent).
struct ReviewLog {
    private let statement: Statement?

    /// The log of the collection in `db`, TermFit's scratch copy: an index by card is made on it
    /// when the log has entries (Anki's own `ix_revlog_cid` may be missing from a package), so each
    /// card's answers are one lookup.
    init(_ db: Database) throws {
        guard try db.tableExists("revlog"), try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM revlog)") == true
        else {
            statement = nil
            return
        }
        try db.execute(sql: "CREATE INDEX IF NOT EXISTS termfit_revlog_by_card ON revlog (cid, id)")
        statement = try db.makeStatement(
            sql: "SELECT id, ease, type, ivl, factor FROM revlog WHERE cid = ? ORDER BY id")
    }

    /// The answers to the card `cardID`, oldest first.
    func answers(ofCard cardID: Int64) throws -> [PastAnswer] {
        guard let statement else { return [] }
        var entries: [AnkiReviewLog.Entry] = []
        let rows = try Row.fetchCursor(statement, arguments: [cardID])
        while let row = try rows.next() {
            entries.append(
                AnkiReviewLog.Entry(
                    id: row["id"] ?? 0, ease: row["ease"] ?? 0, kind: row["type"] ?? 0, interval: row["ivl"] ?? 0,
                    factor: row["factor"] ?? 0))
        }
        return entries.isEmpty ? [] : AnkiReviewLog.answers(entries)
    }
}
