/// Large text for timers and counters, three rows tall:
///
/// ```
/// █▀█ ▀█  ▄ ▀▀█ █▀█       _         _   _
/// █ █  █  ▄  ▀█ █ █      | |   | .  _| | |
/// ▀▀▀ ▀▀▀   ▀▀▀ ▀▀▀      |_|   | .  _| |_|     "01:30", blocks and ascii
/// ```
///
/// The font has the digits 0–9, ":", ".", "-" and the space; glyphs are one column apart. The
/// text is drawn centred in the area; when the area is too small for it, or the text has a
/// character the font lacks, it is drawn as ordinary text on the area's middle row instead.
public struct BigDigits: Widget, Hashable, Sendable {
    /// The characters big digits are drawn with.
    public enum Font: Hashable, Sendable, CaseIterable {
        /// Half and full blocks (▀ ▄ █): square pixels, three cells wide per digit.
        case blocks
        /// Seven-segment figures of "_" and "|", for terminals without block characters.
        case ascii

        /// Rows of every glyph.
        public var height: Int { 3 }
    }

    /// The text to show, such as "01:30".
    public var text: String
    /// The characters the digits are drawn with.
    public var font: Font
    /// The style of every stroke (and of the plain-text fallback).
    public var style: Style

    /// Big digits showing `text`.
    public init(_ text: String, font: Font = .blocks, style: Style = .plain) {
        self.text = text
        self.font = font
        self.style = style
    }

    /// Columns between two glyphs.
    public static let spacing = 1

    /// The size of `text` in big digits of `font`, or `nil` if the font lacks one of its
    /// characters. An empty text has size zero.
    public static func size(of text: String, font: Font = .blocks) -> Size? {
        guard !text.isEmpty else { return .zero }
        var width = 0
        var count = 0
        for byte in text.utf8 {
            guard let glyph = strokes(for: byte, font: font) else { return nil }
            width += glyph[0].count
            count += 1
        }
        return Size(width: width + (count - 1) * spacing, height: font.height)
    }

    /// The size of this text in big digits (`nil` if the font lacks one of its characters).
    public var size: Size? { Self.size(of: text, font: font) }

    /// Draws the text centred in `area`, or as plain text when it does not fit.
    public func render(into canvas: inout Canvas, in area: Rect) {
        guard !area.isEmpty else { return }
        guard let size, area.size.contains(size) else {
            let middle = area.row((area.height - 1) / 2)
            Text(text, style: style, alignment: .center).render(into: &canvas, in: middle)
            return
        }
        let frame = area.centered(size)
        var x = frame.x
        for byte in text.utf8 {
            guard let glyph = Self.strokes(for: byte, font: font) else { continue }
            for (row, line) in glyph.enumerated() {
                // Blank cells are skipped, so whatever lies between the strokes stays visible.
                for (column, stroke) in line.enumerated() where stroke != .space {
                    canvas.put(Cell(stroke, style: style), x: x + column, y: frame.y + row, clip: area)
                }
            }
            x += glyph[0].count + Self.spacing
        }
    }

    /// The rows of the character `byte` (ASCII) in `font`, every row as long as the others; `nil`
    /// when the font lacks it (and for every byte of a character beyond ASCII).
    static func strokes(for byte: UInt8, font: Font) -> [[Glyph]]? {
        guard byte < 0x80 else { return nil }
        switch font {
        case .blocks: return blockStrokes[Int(byte)]
        case .ascii: return asciiStrokes[Int(byte)]
        }
    }

    // The glyphs as cells' glyphs, by ASCII code, made once rather than on every frame.
    private static let blockStrokes = strokeTable(blockGlyphs)
    private static let asciiStrokes = strokeTable(asciiGlyphs)

    private static func strokeTable(_ glyphs: [Character: [String]]) -> [[[Glyph]]?] {
        var table = [[[Glyph]]?](repeating: nil, count: 0x80)
        for (character, rows) in glyphs {
            guard let code = character.asciiValue else { continue }
            table[Int(code)] = rows.map { row in row.map { Glyph($0) } }
        }
        return table
    }

    private static let blockGlyphs: [Character: [String]] = [
        "0": ["█▀█", "█ █", "▀▀▀"],
        "1": ["▀█ ", " █ ", "▀▀▀"],
        "2": ["▀▀█", "█▀▀", "▀▀▀"],
        "3": ["▀▀█", " ▀█", "▀▀▀"],
        "4": ["█ █", "▀▀█", "  ▀"],
        "5": ["█▀▀", "▀▀█", "▀▀▀"],
        "6": ["█▀▀", "█▀█", "▀▀▀"],
        "7": ["▀▀█", "  █", "  ▀"],
        "8": ["█▀█", "█▀█", "▀▀▀"],
        "9": ["█▀█", "▀▀█", "▀▀▀"],
        ":": ["▄", "▄", " "],
        ".": [" ", " ", "▀"],
        "-": ["   ", "▀▀▀", "   "],
        " ": [" ", " ", " "],
    ]

    private static let asciiGlyphs: [Character: [String]] = [
        "0": [" _ ", "| |", "|_|"],
        "1": ["   ", "  |", "  |"],
        "2": [" _ ", " _|", "|_ "],
        "3": [" _ ", " _|", " _|"],
        "4": ["   ", "|_|", "  |"],
        "5": [" _ ", "|_ ", " _|"],
        "6": [" _ ", "|_ ", "|_|"],
        "7": [" _ ", "  |", "  |"],
        "8": [" _ ", "|_|", "|_|"],
        "9": [" _ ", "|_|", " _|"],
        ":": [" ", ".", "."],
        ".": [" ", " ", "."],
        "-": ["   ", " _ ", "   "],
        " ": [" ", " ", " "],
    ]
}
