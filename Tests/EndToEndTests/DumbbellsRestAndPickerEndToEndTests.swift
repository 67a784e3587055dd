import Dumbbells
import Foundation
import Testing

// The rest and the exercise picker on the real `termfit dumbbells` in tmux (with the editing
// suite's helpers, in its serialized suite): a rest lengthened while it runs, the member's own
// exercise still offered after another is chosen, and `d` asking before a set goes.

extension DumbbellsEditingEndToEndTests {
    @Test func aRestIsLengthenedBy15SecondsWhileItRuns() throws {
        let (data, environment) = try makeData()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try open("rae", sets: 2, environment)
        defer { session.close() }
        try doSet(session, "20", "10", number: 1)
        // The rest after set 1 starts by itself: 90 s.
        let resting = try session.waitFor("[Skip]")
        #expect(resting.contains { $0.contains("[+15]") && $0.contains("[−15]") }, "\(resting)")
        #expect(resting.contains { $0.contains("+ +15s") }, "the help bar says which key")
        try session.send("+")
        let longer = try session.waitForScreen { screen in
            screen.contains { $0.contains("Rest +15 s · 1:4") }
        }
        let pill = longer.first { $0.contains("[Skip]") } ?? ""
        #expect(pill.contains("1:4"), "the pill counts from 1:4x now: \(pill)")
        try session.send("-")
        try session.waitForScreen { screen in screen.contains { $0.contains("Rest −15 s · 1:") } }
        try session.send("s")
        try session.waitFor("Enter kg and reps for set 2")
        try session.send("q")
        try session.waitFor("Leave?")
        try session.send("y")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aCustomExerciseIsStillInThePickerAfterChoosingAnother() throws {
        let (data, environment) = try makeData()
        defer { try? FileManager.default.removeItem(at: data) }
        do {
            let session = try open("cy", sets: 1, environment)
            defer { session.close() }
            try session.send("e")
            try session.waitFor("╭ Exercise")
            try session.send("-l", "Zottman curl")
            try session.waitFor("+ New exercise “Zottman curl”")
            try session.send("Enter")
            try session.waitFor("Dumbbells · Zottman curl")
            try session.send("e")
            try session.send("-l", "lunge")
            try session.waitFor("▸ Lunge")
            try session.send("Enter")
            try session.waitFor("Dumbbells · Lunge")
            try session.send("e")
            let listed = try session.waitFor("Zottman curl")
            #expect(!listed.contains { $0.contains("Dumbbells · Zottman") }, "in the list, not the title")
            try session.send("Escape")
            try session.waitForScreen { screen in !screen.contains { $0.contains("╭ Exercise") } }
            try session.send("q")
            #expect(try session.waitForExit() == 0)
        }
        // Kept with the profile: the next workout offers it too, and another case is the same one.
        let session = try open("cy", sets: 1, environment)
        defer { session.close() }
        try session.send("e")
        try session.send("-l", "ZOTTMAN CURL")
        let typed = try session.waitFor("▸ Zottman curl")
        #expect(!typed.contains { $0.contains("+ New exercise") }, "\(typed)")
        try session.send("Enter")
        try session.waitFor("Dumbbells · Zottman curl")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func dAsksAndNKeepsTheSet() throws {
        let (data, environment) = try makeData()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try open("dee", sets: 2, environment)
        defer { session.close() }
        try doSet(session, "20", "10", number: 1)
        try session.waitFor("[Skip]")
        try session.send("s")
        try session.waitFor("Enter kg and reps for set 2")
        try session.send("Up")
        try session.send("d")
        try session.waitFor("Delete set 1 (done: 20 kg × 10")
        try session.send("n")
        let kept = try session.waitForScreen { screen in !screen.contains { $0.contains("Delete set 1") } }
        #expect(kept.contains { $0.contains("✓ 1") && $0.contains("20") }, "\(kept)")
        try session.send("q")
        try session.waitFor("Leave?")
        try session.send("y")
        #expect(try session.waitForExit() == 0)
        let result = try runCommand(
            [Binary.termfit, "history", "--profile", "dee", "--workout", "dumbbells"], environment: environment)
        #expect(result.output.contains("20 kg x 10"), "\(result.output)")
    }
}
