import Foundation
import TestSupport
import Testing

/// The chaos run's random choices, from a seed that is printed so a run can be replayed.
struct ChaosRandom {
    private var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    /// A number in `range`.
    mutating func next(in range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }

    mutating func pick<Element>(_ elements: [Element]) -> Element { elements[next(in: 0...elements.count - 1)] }
}

/// How long and how hard a chaos run goes: a few seconds per workout in `make test`; `make chaos`
/// sets `TERMFIT_CHAOS_SECONDS` (and a strict 1 s answer) for minutes of it. The seed is fixed
/// (`defaultSeed`, mixed with the target's name), so CI runs the same keys every time and a
/// failure there replays; `TERMFIT_CHAOS_SEED=N` runs another one (`make chaos` picks a new seed
/// each run unless it is given).
struct ChaosSettings {
    /// The seed every run uses unless `TERMFIT_CHAOS_SEED` names another.
    static let defaultSeed: UInt64 = 20_261_124
    var seconds: Double
    /// The seed to print and replay with.
    var seed: UInt64
    /// What the run's generator starts from: `seed` mixed with the target's name, so the targets
    /// do not all get the same keys.
    var generatorSeed: UInt64
    /// The longest the screen may take to answer before the run counts as hung.
    var answerLimit: Double

    static func fromEnvironment(salt: String) -> ChaosSettings {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["TERMFIT_CHAOS_SECONDS"].flatMap(Double.init) ?? 4
        // FNV-1a of the name: `hashValue` changes from one process to the next.
        let nameHash = salt.utf8.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
        let seed = environment["TERMFIT_CHAOS_SEED"].flatMap(UInt64.init) ?? defaultSeed
        // In `make test` other suites share the two cores: a hang, not a slow moment, fails there.
        let answerLimit = environment["TERMFIT_CHAOS_STRICT"] == "1" ? 1 : 5
        return ChaosSettings(
            seconds: seconds, seed: seed, generatorSeed: seed ^ nameHash, answerLimit: Double(answerLimit))
    }
}

/// The real binary in tmux under thousands of random keys, mouse reports, pastes, invalid bytes,
/// resizes from 1×1 to 300×100, Ctrl-Z with `fg`, and bursts of all of them, from a printed seed.
/// It must never crash or hang, must give the terminal back whole every time it ends, and must
/// leave a database `termfit history` reads in full.
@Suite(.serialized) struct ChaosEndToEndTests {
    /// Each workout opened directly, and the home menu (from which every workout can be reached).
    static let targets: [[String]] = [
        ["hiit"], ["dumbbells"], ["cards"], ["cards", "--mode", "flip"], ["flashcards"], [],
    ]

    /// Keys by tmux's names, beyond single characters. Esc and q (which leave a workout or quit)
    /// come only one at a time, so a burst does not end every run at once.
    static let namedKeys = [
        "Enter", "Tab", "BTab", "Up", "Down", "Left", "Right", "Home", "End", "PageUp", "PageDown",
        "BSpace", "DC", "IC", "F1", "F2", "F5", "F12", "Space", "C-a", "C-e", "C-k", "C-u", "C-w", "C-l", "C-d",
        "M-a", "M-Enter", "S-Left", "C-Right",
    ]
    static let characters =
        Array("abcdefghijklmnoprstuvwxyz0123456789.,-+?!/ []hjkl#e").map(String.init) + [
            "é", "✓", "漢", "😀", "ß",
        ]

    @Test(arguments: targets)
    func randomInputNeverBreaksIt(arguments: [String]) throws {
        let name = arguments.isEmpty ? "home" : arguments.joined(separator: " ")
        let settings = ChaosSettings.fromEnvironment(salt: name)
        print("chaos \(name): seed \(settings.seed) (replay: TERMFIT_CHAOS_SEED=\(settings.seed))")
        var random = ChaosRandom(seed: settings.generatorSeed)
        let data = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-chaos-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        let command = JobControlStandIn.command([Binary.termfit] + arguments + ["--profile", "chaos"])
        let environment = ["TERMFIT_DATA_DIR": data.path]

        var session = try TmuxSession(command, environment: environment)
        defer { session.close() }
        try session.waitForScreen(timeout: 20) { $0.contains { !$0.isEmpty } }
        let end = Date().addingTimeInterval(settings.seconds)
        var actions = 0
        var keys = 0
        var restarts = 0
        var slowestAnswer = 0.0
        while Date() < end {
            actions += 1
            keys += try act(on: session, random: &random)
            if let status = session.exitStatus() {
                // A key that quits (q, Esc, Ctrl-C) is fair; anything else is a crash.
                #expect(
                    status == 0 || status == 130,
                    "seed \(settings.seed): exit status \(status):\n\((try? session.screen())?.joined(separator: "\n") ?? "")"
                )
                #expect(try session.terminalIsRestored(), "seed \(settings.seed)")
                guard status == 0 || status == 130 else { return }
                session.close()
                session = try TmuxSession(command, environment: environment)
                try session.waitForScreen(timeout: 20) { $0.contains { !$0.isEmpty } }
                restarts += 1
            } else if actions % 25 == 0 {
                // Still alive: it must answer, which a too-small window shows at once.
                // Waits longer than the limit, so a failure says how slow (or whether it is hung).
                let answer = try answerTime(of: session, limit: 10)
                guard let answer, answer <= settings.answerLimit else {
                    let took = answer.map { String(format: "%.2f s", $0) } ?? "none in 10 s"
                    Issue.record("seed \(settings.seed), action \(actions): answer \(took):\n\(paneReport(session))")
                    return
                }
                slowestAnswer = max(slowestAnswer, answer)
            }
        }
        print(
            "chaos \(name): \(actions) actions, \(keys) keys, \(restarts) restarts, slowest answer "
                + String(format: "%.3f s", slowestAnswer))
        // The end: Ctrl-C, answered at once, and the terminal back whole. (A q sent just before
        // may still be on its way out: then it ends with 0.)
        if session.exitStatus() == nil {
            try session.resize(width: 80, height: 24)
            // A Ctrl-C typed while a Ctrl-Z has the program stopped goes to the shell, as it
            // would for a person: they press it again.
            var status: Int?
            let deadline = Date().addingTimeInterval(settings.answerLimit)
            while status == nil && Date() < deadline {
                try session.send("C-c")
                status = try session.waitForExit(timeout: 0.5)
            }
            if status == nil {
                Issue.record("seed \(settings.seed): Ctrl-C did not end it:\n\(paneReport(session))")
            }
            #expect(status == 130 || status == 0 || status == nil, "seed \(settings.seed): Ctrl-C gave \(status ?? 0)")
            if status != nil { #expect(try session.terminalIsRestored(), "seed \(settings.seed)") }
        }
        let history = try runCommand([Binary.termfit, "history", "--data-dir", data.path, "--profile", "chaos"])
        #expect(history.status == 0, "seed \(settings.seed): the database does not read back: \(history.error)")
    }

    /// The pane's processes (its shell's session) with their process groups, the terminal's
    /// foreground group, their states and where they wait; the terminal's modes; and the screen:
    /// what a hang report needs.
    private func paneReport(_ session: TmuxSession) -> String {
        var lines = ["pid ppid pgrp tpgid state wchan command"]
        let shell = (try? String(contentsOf: session.directory.appendingPathComponent("shell"), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let sessionID = shell.flatMap { Self.statFields(of: $0)?[3] }
        let processes = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int($0) } ?? []
        for pid in processes.sorted().map(String.init) {
            // After "pid (comm)": state ppid pgrp session tty tpgid.
            guard let fields = Self.statFields(of: pid), fields[3] == sessionID else { continue }
            let wchan = (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8)) ?? "?"
            let command = ((try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8)) ?? "")
                .replacingOccurrences(of: "\0", with: " ").prefix(120)
            lines.append("\(pid) \(fields[1]) \(fields[2]) \(fields[5]) \(fields[0]) \(wchan) \(command)")
        }
        let tty = (try? session.format("#{pane_tty}")) ?? "?"
        let modes = (try? runCommand(["stty", "-a", "-F", tty]))?.output ?? ""
        let screen = (try? session.screen())?.joined(separator: "\n") ?? ""
        return lines.joined(separator: "\n") + "\ntty \(tty): " + modes + "\n" + screen
    }

    /// The fields of `/proc/PID/stat` after the command name.
    private static func statFields(of pid: String) -> [String]? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return nil }
        return stat[stat.index(after: end)...].split(separator: " ").map(String.init)
    }

    /// Seconds until the program shows the too-small notice for a 39×11 window (then a random size
    /// again), or `nil` if it did not within `limit`.
    private func answerTime(of session: TmuxSession, limit: Double) throws -> Double? {
        let start = Date()
        try session.resize(width: 39, height: 11)
        while Date().timeIntervalSince(start) < limit {
            if try session.screen().contains(where: { $0.contains("too small") }) {
                return Date().timeIntervalSince(start)
            }
            // A Ctrl-Z may have it stopped for a moment, or a key may just have ended it.
            if session.exitStatus() != nil { return Date().timeIntervalSince(start) }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return nil
    }

    /// One random action; returns how many keys it sent.
    private func act(on session: TmuxSession, random: inout ChaosRandom) throws -> Int {
        let roll = random.next(in: 0...99)
        switch roll {
        case 0..<40:
            try session.tmux([
                "send-keys", "-t", "0", "--", random.pick(Self.namedKeys + Self.characters + ["q", "Escape"]),
            ])
            return 1
        case 40..<52:
            let text = (0..<random.next(in: 1...12)).map { _ in random.pick(Self.characters) }.joined()
            try session.tmux(["send-keys", "-t", "0", "-l", "--", text])
            return text.count
        case 52..<64:
            try session.tmux(["send-keys", "-t", "0", "-l", "--", mouseReport(&random)])
            return 1
        case 64..<74:
            // Never under 3 columns: tmux 3.3a itself crashes (SIGSEGV in its reflow, seen in its
            // server log) when a window of 1 or 2 columns gets back a main screen holding wide
            // characters, as it does when TermFit leaves the alternate screen there. TermFit's
            // own drawing at 1 and 2 columns is covered without tmux (AppSceneTests).
            let width = random.next(in: 0...9) == 0 ? random.next(in: 3...4) : random.next(in: 3...300)
            let height = random.next(in: 0...9) == 0 ? random.next(in: 1...3) : random.next(in: 1...100)
            try session.resize(width: width, height: height)
            return 0
        case 74..<84:
            // A burst: up to 200 keys in one write, as a paste or a leaning elbow gives.
            let burst = (0..<random.next(in: 20...200)).map { _ in random.pick(Self.namedKeys + Self.characters) }
            try session.tmux(["send-keys", "-t", "0", "--"] + burst)
            return burst.count
        case 84..<89:
            let text = (0..<random.next(in: 1...80)).map { _ in random.pick(Self.characters) }.joined()
            try session.tmux(["send-keys", "-t", "0", "-l", "--", "\u{1B}[200~" + text + "\u{1B}[201~"])
            return 1
        case 89..<94:
            // Bytes that are not UTF-8, and stray control and escape bytes (never Ctrl-C, Ctrl-Z or
            // Ctrl-\, which the tty turns into signals in the moment TermFit hands it back).
            let bytes = (0..<random.next(in: 1...8)).map { _ -> String in
                var byte = random.next(in: 0...255)
                if byte == 0x03 || byte == 0x1A || byte == 0x1C { byte = 0x80 }
                return String(format: "%02x", byte)
            }
            try session.tmux(["send-keys", "-t", "0", "-H"] + bytes)
            return bytes.count
        case 94..<97:
            try session.send("C-z")
            return 1
        default:
            try session.resize(width: random.next(in: 40...120), height: random.next(in: 12...40))
            return 0
        }
    }

    /// An SGR mouse report: press, drag, release or wheel somewhere (maybe off the window).
    private func mouseReport(_ random: inout ChaosRandom) -> String {
        let button = random.pick([0, 1, 2, 32, 34, 35, 64, 65])
        let x = random.next(in: 1...320)
        let y = random.next(in: 1...110)
        return "\u{1B}[<\(button);\(x);\(y)\(random.next(in: 0...2) == 0 ? "m" : "M")"
    }
}
