import Foundation
import Testing

/// Two TermFit windows (two tmux sessions) on one data directory, each opened before the other
/// changed anything: neither overwrites what the other kept.
@Suite(.serialized) struct TwoWindowsEndToEndTests {
    /// The profile's settings as `termfit export --format json` gives them.
    private func exportedSettings(_ data: URL, profile: String) throws -> [String: Any] {
        let exported = try runCommand(
            [Binary.termfit, "export", "--data-dir", data.path, "--profile", profile, "--format", "json"])
        #expect(exported.status == 0, "\(exported.output)")
        let object = try JSONSerialization.jsonObject(with: Data(exported.output.utf8)) as? [String: Any]
        return object?["settings"] as? [String: Any] ?? [:]
    }

    @Test func routinesUnitAndAutoRestFromTwoDumbbellWindowsAreAllKept() throws {
        let data = try temporaryDataDirectory("two-windows")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["TERMFIT_DATA_DIR": data.path]
        let command = [Binary.termfit, "dumbbells", "--profile", "sam"]
        let a = try TmuxSession(command, environment: environment)
        defer { a.close() }
        try a.waitFor("Enter kg and reps for set 1")
        let b = try TmuxSession(command, environment: environment)
        defer { b.close() }
        try b.waitFor("Enter kg and reps for set 1")

        for (window, name) in [(a, "RoutineA"), (b, "RoutineB")] {
            try window.send("o")
            try window.waitFor("╭ Routines")
            try window.send(name)
            try window.send("Enter")
            try window.waitFor("Saved routine “\(name)”")
        }
        try a.send("u")
        try a.waitFor("Enter lb and reps for set 1")
        // B still shows kg; what it writes for its own change leaves A's unit alone.
        try b.send("R")
        try b.waitFor("Auto rest off")
        for window in [a, b] {
            try window.send("q")
            #expect(try window.waitForExit() == 0)
        }

        let settings = try exportedSettings(data, profile: "sam")
        let routines = (settings["dumbbells.routines"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        #expect(routines == ["RoutineA", "RoutineB"])
        #expect(settings["dumbbells.unit"] as? String == "lb")
        #expect(settings["dumbbells.autoRest"] as? Bool == false)
    }

    @Test func ratingsGivenInTwoHIITWindowsAreBothKept() throws {
        let data = try temporaryDataDirectory("two-windows")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["TERMFIT_DATA_DIR": data.path]
        let command = [Binary.termfit, "hiit", "--profile", "kim"]
        let a = try TmuxSession(command, environment: environment)
        defer { a.close() }
        let b = try TmuxSession(command, environment: environment)
        defer { b.close() }
        for window in [a, b] {
            try window.waitFor("[ Get Started ]")
            try window.send("Enter")
            try window.waitFor("Squat")
        }
        try a.send("]", "]", "]", "]", "]")
        try a.waitFor("Rating ★ ★ ★ ★ ★")
        try b.send("Right")
        try b.waitFor("Step Up")
        try b.send("]", "]")
        try b.waitFor("Rating ★ ★ ☆ ☆ ☆")
        for window in [a, b] {
            try window.send("q")
            #expect(try window.waitForExit() == 0)
        }
        let settings = try exportedSettings(data, profile: "kim")
        let ratings = settings["hiit.ratings"] as? [String: Int]
        #expect(ratings == ["Squat": 5, "Step Up": 2])
    }

    @Test func aWorkoutFinishedInOneWindowShowsInTheOthersProgressLastNumbersAndHistory() throws {
        let data = try temporaryDataDirectory("two-windows")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["TERMFIT_DATA_DIR": data.path]
        let command = [Binary.termfit, "dumbbells", "--profile", "pat", "--sets", "1"]
        let a = try TmuxSession(command, environment: environment)
        defer { a.close() }
        let b = try TmuxSession(command, environment: environment)
        defer { b.close() }
        for window in [a, b] { try window.waitFor("Enter kg and reps for set 1") }
        #expect(!(try b.screen()).contains { $0.contains("last:") })

        try a.send("12")
        try a.send("Tab")
        try a.send("10")
        try a.waitFor("▶ Start set 1")
        try a.send("Enter")
        try a.waitFor("[Finish]")
        try a.send("Enter")
        try a.waitFor("Workout done")
        try a.send("q")
        #expect(try a.waitForExit() == 0)

        // B was not reopened: its next key shows A's workout.
        try b.send("p")
        let progress = try b.waitFor("Progress · Bicep curl")
        #expect(progress.contains { $0.contains("Heaviest     12 kg × 10") })
        try b.send("p")
        try b.waitFor("last: 12 kg × 10")
        try b.send("h")
        let history = try b.waitFor("History · Bicep curl")
        #expect(history.contains { $0.contains("12 × 10 kg") })
        try b.send("Escape")
        try b.waitForScreen { !$0.contains { $0.contains("History ·") } }
        try b.send("l")
        try b.waitFor("▶ Start set 1")
        try b.send("q")
        try b.waitFor("Set 1 as typed is not saved.")
        try b.send("y")
        #expect(try b.waitForExit() == 0)
    }
}
