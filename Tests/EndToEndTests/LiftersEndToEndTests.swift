import Foundation
import Testing

/// Issue 32 in the real binary: a Strong export imported twice (the second adds nothing) and
/// exported back as Strong CSV; a hands-free circuit's warm-up and interval skipped in tmux.
@Suite(.serialized) struct LiftersEndToEndTests {
    /// A Strong export of the 2024 form: commas, 12-hour times with a narrow no-break space,
    /// W and Rest Timer rows, no unit (given with --unit).
    static let strong =
        "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
        + "2024-03-01 7:12:05\u{202F}AM,Push,1h 5m,Bench Press (Barbell),W,40,10,0,0,,,\n"
        + "2024-03-01 7:12:05\u{202F}AM,Push,1h 5m,Bench Press (Barbell),Rest Timer,,,,90,,,\n"
        + "2024-03-01 7:12:05\u{202F}AM,Push,1h 5m,Bench Press (Barbell),1,80,5,0,0,\"Slow, controlled\",,8\n"
        + "2024-03-01 7:12:05\u{202F}AM,Push,1h 5m,Plank,1,0,0,0,45,,,\n"

    private func termfit(_ arguments: [String]) throws -> CommandResult {
        try runCommand([Binary.termfit] + arguments, environment: ["TZ": "UTC"])
    }

    @Test func aStrongExportImportsOnceAndExportsBack() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-lift-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("strong.csv")
        try Self.strong.write(to: file, atomically: true, encoding: .utf8)
        let data = ["--data-dir", directory.appendingPathComponent("data").path, "--profile", "anna"]

        let withoutUnit = try termfit(["import", file.path] + data)
        #expect(withoutUnit.status == 3)
        #expect(
            withoutUnit.error
                == "termfit: this looks like a Strong CSV export, but line 2: the file does not say whether weights "
                + "are kg or lb: add --unit kg or --unit lb; nothing was imported\n")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("data").path))

        let first = try termfit(["import", file.path, "--unit", "kg"] + data)
        #expect(first.status == 0, "\(first.error)")
        #expect(
            first.output == """
                Imported 2 sets in 1 workout from a Strong export into profile 'anna':
                  Bench Press (Barbell): 2 sets, 1 workout
                Skipped 1 set of Plank: time-only sets (TermFit logs weight × reps).

                """)
        let again = try termfit(["import", file.path, "--unit", "kg"] + data)
        #expect(again.output.hasPrefix("Imported 0 sets in 0 workouts"), "\(again.output)")
        #expect(again.output.contains("2 sets were already there."))

        let detail = try termfit(["history", "--detail", "--format", "csv"] + data)
        #expect(detail.output.contains(",Bench Press (Barbell),40,kg,10,0,,,,,warmup,,\n"), "\(detail.output)")
        #expect(detail.output.contains(",80,kg,5,0,90,,,,working,8,\"Slow, controlled\"\n"), "\(detail.output)")

        let exported = try termfit(["export", "--format", "strong-csv"] + data)
        #expect(exported.status == 0)
        #expect(
            exported.output == """
                Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Weight Unit,Reps,Distance,Seconds,Notes,\
                Workout Notes,RPE
                2024-03-01 07:12:05,Push,1h 5m,Bench Press (Barbell),W,40,kg,10,,0,,,
                2024-03-01 07:12:05,Push,1h 5m,Bench Press (Barbell),Rest Timer,,,,,90,,,
                2024-03-01 07:12:05,Push,1h 5m,Bench Press (Barbell),1,80,kg,5,,0,"Slow, controlled",,8

                """)
        let hevy = try termfit(["export", "--format", "hevy-csv"] + data)
        #expect(hevy.output.contains("\"Push\",\"1 Mar 2024, 07:12\",\"1 Mar 2024, 08:17\""), "\(hevy.output)")
    }

    @Test func aCircuitsWarmUpAndAnIntervalAreSkipped() throws {
        let session = try TmuxSession(
            [Binary.termfit, "hiit", "--quiet", "--profile", "sam"], environment: ["TZ": "UTC"])
        defer { session.close() }
        try session.waitFor("[ Get Started ]")
        try session.send("c")
        let warmUp = try session.waitFor("Warm-up")
        #expect(warmUp.contains { $0.contains("s Skip warm-up") }, "\(warmUp.joined(separator: "\n"))")
        try session.send("s")
        try session.waitFor("Round 1 of 3 · 1 of 4")
        try session.send("s")
        let rest = try session.waitFor("Next: Step Up")
        #expect(rest.contains { $0.contains("Rest") })
        try session.send("q")
        try session.waitFor("y Stop  n Go on")
        try session.send("y")
        try session.waitFor("[ Get Started ]")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        let data = session.directory.appendingPathComponent("data").path
        let listed = try termfit(["history", "--workout", "hiit", "--data-dir", data, "--profile", "sam"])
        #expect(!listed.output.contains("Squat"), "the skipped squats were not saved: \(listed.output)")
    }
}
