/// One or more lines of text in one style: a label, a paragraph, a message.
///
/// Lines wider than the area end in "…"; with `wraps` on, lines are broken at spaces to fill the
/// area's height instead, and the last row that fits ends in "…" when text is left over. Text
/// starts at the top of the area; each line is aligned across its width.
///
/// ```swift
/// Text("Ready?", style: .bold, alignment: .center).render(into: &canvas, in: area)
/// ```
public struct Text: Widget, Hashable, Sendable {
    /// The lines to show, before wrapping.
    public var lines: [String]
    /// The style of every character.
    public var style: Style
    /// Where each line sits across the area.
    public var alignment: Alignment
    /// Whether long lines are broken at spaces onto the following rows.
    public var wraps: Bool

    /// Text split into lines at its line breaks.
    public init(_ text: String, style: Style = .plain, alignment: Alignment = .leading, wraps: Bool = false) {
        self.init(lines: TextLayout.lines(of: text), style: style, alignment: alignment, wraps: wraps)
    }

    /// Text of the given lines (each should be free of line breaks).
    public init(lines: [String], style: Style = .plain, alignment: Alignment = .leading, wraps: Bool = false) {
        self.lines = lines
        self.style = style
        self.alignment = alignment
        self.wraps = wraps
    }

    /// The size the text takes without wrapping or truncation: its widest line by its line count.
    public var size: Size {
        Size(width: lines.map(\.displayWidth).max() ?? 0, height: lines.count)
    }

    /// The rows as they are drawn in an area of `size`: wrapped (when `wraps` is on), cut to the
    /// height and truncated to the width.
    public func laidOut(in size: Size) -> [String] {
        let width = size.width
        let height = size.height
        guard width > 0, height > 0 else { return [] }
        if wraps {
            let wrapped = lines.flatMap { TextLayout.wrap($0, width: width) }
            guard wrapped.count > height else { return wrapped }
            var visible = Array(wrapped.prefix(height))
            visible[height - 1] = TextLayout.endingInEllipsis(visible[height - 1], width: width)
            return visible
        }
        return lines.prefix(height).map { $0.truncated(toWidth: width) }
    }

    /// Draws the lines from the top of `area`, as `laidOut(in:)` gives them.
    public func render(into canvas: inout Canvas, in area: Rect) {
        guard !area.isEmpty else { return }
        for (index, line) in laidOut(in: area.size).enumerated() {
            let x = area.x + alignment.offset(width: line.displayWidth, in: area.width)
            canvas.write(line, at: Point(x: x, y: area.y + index), style: style, clip: area)
        }
    }
}
