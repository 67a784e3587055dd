/// The one rule for the characters of any text TermFit keeps (a name, a card, a setting), the
/// same on every way in: the screens' fields, `termfit import`, `termfit flashcards import` and
/// the store.
///
/// Kept are every printable character, tab and line feed. Refused (at entry, with the field and
/// the character named) are the characters ``TerminalText`` must never send to a terminal raw:
/// the other C0 controls (ESC, BEL, CR…), DEL, the C1 controls and the bidirectional embeddings,
/// overrides and isolates. A field on screen never takes them (it drops what has no width), so
/// what is kept can always be written out exactly as it is, and an export read back gives the
/// same text: nothing needs escaping, and nothing changes on the way through (docs/DECISIONS.md,
/// "Control characters are refused at entry").
public enum StoredText {
    /// Whether `scalar` may not be part of a stored text.
    public static func isRefused(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\t" && scalar != "\n" && TerminalText.isUnsafe(scalar)
    }

    /// Why `text` cannot be stored, naming it as `what` ("the prompt"), or `nil` when it can.
    public static func problem(in text: String, _ what: String) -> String? {
        guard let scalar = text.unicodeScalars.first(where: isRefused) else { return nil }
        return "\(what) has the control character \(codePoint(scalar)), which TermFit does not keep"
    }

    /// `U+001B`: how a refusal names a character (never the character itself).
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let digits = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
