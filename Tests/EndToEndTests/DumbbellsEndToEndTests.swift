import Dumbbells
import Foundation
import Records
import Synchronization
import TermUI
import TestSupport
import Testing

@testable import App

// The real `termfit dumbbells` in tmux (the host's own tests are in AppTests).

// MARK: - The real program

/// `termfit dumbbells` in tmux, on its own data directory.
@Suite(.serialized) struct DumbbellsEndToEndTests {
    private func makeDataDirectory() throws -> URL { try temporaryDataDirectory("dumbbells") }

    /// Types a set's weight and reps and starts it.
    private func startSet(_ session: TmuxSession, weight: String, reps: String, number: Int) throws {
        try session.send(weight)
        try session.send("Tab")
        try session.send(reps)
        try session.waitFor("▶ Start set \(number)")
        try session.send("Enter")
        try session.waitFor("[Finish]")
    }

    @Test func twoSetsWithASkippedRestThenTheSummaryAndNextTimeTheLastNumbers() throws {
        let data = try makeDataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["TERMFIT_DATA_DIR": data.path]
        do {
            let session = try TmuxSession(
                [Binary.termfit, "dumbbells", "--profile", "alex", "--sets", "2"], environment: environment)
            defer { session.close() }
            try session.waitFor("Enter kg and reps for set 1")
            try startSet(session, weight: "12", reps: "10", number: 1)
            try session.send("Enter")  // Finish set 1: the rest counts down by itself
            try session.waitFor("[Skip]")
            try session.send("s")
            try session.waitFor("Enter kg and reps for set 2")
            try startSet(session, weight: "14", reps: "8", number: 2)
            try session.send("Enter")  // Finish set 2, the last: the summary
            let summary = try session.waitFor("Workout done")
            #expect(summary.contains { $0.contains("12 kg × 10") })
            #expect(summary.contains { $0.contains("14 kg × 8") })
            #expect(summary.contains { $0.contains("Total volume  232 kg") })
            #expect(summary.contains { $0.contains("Total time") })
            try session.send("q")
            #expect(try session.waitForExit() == 0)
            #expect(try session.terminalIsRestored())
        }
        let again = try TmuxSession([Binary.termfit, "dumbbells", "--profile", "alex"], environment: environment)
        defer { again.close() }
        let screen = try again.waitFor("last: 12 kg × 10")
        #expect(screen.contains { $0.contains("last: 14 kg × 8") })
        try again.send("l")
        try again.waitFor("▶ Start set 1")
        try again.send("q")
        try again.waitFor("Set 1 as typed is not saved.")
        try again.send("y")
        #expect(try again.waitForExit() == 0)
    }

    @Test func aHalfPlateSetIsCorrectedAndTheFileKeepsTheCorrectionAndItsProgress() throws {
        let data = try makeDataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["TERMFIT_DATA_DIR": data.path]
        do {
            let session = try TmuxSession(
                [Binary.termfit, "dumbbells", "--profile", "kim", "--sets", "2"], environment: environment)
            defer { session.close() }
            try session.waitFor("Enter kg and reps for set 1")
            try session.send("-")
            try session.waitFor("Weights and reps are never negative")
            try startSet(session, weight: "22.5", reps: "130", number: 1)
            try session.send("Enter")  // Finish set 1: the rest counts down by itself
            try session.waitFor("[Skip]")
            try session.send("Escape")
            try session.waitFor("Enter kg and reps for set 2")
            // 130 was a typo: back to set 1, its reps corrected, saved on leaving the row.
            try session.send("Up")
            try session.send("Right")
            for _ in 0..<3 { try session.send("BSpace") }
            try session.send("13")
            try session.send("Down")
            try session.waitFor("Set 1 corrected: 22.5 kg × 13")
            try session.send("q")
            try session.waitFor("The workout is saved as abandoned")
            try session.send("y")
            #expect(try session.waitForExit() == 0)
        }
        let again = try TmuxSession([Binary.termfit, "dumbbells", "--profile", "kim"], environment: environment)
        defer { again.close() }
        try again.waitFor("last: 22.5 kg × 13")
        try again.send("p")
        let progress = try again.waitFor("Progress · Bicep curl")
        #expect(progress.contains { $0.contains("Heaviest     22.5 kg × 13") })
        try again.send("p")  // closes it, as Esc does
        try again.waitFor("Set  kg       reps")
        try again.send("q")
        #expect(try again.waitForExit() == 0)
    }

    @Test func aTypoOfAnEndedWorkoutIsCorrectedFromTheHistoryAndReadBackNextTime() throws {
        let data = try makeDataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["TERMFIT_DATA_DIR": data.path]
        do {
            let session = try TmuxSession(
                [Binary.termfit, "dumbbells", "--profile", "ren", "--sets", "2"], environment: environment)
            defer { session.close() }
            try session.waitFor("Enter kg and reps for set 1")
            try startSet(session, weight: "22.5", reps: "130", number: 1)
            try session.send("Enter")
            try session.waitFor("[Skip]")
            try session.send("Escape")
            try session.waitFor("Enter kg and reps for set 2")
            try startSet(session, weight: "20", reps: "10", number: 2)
            try session.send("Enter")
            try session.waitFor("Workout done")
            try session.send("q")
            #expect(try session.waitForExit() == 0)
        }
        let day = PastWorkoutsSheet.day(Date())
        do {
            // Another run: the ended workout is corrected from the history.
            let session = try TmuxSession(
                [Binary.termfit, "dumbbells", "--profile", "ren"], environment: environment)
            defer { session.close() }
            try session.waitFor("last: 22.5 kg × 130")
            try session.send("h")
            let list = try session.waitFor("History · Bicep curl")
            #expect(list.contains { $0.contains("\(day)  2 sets  22.5 × 130, 20 × 10 kg") })
            try session.send("Enter")
            try session.waitFor("\(day) · Bicep curl")
            try session.send("Right")
            for _ in 0..<3 { try session.send("BSpace") }
            try session.send("13")
            try session.send("Enter")
            try session.waitFor("Set 1 of \(day) corrected: 22.5 kg × 13")
            try session.send("Escape")
            try session.send("Escape")
            try session.waitFor("last: 22.5 kg × 13")
            try session.send("q")
            #expect(try session.waitForExit() == 0)
        }
        let history = try runCommand(
            [Binary.termfit, "history", "--profile", "ren", "--workout", "dumbbells"], environment: environment)
        #expect(history.status == 0, "\(history.error)")
        #expect(history.output.contains("Bicep curl: 2 sets, 22.5 kg x 13, 20 kg x 10"), "\(history.output)")
        let again = try TmuxSession([Binary.termfit, "dumbbells", "--profile", "ren"], environment: environment)
        defer { again.close() }
        try again.waitFor("last: 22.5 kg × 13")
        try again.send("q")
        #expect(try again.waitForExit() == 0)
    }

    @Test func leavingARunningSetAsksAndNStaysInTheSet() throws {
        let data = try makeDataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try TmuxSession(
            [Binary.termfit, "--profile", "lee"], environment: ["TERMFIT_DATA_DIR": data.path])
        defer { session.close() }
        try session.openFromMenu("Dumbbells")
        try session.waitFor("Enter kg and reps for set 1")
        try startSet(session, weight: "12", reps: "10", number: 1)
        try session.send("q")
        let question = try session.waitFor("Set 1 in progress is not saved.")
        #expect(question.contains { $0.contains("[ Leave ]") && $0.contains("[ Stay ]") })
        #expect(question.last { !$0.isEmpty }?.hasPrefix("y Leave  n Stay") == true)
        try session.send("n")
        let still = try session.waitForScreen { !$0.contains { $0.contains("Leave?") } }
        #expect(still.contains { $0.contains("[Finish]") }, "still in the set")
        try session.send("q")
        try session.waitFor("Set 1 in progress is not saved.")
        try session.send("y")
        try session.waitFor("Workouts")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aHangUpAfterSet1KeepsSet1InTheHistory() throws {
        let data = try makeDataDirectory()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try TmuxSession(
            [Binary.termfit, "dumbbells", "--profile", "sam"], environment: ["TERMFIT_DATA_DIR": data.path])
        defer { session.close() }
        try session.waitFor("Enter kg and reps for set 1")
        try startSet(session, weight: "2.5", reps: "10", number: 1)
        try session.send("Enter")
        try session.waitFor("[Skip]")
        // Set 2 is under way when the line drops: it is not a completed set.
        try session.send("Escape")
        // Typed at once after Escape, "12" would arrive as Alt-1 and 2, as an Alt key does.
        try session.waitFor("Enter kg and reps for set 2")
        try startSet(session, weight: "12", reps: "9", number: 2)
        try runCommand(["kill", "-HUP", "\(try session.pid())"])
        #expect(try session.waitForExit(timeout: 5) == 129)
        #expect(try session.terminalIsRestored())
        let history = try runCommand(
            [Binary.termfit, "history", "--workout", "dumbbells", "--data-dir", data.path, "--profile", "sam"])
        #expect(history.status == 0)
        #expect(history.output.contains("Bicep curl: 1 set, 2.5 kg x 10"), "history:\n\(history.output)")
        #expect(!history.output.contains("x 9"), "set 2 was running, not done")
        #expect(history.output.contains("cut off"), "a dropped link cuts the workout off:\n\(history.output)")
    }
}
