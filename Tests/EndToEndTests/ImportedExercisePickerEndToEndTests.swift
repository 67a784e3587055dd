import Foundation
import Testing

// An exercise imported from a Strong export is offered by the exercise picker of the real
// `termfit dumbbells` in tmux when its first letters are typed, in another case too (with the
// editing suite's helpers, in its serialized suite).

extension DumbbellsEditingEndToEndTests {
    @Test func anImportedExerciseIsOfferedWhenItsFirstLettersAreTyped() throws {
        let (data, environment) = try makeData()
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("strong.csv")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try
            ("Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
            + "2024-03-01 07:12:05,Push,1h 5m,Incline Bench Press (Dumbbell),1,22.5,8,0,0,,,\n")
            .write(to: file, atomically: true, encoding: .utf8)
        let imported = try runCommand(
            [Binary.termfit, "import", file.path, "--unit", "kg", "--profile", "imp"], environment: environment)
        #expect(imported.status == 0, "\(imported.error)")
        #expect(imported.output.contains("Incline Bench Press (Dumbbell): 1 set, 1 workout"), "\(imported.output)")

        let session = try open("imp", sets: 1, environment)
        defer { session.close() }
        try session.send("e")
        try session.waitFor("╭ Exercise")
        try session.send("-l", "INCL")
        let offered = try session.waitFor("▸ Incline Bench Press (Dumbbell)")
        #expect(offered.contains { $0.contains("+ New exercise “INCL”") }, "\(offered)")
        try session.send("Enter")
        try session.waitFor("Dumbbells · Incline Bench Press")
        // Its imported set is its history: the last numbers are beside the set.
        try session.waitFor("22.5")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }
}
