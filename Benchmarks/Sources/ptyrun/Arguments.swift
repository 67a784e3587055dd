import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

/// A terminal window size, written COLUMNSxROWS (`80x24`) as TermFit's docs and benchmarks do.
struct WindowSize: Hashable, Sendable, ExpressibleByArgument, CustomStringConvertible {
    var columns: Int
    var rows: Int

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let range = 1...Int(UInt16.max)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]), range.contains(columns),
            range.contains(rows)
        else { return nil }
        self.init(columns: columns, rows: rows)
    }

    var description: String { "\(columns)x\(rows)" }
}

/// A value that takes effect at a moment of the run: `AT:VALUE`, AT in seconds from the start.
struct TimedStep<Value: ExpressibleByArgument & Sendable>: ExpressibleByArgument, Sendable {
    var time: Double
    var value: Value

    init?(argument: String) {
        guard let colon = argument.firstIndex(of: ":"), let time = Double(argument[..<colon]), time >= 0,
            let value = Value(argument: String(argument[argument.index(after: colon)...]))
        else { return nil }
        self.time = time
        self.value = value
    }
}

/// Text typed at the program, with C-style escapes: `\e` (Esc), `\r`, `\n`, `\t`, `\\`, `\xHH`.
struct KeyText: Sendable, ExpressibleByArgument {
    var bytes: [UInt8]

    init?(argument: String) {
        var bytes: [UInt8] = []
        var input = Array(argument.utf8)[...]
        while let byte = input.popFirst() {
            guard byte == UInt8(ascii: "\\") else {
                bytes.append(byte)
                continue
            }
            switch input.popFirst() {
            case UInt8(ascii: "e"): bytes.append(0x1B)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "x"):
                guard input.count >= 2,
                    let value = UInt8(String(decoding: input.prefix(2), as: UTF8.self), radix: 16)
                else { return nil }
                bytes.append(value)
                input = input.dropFirst(2)
            default: return nil
            }
        }
        self.bytes = bytes
    }
}

/// A signal given by name (`TERM`, `SIGHUP`) or number.
struct SignalName: Sendable, ExpressibleByArgument, CustomStringConvertible {
    var number: Int32

    /// The signals a terminal program meets, by their short names.
    private static let names: [(String, Int32)] = [
        ("HUP", SIGHUP), ("INT", SIGINT), ("QUIT", SIGQUIT), ("KILL", SIGKILL), ("USR1", SIGUSR1),
        ("USR2", SIGUSR2), ("PIPE", SIGPIPE), ("ALRM", SIGALRM), ("TERM", SIGTERM), ("CONT", SIGCONT),
        ("STOP", SIGSTOP), ("TSTP", SIGTSTP), ("TTIN", SIGTTIN), ("TTOU", SIGTTOU), ("WINCH", SIGWINCH),
    ]

    init(number: Int32) { self.number = number }

    init?(argument: String) {
        if let number = Int32(argument), number > 0, number < 65 {
            self.number = number
            return
        }
        var name = argument.uppercased()
        if name.hasPrefix("SIG") { name.removeFirst(3) }
        guard let match = Self.names.first(where: { $0.0 == name }) else { return nil }
        number = match.1
    }

    var description: String { Self.names.first { $0.1 == number }?.0 ?? "\(number)" }

    var defaultValueDescription: String { description }
}
