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
        try b.waitFor("╭ Routines")

        try a.send("o")
        try a.waitFor("╭ Routines")
        try a.send("RoutineA")
        try a.send("Enter")
        try a.waitFor("Saved routine “RoutineA”")

        // B's sheet stayed open; a key after A's save went in shows A's routine (A's store worker
        // writes it just after A says so, so B may need a key more).
        try pressUntil(b, shows: "RoutineA")
        try b.waitFor("RoutineA")
        try b.send("RoutineB")
        try b.send("Enter")
        try b.waitFor("Saved routine “RoutineB”")
        try a.send("o")
        // B's worker writes RoutineB just after B says so: A may need a key more, as B did above.
        try pressUntil(a, shows: "RoutineB")
        let listed = try a.waitFor("RoutineB")
        #expect(listed.contains { $0.contains("RoutineA") })
        for window in [a, b] {
            // B's sheet closed when it saved; an Esc there with `q` right after would read as Alt-q.
            if try window.screen().contains(where: { $0.contains("╭ Routines") }) {
                try window.send("Escape")
                try window.waitForScreen { !$0.contains { $0.contains("╭ Routines") } }
            }
            try window.send("q")
            try leave(window)
        }
    }

    @Test func aRoutineMovedUpStaysThereAfterReopening() throws {
        let data = try temporaryDataDirectory("routine-order")
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["TERMFIT_DATA_DIR": data.path]
        let command = [Binary.termfit, "dumbbells", "--profile", "sam"]
        let window = try TmuxSession(command, environment: environment)
        defer { window.close() }
        try window.waitFor("Enter kg and reps for set 1")
        for name in ["RoutineA", "RoutineB"] {
            try window.send("o")
            try window.waitFor("╭ Routines")
            try window.send(name)
            try window.send("Enter")
            try window.waitFor("Saved routine “\(name)”")
        }
        try window.send("o")
        try window.waitFor("RoutineB")
        try window.send("Down")
        try window.send("C-t")
        try window.waitForScreen { lines in
            let b = lines.firstIndex { $0.contains("RoutineB") }
            let a = lines.firstIndex { $0.contains("RoutineA") }
            return a != nil && b != nil && b! < a!
        }
        try window.send("Escape")
        try window.waitForScreen { !$0.contains { $0.contains("╭ Routines") } }
        try window.send("q")
        try leave(window)

        let reopened = try TmuxSession(command, environment: environment)
        defer { reopened.close() }
        try reopened.waitFor("Enter kg and reps for set 1")
        try reopened.send("o")
        let screen = try reopened.waitFor("RoutineA")
        let first = screen.firstIndex { $0.contains("RoutineB") }
        let second = screen.firstIndex { $0.contains("RoutineA") }
        #expect(first != nil && second != nil && first! < second!, "\(screen.joined(separator: "\n"))")
        try reopened.send("Escape")
        try reopened.waitForScreen { !$0.contains { $0.contains("╭ Routines") } }
        try reopened.send("q")
        try leave(reopened)
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
        try a.send("C-n")
        try a.waitFor("Name: exercises")
        // The field opens with a circuit's text selected: the first key typed replaces it.
        try a.send("-l", "Quick: Squat 2/1")
        try a.send("Enter")
        try a.waitForScreen { $0.contains { $0.contains("Quick") && $0.contains("Squat 2/1") } }

        #expect(!(try b.screen()).contains { $0.contains("Quick") })
        try pressUntil(b, shows: "Quick")
        try b.waitForScreen { $0.contains { $0.contains("Quick") && $0.contains("Squat 2/1") } }
        for window in [a, b] {
            try window.send("Escape")
            try window.waitForScreen { !$0.contains { $0.contains("╭ Circuits") } }
            try window.send("q")
            try leave(window)
        }
    }

    /// Presses Down in `window` until its screen shows `text` (at most 40 times, a quarter second
    /// apart): each key makes the window look for changes made elsewhere.
    private func pressUntil(_ window: TmuxSession, shows text: String) throws {
        for _ in 0..<40 {
            try window.send("Down")
            Thread.sleep(forTimeInterval: 0.25)
            if try window.screen().contains(where: { $0.contains(text) }) { return }
        }
    }

    /// After `q`: the program ends (saying yes if it asks whether to leave).
    private func leave(_ window: TmuxSession) throws {
        Thread.sleep(forTimeInterval: 0.5)
        if let screen = try? window.screen(), screen.contains(where: { $0.contains("y Leave") }) {
            try window.send("y")
        }
        let status = try window.waitForExit()
        #expect(status == 0, "\((try? window.screen()) ?? [])")
    }
}
