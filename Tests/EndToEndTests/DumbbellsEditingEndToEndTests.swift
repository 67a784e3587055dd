import Dumbbells
import Foundation
import Testing

// Issue 29's Dumbbells findings replayed on the real `termfit dumbbells` in tmux: one test per
// case, each following the spreadsheet rule (typing replaces a selected value, Esc puts it back)
// and asking before anything is lost.

@Suite(.serialized) struct DumbbellsEditingEndToEndTests {
    /// A fresh data directory and the environment that points TermFit at it.
    func makeData() throws -> (URL, [String: String]) {
        let data = try temporaryDataDirectory("dumbbells-editing")
        return (data, ["TERMFIT_DATA_DIR": data.path])
    }

    /// `termfit dumbbells` for `profile` with `sets` rows.
    func open(_ profile: String, sets: Int, _ environment: [String: String]) throws -> TmuxSession {
        let session = try TmuxSession(
            [Binary.termfit, "dumbbells", "--profile", profile, "--sets", "\(sets)"], environment: environment)
        try session.waitFor("Set  kg       reps")
        return session
    }

    /// Types set `number`'s weight and reps (the selection on its kg), starts it and finishes it.
    func doSet(_ session: TmuxSession, _ weight: String, _ reps: String, number: Int) throws {
        try session.send(weight)
        try session.send("Tab")
        try session.send(reps)
        try session.waitFor("▶ Start set \(number)")
        try session.send("Enter")
        try session.waitFor("[Finish]")
        try session.send("Enter")
    }

    /// What `termfit history` says of the profile's dumbbell workouts.
    private func history(_ profile: String, _ environment: [String: String]) throws -> String {
        let result = try runCommand(
            [Binary.termfit, "history", "--profile", profile, "--workout", "dumbbells"], environment: environment)
        #expect(result.status == 0, "\(result.error)")
        return result.output
    }

    /// One finished workout of a single set, so that the next run has a last time and a history.
    private func oneSetWorkout(_ profile: String, _ weight: String, _ reps: String, _ environment: [String: String])
        throws
    {
        let session = try open(profile, sets: 1, environment)
        defer { session.close() }
        try doSet(session, weight, reps, number: 1)
        try session.waitFor("Workout done")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func typingOverAFinishedSetsRepsReplacesThem() throws {
        let (data, environment) = try makeData()
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let session = try open("ana", sets: 2, environment)
            defer { session.close() }
            try doSet(session, "20", "10", number: 1)
            try session.waitFor("[Skip]")
            try session.send("s")
            try session.waitFor("Enter kg and reps for set 2")
            try session.send("Up")
            try session.send("Tab")
            try session.send("1")
            try session.send("2")
            let typed = try session.waitFor("[12 ]")
            #expect(!typed.contains { $0.contains("[101]") || $0.contains("[1012") })
            try session.send("Down")
            try session.waitFor("Set 1 corrected: 20 kg × 12")
            try session.send("q")
            try session.waitFor("Leave?")
            try session.send("y")
            #expect(try session.waitForExit() == 0)
        }
        let saved = try history("ana", environment)
        #expect(saved.contains("20 kg x 12"), "\(saved)")
        #expect(!saved.contains("x 101"), "\(saved)")
    }

    @Test func typingOverLastTimesNumbersReplacesThem() throws {
        let (data, environment) = try makeData()
        defer { try? FileManager.default.removeItem(at: data) }
        try oneSetWorkout("bo", "27.5", "10", environment)
        do {
            let session = try open("bo", sets: 1, environment)
            defer { session.close() }
            try session.waitFor("last: 27.5 kg × 10")
            try session.send("l")
            try session.waitFor("▶ Start set 1")
            try session.send("3")
            try session.send("0")
            try session.waitFor("[30 ]")
            try session.send("Left")
            try session.waitFor("[27.5  ]")
            try session.send("3")
            try session.send("0")
            let typed = try session.waitFor("[30    ]")
            #expect(!typed.contains { $0.contains("27.50") || $0.contains("103") })
            try session.send("Enter")
            try session.waitFor("[Finish]")
            try session.send("Enter")
            let summary = try session.waitFor("Workout done")
            #expect(summary.contains { $0.contains("30 kg × 30") })
            try session.send("q")
            #expect(try session.waitForExit() == 0)
        }
        let saved = try history("bo", environment)
        #expect(saved.contains("30 kg x 30"), "\(saved)")
    }

    @Test func escOnTheHistorySheetPutsTheValueBackAndSavesNothing() throws {
        let (data, environment) = try makeData()
        defer { try? FileManager.default.removeItem(at: data) }
        try oneSetWorkout("cy", "27.5", "12", environment)
        let day = PastWorkoutsSheet.day(Date())
        do {
            let session = try open("cy", sets: 1, environment)
            defer { session.close() }
            try session.send("h")
            try session.waitFor("History · Bicep curl")
            try session.send("Enter")
            try session.waitFor("\(day) · Bicep curl")
            try session.send("Right")
            try session.send("1")
            try session.send("1")
            try session.waitFor("[11 ]")
            try session.waitFor("Esc Cancel")
            try session.send("Escape")
            let back = try session.waitFor("[12 ]")
            #expect(!back.contains { $0.contains("corrected") })
            #expect(back.contains { $0.contains("\(day) · Bicep curl") }, "still on the workout's sets")
            try session.send("Escape")
            try session.waitFor("History · Bicep curl")
            try session.send("Escape")
            try session.waitFor("last: 27.5 kg × 12")
            try session.send("q")
            #expect(try session.waitForExit() == 0)
        }
        let saved = try history("cy", environment)
        #expect(saved.contains("27.5 kg x 12"), "\(saved)")
        #expect(!saved.contains("x 11"), "\(saved)")
    }

    @Test func escOnTheTablePutsTheValueBackAndSavesNothing() throws {
        let (data, environment) = try makeData()
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let session = try open("di", sets: 2, environment)
            defer { session.close() }
            try doSet(session, "20", "10", number: 1)
            try session.waitFor("[Skip]")
            try session.send("s")
            try session.waitFor("Enter kg and reps for set 2")
            try session.send("Up")
            try session.send("Tab")
            try session.send("1")
            try session.send("1")
            try session.waitFor("[11 ]")
            try session.waitFor("Esc Cancel")
            try session.send("Escape")
            try session.waitFor("[10 ]")
            try session.send("Down")
            let moved = try session.waitFor("Enter kg and reps for set 2")
            #expect(!moved.contains { $0.contains("corrected") })
            try session.send("q")
            try session.waitFor("Leave?")
            try session.send("y")
            #expect(try session.waitForExit() == 0)
        }
        let saved = try history("di", environment)
        #expect(saved.contains("20 kg x 10"), "\(saved)")
        #expect(!saved.contains("x 11"), "\(saved)")
    }

    @Test func enterDuringARestSavesTheCorrectionAndTheRestGoesOn() throws {
        let (data, environment) = try makeData()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try open("ed", sets: 2, environment)
        defer { session.close() }
        try doSet(session, "20", "10", number: 1)
        try session.waitFor("[Skip]")
        try session.send("Up")
        try session.send("Tab")
        try session.send("1")
        try session.send("2")
        try session.waitFor("Enter Save")
        try session.send("Enter")
        let saved = try session.waitFor("Set 1 corrected: 20 kg × 12")
        #expect(saved.contains { $0.contains("[Skip]") }, "the rest goes on")
        // With nothing typed, the bar offers Skip and Enter skips.
        try session.waitFor("Enter Skip")
        try session.send("Enter")
        try session.waitFor("Enter kg and reps for set 2")
        try session.send("q")
        try session.send("y")
        #expect(try session.waitForExit() == 0)
    }

    @Test func escWithNothingTypedAsksOnlyWhenNumbersWouldBeLost() throws {
        let (data, environment) = try makeData()
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let session = try open("fa", sets: 3, environment)
            defer { session.close() }
            try session.send("Down")
            try session.send("Down")
            try session.send("14")
            try session.send("Tab")
            try session.send("8")
            try session.send("Tab")  // keeps the 8: nothing is typed into any more
            try session.waitFor("q Back")
            try session.send("Escape")
            try session.waitFor("Set 3 as typed is not saved.")
            try session.send("n")
            let stayed = try session.waitForScreen { !$0.contains { $0.contains("Leave?") } }
            #expect(stayed.contains { $0.contains("3  14") && $0.contains(" 8") }, "set 3 kept its numbers")
            try session.send("q")
            try session.waitFor("Leave?")
            try session.send("y")
            #expect(try session.waitForExit() == 0)
        }
        // Nothing typed, nothing done: Esc leaves at once, as nothing is lost.
        let session = try open("fa", sets: 3, environment)
        defer { session.close() }
        try session.send("Escape")
        #expect(try session.waitForExit() == 0)
    }

    @Test func xAsksBeforeItEndsTheWorkout() throws {
        let (data, environment) = try makeData()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try open("gu", sets: 3, environment)
        defer { session.close() }
        try doSet(session, "20", "10", number: 1)
        try session.waitFor("[Skip]")
        try session.send("s")
        try session.waitFor("Enter kg and reps for set 2")
        try session.send("x")
        let question = try session.waitFor("End the workout? 2 sets are not done")
        #expect(question.last { !$0.isEmpty }?.hasPrefix("y End  n Keep going") == true)
        try session.send("n")
        let kept = try session.waitForScreen { !$0.contains { $0.contains("End?") } }
        #expect(!kept.contains { $0.contains("Workout done") })
        try session.send("x")
        try session.waitFor("End the workout?")
        try session.send("y")
        try session.waitFor("Workout done")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }
}
