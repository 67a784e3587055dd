import Foundation
import GRDB
import Records
import Testing

@testable import Store

/// A profile removed while a session holds it stays removed: two handles on one real SQLite
/// file, as a member's session and `termfit kiosk remove-member --delete-data` are.
@Suite("A removed profile stays removed")
struct RemovedProfileTests {
    let start = time("2025-03-04T07:30:00Z")
    /// A HIIT exercise a session still owed.
    var squat: UnsavedStep {
        .hiitExercise(HIITSession(id: id(7), exercise: "Squat", startedAt: start, duration: 30, completed: true))
    }

    /// Every row of `database` that names `profileID`, over every table with a profile.
    static func rows(of profileID: UUID, in location: StoreLocation) throws -> Int {
        let queue = try DatabaseQueue(path: location.databasePath)
        defer { try? queue.close() }
        return try queue.read { db in
            var count =
                try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM profile WHERE id = ?", arguments: [profileID.uuidString]) ?? 0
            for table in [
                "card_session", "dumbbell_workout", "flashcard_deck", "flashcard_session", "hiit_session", "setting",
            ] {
                count +=
                    try Int.fetchOne(
                        db, sql: "SELECT count(*) FROM \(table) WHERE profile_id = ?", arguments: [profileID.uuidString]
                    )
                    ?? 0
            }
            return count
        }
    }

    @Test("Every save of a session whose profile was removed is refused, and nothing makes the profile again")
    func savesAfterRemovalAreRefused() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        let session = try TermFitStore.open(at: location)
        defer { try? session.close() }
        let m1 = try session.profileStore(named: "m1")
        let deck = FlashcardDeck(
            id: id(1), name: "Muscles", createdAt: start,
            cards: [Flashcard(id: id(2), prompt: "Biceps?", answer: "Arm", createdAt: start)])
        try m1.save(deck)
        let running = FlashcardSession(id: id(3), deckID: id(1), deckName: "Muscles", startedAt: start)
        try m1.start(running)

        // The operator, through a handle of their own.
        let operatorStore = try TermFitStore.open(at: location)
        #expect(try operatorStore.deleteProfile(named: "m1"))
        try operatorStore.close()

        let removed = StoreError.profileRemoved("m1")
        let review = FlashcardReview(id: id(4), cardID: id(2), grade: .good, reviewedAt: start.addingTimeInterval(5))
        #expect(throws: removed) { try m1.save(review, inFlashcardSession: id(3)) }
        #expect(throws: removed) {
            try m1.start(FlashcardSession(id: id(5), deckID: id(1), deckName: "M", startedAt: start))
        }
        #expect(throws: removed) { try m1.save(deck) }
        #expect(throws: removed) { try m1.save(decks: [deck]) }
        #expect(throws: removed) { try m1.setSetting(.bool(true), forName: "flashcards.plain") }
        #expect(throws: removed) {
            try m1.save(HIITSession(exercise: "Squat", startedAt: start, duration: 30, completed: true))
        }
        #expect(throws: removed) {
            try m1.start(DumbbellWorkout(id: id(6), exercise: "Curl", unit: .kilograms, startedAt: start))
        }
        #expect(throws: removed) { try m1.finishFlashcardSession(id(3), status: .finished, at: start) }
        #expect(throws: removed) { try m1.closeInterruptedSessions() }
        #expect(!(try m1.profileExists()))

        #expect(try session.profiles().isEmpty, "no save made the profile again")
        #expect(try Self.rows(of: m1.profile.id, in: location) == 0, "nothing of m1 is left in any table")
    }

    @Test("A recovery file of a removed profile is not replayed, and does not make the profile again")
    func recoveryOfRemovedProfile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        let store = try TermFitStore.open(at: location)
        defer { try? store.close() }
        let m1 = try store.profileStore(named: "m1")
        let path = try Recovery.write(
            UnsavedWork(profile: "m1", steps: [squat]), profileID: m1.profile.id, in: location, at: start)
        #expect(try store.deleteProfile(named: "m1"))
        // Made again under the same name (the member added back): still not the file's profile.
        let again = try store.profileStore(named: "m1")
        #expect(again.profile.id != m1.profile.id)

        let outcomes = Recovery.replay(into: store, profile: nil)
        #expect(outcomes.map(\.problem) == [StoreError.profileRemoved("m1").description])
        #expect(try again.hiitSessions(since: nil, limit: nil).isEmpty, "nothing of the removed m1 went to the new one")
        #expect(Recovery.files(in: location) == [path], "kept and reported, as every file that cannot be replayed")
    }

    @Test("A renamed profile's recovery file goes to it by its identifier")
    func recoveryOfRenamedProfile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        let store = try TermFitStore.open(at: location)
        defer { try? store.close() }
        let m1 = try store.profileStore(named: "m1")
        _ = try Recovery.write(UnsavedWork(profile: "m1", steps: [squat]), profileID: m1.profile.id, in: location)
        try store.renameProfile(named: "m1", to: "maria")
        #expect(Recovery.replay(into: store, profile: nil).map(\.problem) == [nil])
        #expect(try store.profileStore(named: "maria").hiitSessions(since: nil, limit: nil).map(\.id) == [id(7)])
        #expect(try store.profile(named: "m1") == nil)
    }

    @Test("Deleting a member's data removes their recovery files, and only theirs")
    func recoveryFilesGoWithTheData() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try FileManager.default.createDirectory(atPath: location.directory, withIntermediateDirectories: true)
        _ = try Recovery.write(UnsavedWork(profile: "a", steps: [squat]), in: location)
        let other = try Recovery.write(UnsavedWork(profile: "a-b", steps: [squat]), in: location)
        #expect(Recovery.remove(profile: "a", in: location) == 1)
        #expect(Recovery.files(in: location) == [other], "a-b's file has a name that starts like a's")
    }
}
