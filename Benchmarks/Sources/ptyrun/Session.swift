import CPseudoTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// What to run and how: the program, its window, the script of steps and the measuring rules.
struct Plan: Sendable {
    var command: [String]
    /// The program's whole environment, `NAME=VALUE`.
    var environment: [String]
    var size: WindowSize
    /// Seconds from the start to the stop signal.
    var duration: Double
    /// Scripted steps, in time order.
    var steps: [Step]
    var stopSignal: SignalName
    /// Seconds between the stop signal and SIGKILL.
    var grace: Double
    /// Whether signals go to the program's process group rather than to the program.
    var signalsGroup: Bool
    /// A pause in the output this long (seconds) ends the first frame.
    var quietPeriod: Double
    /// When set, the first frame ends only at a pause after this text has appeared.
    var firstFrameText: String?
    /// Seconds after the first byte at which the first frame of a program that never pauses is cut.
    var firstFrameLimit: Double
    /// Texts whose first appearance is timed.
    var awaitedTexts: [String]
    /// Seconds between two samples of the program's /proc counters.
    var sampleInterval: Double
    /// When set, the steady state starts here (seconds) instead of at the end of the first frame:
    /// after the keys that set up what is measured.
    var steadyFrom: Double? = nil
}

/// One scripted step: something a user or the system does to the program at `time` seconds.
struct Step: Sendable {
    enum Action: Sendable {
        /// Bytes typed on the keyboard.
        case type([UInt8])
        /// The window changes size.
        case resize(WindowSize)
        /// A signal arrives.
        case signal(SignalName)
    }

    var time: Double
    var action: Action
}

/// Why a run could not be made.
enum SessionError: Error, CustomStringConvertible {
    case spawn(program: String, code: Int32)

    var description: String {
        switch self {
        case .spawn(let program, let code): "cannot run \(program): \(String(cString: strerror(code)))"
        }
    }
}

/// The program's own counters, read from /proc while it runs.
struct ProcessSample: Sendable {
    /// Seconds since the start of the run.
    var time: Double
    /// VmHWM: the peak resident set of the program itself, in KiB.
    var peakResidentKiB: Int?
    /// Voluntary context switches of all its threads (a wake-up after blocking is one).
    var voluntarySwitches: Int
    var involuntarySwitches: Int
    /// User + system CPU, at clock-tick resolution.
    var cpuSeconds: Double
}

/// What the program wrote by the time one read returned.
struct Chunk: Sendable {
    /// Seconds since the start of the run.
    var time: Double
    /// Bytes of output up to and including this chunk.
    var end: Int
}

/// The end of the first frame.
struct FirstFrame: Sendable {
    enum Reason: String, Sendable, Encodable {
        /// The output paused for the quiet period.
        case quiet
        /// The program never paused within the limit.
        case limit
        /// The program ended.
        case exit
    }

    /// When its last byte arrived, seconds since the start.
    var time: Double
    var bytes: Int
    var reason: Reason
}

/// Everything observed in one run, for `Report` to summarise.
struct Recording: Sendable {
    var output: [UInt8] = []
    var chunks: [Chunk] = []
    var stream = TerminalStream()
    var firstFrame: FirstFrame?
    /// Seconds to the first appearance of each awaited text and of the first-frame text.
    var textTimes: [String: Double] = [:]
    /// Counters when the first frame ended, and just before the stop (or the last before an exit).
    var steadyStartSample: ProcessSample?
    var steadyEndSample: ProcessSample?
    /// When the steady state began (seconds): the end of the first frame, or `--steady-from`.
    var steadyStartTime: Double?
    var peakResidentKiB: Int?
    /// When the stop signal went out, or nil when the program ended before it.
    var stopTime: Double?
    /// When the program was seen to have ended.
    var exitTime = 0.0
    var killed = false
    var exitCode: Int32?
    var exitSignal: Int32?
    var userSeconds = 0.0
    var systemSeconds = 0.0
    var voluntarySwitches = 0
    var involuntarySwitches = 0
    /// termios fields the program left different from before it started (empty: restored).
    var termiosDifferences: [String] = []
    /// When each resize was made, in seconds, and to what size.
    var resizes: [(time: Double, size: WindowSize)] = []
    /// When each scripted key was typed, in seconds.
    var keyTimes: [Double] = []

    /// The end of the steady state: the stop signal, or the program's own end.
    var measurementEnd: Double { stopTime ?? exitTime }

    /// Bytes that arrived up to `time` (seconds).
    func bytes(through time: Double) -> Int {
        chunks.last { $0.time <= time }?.end ?? 0
    }
}

/// Runs one program on a pseudo-terminal according to a `Plan` and records what happens.
struct Session {
    let plan: Plan
    private let origin = Session.monotonicSeconds()

    init(plan: Plan) { self.plan = plan }

    /// Runs the program to its end and returns what was seen, or why it could not start.
    func run() -> Result<Recording, SessionError> {
        var recording = Recording()
        var program = termfit_spawned_program()
        let code = withCStringArray(plan.command) { argv in
            withCStringArray(plan.environment) { envp in
                termfit_spawn_on_pseudo_terminal(
                    plan.command[0], argv, envp, UInt16(plan.size.rows), UInt16(plan.size.columns), &program)
            }
        }
        guard code == 0 else { return .failure(.spawn(program: plan.command[0], code: code)) }
        let initialSettings = program.initial_settings
        let pid = program.pid
        let processDescriptor = termfit_open_process_descriptor(pid)
        let signalTarget = plan.signalsGroup ? -pid : pid

        var nextStep = 0
        var nextSample = 0.0
        var firstByteTime: Double?
        var lastChunkTime = 0.0
        var exited = false
        var pendingTexts = Set(plan.awaitedTexts + [plan.firstFrameText].compactMap { $0 })

        func sample(_ time: Double) {
            guard let counters = ProcessProbe.sample(pid: pid, time: time) else { return }
            if let peak = counters.peakResidentKiB {
                recording.peakResidentKiB = max(recording.peakResidentKiB ?? 0, peak)
            }
            if recording.stopTime == nil { recording.steadyEndSample = counters }
        }

        func drain() {
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(program.controller, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                let time = elapsed()
                let bytes = buffer[..<count]
                let plainStart = recording.stream.plainText.count
                recording.output += bytes
                recording.stream.feed(bytes)
                recording.chunks.append(Chunk(time: time, end: recording.output.count))
                if firstByteTime == nil { firstByteTime = time }
                lastChunkTime = time
                for text in pendingTexts {
                    let needle = Array(text.utf8)
                    let from = max(0, plainStart - needle.count + 1)
                    if recording.stream.plainText[from...].firstRange(of: needle) != nil {
                        recording.textTimes[text] = time
                        pendingTexts.remove(text)
                    }
                }
            }
        }

        /// Whether the first frame is waiting on text that has not appeared yet.
        func awaitingFirstFrameText() -> Bool {
            plan.firstFrameText.map { recording.textTimes[$0] == nil } ?? false
        }

        while !exited {
            let now = elapsed()
            while nextStep < plan.steps.count && plan.steps[nextStep].time <= now {
                switch plan.steps[nextStep].action {
                case .type(let bytes):
                    recording.keyTimes.append(elapsed())
                    writeFully(program.controller, bytes)
                case .resize(let size):
                    _ = termfit_set_window_size(program.controller, UInt16(size.rows), UInt16(size.columns))
                    recording.resizes.append((now, size))
                case .signal(let signal):
                    sample(now)
                    kill(signalTarget, signal.number)
                }
                nextStep += 1
            }
            if recording.stopTime == nil && now >= plan.duration {
                sample(now)
                recording.stopTime = now
                kill(signalTarget, plan.stopSignal.number)
            }
            if let stopTime = recording.stopTime, !recording.killed, now >= stopTime + plan.grace {
                kill(signalTarget, SIGKILL)
                recording.killed = true
            }
            if now >= nextSample {
                sample(now)
                nextSample = now + plan.sampleInterval
            }
            if recording.firstFrame == nil, let firstByteTime, !awaitingFirstFrameText() {
                var reason: FirstFrame.Reason?
                if now >= lastChunkTime + plan.quietPeriod {
                    reason = .quiet
                } else if plan.firstFrameText == nil && now >= firstByteTime + plan.firstFrameLimit {
                    reason = .limit
                }
                if let reason {
                    recording.firstFrame = FirstFrame(
                        time: lastChunkTime, bytes: recording.output.count, reason: reason)
                    recording.steadyStartSample = ProcessProbe.sample(pid: pid, time: now)
                    recording.steadyStartTime = lastChunkTime
                }
            }
            if let from = plan.steadyFrom, recording.firstFrame != nil, let start = recording.steadyStartTime,
                start < from, now >= from, recording.stopTime == nil
            {
                recording.steadyStartSample = ProcessProbe.sample(pid: pid, time: now)
                recording.steadyStartTime = now
            }

            // Sleep until the next thing to do, or until the program writes or ends.
            var wakeTimes = [nextSample]
            if nextStep < plan.steps.count { wakeTimes.append(plan.steps[nextStep].time) }
            if let stopTime = recording.stopTime {
                if !recording.killed { wakeTimes.append(stopTime + plan.grace) }
            } else {
                wakeTimes.append(plan.duration)
            }
            if let from = plan.steadyFrom, (recording.steadyStartTime ?? 0) < from, from > now {
                wakeTimes.append(from)
            }
            if recording.firstFrame == nil, let firstByteTime {
                wakeTimes.append(lastChunkTime + plan.quietPeriod)
                if plan.firstFrameText == nil { wakeTimes.append(firstByteTime + plan.firstFrameLimit) }
            }
            let wait = max(0, (wakeTimes.min() ?? now) - elapsed())
            var descriptors = [pollfd(fd: program.controller, events: Int16(POLLIN), revents: 0)]
            if processDescriptor >= 0 {
                descriptors.append(pollfd(fd: processDescriptor, events: Int16(POLLIN), revents: 0))
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), Int32((wait * 1000).rounded(.up)))
            if ready > 0 && descriptors[0].revents != 0 { drain() }
            if processDescriptor >= 0 {
                exited = ready > 0 && descriptors[1].revents != 0
            } else {
                exited = termfit_has_exited(pid) != 0
            }
        }

        recording.exitTime = elapsed()
        drain()
        if recording.firstFrame == nil, !awaitingFirstFrameText(), firstByteTime != nil {
            recording.firstFrame = FirstFrame(time: lastChunkTime, bytes: recording.output.count, reason: .exit)
        }
        var usage = rusage()
        var exitCode: Int32 = -1
        var exitSignal: Int32 = 0
        if termfit_wait(pid, &exitCode, &exitSignal, &usage) == 0 {
            recording.exitCode = exitCode >= 0 ? exitCode : nil
            recording.exitSignal = exitSignal > 0 ? exitSignal : nil
            recording.userSeconds = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            recording.systemSeconds = Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
            recording.voluntarySwitches = usage.ru_nvcsw
            recording.involuntarySwitches = usage.ru_nivcsw
        }
        var finalSettings = termios()
        if tcgetattr(program.terminal, &finalSettings) == 0 {
            recording.termiosDifferences = Self.differences(initialSettings, finalSettings)
        }
        // Whatever the program left behind in its session goes with it, as when a terminal closes.
        kill(-pid, SIGKILL)
        close(program.controller)
        close(program.terminal)
        if processDescriptor >= 0 { close(processDescriptor) }
        return .success(recording)
    }

    /// Seconds since the session was created.
    private func elapsed() -> Double { Session.monotonicSeconds() - origin }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }

    /// The names of the termios fields that differ between two settings.
    private static func differences(_ before: termios, _ after: termios) -> [String] {
        var names: [String] = []
        if before.c_iflag != after.c_iflag { names.append("iflag") }
        if before.c_oflag != after.c_oflag { names.append("oflag") }
        if before.c_cflag != after.c_cflag { names.append("cflag") }
        if before.c_lflag != after.c_lflag { names.append("lflag") }
        let sameCharacters = withUnsafeBytes(of: before.c_cc) { old in
            withUnsafeBytes(of: after.c_cc) { new in old.elementsEqual(new) }
        }
        if !sameCharacters { names.append("cc") }
        var old = before
        var new = after
        if cfgetispeed(&old) != cfgetispeed(&new) || cfgetospeed(&old) != cfgetospeed(&new) {
            names.append("speed")
        }
        return names
    }
}

/// Writes all of `bytes` to a non-blocking descriptor, waiting briefly while it is full.
private func writeFully(_ fd: Int32, _ bytes: [UInt8]) {
    var written = 0
    var attempts = 0
    while written < bytes.count && attempts < 1000 {
        let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if count > 0 {
            written += count
        } else if count < 0 && errno != EINTR && errno != EAGAIN {
            return
        } else {
            attempts += 1
            usleep(1000)
        }
    }
}

/// Calls `body` with a NULL-terminated C array of copies of `strings`.
private func withCStringArray<Result>(
    _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Result
) -> Result {
    let copies: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) } + [nil]
    defer {
        for copy in copies { free(copy) }
    }
    return copies.withUnsafeBufferPointer { buffer in
        // An array of at least one element always has storage.
        guard let base = buffer.baseAddress else { preconditionFailure("empty argument vector") }
        return body(base)
    }
}
