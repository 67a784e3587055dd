import Foundation
import Testing

// Issue 32's Dumbbells parts on the real `termfit dumbbells` in tmux (with the editing suite's
// helpers, in its serialized suite): a warm-up marked with `w`, given a note (`n`) and an RPE
// (`E`), counts towards no volume or record in the summary, the progress sheet and `termfit
// history`, which shows its type, RPE and note.

extension DumbbellsEditingEndToEndTests {
    @Test func aWarmUpIsLoggedWithItsNoteAndRPEAndCountsTowardsNoRecord() throws {
        let (data, environment) = try makeData()
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let session = try open("wes", sets: 2, environment)
            defer { session.close() }
            // A heavy warm-up, as no lifter does, so that counting it would show.
            try doSet(session, "100", "10", number: 1)
            try session.waitFor("[Skip]")
            try session.send("s")
            try session.waitFor("Enter kg and reps for set 2")
            try session.send("Up")
            try session.send("w")
            try session.waitFor("Set 1 is a warm-up (no volume or record)")
            try session.send("n")
            try session.waitFor("Enter keeps it · Esc changes nothing")
            try session.send("-l", "felt easy")
            try session.send("Enter")
            try session.waitFor("Set 1: felt easy")
            try session.send("E")
            try session.waitFor("No RPE")
            try session.send("6.5")
            try session.send("Enter")
            let rated = try session.waitFor("Set 1: RPE 6.5 · felt easy")
            #expect(rated.contains { $0.contains("W 1") && $0.contains("RPE 6.5 · felt easy") }, "\(rated)")
            try session.send("Down")
            try doSet(session, "20", "8", number: 2)
            let summary = try session.waitFor("Workout done")
            #expect(summary.contains { $0.contains("warm-up · RPE 6.5 · felt easy") }, "\(summary)")
            #expect(
                summary.contains { $0.contains("Total volume  160 kg") }, "the warm-up's 1000 kg left out: \(summary)")
            try session.send("q")
            #expect(try session.waitForExit() == 0)
        }
        let detail = try runCommand(
            [Binary.termfit, "history", "--detail", "--profile", "wes", "--workout", "dumbbells"],
            environment: environment)
        #expect(detail.output.contains("set 1  100 kg x 10  0:0"), "\(detail.output)")
        #expect(detail.output.contains("  warmup  RPE 6.5  note: felt easy\n"), "\(detail.output)")
        // The next workout's progress: the records are the working set's.
        let again = try open("wes", sets: 2, environment)
        defer { again.close() }
        try again.send("p")
        let progress = try again.waitFor("Most volume")
        #expect(progress.contains { $0.contains("Heaviest") && $0.contains("20 kg × 8") }, "\(progress)")
        #expect(progress.contains { $0.contains("Most volume") && $0.contains("160 kg") }, "\(progress)")
        #expect(!progress.contains { $0.contains("100 kg") }, "\(progress)")
        try again.send("p")
        try again.waitForScreen { screen in !screen.contains { $0.contains("Most volume") } }
        try again.send("q")
        #expect(try again.waitForExit() == 0)
    }

    @Test func aRoutineIsEditedWithPerSetTargetsRenamedAndStartedWithThem() throws {
        let (data, environment) = try makeData()
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let session = try open("ria", sets: 3, environment)
            defer { session.close() }
            try session.send("o")
            try session.waitFor("Type a name to save this workout as a routine")
            try session.send("-l", "Push")
            try session.waitFor("+ Save this workout as “Push”")
            try session.send("Enter")
            try session.waitFor("Saved routine “Push”")
            try session.send("o")
            try session.waitFor("Bicep curl 3 sets")
            try session.send("C-o")
            try session.waitFor("Plan: Bicep curl 3 sets")
            // The first character typed replaces the plan.
            try session.send("-l", "Bench press 2x10 @ 20; Bicep curl 12@10, 10@12.3")
            try session.send("Enter")
            try session.waitFor("a name, then 3×10")
            try session.send("BSpace")
            try session.send("5")
            try session.send("Enter")
            try session.waitFor("Bench press 2×10 @ 20, Bicep curl 12@10, 10@12.5")
            try session.send("C-r")
            try session.waitFor("Name: Push")
            try session.send("-l", "Chest")
            try session.send("Enter")
            try session.waitFor("▸ Chest  Bench press 2×10 @ 20")
            try session.send("Escape")
            try session.waitForScreen { screen in !screen.contains { $0.contains("Start/Save") } }
            try session.send("q")
            #expect(try session.waitForExit() == 0)
        }
        // Read back in another run: the routine starts with its targets in the fields.
        let again = try open("ria", sets: 3, environment)
        defer { again.close() }
        try again.send("o")
        try again.waitFor("Chest")
        try again.send("Enter")
        let started = try again.waitFor("(1/2)")
        let rows = started.filter { $0.contains(" 20 ") || $0.contains("[20") }
        #expect(rows.count == 2, "both sets of the bench at 20 kg × 10: \(started.joined(separator: "\n"))")
        #expect(rows.allSatisfy { $0.contains("10") })
        try again.send("Enter")
        try again.waitFor("[Finish]")
        try again.send("q")
        try again.waitFor("Leave?")
        try again.send("y")
        #expect(try again.waitForExit() == 0)
    }
}
