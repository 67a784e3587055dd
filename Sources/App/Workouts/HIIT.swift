import Foundation
import HIIT
import Records
import TermUI

/// How `termfit hiit` was asked to run the HIIT workout.
public struct HIITOptions: Sendable, Equatable {
    /// Seconds of each countdown (`--seconds`); `nil` takes the profile's `hiit.exerciseSeconds`
    /// setting, else 30.
    public var seconds: Int?
    /// Start with Tabata intervals: 20 s of work, 10 s of rest, 8 rounds (`--tabata`).
    public var tabata: Bool
    /// No terminal bell (`--quiet`).
    public var quiet: Bool
    /// The circuit `c` runs hands-free; the standard one (or Tabata with `tabata`) when `nil`.
    public var circuit: Circuit?

    /// The countdown lengths `--seconds` accepts.
    public static let secondsRange = Intervals.lengthRange

    /// Options as given on the command line; the defaults are `termfit hiit` without flags.
    public init(seconds: Int? = nil, tabata: Bool = false, quiet: Bool = false, circuit: Circuit? = nil) {
        self.seconds = seconds
        self.tabata = tabata
        self.quiet = quiet
        self.circuit = circuit
    }
}

/// How the HIIT workout's exercises reach the profile's `HIITLog`: each exercise is saved when
/// it is done, and again when it is rated.
public struct HIITData: WorkoutData {
    public static let title = "HIIT"
    public static let unavailableLead = "The HIIT workout cannot open: "
    public static let retry = "the next exercise"
    /// How many past exercises are read for the history sheet, ratings and trends.
    public static let historyLimit = 1000

    let log: any HIITLog
    /// Keeps ratings, the page and circuits for the profile (with no store: they hold for this run).
    let keeper: SettingsKeeper

    public func route(_ output: HIITWorkout.Output, in workout: inout HIITWorkout, at now: Instant)
        -> Routed<HIITWorkout>
    {
        switch output {
        case .effect(let effect): .effect(effect)
        case .save(let command): .save(command)
        case .keepRatings(let ratings):
            keeper.route(
                [SettingKey<[String: Int]>.hiitRatings.name: try? JSONValue(encoding: ratings)], what: "the rating")
        case .keepPage(let page):
            keeper.route(
                [SettingKey<Int>.hiitLastPage.name: try? JSONValue(encoding: page)], what: "the page to reopen on")
        case .keepCircuits(let circuits, let chosen):
            keeper.route(
                [
                    SettingKey<[Circuit]>.hiitCircuits.name: try? JSONValue(encoding: circuits),
                    SettingKey<String>.hiitCircuit.name: try? JSONValue(encoding: chosen),
                ], what: "your circuits")
        }
    }

    public var notices: (any NoticesChanges)? { log as? any NoticesChanges }

    public var commandLedger: (any CarriesOutCommandsOnce)? { log as? any CarriesOutCommandsOnce }

    /// Another window changed the data: the history (its list and chart) and the ratings kept
    /// are read again.
    public func refreshing(_ workout: HIITWorkout) -> (@Sendable () -> WorkoutUpdate<HIITWorkout>)? {
        let (log, keeper) = (self.log, self.keeper)
        return {
            guard let sessions = try? log.hiitSessions(since: nil, limit: Self.historyLimit) else {
                return { _, _ in }
            }
            let stored = keeper.read() ?? Settings()
            return { workout, _ in
                workout.receive(history: sessions, ratings: stored.value(for: .hiitRatings) ?? [:])
                keeper.refresh(
                    [SettingKey<[String: Int]>.hiitRatings.name: try? JSONValue(encoding: workout.ratings)],
                    from: stored)
                // The member's circuits, unless one is being written here (then they wait for the next look).
                if let circuits = stored.value(for: SettingKey<[Circuit]>.hiitCircuits),
                    workout.receive(circuits: circuits)
                {
                    keeper.refresh(
                        [
                            SettingKey<[Circuit]>.hiitCircuits.name: try? JSONValue(
                                encoding: workout.circuitsEditor.presets)
                        ],
                        from: stored)
                }
            }
        }
    }

    public func carryOut(_ command: UnsavedStep) throws -> [SettingConflict] {
        try keeper.carryOut(command) { try command.carryOut(onHIIT: log) }
    }

    /// "Squat", or "3 exercises".
    public func describe(_ waiting: [UnsavedStep], in workout: HIITWorkout?) -> String {
        let exercises = waiting.compactMap { if case .hiitExercise(let session) = $0 { session.exercise } else { nil } }
        if exercises.isEmpty, Self.onlySettings(waiting) { return "the settings" }
        let names = Set(exercises)
        return names.count == 1 ? names.first ?? "" : "\(exercises.count) exercises"
    }

    /// Reads the profile's history (and, when given, its settings) and opens the workout at its
    /// Welcome page. A history that cannot be read is shown as a message in the workout.
    ///
    /// - Parameters:
    ///   - settings: where `hiit.exerciseSeconds` is read when `options.seconds` is not set.
    ///   - wallClock: today's date and time.
    public static func open(
        context: AppContext, options: HIITOptions = HIITOptions(), log: any HIITLog,
        settings: (any SettingsStore)? = nil, wallClock: @escaping @Sendable () -> Date = { Date() },
        calendar: Calendar? = nil
    ) -> (HIITWorkout, HIITData) {
        _ = try? (log as? any NoticesChanges)?.changedElsewhere()
        let stored = (try? settings?.settings()) ?? Settings()
        let length =
            options.seconds ?? stored.value(for: .hiitExerciseLength) ?? HIITWorkout.Configuration.defaultExerciseLength
        let configuration = HIITWorkout.Configuration(
            exerciseLength: length, usesTabata: options.tabata, ringsBell: !options.quiet,
            reducesMotion: context.reducesMotion, usesColor: context.usesColor, circuit: options.circuit)
        let history = Result { try log.hiitSessions(since: nil, limit: historyLimit) }
        let ratings = stored.value(for: .hiitRatings) ?? [:]
        let page = stored.value(for: .hiitLastPage)
        let circuits = stored.value(for: SettingKey<[Circuit]>.hiitCircuits) ?? []
        let chosen = options.circuit == nil ? stored.value(for: SettingKey<String>.hiitCircuit) : nil
        let workout = HIITWorkout(
            configuration: configuration, history: history, ratings: ratings, page: page, circuits: circuits,
            chosenCircuit: chosen, wallClock: wallClock, calendar: calendar)
        // The ratings as the workout shows them (those of the history for exercises never rated
        // here): only one the member changes is written.
        let keeper = SettingsKeeper(
            store: settings, stored: stored,
            view: [SettingKey<[String: Int]>.hiitRatings.name: try? JSONValue(encoding: workout.ratings)])
        return (workout, HIITData(log: log, keeper: keeper))
    }
}

extension WorkoutHost where Data == HIITData {
    /// The HIIT workout on `log`, opened as `HIITData.open` says.
    public init(
        context: AppContext, options: HIITOptions = HIITOptions(), log: any HIITLog,
        settings: (any SettingsStore)? = nil, wallClock: @escaping @Sendable () -> Date = { Date() },
        calendar: Calendar? = nil
    ) {
        self.init(worker: context.worker) {
            HIITData.open(
                context: context, options: options, log: log, settings: settings, wallClock: wallClock,
                calendar: calendar)
        }
    }
}

extension WorkoutEntry {
    /// The HIIT workout on the home menu (and for `termfit hiit`).
    ///
    /// - Parameter openLog: the HIIT history and settings of a profile, by name. When it throws,
    ///   the workout's screen says why and only leaves.
    public static func hiit(
        options: HIITOptions = HIITOptions(),
        openLog: @escaping @Sendable (String) throws -> any HIITLog & SettingsStore
    ) -> WorkoutEntry {
        .hosting(HIITData.self, identifier: "hiit", summary: "four timed exercises, ratings, weekly chart") {
            context in
            let log = try openLog(context.profile)
            return HIITData.open(context: context, options: options, log: log, settings: log)
        }
    }
}

extension SettingKey where Value == [Circuit] {
    /// The member's own HIIT circuits, made on the circuits sheet.
    static var hiitCircuits: Self { .init("hiit.circuits") }
}

extension SettingKey where Value == String {
    /// The name of the HIIT circuit `c` runs.
    static var hiitCircuit: Self { .init("hiit.circuit") }
}
