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
    public static let secondsRange = 1...5999
    /// A session's length when neither the option nor the setting says.
    public static let defaultSeconds = 100

    /// Options as given; the defaults are `termfit flashcards` without flags.
    public init(seconds: Int? = nil, plain: Bool = false) {
        self.seconds = seconds
        self.plain = plain
    }
}

/// The scene that runs the flashcard workout: it holds the pure `FlashcardsWorkout` and the
/// profile's `FlashcardLibrary`, carries out each save at once (every answer is committed before
/// the next event is handled), reads a deck's reviews when asked, and hands the other effects to
/// the run loop.
///
/// A save that fails never costs the session: the notice says what went wrong and the save is
/// tried again (in order) with the next one and when the program ends. When the profile's data
/// could not be opened at all, the scene shows why and only leaves.
public struct FlashcardsHost: Scene {
    /// The workout, or `nil` when the data could not be opened.
    public private(set) var workout: FlashcardsWorkout?
    /// Why the workout could not open, when it could not.
    public let failure: String?
    /// Saves that failed, tried again (in order) before the next one.
    public private(set) var unsaved: [PendingSave] = []
    private let library: (any FlashcardLibrary)?
    private let settingsStore: (any SettingsStore)?
    private var size = Size.zero

    /// A save the host owes the library.
    public enum PendingSave: Equatable, Sendable {
        case start(FlashcardSession)
        case review(FlashcardReview, sessionID: UUID)
        case finish(UUID, status: SessionStatus, at: Date)
        case card(Flashcard, deckID: UUID)
        case deleteCard(UUID)
    }

    /// Hosts `workout`, saving through `library` and keeping settings in `settings`.
    public init(workout: FlashcardsWorkout, library: any FlashcardLibrary, settings: (any SettingsStore)? = nil) {
        self.workout = workout
        self.library = library
        self.settingsStore = settings
        failure = nil
    }

    /// Reads the profile's decks (adding the starter deck to a profile that has none), the
    /// chosen deck's reviews and the settings, and opens the workout.
    ///
    /// - Parameters:
    ///   - options: the command line's `--seconds` and `--plain`, over the settings.
    ///   - wallClock: the date and time, for the records.
    public init(
        context: AppContext, options: FlashcardsOptions = FlashcardsOptions(), library: any FlashcardLibrary,
        settings: (any SettingsStore)? = nil, wallClock: @escaping @Sendable () -> Date = { Date() },
        makeIdentifier: @escaping @Sendable () -> UUID = { UUID() }
    ) {
        let stored = (try? settings?.settings()) ?? Settings()
        var problems: [String] = []
        var decks: [FlashcardDeck]
        do {
            decks = try library.decks()
        } catch {
            self.init(failure: "\(error)")
            return
        }
        if decks.isEmpty {
            let starter = StarterDeck.deck(createdAt: wallClock(), makeIdentifier: makeIdentifier)
            do { try library.save(starter) } catch { problems.append("The starter deck is not saved: \(error)") }
            decks = [starter]
        }
        let deckID = stored.value(for: .flashcardDeck).flatMap(UUID.init(uuidString:))
        let chosen = decks.first { $0.id == deckID } ?? decks[0]
        let reviews = Result { try library.flashcardReviews(ofCards: chosen.cards.map(\.id)) }
        let seconds = options.seconds ?? stored.value(for: .flashcardSessionLength) ?? FlashcardsOptions.defaultSeconds
        let plain = options.plain || stored.value(for: .flashcardsPlain) == true
        var workout = FlashcardsWorkout(
            decks: decks, deckID: chosen.id, reviews: reviews,
            sessionLength: .seconds(min(max(seconds, 1), FlashcardsOptions.secondsRange.upperBound)),
            display: .init(reducesMotion: context.reducesMotion, usesColor: context.usesColor, plain: plain),
            wallClock: wallClock, makeIdentifier: makeIdentifier)
        if !problems.isEmpty { workout.showProblem(problems.joined(separator: "; ")) }
        self.init(workout: workout, library: library, settings: settings)
    }

    /// A scene that says why the workout cannot open (the data could not be read) and leaves
    /// with `q` or Esc.
    public init(failure: String) {
        workout = nil
        library = nil
        settingsStore = nil
        self.failure = failure
    }

    // MARK: Scene

    /// Hands `event` to the workout, carries out its saves and reads at once, and returns its
    /// effects for the run loop.
    public mutating func handle(_ event: Event, at now: Instant) -> [Effect] {
        if case .resize(let newSize) = event { size = newSize }
        guard var workout, let library else {
            return UnavailableWorkout.effects(of: event, screen: size)
        }
        var effects: [Effect] = []
        var saves: [PendingSave] = []
        var problem: String?
        for output in workout.handle(event, at: now) {
            switch output {
            case .effect(let effect): effects.append(effect)
            case .startSession(let session): saves.append(.start(session))
            case .saveReview(let review, let id): saves.append(.review(review, sessionID: id))
            case .finishSession(let id, let status, let date): saves.append(.finish(id, status: status, at: date))
            case .saveCard(let card, let deckID): saves.append(.card(card, deckID: deckID))
            case .deleteCard(let id): saves.append(.deleteCard(id))
            case .loadReviews(let deckID):
                let cards = workout.decks.first { $0.id == deckID }?.cards.map(\.id) ?? []
                workout.receive(Result { try library.flashcardReviews(ofCards: cards) }, for: deckID, at: now)
            case .rememberDeck(let id):
                do {
                    try settingsStore?.setValue(id.uuidString, for: .flashcardDeck)
                } catch {
                    problem = "Could not keep the deck as the one to open: \(error)"
                }
            }
        }
        if !saves.isEmpty || (event == .terminate && !unsaved.isEmpty) {
            problem = save(saves, into: library) ?? problem
        }
        if let problem {
            workout.showProblem(problem)
        } else if !saves.isEmpty && unsaved.isEmpty && workout.problem?.hasPrefix("Not saved") == true {
            workout.showProblem(nil)
        }
        self.workout = workout
        return effects
    }

    /// Saves `saves` after any that failed before, in order, stopping at the first failure (a
    /// review cannot go in before its session). Returns the notice when something failed.
    private mutating func save(_ saves: [PendingSave], into library: any FlashcardLibrary) -> String? {
        var pending = unsaved + saves
        while let next = pending.first {
            do {
                switch next {
                case .start(let session): try library.start(session)
                case .review(let review, let id): try library.save(review, inFlashcardSession: id)
                case .finish(let id, let status, let date):
                    try library.finishFlashcardSession(id, status: status, at: date)
                case .card(let card, let deckID): try library.save(card, inDeck: deckID)
                case .deleteCard(let id): try library.deleteCard(id)
                }
                pending.removeFirst()
            } catch {
                unsaved = pending
                let count = pending.count == 1 ? "1 change" : "\(pending.count) changes"
                return "Not saved (\(error)): \(count) kept here, tried again with the next answer"
            }
        }
        unsaved = []
        return nil
    }

    /// Draws the workout, or why it cannot open.
    public func render(into composition: inout Composition, at now: Instant) {
        if let workout {
            workout.render(into: &composition, at: now)
        } else {
            UnavailableWorkout(title: "Flashcards", lead: "The flashcard workout cannot open: ", reason: failure ?? "")
                .render(into: &composition)
        }
    }

    /// The workout's next deadline; none when it could not open.
    public func nextDeadline(after now: Instant) -> Instant? {
        workout?.nextDeadline(after: now)
    }
}

extension FlashcardsHost: AsksQuestions {
    /// The workout's leave question, while it waits for an answer.
    public var pendingQuestion: String? { workout?.pendingQuestion }
}

extension FlashcardsHost: HoldsUnsavedWork {
    /// The failed saves as recovery steps.
    public var unsavedSteps: [UnsavedStep] {
        unsaved.map { save in
            switch save {
            case .start(let session): .flashcardSession(session)
            case .review(let review, let id): .flashcardReview(review, sessionID: id)
            case .finish(let id, let status, let date): .flashcardFinish(sessionID: id, status: status, at: date)
            case .card(let card, let deckID): .flashcard(card, deckID: deckID)
            case .deleteCard(let id): .flashcardDeletion(id)
            }
        }
    }
}
