/// Text leaving TermFit toward a terminal: the one place that decides which characters a
/// terminal must never receive raw from stored or user-supplied text, and how they are shown.
///
/// A name, a card or a file's bad field may hold anything an import accepted: `ESC ] 0 ; … BEL`
/// retitles the window, `ESC [ 2 J` clears it, OSC 52 writes the clipboard, and the bidirectional
/// overrides and isolates (U+202A–U+202E, U+2066–U+2069) make text read differently from what it
/// is. Every command prints stored text through ``sanitized(_:keepingLineBreaks:)`` (tables,
/// CSV, TSV, messages) or ``escapingJSON(_:)`` (JSON), never raw.
public enum TerminalText {
    /// Whether `scalar` must not reach a terminal raw: C0 controls (ESC, BEL, NUL…), DEL, C1
    /// controls (U+0080–U+009F, which some terminals take as CSI, OSC…), and the bidirectional
    /// embeddings, overrides and isolates.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `text` with every unsafe scalar made visible: C0 controls and DEL in caret notation
    /// (`^[` for ESC, `^G` for BEL, `^?` for DEL), C1 controls and the bidirectional controls as
    /// `\u{202E}`. With `keepingLineBreaks`, tab and line feed stay (for formats whose fields may
    /// hold them, quoted: CSV, TSV).
    public static func sanitized(_ text: String, keepingLineBreaks: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if !isUnsafe(scalar) || (keepingLineBreaks && (scalar == "\t" || scalar == "\n")) {
                result.append(scalar)
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                result.append("^")
                result.append(Unicode.Scalar(UInt8(scalar.value ^ 0x40)))
            } else {
                result.append(contentsOf: "\\u{\(hex(scalar.value))}".unicodeScalars)
            }
        }
        return String(result)
    }

    /// JSON text with the unsafe characters JSON allows raw inside strings (DEL, C1 controls, the
    /// bidirectional controls) written as `\uXXXX` escapes: the same JSON value, safe to show.
    /// C0 controls are already escaped by every JSON encoder (raw, they are not valid JSON in a
    /// string), and the line breaks between values are left as they are.
    public static func escapingJSON(_ json: String) -> String {
        guard json.unicodeScalars.contains(where: { isUnsafe($0) && $0.value >= 0x7F }) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            if isUnsafe(scalar) && scalar.value >= 0x7F {
                let digits = hex(scalar.value)
                result.append(
                    contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits)
                        .unicodeScalars)
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func hex(_ value: UInt32) -> String {
        String(value, radix: 16, uppercase: true)
    }
}
