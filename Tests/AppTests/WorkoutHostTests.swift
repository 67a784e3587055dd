import Flashcards
import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import App

/// What the one host does for every workout: the ordered save queue, typed problems that stay
/// on screen until put right, recovery steps in order, and the screen of a workout that cannot
/// open. (Each workout's own saves are in its host tests.)
@Suite struct WorkoutHostTests {
    private let size = Size(width: 80, height: 24)
    private let date = Date(timeIntervalSince1970: 1_794_646_800)

    private func flashcards(_ library: FlakyWorkoutLog) -> WorkoutHost<FlashcardsData> {
        var host = WorkoutHost<FlashcardsData>(
            context: AppContext(profile: "alex", reducesMotion: true), library: library, settings: library,
            wallClock: { [date] in date })
        _ = host.handle(.resize(size), at: .zero)
        return host
    }

    private func frame(_ host: some Scene, size: Size) -> [String] {
        var composition = Composition(size: size)
        host.render(into: &composition, at: .zero)
        return composition.flatten().lines()
    }

    @Test func theFirstFailedSaveStopsTheRestAndTheyGoInLaterInOrder() throws {
        let library = FlakyWorkoutLog()
        _ = flashcards(library)  // the starter deck
        library.failing = true
        var host = flashcards(library)
        let before = library.attempts
        _ = host.handle(.key(.character(" ")), at: .zero)  // a grade takes a card once its answer shows
        _ = host.handle(.key(.right), at: .zero)
        #expect(library.attempts == before + 1, "the answer is not tried before its session")
        let steps = host.unsavedSteps
        guard case .flashcardSession = try #require(steps.first), case .flashcardReview = try #require(steps.last)
        else {
            Issue.record("the session, then its answer: \(steps)")
            return
        }
        #expect(steps.count == 2)
        #expect(host.problem == .notSaved(reason: "disk full", waiting: "2 changes", retry: "the next answer"))

        library.failing = false
        _ = host.handle(.key(.character(" ")), at: .zero + .seconds(2))
        _ = host.handle(.key(.left), at: .zero + .seconds(2))
        #expect(host.unsaved.isEmpty)
        #expect(host.problem == nil)
        let session = try #require(library.memory.archive(profile: "alex").flashcardSessions.first)
        #expect(session.reviews.map(\.grade) == [.good, .again], "in the order they were given")
    }

    @Test func aSettingThatCannotBeKeptWaitsInTheQueueUntilItGoesIn() throws {
        let library = FlakyWorkoutLog()
        _ = flashcards(library)
        try library.save(
            FlashcardDeck(
                name: "Stretches", createdAt: date.addingTimeInterval(60),
                cards: [Flashcard(prompt: "Hamstrings?", answer: "Back of the thigh", createdAt: date)]))
        var host = flashcards(library)
        library.failing = true
        for key in [Key.character("d"), .down, .enter] { _ = host.handle(.key(key), at: .zero) }
        #expect(host.workout?.deck?.name == "Stretches", "the switch holds for this run")
        #expect(host.problem == .notSaved(reason: "disk full", waiting: "1 change", retry: "the next answer"))
        #expect(frame(host, size: size)[22].contains("Not saved (disk full): 1 change kept here"))
        guard case .settings(let changes) = try #require(host.unsavedSteps.first) else {
            Issue.record("the deck kept is a settings command: \(host.unsavedSteps)")
            return
        }
        #expect(changes.map(\.settingName) == ["flashcards.deckID"])

        library.failing = false
        for key in [Key.character("d"), .up, .enter] { _ = host.handle(.key(key), at: .zero) }
        #expect(host.problem == nil)
        #expect(host.unsaved.isEmpty)
        #expect(!frame(host, size: size)[22].contains("Not saved"))
        let first = try #require(host.workout?.deck?.id)
        #expect(try library.settings()["flashcards.deckID"] == .string(first.uuidString), "both went in, in order")
    }

    @Test func aWorkoutWithNoPlaceForProblemsGetsTheNoticeAboveTheKeyBar() {
        let log = FlakyWorkoutLog(failsSaves: true, message: "database is locked")
        let small = Size(width: 40, height: 12)
        var host = WorkoutHost<HIITData>(
            context: AppContext(profile: "alex"), options: HIITOptions(seconds: 3), log: log, wallClock: { date })
        var now = Instant(nanoseconds: 1_000_000_000)
        _ = host.handle(.resize(small), at: now)
        _ = host.handle(.key(.enter), at: now)
        _ = host.handle(.key(.enter), at: now)
        for _ in 0..<2 {
            now = now + .seconds(3)
            _ = host.handle(.tick, at: now)
        }
        _ = host.handle(.key(.enter), at: now)
        let lines = frame(host, size: small)
        #expect(lines[8] == " ! Not saved (database is locked):")
        #expect(lines[9] == " Squat kept here, tried again with the", "wrapped, not cut off")
        #expect(lines[10] == " next exercise")
        #expect(lines[11].contains("?"), "the key bar stays on the last row: \(lines[11])")
        #expect(host.unsavedSteps == host.unsaved)
        #expect(host.unsavedSteps.map(\.summary) == ["hiit: Squat"])
    }

    @Test func eachWorkoutThatCannotOpenSaysWhichAndWhyAndOnlyLeaves() {
        let failure = FlakyWorkoutLog.Failure(description: "the database is from a newer TermFit")
        let entries: [(WorkoutEntry, String)] = [
            (.hiit { _ in throw failure }, "The HIIT workout cannot open"),
            (.dumbbells { _ in throw failure }, "The dumbbell workout cannot open"),
            (.flashcards { _ in throw failure }, "The flashcard workout cannot open"),
            (
                .cards(openLog: { _ in throw failure }) { _, _ in .failure(.unreachable("none")) },
                "The card workout cannot open"
            ),
        ]
        for (entry, lead) in entries {
            var scene = entry.makeScene(AppContext(profile: "alex"))
            _ = scene.handle(.resize(size), at: .zero)
            #expect(scene.handle(.key(.enter), at: .zero).isEmpty)
            let text = frame(scene, size: size).joined(separator: " ").split(separator: " ").joined(separator: " ")
            #expect(text.contains("\(lead): the database is from a newer TermFit"), "\(entry.title)")
            #expect(scene.nextDeadline(after: .zero) == nil)
            #expect(scene.handle(.key(.character("q")), at: .zero) == [.quit])
        }
    }
}
