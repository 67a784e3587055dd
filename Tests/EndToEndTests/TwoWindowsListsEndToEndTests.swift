import Foundation
import Testing

/// Two TermFit windows (two tmux sessions) on one data directory: a routine or a circuit made in
/// one shows in the other's list at its next key, without reopening.
@Suite(.serialized) struct TwoWindowsListsEndToEndTests {
    @Test func aRoutineSavedInOneWindowIsOnTheOthersOpenRoutinesSheet() throws {
        let data = try temporaryDataDirectory("two-lists")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["TERMFIT_DATA_DIR": data.path]
        let command = [Binary.termfit, "dumbbells", "--profile", "sam"]
        let a = try TmuxSession(command, environment: environment)
        defer { a.close() }
        let b = try TmuxSession(command, environment: environment)
        defer { b.close() }
        for window in [a, b] { try window.waitFor("Enter kg and reps for set 1") }
        try b.send("o")
        try b.waitFor("Type a name to save this workout as a routine")

        try a.send("o")
        try a.waitFor("Type a name to save this workout as a routine")
        try a.send("RoutineA")
        try a.send("Enter")
        try a.waitFor("Saved routine “RoutineA”")

        // B's sheet stayed open; its next key shows A's routine.
        try b.send("Down")
        try b.waitFor("RoutineA")
        try b.send("RoutineB")
        try b.send("Enter")
        try b.waitFor("Saved routine “RoutineB”")
        try a.send("o")
        let listed = try a.waitFor("RoutineB")
        #expect(listed.contains { $0.contains("RoutineA") })
        for window in [a, b] {
            try window.send("Escape")
            try window.waitForScreen { !$0.contains { $0.contains("Start/Save") } }
            try window.send("q")
            #expect(try window.waitForExit() == 0)
        }
    }

    @Test func aCircuitMadeInOneWindowIsInTheOthersOpenCircuitsList() throws {
        let data = try temporaryDataDirectory("two-lists")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["TERMFIT_DATA_DIR": data.path, "TZ": "UTC"]
        let command = [Binary.termfit, "hiit", "--quiet", "--profile", "kim"]
        let a = try TmuxSession(command, width: 100, environment: environment)
        defer { a.close() }
        let b = try TmuxSession(command, width: 100, environment: environment)
        defer { b.close() }
        for window in [a, b] {
            try window.waitFor("[ Get Started ]")
            try window.send("e")
            try window.waitFor("Circuits")
        }
        // A name no circuit has, then “+ New circuit “Quick”” and its exercises (the list picker).
        try a.send("-l", "Quick")
        try a.send("Enter")
        try a.waitFor("Exercises and timing of Quick:")
        try a.send("-l", "Squat 2/1")
        try a.send("Enter")
        try a.waitFor("Squat 2/1; rounds 1")

        #expect(!(try b.screen()).contains { $0.contains("Quick") })
        try b.send("Down")
        try b.waitFor("Squat 2/1; rounds 1")
        for window in [a, b] {
            try window.send("Escape")
            // "[ Get Started ]" shows under the list too: wait for the list to close.
            try window.waitForScreen { screen in !screen.contains { $0.contains("Type to find or name a new one") } }
            try window.send("q")
            #expect(try window.waitForExit() == 0)
        }
    }
}
