/// Blank-trimming and control-character tests with Foundation's meanings, for the modules that
/// import FoundationEssentials (which has no `CharacterSet` or `trimmingCharacters(in:)` on
/// Linux): the pure modules then need neither FoundationInternationalization nor ICU.
extension Unicode.Scalar {
    /// In Foundation's `CharacterSet.whitespaces` as swift-corelibs-foundation has it: a space
    /// separator (Zs), a tab, or the zero-width space U+200B.
    public var isBlank: Bool {
        self == "\t" || self == "\u{200B}" || properties.generalCategory == .spaceSeparator
    }

    /// In Foundation's `CharacterSet.whitespacesAndNewlines`: a blank, or U+000A–U+000D, U+0085,
    /// U+2028 or U+2029.
    public var isBlankOrNewline: Bool {
        isBlank || ("\n"..."\r").contains(self) || self == "\u{85}" || self == "\u{2028}" || self == "\u{2029}"
    }

    /// In Foundation's `CharacterSet.controlCharacters`: a control (Cc) or format (Cf) character.
    public var isControlOrFormat: Bool {
        properties.generalCategory == .control || properties.generalCategory == .format
    }
}

extension StringProtocol {
    /// The text without blanks (and, with `newlines`, line breaks) at either end, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` (or `.whitespacesAndNewlines`) gives it.
    public func trimmingBlanks(andNewlines newlines: Bool = false) -> String {
        let scalars = unicodeScalars
        func trimmed(_ scalar: Unicode.Scalar) -> Bool {
            // ASCII first: an import calls this for every field of 100,000 rows.
            if scalar.isASCII { return scalar == " " || scalar == "\t" || (newlines && ("\n"..."\r").contains(scalar)) }
            return newlines ? scalar.isBlankOrNewline : scalar.isBlank
        }
        // Most text has nothing to trim: it comes back as it is, without building another string.
        if let first = scalars.first, let last = scalars.last, !trimmed(first), !trimmed(last) { return String(self) }
        guard let first = scalars.firstIndex(where: { !trimmed($0) }),
            let last = scalars.lastIndex(where: { !trimmed($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }
}
