import Foundation
import GRDB
import Records
import Testing

@testable import Store

/// Flashcard answers keep Anki's four grades: the v6 migration turns a file's right/wrong answers
/// into Good/Again, so the cards keep their schedule, and new answers can be cram answers.
@Suite("Flashcard grades")
struct FlashcardGradeMigrationTests {
    /// A database as schema 2 left it: a deck, a session and three right/wrong answers.
    private func makeVersion2Database(_ location: StoreLocation) throws {
        let queue = try TemporaryDirectory.version2Database(at: location)
        let (profile, deck) = (id(1).uuidString, id(3).uuidString)
        try queue.write { db in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == 2)
            try db.execute(
                sql: """
                    INSERT INTO profile VALUES ('\(profile)', 'anna');
                    INSERT INTO flashcard_deck VALUES ('\(deck)', '\(profile)', 'Muscles', 1000);
                    INSERT INTO flashcard VALUES ('\(id(31).uuidString)', '\(deck)', 'Q1', 'A1', 1000);
                    INSERT INTO flashcard VALUES ('\(id(32).uuidString)', '\(deck)', 'Q2', 'A2', 1001);
                    INSERT INTO flashcard_session VALUES ('\(id(21).uuidString)', '\(profile)', '\(deck)', 'Muscles',
                        2000, 9000, 'finished');
                    INSERT INTO flashcard_review VALUES ('\(id(41).uuidString)', '\(id(21).uuidString)',
                        '\(id(31).uuidString)', 'correct', 3000);
                    INSERT INTO flashcard_review VALUES ('\(id(42).uuidString)', '\(id(21).uuidString)',
                        '\(id(32).uuidString)', 'wrong', 4000);
                    INSERT INTO flashcard_review VALUES ('\(id(43).uuidString)', '\(id(21).uuidString)',
                        '\(id(32).uuidString)', 'correct', 5000);
                    """)
        }
        try queue.close()
    }

    @Test("The v6 migration turns correct into good and wrong into again, and keeps every row")
    func migration() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try makeVersion2Database(location)
        let store = try TermFitStore.open(at: location)
        try #require(store.pool).read { (db: Database) throws -> Void in
            #expect(try Int.fetchOne(db, sql: "PRAGMA user_version") == Schema.version)
            #expect(
                try String.fetchAll(db, sql: "SELECT grade FROM flashcard_review ORDER BY reviewed_at") == [
                    "good", "again", "good",
                ])
            #expect(try Int.fetchAll(db, sql: "SELECT cram FROM flashcard_review") == [0, 0, 0])
            #expect(try Row.fetchAll(db, sql: "PRAGMA foreign_key_check").isEmpty)
            let indexes = try db.indexes(on: "flashcard_review").map(\.name)
            #expect(indexes.contains("flashcard_review_by_card"))
            #expect(indexes.contains("flashcard_review_by_session"))
        }
        let anna = try store.profileStore(named: "anna")
        let reviews = try anna.flashcardReviews(ofCards: [id(31), id(32)])
        #expect(reviews.map(\.grade) == [.good, .again, .good])
        #expect(reviews.map(\.cardID) == [id(31), id(32), id(32)])
        let session = try #require(try anna.flashcardSession(id: id(21)))
        #expect(session.correctCount == 2)
        #expect(session.wrongCount == 1)
        // The new table takes all four grades and cram answers, and still cascades.
        try anna.save(
            FlashcardReview(id: id(44), cardID: id(31), grade: .hard, reviewedAt: time("2025-03-09T08:00:03Z")),
            inFlashcardSession: id(21))
        try anna.save(
            FlashcardReview(
                id: id(45), cardID: id(31), grade: .easy, reviewedAt: time("2025-03-09T08:00:04Z"), isCram: true),
            inFlashcardSession: id(21))
        let saved = try anna.flashcardReviews(ofCards: [id(31)])
        #expect(saved.map(\.grade) == [.good, .hard, .easy])
        #expect(saved.map(\.isCram) == [false, false, true])
        try #require(store.pool).write { db in
            try db.execute(sql: "DELETE FROM flashcard_session")
            #expect(try Int.fetchOne(db, sql: "SELECT count(*) FROM flashcard_review") == 0)
        }
        try store.close()
    }

    @Test("An archive written before grades reads correct as good and wrong as again")
    func legacyArchive() throws {
        let json = """
            [{"id": "\(id(41).uuidString)", "cardID": "\(id(31).uuidString)", "outcome": "correct",
              "reviewedAt": 0},
             {"id": "\(id(42).uuidString)", "cardID": "\(id(31).uuidString)", "outcome": "wrong",
              "reviewedAt": 1}]
            """
        let reviews = try JSONDecoder().decode([FlashcardReview].self, from: Data(json.utf8))
        #expect(reviews.map(\.grade) == [.good, .again])
        #expect(reviews.map(\.isCram) == [false, false])
        let again = try JSONDecoder().decode(
            [FlashcardReview].self,
            from: JSONEncoder().encode(
                reviews + [
                    FlashcardReview(
                        cardID: id(31), grade: .hard, reviewedAt: Date(timeIntervalSince1970: 2), isCram: true)
                ]))
        #expect(again.map(\.grade) == [.good, .again, .hard])
        #expect(again.map(\.isCram) == [false, false, true])
    }
}
