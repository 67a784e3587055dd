#if canImport(Glibc)
    import Glibc
#endif

/// Reads a running program's counters from /proc. Everything here must be read before the
/// program is reaped, and its memory figures even before it ends: a process that has exited has
/// no VmHWM left to read.
enum ProcessProbe {
    /// The counters of `pid` now, or nil once it has gone.
    static func sample(pid: pid_t, time: Double) -> ProcessSample? {
        guard let status = readText("/proc/\(pid)/status"), let stat = readText("/proc/\(pid)/stat") else {
            return nil
        }
        var voluntary = 0
        var involuntary = 0
        var runNanoseconds: Double?
        for thread in threads(of: pid) {
            guard let threadStatus = readText("/proc/\(pid)/task/\(thread)/status") else { continue }
            voluntary += field("voluntary_ctxt_switches", in: threadStatus) ?? 0
            involuntary += field("nonvoluntary_ctxt_switches", in: threadStatus) ?? 0
            // schedstat's first number: nanoseconds on a CPU, far finer than stat's clock ticks.
            if let schedstat = readText("/proc/\(pid)/task/\(thread)/schedstat"),
                let onCPU = schedstat.split(separator: " ").first.flatMap({ Double($0) })
            {
                runNanoseconds = (runNanoseconds ?? 0) + onCPU
            }
        }
        return ProcessSample(
            time: time,
            peakResidentKiB: field("VmHWM", in: status),
            voluntarySwitches: voluntary,
            involuntarySwitches: involuntary,
            cpuSeconds: runNanoseconds.map { $0 / 1e9 } ?? cpuSeconds(stat: stat)
        )
    }

    /// The first number on the line `name:` of a /proc status file.
    static func field(_ name: String, in text: String) -> Int? {
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            return line.dropFirst(name.count + 1).split(whereSeparator: \.isWhitespace).first.flatMap { Int($0) }
        }
        return nil
    }

    /// utime + stime from /proc/PID/stat (fields 14 and 15, counted after the command name,
    /// which may itself contain spaces and parentheses).
    private static func cpuSeconds(stat: String) -> Double {
        guard let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The thread ids of `pid`.
    private static func threads(of pid: pid_t) -> [String] {
        guard let directory = opendir("/proc/\(pid)/task") else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.first?.isNumber == true { names.append(name) }
        }
        return names
    }

    /// The whole of a small file such as those under /proc, or nil when it cannot be read.
    static func readText(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
