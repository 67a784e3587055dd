#if canImport(Glibc)
    import Glibc
#endif

/// `/dev/null`, opened when the deadline is first set, for the alarm handler to put in place of
/// the terminal.
nonisolated(unsafe) private var nullDescriptor: Int32 = -1
/// Set by the alarm handler: the terminal took no output for the whole limit.
nonisolated(unsafe) private var outputStalled: sig_atomic_t = 0
/// Whether a guarded write is under way (a restore writes mode sequences inside its own guard).
nonisolated(unsafe) private var deadlineArmed = false

/// SIGALRM: the deadline's timer ran out, or someone sent the signal. The timer's signal comes
/// from the kernel (`SI_KERNEL`); one sent with `kill`, `sigqueue` or `tkill` has a code of zero
/// or less, and ends TermFit as every other terminating signal does, the terminal restored.
private func alarmArrived(_ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _: UnsafeMutableRawPointer?) {
    guard let info, info.pointee.si_code > 0 else { return restoreTerminalAndDie(number) }
    let saved = errno
    outputStalled = 1
    // The write blocked in the kernel returns (interrupted, or with part of its bytes); ncurses
    // retries it, and the retry now goes to /dev/null, as does everything after it.
    if nullDescriptor >= 0 {
        dup2(nullDescriptor, STDOUT_FILENO)
        dup2(nullDescriptor, STDERR_FILENO)
    }
    errno = saved
}

/// A limit on how long one write to the terminal may block. A member's SSH client that stops
/// reading (a laptop lid shut without the link closing, Wi-Fi gone) leaves sshd's buffers full,
/// and every write TermFit makes then blocks for as long as the TCP connection lingers (minutes).
///
/// While TermFit writes, a one-shot alarm runs with the limit; should it fire, its handler marks
/// the terminal stalled and puts `/dev/null` in place of standard output and standard error, so
/// the blocked write (which ncurses retries after the interruption) and everything after it
/// returns at once. The run loop then ends the run as after SIGHUP: the scene saves, the terminal
/// is "restored" into `/dev/null`, and TermFit exits with status 129.
///
/// Polling for `POLLOUT` before a frame was not enough: it only says that some room is left, and
/// a frame larger than that room blocks all the same; nor can ncurses write to a non-blocking
/// descriptor (it retries `EAGAIN` in a busy loop).
public enum OutputDeadline {
    /// The limit when `TERMFIT_OUTPUT_TIMEOUT` does not set one.
    public static let defaultLimit = 30

    /// Whether the terminal took no output for the whole limit (the run must end).
    public static var hasExpired: Bool { outputStalled != 0 }

    /// Seconds a write may block: `TERMFIT_OUTPUT_TIMEOUT` (1 to 3600), else ``defaultLimit``.
    public static func limit(environment: [String: String]) -> Int {
        guard let text = environment["TERMFIT_OUTPUT_TIMEOUT"], let seconds = Int(text), (1...3600).contains(seconds)
        else { return defaultLimit }
        return seconds
    }

    /// Installs the SIGALRM handler (once): the deadline's own alarm gives the terminal up, an
    /// alarm from outside ends TermFit with the terminal restored.
    static func installAlarmHandler() {
        if nullDescriptor < 0 { nullDescriptor = open("/dev/null", O_WRONLY | O_CLOEXEC) }
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = alarmArrived
        sigemptyset(&action.sa_mask)
        // No SA_RESTART: the blocked write must come back to ncurses.
        action.sa_flags = SA_SIGINFO | SA_ONSTACK
        sigaction(SIGALRM, &action, nil)
        var alarm = sigset_t()
        sigemptyset(&alarm)
        sigaddset(&alarm, SIGALRM)
        pthread_sigmask(SIG_UNBLOCK, &alarm, nil)
    }

    /// Runs `write`, which writes to the terminal, with at most `seconds` of blocking.
    static func guarding<Result>(seconds: Int, _ write: () -> Result) -> Result {
        // Nested: the outer guard's alarm already covers this write.
        guard outputStalled == 0, seconds > 0, !deadlineArmed else { return write() }
        if nullDescriptor < 0 { installAlarmHandler() }
        var timer = itimerval(it_interval: timeval(), it_value: timeval(tv_sec: seconds, tv_usec: 0))
        setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &timer, nil)
        deadlineArmed = true
        defer {
            var off = itimerval()
            setitimer(__itimer_which_t(ITIMER_REAL.rawValue), &off, nil)
            deadlineArmed = false
        }
        return write()
    }
}
