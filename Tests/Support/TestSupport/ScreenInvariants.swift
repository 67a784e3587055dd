import TermUI

/// What must hold for any screen of TermFit at any window size, checked on a composition: each
/// layer's boxes are whole (every corner has its partner, sides unbroken), and the help bar sits
/// on the last row, exactly as the screen's key table says, never drawn over.
public enum ScreenInvariants {
    /// The sizes every screen is drawn at: the minimum, common, odd and large windows.
    public static let sizes: [Size] = {
        let widths = [40, 41, 47, 53, 64, 80, 99, 120, 161, 200, 250]
        let heights = [12, 13, 14, 17, 19, 24, 31, 45, 60, 70]
        return widths.flatMap { width in heights.map { Size(width: width, height: $0) } }
    }()

    /// Problems in `composition`, each a sentence naming the place; empty when all is well.
    /// - Parameter helpBar: the help bar the screen should show, as text, on its last row.
    public static func problems(in composition: Composition, helpBar: String?) -> [String] {
        var problems: [String] = []
        for (index, layer) in composition.layers.enumerated() {
            var canvas = Canvas(size: composition.size)
            layer.draw(&canvas)
            problems += brokenBoxes(in: canvas).map { "layer \(index): \($0)" }
        }
        let canvas = composition.flatten()
        if let helpBar {
            let last = canvas.lines().last ?? ""
            if trimmed(last) != trimmed(helpBar) {
                problems.append("the last row is \"\(last)\", not the help bar \"\(helpBar)\"")
            }
        }
        return problems
    }

    private static func trimmed(_ text: String) -> Substring {
        let start = text.drop { $0 == " " }
        return start.dropLast(start.reversed().prefix { $0 == " " }.count)
    }

    /// Boxes in `canvas` whose corners or sides are broken or missing.
    public static func brokenBoxes(in canvas: Canvas) -> [String] {
        let size = canvas.size
        func glyph(_ x: Int, _ y: Int) -> Character? {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return nil }
            let cell = canvas[x, y].glyph
            return cell.isContinuation ? nil : cell.character
        }
        var problems: [String] = []
        for y in 0..<size.height {
            for x in 0..<size.width where glyph(x, y) == "╭" {
                // The top border runs to ╮ (a title may stand in it).
                var right = x + 1
                while right < size.width, !"╮╭╰╯│".contains(glyph(right, y) ?? " ") { right += 1 }
                guard glyph(right, y) == "╮" else {
                    problems.append("╭ at (\(x), \(y)) has no ╮ on its row")
                    continue
                }
                var bottom = y + 1
                while glyph(x, bottom) == "│" { bottom += 1 }
                guard glyph(x, bottom) == "╰" else {
                    problems.append(
                        "the left side from (\(x), \(y)) ends in \(glyph(x, bottom).map(String.init) ?? "nothing") at row \(bottom)"
                    )
                    continue
                }
                for row in (y + 1)..<bottom where glyph(right, row) != "│" {
                    problems.append(
                        "the right side at (\(right), \(row)) is \(glyph(right, row).map(String.init) ?? "nothing")")
                    break
                }
                if glyph(right, bottom) != "╯" {
                    problems.append("no ╯ at (\(right), \(bottom)) for the box at (\(x), \(y))")
                }
                for column in (x + 1)..<right where glyph(column, bottom) != "─" {
                    problems.append(
                        "the bottom at (\(column), \(bottom)) is \(glyph(column, bottom).map(String.init) ?? "nothing")"
                    )
                    break
                }
            }
        }
        return problems
    }
}
