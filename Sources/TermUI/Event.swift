/// Shift, Alt, Ctrl and Super held with a key, as terminals report them (xterm's modifier
/// parameter, the kitty keyboard protocol, an ESC prefix for Alt).
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let control = KeyModifiers(rawValue: 4)
    /// Super (the Windows or Command key), or Meta where a terminal tells it apart from Alt.
    public static let meta = KeyModifiers(rawValue: 8)

    /// "Ctrl-Alt-" and so on: the prefix of a modified key's name.
    public var prefix: String {
        var text = ""
        if contains(.control) { text += "Ctrl-" }
        if contains(.alt) { text += "Alt-" }
        if contains(.meta) { text += "Super-" }
        if contains(.shift) { text += "Shift-" }
        return text
    }
}

/// A key the user pressed.
public enum Key: Hashable, Sendable {
    /// A printable character (letters, digits, punctuation, space, any script).
    case character(Character)
    /// Ctrl with a letter, as the lower-case letter (`.control("a")` is Ctrl-A).
    case control(Character)
    case up, down, left, right
    case enter, escape, tab, backTab, backspace, delete, insert
    case home, end, pageUp, pageDown
    /// Function key F1…F24.
    case function(Int)
    /// A key held with modifiers that change what it means: Alt-x, Ctrl-↑, Shift-F5. Plain Shift
    /// with a character is the character itself (`A`), and Shift-Tab is `.backTab`; Ctrl with a
    /// letter is `.control`. A screen that does not bind a modified key ignores it.
    indirect case modified(Key, KeyModifiers)

    /// `key` with `modifiers`, or `key` itself when there are none.
    public static func with(_ modifiers: KeyModifiers, _ key: Key) -> Key {
        if modifiers.isEmpty { return key }
        if case .modified(let base, let held) = key { return .modified(base, held.union(modifiers)) }
        return .modified(key, modifiers)
    }

    /// A short human name, for help bars and messages.
    public var name: String {
        switch self {
        case .character(" "): return "Space"
        case .character(let character): return String(character)
        case .control(let character): return "Ctrl-\(character.uppercased())"
        case .up: return "↑"
        case .down: return "↓"
        case .left: return "←"
        case .right: return "→"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .insert: return "Insert"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .function(let number): return "F\(number)"
        case .modified(let key, let modifiers): return modifiers.prefix + key.name
        }
    }
}

/// A mouse (or touch screen) event at a cell.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// The primary button went down.
        case press
        /// The pointer moved with the primary button held.
        case drag
        /// The primary button came up.
        case release
        case scrollUp
        case scrollDown
    }

    public var kind: Kind
    public var position: Point

    public init(_ kind: Kind, at position: Point) {
        self.kind = kind
        self.position = position
    }
}

/// A result of background work (an HTTP response, say), delivered to the scene through the run
/// loop's wake pipe. `name` says what it is; `payload` carries the value.
public struct Message: Sendable, Equatable {
    public let name: String
    public let payload: any Sendable

    public init(_ name: String, payload: any Sendable = ()) {
        self.name = name
        self.payload = payload
    }

    public static func == (lhs: Message, rhs: Message) -> Bool { lhs.name == rhs.name }
}

/// Everything a scene reacts to.
public enum Event: Sendable, Equatable {
    case key(Key)
    case mouse(MouseEvent)
    /// Text pasted in one piece (bracketed paste).
    case paste(String)
    /// The terminal has a new size (also sent once at start).
    case resize(Size)
    /// The terminal window gained or lost focus (where the terminal reports it).
    case focusIn
    case focusOut
    /// The program is about to stop (Ctrl-Z) / has continued.
    case suspend
    case resume
    /// A deadline the scene asked for has passed.
    case tick
    /// Background work finished.
    case message(Message)
    /// The program is ending (quit, SIGINT, SIGTERM, SIGHUP): last chance to save.
    case terminate
}

extension Event {
    /// Whether the member made this event (a key, a click, a paste), as against the terminal, the
    /// clock or the program.
    public var isInput: Bool {
        switch self {
        case .key, .mouse, .paste: true
        default: false
        }
    }
}
