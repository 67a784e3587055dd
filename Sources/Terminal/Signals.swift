import CNcursesw

#if canImport(Glibc)
    import Synchronization
    import TermUI
    import Glibc
#endif

/// The write end of the signal self-pipe; set once before any handler is installed.
nonisolated(unsafe) private var signalPipeWriter: Int32 = -1
/// The bytes that switch off every terminal mode TermFit turns on, for the fatal-signal handler.
nonisolated(unsafe) private var fatalResetSequence: UnsafeMutableBufferPointer<UInt8>?
/// The terminal's settings from before TermFit started, for the fatal-signal handler.
nonisolated(unsafe) private var fatalTerminalModes = termios()
nonisolated(unsafe) private var fatalTerminalModesSaved = false
/// Whether TermFit holds the terminal, so a dying TermFit has modes to switch off.
nonisolated(unsafe) private var fatalRestoreArmed = false
/// The stack the fatal-signal handler runs on, so a stack overflow (SIGSEGV) still restores.
nonisolated(unsafe) private var fatalSignalStack: UnsafeMutableRawPointer?

private func forwardSignal(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriter, &byte, 1)
    errno = saved
}

/// The handler of every fatal and terminating signal the run loop does not take through the
/// pipe: gives the terminal back as TermFit found it and dies of `number`, so the exit status
/// says what happened (a shell prints "Segmentation fault", a parent sees the signal).
///
/// Async-signal-safe: only `poll`, `write`, `tcsetattr`, `signal` and `raise`, on bytes and
/// settings prepared before any handler was installed.
func restoreTerminalAndDie(_ number: Int32) {
    if fatalRestoreArmed, let sequence = fatalResetSequence, let base = sequence.baseAddress {
        // A terminal that takes no output (a stalled SSH client) must not keep a dying process
        // alive: the modes are written only if the terminal takes bytes within a second.
        var output = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
        if poll(&output, 1, 1000) == 1 && output.revents & Int16(POLLOUT) != 0 {
            _ = write(STDOUT_FILENO, base, sequence.count)
        }
    }
    if fatalRestoreArmed && fatalTerminalModesSaved {
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &fatalTerminalModes)
    }
    signal(number, SIG_DFL)
    // Blocked while this handler runs; delivered, with its default action, as it returns (a
    // fault re-runs the faulting instruction, which now ends the process the same way).
    raise(number)
}

/// Signals reach the run loop through a self-pipe: each handler only writes the signal number
/// into the pipe, and the loop reads it in `poll()` like any other input. Installed before ncurses
/// starts, so ncurses keeps its own hands off these signals.
public final class SignalPipe {
    /// The signals TermFit handles.
    public static let handled: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGTSTP, SIGCONT, SIGQUIT]

    public let readDescriptor: Int32
    private let writeDescriptor: Int32

    public init() throws(TerminalError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe2(&descriptors, O_CLOEXEC | O_NONBLOCK) == 0 else {
            throw .system("cannot create the signal pipe: \(String(cString: strerror(errno)))")
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
        signalPipeWriter = writeDescriptor
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in Self.handled {
            Self.install(forwardSignal, for: number)
            sigaddset(&unblocked, number)
        }
        // A parent may have started TermFit with these signals blocked; they must get through.
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        // A write to a terminal that went away must not kill TermFit before it saves.
        signal(SIGPIPE, SIG_IGN)
        Self.installFatalRestore(resetSequence: ModeSequence.resetAll)
    }

    deinit {
        for number in Self.handled { signal(number, SIG_DFL) }
        Self.removeFatalRestore()
        signalPipeWriter = -1
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// The signals that arrived since the last call, in order.
    public func drain() -> [Int32] {
        var buffer = [UInt8](repeating: 0, count: 64)
        var numbers: [Int32] = []
        while true {
            let count = read(readDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            numbers.append(contentsOf: buffer.prefix(count).map { Int32($0) })
        }
        return numbers
    }

    /// Puts the default action back for `number` (before stopping the process with it).
    public static func restoreDefault(for number: Int32) { signal(number, SIG_DFL) }

    /// Installs the forwarding handler for `number` again.
    public static func reinstall(for number: Int32) { install(forwardSignal, for: number) }

    private static func install(_ handler: @convention(c) (Int32) -> Void, for number: Int32) {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = handler
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        sigaction(number, &action, nil)
    }

    /// The signals that end TermFit at once, each after the terminal is given back: faults (a
    /// trap, a bad access, an abort), and the signals whose default is to end a process that
    /// TermFit has no use for (a CPU or file-size limit, the user signals, profiling timers, the
    /// real-time signals). SIGALRM is among them when it comes from outside (see
    /// ``OutputDeadline``, which arms it for itself).
    public static var fatal: [Int32] {
        [
            SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGSYS, SIGUSR1, SIGUSR2, SIGXCPU, SIGXFSZ,
            SIGVTALRM, SIGPROF, SIGSTKFLT, SIGPWR, SIGIO,
        ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    }

    /// Saves the terminal's settings as they are now (before ncurses changes them) and installs
    /// ``restoreTerminalAndDie(_:)`` for every signal of ``fatal`` and for SIGALRM, so no way out
    /// leaves the member's shell without echo or line editing, or stuck on the alternate screen
    /// with the mouse reported.
    static func installFatalRestore(resetSequence: String) {
        var modes = termios()
        if tcgetattr(STDIN_FILENO, &modes) == 0 {
            fatalTerminalModes = modes
            fatalTerminalModesSaved = true
        }
        if fatalResetSequence == nil {
            let bytes = Array(resetSequence.utf8)
            let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
            _ = buffer.initialize(from: bytes)
            fatalResetSequence = buffer
        }
        fatalRestoreArmed = true
        if fatalSignalStack == nil {
            let size = max(Int(SIGSTKSZ), 64 * 1024)
            let memory = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
            var stack = stack_t(ss_sp: memory, ss_flags: 0, ss_size: size)
            if sigaltstack(&stack, nil) == 0 { fatalSignalStack = memory } else { memory.deallocate() }
        }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in fatal {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = restoreTerminalAndDie
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_ONSTACK
            sigaction(number, &action, nil)
            sigaddset(&unblocked, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        OutputDeadline.installAlarmHandler()
    }

    /// Puts the default action back for every signal of ``fatal`` (the terminal is TermFit's no
    /// more).
    static func removeFatalRestore() {
        fatalRestoreArmed = false
        for number in fatal { signal(number, SIG_DFL) }
    }
}

/// Lets background work (an HTTP request, say) hand events to the run loop: `post` queues the
/// event and writes one byte to a pipe the loop polls.
public final class WakePipe: Sendable {
    public let readDescriptor: Int32
    private let writeDescriptor: Int32
    private let queue = Mutex<[Event]>([])

    public init() throws(TerminalError) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe2(&descriptors, O_CLOEXEC | O_NONBLOCK) == 0 else {
            throw .system("cannot create the wake pipe: \(String(cString: strerror(errno)))")
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Queues `event` for the run loop and wakes it. Safe from any thread.
    public func post(_ event: Event) {
        queue.withLock { $0.append(event) }
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// The events posted since the last call.
    public func drain() -> [Event] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(readDescriptor, &buffer, buffer.count) > 0 {}
        return queue.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}

/// Whether a job-control shell started TermFit. Without one (an SSH `ForceCommand`, a kiosk
/// login), stopping the process would leave the user staring at a frozen screen, so Ctrl-Z is
/// refused.
public enum JobControl {
    public static var isAvailable: Bool {
        let group = getpgrp()
        let session = getsid(0)
        // A job-control shell puts each job in its own process group, apart from the session's.
        return group != session && tcgetpgrp(STDIN_FILENO) == group
    }
}
