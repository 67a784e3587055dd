import TermUI
import Testing

@Suite("Big digits")
struct BigDigitsTests {
    @Test func golden() {
        var canvas = screen()
        BigDigits("01:30").render(into: &canvas, in: canvas.bounds)
        BigDigits("01:30", font: .ascii).render(into: &canvas, in: Rect(x: 0, y: 18, width: 80, height: 3))
        expectFrame(
            canvas,
            [
                "", "", "", "", "", "", "", "", "", "",
                "                               █▀█ ▀█  ▄ ▀▀█ █▀█",
                "                               █ █  █  ▄  ▀█ █ █",
                "                               ▀▀▀ ▀▀▀   ▀▀▀ ▀▀▀",
                "", "", "", "", "",
                "                                _         _   _",
                "                               | |   | .  _| | |",
                "                               |_|   | .  _| |_|",
            ])
    }

    @Test func drawsEveryGlyphOfTheBlockFont() {
        var canvas = Canvas(size: Size(width: 60, height: 3))
        BigDigits("0123456789 -.:").render(into: &canvas, in: Rect(x: 0, y: 0, width: 49, height: 3))
        #expect(
            canvas.lines() == [
                "█▀█ ▀█  ▀▀█ ▀▀█ █ █ █▀▀ █▀▀ ▀▀█ █▀█ █▀█         ▄",
                "█ █  █  █▀▀  ▀█ ▀▀█ ▀▀█ █▀█   █ █▀█ ▀▀█   ▀▀▀   ▄",
                "▀▀▀ ▀▀▀ ▀▀▀ ▀▀▀   ▀ ▀▀▀ ▀▀▀   ▀ ▀▀▀ ▀▀▀       ▀",
            ])
    }

    @Test func drawsEveryGlyphOfTheAsciiFont() {
        var canvas = Canvas(size: Size(width: 60, height: 3))
        BigDigits("0123456789 -.:", font: .ascii).render(into: &canvas, in: Rect(x: 0, y: 0, width: 49, height: 3))
        #expect(
            canvas.lines() == [
                " _       _   _       _   _   _   _   _",
                "| |   |  _|  _| |_| |_  |_    | |_| |_|    _    .",
                "|_|   | |_   _|   |  _| |_|   | |_|  _|       . .",
            ])
        #expect(canvas.cells.allSatisfy { $0.glyph.scalars.allSatisfy(\.isASCII) })
    }

    @Test func measuresText() {
        #expect(BigDigits.size(of: "01:30") == Size(width: 17, height: 3))
        #expect(BigDigits.size(of: "8") == Size(width: 3, height: 3))
        #expect(BigDigits.size(of: "-1.5") == Size(width: 13, height: 3))
        #expect(BigDigits.size(of: "1 0") == Size(width: 9, height: 3))
        #expect(BigDigits.size(of: "01:30", font: .ascii) == Size(width: 17, height: 3))
        #expect(BigDigits.size(of: "") == .zero)
        #expect(BigDigits.size(of: "1a") == nil)
        // Characters beyond ASCII are outside the font, whatever their bytes.
        #expect(BigDigits.size(of: "1½") == nil)
        #expect(BigDigits.size(of: "٣") == nil)
        #expect(BigDigits.size(of: "1\r\n2") == nil)
        #expect(BigDigits("12").size == Size(width: 7, height: 3))
    }

    @Test func fallsBackToPlainTextWhenTheAreaIsTooSmall() {
        var canvas = Canvas(size: Size(width: 16, height: 4), fill: Cell("."))
        BigDigits("01:30", style: .bold).render(into: &canvas, in: Rect(x: 1, y: 0, width: 14, height: 4))
        #expect(canvas.lines() == ["................", ".....01:30......", "................", "................"])
        #expect(canvas[5, 1].style == .bold)
        var short = Canvas(size: Size(width: 20, height: 2))
        BigDigits("01:30").render(into: &short, in: short.bounds)
        #expect(short.lines() == ["       01:30", ""])
    }

    @Test func fallsBackToPlainTextForCharactersOutsideTheFont() {
        var canvas = Canvas(size: Size(width: 20, height: 3))
        BigDigits("GO!").render(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines() == ["", "        GO!", ""])
    }

    @Test func isStyled() {
        var canvas = Canvas(size: Size(width: 5, height: 3))
        let style = Style(foreground: .yellow, attributes: .bold)
        BigDigits("7", style: style).render(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines() == [" ▀▀█", "   █", "   ▀"])
        #expect(canvas[1, 0].style == style)
        #expect(canvas[3, 2].style == style)
        #expect(canvas[0, 0].style == .plain)
    }

    @Test func drawsEveryGlyphOfTheSegmentFontAtScale2() {
        var canvas = Canvas(size: Size(width: 52, height: 5))
        BigDigits("0123456789 -.:", font: .segments, scale: 2).render(into: &canvas, in: canvas.bounds)
        expectFrame(
            canvas,
            [
                "█▀█   █ ▀▀█ ▀▀█ █ █ █▀▀ █▀▀ ▀▀█ █▀█ █▀█",
                "█ █   █   █   █ █ █ █   █     █ █ █ █ █           █",
                "█ █   █ █▀▀ ▀▀█ ▀▀█ ▀▀█ █▀█   █ █▀█ ▀▀█     ▀▀▀",
                "█ █   █ █     █   █   █ █ █   █ █ █   █           █",
                "█▄█   █ █▄▄ ▄▄█   █ ▄▄█ █▄█   █ █▄█ ▄▄█         ▄",
            ])
    }

    /// From scale 4 the strokes are dashed: a vertical one lit on every third row of its segment
    /// and where it meets a horizontal one, a horizontal one on every other column.
    @Test func segmentsOfTallDigitsAreDashed() {
        var canvas = Canvas(size: Size(width: 16, height: 9))
        BigDigits("8:1", font: .segments, scale: 4).render(into: &canvas, in: canvas.bounds)
        expectFrame(
            canvas,
            [
                "█ ▀ █         █",
                "",
                "       █",
                "█   █         █",
                "█ ▀ █         █",
                "",
                "       █",
                "█   █         █",
                "█ ▄ █         █",
            ])
    }

    @Test func measuresTheSegmentFont() {
        // n+1 columns (n−1 from scale 6) and 2n+1 rows a figure, one column a colon, (n+1)/2
        // columns between.
        #expect(BigDigits.size(of: "00:00", font: .segments, scale: 2) == Size(width: 17, height: 5))
        #expect(BigDigits.size(of: "00:00", font: .segments, scale: 10) == Size(width: 57, height: 21))
        #expect(BigDigits.size(of: "8", font: .segments, scale: 3) == Size(width: 4, height: 7))
        #expect(BigDigits.size(of: "1a", font: .segments, scale: 3) == nil)
        #expect(BigDigits.Font.segments.height(scale: 12) == 25)
        #expect(BigDigits.largestScale(of: "00:00", font: .segments, fitting: Size(width: 57, height: 21)) == 10)
        #expect(BigDigits.largestScale(of: "00:00", font: .segments, fitting: Size(width: 56, height: 40)) == 9)
        #expect(
            BigDigits.largestScale(of: "00:00", font: .segments, fitting: Size(width: 200, height: 60), most: 4) == 4)
    }

    /// A second of a countdown changes only the strokes that differ: from 9 to 8 the lower left
    /// stroke (its five lit rows), and nothing outside the figure.
    @Test func aChangedFigureRewritesOnlyItsChangedStrokes() {
        func drawn(_ text: String) -> Canvas {
            var canvas = Canvas(size: Size(width: 57, height: 21))
            BigDigits(text, font: .segments, scale: 10).render(into: &canvas, in: canvas.bounds)
            return canvas
        }
        let runs = FrameDiff.runs(from: drawn("00:09"), to: drawn("00:08"))
        #expect(runs.allSatisfy { $0.x == 48 && $0.count == 1 }, "\(runs)")
        #expect(runs.map(\.y) == [10, 13, 16, 19, 20], "the dashed stroke's rows: \(runs)")
    }

    @Test func segmentsFitTheirAreaOrFallBack() {
        var canvas = Canvas(size: Size(width: 10, height: 4))
        BigDigits("01:30", font: .segments, scale: 2).render(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines() == ["", "  01:30", "", ""])
    }
}
