import TermUI

#if canImport(Glibc)
    import Glibc
#endif

/// How a run ended.
public struct RunOutcome: Sendable {
    /// The process exit status: 0 after a normal quit, 128 + the signal number after a signal.
    public var exitStatus: Int32
    /// The signal that ended the run, if one did.
    public var signal: Int32?
    public var statistics: RenderStatistics
}

/// The single run loop: blocks in `poll()` on standard input, the signal self-pipe and the wake
/// pipe, with exactly the timeout of the scene's next deadline (none: no wake-ups at all), and
/// writes at most one frame per wake-up.
public final class TerminalRunLoop<Content: Scene> {
    private var driver: SceneDriver<Content>
    private let screen: NcursesScreen
    private let signals: SignalPipe
    /// Background work posts its results here.
    public let wake: WakePipe
    private let clock: any MonotonicClock
    private let measuresBytes: Bool
    private var outcome: RunOutcome?
    /// The terminal hung up (standard input reported `POLLHUP`): the keys already read are handled,
    /// then the run ends as after SIGHUP, even if the signal itself never arrives.
    private var hungUp = false
    /// When standard input last had something to read.
    private var lastInput: Instant
    /// TermFit stopped itself (Ctrl-Z) and has taken the terminal back: the SIGCONT that `fg`
    /// sent is already answered.
    private var resumedItself = false
    /// Over SSH, the status question that tells a silent client from a quiet one.
    private var linkProbe: LinkProbe?

    /// Takes the terminal. Throws (without touching the terminal) when there is no usable terminal.
    /// - Parameters:
    ///   - measuresBytes: count the bytes of every frame (for `TERMFIT_STATS`).
    ///   - makeScene: builds the scene once the terminal's colour mode is known.
    public init(
        options: TerminalOptions, glyphMode: GlyphMode, measuresBytes: Bool = false,
        clock: any MonotonicClock = SystemClock(), makeScene: (ColorMode) -> Content
    ) throws(TerminalError) {
        // Handlers first, so ncurses installs none of its own.
        signals = try SignalPipe()
        wake = try WakePipe()
        screen = try NcursesScreen(options: options, glyphMode: glyphMode)
        driver = SceneDriver(scene: makeScene(screen.colorMode), size: screen.size)
        self.clock = clock
        self.measuresBytes = measuresBytes
        lastInput = clock.now
        linkProbe = options.linkTimeout.map(LinkProbe.init(timeout:))
    }

    /// The scene as the last event left it (after a run: what it still holds).
    public var scene: Content { driver.scene }

    /// The colour mode the terminal turned out to have.
    public var colorMode: ColorMode { screen.colorMode }

    /// Runs until the scene quits or a signal ends the program; always restores the terminal.
    /// - Parameter afterFirstFrame: work that can wait until the first frame is on screen (TermFit
    ///   opens its database there). It runs before any key is read; a status it returns ends the
    ///   run with that status instead, the terminal restored.
    public func run(afterFirstFrame: () -> Int32? = { nil }) -> RunOutcome {
        perform(driver.start(at: clock.now))
        present()
        if let status = afterFirstFrame() {
            outcome = RunOutcome(exitStatus: status, signal: nil, statistics: driver.statistics)
        }
        while outcome == nil {
            let events = waitForEvents()
            guard outcome == nil else { break }
            perform(driver.deliver(events, at: clock.now))
            // A hung-up terminal, or an SSH client silent for the link probe's whole timeout.
            if hungUp || screen.outputStalled || linkProbe?.isDead(at: clock.now) == true { finish(signal: SIGHUP) }
            if outcome == nil { present() }
            // The terminal took no output for the whole limit: it is as good as hung up.
            if screen.outputStalled { finish(signal: SIGHUP) }
        }
        screen.close()
        var result = outcome ?? RunOutcome(exitStatus: 0, signal: nil, statistics: driver.statistics)
        result.statistics = driver.statistics
        return result
    }

    /// Hands the scene what was posted to the wake pipe since the loop last looked, without
    /// touching the terminal or firing a deadline: after a run, the answers of background work
    /// that finished once the loop had ended. Their effects are dropped.
    public func deliverWaitingEvents() {
        let events = wake.drain()
        guard !events.isEmpty else { return }
        _ = driver.deliver(events, at: clock.now, firingDeadline: false)
    }

    /// After a run: whether a signal that ends TermFit (TERM, HUP, INT, QUIT) arrived since the
    /// run ended or the last call. The handlers stay in place until the loop goes, so such a
    /// signal is only noted, never lost and never fatal, while the last saves are waited for.
    public func receivedEndingSignal() -> Bool {
        signals.drain().contains { [SIGTERM, SIGHUP, SIGINT, SIGQUIT].contains($0) }
    }

    private func waitForEvents() -> [Event] {
        var descriptors = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        var wait = driver.timeout(at: clock.now)
        // Half a key sequence (a lone ESC, a paste) waits for the rest only so long.
        if let inputWait = screen.inputWait {
            let remaining = max(.zero, lastInput + inputWait - clock.now)
            wait = min(wait ?? remaining, remaining)
        }
        if let deadline = linkProbe?.deadline {
            let remaining = max(.zero, deadline - clock.now)
            wait = min(wait ?? remaining, remaining)
        }
        let timeout = wait.map { duration in
            // Round up: waking a moment early would cost a second wake-up for the same deadline.
            Int32(clamping: (duration.totalNanoseconds + 999_999) / 1_000_000)
        }
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout ?? -1)
        if ready <= 0, let inputWait = screen.inputWait, clock.now - lastInput >= inputWait {
            return screen.timeOutInput(quietFor: clock.now - lastInput).compactMap(intercept)
        }
        guard ready > 0 else { return [] }
        var events: [Event] = []
        if descriptors[1].revents != 0 {
            for number in signals.drain() { events += handleSignal(number) }
        }
        if descriptors[0].revents & Int16(POLLIN) != 0 {
            lastInput = clock.now
            linkProbe?.heard()
            events += screen.readEvents()
        }
        if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 || screen.inputClosed {
            // The terminal went away (an SSH link dropped). `poll` reports this at once and for
            // ever, before any SIGHUP: waiting for the signal would spin on the dead descriptor.
            hungUp = true
        }
        if descriptors[2].revents != 0 {
            events += wake.drain()
        }
        return events.compactMap(intercept)
    }

    /// Keys the run loop answers itself: Ctrl-C ends the program like SIGINT, Ctrl-Z suspends.
    private func intercept(_ event: Event) -> Event? {
        switch event {
        case .key(.control("c")):
            finish(signal: SIGINT)
            return nil
        case .key(.control("z")):
            suspend()
            return nil
        default:
            return event
        }
    }

    private func handleSignal(_ number: Int32) -> [Event] {
        switch number {
        case SIGWINCH:
            return screen.refreshSize().map { [.resize($0)] } ?? []
        case SIGTSTP:
            suspend()
            return []
        case SIGCONT:
            if resumedItself {
                resumedItself = false
                return []
            }
            // Stopped and continued by someone else (SIGSTOP, a shell's job control): whoever
            // had the terminal meanwhile may have changed its modes and what it shows.
            screen.retake()
            driver.invalidate()
            return [.resume] + (screen.refreshSize().map { [.resize($0)] } ?? [])
        default:
            finish(signal: number)
            return []
        }
    }

    private func suspend() {
        guard outcome == nil, JobControl.isAvailable else { return }
        perform(driver.deliver([.suspend], at: clock.now))
        let before = screen.size
        let after = screen.suspend()
        resumedItself = true
        driver.invalidate()
        var events: [Event] = [.resume]
        if after != before { events.append(.resize(after)) }
        perform(driver.deliver(events, at: clock.now))
    }

    /// Ends the run: the scene gets `.terminate` to save what it holds, then the loop stops.
    private func finish(signal number: Int32?) {
        guard outcome == nil else { return }
        outcome = RunOutcome(
            exitStatus: number.map { 128 + $0 } ?? 0, signal: number, statistics: driver.statistics)
        for effect in driver.deliver([.terminate], at: clock.now) {
            if case .perform = effect { continue }
            if effect != .quit && effect != .suspend { perform([effect]) }
        }
    }

    private func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .quit:
                finish(signal: nil)
            case .bell:
                screen.ringBell()
            case .suspend:
                suspend()
            case .mouseTracking(let on):
                screen.setMouseTracking(on)
            case .perform(let job):
                let wake = self.wake
                Task.detached { wake.post(await job.work()) }
            case .redraw:
                break
            }
        }
    }

    private func present() {
        guard let (canvas, runs, erasesFirst) = driver.frame(at: clock.now), !runs.isEmpty || erasesFirst else {
            return
        }
        let before = measuresBytes ? ProcessOutput.bytesWritten() : 0
        screen.renderer.draw(canvas, runs: runs, erasingFirst: erasesFirst)
        if linkProbe?.shouldAsk(at: clock.now) == true { screen.askForStatus() }
        if measuresBytes { driver.recordBytes(ProcessOutput.bytesWritten() - before) }
    }
}

/// Bytes this process has written so far (`wchar` of /proc/self/io): ncurses writes straight to
/// the terminal's descriptor, so the difference around one frame is what that frame cost.
enum ProcessOutput {
    static func bytesWritten() -> Int {
        let descriptor = open("/proc/self/io", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return 0 }
        let text = String(decoding: buffer.prefix(count), as: UTF8.self)
        for line in text.split(separator: "\n") where line.hasPrefix("wchar:") {
            return Int(line.dropFirst(6).trimmingPrefix(" ")) ?? 0
        }
        return 0
    }
}
