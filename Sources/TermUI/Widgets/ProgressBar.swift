/// A horizontal bar filled to a fraction, with an optional label after it:
///
/// ```
/// ████████▍            42%
/// ########------------ 42%     (ascii)
/// ```
///
/// The filled part ends in an eighth-block cell (▏▎▍▌▋▊▉), so the bar moves in steps of an
/// eighth of a cell; in ASCII mode it fills whole cells of "#" over a track of "-". The bar is
/// full only at a fraction of exactly 1. It fills every row of its area; the label sits on the
/// middle row and is left out when the area is too narrow for it and a bar.
public struct ProgressBar: Widget, Hashable, Sendable {
    /// The filled fraction, clamped to 0...1 (not-a-number counts as 0).
    public var fraction: Double
    /// Text after the bar, such as "42%".
    public var label: String?
    /// Whole cells of "#" and "-" instead of block characters.
    public var ascii: Bool
    /// The filled cells.
    public var barStyle: Style
    /// The empty cells, and the background of the partly filled cell.
    public var trackStyle: Style
    /// The style of the label.
    public var labelStyle: Style

    /// The partly filled cells, one eighth to seven eighths.
    static let eighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// A bar filled to `fraction`; see the properties for the options.
    public init(
        fraction: Double, label: String? = nil, ascii: Bool = false, barStyle: Style = .plain,
        trackStyle: Style = .plain, labelStyle: Style = .plain
    ) {
        self.fraction = fraction
        self.label = label
        self.ascii = ascii
        self.barStyle = barStyle
        self.trackStyle = trackStyle
        self.labelStyle = labelStyle
    }

    /// `fraction` clamped to 0...1.
    public var clampedFraction: Double {
        fraction.isNaN ? 0 : min(1, max(0, fraction))
    }

    /// Draws the bar across every row of `area`, the label on its middle row.
    public func render(into canvas: inout Canvas, in area: Rect) {
        guard !area.isEmpty else { return }
        var barWidth = area.width
        var labelText: String?
        if let label, !label.isEmpty, area.width >= label.displayWidth + 2 {
            barWidth = area.width - label.displayWidth - 1
            labelText = label
        }
        let cells = barCells(width: barWidth)
        for y in area.y..<area.maxY {
            for (offset, cell) in cells.enumerated() {
                canvas.put(cell, x: area.x + offset, y: y, clip: area)
            }
        }
        if let labelText {
            let y = area.y + (area.height - 1) / 2
            canvas.write(labelText, at: Point(x: area.x + barWidth + 1, y: y), style: labelStyle, clip: area)
        }
    }

    /// One row of the bar, `width` cells.
    private func barCells(width: Int) -> [Cell] {
        let track: Character = ascii ? "-" : " "
        var cells = Array(repeating: Cell(track, style: trackStyle), count: max(0, width))
        guard width > 0 else { return cells }
        if ascii {
            let filled = Int((clampedFraction * Double(width)).rounded(.down))
            for index in 0..<filled { cells[index] = Cell("#", style: barStyle) }
            return cells
        }
        let eighthsFilled = Int((clampedFraction * Double(width * 8)).rounded(.down))
        let full = eighthsFilled / 8
        for index in 0..<full { cells[index] = Cell("█", style: barStyle) }
        let partial = eighthsFilled % 8
        if partial > 0 {
            let style = barStyle.background(trackStyle.background)
            cells[full] = Cell(Self.eighths[partial - 1], style: style)
        }
        return cells
    }
}
