import CNcursesw

#if canImport(Glibc)
    import Synchronization
    import TermUI
    import Glibc
#endif

/// The write end of the signal self-pipe; set once before any handler is installed.
nonisolated(unsafe) private var signalPipeWriter: Int32 = -1
/// The bytes that switch off every terminal mode TermFit turns on, for the crash handler.
nonisolated(unsafe) private var crashResetSequence: UnsafeMutableBufferPointer<UInt8>?
/// The terminal modes from before TermFit started, for the crash handler.
nonisolated(unsafe) private var crashTerminalModes = termios()
nonisolated(unsafe) private var crashTerminalModesSaved = false

private func forwardSignal(_ number: Int32) {
    let saved = errno
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(signalPipeWriter, &byte, 1)
    errno = saved
}

private func restoreTerminalAndDie(_ number: Int32) {
    if let sequence = crashResetSequence, let base = sequence.baseAddress {
        _ = write(STDOUT_FILENO, base, sequence.count)
    }
    if crashTerminalModesSaved {
        _ = tcsetattr(STDIN_FILENO, TCSAFLUSH, &crashTerminalModes)
    }
    signal(number, SIG_DFL)
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
    }

    deinit {
        for number in Self.handled { signal(number, SIG_DFL) }
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

    /// On a crash (a trap, a bad access, an abort), switch the terminal's modes off and restore its
    /// settings before dying, so the user's shell is never left broken.
    public static func installCrashRestore(resetSequence: String) {
        var modes = termios()
        if tcgetattr(STDIN_FILENO, &modes) == 0 {
            crashTerminalModes = modes
            crashTerminalModesSaved = true
        }
        let bytes = Array(resetSequence.utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: bytes.count)
        _ = buffer.initialize(from: bytes)
        crashResetSequence = buffer
        for number in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
            install(restoreTerminalAndDie, for: number)
        }
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
