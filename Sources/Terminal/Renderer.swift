import TermUI

#if canImport(Glibc)
    import Glibc
#endif

/// How many colours the terminal shows.
public enum ColorMode: Sendable, Equatable {
    /// No colour: attributes only (`NO_COLOR`, `--no-color`, or a monochrome terminal).
    case none
    /// The eight basic colours.
    case basic
    /// The 256-colour palette.
    case indexed
}

/// Whether the terminal can show Unicode glyphs, or only ASCII (no UTF-8 locale).
public enum GlyphMode: Sendable, Equatable {
    case unicode
    case ascii
}

/// Counters for `TERMFIT_STATS=1`.
public struct RenderStatistics: Sendable, Equatable {
    /// Frames that changed something on screen (and so were sent).
    public var framesSent = 0
    /// Frames composed, whether or not they changed anything.
    public var framesComposed = 0
    /// Frames whose backdrop (the part that stays the same) was drawn, and reused as it was.
    public var backdropsDrawn = 0
    public var backdropsReused = 0
    public var cellsChanged = 0
    public var bytesWritten = 0
    public var largestFrameBytes = 0
    public var composeNanoseconds: Int64 = 0
    public var largestComposeNanoseconds: Int64 = 0

    public init() {}

    /// A short report, one figure a line.
    public var report: String {
        let mean = framesComposed > 0 ? Double(composeNanoseconds) / Double(framesComposed) / 1000 : 0
        return """
            termfit stats:
              frames rendered      \(framesSent) (composed \(framesComposed))
              backdrops reused     \(backdropsReused) (drawn \(backdropsDrawn))
              bytes written        \(bytesWritten)
              cells changed        \(cellsChanged)
              largest frame        \(largestFrameBytes) bytes
              compose+diff mean    \(String(format1: mean)) µs
              compose+diff max     \(String(format1: Double(largestComposeNanoseconds) / 1000)) µs
            """
    }
}

extension String {
    /// `value` with one decimal.
    init(format1 value: Double) {
        let tenths = Int((value * 10).rounded())
        self = "\(tenths / 10).\(abs(tenths % 10))"
    }
}

/// Writes changed runs of a canvas through a `CursesSeam`: maps styles to attributes and colour
/// pairs (allocated on first use), maps glyphs to ASCII where the locale cannot show them, and
/// sends one update per frame.
public final class CursesRenderer {
    public let seam: CursesSeam
    public let colorMode: ColorMode
    public let glyphMode: GlyphMode
    /// The number of colour pairs the terminal supports (pair 0 is the default pair).
    public let pairLimit: Int

    private var pairs: [UInt32: Int] = [:]
    private var nextPair = 1

    public init(seam: CursesSeam, colorMode: ColorMode, glyphMode: GlyphMode, pairLimit: Int = 256) {
        self.seam = seam
        self.colorMode = colorMode
        self.glyphMode = glyphMode
        self.pairLimit = pairLimit
    }

    /// The number of colour pairs defined so far.
    public var pairsInUse: Int { nextPair - 1 }

    /// Puts the cells of `runs` from `canvas` and updates the terminal once. Does nothing at all
    /// when `runs` is empty (unless it erases). Returns the number of cells put.
    ///
    /// - Parameter erasingFirst: blank the screen buffer before putting the runs: a frame drawn
    ///   from scratch then needs only its cells that are not blank.
    @discardableResult
    public func draw(_ canvas: Canvas, runs: [Run], erasingFirst: Bool = false) -> Int {
        guard !runs.isEmpty || erasingFirst else { return 0 }
        if erasingFirst { seam.erase() }
        var count = 0
        var text = [wchar_t](repeating: 0, count: 4)
        text.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for run in runs {
                for x in run.x..<(run.x + run.count) {
                    let cell = canvas[x, run.y]
                    if cell.glyph.isContinuation { continue }
                    let (attributes, pair) = resolve(cell.style)
                    let asciiWide = fill(base, with: cell.glyph)
                    seam.putCell(base, row: run.y, column: x, attributes: attributes, pair: pair)
                    count += 1
                    if asciiWide {
                        // The ASCII stand-in of a wide glyph is one character; blank the second cell.
                        base[0] = 0x20
                        base[1] = 0
                        seam.putCell(base, row: run.y, column: x + 1, attributes: attributes, pair: pair)
                    }
                }
            }
        }
        seam.update()
        return count
    }

    /// The attributes and colour pair that show `style` in this colour mode.
    public func resolve(_ style: Style) -> (Attributes, Int) {
        switch colorMode {
        case .none:
            return (style.attributes, 0)
        case .basic:
            return (style.attributes, pair(foreground: style.foreground.basic, background: style.background.basic))
        case .indexed:
            return (style.attributes, pair(foreground: style.foreground, background: style.background))
        }
    }

    private func pair(foreground: Color, background: Color) -> Int {
        if foreground == .default && background == .default { return 0 }
        let key = UInt32(foreground.raw) << 16 | UInt32(background.raw)
        if let existing = pairs[key] { return existing }
        guard nextPair < pairLimit else { return 0 }
        let number = nextPair
        let defined = seam.defineColorPair(
            number, foreground: foreground.index.map(Int.init) ?? -1, background: background.index.map(Int.init) ?? -1)
        guard defined else { return 0 }
        nextPair += 1
        pairs[key] = number
        return number
    }

    /// Writes the wide string for `glyph` into `buffer`; returns `true` when a wide glyph was
    /// replaced by a one-cell ASCII stand-in.
    private func fill(_ buffer: UnsafeMutablePointer<wchar_t>, with glyph: Glyph) -> Bool {
        if glyph.first < 0x80 && glyph.second == 0 || glyphMode == .unicode {
            buffer[0] = wchar_t(bitPattern: glyph.first)
            buffer[1] = wchar_t(bitPattern: glyph.second)
            buffer[2] = wchar_t(bitPattern: glyph.third)
            buffer[3] = 0
            return false
        }
        let scalar = Unicode.Scalar(glyph.first) ?? "?"
        buffer[0] = wchar_t(ASCIIFallback.byte(for: scalar))
        buffer[1] = 0
        return glyph.width == 2
    }
}
