import CNcursesw
import TermUI

/// Turns what ncurses reads (a character, a key code, a mouse report) into TermFit events. Pure
/// apart from ncurses' constants, and keeps the little state input needs: whether the mouse button
/// is down (so motion becomes a drag) and whether a bracketed paste is being collected.
public struct InputDecoder {
    /// Key codes TermFit defines (with `define_key`) for sequences ncurses does not know.
    public enum CustomKey {
        public static let focusIn = Int32(termfit_key_max() + 1)
        public static let focusOut = Int32(termfit_key_max() + 2)
        public static let pasteStart = Int32(termfit_key_max() + 3)
        public static let pasteEnd = Int32(termfit_key_max() + 4)

        /// The escape sequences behind each custom key.
        public static let sequences: [(String, Int32)] = [
            ("\u{1B}[I", focusIn), ("\u{1B}[O", focusOut), ("\u{1B}[200~", pasteStart), ("\u{1B}[201~", pasteEnd),
        ]
    }

    private var buttonDown = false
    private var paste: String?

    /// The end of a bracketed paste, as characters: ncurses hands it over one character at a time
    /// when its bytes arrive further apart than the escape delay (a slow link).
    private static let pasteEndCharacters = "\u{1B}[201~"

    public init() {}

    /// Whether a bracketed paste has started and not ended: until it does, keys are collected as
    /// its text. The run loop ends it with `endPaste()` when no more input comes.
    public var isPasting: Bool { paste != nil }

    /// Ends a paste whose end never came (lost or mangled on the way): what was collected.
    public mutating func endPaste() -> Event? {
        guard let text = paste else { return nil }
        paste = nil
        return .paste(text)
    }

    /// A character read by `wget_wch` (it returned OK).
    public mutating func decode(character value: UInt32) -> Event? {
        if paste != nil {
            // Ctrl-C is never pasted text: someone wants out, paste or not.
            if value == 0x03 {
                paste = nil
                return .key(.control("c"))
            }
            guard let scalar = Unicode.Scalar(value) else { return nil }
            paste?.unicodeScalars.append(scalar == "\r" ? "\n" : scalar)
            if let text = paste, text.hasSuffix(Self.pasteEndCharacters) {
                paste = nil
                return .paste(String(text.unicodeScalars.dropLast(Self.pasteEndCharacters.unicodeScalars.count)))
            }
            return nil
        }
        switch value {
        case 0x0D, 0x0A: return .key(.enter)
        case 0x09: return .key(.tab)
        case 0x1B: return .key(.escape)
        case 0x7F, 0x08: return .key(.backspace)
        case 0x00: return .key(.control(" "))
        case 0x01...0x1A:
            return .key(.control(Character(Unicode.Scalar(UInt8(value) + 0x60))))
        case 0x1C...0x1F: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }

    /// A key code read by `wget_wch` (it returned KEY_CODE_YES). Mouse reports are read
    /// separately, through `decode(mouse:)`.
    public mutating func decode(keyCode code: Int32) -> Event? {
        switch code {
        case CustomKey.pasteStart:
            paste = ""
            return nil
        case CustomKey.pasteEnd:
            let text = paste ?? ""
            paste = nil
            return .paste(text)
        case CustomKey.focusIn: return .focusIn
        case CustomKey.focusOut: return .focusOut
        default: break
        }
        if paste != nil { return nil }
        let key: Key?
        switch code {
        case termfit_key_up(): key = .up
        case termfit_key_down(): key = .down
        case termfit_key_left(), termfit_key_sleft(): key = .left
        case termfit_key_right(), termfit_key_sright(): key = .right
        case termfit_key_home(): key = .home
        case termfit_key_end(): key = .end
        case termfit_key_ppage(): key = .pageUp
        case termfit_key_npage(): key = .pageDown
        case termfit_key_ic(): key = .insert
        case termfit_key_dc(): key = .delete
        case termfit_key_backspace(): key = .backspace
        case termfit_key_enter(): key = .enter
        case termfit_key_btab(): key = .backTab
        case termfit_key_f(1)...termfit_key_f(24): key = .function(Int(code - termfit_key_f(0)))
        default: key = nil
        }
        return key.map(Event.key)
    }

    /// A mouse report: ncurses' button state bits and the cell.
    public mutating func decode(mouse state: mmask_t, x: Int, y: Int) -> Event? {
        let position = Point(x: x, y: y)
        if state & termfit_button1_pressed() != 0 {
            buttonDown = true
            return .mouse(MouseEvent(.press, at: position))
        }
        if state & termfit_button1_released() != 0 {
            buttonDown = false
            return .mouse(MouseEvent(.release, at: position))
        }
        if state & termfit_button1_clicked() != 0 {
            // A press and release in one report: deliver the release; a scene acts on release.
            buttonDown = false
            return .mouse(MouseEvent(.release, at: position))
        }
        if state & termfit_button4_pressed() != 0 { return .mouse(MouseEvent(.scrollUp, at: position)) }
        if state & termfit_button5_pressed() != 0 { return .mouse(MouseEvent(.scrollDown, at: position)) }
        if state & termfit_report_mouse_position() != 0 && buttonDown {
            return .mouse(MouseEvent(.drag, at: position))
        }
        return nil
    }
}
