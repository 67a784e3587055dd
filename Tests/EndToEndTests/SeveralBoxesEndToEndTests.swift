import Foundation
import TestSupport
import Testing

/// Two boxes (two data directories) on one PostgreSQL server, a private cluster of the test's own
/// (Scripts/postgres-cluster.sh), which the test stops and starts again mid-workout.
@Suite(.serialized) struct SeveralBoxesEndToEndTests {
    /// A private cluster in a scratch directory, on a unix socket there.
    final class Cluster {
        static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Scripts/postgres-cluster.sh").path
        let directory: String
        let url: String

        init() throws {
            directory =
                FileManager.default.temporaryDirectory.appendingPathComponent(
                    "termfit-pg-\(UUID().uuidString.prefix(8))"
                ).path
            let started = try runCommand([Self.script, "start", directory])
            if started.status == 2 {
                try Test.cancel("PostgreSQL skipped: no initdb and pg_ctl on this machine (\(started.error))")
            }
            guard started.status == 0 else { throw Failure(message: "the cluster did not start: \(started.error)") }
            url = started.output.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func pause() throws { try run("pause") }
        func resume() throws { try run("resume") }
        func stop() { _ = try? runCommand([Self.script, "stop", directory]) }

        /// One query's rows, `|` between columns (psql's unaligned output).
        func query(_ sql: String) throws -> [String] {
            let result = try runCommand(["psql", url, "-At", "-c", sql])
            guard result.status == 0 else { throw Failure(message: "psql: \(result.error)") }
            return result.output.split(separator: "\n").map(String.init)
        }

        private func run(_ command: String) throws {
            let result = try runCommand([Self.script, command, directory])
            guard result.status == 0 else { throw Failure(message: "\(command): \(result.error)") }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    private func startSet(_ session: TmuxSession, weight: String, reps: String, number: Int) throws {
        try session.send(weight)
        try session.send("Tab")
        try session.send(reps)
        try session.waitFor("▶ Start set \(number)")
        try session.send("Enter")
        try session.waitFor("[Finish]")
    }

    @Test("box A's set is box B's last numbers; with the server stopped the next set waits and goes in once")
    func aSetOnOneBoxIsTheOthersAndASetLoggedWhileTheServerIsAwayGoesInOnce() throws {
        let cluster = try Cluster()
        defer { cluster.stop() }
        let boxA = try temporaryDataDirectory("box-a")
        let boxB = try temporaryDataDirectory("box-b")
        defer {
            try? FileManager.default.removeItem(at: boxA)
            try? FileManager.default.removeItem(at: boxB)
        }
        let command = [Binary.termfit, "dumbbells", "--profile", "pat", "--database", cluster.url]
        let a = try TmuxSession(command + ["--sets", "2"], width: 200, environment: ["TERMFIT_DATA_DIR": boxA.path])
        defer { a.close() }
        try a.waitFor("Enter kg and reps for set 1")
        try startSet(a, weight: "12", reps: "10", number: 1)
        try a.send("Enter")  // Finish set 1: the rest counts down
        try a.waitFor("[Skip]")
        #expect(try cluster.query("SELECT number, weight_hundredths, reps FROM dumbbell_set") == ["1|1200|10"])

        let b = try TmuxSession(command, width: 200, environment: ["TERMFIT_DATA_DIR": boxB.path])
        defer { b.close() }
        try b.waitFor("last: 12 kg × 10")
        try b.send("q")
        #expect(try b.waitForExit() == 0)

        try cluster.pause()
        try a.send("s")
        try a.waitFor("Enter kg and reps for set 2")
        try startSet(a, weight: "14", reps: "8", number: 2)
        try a.send("Enter")  // Finish set 2, the last: its save cannot go in
        try a.waitFor("Not saved")
        try a.waitFor("Workout done")
        try cluster.resume()
        try a.send("q")  // What waits is tried again as the workout ends
        #expect(try a.waitForExit() == 0)
        #expect(
            try cluster.query("SELECT number, weight_hundredths, reps FROM dumbbell_set ORDER BY number")
                == ["1|1200|10", "2|1400|8"])
        #expect(try cluster.query("SELECT status FROM dumbbell_workout") == ["finished"])
    }

    @Test("box B never cuts off the workout box A runs; once A is gone and its lease expired, B does")
    func aLiveWorkoutOnAnotherBoxIsNotCutOff() throws {
        let cluster = try Cluster()
        defer { cluster.stop() }
        let boxA = try temporaryDataDirectory("box-a")
        let boxB = try temporaryDataDirectory("box-b")
        defer {
            try? FileManager.default.removeItem(at: boxA)
            try? FileManager.default.removeItem(at: boxB)
        }
        let command = [Binary.termfit, "dumbbells", "--profile", "pat", "--database", cluster.url]
        let a = try TmuxSession(command + ["--sets", "3"], width: 200, environment: ["TERMFIT_DATA_DIR": boxA.path])
        defer { a.close() }
        try a.waitFor("Enter kg and reps for set 1")
        try startSet(a, weight: "12", reps: "10", number: 1)
        try a.send("Enter")
        try a.waitFor("[Skip]")
        // The workout carries box A's identifier (its data directory's) and a lease.
        let boxID = try String(contentsOf: boxA.appendingPathComponent("box-id"), encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try cluster.query("SELECT box_id FROM session_lease") == [boxID])
        #expect(try cluster.query("SELECT status FROM dumbbell_workout") == ["inProgress"])
        // Seven hours ago: too old to be carried on, so only its lease keeps it open.
        let hours = "25200000"
        _ = try cluster.query("UPDATE dumbbell_workout SET started_at = started_at - \(hours)")
        _ = try cluster.query(
            "UPDATE dumbbell_set SET started_at = started_at - \(hours), finished_at = finished_at - \(hours)")

        func openOnBoxB() throws {
            let b = try TmuxSession(command, width: 200, environment: ["TERMFIT_DATA_DIR": boxB.path])
            defer { b.close() }
            try b.waitFor("last: 12 kg × 10")
            try b.send("q")
            #expect(try b.waitForExit() == 0)
        }
        try openOnBoxB()
        #expect(try cluster.query("SELECT status FROM dumbbell_workout") == ["inProgress"])

        // Box A's TermFit is killed; its lease runs out (set back, as a minute passing would).
        kill(try a.pid(), SIGKILL)
        _ = try cluster.query("UPDATE session_lease SET lease_until = 0")
        try openOnBoxB()
        #expect(try cluster.query("SELECT status FROM dumbbell_workout") == ["cutOff"])
    }

    /// A two-set dumbbell workout on a box whose link to the server runs through a loopback
    /// proxy (a two-second timeout): set 1 goes in, then `fault` strikes the link, set 2 is
    /// logged and `afterLastSet` runs; the workout is left with `q`, and both sets must be on the
    /// server exactly once.
    private func twoSetsThroughProxy(
        _ name: String, fault: (LoopbackProxy) -> Void, afterLastSet: (TmuxSession, LoopbackProxy) throws -> Void
    ) throws {
        let cluster = try Cluster()
        defer { cluster.stop() }
        let proxy = try LoopbackProxy(forwardingTo: cluster.directory + "/.s.PGSQL.5432")
        defer { proxy.close() }
        let url = "postgresql://termfit@127.0.0.1:\(proxy.port)/postgres?sslmode=disable&connect_timeout=2"
        let box = try temporaryDataDirectory(name)
        defer { try? FileManager.default.removeItem(at: box) }
        let a = try TmuxSession(
            [Binary.termfit, "dumbbells", "--profile", "pat", "--database", url, "--sets", "2"], width: 200,
            environment: ["TERMFIT_DATA_DIR": box.path])
        defer { a.close() }
        try a.waitFor("Enter kg and reps for set 1")
        try startSet(a, weight: "12", reps: "10", number: 1)
        try a.send("Enter")
        try a.waitFor("[Skip]")
        #expect(try cluster.query("SELECT number FROM dumbbell_set") == ["1"])

        fault(proxy)
        try a.send("s")
        try a.waitFor("Enter kg and reps for set 2")
        try startSet(a, weight: "14", reps: "8", number: 2)
        try a.send("Enter")
        try afterLastSet(a, proxy)
        try a.send("q")
        #expect(try a.waitForExit(timeout: 15) == 0)
        #expect(
            try cluster.query("SELECT number, weight_hundredths, reps FROM dumbbell_set ORDER BY number")
                == ["1|1200|10", "2|1400|8"])
        #expect(try cluster.query("SELECT status FROM dumbbell_workout") == ["finished"])
    }

    @Test("a server that stalls mid-workout: the keys answer, the set waits on the box, and goes in once")
    func aStalledServerNeverHoldsTheWorkout() throws {
        try twoSetsThroughProxy("box-stall", fault: { $0.stall() }) { a, proxy in
            // The keys answered while the server is stalled: the summary is there at once.
            try a.waitFor("Workout done", timeout: 1.5)
            try a.waitFor("Not saved", timeout: 8)
            try a.waitFor("kept here")
            proxy.resume()
        }
    }

    @Test("connections dropped mid-workout: the next set connects again and goes in once")
    func droppedConnectionsMidWorkout() throws {
        try twoSetsThroughProxy("box-drop", fault: { $0.dropConnections() }) { a, _ in
            try a.waitFor("Workout done")
        }
    }

    @Test("termfit migrate --to twice: the same counts, nothing doubled")
    func migratingTwiceDoublesNothing() throws {
        let cluster = try Cluster()
        defer { cluster.stop() }
        let box = try temporaryDataDirectory("box-migrate")
        defer { try? FileManager.default.removeItem(at: box) }
        let environment = ["TERMFIT_DATA_DIR": box.path]
        let session = try TmuxSession(
            [Binary.termfit, "dumbbells", "--profile", "pat", "--sets", "1"], width: 200, environment: environment)
        defer { session.close() }
        try session.waitFor("Enter kg and reps for set 1")
        try startSet(session, weight: "20", reps: "5", number: 1)
        try session.send("Enter")
        try session.waitFor("Workout done")
        try session.send("q")
        #expect(try session.waitForExit() == 0)

        let expected = "pat: 1 dumbbell workouts (1 sets), 0 card sessions (0 cards), 0 HIIT exercises,"
        var outputs: [String] = []
        for _ in 1...2 {
            let migrated = try runCommand([Binary.termfit, "migrate", "--to", cluster.url], environment: environment)
            #expect(migrated.status == 0, "\(migrated.error)")
            #expect(migrated.output.contains(expected), "\(migrated.output)")
            #expect(migrated.output.contains("all in \(cluster.url)"), "\(migrated.output)")
            outputs.append(migrated.output)
        }
        #expect(outputs[0] == outputs[1])
        #expect(try cluster.query("SELECT count(*) FROM dumbbell_set") == ["1"])
        #expect(try cluster.query("SELECT count(*) FROM dumbbell_workout") == ["1"])
        #expect(try cluster.query("SELECT name FROM profile") == ["pat"])
    }
}
