import Dispatch
import Records
import Synchronization
import TermUI
import Terminal

#if canImport(Glibc)
    import Glibc
#endif

/// How `termfit` was asked to start.
public struct LaunchOptions {
    public var noColor: Bool
    public var reduceMotion: Bool
    /// The workout to open straight away (`termfit hiit`), or `nil` for the home menu.
    public var workout: String?
    public var environment: [String: String]
    /// The database file, for the help sheet.
    public var dataLocation: String?
    /// `--kiosk`: the profile cannot be changed from the screen.
    public var kiosk: Bool

    public init(
        noColor: Bool = false, reduceMotion: Bool = false, workout: String? = nil, environment: [String: String],
        dataLocation: String? = nil, kiosk: Bool = false
    ) {
        self.kiosk = kiosk
        self.noColor = noColor
        self.reduceMotion = reduceMotion
        self.workout = workout
        self.environment = environment
        self.dataLocation = dataLocation
    }
}

/// Why the interface could not go on past its first frame: the message for standard error and
/// the exit status.
public struct LaunchFailure: Sendable {
    public var message: String
    public var exitStatus: Int32

    public init(message: String, exitStatus: Int32) {
        self.message = message
        self.exitStatus = exitStatus
    }
}

/// Starts TermFit's full-screen interface: checks the terminal, sets up the locale, runs the loop
/// and reports `TERMFIT_STATS` after the terminal is restored.
public enum Launcher {
    /// Whether standard input and output are both a terminal.
    public static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

    /// Whether `TERMFIT_STATS` asks for figures on exit (set, not empty, not 0).
    public static func showsStatistics(environment: [String: String]) -> Bool {
        guard let value = environment["TERMFIT_STATS"] else { return false }
        return !value.isEmpty && value != "0"
    }

    /// Runs the interface and returns the process exit status.
    /// - Parameters:
    ///   - worker: the store worker every scene hands its data work to; it answers through the
    ///     run loop's wake pipe.
    ///   - openData: opening the database, the worker's first job: the first frame never waits
    ///     for it. A failure ends the run: its message is printed once the terminal is restored,
    ///     and its status returned.
    ///   - keepUnsaved: called once the terminal is restored with every save the workouts could
    ///     not carry out (never with none); it keeps them (a recovery file) and returns what to
    ///     say and the status to end with. A run a signal ended keeps its signal's status.
    public static func run(
        options: LaunchOptions, profile: String, profiles: ProfileDirectory, workouts: [WorkoutEntry],
        worker: StoreWorker = .inline, openData: @escaping @Sendable () -> LaunchFailure? = { nil },
        keepUnsaved: ([UnsavedWork]) -> LaunchFailure = { _ in LaunchFailure(message: "", exitStatus: 1) }
    )
        -> Int32
    {
        guard isInteractive else {
            printError(TerminalError.notInteractive.description)
            return TerminalError.notInteractive.exitStatus
        }
        let glyphMode = LocaleSetup.configure(environment: options.environment)
        let terminalOptions = TerminalOptions.from(environment: options.environment, noColorFlag: options.noColor)
        let showsStatistics = showsStatistics(environment: options.environment)
        let loop: TerminalRunLoop<AppScene>
        do {
            loop = try TerminalRunLoop(options: terminalOptions, glyphMode: glyphMode, measuresBytes: showsStatistics) {
                colorMode in
                let context = AppContext(
                    profile: profile, reducesMotion: options.reduceMotion, usesColor: colorMode != .none,
                    dataLocation: options.dataLocation, locksProfile: options.kiosk, worker: worker)
                return AppScene(context: context, workouts: workouts, profiles: profiles, opening: options.workout)
            }
        } catch {
            printError(error.description)
            return error.exitStatus
        }
        let wake = loop.wake
        worker.connect { wake.post($0) }
        let opening = DataOpening()
        // The opening is the worker's first job, so every job handed over before the first frame
        // (a workout opened straight away asks for its data) comes after it; it waits for the
        // first frame, which then has the processor to itself (docs/DECISIONS.md).
        let firstFrame = FirstFrameGate(holds: !worker.isInline)
        worker.run(for: AppScene.dataRecipient) {
            firstFrame.wait()
            return opening.open(with: openData)
        }
        let outcome = loop.run(afterFirstFrame: {
            firstFrame.open()
            return nil
        })
        // What the worker still carries out (the saves `.terminate` asked for) is waited for,
        // and its answers handed to the scenes, before they are asked what is still owed; after
        // a signal only for so long (a hung store must not keep a hung-up session alive): what
        // the worker has not answered by then is still owed, and goes to the recovery file.
        waitForLastSaves(
            of: worker, signalled: outcome.signal != nil, deliver: loop.deliverWaitingEvents,
            endingSignalArrived: loop.receivedEndingSignal)
        if let failure = opening.failure {
            printError(failure.message)
            return failure.exitStatus
        }
        if showsStatistics { printError(outcome.statistics.report) }
        let unsaved = loop.scene.unsavedWork
        if let removed = loop.scene.removedProfile {
            // The caller says so of the profile it started on (it knows that one by its
            // identifier); one picked from the menu is said here.
            if removed != profile {
                printError(
                    TerminalText.sanitized(
                        "termfit: the profile \(removed) was removed from this box; this session ended"))
            }
            guard !unsaved.isEmpty else { return outcome.signal == nil ? 1 : outcome.exitStatus }
        }
        guard !unsaved.isEmpty else { return outcome.exitStatus }
        let kept = keepUnsaved(unsaved)
        printError(kept.message)
        return outcome.signal == nil ? kept.exitStatus : outcome.exitStatus
    }

    /// How long the saves still with the worker may take once a signal (TERM, HUP, INT, QUIT)
    /// ended the run or arrived while they were waited for (docs/DECISIONS.md).
    public static let lastSavesLimit: Duration = .seconds(3)

    /// Waits until `worker` has answered every job and the scenes have its answers (`deliver`
    /// hands them over; they may hand it more). Without a signal it waits as long as that takes;
    /// `signalled` (the run ended by one) or a signal meanwhile (`endingSignalArrived`) gives it
    /// `limit` from then. Returns whether the worker is idle.
    @discardableResult
    static func waitForLastSaves(
        of worker: StoreWorker, signalled: Bool, limit: Duration = lastSavesLimit, deliver: () -> Void,
        endingSignalArrived: () -> Bool
    ) -> Bool {
        let clock = ContinuousClock()
        var deadline = signalled ? clock.now + limit : nil
        repeat {
            while !worker.waitUntilIdle(timeout: .milliseconds(20)) {
                if deadline == nil, endingSignalArrived() { deadline = clock.now + limit }
                if let deadline, clock.now >= deadline {
                    deliver()
                    return false
                }
            }
            deliver()
        } while worker.outstanding > 0
        return true
    }

    static func printError(_ message: String) {
        let bytes = Array((message + "\n").utf8)
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            _ = write(STDERR_FILENO, base, buffer.count)
        }
    }
}

/// The database's opening on the worker, and why it failed, if it did.
final class DataOpening: Sendable {
    private let failed = Mutex<LaunchFailure?>(nil)

    /// Opens the data with `open`; says whether it opened.
    func open(with open: @Sendable () -> LaunchFailure?) -> DataOpened {
        guard let failure = open() else { return .opened }
        failed.withLock { $0 = failure }
        return .failed
    }

    var failure: LaunchFailure? { failed.withLock { $0 } }
}

/// Holds the worker's first job until the first frame is on screen: on two cores shared with
/// other sessions, opening the database beside the first frame made the frame later.
final class FirstFrameGate: Sendable {
    private let shown = DispatchSemaphore(value: 0)
    private let holds: Bool

    /// A gate that holds only when `holds` (an inline worker runs the job on the caller's thread,
    /// before the run loop could open it).
    init(holds: Bool) { self.holds = holds }

    /// Blocks until ``open()`` (at once when the gate does not hold).
    func wait() {
        if holds { shown.wait() }
    }

    /// Lets the waiting job go; called once the first frame is on screen.
    func open() {
        if holds { shown.signal() }
    }
}

/// The worker's answer to the opening of the database: the home screen quits when it failed.
public enum DataOpened: Sendable {
    case opened
    case failed
}
