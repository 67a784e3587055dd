import App
import CardDeck
import Foundation
import Records
import Store
import Synchronization
import TermUI
import TestSupport
import Testing

/// Every kind of command a workout emits, made by driving the workout with its keys (settings
/// through its host's keeper, as the host routes them): a recovery file keeps it and reads it
/// back the same, the store worker carries it out into a real SQLite database, and the recovery
/// file replayed into a second database leaves the same data there.
@Suite struct CommandRoundTripTests {
    private static let context = AppContext(profile: "ann", reducesMotion: true)
    /// The date and time the workouts see: whole milliseconds, as a recovery file keeps them.
    private static let wallClock: @Sendable () -> Date = { Date(timeIntervalSince1970: 1_800_000_000) }

    @Test func everyDumbbellCommand() throws {
        let (kinds, archive) = try roundTrip(
            open: { profile in
                DumbbellsData.open(
                    context: Self.context, log: profile, settings: profile, wallClock: Self.wallClock)
            },
            drive: { driver in
                for (weight, reps) in [("12", "10"), ("14", "8")] {
                    driver.type(weight)
                    driver.press(.tab)
                    driver.type(reps)
                    driver.press(.enter)
                    driver.wait(.seconds(30))
                    driver.press(.enter, .escape)
                }
                // One set more (the set count, a setting); set 1 deleted; the workout ended.
                driver.press(.character("a"))
                driver.press(.up, .up, .up, .up, .character("d"), .character("y"))
                driver.press(.character("x"), .character("y"))
            })
        #expect(
            kinds == [
                "dumbbellWorkout", "dumbbellSet", "dumbbellRestEnd", "dumbbellSetDeletion", "dumbbellFinish",
                "settings",
            ])
        let workout = try #require(archive.dumbbellWorkouts.first)
        #expect(workout.sets.map(\.reps) == [8], "set 2 is set 1 now")
        #expect(workout.status == .finished)
        #expect(archive.settings["dumbbells.setCount"] != nil)
    }

    @Test func everyCardCommand() throws {
        let (kinds, archive) = try roundTrip(
            open: { profile in
                CardsData.open(
                    context: Self.context, log: profile, settings: profile,
                    fetch: { _, _ in .failure(.unreachable("no server in this test")) }, makeSeed: { 7 },
                    wallClock: Self.wallClock)
            },
            drive: { driver in
                for _ in 0..<3 {
                    driver.press(.enter)
                    driver.wait(.seconds(2))
                    driver.press(.enter)
                    driver.wait(.seconds(1))
                }
                // The last card taken back; a rule changed; the deck left.
                driver.press(.character("u"))
                driver.press(.character("r"), .enter)
                driver.type("Dips")
                driver.press(.enter, .escape)
                driver.press(.character("q"), .character("y"))
            })
        #expect(kinds == ["cardSession", "cardDraw", "cardDrawDeletion", "cardFinish", "settings"])
        let session = try #require(archive.cardSessions.first)
        #expect(session.draws.map(\.position) == [1, 2, 3, 4], "the fifth taken back")
        #expect(session.status == .abandoned)
    }

    @Test func everyFlashcardCommand() throws {
        let deck = FlashcardDeck(
            id: UUID(uuidString: "00000000-0000-0000-0000-0000000000A0") ?? UUID(), name: "Numbers",
            createdAt: Date(timeIntervalSince1970: 1_800_000_000),
            cards: (1...3).map { number in
                Flashcard(
                    id: UUID(uuidString: "00000000-0000-0000-0000-00000000010\(number)") ?? UUID(),
                    prompt: "Q\(number)", answer: "A\(number)",
                    createdAt: Date(timeIntervalSince1970: 1_800_000_000 + Double(number)))
            })
        let (kinds, archive) = try roundTrip(
            seed: { profile in
                try profile.save(deck)
                for card in deck.cards { try profile.save(card, inDeck: deck.id) }
            },
            open: { profile in
                try FlashcardsData.open(
                    context: Self.context, library: profile, settings: profile, wallClock: Self.wallClock)
            },
            drive: { driver in
                // An answer, taken back.
                driver.press(.character(" "), .right, .character("u"))
                // A card deleted in the editor and put back.
                driver.press(.character("e"), .tab, .tab, .down, .delete, .character("u"), .escape)
                // A deck made and opened (the deck kept), then deleted.
                driver.press(.character("d"), .control("n"))
                driver.type("Verbs")
                driver.press(.enter, .enter)
                driver.press(.character("d"), .control("x"), .character("y"), .escape)
                driver.send(.terminate)
            })
        #expect(
            kinds == [
                "flashcardSession", "flashcardReview", "flashcardReviewDeletion", "flashcardFinish", "flashcard",
                "flashcardDeletion", "flashcardDeck", "flashcardDeckDeletion", "settings",
            ])
        #expect(archive.flashcardDecks.map(\.name) == ["Numbers"])
        #expect(archive.flashcardDecks.first?.cards.count == 3, "the card deleted is back")
        #expect(archive.flashcardSessions.count == 1)
        #expect(archive.flashcardSessions.flatMap(\.reviews).isEmpty, "the answer taken back is gone")
    }

    @Test func everyHIITCommand() throws {
        let (kinds, archive) = try roundTrip(
            open: { profile in
                HIITData.open(
                    context: Self.context, options: HIITOptions(seconds: 10, quiet: true), log: profile,
                    settings: profile, wallClock: Self.wallClock)
            },
            drive: { driver in
                // The first exercise done (3 s to get ready, then 10 s) and rated; the page kept
                // at the end.
                driver.press(.enter, .enter)
                driver.wait(.seconds(3))
                driver.wait(.seconds(10))
                driver.press(.enter, .character("]"))
                driver.send(.terminate)
            })
        #expect(kinds == ["hiitExercise", "settings"])
        #expect(archive.hiitSessions.count == 1)
        #expect(archive.settings["hiit.ratings"] != nil && archive.settings["hiit.lastPage"] != nil)
    }

    /// Drives the workout `open` makes on one database's profile with `drive`, and checks its
    /// commands as the suite says. Returns the kinds of command it emitted and the data they left.
    private func roundTrip<Data: WorkoutData>(
        seed: (ProfileStore) throws -> Void = { _ in }, open: (ProfileStore) throws -> (Data.Model, Data),
        drive: (inout WorkoutDriver<Data.Model>) -> Void
    ) throws -> (kinds: Set<String>, archive: ProfileArchive) {
        let worked = try TemporaryDatabase()
        let replayed = try TemporaryDatabase()
        try seed(worked.profile)
        try seed(replayed.profile)
        let (workout, data) = try open(worked.profile)
        var driver = WorkoutDriver(workout)
        drive(&driver)
        // The commands, as the host routes the outputs.
        var routed = driver.workout
        let commands = driver.outputs.compactMap { output -> UnsavedStep? in
            if case .save(let command) = data.route(output, in: &routed, at: driver.now) { command } else { nil }
        }

        // Kept by a recovery file and read back: the same commands.
        let file = RecoveryFile(profile: "ann", writtenAt: Date(timeIntervalSince1970: 1_800_000_000), steps: commands)
        let decoded = try ArchiveCoding.decoder().decode(RecoveryFile.self, from: ArchiveCoding.encoder().encode(file))
        #expect(decoded.steps == commands)

        // Carried out by the store worker, in order, off the caller's thread.
        let worker = StoreWorker(label: "termfit.test.commands")
        let answers = Mutex<[Event]>([])
        worker.connect { event in answers.withLock { $0.append(event) } }
        let recipient = StoreAnswer.Recipient()
        worker.run(for: recipient) { () -> String in
            do {
                for command in commands { _ = try data.carryOut(command) }
                return "carried out"
            } catch {
                return "\(error)"
            }
        }
        worker.waitUntilIdle()
        let said = answers.withLock { $0 }.compactMap { StoreAnswer.value(in: $0, for: recipient, as: String.self) }
        #expect(said == ["carried out"])

        // Replayed from a real recovery file into the second database: the same data.
        _ = try Recovery.write(UnsavedWork(profile: "ann", steps: commands), in: replayed.location)
        let outcomes = Recovery.replay(into: replayed.store, profile: "ann")
        #expect(outcomes.map(\.problem) == [nil])
        #expect(outcomes.first?.stepCount == commands.count)
        let archive = try worked.profile.archive()
        #expect(try replayed.profile.archive() == archive)
        let kinds = commands.map { String(describing: $0).prefix { $0 != "(" } }.map(String.init)
        return (Set(kinds), archive)
    }
}

/// A fresh database in a temporary directory of its own, removed when it goes.
private final class TemporaryDatabase {
    let location: StoreLocation
    let store: TermFitStore
    let profile: ProfileStore

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-\(UUID())").path
        location = StoreLocation(directory: directory, origin: .argument)
        store = try TermFitStore.open(at: location)
        profile = try store.profileStore(named: "ann")
    }

    deinit {
        try? store.close()
        try? FileManager.default.removeItem(atPath: location.directory)
    }
}
