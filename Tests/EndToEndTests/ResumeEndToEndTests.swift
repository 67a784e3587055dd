import Foundation
import Testing

/// A dumbbell workout cut off by `kill -9` opens again where it was in the release binary, and is
/// finished from there as one workout; one cut off more than six hours ago is not carried on.
@Suite(.serialized) struct ResumeEndToEndTests {
    private func doSet(_ session: TmuxSession, weight: String, reps: String, number: Int) throws {
        try session.send(weight)
        try session.send("Tab")
        try session.send(reps)
        try session.waitFor("▶ Start set \(number)")
        try session.send("Enter")
        try session.waitFor("[Finish]")
        try session.send("Enter")
    }

    private func history(_ data: URL) throws -> String {
        let result = try runCommand(
            [Binary.termfit, "history", "--workout", "dumbbells", "--data-dir", data.path, "--profile", "sam"])
        #expect(result.status == 0, "\(result.output)")
        return result.output
    }

    private static let command = [Binary.termfit, "dumbbells", "--profile", "sam", "--sets", "3"]

    /// Does the sets given (weight, reps) in a new TermFit on `data`, then `kill -9`s it during
    /// the rest after the last.
    private func killedAfter(_ sets: [(String, String)], data: URL) throws {
        let first = try TmuxSession(Self.command, environment: ["TERMFIT_DATA_DIR": data.path])
        defer { first.close() }
        for (index, set) in sets.enumerated() {
            try first.waitFor("Enter kg and reps for set \(index + 1)")
            try doSet(first, weight: set.0, reps: set.1, number: index + 1)
            try first.waitFor("[Skip]")
            if index + 1 < sets.count { try first.send("Escape") }
        }
        try runCommand(["kill", "-KILL", "\(try first.pid())"])
        #expect(try first.waitForExit(timeout: 5) == 137)
    }

    @Test func killedAfterSet2Of3TheWorkoutIsBackAndSet3FinishesItAsOneWorkout() throws {
        let data = try temporaryDataDirectory("resume")
        defer { try? FileManager.default.removeItem(at: data) }
        let command = Self.command
        let environment = ["TERMFIT_DATA_DIR": data.path]
        try killedAfter([("12", "10"), ("14", "8")], data: data)

        let second = try TmuxSession(command, environment: environment)
        defer { second.close() }
        let back = try second.waitFor("Carried on: the workout cut off")
        let text = back.joined(separator: "\n")
        #expect(text.contains("2 sets kept · x ends it"), "\(text)")
        #expect(back.contains { $0.contains("✓ 1  12") && $0.contains("10") }, "\(text)")
        #expect(back.contains { $0.contains("✓ 2  14") && $0.contains("8") }, "\(text)")
        #expect(back.contains { $0.contains("[Skip]") }, "the rest after set 2 still runs:\n\(text)")
        try second.send("Escape")
        try second.waitFor("Enter kg and reps for set 3")
        try doSet(second, weight: "16", reps: "6", number: 3)
        try second.waitFor("Workout done")
        try second.send("q")
        #expect(try second.waitForExit() == 0)

        let listed = try history(data)
        #expect(listed.contains("Bicep curl: 3 sets, 12 kg x 10, 14 kg x 8, 16 kg x 6"), "\(listed)")
        #expect(listed.components(separatedBy: "Bicep curl:").count == 2, "one workout, nothing twice:\n\(listed)")
        #expect(!listed.contains("cut off"), "\(listed)")
    }

    @Test func aRestSkippedBeforeTheKillDoesNotRunAgainWhenCarriedOn() throws {
        let data = try temporaryDataDirectory("resume")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["TERMFIT_DATA_DIR": data.path]
        let first = try TmuxSession(Self.command, environment: environment)
        defer { first.close() }
        for (number, set) in [("12", "10"), ("14", "8")].enumerated() {
            try first.waitFor("Enter kg and reps for set \(number + 1)")
            try doSet(first, weight: set.0, reps: set.1, number: number + 1)
            try first.waitFor("[Skip]")
            try first.send("Escape")
        }
        try first.waitFor("Enter kg and reps for set 3")
        // The skip's save goes in off the run loop; a moment later it is in the file.
        Thread.sleep(forTimeInterval: 0.5)
        try runCommand(["kill", "-KILL", "\(try first.pid())"])
        #expect(try first.waitForExit(timeout: 5) == 137)

        let second = try TmuxSession(Self.command, environment: environment)
        defer { second.close() }
        let back = try second.waitFor("Carried on: the workout cut off")
        let text = back.joined(separator: "\n")
        #expect(text.contains("2 sets kept"), "\(text)")
        #expect(text.contains("Enter kg and reps for set 3"), "set 3 is next, no rest:\n\(text)")
        #expect(!text.contains("[Skip]"), "the skipped rest does not run again:\n\(text)")
        try doSet(second, weight: "16", reps: "6", number: 3)
        try second.waitFor("Workout done")
        try second.send("q")
        #expect(try second.waitForExit() == 0)
        let listed = try history(data)
        #expect(listed.contains("Bicep curl: 3 sets, 12 kg x 10, 14 kg x 8, 16 kg x 6"), "\(listed)")
    }

    @Test func aWorkoutCutOffMoreThanSixHoursAgoIsClosedAsCutOff() throws {
        let data = try temporaryDataDirectory("resume")
        defer { try? FileManager.default.removeItem(at: data) }
        try killedAfter([("12", "10")], data: data)
        // Seven hours earlier: every time of the workout and its set moved back (milliseconds).
        let shift = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE dumbbell_workout SET started_at = started_at - 25200000")
            db.execute("UPDATE dumbbell_set SET started_at = started_at - 25200000, finished_at = finished_at - 25200000")
            db.commit()
            """
        let moved = try runCommand(["python3", "-c", shift, data.appendingPathComponent("termfit.sqlite").path])
        #expect(moved.status == 0, "\(moved.error)")

        let second = try TmuxSession(Self.command, environment: ["TERMFIT_DATA_DIR": data.path])
        defer { second.close() }
        let screen = try second.waitFor("Enter kg and reps for set 1")
        #expect(!screen.contains { $0.contains("Carried on") })
        #expect(!screen.contains { $0.contains("✓ 1") })
        try second.send("q")
        #expect(try second.waitForExit() == 0)
        let listed = try history(data)
        #expect(listed.contains("Bicep curl: 1 set, 12 kg x 10"), "\(listed)")
        #expect(listed.contains("cut off"), "\(listed)")
    }
}
