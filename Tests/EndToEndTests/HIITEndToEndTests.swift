import Foundation
import Testing

/// The HIIT workout in the real binary, in tmux: a whole exercise from Get Started to the
/// history chart, then the same exercise through `termfit history`.
@Suite(.serialized) struct HIITEndToEndTests {
    /// Today's weekday as the chart labels it, in UTC (the session runs with TZ=UTC).
    private var todaysWeekday: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let names = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        return names[calendar.component(.weekday, from: Date()) - 1]
    }

    @Test func aThreeSecondExerciseFromGetStartedToTheHistoryChart() throws {
        let session = try TmuxSession(
            [Binary.termfit, "hiit", "--seconds", "3", "--profile", "robin"], environment: ["TZ": "UTC"])
        defer { session.close() }
        try session.waitFor("[ Get Started ]")

        try session.send("Enter")
        let page = try session.waitFor("Ready: 3 s")
        #expect(page.contains { $0.contains("Squat") })
        #expect(page.contains { $0.contains("[ Start ]") })

        try session.send("Enter")
        try session.waitFor("Get ready…")
        // Done is refused while the countdown runs.
        try session.send("Enter")
        let finished = try session.waitFor("Time's up! Saved · Done: next", timeout: 15)
        #expect(finished.contains { $0.contains("Squat") }, "still on the first exercise: Done was refused")
        // At 80×24 the digits are drawn at twice the font's size.
        #expect(finished.contains { $0.contains("██  ██  ██  ██  ██  ██  ██  ██  ██") }, "the big digits show 00:00")

        try session.send("Enter")
        try session.waitFor("Step Up")
        try session.send("Left")
        try session.waitFor("Squat")
        try session.send("]", "]", "]", "]")
        try session.waitFor("Rating ★ ★ ★ ★ ☆")

        try session.send("h")
        let history = try session.waitFor("Exercises per day, last 7 days")
        #expect(history.contains { $0.contains("Today        1  0:03  ★4.0  Squat") })
        let weekday = todaysWeekday
        guard let labels = history.lastIndex(where: { $0.contains("Mon") && $0.contains("Sun") }) else {
            Issue.record("no chart labels on screen:\n\(history.joined(separator: "\n"))")
            return
        }
        let labelRow = Array(history[labels])
        let label = Array(weekday)
        let column = (0...(labelRow.count - 3)).last { Array(labelRow[$0..<($0 + 3)]) == label } ?? -1
        let afterLabels = String(labelRow[(column + 3)...]).trimmingCharacters(in: .whitespaces)
        #expect(afterLabels == "│", "today (\(weekday)) is the last bar")
        // Today's bar is full height (1 of at most 1), its count 1 above it; the other days show 0.
        var row = labels - 1
        while row > 0 && Array(history[row])[column..<(column + 3)] == ["█", "█", "█"] { row -= 1 }
        #expect(labels - 1 - row == 5, "five rows of bar")
        #expect(String(Array(history[row])[column..<(column + 3)]) == " 1 ")
        let zeros = history[labels - 1].split(separator: " ").filter { $0 == "0" }.count
        #expect(zeros == 6)

        try session.send("Escape")
        try session.waitForScreen { !$0.contains { $0.contains("Exercises per day") } }
        try session.send("q")
        #expect(try session.waitForExit() == 0)
        #expect(try session.terminalIsRestored())

        let data = session.directory.appendingPathComponent("data").path
        let listed = try runCommand(
            [Binary.termfit, "history", "--workout", "hiit", "--data-dir", data, "--profile", "robin"],
            environment: ["TZ": "UTC"])
        #expect(listed.status == 0)
        let lines = listed.output.split(separator: "\n")
        #expect(lines.count == 2, "a header and one exercise: \(listed.output)")
        #expect(lines.last?.contains("hiit            0:03  finished    Squat, rated 4/5") == true, "\(listed.output)")
    }

    @Test func aCircuitMadeOnTheSheetRunsHandsFreeAndIsSavedAsItGoes() throws {
        let session = try TmuxSession(
            [Binary.termfit, "hiit", "--quiet", "--profile", "sam"], environment: ["TZ": "UTC"])
        defer { session.close() }
        try session.waitFor("[ Get Started ]")
        try session.send("e")
        try session.waitFor("Circuits")
        try session.send("C-n")
        try session.waitFor("Name: exercises")
        try session.send("C-u")
        try session.send("Quick: Squat 2/1, Burpee 2")
        try session.send("Enter")
        try session.waitForScreen { $0.contains { $0.contains("▸ Quick") && $0.contains("Squat 2/1, Burpee 2") } }
        try session.send("Enter")
        try session.send("c")
        try session.waitFor("Circuit: Quick · hands-free")
        try session.waitFor("2 exercises in 0:04", timeout: 15)
        try session.send("Enter")
        try session.send("h")
        let history = try session.waitFor("Exercises per day, last 7 days")
        #expect(history.contains { $0.contains("Today        2  0:04  ★ –  Squat, Burpee") })
        try session.send("q")
        _ = try session.waitForScreen { screen in !screen.contains { $0.contains("Exercises per day") } }
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func theMenuListsHIITAndLeavingItReturnsToTheMenu() throws {
        let session = try TmuxSession([Binary.termfit, "--profile", "kim"], width: 40, height: 12)
        defer { session.close() }
        let menu = try session.waitFor("Workouts")
        #expect(menu.contains { $0.contains("1  HIIT") })
        try session.send("1")
        let welcome = try session.waitFor("[ Get Started ]")
        #expect(welcome.contains { $0.contains("Four short exercises against the") })
        try session.send("q")
        try session.waitFor("Workouts")
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aSecondsValueOutOfRangeIsAUsageError() throws {
        let result = try runCommand([Binary.termfit, "hiit", "--seconds", "0"])
        #expect(result.status == 2)
        #expect(result.error.contains("--seconds takes 1 to 5999, not 0."))
    }
}
