import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The built `termfit` binary, next to the test bundle, or the one `TERMFIT_BINARY` names (to run
/// these tests against a release build: `TERMFIT_BINARY=$PWD/.build/release/termfit`).
enum Binary {
    static var termfit: String {
        if let chosen = ProcessInfo.processInfo.environment["TERMFIT_BINARY"], !chosen.isEmpty { return chosen }
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().deletingLastPathComponent(),
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(".build/debug"),
        ]
        for directory in candidates {
            let path = directory.appendingPathComponent("termfit").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return "termfit"
    }
}

/// The result of running a command to its end.
struct CommandResult {
    var status: Int32
    var output: String
    var error: String
}

/// Runs `arguments` (looked up on PATH) with no terminal: standard input from `input` or
/// /dev/null, output into files (a tmux server started by the command keeps its descriptors open,
/// so a pipe would never reach its end). Waits for it with `waitpid`.
@discardableResult
func runCommand(_ arguments: [String], environment: [String: String] = [:], input: Data? = nil) throws -> CommandResult
{
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-run-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let outputPath = scratch.appendingPathComponent("out").path
    let errorPath = scratch.appendingPathComponent("err").path
    let inputPath = input == nil ? "/dev/null" : scratch.appendingPathComponent("in").path
    if let input { _ = FileManager.default.createFile(atPath: inputPath, contents: input) }

    let pid = try spawnCommand(
        arguments, environment: environment, input: inputPath, output: outputPath, error: errorPath)
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return CommandResult(
        status: exitStatus, output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
        error: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
}

/// Starts `arguments` (looked up on PATH) in the background with its standard streams on these
/// files, and returns its process id. The child starts with no blocked signals and default
/// handlers, whatever the test runner has.
func spawnCommand(
    _ arguments: [String], environment: [String: String] = [:], input: String = "/dev/null", output: String,
    error: String
) throws -> pid_t {
    var merged = ProcessInfo.processInfo.environment
    for (key, value) in environment { merged[key] = value }
    let environmentLines = merged.map { "\($0.key)=\($0.value)" }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, error, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

    let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
    let envp = environmentLines.map { strdup($0) } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var emptyMask = sigset_t()
    sigemptyset(&emptyMask)
    var allSignals = sigset_t()
    sigfillset(&allSignals)
    posix_spawnattr_setsigmask(&attributes, &emptyMask)
    posix_spawnattr_setsigdefault(&attributes, &allSignals)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp)
    guard spawned == 0 else { throw TmuxError(message: "cannot run \(arguments): error \(spawned)") }
    return pid
}

/// A private tmux server running one program in a pane of a fixed size: the real terminal
/// emulator TermFit's end-to-end tests type into and read from.
final class TmuxSession {
    let socket: String
    let directory: URL
    private(set) var closed = false

    /// Starts `command` (an argument list) in a new pane of `width`×`height`, with `LANG=C.UTF-8`,
    /// its own data directory, and the pane kept after the program exits so its status can be read.
    /// `terminal` is the `TERM` tmux gives the pane (its `default-terminal`; tmux's own default
    /// when `nil`); `statusLine` is whether an attached client draws tmux's status line (which
    /// takes a row of the window).
    init(
        _ command: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:],
        terminal: String? = nil, statusLine: Bool = true
    ) throws {
        socket = "termfit-test-\(UUID().uuidString.prefix(8))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var variables = ["LANG": "C.UTF-8", "TERMFIT_DATA_DIR": directory.appendingPathComponent("data").path]
        for (key, value) in environment { variables[key] = value }
        let exports = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }.joined(
            separator: " ")
        // A shell runs the program and, once it ends, records its exit status and the tty's modes,
        // then stays (sleeping) so tmux keeps the pane and its modes can be read.
        let file = { (name: String) in Self.quote(self.directory.appendingPathComponent(name).path) }
        let script =
            "echo $$ > \(file("shell")); env -u NO_COLOR -u TERMFIT_STATS -u TERMFIT_PROFILE \(exports) "
            + command.map(Self.quote).joined(separator: " ")
            + "; echo $? > \(file("status.tmp")); stty -a > \(file("stty")); mv \(file("status.tmp")) \(file("status"));"
            + " exec sleep 600"
        // The pane stays after the program ends, so its exit status and the terminal's modes can be read.
        let terminalOption =
            (terminal.map { ["set-option", "-g", "default-terminal", $0, ";"] } ?? [])
            + (statusLine ? [] : ["set-option", "-g", "status", "off", ";"])
        try tmux(
            terminalOption + [
                "set-option", "-g", "remain-on-exit", "on", ";",
                "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "sh", "-c", script,
            ])
    }

    deinit { close() }

    static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> String {
        let result = try runCommand(["tmux", "-L", socket, "-f", "/dev/null"] + arguments)
        if result.status != 0 {
            throw TmuxError(message: "tmux \(arguments.joined(separator: " ")): \(result.error)")
        }
        return result.output
    }

    /// The pane's text, one string per row.
    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", "0"]).split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    /// Types keys (tmux key names such as `Enter`, `Escape`, `Up`, or literal text).
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "0"] + Array(keys))
    }

    /// Writes `bytes` to the pane exactly as they are, as a terminal would send them.
    func send(bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", "0", "-H"] + bytes.map { String($0, radix: 16) })
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "0", "-x", "\(width)", "-y", "\(height)"])
    }

    /// A tmux format value for the pane (`#{pane_dead}`, `#{alternate_on}`…).
    func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", "0", format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The process id of the program in the pane (the only child of the pane's shell).
    func pid() throws -> Int32 {
        let shell = try String(contentsOf: directory.appendingPathComponent("shell"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        // No child means the program has already ended. Never return -1: `kill -SIG -1` would
        // signal every process the tests' user owns.
        guard let pid = Int32(children.split(separator: " ").first ?? ""), pid > 0 else {
            throw TmuxError(message: "the program in the pane has already ended")
        }
        return pid
    }

    /// Waits (up to `timeout` seconds) until `condition` holds for the screen; returns the screen.
    @discardableResult
    func waitForScreen(timeout: Double = 10, _ condition: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            last = try screen()
            if condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let size = (try? format("#{window_width}x#{window_height}")) ?? "?"
        let shown = "(\(size))\n" + last.joined(separator: "\n")
        Issue.record("screen did not reach the expected state; it shows:\n\(shown)")
        return last
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) throws -> [String] {
        try waitForScreen(timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// Waits for the home menu and opens its entry called `title` by the number beside it.
    func openFromMenu(_ title: String) throws {
        let menu = try waitFor("Workouts")
        guard let entry = menu.first(where: { $0.contains(title) }),
            let number = entry.split(separator: " ").first(where: { Int($0) != nil })
        else { throw TmuxError(message: "no menu entry \(title):\n" + menu.joined(separator: "\n")) }
        try send(String(number))
    }

    /// The program's exit status (128 + n for a signal) if it has ended, else `nil`; does not wait.
    func exitStatus() -> Int? {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("status"), encoding: .utf8) else {
            return nil
        }
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Waits for the program to end and returns its exit status (128 + n for a signal), or `nil`
    /// if it did not end within `timeout` seconds.
    func waitForExit(timeout: Double = 10) throws -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let status = exitStatus() { return status }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return exitStatus()
    }

    /// Whether the program gave the terminal back as it found it: as tmux sees it (main screen,
    /// no mouse reporting, no keypad mode, cursor shown) and as the tty's modes say (echo,
    /// canonical input, CR to NL). Call after `waitForExit`.
    func terminalIsRestored() throws -> Bool {
        let flags = try format(
            "#{alternate_on} #{mouse_any_flag} #{mouse_button_flag} #{mouse_all_flag} #{mouse_sgr_flag} "
                + "#{keypad_cursor_flag} #{keypad_flag} #{cursor_flag}")
        let modes = try String(contentsOf: directory.appendingPathComponent("stty"), encoding: .utf8)
        let words = Set(modes.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init))
        let restored = flags == "0 0 0 0 0 0 0 1" && words.isSuperset(of: ["echo", "icanon", "icrnl", "isig", "opost"])
        if !restored { Issue.record("terminal not restored: tmux flags \(flags); stty: \(modes)") }
        return restored
    }

    func close() {
        guard !closed else { return }
        closed = true
        _ = try? runCommand(["tmux", "-L", socket, "-f", "/dev/null", "kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }
}

/// A terminal in front of tmux in front of TermFit, as a member in a tmux pane has it: keys and
/// clicks go into the outer pane, where a tmux client reads them as a terminal's input and hands
/// them to TermFit's pane in the form TermFit asked for, with the `TERM` tmux gives its panes.
final class NestedTmux {
    /// The tmux server whose pane runs TermFit.
    let inner: TmuxSession
    /// The terminal the member types into: a tmux client attached to `inner` runs in it.
    let outer: TmuxSession

    /// Runs `command` in a pane whose `TERM` is `terminal`, behind a tmux client in an
    /// xterm-256color terminal of `width`×`height`.
    init(
        _ command: [String], terminal: String, width: Int = 80, height: Int = 24, environment: [String: String] = [:]
    ) throws {
        inner = try TmuxSession(
            command, width: width, height: height, environment: environment, terminal: terminal, statusLine: false)
        outer = try TmuxSession(
            ["env", "-u", "TMUX", "tmux", "-L", inner.socket, "-f", "/dev/null", "attach-session", "-t", "0"],
            width: width, height: height,
            terminal: "xterm-256color")
    }

    /// Types keys into the member's terminal (tmux key names or literal text).
    func send(_ keys: String...) throws { try outer.tmux(["send-keys", "-t", "0"] + Array(keys)) }

    /// Waits until the member's terminal shows `text` (the client is attached and has drawn it).
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 10) throws -> [String] {
        try outer.waitFor(text, timeout: timeout)
        return try inner.waitFor(text, timeout: timeout)
    }

    /// Waits until the tmux client has switched the member's terminal to SGR mouse reporting,
    /// which it does once the program in the pane asks for the mouse: a click before that would
    /// reach no one.
    private func waitForMouseReporting() throws {
        let deadline = Date().addingTimeInterval(10)
        while try outer.format("#{mouse_sgr_flag} #{mouse_button_flag}") != "1 1" && Date() < deadline {
            usleep(20_000)
        }
    }

    /// A left click (press and release) at a cell, counted from 0, as an xterm sends it.
    func click(x: Int, y: Int) throws {
        try waitForMouseReporting()
        try outer.send(bytes: Array("\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m".utf8))
    }

    /// A drag with the left button from `start` through each of `path`, released at its end.
    func drag(from start: (x: Int, y: Int), through path: [(x: Int, y: Int)]) throws {
        try waitForMouseReporting()
        try outer.send(bytes: Array("\u{1B}[<0;\(start.x + 1);\(start.y + 1)M".utf8))
        for point in path {
            usleep(30_000)
            try outer.send(bytes: Array("\u{1B}[<32;\(point.x + 1);\(point.y + 1)M".utf8))
        }
        let end = path.last ?? start
        try outer.send(bytes: Array("\u{1B}[<0;\(end.x + 1);\(end.y + 1)m".utf8))
    }

    func close() {
        outer.close()
        inner.close()
    }
}

extension TmuxSession {
    /// A pane where bash runs `command` with job control on (`set -m`, as an interactive shell
    /// does); when the program stops, bash notes its status in the file `stopped` of
    /// `jobsDirectory()` and waits for a line on the fifo `resume` there before bringing it back
    /// with `fg`.
    static func withJobControl(_ command: [String], environment: [String: String] = [:]) throws -> TmuxSession {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-jobs-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let fifo = directory.appendingPathComponent("resume").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let stopped = directory.appendingPathComponent("stopped").path
        let script =
            "set -m; \(command.map(quote).joined(separator: " ")); echo $? > \(quote(stopped)); "
            + "read line < \(quote(fifo)); fg"
        var variables = environment
        variables["TERMFIT_JOBS"] = directory.path
        return try TmuxSession(["bash", "-c", script], environment: variables)
    }

    /// The directory of a `withJobControl` pane, read from the shell's environment.
    func jobsDirectory() throws -> URL {
        let text = try String(contentsOfFile: "/proc/\(try pid())/environ", encoding: .utf8)
        let entry = text.split(separator: "\0").first { $0.hasPrefix("TERMFIT_JOBS=") } ?? ""
        return URL(fileURLWithPath: String(entry.dropFirst("TERMFIT_JOBS=".count)))
    }
}

/// What a job-control shell does, in a few lines of Python: runs the program as the terminal's
/// foreground job, and when Ctrl-Z stops it, takes the terminal back and brings it back with `fg`
/// (SIGCONT), as often as it stops. Like a shell, it leads its own process group, ignores Ctrl-C
/// and Ctrl-Z typed while the program is stopped, and exits with the program's status. Unlike bash it never writes to the
/// terminal, so what happens there while the program is stopped is left to the test.
enum JobControlStandIn {
    static let script = """
        import os, signal, sys, time
        stops = (signal.SIGTSTP, signal.SIGTTOU, signal.SIGTTIN, signal.SIGINT, signal.SIGQUIT)
        for number in stops: signal.signal(number, signal.SIG_IGN)
        jobs = os.environ.pop("TERMFIT_JOBS", None)
        # Like a shell, it leads a process group of its own and holds the terminal: a Ctrl-C or
        # Ctrl-Z typed while the program is stopped reaches the stand-in (which ignores it), never
        # the wrapper that started it.
        os.setpgid(0, 0)
        os.tcsetpgrp(0, os.getpgrp())
        pid = os.fork()
        if pid == 0:
            os.setpgid(0, 0)
            os.tcsetpgrp(0, os.getpgrp())
            for number in stops: signal.signal(number, signal.SIG_DFL)
            os.execvp(sys.argv[1], sys.argv[1:])
        try: os.setpgid(pid, pid)
        except OSError: pass
        while True:
            _, status = os.waitpid(pid, os.WUNTRACED)
            if not os.WIFSTOPPED(status): break
            os.tcsetpgrp(0, os.getpgrp())
            if jobs:
                open(os.path.join(jobs, "stopped"), "w").write("stopped")
                while not os.path.exists(os.path.join(jobs, "resume")): time.sleep(0.01)
                os.remove(os.path.join(jobs, "resume"))
            else:
                time.sleep(0.02)
            os.tcsetpgrp(0, pid)
            os.killpg(pid, signal.SIGCONT)
        # The terminal stays with the ended program's group: keys typed from now on signal no one
        # (the wrapper is not a shell, and must live to record the exit status).
        sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
        """

    /// `command` under the stand-in, which brings it back at once after every stop; with a
    /// `TERMFIT_JOBS` directory in its environment it writes `stopped` there and waits for a
    /// `resume` file instead.
    static func command(_ command: [String]) -> [String] { ["python3", "-c", script] + command }
}

/// A new data directory that outlives one tmux session (each session removes its own), named
/// after `name`; the test removes it.
func temporaryDataDirectory(_ name: String) throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "termfit-\(name)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

/// The contents of a file once it exists and is not empty (waiting up to `timeout` seconds).
func waitForFile(_ url: URL, timeout: Double = 5) -> String? {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if let text = try? String(contentsOf: url, encoding: .utf8), !text.isEmpty { return text }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return nil
}

struct TmuxError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
