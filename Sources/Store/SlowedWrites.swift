import Foundation
import Synchronization

/// A benchmark and test knob: `TERMFIT_BENCH_SAVE_DELAY_MS` makes every write transaction of this
/// process wait that many milliseconds inside the transaction (0–10000), as a slow disk or a far
/// database server would. Only `make bench` sets it, to time keys while saves are slow; a
/// member's TermFit never has it (and in kiosk mode no `TERMFIT_*` variable counts).
enum SlowedWrites {
    static let variable = "TERMFIT_BENCH_SAVE_DELAY_MS"
    private static let delay = Mutex<Duration>(.zero)

    /// How long each write waits now.
    static var current: Duration { delay.withLock { $0 } }

    /// Sets the wait from `environment` (none when the variable is unset or out of range).
    static func configure(environment: [String: String]) {
        let milliseconds = environment[variable].flatMap { Int($0) }.flatMap { (0...10_000).contains($0) ? $0 : nil }
        delay.withLock { $0 = .milliseconds(milliseconds ?? 0) }
    }

    /// Waits the configured time, if any (inside a write transaction).
    static func wait() {
        let wait = current
        guard wait > .zero else { return }
        let nanoseconds = wait.components.seconds * 1_000_000_000 + wait.components.attoseconds / 1_000_000_000
        var request = timespec(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

extension TermFitStore {
    /// Reads the benchmark knob `TERMFIT_BENCH_SAVE_DELAY_MS` from `environment` (the one a start
    /// goes by): every write transaction of this process then waits that long.
    public static func slowWritesForBenchmarks(environment: [String: String]) {
        SlowedWrites.configure(environment: environment)
    }
}
