import Foundation
import Records
import Testing

@testable import Store

@Suite("Records round-trip through the database")
struct RecordTests {
    @Test("Every record type reads back exactly as it was saved, step by step")
    func everyRecordRoundTrips() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let log = try store.profileStore(named: "anna")
        try Fixture.record(into: log)

        let expected = Fixture.expectedArchive(profile: "anna")
        #expect(try log.archive() == expected)
        #expect(try log.cardSession(id: id(1)) == expected.cardSessions[0])
        #expect(try log.workout(id: id(2)) == expected.dumbbellWorkouts[0])
        #expect(try log.decks() == expected.flashcardDecks)
        #expect(try log.flashcardSession(id: id(4)) == expected.flashcardSessions[0])
        #expect(try log.hiitSessions(since: nil, limit: nil) == expected.hiitSessions.reversed())
        #expect(try log.settings() == expected.settings)
        #expect(try log.value(for: .reducedMotion) == true)
        #expect(try log.value(for: .restPresets) == [60, 90, 120])
        #expect(try log.value(for: .colourFree) == nil)
        #expect(try log.cardSession(id: id(99)) == nil)
        try store.close()

        // And again after closing and reopening the file.
        let reopened = try TermFitStore.open(at: temporary.location())
        #expect(try reopened.profileStore(named: "anna").archive() == expected)
        try reopened.close()
    }

    @Test("The in-memory log behaves like the database")
    func inMemoryLogMatches() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let database = try store.profileStore(named: "anna")
        let memory = InMemoryWorkoutLog()
        try Fixture.record(into: database)
        try Fixture.record(into: memory)
        #expect(memory.archive(profile: "anna") == (try database.archive()))
        #expect(try memory.lastWorkout(exercise: "Bicep curl") == database.lastWorkout(exercise: "Bicep curl"))
        #expect(try memory.recentCardSessions(limit: 5) == database.recentCardSessions(limit: 5))

        for log in [database as any WorkoutLogs, memory] {
            #expect(throws: LogError.unknownSession(id(77))) {
                try log.save(Fixture.sets[0], inWorkout: id(77))
            }
            #expect(throws: LogError.unknownDeck(id(77))) { try log.save(Fixture.extraCard, inDeck: id(77)) }
            #expect(throws: LogError.invalidValue("a rating must be from 1 to 5, not 6")) {
                try log.save(HIITSession(exercise: "Plank", startedAt: .now, duration: 1, completed: true, rating: 6))
            }
        }
        try store.close()
    }

    @Test("Times are kept to the millisecond")
    func milliseconds() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let log = try store.profileStore(named: "anna")
        let started = Date(timeIntervalSince1970: 1_741_000_000.123_456)
        let session = HIITSession(id: id(1), exercise: "Squat", startedAt: started, duration: 0.25, completed: true)
        try log.save(session)
        let saved = try #require(try log.hiitSessions(since: nil, limit: 1).first)
        #expect(saved.startedAt == Date(timeIntervalSince1970: 1_741_000_000.123))
        try store.close()
    }

    @Test("Last workout: newest with a set, per exercise, before the current one")
    func lastWorkout() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let log = try store.profileStore(named: "anna")
        func set(_ weight: Double, at start: Date) -> DumbbellSet {
            DumbbellSet(number: 1, weight: weight, reps: 10, startedAt: start, finishedAt: start.addingTimeInterval(30))
        }
        let monday = DumbbellWorkout(
            id: id(1), exercise: "Curl", unit: .kilograms, startedAt: time("2025-03-03T08:00:00Z"))
        let tuesday = DumbbellWorkout(
            id: id(2), exercise: "Press", unit: .pounds, startedAt: time("2025-03-04T08:00:00Z"))
        let wednesday = DumbbellWorkout(
            id: id(3), exercise: "Curl", unit: .kilograms, startedAt: time("2025-03-05T08:00:00Z"))
        let thursday = DumbbellWorkout(
            id: id(4), exercise: "Curl", unit: .kilograms, startedAt: time("2025-03-06T08:00:00Z"))
        for workout in [monday, tuesday, wednesday, thursday] { try log.start(workout) }
        try log.save(set(10, at: monday.startedAt), inWorkout: monday.id)
        try log.save(set(30, at: tuesday.startedAt), inWorkout: tuesday.id)
        try log.save(set(12, at: wednesday.startedAt), inWorkout: wednesday.id)
        // Thursday has no set yet: it is not a "last workout".

        #expect(try log.lastWorkout(exercise: "Curl")?.id == wednesday.id)
        #expect(try log.lastWorkout(exercise: "Curl", before: wednesday.startedAt)?.id == monday.id)
        #expect(try log.lastWorkout(exercise: "Press")?.sets.map(\.weight) == [30])
        #expect(try log.lastWorkout(exercise: "Row") == nil)
        try store.close()
    }

    @Test("Workouts of an exercise: newest first, only with sets, at most the limit, one profile's")
    func workoutsOfAnExercise() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let anna = try store.profileStore(named: "anna")
        let ben = try store.profileStore(named: "ben")
        let memory = InMemoryWorkoutLog()
        func workout(_ number: Int, _ exercise: String, day: Int, sets: Int) -> DumbbellWorkout {
            let start = time("2025-03-01T08:00:00Z").addingTimeInterval(86_400 * Double(day))
            return DumbbellWorkout(
                id: id(number), exercise: exercise, unit: number % 2 == 0 ? .pounds : .kilograms, startedAt: start,
                sets: (0..<sets).map {
                    DumbbellSet(
                        number: $0 + 1, weight: 10 + Double(number), reps: 8, startedAt: start,
                        finishedAt: start.addingTimeInterval(30))
                })
        }
        // Saved out of order; day 4 has no set; a press and Ben's curl are not Anna's curls.
        let curls = [
            workout(1, "Curl", day: 3, sets: 2), workout(2, "Curl", day: 1, sets: 1),
            workout(3, "Curl", day: 4, sets: 0),
            workout(4, "Curl", day: 9, sets: 3), workout(5, "Curl", day: 6, sets: 1),
        ]
        for log in [anna, memory] as [any DumbbellLog] {
            for curl in curls { try log.start(curl) }
            try log.start(workout(6, "Press", day: 7, sets: 1))
        }
        try ben.start(workout(7, "Curl", day: 8, sets: 2))

        let all = try anna.workouts(exercise: "Curl", limit: 400)
        #expect(all.map(\.id) == [id(4), id(5), id(1), id(2)], "newest first, the one without sets left out")
        #expect(all.map(\.sets.count) == [3, 1, 2, 1], "each with its sets")
        #expect(all.map(\.unit) == [.pounds, .kilograms, .kilograms, .pounds])
        #expect(try anna.workouts(exercise: "Curl", limit: 2).map(\.id) == [id(4), id(5)])
        #expect(try anna.workouts(exercise: "Curl", limit: 0).isEmpty)
        #expect(try anna.workouts(exercise: "Row", limit: 10).isEmpty)
        #expect(try ben.workouts(exercise: "Curl", limit: 10).map(\.id) == [id(7)])
        #expect(try memory.workouts(exercise: "Curl", limit: 400) == all, "the in-memory log answers the same")
        #expect(try memory.workouts(exercise: "Curl", limit: 2) == Array(all.prefix(2)))
        try store.close()
    }

    @Test("Saving the same step twice keeps one copy")
    func savingTwice() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let log = try store.profileStore(named: "anna")
        try Fixture.record(into: log)
        try Fixture.record(into: log)
        #expect(try log.archive() == Fixture.expectedArchive(profile: "anna"))
        try store.close()
    }

    @Test("A card's reviews across sessions, oldest first, for this profile only")
    func reviewsOfCards() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let anna = try store.profileStore(named: "anna")
        let memory = InMemoryWorkoutLog()
        let later = FlashcardSession(
            id: id(5), deckID: id(3), deckName: "Anatomy", startedAt: time("2025-03-09T08:00:00Z"))
        let again = FlashcardReview(
            id: id(44), cardID: id(32), grade: .good, reviewedAt: time("2025-03-09T08:00:03Z"))
        for log in [anna as any WorkoutLogs, memory] {
            try Fixture.record(into: log)
            try log.start(later)
            try log.save(again, inFlashcardSession: later.id)
            let reviews = try log.flashcardReviews(ofCards: [id(32), id(33), id(99)])
            #expect(reviews.map(\.id) == [id(42), id(43), id(44)])
            #expect(reviews.map(\.grade) == [.again, .good, .good])
            #expect(try log.flashcardReviews(ofCards: []).isEmpty)
        }
        // Deleting the card keeps its reviews; another profile sees none of them.
        try anna.deleteCard(id(32))
        #expect(try anna.flashcardReviews(ofCards: [id(32)]).count == 2)
        #expect(try store.profileStore(named: "ben").flashcardReviews(ofCards: [id(32)]).isEmpty)
        try store.close()
    }

    @Test("Deleting cards and decks keeps past sessions")
    func deleting() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let log = try store.profileStore(named: "anna")
        try Fixture.record(into: log)
        try log.deleteCard(id(32))
        #expect(try log.decks().first?.cards.map(\.id) == [id(31), id(33)])
        try log.deleteDeck(id(3))
        #expect(try log.decks().isEmpty)
        #expect(try log.flashcardSession(id: id(4))?.reviews.count == 3)
        try log.setSetting(nil, forName: "cards.server")
        #expect(try log.settings()["cards.server"] == nil)
        try store.close()
    }
}

@Suite("Profiles")
struct ProfileTests {
    @Test("Profiles are created, listed and kept apart")
    func isolated() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let anna = try store.profileStore(named: "anna")
        let ben = try store.profileStore(named: "ben")
        try Fixture.record(into: anna)

        #expect(try store.profiles().map(\.name) == ["anna", "ben"])
        #expect(try ben.archive() == ProfileArchive(profile: "ben"))
        #expect(try ben.history().isEmpty)
        #expect(try ben.lastWorkout(exercise: "Bicep curl") == nil)
        #expect(try ben.decks().isEmpty)
        #expect(try ben.settings() == Settings())
        #expect(try ben.cardSession(id: id(1)) == nil)
        #expect(try ben.homeSummary().latestSessions.isEmpty)

        // Ben cannot add to or finish Anna's sessions, nor take over her identifiers.
        #expect(throws: LogError.unknownSession(id(2))) { try ben.save(Fixture.sets[0], inWorkout: id(2)) }
        #expect(throws: LogError.unknownSession(id(2))) {
            try ben.finishWorkout(id(2), status: .abandoned, at: .now)
        }
        #expect(throws: LogError.unknownDeck(id(3))) { try ben.save(Fixture.extraCard, inDeck: id(3)) }
        #expect(throws: LogError.self) { try ben.save(Fixture.hiitSessions[0]) }
        try ben.deleteDeck(id(3))
        try ben.deleteCard(id(31))
        try ben.setValue(false, for: .reducedMotion)

        #expect(try anna.archive() == Fixture.expectedArchive(profile: "anna"))
        #expect(try ben.value(for: .reducedMotion) == false)
        try store.close()
    }

    @Test("Switching is opening another profile; names are checked")
    func switching() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let anna = try store.profileStore(named: "  anna ")
        #expect(anna.profile.name == "anna")
        #expect(try store.profileStore(named: "anna").profile == anna.profile)
        #expect(try store.profile(named: "carl") == nil)
        #expect(throws: StoreError.profileNotFound(name: "carl", existing: ["anna"])) {
            try store.profileStore(named: "carl", createIfNeeded: false)
        }
        #expect(throws: StoreError.invalidProfileName("", .empty)) { try store.createProfile(named: "") }
        #expect(throws: StoreError.invalidProfileName("a\u{7}", .controlCharacters)) {
            try store.createProfile(named: "a\u{7}")
        }
        let carl = try store.createProfile(named: "Carl")
        #expect(store.profileStore(for: carl).profile.name == "Carl")
        #expect(try store.homeSummaryProfiles() == ["Carl", "anna"])
        try store.close()
    }
}

extension TermFitStore {
    fileprivate func homeSummaryProfiles() throws -> [String] {
        try profileStore(named: "anna").homeSummary().profiles.map(\.name)
    }
}
