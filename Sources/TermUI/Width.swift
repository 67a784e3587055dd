/// How many terminal cells a character takes: 0 (combining marks, zero-width format characters),
/// 1, or 2 (East Asian wide and fullwidth characters, emoji presentation).
public enum DisplayWidth {
    /// The width of one grapheme cluster.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F {
            // Fast path for ASCII; control characters take no cell. A keycap ("1️⃣": a digit, `#` or
            // `*` with the emoji variation selector) is a wide emoji like any other.
            guard first.value >= 0x20 else { return 0 }
            return scalars.count > 1 && first.properties.isEmoji && scalars.contains("\u{FE0F}") ? 2 : 1
        }
        var width = of(first)
        // An emoji variation selector or a skin-tone modifier turns the cluster into a wide emoji.
        for scalar in scalars.dropFirst() where scalar.value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(scalar.value) {
            if first.properties.isEmoji { width = 2 }
        }
        if width == 0 {
            // A cluster made only of marks still shows something when drawn on its own.
            return scalars.count > 1 ? 1 : 0
        }
        return width
    }

    /// The width of one Unicode scalar on its own.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F..<0xA0).contains(value) { return 0 }
        if value < 0x300 { return 1 }
        // Arrows, box drawing, block elements and geometric shapes: every frame is full of them,
        // each one cell, and looking their Unicode properties up was a sixth of a countdown tick.
        if oneCellRanges.contains(where: { $0.first <= value && value <= $0.last }) { return 1 }
        return measured(scalar)
    }

    /// Ranges of scalars that are all one cell wide (a test checks each against `measured`).
    /// Pairs, not `ClosedRange`s: the first frame draws through here, and the range type's
    /// `Comparable` requirement cost the Swift runtime a search of every conformance record.
    static let oneCellRanges: [(first: UInt32, last: UInt32)] = [(0x2190, 0x21FF), (0x2500, 0x25FC)]

    /// The width of a scalar at or above U+0300, from its Unicode properties.
    static func measured(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format:
            return 0
        default:
            break
        }
        if value == 0x200B || (0x1160...0x11FF).contains(value) { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// The width of a whole string, cluster by cluster.
    @inlinable
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        // Printable ASCII, most of what TermFit measures, is one cell a byte: no cluster breaking.
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges of Unicode's EastAsianWidth.txt.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA,
            0x26FD, 0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757,
            0x2795...0x2797, 0x27B0, 0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF,
            0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F251, 0x1F300...0x1F64F,
            0x1F680...0x1F6FF, 0x1F7E0...0x1F7EB, 0x1F90C...0x1F9FF, 0x1FA70...0x1FAFF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

extension StringProtocol {
    /// How many terminal cells this text takes.
    public var displayWidth: Int { DisplayWidth.of(self) }
}
