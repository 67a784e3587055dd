import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

/// `ptyrun`: runs one terminal program (TermFit or a program people use instead) on a fresh
/// pseudo-terminal for a fixed time, plays scripted keys, resizes and signals, and reports what
/// it cost a user: bytes on the wire, CPU, wake-ups, memory, start-up time, and whether the
/// terminal was left as it was found.
@main
struct PtyRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ptyrun",
        abstract: "Run a terminal program on a pseudo-terminal and measure what it writes and spends.",
        discussion: """
            Sizes are COLUMNSxROWS, as in 80x24. Timed steps are AT:VALUE, with AT
            in seconds from the start: --key 5:q, --key '2:\\e[A', --resize 3:200x60,
            --signal 9.5:HUP. Key text understands \\e \\r \\n \\t \\\\ and \\xHH.

            The first frame is the output up to its first pause of --quiet-ms
            (after --first-frame-text has appeared, when given); the steady state
            is what follows, up to the stop signal. CPU and context switches come
            from the program's rusage and from /proc samples taken while it runs;
            peak RSS is its VmHWM, sampled while it runs.

            The terminal counts as restored when its termios are as they were
            and the output switched back every mode it changed: the alternate
            screen, mouse, focus and paste reporting, cursor keys, keypad and
            cursor visibility.
            """
    )

    @Option(help: "Window size as COLUMNSxROWS.")
    var size = WindowSize(columns: 80, rows: 24)

    @Option(help: "Seconds to run before the stop signal.")
    var duration: Double = 10

    @Option(name: .customLong("key"), help: "AT:TEXT — type TEXT at AT seconds (repeatable).")
    var keys: [TimedStep<KeyText>] = []

    @Option(name: .customLong("resize"), help: "AT:COLUMNSxROWS — resize the window (repeatable).")
    var resizes: [TimedStep<WindowSize>] = []

    @Option(name: .customLong("signal"), help: "AT:NAME — send a signal such as HUP or INT (repeatable).")
    var signals: [TimedStep<SignalName>] = []

    @Option(help: "The signal sent when the duration is over.")
    var stopSignal = SignalName(number: SIGTERM)

    @Option(help: "Seconds to wait after the stop signal before SIGKILL.")
    var grace: Double = 2

    @Flag(help: "Send signals to the program's process group instead of the program alone.")
    var signalGroup = false

    @Option(name: .customLong("quiet-ms"), help: "A pause this long (ms) ends the first frame.")
    var quietMilliseconds: Double = 50

    @Option(
        name: .customLong("steady-from"),
        help: "Seconds from the start at which the steady state begins (default: the end of the first frame).")
    var steadyFrom: Double?

    @Option(help: "The first frame ends only after this text has appeared.")
    var firstFrameText: String?

    @Option(
        name: .customLong("first-frame-limit"),
        help: "Seconds after the first byte at which a program that never pauses has its first frame cut.")
    var firstFrameLimit: Double = 1

    @Option(name: .customLong("wait-for"), help: "Report when this text first appears (repeatable).")
    var awaitedTexts: [String] = []

    @Option(help: "TERM for the program.")
    var term = "xterm-256color"

    @Option(name: .customLong("env"), help: "NAME=VALUE for the program's environment (repeatable).")
    var environment: [String] = []

    @Option(name: .customLong("sample-ms"), help: "How often (ms) to sample the program's /proc counters.")
    var sampleMilliseconds: Double = 50

    @Option(help: "Save the raw bytes the program wrote to this file.")
    var output: String?

    @Flag(help: "Print the report as JSON instead of a line of text.")
    var json = false

    @Option(help: "Also write the JSON report to this file.")
    var jsonFile: String?

    @Flag(help: "Exit with status 3 when the terminal was not restored.")
    var checkRestored = false

    @Argument(parsing: .postTerminator, help: "The program and its arguments, after --.")
    var command: [String] = []

    func validate() throws {
        guard !command.isEmpty else { throw ValidationError("Give the program to run after --.") }
        guard duration > 0, grace >= 0, quietMilliseconds > 0, sampleMilliseconds > 0, firstFrameLimit > 0 else {
            throw ValidationError("Durations must be positive.")
        }
        for entry in environment where !entry.contains("=") {
            throw ValidationError("--env takes NAME=VALUE, not '\(entry)'.")
        }
    }

    func run() throws {
        var steps: [Step] = []
        steps += keys.map { Step(time: $0.time, action: .type($0.value.bytes)) }
        steps += resizes.map { Step(time: $0.time, action: .resize($0.value)) }
        steps += signals.map { Step(time: $0.time, action: .signal($0.value)) }
        for window in [size] + resizes.map(\.value) where window.rows > window.columns {
            printError("ptyrun: note: \(window) is \(window.columns) columns by \(window.rows) rows (COLUMNSxROWS)")
        }

        let plan = Plan(
            command: command,
            environment: programEnvironment(),
            size: size,
            duration: duration,
            steps: steps.sorted { $0.time < $1.time },
            stopSignal: stopSignal,
            grace: grace,
            signalsGroup: signalGroup,
            quietPeriod: quietMilliseconds / 1000,
            firstFrameText: firstFrameText,
            firstFrameLimit: firstFrameLimit,
            awaitedTexts: awaitedTexts,
            sampleInterval: sampleMilliseconds / 1000,
            steadyFrom: steadyFrom
        )
        let recording: Recording
        switch Session(plan: plan).run() {
        case .success(let result): recording = result
        case .failure(let error):
            printError("ptyrun: \(error)")
            throw ExitCode(2)
        }
        let report = Report(plan: plan, recording: recording)

        if let output {
            try writeFile(output, bytes: recording.output)
        }
        let encoded = try report.json()
        if let jsonFile {
            try writeFile(jsonFile, bytes: Array(encoded.utf8) + [0x0A])
        }
        print(json ? encoded : report.summary)
        if checkRestored && !report.restored {
            throw ExitCode(3)
        }
    }

    /// The harness's environment with TERM and a UTF-8 locale set, and LINES/COLUMNS removed so
    /// that the program reads its size from the terminal, then the --env overrides.
    private func programEnvironment() -> [String] {
        var variables: [(name: String, value: String)] = []
        var pointer = environ
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                variables.append((String(text[..<equals]), String(text[text.index(after: equals)...])))
            }
            pointer += 1
        }
        func set(_ name: String, _ value: String?) {
            variables.removeAll { $0.name == name }
            if let value { variables.append((name, value)) }
        }
        for name in ["LINES", "COLUMNS", "LC_ALL"] { set(name, nil) }
        set("TERM", term)
        set("LANG", "C.UTF-8")
        for entry in environment {
            guard let equals = entry.firstIndex(of: "=") else { continue }
            set(String(entry[..<equals]), String(entry[entry.index(after: equals)...]))
        }
        return variables.map { "\($0.name)=\($0.value)" }
    }
}

/// Prints a line to standard error.
func printError(_ message: String) {
    var line = Array((message + "\n").utf8)
    line.withUnsafeMutableBytes { buffer in
        _ = write(STDERR_FILENO, buffer.baseAddress, buffer.count)
    }
}

/// Writes `bytes` to the file at `path`, replacing it.
func writeFile(_ path: String, bytes: [UInt8]) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw ValidationError("cannot write \(path): \(String(cString: strerror(errno)))") }
    defer { close(fd) }
    var written = 0
    while written < bytes.count {
        let count = bytes[written...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { throw ValidationError("cannot write \(path): \(String(cString: strerror(errno)))") }
        written += count
    }
}
