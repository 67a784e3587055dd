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
///
/// The segment font is for digits much taller than that: seven segments with thin strokes, a
/// vertical stroke one column wide and a horizontal one half a row (▀ ▄), 2n+1 rows tall and
/// n+1 columns wide at scale n (n ≥ 2 for the strokes to leave a hole; n−1 columns from
/// scale 6):
///
/// ```
/// █▀█ ▀▀█ ▀▀█       "0", "7", "2" at scale 2 (5 rows). From scale 4 on the strokes are
/// █ █   █   █       dashed, as the segments of an LED display: a vertical one lit on every
/// █ █   █ █▀▀       third row and where it meets a horizontal one, a horizontal one on every
/// █ █   █ █         other column. A solid vertical stroke would cost a cursor move on every
/// █▄█   █ █▄▄       row it crosses, a solid horizontal one three bytes a column.
/// ```
///
/// A second's change to a countdown then rewrites only the strokes that differ, and what a
/// terminal is sent grows with the rows a changed stroke crosses, not with its area.
public struct BigDigits: Widget, Hashable, Sendable {
    /// The characters big digits are drawn with.
    public enum Font: Hashable, Sendable, CaseIterable {
        /// Half and full blocks (▀ ▄ █): square pixels, three cells wide per digit.
        case blocks
        /// Seven-segment figures of "_" and "|", for terminals without block characters.
        case ascii
        /// Seven segments with thin strokes (█ ▀ ▄), for digits many rows tall.
        case segments

        /// Rows of every glyph at scale 1.
        public var height: Int { 3 }

        /// Rows of every glyph at `scale`: 3·scale for blocks and ASCII, 2·scale+1 for segments.
        public func height(scale: Int) -> Int {
            let scale = max(1, scale)
            return self == .segments ? 2 * scale + 1 : 3 * scale
        }

        /// Columns between two glyphs at `scale`.
        public func spacing(scale: Int) -> Int {
            let scale = max(1, scale)
            return self == .segments ? max(1, (scale + 1) / 2) : BigDigits.spacing * scale
        }
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

    /// The smallest scale at which the segment font's strokes are dashed (9 rows tall).
    public static let dashedSegmentsFrom = Segments.dashedFrom

    /// The size of `text` in big digits of `font`, or `nil` if the font lacks one of its
    /// characters. An empty text has size zero.
    public static func size(of text: String, font: Font = .blocks, scale: Int = 1) -> Size? {
        guard !text.isEmpty else { return .zero }
        let scale = max(1, scale)
        var width = 0
        var count = 0
        for byte in text.utf8 {
            guard let glyphWidth = glyphWidth(of: byte, font: font, scale: scale) else { return nil }
            width += glyphWidth
            count += 1
        }
        return Size(width: width + (count - 1) * font.spacing(scale: scale), height: font.height(scale: scale))
    }

    /// The columns of the character `byte` at `scale`, or `nil` when the font lacks it.
    private static func glyphWidth(of byte: UInt8, font: Font, scale: Int) -> Int? {
        switch font {
        case .blocks, .ascii:
            return strokes(for: byte, font: font).map { $0[0].count * scale }
        case .segments:
            return Segments.width(of: byte, scale: scale)
        }
    }

    /// The largest scale (at least 1, at most `most`) at which `text` fits in `size`.
    public static func largestScale(of text: String, font: Font = .blocks, fitting size: Size, most: Int = .max)
        -> Int
    {
        guard font != .segments else {
            var scale = 1
            while scale < most, let next = Self.size(of: text, font: font, scale: scale + 1), size.contains(next) {
                scale += 1
            }
            return scale
        }
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
        if font == .segments {
            var x = frame.x
            for byte in text.utf8 {
                Segments.draw(byte, scale: scale, style: style, into: &canvas, at: Point(x: x, y: frame.y), clip: area)
                x += (Segments.width(of: byte, scale: scale) ?? 0) + font.spacing(scale: scale)
            }
            return
        }
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
            case .blocks, .segments:
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
        case .blocks, .segments: return blockStrokes[Int(byte)]
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

/// The segment font: which segments each character lights and which cells they cover.
///
/// A glyph at scale n is n+1 columns by 2n+1 rows; counting half rows ("pixels") from the top,
/// the top stroke is pixel 0, the middle one pixel 2n (the upper half of row n) and the bottom
/// one pixel 4n+1. The left and right strokes run the full column from the top stroke's pixel to
/// the middle one's (upper) and from there to the bottom (lower).
enum Segments {
    /// The segments of a seven-segment figure.
    struct Lit: OptionSet {
        let rawValue: UInt8
        static let top = Lit(rawValue: 1)
        static let upperRight = Lit(rawValue: 2)
        static let lowerRight = Lit(rawValue: 4)
        static let bottom = Lit(rawValue: 8)
        static let lowerLeft = Lit(rawValue: 16)
        static let upperLeft = Lit(rawValue: 32)
        static let middle = Lit(rawValue: 64)
    }

    /// The smallest scale from which strokes are dashed: a vertical one lit on every third row
    /// of its segment and where it meets a horizontal one, a horizontal one on every other
    /// column and at both ends.
    static let dashedFrom = 4

    /// The segments of `byte`, or `nil` when it is not a digit, "-" or " ".
    static func lit(_ byte: UInt8) -> Lit? {
        switch byte {
        case UInt8(ascii: "0"): return [.top, .upperRight, .lowerRight, .bottom, .lowerLeft, .upperLeft]
        case UInt8(ascii: "1"): return [.upperRight, .lowerRight]
        case UInt8(ascii: "2"): return [.top, .upperRight, .middle, .lowerLeft, .bottom]
        case UInt8(ascii: "3"): return [.top, .upperRight, .middle, .lowerRight, .bottom]
        case UInt8(ascii: "4"): return [.upperLeft, .middle, .upperRight, .lowerRight]
        case UInt8(ascii: "5"): return [.top, .upperLeft, .middle, .lowerRight, .bottom]
        case UInt8(ascii: "6"): return [.top, .upperLeft, .middle, .lowerLeft, .lowerRight, .bottom]
        case UInt8(ascii: "7"): return [.top, .upperRight, .lowerRight]
        case UInt8(ascii: "8"): return [.top, .upperRight, .lowerRight, .bottom, .lowerLeft, .upperLeft, .middle]
        case UInt8(ascii: "9"): return [.top, .upperRight, .lowerRight, .bottom, .upperLeft, .middle]
        case UInt8(ascii: "-"): return .middle
        case UInt8(ascii: " "): return []
        default: return nil
        }
    }

    /// The columns of `byte` at `scale`: n+1 for figures (n−1 once dashed, odd from scale 6 on
    /// so that a dashed horizontal stroke ends lit at both ends), 1 for ":" and ".".
    static func width(of byte: UInt8, scale: Int) -> Int? {
        if byte == UInt8(ascii: ":") || byte == UInt8(ascii: ".") { return 1 }
        return lit(byte) == nil ? nil : figureWidth(scale: scale)
    }

    /// The columns of a figure at `scale`.
    static func figureWidth(scale n: Int) -> Int { n >= 6 ? n - 1 : n + 1 }

    private static let full = Glyph("█")
    private static let upperHalf = Glyph("▀")
    private static let lowerHalf = Glyph("▄")

    /// Draws `byte` at `scale` with its top left corner at `origin`; unlit cells are left alone.
    static func draw(
        _ byte: UInt8, scale n: Int, style: Style, into canvas: inout Canvas, at origin: Point, clip: Rect
    ) {
        func put(_ glyph: Glyph, _ x: Int, _ y: Int) {
            canvas.put(Cell(glyph, style: style), x: origin.x + x, y: origin.y + y, clip: clip)
        }
        switch byte {
        case UInt8(ascii: ":"):
            put(full, 0, (n + 1) / 2)
            put(full, 0, 2 * n - (n + 1) / 2)
            return
        case UInt8(ascii: "."):
            put(lowerHalf, 0, 2 * n)
            return
        default: break
        }
        guard let lit = lit(byte), !lit.isEmpty else { return }
        let width = figureWidth(scale: n)
        let middlePixel = 2 * n
        let bottomPixel = 4 * n + 1
        let dashed = n >= dashedFrom
        func verticalRowIsLit(_ row: Int) -> Bool {
            !dashed || (row <= n ? row : row - n) % 3 == 0 || row == n || row == 2 * n
        }
        // Whether the pixel `pixel` (half rows from the top) of column `x` is lit.
        func isLit(_ x: Int, _ pixel: Int) -> Bool {
            if !dashed || x % 2 == 0 || x == width - 1 {
                if pixel == 0 && lit.contains(.top) { return true }
                if pixel == middlePixel && lit.contains(.middle) { return true }
                if pixel == bottomPixel && lit.contains(.bottom) { return true }
            }
            guard x == 0 || x == width - 1, verticalRowIsLit(pixel / 2) else { return false }
            let upper: Lit = x == 0 ? .upperLeft : .upperRight
            let lower: Lit = x == 0 ? .lowerLeft : .lowerRight
            return (pixel <= middlePixel && lit.contains(upper)) || (pixel >= middlePixel && lit.contains(lower))
        }
        for row in 0...(2 * n) {
            for x in 0..<width {
                switch (isLit(x, 2 * row), isLit(x, 2 * row + 1)) {
                case (true, true): put(full, x, row)
                case (true, false): put(upperHalf, x, row)
                case (false, true): put(lowerHalf, x, row)
                case (false, false): continue
                }
            }
        }
    }
}
