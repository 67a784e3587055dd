import TermUI

/// The TermFit name in block letters, three rows tall, for the top of the home screen.
enum Wordmark {
    static let lines = [
        "▀█▀ █▀▀ █▀█ █▀▄▀█ █▀▀ █ ▀█▀",
        " █  █▀▀ █▀▄ █ ▀ █ █▀  █  █ ",
        " ▀  ▀▀▀ ▀ ▀ ▀   ▀ ▀   ▀  ▀ ",
    ]

    static let width = lines[0].displayWidth

    /// Draws the block letters centred in `area`, or the plain name when they do not fit; returns
    /// the rows used.
    @discardableResult
    static func render(into canvas: inout Canvas, in area: Rect, style: Style) -> Int {
        if area.width >= width && area.height >= lines.count {
            Text(lines: lines, style: style, alignment: .center).render(into: &canvas, in: area)
            return lines.count
        }
        Text("TermFit", style: style.adding(.bold), alignment: .center).render(into: &canvas, in: area)
        return 1
    }
}
