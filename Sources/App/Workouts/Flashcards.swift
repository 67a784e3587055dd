import Flashcards
import Foundation
import Records
import TermUI

/// How `termfit flashcards` was asked to run the flashcard workout.
public struct FlashcardsOptions: Sendable, Equatable {
    /// Seconds of each session (`--seconds`), instead of the profile's `flashcards.sessionSeconds`.
    public var seconds: Int?
    /// Plain lines for a screen reader (`--plain`), over the profile's `flashcards.plain`.
    public var plain: Bool

    /// The session lengths `--seconds` accepts.
    public static let secondsRange = ValueLimits.countdownSeconds
    /// A session's length when neither the option nor the setting says.
    public static let defaultSeconds = 100

    /// Options as given; the defaults are `termfit flashcards` without flags.
    public init(seconds: Int? = nil, plain: Bool = false) {
        self.seconds = seconds
        self.plain = plain
    }
}

extension FlashcardsWorkout: ShowsProblems {}

/// How the flashcard workout reaches the profile's `FlashcardLibrary`: every answer is committed
/// before the next event, a deck's reviews are read when asked, and the deck last chosen is kept.
public struct FlashcardsData: WorkoutData {
    public static let title = "Flashcards"
    public static let unavailableLead = "The flashcard workout cannot open: "
    public static let retry = "the next answer"

    let library: any FlashcardLibrary
    /// Keeps the deck last chosen.
    let keeper: SettingsKeeper

    public func route(_ output: FlashcardsWorkout.Output, in workout: inout FlashcardsWorkout, at now: Instant)
        -> Routed<FlashcardsWorkout>
    {
        let library = self.library
        switch output {
        case .effect(let effect): return .effect(effect)
        case .save(let command): return .save(command)
        case .loadDecks:
            // Read now, so that a deck imported by another TermFit since the workout opened shows.
            return .read {
                let decks = Result { try library.decks() }
                return { workout, now in workout.receive(decks: decks, at: now) }
            }
        case .loadReviews(let deckID):
            let cards = workout.studiedCards(ofDeck: deckID).map(\.id)
            return .read {
                let reviews = Result { try library.flashcardReviews(ofCards: cards) }
                return { workout, now in workout.receive(reviews, for: deckID, at: now) }
            }
        case .keepSettings(let values):
            return keeper.route(values.mapValues { $0 }, what: "the scheduling settings")
        case .rememberDeck(let id):
            return keeper.route(
                [SettingKey<String>.flashcardDeck.name: .string(id.uuidString)], what: "the deck as the one to open")
        }
    }

    public var notices: (any NoticesChanges)? { library as? any NoticesChanges }

    public var commandLedger: (any CarriesOutCommandsOnce)? { library as? any CarriesOutCommandsOnce }

    /// Another window changed the data: the decks are read again (the deck in use stays).
    public func refreshing(_ workout: FlashcardsWorkout) -> (@Sendable () -> WorkoutUpdate<FlashcardsWorkout>)? {
        let library = self.library
        return {
            let decks = Result { try library.decks() }
            return { workout, now in workout.receive(decks: decks, at: now) }
        }
    }

    public func carryOut(_ command: UnsavedStep) throws -> [SettingConflict] {
        try keeper.carryOut(command) { try command.carryOut(onFlashcards: library) }
    }

    /// Reads the profile's decks (adding the starter deck to a profile that has none), the
    /// answers to their cards and the settings, and opens the workout.
    ///
    /// - Parameters:
    ///   - options: the command line's `--seconds` and `--plain`, over the settings.
    ///   - wallClock: the date and time, for the records.
    /// - Throws: when the decks cannot be read.
    public static func open(
        context: AppContext, options: FlashcardsOptions = FlashcardsOptions(), library: any FlashcardLibrary,
        settings: (any SettingsStore)? = nil, wallClock: @escaping @Sendable () -> Date = { Date() },
        makeIdentifier: @escaping @Sendable () -> UUID = { UUID() }
    ) throws -> (FlashcardsWorkout, FlashcardsData) {
        _ = try? (library as? any NoticesChanges)?.changedElsewhere()
        let stored = (try? settings?.settings()) ?? Settings()
        let deckID = stored.value(for: .flashcardDeck).flatMap(UUID.init(uuidString:))
        let newPerDay = stored.value(for: .flashcardsNewPerDay) ?? StudyQueue.defaultNewCardsPerDay
        let seconds = options.seconds ?? stored.value(for: .flashcardSessionLength) ?? FlashcardsOptions.defaultSeconds
        let plain = options.plain || stored.value(for: .flashcardsPlain) == true
        let sessionLength = Duration.seconds(min(max(seconds, 1), FlashcardsOptions.secondsRange.upperBound))
        let display = FlashcardsWorkout.Display(
            reducesMotion: context.reducesMotion, usesColor: context.usesColor, plain: plain)
        let study = FlashcardsWorkout.Study(
            newCardsPerDay: newPerDay,
            day: StudyDay(rolloverHour: stored.value(for: .flashcardsDayStartsAt) ?? StudyDay.defaultRolloverHour),
            fsrs: FSRS(
                desiredRetention: Double(stored.value(for: .flashcardsRetention) ?? 90) / 100,
                maximumInterval: stored.value(for: .flashcardsMaximumInterval) ?? 36_500, fuzzes: true))
        let keeper = SettingsKeeper(store: settings, stored: stored)
        // A store that reads the first cards by themselves opens on them; the decks follow.
        if let reader = library as? any ReadsFirstFlashcards,
            let first = try FlashcardsOpening.read(from: reader, deckID: deckID, study: study, at: wallClock())
        {
            let workout = FlashcardsWorkout(
                opening: first.decks, deckID: first.deckID, due: first.due, new: first.new, ahead: first.ahead,
                reviews: first.reviews, sessionLength: sessionLength, display: display, study: study,
                wallClock: wallClock, makeIdentifier: makeIdentifier)
            return (workout, FlashcardsData(library: library, keeper: keeper))
        }
        var problems: [String] = []
        var decks = try library.decks()
        if decks.isEmpty {
            let starter = StarterDeck.deck(createdAt: wallClock(), makeIdentifier: makeIdentifier)
            do { try library.save(starter) } catch { problems.append("The starter deck is not saved: \(error)") }
            decks = [starter]
        }
        let chosen = decks.first { $0.id == deckID } ?? decks[0]
        // Every deck's answers: the decks list shows what is due and new in each.
        let reviews = Result { try library.flashcardReviews(ofCards: decks.flatMap(\.cards).map(\.id)) }
        var workout = FlashcardsWorkout(
            decks: decks, deckID: chosen.id, reviews: reviews, sessionLength: sessionLength, display: display,
            study: study, wallClock: wallClock, makeIdentifier: makeIdentifier)
        if !problems.isEmpty { workout.showProblem(problems.joined(separator: "; ")) }
        return (workout, FlashcardsData(library: library, keeper: keeper))
    }
}

extension WorkoutHost where Data == FlashcardsData {
    /// The flashcard workout on `library`, opened as `FlashcardsData.open` says; when the decks
    /// cannot be read, the screen that says why.
    public init(
        context: AppContext, options: FlashcardsOptions = FlashcardsOptions(), library: any FlashcardLibrary,
        settings: (any SettingsStore)? = nil, wallClock: @escaping @Sendable () -> Date = { Date() },
        makeIdentifier: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        self.init(worker: context.worker) {
            try FlashcardsData.open(
                context: context, options: options, library: library, settings: settings, wallClock: wallClock,
                makeIdentifier: makeIdentifier)
        }
    }
}

extension WorkoutEntry {
    /// The flashcard workout on the home menu (and for `termfit flashcards`).
    ///
    /// - Parameter openLibrary: the decks, reviews and settings of a profile, by name. When it
    ///   (or reading the decks) throws, the workout's screen says why and only leaves.
    public static func flashcards(
        options: FlashcardsOptions = FlashcardsOptions(),
        openLibrary: @escaping @Sendable (String) throws -> any FlashcardLibrary & SettingsStore
    ) -> WorkoutEntry {
        .hosting(FlashcardsData.self, identifier: "flashcards", summary: "swipe a deck against the clock") {
            context in
            let library = try openLibrary(context.profile)
            return try FlashcardsData.open(context: context, options: options, library: library, settings: library)
        }
    }
}
