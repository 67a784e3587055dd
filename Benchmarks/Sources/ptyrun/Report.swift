#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The figures of one run, as JSON (snake_case keys; absent when not measured) or as one line.
struct Report: Encodable {
    /// When an awaited text first appeared.
    struct TextTime: Encodable {
        var text: String
        /// Milliseconds from the start, absent when it never appeared.
        var ms: Double?
    }

    /// How the program answered one resize: the redraw it wrote.
    struct Redraw: Encodable {
        /// The new size, COLUMNSxROWS.
        var size: String
        /// When the window was resized, milliseconds from the start.
        var atMs: Double
        /// Milliseconds from the resize to the first byte of the redraw; absent when none came.
        var latencyMs: Double?
        /// Milliseconds from the resize to the last byte before the output paused (the quiet
        /// period) or the next resize.
        var settledMs: Double?
        /// Bytes written between the resize and that pause.
        var bytes: Int
    }

    var command: [String]
    var columns: Int
    var rows: Int
    var durationSeconds: Double
    var totalBytes: Int
    var firstByteMs: Double?
    var firstFrameBytes: Int?
    var firstFrameMs: Double?
    /// How the first frame was told apart: `quiet`, `limit` or `exit`.
    var firstFrameEnd: FirstFrame.Reason?
    /// Bytes after the first frame, up to the stop signal (or the program's own end).
    var steadyBytes: Int?
    var steadySeconds: Double?
    var steadyBytesPerSecond: Double?
    /// Bytes written after the stop signal, while the program shut down.
    var exitBytes: Int
    var texts: [TextTime]
    var cpuSeconds: Double
    var userSeconds: Double
    var systemSeconds: Double
    var voluntaryContextSwitches: Int
    var involuntaryContextSwitches: Int
    /// Voluntary context switches between the end of the first frame and the stop: wake-ups.
    var steadyVoluntaryContextSwitches: Int?
    var steadyWakeupsPerSecond: Double?
    var steadyCpuSeconds: Double?
    /// VmHWM of the program, the highest of the samples.
    var peakRssKib: Int?
    var exitCode: Int32?
    var exitSignal: String?
    var exitedBeforeStop: Bool
    var stopSignal: String
    var killed: Bool
    var termiosRestored: Bool
    var termiosDifferences: [String]
    var alternateScreenEntered: Bool
    var alternateScreenLeft: Bool
    /// Modes left changed at the end, as the sequence that changed them (`?1000h`, `?25l`).
    var modesLeftChanged: [String]
    /// termios as before and every tracked mode switched back.
    var restored: Bool
    /// The answer to each `--resize`, in order.
    var redraws: [Redraw]
    /// For each `--key`, in order: milliseconds from writing it to the first byte of output after
    /// it (before the next key); absent when none came.
    var keyLatenciesMs: [Double?]

    init(plan: Plan, recording: Recording) {
        command = plan.command
        columns = plan.size.columns
        rows = plan.size.rows
        durationSeconds = plan.duration
        totalBytes = recording.output.count
        firstByteMs = recording.chunks.first.map { milliseconds($0.time) }
        let end = recording.measurementEnd
        if let frame = recording.firstFrame {
            firstFrameBytes = frame.bytes
            firstFrameMs = milliseconds(frame.time)
            firstFrameEnd = frame.reason
            let start = max(frame.time, recording.steadyStartTime ?? frame.time)
            let bytes = recording.bytes(through: end) - max(frame.bytes, recording.bytes(through: start))
            let seconds = max(0, end - start)
            steadyBytes = max(0, bytes)
            steadySeconds = rounded(seconds, 3)
            steadyBytesPerSecond = seconds > 0 ? rounded(Double(max(0, bytes)) / seconds, 2) : nil
        }
        exitBytes = recording.output.count - recording.bytes(through: end)
        texts = ([plan.firstFrameText].compactMap { $0 } + plan.awaitedTexts).map { text in
            TextTime(text: text, ms: recording.textTimes[text].map(milliseconds))
        }
        redraws = recording.resizes.enumerated().map { index, resize in
            let limit = index + 1 < recording.resizes.count ? recording.resizes[index + 1].time : end
            let before = recording.bytes(through: resize.time)
            var answer = recording.chunks.filter { $0.time > resize.time && $0.time <= limit }
            // The redraw ends at the first pause of the quiet period.
            if let pause = answer.indices.dropLast().first(where: {
                answer[$0 + 1].time - answer[$0].time >= plan.quietPeriod
            }) {
                answer = Array(answer.prefix(pause + 1))
            }
            return Redraw(
                size: "\(resize.size.columns)x\(resize.size.rows)", atMs: milliseconds(resize.time),
                latencyMs: answer.first.map { milliseconds($0.time - resize.time) },
                settledMs: answer.last.map { milliseconds($0.time - resize.time) },
                bytes: (answer.last?.end ?? before) - before)
        }
        keyLatenciesMs = recording.keyTimes.enumerated().map { index, typed in
            let limit = index + 1 < recording.keyTimes.count ? recording.keyTimes[index + 1] : end
            return recording.chunks.first { $0.time > typed && $0.time <= limit }.map { milliseconds($0.time - typed) }
        }
        userSeconds = rounded(recording.userSeconds, 6)
        systemSeconds = rounded(recording.systemSeconds, 6)
        cpuSeconds = rounded(recording.userSeconds + recording.systemSeconds, 6)
        voluntaryContextSwitches = recording.voluntarySwitches
        involuntaryContextSwitches = recording.involuntarySwitches
        if let start = recording.steadyStartSample, let stop = recording.steadyEndSample, stop.time > start.time {
            let switches = stop.voluntarySwitches - start.voluntarySwitches
            steadyVoluntaryContextSwitches = switches
            steadyWakeupsPerSecond = rounded(Double(switches) / (stop.time - start.time), 2)
            steadyCpuSeconds = rounded(stop.cpuSeconds - start.cpuSeconds, 6)
        }
        peakRssKib = recording.peakResidentKiB
        exitCode = recording.exitCode
        exitSignal = recording.exitSignal.map { SignalName(number: $0).description }
        exitedBeforeStop = recording.stopTime == nil
        stopSignal = plan.stopSignal.description
        killed = recording.killed
        termiosDifferences = recording.termiosDifferences
        termiosRestored = recording.termiosDifferences.isEmpty
        alternateScreenEntered = recording.stream.enteredAlternateScreen
        alternateScreenLeft = recording.stream.leftAlternateScreen
        modesLeftChanged = recording.stream.modesLeftChanged
        restored = termiosRestored && modesLeftChanged.isEmpty
    }

    /// The report as one line of JSON.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// The report as one line for a person.
    var summary: String {
        var parts = ["\(command.joined(separator: " ")) @\(columns)x\(rows) for \(fixed(durationSeconds, 1)) s:"]
        parts.append("\(totalBytes) B total;")
        if let firstFrameBytes, let firstFrameMs, let firstFrameEnd {
            let byte = firstByteMs.map { "first byte \(fixed($0, 1)) ms, " } ?? ""
            parts.append("first frame \(firstFrameBytes) B at \(fixed(firstFrameMs, 1)) ms (\(byte)\(firstFrameEnd));")
        } else {
            parts.append("no first frame;")
        }
        if let steadyBytes, let steadySeconds {
            let rate = steadyBytesPerSecond.map { " = \(fixed($0, 1)) B/s" } ?? ""
            parts.append("steady \(steadyBytes) B in \(fixed(steadySeconds, 2)) s\(rate);")
        }
        parts.append("exit \(exitBytes) B;")
        for text in texts {
            parts.append("'\(text.text)' " + (text.ms.map { "at \(fixed($0, 1)) ms;" } ?? "never shown;"))
        }
        parts.append("CPU \(fixed(cpuSeconds, 3)) s;")
        var wakeups = "\(voluntaryContextSwitches) voluntary switches"
        if let steadyVoluntaryContextSwitches, let steadyWakeupsPerSecond {
            wakeups += " (\(steadyVoluntaryContextSwitches) steady = \(fixed(steadyWakeupsPerSecond, 2))/s)"
        }
        parts.append(wakeups + ";")
        parts.append("peak RSS " + (peakRssKib.map { "\(fixed(Double($0) / 1024, 1)) MiB;" } ?? "unknown;"))
        var ending = exitSignal.map { "ended by \($0)" } ?? "exited \(exitCode.map(String.init) ?? "?")"
        if exitedBeforeStop { ending += " before the stop" }
        if killed { ending += " after SIGKILL" }
        parts.append(ending + ";")
        if restored {
            parts.append("terminal restored")
        } else {
            let termios = termiosRestored ? [] : ["termios " + termiosDifferences.joined(separator: ",")]
            parts.append("terminal NOT restored: " + (termios + modesLeftChanged).joined(separator: " "))
        }
        return parts.joined(separator: " ")
    }
}

private func milliseconds(_ seconds: Double) -> Double { rounded(seconds * 1000, 2) }

private func rounded(_ value: Double, _ digits: Int) -> Double {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    return (value * scale).rounded() / scale
}

/// `value` with exactly `digits` decimals.
func fixed(_ value: Double, _ digits: Int) -> String {
    var scale = 1
    for _ in 0..<digits { scale *= 10 }
    let units = Int((abs(value) * Double(scale)).rounded())
    let sign = value < 0 && units != 0 ? "-" : ""
    guard digits > 0 else { return sign + String(units) }
    let fraction = String(units % scale)
    return sign + String(units / scale) + "." + String(repeating: "0", count: digits - fraction.count) + fraction
}
