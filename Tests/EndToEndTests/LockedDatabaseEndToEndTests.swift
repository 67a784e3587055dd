import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Another process holds an exclusive transaction on the database file for `seconds`: it
/// writes `<marker>.held` once it has the lock and `<marker>.released` once it let go.
private final class DatabaseLock {
    let marker: URL
    private let pid: pid_t

    init(database: String, seconds: Double, marker: URL) throws {
        self.marker = marker
        let script = """
            import sqlite3, sys, time
            connection = sqlite3.connect(sys.argv[1], isolation_level=None, timeout=10)
            connection.execute("BEGIN EXCLUSIVE")
            connection.execute("CREATE TABLE IF NOT EXISTS lock_holder (x)")
            open(sys.argv[2] + ".held", "w").write("held")
            time.sleep(float(sys.argv[3]))
            connection.execute("COMMIT")
            connection.close()
            open(sys.argv[2] + ".released", "w").write("released")
            """
        pid = try spawnCommand(
            ["python3", "-c", script, database, marker.path, String(seconds)],
            output: marker.path + ".out", error: marker.path + ".err")
        guard waitForFile(URL(fileURLWithPath: marker.path + ".held"), timeout: 10) != nil else {
            throw TmuxError(
                message: "the lock was not taken: "
                    + ((try? String(contentsOfFile: marker.path + ".err", encoding: .utf8)) ?? ""))
        }
    }

    /// Whether the other process let go of the lock yet.
    var isReleased: Bool { FileManager.default.fileExists(atPath: marker.path + ".released") }

    /// Waits for the other process to end.
    func wait() {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    }
}

/// The real program on a database another process holds locked: the run loop never waits for
/// it. The first frame shows and keys answer while the lock is held; a set finished meanwhile
/// goes in once it is let go.
@Suite(.serialized) struct LockedDatabaseEndToEndTests {
    @Test func theHomeScreenShowsAndKeysAnswerWhileTheDatabaseIsLockedAndASetGoesInAfterwards() throws {
        let data = try temporaryDataDirectory("locked")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["TERMFIT_DATA_DIR": data.path]
        let database = data.appendingPathComponent("termfit.sqlite").path
        // A first run makes the database and the profile.
        do {
            let first = try TmuxSession([Binary.termfit, "--profile", "alex"], environment: environment)
            defer { first.close() }
            try first.waitFor("Workouts")
            try first.send("q")
            #expect(try first.waitForExit() == 0)
        }

        let lock = try DatabaseLock(database: database, seconds: 2, marker: data.appendingPathComponent("lock"))
        let started = Date()
        let session = try TmuxSession([Binary.termfit, "--profile", "alex"], environment: environment)
        defer { session.close() }
        try session.waitFor("Workouts", timeout: 3)
        let firstFrame = Date().timeIntervalSince(started)
        #expect(!lock.isReleased, "the home screen shows while the database is still locked")
        #expect(firstFrame < 1.5, "the first frame took \(firstFrame) s")
        // Keys answer: the help opens and closes while the lock is held.
        try session.send("?")
        try session.waitFor("Esc Close", timeout: 1.5)
        #expect(!lock.isReleased, "the help answered while the database is still locked")
        try session.send("Escape")
        try session.waitForScreen(timeout: 1.5) { !$0.joined().contains("Esc Close") }
        lock.wait()

        // The dumbbell workout, then the lock again while a set is finished: the screen goes on
        // at once, and the set goes in when the lock is let go.
        try session.openFromMenu("Dumbbells")
        try session.waitFor("Enter kg and reps for set 1")
        try session.send("12")
        try session.send("Tab")
        try session.send("10")
        try session.waitFor("▶ Start set 1")
        try session.send("Enter")
        try session.waitFor("[Finish]")
        let second = try DatabaseLock(
            database: database, seconds: 2, marker: data.appendingPathComponent("second-lock"))
        try session.send("Enter")  // Finish set 1: saved while the database is locked
        try session.waitFor("[Skip]", timeout: 1.5)
        #expect(!second.isReleased, "the rest shows while the set waits for the lock")
        try session.send("s")
        try session.waitFor("Enter kg and reps for set 2", timeout: 1.5)
        #expect(!second.isReleased, "keys answer while the set waits for the lock")
        second.wait()
        try session.send("x")
        try session.send("y")
        try session.waitFor("Workout done")
        try session.send("q")
        try session.waitFor("Workouts")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        let history = try runCommand(
            [Binary.termfit, "history", "--profile", "alex", "--workout", "dumbbells"], environment: environment)
        #expect(history.status == 0, "\(history.error)")
        #expect(history.output.contains("12 kg x 10"), "the set went in after the lock: \(history.output)")
    }
}
