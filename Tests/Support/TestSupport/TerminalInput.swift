import TermUI

/// One thing a real terminal sends, and what TermFit must make of it.
public struct TerminalInput: Sendable, CustomStringConvertible {
    /// The terminals known to send it.
    public var terminals: String
    /// The bytes, as they arrive.
    public var bytes: [UInt8]
    /// The events they must decode to; empty when they must be ignored.
    public var events: [Event]

    public init(_ terminals: String, _ text: String, _ events: [Event]) {
        self.init(terminals, bytes: Array(text.utf8), events)
    }

    public init(_ terminals: String, bytes: [UInt8], _ events: [Event]) {
        self.terminals = terminals
        self.bytes = bytes
        self.events = events
    }

    /// The bytes written out readably: `ESC [ 1 ; 5 A`.
    public var readable: String {
        bytes.map { byte in
            switch byte {
            case 0x1B: return "ESC"
            case 0x07: return "BEL"
            case 0x20: return "SP"
            case 0x21...0x7E: return String(Character(Unicode.Scalar(byte)))
            default: return "0x" + String(byte, radix: 16)
            }
        }.joined(separator: " ")
    }

    public var description: String { "\(terminals): \(readable)" }

    /// Whether the events are keys and nothing else (no paste, focus or mouse).
    public var isKeysOnly: Bool {
        events.allSatisfy { if case .key = $0 { true } else { false } }
    }
}

private func key(_ key: Key) -> [Event] { [.key(key)] }
private func mod(_ key: Key, _ modifiers: KeyModifiers) -> [Event] { [.key(.modified(key, modifiers))] }
private func alt(_ character: Character) -> [Event] { mod(.character(character), .alt) }
private func pointer(_ kind: MouseEvent.Kind, _ x: Int, _ y: Int) -> [Event] {
    [.mouse(MouseEvent(kind, at: Point(x: x, y: y)))]
}

/// What members' terminals send, gathered from their documentation and terminfo entries and
/// checked against the terminals themselves where this machine has them (xterm-style, tmux, GNU
/// screen): keys in every form, the mouse in three encodings, focus and paste, and replies to
/// queries that a terminal may send unasked or late. Each must decode exactly as listed.
public enum TerminalInputTable {
    public static let keys: [TerminalInput] = [
        // xterm, VTE (GNOME Terminal), iTerm2, Windows Terminal, Alacritty, foot: normal cursor mode.
        TerminalInput("xterm", "\u{1B}[A", key(.up)),
        TerminalInput("xterm", "\u{1B}[B", key(.down)),
        TerminalInput("xterm", "\u{1B}[C", key(.right)),
        TerminalInput("xterm", "\u{1B}[D", key(.left)),
        TerminalInput("xterm", "\u{1B}[H", key(.home)),
        TerminalInput("xterm", "\u{1B}[F", key(.end)),
        TerminalInput("xterm", "\u{1B}[2~", key(.insert)),
        TerminalInput("xterm", "\u{1B}[3~", key(.delete)),
        TerminalInput("xterm", "\u{1B}[5~", key(.pageUp)),
        TerminalInput("xterm", "\u{1B}[6~", key(.pageDown)),
        TerminalInput("xterm", "\u{1B}[Z", key(.backTab)),
        TerminalInput("xterm", "\u{1B}[15~", key(.function(5))),
        TerminalInput("xterm", "\u{1B}[17~", key(.function(6))),
        TerminalInput("xterm", "\u{1B}[21~", key(.function(10))),
        TerminalInput("xterm", "\u{1B}[24~", key(.function(12))),
        // xterm with modifiers: 2 Shift, 3 Alt, 5 Ctrl, 6 Ctrl-Shift, 9 Super.
        TerminalInput("xterm", "\u{1B}[1;2A", mod(.up, .shift)),
        TerminalInput("xterm", "\u{1B}[1;3B", mod(.down, .alt)),
        TerminalInput("xterm", "\u{1B}[1;5C", mod(.right, .control)),
        TerminalInput("xterm", "\u{1B}[1;6D", mod(.left, [.control, .shift])),
        TerminalInput("xterm", "\u{1B}[1;5H", mod(.home, .control)),
        TerminalInput("xterm", "\u{1B}[1;2F", mod(.end, .shift)),
        TerminalInput("xterm", "\u{1B}[3;5~", mod(.delete, .control)),
        TerminalInput("xterm", "\u{1B}[5;3~", mod(.pageUp, .alt)),
        TerminalInput("xterm", "\u{1B}[1;2P", mod(.function(1), .shift)),
        TerminalInput("xterm", "\u{1B}[1;5R", mod(.function(3), .control)),
        TerminalInput("xterm", "\u{1B}[15;2~", mod(.function(5), .shift)),
        TerminalInput("xterm", "\u{1B}[1;9A", mod(.up, .meta)),
        // xterm's modifyOtherKeys (Ctrl-C and Ctrl-Shift-A as numbers).
        TerminalInput("xterm modifyOtherKeys", "\u{1B}[27;5;99~", key(.control("c"))),
        TerminalInput("xterm modifyOtherKeys", "\u{1B}[27;2;13~", mod(.enter, .shift)),
        // Application cursor and keypad mode (smkx), as xterm, tmux and screen send after it.
        TerminalInput("xterm application mode", "\u{1B}OA", key(.up)),
        TerminalInput("xterm application mode", "\u{1B}OB", key(.down)),
        TerminalInput("xterm application mode", "\u{1B}OC", key(.right)),
        TerminalInput("xterm application mode", "\u{1B}OD", key(.left)),
        TerminalInput("xterm application mode", "\u{1B}OH", key(.home)),
        TerminalInput("xterm application mode", "\u{1B}OF", key(.end)),
        TerminalInput("xterm, VT100", "\u{1B}OP", key(.function(1))),
        TerminalInput("xterm, VT100", "\u{1B}OQ", key(.function(2))),
        TerminalInput("xterm, VT100", "\u{1B}OR", key(.function(3))),
        TerminalInput("xterm, VT100", "\u{1B}OS", key(.function(4))),
        TerminalInput("VT220 keypad", "\u{1B}OM", key(.enter)),
        TerminalInput("VT220 keypad", "\u{1B}Op", key(.character("0"))),
        TerminalInput("VT220 keypad", "\u{1B}Ov", key(.character("6"))),
        TerminalInput("VT220 keypad", "\u{1B}Oy", key(.character("9"))),
        TerminalInput("VT220 keypad", "\u{1B}On", key(.character("."))),
        TerminalInput("VT220 keypad", "\u{1B}Ok", key(.character("+"))),
        TerminalInput("VT220 keypad", "\u{1B}Om", key(.character("-"))),
        TerminalInput("Konsole, old xterm", "\u{1B}O5A", mod(.up, .control)),
        TerminalInput("Konsole, old xterm", "\u{1B}O2P", mod(.function(1), .shift)),
        // VT220 and PuTTY (its default "ESC [ n ~" keyboard), GNU screen, tmux.
        TerminalInput("PuTTY, VT220, tmux, screen", "\u{1B}[1~", key(.home)),
        TerminalInput("PuTTY, VT220, tmux, screen", "\u{1B}[4~", key(.end)),
        TerminalInput("PuTTY", "\u{1B}[11~", key(.function(1))),
        TerminalInput("PuTTY", "\u{1B}[12~", key(.function(2))),
        TerminalInput("PuTTY", "\u{1B}[13~", key(.function(3))),
        TerminalInput("PuTTY", "\u{1B}[14~", key(.function(4))),
        TerminalInput("PuTTY (Alt-↑)", "\u{1B}\u{1B}[A", mod(.up, .alt)),
        TerminalInput("VT220", "\u{1B}[23~", key(.function(11))),
        TerminalInput("VT220", "\u{1B}[28~", key(.function(15))),
        TerminalInput("VT220", "\u{1B}[34~", key(.function(20))),
        TerminalInput("VT220 8-bit", bytes: [0x9B, 0x41], key(.up)),
        TerminalInput("VT220 8-bit", bytes: [0x9B, 0x33, 0x7E], key(.delete)),
        TerminalInput("VT220 8-bit", bytes: [0x8F, 0x50], key(.function(1))),
        // rxvt and urxvt.
        TerminalInput("rxvt", "\u{1B}[7~", key(.home)),
        TerminalInput("rxvt", "\u{1B}[8~", key(.end)),
        TerminalInput("rxvt", "\u{1B}[a", mod(.up, .shift)),
        TerminalInput("rxvt", "\u{1B}[d", mod(.left, .shift)),
        TerminalInput("rxvt", "\u{1B}Oa", mod(.up, .control)),
        TerminalInput("rxvt", "\u{1B}Oc", mod(.right, .control)),
        TerminalInput("rxvt", "\u{1B}[7$", mod(.home, .shift)),
        TerminalInput("rxvt", "\u{1B}[3^", mod(.delete, .control)),
        TerminalInput("rxvt", "\u{1B}[11^", mod(.function(1), .control)),
        TerminalInput("rxvt", "\u{1B}[2@", mod(.insert, [.control, .shift])),
        TerminalInput("rxvt", "\u{1B}[25~", key(.function(13))),
        // The Linux console.
        TerminalInput("Linux console", "\u{1B}[[A", key(.function(1))),
        TerminalInput("Linux console", "\u{1B}[[B", key(.function(2))),
        TerminalInput("Linux console", "\u{1B}[[E", key(.function(5))),
        TerminalInput("Linux console", "\u{1B}[G", []),
        // The kitty keyboard protocol (and terminals that adopted it: foot, WezTerm, Ghostty).
        TerminalInput("kitty", "\u{1B}[97u", key(.character("a"))),
        TerminalInput("kitty", "\u{1B}[97;5u", key(.control("a"))),
        TerminalInput("kitty", "\u{1B}[99;5u", key(.control("c"))),
        TerminalInput("kitty", "\u{1B}[97;3u", alt("a")),
        TerminalInput("kitty", "\u{1B}[97:65;2u", key(.character("A"))),
        TerminalInput("kitty", "\u{1B}[27u", key(.escape)),
        TerminalInput("kitty", "\u{1B}[13u", key(.enter)),
        TerminalInput("kitty", "\u{1B}[9;2u", key(.backTab)),
        TerminalInput("kitty", "\u{1B}[127u", key(.backspace)),
        TerminalInput("kitty", "\u{1B}[57400u", key(.character("1"))),
        TerminalInput("kitty", "\u{1B}[57414u", key(.enter)),
        TerminalInput("kitty", "\u{1B}[97;1:3u", []),
        TerminalInput("kitty", "\u{1B}[57441;2u", []),
        TerminalInput("kitty", "\u{1B}[13~", key(.function(3))),
        // Phone SSH clients (ConnectBot, JuiceSSH, Termius, Blink): CSI arrows whatever the mode,
        // Alt as an ESC prefix, Home/End in the VT220 form.
        TerminalInput("phone client", "\u{1B}[1~", key(.home)),
        TerminalInput("phone client", "\u{1B}[3~", key(.delete)),
        TerminalInput("phone client", "\u{1B}q", alt("q")),
        TerminalInput("phone client", "\u{1B}x", alt("x")),
        TerminalInput("phone client", "\u{1B}1", alt("1")),
        TerminalInput("phone client", "\u{1B}\u{7F}", mod(.backspace, .alt)),
        TerminalInput("phone client", "\u{1B}\r", mod(.enter, .alt)),
        TerminalInput("phone client", "\u{1B}é", alt("é")),
        // Plain bytes every terminal sends.
        TerminalInput("any", "a", key(.character("a"))),
        TerminalInput("any", "é", key(.character("é"))),
        TerminalInput("any", "漢", key(.character("漢"))),
        TerminalInput("any", "\r", key(.enter)),
        TerminalInput("any", "\t", key(.tab)),
        TerminalInput("any", "\u{7F}", key(.backspace)),
        TerminalInput("any", "\u{08}", key(.backspace)),
        TerminalInput("any", "\u{03}", key(.control("c"))),
        TerminalInput("any", "\u{00}", key(.control(" "))),
        TerminalInput("any", "\u{1C}", []),
    ]

    public static let mouse: [TerminalInput] = [
        // SGR (1006): xterm, tmux, screen 4.9+, kitty, iTerm2, Windows Terminal, most phone clients.
        TerminalInput("SGR (tmux, xterm)", "\u{1B}[<0;10;5M", pointer(.press, 9, 4)),
        TerminalInput("SGR (tmux, xterm)", "\u{1B}[<0;10;5m", pointer(.release, 9, 4)),
        TerminalInput("SGR (tmux, xterm)", "\u{1B}[<64;3;4M", pointer(.scrollUp, 2, 3)),
        TerminalInput("SGR (tmux, xterm)", "\u{1B}[<65;3;4M", pointer(.scrollDown, 2, 3)),
        TerminalInput("SGR (tmux, xterm)", "\u{1B}[<2;10;5M", []),
        TerminalInput("SGR (tmux, xterm)", "\u{1B}[<2;10;5m", []),
        TerminalInput("SGR (tmux, xterm)", "\u{1B}[<35;10;5M", []),
        TerminalInput("SGR, wide window", "\u{1B}[<0;250;70M", pointer(.press, 249, 69)),
        // X10 / normal (1000): three bytes, each value + 32.
        TerminalInput("X10 (old xterm, PuTTY)", bytes: [0x1B, 0x5B, 0x4D, 32, 42, 37], pointer(.press, 9, 4)),
        TerminalInput("X10 (old xterm, PuTTY)", bytes: [0x1B, 0x5B, 0x4D, 96, 42, 37], pointer(.scrollUp, 9, 4)),
        TerminalInput("X10, column 150", bytes: [0x1B, 0x5B, 0x4D, 32, 182, 37], pointer(.press, 149, 4)),
        // urxvt (1015): decimal, button + 32.
        TerminalInput("urxvt", "\u{1B}[32;10;5M", pointer(.press, 9, 4)),
        TerminalInput("urxvt", "\u{1B}[97;10;5M", pointer(.scrollDown, 9, 4)),
    ]

    public static let other: [TerminalInput] = [
        TerminalInput("xterm, tmux focus", "\u{1B}[I", [.focusIn]),
        TerminalInput("xterm, tmux focus", "\u{1B}[O", [.focusOut]),
        TerminalInput("bracketed paste", "\u{1B}[200~1.5\r2\u{1B}[201~", [.paste("1.5\n2")]),
        // Replies to queries (some arrive unasked, or late from a query another program sent).
        TerminalInput("reply: DA1 (VT220)", "\u{1B}[?62;c", []),
        TerminalInput("reply: DA1 (xterm)", "\u{1B}[?64;1;2;6;9;15;18;21;22c", []),
        TerminalInput("reply: DA2", "\u{1B}[>41;380;0c", []),
        TerminalInput("reply: cursor position", "\u{1B}[12;40R", []),
        TerminalInput("reply: DECRPM", "\u{1B}[?2004;1$y", []),
        TerminalInput("reply: kitty flags", "\u{1B}[?1u", []),
        TerminalInput("reply: window size", "\u{1B}[8;24;80t", []),
        TerminalInput("reply: OSC 11 colour, ST", "\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", []),
        TerminalInput("reply: OSC 10 colour, BEL", "\u{1B}]10;rgb:ffff/ffff/ffff\u{07}", []),
        TerminalInput("reply: DCS XTVERSION", "\u{1B}P>|XTerm(380)\u{1B}\\", []),
        TerminalInput("reply: DECRQSS", "\u{1B}P1$r0m\u{1B}\\", []),
        TerminalInput("reply: APC kitty graphics", "\u{1B}_Gi=1;OK\u{1B}\\", []),
        TerminalInput("PM", "\u{1B}^private\u{1B}\\", []),
        TerminalInput("SOS", "\u{1B}Xstring\u{1B}\\", []),
        TerminalInput("unknown CSI", "\u{1B}[1;2;3x", []),
        TerminalInput("unknown CSI", "\u{1B}[>0q", []),
        TerminalInput("unknown CSI", "\u{1B}[99~", []),
        TerminalInput("unknown SS3", "\u{1B}Oz", []),
    ]

    /// Every entry.
    public static var all: [TerminalInput] { keys + mouse + other }
}
