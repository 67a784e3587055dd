import CardDeck
import Foundation
import Records
import TermUI

/// How `termfit cards` was asked to run the card workout.
public struct CardDeckOptions: Sendable, Equatable {
    /// The mode on screen first (`--mode`); deck mode when `nil`.
    public var mode: CardWorkout.Mode?
    /// The seed of the first deck (`--seed`): the same seed, the same deck, for everyone.
    public var seed: UInt64?
    /// A Deck of Cards API server for this run (`--deck-api`), over the profile's setting.
    public var deckServer: String?
    /// A deck on that server to join (`--deck-id`).
    public var deckID: String?
    /// A partial deck of these card codes (`--cards`).
    public var partial: [String]?

    /// Options as given; `nil` leaves the default or the profile's setting.
    public init(
        mode: CardWorkout.Mode? = nil, seed: UInt64? = nil, deckServer: String? = nil, deckID: String? = nil,
        partial: [String]? = nil
    ) {
        self.mode = mode
        self.seed = seed
        self.deckServer = deckServer
        self.deckID = deckID
        self.partial = partial
    }
}

/// Sends one request to a Deck of Cards API server at a base address and returns the decoded
/// answer or why there is none. The executable gives the real client; the host runs it off the
/// run loop.
public typealias DeckFetcher =
    @Sendable (_ server: String, _ request: DeckRequest) async -> Result<
        DeckResponse, DeckServiceError
    >

/// The scene that runs the card workout: it holds the pure `CardWorkout` and the profile's
/// `CardSessionLog`, saves each card done at once, keeps the rules in the profile's settings, and
/// turns the workout's requests to a deck server into background jobs whose answers come back
/// through the run loop's wake pipe.
///
/// A save that fails never costs the workout: the card stays done on screen, a one-line notice
/// says what went wrong, and the save is tried again (in order) with the next one and when the
/// program ends. When the profile's data could not be opened at all, the scene shows why and
/// only leaves.
public struct CardDeckHost: Scene {
    /// The workout, or `nil` when the data could not be opened.
    public private(set) var workout: CardWorkout?
    /// Why the workout could not open, when it could not.
    public let failure: String?
    /// Saves that failed, tried again (in order) before the next one.
    public var unsaved: [PendingSave] { queue.pending }
    private var queue = SaveQueue<PendingSave>()
    private let log: (any CardSessionLog)?
    private let settingsStore: (any SettingsStore)?
    private let fetch: DeckFetcher
    /// Whether `--deck-api` chose the server for this run only (then it is not kept).
    private let serverIsForThisRun: Bool
    private var size = Size.zero
    private var saveProblem = SaveProblem()

    /// A save the host owes the log.
    public enum PendingSave: Equatable, Sendable {
        /// A new session, or its details brought up to date.
        case start(CardSession)
        /// A card done.
        case draw(CardDraw, sessionID: UUID)
        /// The end of a session.
        case finish(UUID, status: SessionStatus, at: Date, activeDuration: TimeInterval)
    }

    /// Hosts `workout`, saving through `log` and keeping settings in `settings`.
    public init(
        workout: CardWorkout, log: any CardSessionLog, settings: (any SettingsStore)? = nil,
        fetch: @escaping DeckFetcher, serverIsForThisRun: Bool = false
    ) {
        self.workout = workout
        self.log = log
        self.settingsStore = settings
        self.fetch = fetch
        self.serverIsForThisRun = serverIsForThisRun
        failure = nil
    }

    /// Reads the profile's rules and opens the workout with a freshly shuffled deck.
    ///
    /// - Parameters:
    ///   - options: the command line's `--mode`, `--seed`, `--deck-api`, `--deck-id`, `--cards`.
    ///   - fetch: how a request reaches a deck server.
    ///   - makeSeed: a seed for the first deck when `--seed` is not given.
    ///   - wallClock: the date and time, for the records.
    public init(
        context: AppContext, options: CardDeckOptions = CardDeckOptions(), log: any CardSessionLog,
        settings: (any SettingsStore)? = nil, fetch: @escaping DeckFetcher,
        makeSeed: @Sendable () -> UInt64 = { UInt64.random(in: .min ... .max) },
        wallClock: @escaping @Sendable () -> Date = { Date() }
    ) {
        let stored = (try? settings?.settings()) ?? Settings()
        let workout = CardWorkout(
            settings: CardSettings(stored),
            options: CardWorkout.Options(
                mode: options.mode ?? .deck, seed: options.seed ?? makeSeed(), deckServer: options.deckServer,
                deckID: options.deckID, partial: options.partial, reducesMotion: context.reducesMotion,
                usesColor: context.usesColor, locksDeckServer: context.locksProfile),
            wallClock: wallClock)
        self.init(
            workout: workout, log: log, settings: settings, fetch: fetch,
            serverIsForThisRun: options.deckServer != nil)
    }

    /// A scene that says why the workout cannot open and leaves with `q` or Esc.
    public init(failure: String) {
        workout = nil
        log = nil
        settingsStore = nil
        fetch = { _, _ in .failure(.unreachable("no deck client")) }
        serverIsForThisRun = false
        self.failure = failure
    }

    // MARK: Scene

    /// Hands `event` to the workout, carries out its saves at once, starts its requests in the
    /// background, and returns the effects for the run loop.
    public mutating func handle(_ event: Event, at now: Instant) -> [Effect] {
        if case .resize(let newSize) = event { size = newSize }
        guard var workout else { return UnavailableWorkout.effects(of: event, screen: size) }
        var effects: [Effect] = []
        var saves: [PendingSave] = []
        for output in workout.handle(event, at: now) {
            switch output {
            case .effect(let effect):
                effects.append(effect)
            case .startSession(let session):
                saves.append(.start(session))
            case .saveDraw(let draw, let id):
                saves.append(.draw(draw, sessionID: id))
            case .finishSession(let id, let status, let date, let duration):
                saves.append(.finish(id, status: status, at: date, activeDuration: duration))
            case .fetch(let request, let number):
                effects.append(job(for: request, number: number, server: workout.settings.deckServer ?? ""))
            case .saveSettings(let settings):
                if let problem = keep(settings) { saveProblem.report(problem, on: &workout) }
            }
        }
        if !saves.isEmpty || (event == .terminate && !unsaved.isEmpty) {
            saveProblem.report(save(saves), on: &workout)
        }
        self.workout = workout
        return effects
    }

    /// The background job that sends `request` to `server`; its answer comes back as a
    /// ``DeckReply`` message.
    private func job(for request: DeckRequest, number: Int, server: String) -> Effect {
        let fetch = self.fetch
        return .perform(
            BackgroundJob("cards.fetch") {
                let result = await fetch(server, request)
                let reply = DeckReply(requestNumber: number, request: request, result: result)
                return .message(Message(DeckReply.messageName, payload: reply))
            })
    }

    /// Saves `saves` after any that failed before, in order, stopping at the first failure (a
    /// card cannot go in before its session). Returns the notice when something failed.
    private mutating func save(_ saves: [PendingSave]) -> String? {
        guard let log else { return nil }
        let error = queue.flush(adding: saves) { next in
            switch next {
            case .start(let session): try log.start(session)
            case .draw(let draw, let id): try log.save(draw, inCardSession: id)
            case .finish(let id, let status, let date, let duration):
                try log.finishCardSession(id, status: status, at: date, activeDuration: duration)
            }
        }
        guard let error else { return nil }
        let waiting = unsaved.count == 1 ? "1 save" : "\(unsaved.count) saves"
        return "Not saved (\(error)): \(waiting) kept here, tried again with the next card"
    }

    /// Stores the rules the workout changed; returns the notice when that failed.
    private func keep(_ rules: CardSettings) -> String? {
        guard let settingsStore else { return nil }
        do {
            var settings = Settings()
            try rules.store(into: &settings, includingServer: !serverIsForThisRun)
            for (name, value) in settings.values { try settingsStore.setSetting(value, forName: name) }
            return nil
        } catch {
            return "Could not keep the rules: \(error)"
        }
    }

    /// Draws the workout, or why it cannot open.
    public func render(into composition: inout Composition, at now: Instant) {
        if let workout {
            workout.render(into: &composition, at: now)
            return
        }
        UnavailableWorkout(title: "Cards", lead: "The card workout cannot open: ", reason: failure ?? "").render(
            into: &composition)
    }

    /// The workout's next deadline; none when it could not open.
    public func nextDeadline(after now: Instant) -> Instant? {
        workout?.nextDeadline(after: now)
    }
}

extension WorkoutEntry {
    /// The card workout on the home menu (and for `termfit cards`).
    ///
    /// - Parameters:
    ///   - openLog: the card sessions and settings of a profile, by name. When it throws, the
    ///     workout still opens and says why it cannot read or save anything.
    ///   - fetch: how a request reaches a Deck of Cards API server.
    public static func cards(
        options: CardDeckOptions = CardDeckOptions(),
        openLog: @escaping @Sendable (String) throws -> any CardSessionLog & SettingsStore,
        fetch: @escaping DeckFetcher
    ) -> WorkoutEntry {
        WorkoutEntry(identifier: "cards", title: "Cards", summary: "a whole deck: suit = exercise, rank = reps") {
            context in
            do {
                let log = try openLog(context.profile)
                return CardDeckHost(context: context, options: options, log: log, settings: log, fetch: fetch)
            } catch {
                return CardDeckHost(failure: "\(error)")
            }
        }
    }
}

extension CardWorkout: ShowsProblems {}

extension CardDeckHost: AsksQuestions {
    /// The workout's leave question, while it waits for an answer.
    public var pendingQuestion: String? { workout?.pendingQuestion }
}

extension CardDeckHost: HoldsUnsavedWork {
    /// The failed saves as recovery steps.
    public var unsavedSteps: [UnsavedStep] {
        unsaved.map { save in
            switch save {
            case .start(let session): .cardSession(session)
            case .draw(let draw, let id): .cardDraw(draw, sessionID: id)
            case .finish(let id, let status, let date, let duration):
                .cardFinish(sessionID: id, status: status, at: date, activeDuration: duration)
            }
        }
    }
}
