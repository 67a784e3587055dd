import Foundation
import Testing

/// A busy kiosk: twenty members, each in their own terminal running the real binary, all on the
/// one database, finishing their sets at the same moment.
@Suite struct ManyMembersEndToEndTests {
    static let members = 20

    /// The longest write `TERMFIT_STATS` reported on a screen, in milliseconds.
    private func longestWrite(on screen: [String]) -> Double? {
        guard let line = screen.first(where: { $0.hasPrefix("store: ") }),
            let range = line.range(of: "longest ")
        else { return nil }
        return Double(line[range.upperBound...].prefix { $0.isNumber || $0 == "." })
    }

    @Test func twentyMembersFinishingAtOnceAreAllSavedAndNoneWaitsASecond() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent(
            "termfit-members-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        let environment = ["TERMFIT_DATA_DIR": data.path, "TERMFIT_STATS": "1"]
        let sessions = try (1...Self.members).map { member in
            try TmuxSession(
                [Binary.termfit, "dumbbells", "--sets", "1", "--profile", "member\(member)"],
                environment: environment)
        }
        defer { sessions.forEach { $0.close() } }

        // Everyone gets as far as a running set: 12 kg × (their number) reps.
        for (index, session) in sessions.enumerated() {
            try session.waitFor("Enter kg and reps for set 1", timeout: 60)
            try session.send("12", "Tab", "\(index + 1)")
            try session.waitFor("▶ Start set 1", timeout: 30)
            try session.send("Enter")
        }
        for session in sessions { try session.waitFor("[Finish]", timeout: 30) }
        // Then all twenty finish their last set at once: twenty writes into one file.
        for session in sessions { try session.send("Enter") }
        for session in sessions { try session.waitFor("Workout done", timeout: 30) }
        for session in sessions { try session.send("q") }

        var slowest = 0.0
        for (index, session) in sessions.enumerated() {
            #expect(try session.waitForExit(timeout: 30) == 0)
            let screen = try session.waitForScreen(timeout: 10) { $0.contains { $0.hasPrefix("store: ") } }
            guard let longest = longestWrite(on: screen) else {
                Issue.record("member \(index + 1): no store figures:\n\(screen.joined(separator: "\n"))")
                continue
            }
            #expect(longest < 1000, "member \(index + 1) waited \(longest) ms for a write")
            slowest = max(slowest, longest)
        }
        print("\(Self.members) members on one database: the slowest write took \(slowest) ms")
        for member in 1...Self.members {
            let history = try runCommand([
                Binary.termfit, "history", "--data-dir", data.path, "--profile", "member\(member)",
            ])
            #expect(history.status == 0, "\(history.error)")
            #expect(history.output.contains("1 set, 12 kg x \(member)"), "member \(member):\n\(history.output)")
        }
    }
}
