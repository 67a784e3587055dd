import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The kiosk sessions running on this box for one member: TermFit processes of this account
/// started as `--kiosk --profile NAME` (what the member's forced command runs). `termfit kiosk
/// remove-member` ends them, so a removed member does not go on working out unseen.
enum KioskSessions {
    /// The process ids of `profile`'s kiosk sessions, read from `/proc` (this account's
    /// processes only, this one left out).
    static func processes(of profile: String) -> [pid_t] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name -> pid_t? in
            guard let pid = pid_t(name), pid != getpid() else { return nil }
            var info = stat()
            guard stat("/proc/\(name)", &info) == 0, info.st_uid == geteuid(),
                let data = FileManager.default.contents(atPath: "/proc/\(name)/cmdline")
            else { return nil }
            let arguments = data.split(separator: 0, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
            return isSession(arguments, of: profile) ? pid : nil
        }
    }

    /// Whether a command line is a kiosk session of `profile`: `--kiosk`, and `--profile NAME` or
    /// `--profile=NAME`.
    static func isSession(_ arguments: [String], of profile: String) -> Bool {
        guard arguments.contains("--kiosk") else { return false }
        for (index, argument) in arguments.enumerated() {
            if argument == "--profile=" + profile { return true }
            if argument == "--profile", index + 1 < arguments.count, arguments[index + 1] == profile { return true }
        }
        return false
    }

    /// Ends `profile`'s kiosk sessions as a dropped connection would (SIGHUP: each saves what
    /// it can, restores the terminal and says why it ended), waiting up to `timeout` seconds for
    /// them to go. Returns how many there were.
    @discardableResult
    static func end(_ profile: String, timeout: Double = 5) -> Int {
        let running = processes(of: profile)
        for pid in running { kill(pid, SIGHUP) }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, running.contains(where: { kill($0, 0) == 0 && isAlive($0) }) {
            usleep(20_000)
        }
        return running.count
    }

    /// Whether `pid` still runs (a zombie, ended but not yet reaped by its parent, does not).
    private static func isAlive(_ pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = status.lastIndex(of: ")")
        else { return false }
        return !status[status.index(after: close)...].hasPrefix(" Z")
    }
}
