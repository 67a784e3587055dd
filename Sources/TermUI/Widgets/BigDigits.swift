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
///
/// At `scale` n the digits are n times as wide and as tall, gaps included: the block font is
/// drawn from its pixels (a cell holds two, ▀ and ▄), each pixel becoming n×n, so strokes stay
/// solid; the ASCII font repeats each stroke ("_" only along a cell's bottom row).
/// `largestScale(of:font:fitting:)` picks the scale for an area.
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
    /// How many times the font's size the digits are drawn (1 or more).
    public var scale: Int

    /// Big digits showing `text`, `scale` times the font's size.
    public init(_ text: String, font: Font = .blocks, style: Style = .plain, scale: Int = 1) {
        self.text = text
        self.font = font
        self.style = style
        self.scale = max(1, scale)
    }

    /// Columns between two glyphs.
    public static let spacing = 1

    /// The size of `text` in big digits of `font`, or `nil` if the font lacks one of its
    /// characters. An empty text has size zero.
    public static func size(of text: String, font: Font = .blocks, scale: Int = 1) -> Size? {
        guard !text.isEmpty else { return .zero }
        var width = 0
        var count = 0
        for byte in text.utf8 {
            guard let glyph = strokes(for: byte, font: font) else { return nil }
            width += glyph[0].count
            count += 1
        }
        let scale = max(1, scale)
        return Size(width: (width + (count - 1) * spacing) * scale, height: font.height * scale)
    }

    /// The largest scale (at least 1, at most `most`) at which `text` fits in `size`.
    public static func largestScale(of text: String, font: Font = .blocks, fitting size: Size, most: Int = .max)
        -> Int
    {
        guard let unit = Self.size(of: text, font: font), unit.width > 0, unit.height > 0 else { return 1 }
        return max(1, min(most, size.width / unit.width, size.height / unit.height))
    }

    /// The size of this text in big digits (`nil` if the font lacks one of its characters).
    public var size: Size? { Self.size(of: text, font: font, scale: scale) }

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
                    if scale == 1 {
                        canvas.put(Cell(stroke, style: style), x: x + column, y: frame.y + row, clip: area)
                    } else {
                        drawScaled(
                            stroke, into: &canvas, at: Point(x: x + column * scale, y: frame.y + row * scale),
                            clip: area)
                    }
                }
            }
            x += (glyph[0].count + Self.spacing) * scale
        }
    }

    /// Draws one cell of the font as `scale`×`scale` cells from `origin`.
    private func drawScaled(_ stroke: Glyph, into canvas: inout Canvas, at origin: Point, clip: Rect) {
        let n = scale
        for row in 0..<n {
            let cell: Glyph
            switch font {
            case .blocks:
                // Pixel rows 2·row and 2·row+1 of the scaled cell come from pixel rows
                // (2·row)/n and (2·row+1)/n of the original's two (0 the upper, 1 the lower).
                let upper = Self.hasPixel(stroke, lower: (2 * row) / n == 1)
                let lower = Self.hasPixel(stroke, lower: (2 * row + 1) / n == 1)
                switch (upper, lower) {
                case (true, true): cell = Self.full
                case (true, false): cell = Self.upperHalf
                case (false, true): cell = Self.lowerHalf
                case (false, false): continue
                }
            case .ascii:
                if stroke == Self.underscore || stroke == Self.dot {
                    guard row == n - 1 else { continue }
                }
                cell = stroke
            }
            for column in 0..<n {
                canvas.put(Cell(cell, style: style), x: origin.x + column, y: origin.y + row, clip: clip)
            }
        }
    }

    private static let full = Glyph("█")
    private static let upperHalf = Glyph("▀")
    private static let lowerHalf = Glyph("▄")
    private static let underscore = Glyph("_")
    private static let dot = Glyph(".")

    /// Whether the block cell `stroke` has its upper (or lower) pixel set.
    private static func hasPixel(_ stroke: Glyph, lower: Bool) -> Bool {
        stroke == full || stroke == (lower ? lowerHalf : upperHalf)
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
