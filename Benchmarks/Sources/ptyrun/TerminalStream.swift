/// Reads a program's output as a terminal would, just enough to answer two questions: what text
/// did it show (escape sequences and control characters removed, for "has X appeared yet"), and
/// which terminal modes did it leave switched on or off when it ended.
///
/// Fed in chunks as they arrive; a sequence split between two reads is handled.
struct TerminalStream: Sendable {
    /// The printable bytes of the output (UTF-8), without escape sequences or control characters.
    private(set) var plainText: [UInt8] = []
    /// Terminal modes by name (`?1049`, `keypad`) and whether the output last switched them on.
    private(set) var modes: [String: Bool] = [:]
    /// Every mode the output switched on at some point.
    private(set) var modesEverOn: Set<String> = []

    private enum State: Sendable {
        case ground
        case escape
        /// After ESC and an intermediate byte such as `(` in a character-set selection.
        case escapeIntermediate
        case controlSequence
        /// An operating-system command, device control or similar string, up to BEL or ESC \.
        case string
        case stringEscape
    }

    private var state = State.ground
    private var parameters: [UInt8] = []

    /// Modes whose default is on: leaving them off is what breaks the user's terminal.
    static let modesOnByDefault: Set<String> = ["?25"]

    /// Modes a full-screen program switches and must switch back: the alternate screen, cursor
    /// keys, mouse reporting, focus reporting, bracketed paste, cursor visibility and the keypad.
    static let trackedModes: Set<String> = [
        "?1", "?25", "?47", "?1047", "?1049", "?1000", "?1002", "?1003", "?1005", "?1006", "?1015", "?1004",
        "?2004", "keypad",
    ]

    /// The alternate-screen modes.
    static let alternateScreenModes: Set<String> = ["?47", "?1047", "?1049"]

    mutating func feed<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        for byte in bytes { feed(byte) }
    }

    private mutating func feed(_ byte: UInt8) {
        switch state {
        case .ground:
            if byte == 0x1B {
                state = .escape
            } else if byte >= 0x20 && byte != 0x7F {
                plainText.append(byte)
            }
        case .escape:
            switch byte {
            case UInt8(ascii: "["):
                parameters.removeAll(keepingCapacity: true)
                state = .controlSequence
            case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
                state = .string
            case UInt8(ascii: "="):
                modes["keypad"] = true
                modesEverOn.insert("keypad")
                state = .ground
            case UInt8(ascii: ">"):
                modes["keypad"] = false
                state = .ground
            case 0x20...0x2F:
                state = .escapeIntermediate
            case 0x1B:
                state = .escape
            default:
                state = .ground
            }
        case .escapeIntermediate:
            state = byte >= 0x20 && byte <= 0x2F ? .escapeIntermediate : .ground
        case .controlSequence:
            if byte >= 0x40 && byte <= 0x7E {
                finishControlSequence(final: byte)
                state = .ground
            } else if byte == 0x1B {
                state = .escape
            } else if byte >= 0x20 {
                parameters.append(byte)
            }
        case .string:
            if byte == 0x07 {
                state = .ground
            } else if byte == 0x1B {
                state = .stringEscape
            }
        case .stringEscape:
            state = byte == UInt8(ascii: "\\") ? .ground : .string
        }
    }

    /// Records DEC private mode changes: `ESC [ ? n ; m h` sets, `... l` resets.
    private mutating func finishControlSequence(final: UInt8) {
        guard final == UInt8(ascii: "h") || final == UInt8(ascii: "l"), parameters.first == UInt8(ascii: "?")
        else { return }
        let on = final == UInt8(ascii: "h")
        for number in parameters.dropFirst().split(separator: UInt8(ascii: ";")) {
            let name = "?" + String(decoding: number, as: UTF8.self)
            modes[name] = on
            if on { modesEverOn.insert(name) }
        }
    }

    /// Tracked modes the output left changed from their default, as the sequence that changed them
    /// (`?1000h`, `?25l`, `keypad`), sorted.
    var modesLeftChanged: [String] {
        modes.compactMap { name, on in
            guard Self.trackedModes.contains(name) else { return nil }
            let byDefault = Self.modesOnByDefault.contains(name)
            guard on != byDefault else { return nil }
            return name == "keypad" ? "keypad" : name + (on ? "h" : "l")
        }.sorted()
    }

    /// Whether the output ever switched to the alternate screen.
    var enteredAlternateScreen: Bool {
        !modesEverOn.isDisjoint(with: Self.alternateScreenModes)
    }

    /// Whether the output is back on the main screen (true when it never left it).
    var leftAlternateScreen: Bool {
        !Self.alternateScreenModes.contains { modes[$0] == true }
    }
}
