import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// One workout as a member does it over SSH: what to complete once it is open, and what
/// `termfit history` must show after the link dropped.
struct KioskWorkout: Sendable, CustomTestStringConvertible {
    /// Its title on the home menu.
    var title: String
    /// Settings the operator presets for the member (`termfit import`), to keep the test short.
    var settings: String = "{}"
    /// Completes something and leaves the workout mid-way, with more under way.
    var complete: @Sendable (TmuxSession) throws -> Void
    /// A line `termfit history` shows for what was completed.
    var history: String

    var testDescription: String { title }

    static let all: [KioskWorkout] = [
        KioskWorkout(
            title: "HIIT", settings: #"{"hiit.exerciseSeconds": 2}"#,
            complete: { session in
                try session.waitFor("[ Get Started ]")
                try session.send("Enter")
                try session.waitFor("Ready: 2 s")
                try session.send("Enter")
                try session.waitFor("Time's up! Saved", timeout: 15)
                try session.send("Enter")
                // The second exercise's countdown is running when the link drops.
                try session.waitFor("Step Up")
                try session.send("Enter")
                try session.waitFor("Get ready…")
            },
            history: "Squat"),
        KioskWorkout(
            title: "Dumbbells",
            complete: { session in
                try session.waitFor("Enter kg and reps for set 1")
                try session.send("12", "Tab", "10")
                try session.waitFor("▶ Start set 1")
                try session.send("Enter")
                try session.waitFor("[Finish]")
                try session.send("Enter")
                try session.waitFor("[Skip]")
            },
            history: "1 set, 12 kg x 10"),
        KioskWorkout(
            title: "Cards",
            complete: { session in
                try session.waitFor("Enter draws the first card")
                try session.send("Enter")
                try session.waitFor("51 cards left")
                // The first card done (half a second after it showed: sooner reads as a held key);
                // the second is under way when the link drops.
                Thread.sleep(forTimeInterval: 0.6)
                try session.send("Enter")
                try session.waitFor("50 cards left")
            },
            history: "1 card: "),
        KioskWorkout(
            title: "Flashcards",
            complete: { session in
                try session.waitFor("Flashcards · ")
                // A grade takes a card once its answer shows.
                try session.send("Space")
                try session.waitFor("Space Hide")
                try session.send("l")
                try session.waitFor("✓ 1  ✗ 0")
                try session.send("Space")
            },
            history: "1 correct, 0 wrong"),
    ]
}

/// The kiosk recipe of docs/kiosk.md, with OpenSSH's real server on 127.0.0.1 and its real
/// client in tmux: each workout through `ForceCommand termfit --kiosk`, then the link dropped by
/// killing the client. The member's TermFit must save, exit within 2 s and leave no process.
/// Root only: it adds a system account and group, runs sshd and copies TermFit where every
/// account can run it; anyone else sees it skipped with that reason.
@Suite(
    .serialized,
    .enabled(
        if: KioskHost.isAvailable,
        "root only (adds a system account and group, runs sshd) and needs OpenSSH's server; make test installs it as root"
    )
)
struct KioskSSHEndToEndTests {
    /// Opens `title` from the home screen by its number.
    private func open(_ title: String, in session: TmuxSession) throws {
        let home = try session.waitFor("Workouts", timeout: 30)
        guard let row = home.first(where: { $0.contains("  \(title)  ") }),
            let number = row.split(separator: " ").first(where: { $0.count == 1 && $0.first?.isNumber == true })
        else {
            Issue.record("\(title) is not on the home menu:\n\(home.joined(separator: "\n"))")
            throw TmuxError(message: "no \(title) on the menu")
        }
        try session.send(String(number))
    }

    @Test(arguments: KioskWorkout.all)
    func aDroppedLinkMidWorkoutKeepsWhatWasCompleted(workout: KioskWorkout) throws {
        let host = try KioskHost()
        defer { host.close() }
        let archive = host.root.appendingPathComponent("settings.json")
        try """
        {"format": "termfit-profile", "version": 1, "profile": "\(host.member)", "settings": \(workout.settings),
         "cardSessions": [], "dumbbellWorkouts": [], "flashcardDecks": [], "flashcardSessions": [], "hiitSessions": []}
        """.write(to: archive, atomically: true, encoding: .utf8)
        chmod(archive.path, 0o644)
        let imported = try host.runAsMember([host.binary, "import", archive.path])
        #expect(imported.status == 0, "\(imported.error)")

        let session = try TmuxSession(host.sshCommand())
        defer { session.close() }
        let home = try host.waitForHome(in: session)
        #expect(home.contains { $0.contains("Profile: \(host.member)") })
        #expect(!home.contains { $0.contains("p Profile") }, "kiosk mode offers no profile switch")
        try open(workout.title, in: session)
        try workout.complete(session)

        let before = host.memberProcesses()
        #expect(!before.isEmpty, "the member's TermFit runs")
        let dropped = Date()
        try runCommand(["kill", "-KILL", "\(try session.pid())"])
        while !host.memberProcesses().isEmpty && Date().timeIntervalSince(dropped) < 5 { usleep(20_000) }
        let took = Date().timeIntervalSince(dropped)
        #expect(host.memberProcesses().isEmpty, "left behind: \(host.describeMemberProcesses())")
        #expect(took < 2, "the member's processes ended \(took) s after the link dropped")

        let history = try host.runAsMember([host.binary, "history"])
        #expect(history.status == 0, "\(history.error)")
        #expect(history.output.contains(workout.history), "history:\n\(history.output)")
    }

    /// A member whose SSH client says it is PuTTY or GNU screen, typing what PuTTY sends (Home and
    /// End as `ESC [ 1 ~` and `ESC [ 4 ~`, F1 as `ESC [ 11 ~`, CSI arrows whatever the mode) and
    /// clicking, finishes a set; the link then drops and the set is kept.
    @Test(arguments: ["putty", "screen"])
    func aMemberOnPuTTYOrScreenFinishesASet(clientTerminal: String) throws {
        let host = try KioskHost()
        defer { host.close() }
        let session = try TmuxSession(["env", "TERM=\(clientTerminal)"] + host.sshCommand())
        defer { session.close() }
        try host.waitForHome(in: session)
        let selected = { (title: String) in
            try session.waitForScreen { $0.contains { $0.contains("▸") && $0.contains(title) } }
        }
        try session.send(bytes: Array("\u{1B}[4~".utf8))
        _ = try selected("Quit")
        try session.send(bytes: Array("\u{1B}[1~".utf8))
        _ = try selected("HIIT")
        try session.send(bytes: Array("\u{1B}[11~".utf8))
        try session.waitFor("Esc Close")
        try session.send(bytes: Array("\u{1B}[11~".utf8))
        try session.waitForScreen { !$0.contains { $0.contains("Esc Close") } }
        try session.send(bytes: Array("\u{1B}[B".utf8))
        let home = try selected("Dumbbells")
        let row = try #require(home.firstIndex(where: { $0.contains("Dumbbells") }), "no Dumbbells row: \(home)")
        try session.send(bytes: Array("\u{1B}[<0;20;\(row + 1)M\u{1B}[<0;20;\(row + 1)m".utf8))
        try session.waitFor("Enter kg and reps for set 1")
        try session.send("12", "Tab", "10")
        try session.waitFor("▶ Start set 1")
        try session.send(bytes: [0x0D])
        try session.waitFor("[Finish]")
        try session.send(bytes: [0x0D])
        try session.waitFor("[Skip]")

        try runCommand(["kill", "-KILL", "\(try session.pid())"])
        let dropped = Date()
        while !host.memberProcesses().isEmpty && Date().timeIntervalSince(dropped) < 5 { usleep(20_000) }
        #expect(host.memberProcesses().isEmpty, "left behind: \(host.describeMemberProcesses())")
        let history = try host.runAsMember([host.binary, "history"])
        #expect(history.output.contains("1 set, 12 kg x 10"), "history:\n\(history.output)")
    }

    @Test func theDataIsTheMembersAloneAndThereIsNoWayToAShell() throws {
        let host = try KioskHost()
        defer { host.close() }
        let session = try TmuxSession(host.sshCommand())
        defer { session.close() }
        try host.waitForHome(in: session)

        // Ctrl-Z: no job-control shell to stop to, so nothing happens; `!` starts nothing.
        try session.send("C-z")
        try session.send("!")
        usleep(300_000)
        let after = try session.screen()
        #expect(after.contains { $0.contains("Workouts") })
        let states = host.memberProcesses().compactMap { pid in
            try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8).split(separator: " ")[2]
        }
        #expect(!states.contains("T"), "nothing of the member's is stopped")
        try session.send("q")
        _ = try session.waitForExit(timeout: 10)

        // The database and its directory are the member's alone.
        var directory = stat()
        var database = stat()
        #expect(stat(host.dataDirectory.path, &directory) == 0)
        #expect(stat(host.dataDirectory.appendingPathComponent("termfit.sqlite").path, &database) == 0)
        #expect(directory.st_mode & 0o777 == 0o700)
        #expect(database.st_mode & 0o777 == 0o600)

        // Asking for a shell, or any other command, still gets TermFit (without a terminal it says
        // so and ends).
        let asked = try runCommand(host.sshCommand(["sh", "-c", "echo reached-a-shell"], terminal: false))
        #expect(!asked.output.contains("reached-a-shell"))
        #expect(asked.error.contains("termfit: needs an interactive terminal"), "\(asked.error)")
    }
}
