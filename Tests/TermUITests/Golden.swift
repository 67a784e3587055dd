import TermUI
import TestSupport
import Testing

/// Checks a whole frame: the first rows of `canvas` (trailing spaces trimmed) are `expected` and
/// every row after them is empty. On a mismatch the actual frame is printed as a literal.
func expectFrame(
    _ canvas: Canvas, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    var actual = canvas.lines()
    let lastDrawn = actual.lastIndex { !$0.isEmpty } ?? -1
    actual.removeLast(actual.count - max(lastDrawn + 1, min(expected.count, actual.count)))
    #expect(
        actual == expected, "actual frame (\(canvas.size)):\n\(swiftLiteral(actual))",
        sourceLocation: sourceLocation)
}

/// Checks rows `firstRow ..< firstRow + expected.count` of `canvas` (trailing spaces trimmed).
func expectRows(
    _ canvas: Canvas, from firstRow: Int, _ expected: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    let rows = canvas.lines()
    let actual = Array(rows[min(firstRow, rows.count)..<min(firstRow + expected.count, rows.count)])
    #expect(
        actual == expected, "actual rows from \(firstRow):\n\(swiftLiteral(actual))", sourceLocation: sourceLocation)
}

/// A fresh 80×24 canvas, the size every golden is drawn at.
func screen() -> Canvas { Canvas(size: Size(width: 80, height: 24)) }

/// The styles of `count` cells of row `y` from column `x`.
func styles(_ canvas: Canvas, x: Int, y: Int, count: Int) -> [Style] {
    (x..<(x + count)).map { canvas[$0, y].style }
}
