import TermUI

/// What a complete CSI or SS3 sequence means: the key, the mouse report, the reply. The reading of
/// bytes into sequences is in `InputDecoder.swift`.
extension InputDecoder {
    /// A CSI or SS3 sequence split into its parts.
    struct ControlSequence {
        /// `<`, `=`, `>` or `?` before the parameters: a reply or a private form.
        var privateMarker: UInt8?
        /// Parameters separated by `;`, each with its `:` sub-parameters (`nil` where empty).
        var parameters: [[Int?]]
        var intermediates: [UInt8]
        var final: UInt8
        /// Whether the parameters were well formed.
        var isValid: Bool

        init(parameters bytes: [UInt8], intermediates: [UInt8] = [], final: UInt8) {
            var body = bytes[...]
            if let first = body.first, (0x3C...0x3F).contains(first) {
                privateMarker = first
                body = body.dropFirst()
            }
            self.intermediates = intermediates
            self.final = final
            isValid = body.allSatisfy { (0x30...0x3B).contains($0) }
            parameters =
                body.isEmpty
                ? []
                : body.split(separator: 0x3B, omittingEmptySubsequences: false).map { parameter in
                    parameter.split(separator: 0x3A, omittingEmptySubsequences: false).map { digits in
                        digits.isEmpty || digits.count > 9 ? nil : Int(String(decoding: digits, as: UTF8.self))
                    }
                }
        }

        /// The first value of parameter `index`, if given.
        func value(_ index: Int) -> Int? {
            parameters.indices.contains(index) ? parameters[index].first ?? nil : nil
        }

        /// The modifiers of xterm's parameter (1 + Shift 1, Alt 2, Ctrl 4, Super 8, Meta 32) at
        /// `index`, and whether the key was let go (the kitty protocol's event type 3).
        func modifiers(at index: Int) -> (KeyModifiers, released: Bool) {
            guard parameters.indices.contains(index), let value = parameters[index].first ?? nil, value > 1 else {
                let released =
                    parameters.indices.contains(index) && parameters[index].count > 1 && parameters[index][1] == 3
                return ([], released)
            }
            let bits = value - 1
            var modifiers: KeyModifiers = []
            if bits & 1 != 0 { modifiers.insert(.shift) }
            if bits & 2 != 0 { modifiers.insert(.alt) }
            if bits & 4 != 0 { modifiers.insert(.control) }
            if bits & (8 | 32) != 0 { modifiers.insert(.meta) }
            let released = parameters[index].count > 1 && parameters[index][1] == 3
            return (modifiers, released)
        }
    }

    mutating func interpretCSI(_ sequence: ControlSequence) -> Token {
        guard sequence.isValid || sequence.privateMarker == 0x3C else { return .ignored }
        if sequence.privateMarker == 0x3C {
            // SGR mouse: ESC [ < button ; x ; y M (press, motion) or m (release).
            guard sequence.isValid, sequence.intermediates.isEmpty, sequence.final == 0x4D || sequence.final == 0x6D,
                let button = sequence.value(0), let x = sequence.value(1), let y = sequence.value(2)
            else { return .ignored }
            return mouse(button, x: x, y: y, released: sequence.final == 0x6D, sgr: true).map(Token.event) ?? .ignored
        }
        if sequence.privateMarker == 0x3E && sequence.final == 0x63 && sequence.intermediates.isEmpty {
            // The answer to `CSI > c` (which TermFit asks at start): what the terminal is.
            reportedTerminalType = sequence.value(0)
            return .ignored
        }
        // Replies (`ESC [ ? 62 ; c`, `ESC [ ? 1 u`, `ESC [ ? 2004 ; 1 $ y`) and private forms.
        guard sequence.privateMarker == nil else { return .ignored }
        if sequence.final == 0x24 { return key(Self.tildeKey(sequence.value(0)), [.shift]) }  // rxvt: $
        guard sequence.intermediates.isEmpty else { return .ignored }
        let (modifiers, released) = sequence.modifiers(at: 1)
        if released { return .ignored }
        switch sequence.final {
        case 0x41: return key(.up, modifiers)
        case 0x42: return key(.down, modifiers)
        case 0x43: return key(.right, modifiers)
        case 0x44: return key(.left, modifiers)
        case 0x48: return key(.home, modifiers)
        case 0x46: return key(.end, modifiers)
        case 0x5A: return .event(.key(.backTab))
        case 0x50, 0x51, 0x53:  // P Q S: F1, F2, F4
            return key(.function(Int(sequence.final - 0x50) + 1), modifiers)
        case 0x52:
            // F3 as xterm sends it with modifiers (ESC [ 1 ; 5 R); anything else is a cursor
            // position report, which TermFit never asks for.
            guard sequence.parameters.isEmpty || sequence.value(0) == 1 else { return .ignored }
            return key(.function(3), modifiers)
        case 0x7E:  // ~
            switch sequence.value(0) {
            case 200: return .pasteStart
            case 27:
                // xterm's modifyOtherKeys: ESC [ 27 ; modifiers ; code ~.
                guard let code = sequence.value(2) else { return .ignored }
                return codepointKey(code, shifted: nil, modifiers: modifiers)
            default: return key(Self.tildeKey(sequence.value(0)), modifiers)
            }
        case 0x5E: return key(Self.tildeKey(sequence.value(0)), [.control])  // rxvt: ^
        case 0x40: return key(Self.tildeKey(sequence.value(0)), [.control, .shift])  // rxvt: @
        case 0x75:  // u: the kitty keyboard protocol
            guard let code = sequence.value(0) else { return .ignored }
            let shifted = sequence.parameters.first.flatMap { $0.count > 1 ? $0[1] : nil }
            return codepointKey(code, shifted: shifted, modifiers: modifiers)
        case 0x49 where sequence.parameters.isEmpty: return .event(.focusIn)
        case 0x4F where sequence.parameters.isEmpty: return .event(.focusOut)
        case 0x4D where sequence.parameters.count == 3:
            // urxvt mouse: ESC [ button+32 ; x ; y M.
            guard let button = sequence.value(0), let x = sequence.value(1), let y = sequence.value(2) else {
                return .ignored
            }
            return mouse(button - 32, x: x, y: y, released: false).map(Token.event) ?? .ignored
        case 0x61...0x64 where sequence.parameters.isEmpty:
            // rxvt's Shift-arrows: ESC [ a … d.
            return key([Key.up, .down, .right, .left][Int(sequence.final - 0x61)], [.shift])
        default:
            return .ignored
        }
    }

    private func key(_ key: Key?, _ modifiers: KeyModifiers) -> Token {
        guard let key else { return .ignored }
        return .event(.key(.with(modifiers, key)))
    }

    /// The key of VT220's `ESC [ n ~` (and rxvt's `$ ^ @` forms of it).
    static func tildeKey(_ number: Int?) -> Key? {
        switch number {
        case 1, 7: return .home
        case 2: return .insert
        case 3: return .delete
        case 4, 8: return .end
        case 5: return .pageUp
        case 6: return .pageDown
        case .some(let n) where (11...15).contains(n): return .function(n - 10)
        case .some(let n) where (17...21).contains(n): return .function(n - 11)
        case .some(let n) where (23...26).contains(n): return .function(n - 12)
        case .some(let n) where (28...29).contains(n): return .function(n - 13)
        case .some(let n) where (31...34).contains(n): return .function(n - 14)
        default: return nil
        }
    }

    /// The key of an SS3 sequence (`ESC O A`, the keypad's `ESC O p` …, rxvt's `ESC O a`).
    static func interpretSS3(_ sequence: ControlSequence) -> Key? {
        guard sequence.privateMarker == nil, sequence.isValid else { return nil }
        // Old xterms and Konsole put the modifier straight after O (ESC O 5 A) or as ESC O 1 ; 5 A.
        let modifierIndex = sequence.parameters.count > 1 ? 1 : 0
        let (modifiers, _) = sequence.modifiers(at: modifierIndex)
        let base: Key
        switch sequence.final {
        case 0x41: base = .up
        case 0x42: base = .down
        case 0x43: base = .right
        case 0x44: base = .left
        case 0x48: base = .home
        case 0x46: base = .end
        case 0x50...0x53: base = .function(Int(sequence.final - 0x50) + 1)
        case 0x4D: base = .enter
        case 0x49: base = .tab
        case 0x70...0x79: base = .character(Character(Unicode.Scalar(sequence.final - 0x70 + 0x30)))
        case 0x6A: base = .character("*")
        case 0x6B: base = .character("+")
        case 0x6C: base = .character(",")
        case 0x6D: base = .character("-")
        case 0x6E: base = .character(".")
        case 0x6F: base = .character("/")
        case 0x58: base = .character("=")
        case 0x61...0x64: return .modified([Key.up, .down, .right, .left][Int(sequence.final - 0x61)], .control)
        default: return nil
        }
        return .with(modifiers, base)
    }

    /// A key given by its Unicode code point (the kitty protocol, `modifyOtherKeys`) with modifiers.
    private func codepointKey(_ code: Int, shifted: Int?, modifiers: KeyModifiers) -> Token {
        var modifiers = modifiers
        let base: Key
        switch code {
        case 27: base = .escape
        case 13, 57414: base = .enter
        case 9: base = modifiers.contains(.shift) ? .backTab : .tab
        case 127, 8: base = .backspace
        case 57399...57408: base = .character(Character(Unicode.Scalar(UInt8(code - 57399) + 0x30)))
        case 57409: base = .character(".")
        case 57410: base = .character("/")
        case 57411: base = .character("*")
        case 57412: base = .character("-")
        case 57413: base = .character("+")
        case 57415: base = .character("=")
        case 57416: base = .character(",")
        case 57417: base = .left
        case 57418: base = .right
        case 57419: base = .up
        case 57420: base = .down
        case 57421: base = .pageUp
        case 57422: base = .pageDown
        case 57423: base = .home
        case 57424: base = .end
        case 57425: base = .insert
        case 57426: base = .delete
        case 57376...57398: base = .function(code - 57376 + 13)
        case 32...0x10FFFF:
            // The rest of the private-use block the protocol numbers its other keys in (Caps Lock,
            // media keys, a modifier on its own): not keys TermFit uses.
            guard !(57344...63743).contains(code), code != 127, let scalar = Unicode.Scalar(UInt32(code)) else {
                return .ignored
            }
            var character = Character(scalar)
            if modifiers.contains(.shift) {
                if let shifted, let value = Unicode.Scalar(UInt32(max(0, shifted))) {
                    character = Character(value)
                } else {
                    character = Character(character.uppercased())
                }
                modifiers.remove(.shift)
            }
            if modifiers.contains(.control), let control = Self.controlCharacter(character) {
                modifiers.remove(.control)
                return .event(.key(.with(modifiers, .control(control))))
            }
            return .event(.key(.with(modifiers, .character(character))))
        default:
            return .ignored
        }
        if base == .backTab { modifiers.remove(.shift) }
        return .event(.key(.with(modifiers, base)))
    }

    /// The letter of Ctrl with `character`, as `.control` names it, where the terminal's own
    /// Ctrl form has one (Ctrl-A … Ctrl-Z, Ctrl-Space).
    private static func controlCharacter(_ character: Character) -> Character? {
        if character == " " || character == "@" { return " " }
        guard let ascii = character.asciiValue, (0x41...0x5A).contains(ascii) || (0x61...0x7A).contains(ascii) else {
            return nil
        }
        return Character(Unicode.Scalar(ascii | 0x20))
    }

    // MARK: Mouse

    /// A mouse report's event: `button` is the report's button byte (without the X10 offset of
    /// 32), `x` and `y` count from 1. Only the primary button and the wheel mean anything to
    /// TermFit; a release that cannot say which button (X10, urxvt) counts when the primary one is
    /// down, and a drag is motion with it down.
    mutating func mouse(_ button: Int, x: Int, y: Int, released: Bool, sgr: Bool = false) -> Event? {
        let position = Point(x: max(0, x - 1), y: max(0, y - 1))
        if button & 128 != 0 { return nil }
        if button & 64 != 0 {
            switch button & 3 {
            case 0: return .mouse(MouseEvent(.scrollUp, at: position))
            case 1: return .mouse(MouseEvent(.scrollDown, at: position))
            default: return nil
            }
        }
        let number = button & 3
        if button & 32 != 0 {
            return number == 0 && buttonDown ? .mouse(MouseEvent(.drag, at: position)) : nil
        }
        if released || (!sgr && number == 3) {
            guard number == 0 || (!sgr && buttonDown) else { return nil }
            buttonDown = false
            return .mouse(MouseEvent(.release, at: position))
        }
        guard number == 0 else { return nil }
        buttonDown = true
        return .mouse(MouseEvent(.press, at: position))
    }
}
