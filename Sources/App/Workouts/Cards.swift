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

extension CardWorkout: ShowsProblems {}

/// How the card workout reaches the profile's `CardSessionLog`: each card done is saved at once,
/// the rules are kept in the profile's settings, and requests to a deck server become background
/// jobs whose answers come back through the run loop's wake pipe.
public struct CardsData: WorkoutData {
    public static let title = "Cards"
    public static let unavailableLead = "The card workout cannot open: "
    public static let retry = "the next card"

    let log: any CardSessionLog
    /// Keeps the rules the workout changes, one change at a time.
    let keeper: SettingsKeeper
    let fetch: DeckFetcher
    /// Whether `--deck-api` chose the server for this run only (then it is not kept).
    let serverIsForThisRun: Bool

    public func route(_ output: CardWorkout.Output, in workout: inout CardWorkout, at now: Instant)
        -> Routed<CardWorkout>
    {
        switch output {
        case .effect(let effect): return .effect(effect)
        case .save(let command): return .save(command)
        case .fetch(let request, let number):
            return .effect(job(for: request, number: number, server: workout.settings.deckServer ?? ""))
        case .saveSettings(let rules):
            // The server chosen with `--deck-api` is for this run only: it is not kept.
            var settings = Settings()
            do {
                try rules.store(into: &settings, includingServer: !serverIsForThisRun)
            } catch {
                return .refused(.settingNotKept(what: "the rules", reason: "\(error)"))
            }
            return keeper.route(settings.values.mapValues { $0 }, what: "the rules")
        }
    }

    public func carryOut(_ command: UnsavedStep) throws -> [SettingConflict] {
        try keeper.carryOut(command) { try command.carryOut(onCards: log) }
    }

    public var commandLedger: (any CarriesOutCommandsOnce)? { log as? any CarriesOutCommandsOnce }

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

    /// Reads the profile's rules and opens the workout with a freshly shuffled deck.
    ///
    /// - Parameters:
    ///   - options: the command line's `--mode`, `--seed`, `--deck-api`, `--deck-id`, `--cards`.
    ///   - fetch: how a request reaches a deck server.
    ///   - makeSeed: a seed for the first deck when `--seed` is not given.
    ///   - wallClock: the date and time, for the records.
    public static func open(
        context: AppContext, options: CardDeckOptions = CardDeckOptions(), log: any CardSessionLog,
        settings: (any SettingsStore)? = nil, fetch: @escaping DeckFetcher,
        makeSeed: @Sendable () -> UInt64 = { UInt64.random(in: .min ... .max) },
        wallClock: @escaping @Sendable () -> Date = { Date() }
    ) -> (CardWorkout, CardsData) {
        let stored = (try? settings?.settings()) ?? Settings()
        let workout = CardWorkout(
            settings: CardSettings(stored),
            options: CardWorkout.Options(
                mode: options.mode ?? .deck, seed: options.seed ?? makeSeed(), deckServer: options.deckServer,
                deckID: options.deckID, partial: options.partial, reducesMotion: context.reducesMotion,
                usesColor: context.usesColor, locksDeckServer: context.locksProfile),
            wallClock: wallClock, times: DeckTimes((try? log.recentCardSessions(limit: 500)) ?? []))
        let data = CardsData(
            log: log, keeper: keeper(settings, stored: stored), fetch: fetch,
            serverIsForThisRun: options.deckServer != nil)
        return (workout, data)
    }
}

extension CardsData {
    /// A keeper whose view is the rules as the workout reads them from `stored`.
    private static func keeper(_ store: (any SettingsStore)?, stored: Settings) -> SettingsKeeper {
        var view = Settings()
        try? CardSettings(stored).store(into: &view)
        return SettingsKeeper(store: store, stored: stored, view: view.values.mapValues { $0 })
    }
}

extension WorkoutHost where Data == CardsData {
    /// The card workout on `log`, opened as `CardsData.open` says.
    public init(
        context: AppContext, options: CardDeckOptions = CardDeckOptions(), log: any CardSessionLog,
        settings: (any SettingsStore)? = nil, fetch: @escaping DeckFetcher,
        makeSeed: @escaping @Sendable () -> UInt64 = { UInt64.random(in: .min ... .max) },
        wallClock: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.init(worker: context.worker) {
            CardsData.open(
                context: context, options: options, log: log, settings: settings, fetch: fetch, makeSeed: makeSeed,
                wallClock: wallClock)
        }
    }
}

extension WorkoutEntry {
    /// The card workout on the home menu (and for `termfit cards`).
    ///
    /// - Parameters:
    ///   - openLog: the card sessions and settings of a profile, by name. When it throws, the
    ///     workout's screen says why and only leaves.
    ///   - fetch: how a request reaches a Deck of Cards API server.
    public static func cards(
        options: CardDeckOptions = CardDeckOptions(),
        openLog: @escaping @Sendable (String) throws -> any CardSessionLog & SettingsStore,
        fetch: @escaping DeckFetcher
    ) -> WorkoutEntry {
        .hosting(CardsData.self, identifier: "cards", summary: "a whole deck: suit = exercise, rank = reps") {
            context in
            let log = try openLog(context.profile)
            return CardsData.open(context: context, options: options, log: log, settings: log, fetch: fetch)
        }
    }
}
