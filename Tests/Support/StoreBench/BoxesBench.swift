// `make bench`, several kiosk boxes on one PostgreSQL (issue 34): BOXES boxes of MEMBERS members
// each, every member on a connection of their own (a member's `termfit` on a box holds one),
// logging a set every few seconds through the path the store worker takes: the `dumbbellSet`
// command, carried out once under its command identifier. Reported, never asserted: save latency
// p50/p99/max, the saves made, and the server's CPU seconds and client connections at the end.

import Foundation
import PostgresStore
import Records

/// The figures of one run of ``boxesBench(url:boxes:members:seconds:gap:)``.
private final class BoxesFigures: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var latencies: [Double] = []
    private(set) var failures: [String] = []

    func saved(_ milliseconds: Double) { lock.withLock { latencies.append(milliseconds) } }
    func failed(_ problem: String) { lock.withLock { failures.append(problem) } }
}

/// CPU seconds (user + system) used so far by every process named `postgres` on this machine:
/// the private server the bench runs against is the only one.
private func postgresCPUSeconds() -> Double {
    let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
    var total = 0.0
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(entry) != nil {
        guard let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
            let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")"),
            stat[stat.index(after: open)..<close] == "postgres"
        else { continue }
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        // After the name: state is field 3 of stat(5), utime 14 and stime 15.
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { continue }
        total += (user + system) / ticks
    }
    return total
}

/// The server's client connections now: its processes that serve a client ("postgres: USER DB …").
private func postgresClientConnections(database: String) -> Int {
    var count = 0
    for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] where Int(entry) != nil {
        guard let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
            let line = String(data: data, encoding: .utf8)
        else { continue }
        let words = line.replacingOccurrences(of: "\0", with: " ").split(separator: " ")
        if words.count >= 3, words[0] == "postgres:", words[2] == Substring(database) { count += 1 }
    }
    return count
}

/// Runs the boxes for `seconds` against `url` and prints the figures as Markdown.
func boxesBench(url text: String, boxes: Int, members: Int, seconds: Double, gap: Double) throws {
    let url = try DatabaseURL(text)
    let figures = BoxesFigures()
    let start = Date()
    let deadline = start.addingTimeInterval(seconds)
    let cpuBefore = postgresCPUSeconds()
    var connections = 0
    let group = DispatchGroup()
    for box in 0..<boxes {
        let boxID = UUID().uuidString
        for member in 0..<members {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                do {
                    let store = try PostgresStore(url: url, box: boxID)
                    defer { store.close() }
                    let profile = try store.profileCreatingIfNeeded(named: "box\(box + 1)-member\(member + 1)")
                    let data = store.memberData(for: profile)
                    let workout = DumbbellWorkout(
                        exercise: "Bench press", unit: .kilograms, startedAt: Date(), sets: [])
                    try UnsavedStep.dumbbellWorkout(workout).save(into: data)
                    // Members do not start in step: each waits a part of the gap first.
                    Thread.sleep(forTimeInterval: gap * Double(member * boxes + box) / Double(boxes * members))
                    var number = 0
                    while Date() < deadline {
                        number += 1
                        let finished = Date()
                        let set = DumbbellSet(
                            number: number, weight: 20 + Double(number % 8) * 2.5, reps: 10,
                            startedAt: finished.addingTimeInterval(-40), finishedAt: finished,
                            restBefore: number == 1 ? nil : gap)
                        let step = UnsavedStep.dumbbellSet(
                            set, workoutID: workout.id, exercise: workout.exercise, unit: .kilograms)
                        let clock = ContinuousClock()
                        let elapsed = try clock.measure {
                            if let once = data as? any CarriesOutCommandsOnce {
                                _ = try once.carryOut(command: UUID()) { try step.save(into: data) }
                            } else {
                                try step.save(into: data)
                            }
                        }
                        figures.saved(milliseconds(elapsed))
                        Thread.sleep(forTimeInterval: gap * Double.random(in: 0.8...1.2))
                    }
                    try UnsavedStep.dumbbellFinish(workoutID: workout.id, status: .finished, at: Date())
                        .save(into: data)
                } catch {
                    figures.failed(String(describing: error))
                }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
    // The connections while every member is logging, halfway through; the server's CPU at the
    // end of the logging, before the members' connections close (a closed one's CPU is gone).
    Thread.sleep(forTimeInterval: seconds / 2)
    connections = postgresClientConnections(database: url.database)
    Thread.sleep(until: deadline)
    let cpu = postgresCPUSeconds() - cpuBefore
    let wall = Date().timeIntervalSince(start)
    group.wait()
    let saves = figures.latencies
    print(
        "| boxes × members | saves | saves/s | p50 ms | p99 ms | max ms | server CPU s | server CPU % of one core | client connections | failures |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(
        "| \(boxes) × \(members) | \(saves.count) | \(format(Double(saves.count) / wall)) | "
            + "\(format(percentile(saves, 0.5))) | \(format(percentile(saves, 0.99))) | "
            + "\(format(saves.max() ?? 0)) | \(format(cpu)) | \(format(cpu / wall * 100)) | \(connections) | "
            + "\(figures.failures.count) |")
    for problem in Set(figures.failures).sorted().prefix(5) { print("\nfailure: \(problem)") }
}
