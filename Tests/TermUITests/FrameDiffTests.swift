import TermUI
import Testing

@Suite("Frame diff")
struct FrameDiffTests {
    let size = Size(width: 20, height: 4)

    @Test func identicalFramesHaveNoRuns() {
        var frame = Canvas(size: size)
        frame.write("Plank 0:45", at: Point(x: 3, y: 1), style: .bold)
        #expect(FrameDiff.runs(from: frame, to: frame).isEmpty)
        #expect(FrameDiff.runs(from: Canvas(size: size), to: Canvas(size: size)).isEmpty)
    }

    @Test func oneChangedCellIsOneRunOfOne() {
        let old = Canvas(size: size)
        var new = old
        new.put(Cell("x"), x: 5, y: 2)
        #expect(FrameDiff.runs(from: old, to: new) == [Run(y: 2, x: 5, count: 1)])
    }

    @Test func aChangeOfStyleAloneIsAChange() {
        let old = Canvas(size: size)
        var new = old
        new.restyle(Rect(x: 19, y: 3, width: 1, height: 1)) { $0.attributes.insert(.reverse) }
        #expect(FrameDiff.runs(from: old, to: new) == [Run(y: 3, x: 19, count: 1)])
    }

    @Test func changesWithinTheJoinGapJoin() {
        #expect(FrameDiff.joinGap == 4)
        let old = Canvas(size: size)
        var new = old
        new.put(Cell("a"), x: 2, y: 0)
        new.put(Cell("b"), x: 7, y: 0)  // four unchanged cells between
        #expect(FrameDiff.runs(from: old, to: new) == [Run(y: 0, x: 2, count: 6)])
    }

    @Test func changesFartherApartSplit() {
        let old = Canvas(size: size)
        var new = old
        new.put(Cell("a"), x: 2, y: 0)
        new.put(Cell("b"), x: 8, y: 0)  // five unchanged cells between
        #expect(FrameDiff.runs(from: old, to: new) == [Run(y: 0, x: 2, count: 1), Run(y: 0, x: 8, count: 1)])
    }

    @Test func runsNeverJoinAcrossRows() {
        let old = Canvas(size: size)
        var new = old
        new.put(Cell("a"), x: 19, y: 0)
        new.put(Cell("b"), x: 0, y: 1)
        #expect(FrameDiff.runs(from: old, to: new) == [Run(y: 0, x: 19, count: 1), Run(y: 1, x: 0, count: 1)])
    }

    @Test func aChangedWideCharacterIsOneRunOverBothHalves() {
        var old = Canvas(size: size)
        old.write("漢", at: Point(x: 3, y: 1))
        var new = Canvas(size: size)
        new.write("字", at: Point(x: 3, y: 1))
        // Only the left half differs (both right halves are continuations), yet both are sent.
        #expect(new[4, 1] == old[4, 1])
        #expect(FrameDiff.runs(from: old, to: new) == [Run(y: 1, x: 3, count: 2)])
    }

    @Test func aChangedRightHalfReachesBackToItsLeftHalf() {
        var old = Canvas(size: size)
        old.write("漢", at: Point(x: 3, y: 1))
        var new = old
        new.restyle(Rect(x: 4, y: 1, width: 1, height: 1)) { $0.attributes.insert(.bold) }
        #expect(FrameDiff.runs(from: old, to: new) == [Run(y: 1, x: 3, count: 2)])
    }

    @Test func aWideCharacterAtTheEndOfAJoinedRunIsWhole() {
        let old = Canvas(size: size)
        var new = old
        new.put(Cell("a"), x: 0, y: 0)
        new.write("漢", at: Point(x: 5, y: 0))
        #expect(FrameDiff.runs(from: old, to: new) == [Run(y: 0, x: 0, count: 7)])
    }

    @Test func framesOfDifferentSizesChangeEveryRow() {
        let old = Canvas(size: Size(width: 10, height: 2))
        let new = Canvas(size: Size(width: 12, height: 3))
        let everyRow = [Run(y: 0, x: 0, count: 12), Run(y: 1, x: 0, count: 12), Run(y: 2, x: 0, count: 12)]
        #expect(FrameDiff.runs(from: old, to: new) == everyRow)
        #expect(FrameDiff.runs(from: nil, to: new) == everyRow)
    }

    @Test func anEmptyFrameHasNoRuns() {
        let empty = Canvas(size: Size(width: 0, height: 3))
        #expect(FrameDiff.runs(from: nil, to: empty).isEmpty)
        #expect(FrameDiff.runs(from: empty, to: empty).isEmpty)
    }
}
