import Foundation

/// A one-line progress bar on standard error, drawn only when it is a terminal (a pipe or a file
/// gets nothing), at most ten times a second.
final class ProgressBar {
    private let label: String
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var lastDrawn = Date.distantPast
    private var drawn = false
    /// What is counted ("cards": "120/4000 cards"); `nil` shows a percentage (bytes of a file).
    private let noun: String?

    init(label: String, counting noun: String? = "cards") {
        self.label = label
        self.noun = noun
    }

    /// Shows `done` of `total`.
    func show(_ done: Int, of total: Int) {
        guard isTerminal, total > 0 else { return }
        let now = Date()
        guard done == total || now.timeIntervalSince(lastDrawn) >= 0.1 else { return }
        lastDrawn = now
        let width = 30
        let filled = min(width, done * width / total)
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let count = noun.map { "\(done)/\(total) \($0)" } ?? "\(min(100, done * 100 / total))%"
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(count)".utf8))
        drawn = true
    }

    /// Ends the bar's line, if one was drawn.
    func finish() {
        guard drawn else { return }
        FileHandle.standardError.write(Data("\n".utf8))
        drawn = false
    }
}
