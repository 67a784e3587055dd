import Foundation
import Records
import Testing

/// The pure modules trim and test text without Foundation's `CharacterSet` (they import
/// FoundationEssentials); these helpers must say what Foundation says.
@Suite struct TrimmingTests {
    static let samples = [
        "", " ", "\t", "\n", " \t\n\r ", "a", " a ", "\ta b\t", "\n a \n", "\u{00A0}x\u{3000}", "\u{2028}x\u{2029}",
        "\u{85}x\u{85}", "\u{200B}x", " é ", "  漢字  ", "x\u{0301} ", "\r\nline\r\n", "\u{1680}\u{2003}y\u{202F}",
    ]

    @Test(arguments: samples)
    func blanksAreTrimmedAsFoundationTrimsWhitespace(text: String) {
        #expect(text.trimmingBlanks() == text.trimmingCharacters(in: .whitespaces))
        #expect(text.trimmingBlanks(andNewlines: true) == text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    @Test func controlAndFormatCharactersAreFoundationsControlCharacters() {
        for value in UInt32(0)...0x3000 {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(scalar.isControlOrFormat == CharacterSet.controlCharacters.contains(scalar), "U+\(value)")
            #expect(scalar.isBlankOrNewline == CharacterSet.whitespacesAndNewlines.contains(scalar), "U+\(value)")
        }
    }
}
