import TermUI
import Testing

@Suite("Canvas")
struct CanvasTests {
    /// A canvas of dots, so that cells a call did not touch are visible in its lines.
    func dotted(width: Int = 6, height: Int = 3) -> Canvas {
        Canvas(size: Size(width: width, height: height), fill: Cell("."))
    }

    @Test func startsBlankAndClampsNegativeSizes() {
        let canvas = Canvas(size: Size(width: 3, height: 2))
        #expect(canvas.cells.count == 6)
        #expect(canvas.cells.allSatisfy { $0 == .blank })
        #expect(canvas.lines() == ["", ""])
        #expect(canvas.lines(trimmingTrailingSpaces: false) == ["   ", "   "])
        let empty = Canvas(size: Size(width: -4, height: 2))
        #expect(empty.size == Size(width: 0, height: 2))
        #expect(empty.cells.isEmpty)
    }

    @Test func readsOutsideTheCanvasAsBlank() {
        let canvas = dotted()
        #expect(canvas[-1, 0] == .blank)
        #expect(canvas[0, -1] == .blank)
        #expect(canvas[6, 0] == .blank)
        #expect(canvas[0, 3] == .blank)
        #expect(canvas[5, 2] == Cell("."))
    }

    @Test func writesTextAndReturnsItsWidth() {
        var canvas = dotted()
        let width = canvas.write("a漢b", at: Point(x: 1, y: 1), style: .bold)
        #expect(width == 4)
        #expect(canvas.lines() == ["......", ".a漢b.", "......"])
        #expect(canvas[2, 1].glyph.width == 2)
        #expect(canvas[3, 1].glyph.isContinuation)
        #expect(canvas[3, 1].style == .bold)
    }

    @Test func skipsControlCharactersWhenWriting() {
        var canvas = dotted()
        canvas.write("a\u{7}b\tc", at: .zero)
        #expect(canvas.lines()[0] == "abc...")
    }

    @Test func wideCharacterAtTheRightEdgeBecomesASpace() {
        var canvas = dotted()
        canvas.put(Cell("漢"), x: 5, y: 0)
        #expect(canvas.lines(trimmingTrailingSpaces: false)[0] == "..... ")
        #expect(canvas[5, 0].glyph == .space)

        canvas.write("abcd字", at: Point(x: 1, y: 1))
        #expect(canvas.lines(trimmingTrailingSpaces: false)[1] == ".abcd ")
        #expect(canvas.cells.allSatisfy { !$0.glyph.isContinuation })
    }

    @Test func wideCharacterAtTheRightEdgeOfTheClipBecomesASpace() {
        var canvas = dotted()
        canvas.write("ab漢", at: Point(x: 0, y: 0), clip: Rect(x: 0, y: 0, width: 3, height: 1))
        #expect(canvas.lines()[0] == "ab ...")
    }

    @Test func overwritingTheLeftHalfBlanksTheRightHalf() {
        var canvas = dotted()
        canvas.write("漢", at: Point(x: 2, y: 0))
        canvas.put(Cell("a"), x: 2, y: 0)
        #expect(canvas.lines()[0] == "..a ..")
        #expect(canvas[3, 0].glyph == .space)
    }

    @Test func overwritingTheRightHalfBlanksTheLeftHalf() {
        var canvas = dotted()
        canvas.write("漢", at: Point(x: 2, y: 0), style: .bold)
        canvas.put(Cell("b"), x: 3, y: 0)
        #expect(canvas.lines()[0] == ".. b..")
        #expect(canvas[2, 0] == Cell(" ", style: .bold))
    }

    @Test func overlappingWideCharactersLeaveNoOrphanHalves() {
        var canvas = dotted()
        canvas.write("漢", at: Point(x: 1, y: 0))
        canvas.write("字", at: Point(x: 2, y: 0))
        #expect(canvas.lines()[0] == ". 字..")
        canvas.write("漢", at: Point(x: 3, y: 1))
        canvas.write("字", at: Point(x: 2, y: 1))
        #expect(canvas.lines()[1] == "..字 .")
        #expect(canvas[1, 0].glyph == .space)
        #expect(canvas[4, 1].glyph == .space)
    }

    @Test func clipsAtTheLeftEdge() {
        var canvas = dotted()
        let width = canvas.write("hello", at: Point(x: -2, y: 0))
        #expect(width == 5)
        #expect(canvas.lines()[0] == "llo...")
        // A wide character whose right half is on the canvas shows as a space there.
        canvas.write("漢ab", at: Point(x: -1, y: 1))
        #expect(canvas.lines(trimmingTrailingSpaces: false)[1] == " ab...")
        #expect(!canvas[0, 1].glyph.isContinuation)
    }

    @Test func clipsAtTheRightEdge() {
        var canvas = dotted()
        canvas.write("hello", at: Point(x: 3, y: 0))
        #expect(canvas.lines()[0] == "...hel")
        canvas.write("far", at: Point(x: 6, y: 1))
        #expect(canvas.lines()[1] == "......")
    }

    @Test func clipsAtTheTopAndBottomEdges() {
        var canvas = dotted()
        let above = canvas.write("top", at: Point(x: 0, y: -1))
        let below = canvas.write("bottom", at: Point(x: 0, y: 3))
        #expect(above == 3)
        #expect(below == 6)
        #expect(canvas == dotted())
    }

    @Test func ignoresCellsPutAtNegativePositions() {
        var canvas = dotted()
        canvas.put(Cell("x"), x: -1, y: 0)
        canvas.put(Cell("x"), x: 0, y: -1)
        canvas.put(Cell("x"), x: -1, y: -1)
        canvas.put(Cell("x"), x: 6, y: 0)
        canvas.put(Cell("x"), x: 0, y: 3)
        #expect(canvas == dotted())
    }

    @Test func fillsOnlyTheVisiblePartOfARectangle() {
        var canvas = dotted()
        canvas.fill(Rect(x: -2, y: -2, width: 4, height: 3), with: Cell("#"))
        canvas.fill(Rect(x: 4, y: 2, width: 9, height: 9), with: Cell("%"))
        #expect(canvas.lines() == ["##....", "......", "....%%"])
    }

    @Test func clipsToAClipRectangle() {
        var canvas = dotted(width: 7, height: 4)
        let clip = Rect(x: 2, y: 1, width: 3, height: 2)
        canvas.write("abcdefg", at: Point(x: 0, y: 0), clip: clip)
        canvas.write("abcdefg", at: Point(x: 0, y: 1), clip: clip)
        canvas.write("漢字", at: Point(x: 1, y: 2), clip: clip)
        canvas.put(Cell("x"), x: 1, y: 1, clip: clip)
        canvas.put(Cell("x"), x: 2, y: 3, clip: clip)
        #expect(canvas.lines() == [".......", "..cde..", ".. 字..", "......."])
    }

    @Test func fillsWideCellsWithoutSplittingThem() {
        var canvas = dotted(width: 5, height: 1)
        canvas.fill(canvas.bounds, with: Cell("漢"))
        #expect(canvas.lines(trimmingTrailingSpaces: false) == ["漢漢 "])
    }

    @Test func restylesWithoutChangingGlyphs() {
        var canvas = dotted(width: 3, height: 2)
        canvas.restyle(Rect(x: 1, y: 1, width: 5, height: 5)) { $0.attributes.insert(.dim) }
        #expect(canvas.lines() == ["...", "..."])
        #expect(styles(canvas, x: 0, y: 1, count: 3) == [.plain, .dim, .dim])
        #expect(styles(canvas, x: 0, y: 0, count: 3) == [.plain, .plain, .plain])
    }

    @Test func drawsAPictureSlidShearedAndClipped() {
        var picture = Canvas(size: Size(width: 4, height: 3), fill: Cell("#"))
        picture.write("a界", at: Point(x: 1, y: 1), style: .bold)
        var canvas = dotted(width: 8, height: 4)
        canvas.draw(picture, at: Point(x: 2, y: 0), rowShifts: [1, 0, -1])
        expectFrame(
            canvas,
            [
                "...####.",
                "..#a界..",
                ".####...",
                "........",
            ])
        #expect(canvas[3, 1].style == .bold)
        // Off the left edge and clipped: a wide character cut in half becomes a space.
        var clipped = dotted(width: 5, height: 2)
        clipped.draw(picture, at: Point(x: -2, y: 0), rowShifts: [0, 0], clip: Rect(x: 0, y: 0, width: 3, height: 1))
        expectFrame(clipped, ["##...", "....."])
        var cut = dotted(width: 5, height: 2)
        cut.draw(picture, at: Point(x: 1, y: -1), clip: Rect(x: 0, y: 0, width: 4, height: 2))
        expectFrame(cut, [".#a .", ".###."])
        var left = dotted(width: 5, height: 2)
        left.draw(picture, at: Point(x: -3, y: 0))
        expectFrame(left, ["#....", " ...."])
        // Wholly outside: nothing changes.
        for origin in [Point(x: -10, y: 0), Point(x: 9, y: 0), Point(x: 0, y: 5), Point(x: 0, y: -4)] {
            var outside = dotted(width: 5, height: 2)
            outside.draw(picture, at: origin, rowShifts: [3, -3])
            #expect(outside == dotted(width: 5, height: 2), "\(origin)")
        }
    }
}
