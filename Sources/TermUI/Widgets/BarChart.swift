/// A bar chart, horizontal or vertical, scaled so that the largest value (or `maximum`) fills
/// the room there is:
///
/// ```
/// Mon █████████▍ 4             6
/// Tue ██████████████ 6     4  ███
/// Wed 0                   ███ ███
///                         ███ ███  0
///                         Mon Tue Wed
/// ```
///
/// Horizontal: one bar per row, labels on the left, each value printed just after its bar.
/// Vertical: one column per bar, label under it, value just above it. Bars move in eighths of a
/// cell (whole cells of "#" in ASCII mode); any value above zero shows at least an eighth; a zero
/// (or negative) value draws no bar but keeps its label and value. Bars that find no room are left
/// out from the end.
public struct BarChart: Widget, Hashable, Sendable {
    /// One bar: a label, a value and how the value is printed.
    public struct Bar: Hashable, Sendable {
        /// The name under or beside the bar.
        public var label: String
        /// The value the bar stands for; zero and below draw no bar.
        public var value: Double
        /// The value as printed by the chart.
        public var valueText: String
        /// The bar's own style, instead of the chart's `barStyle`.
        public var style: Style?

        /// A bar for `value`; the printed value defaults to the number itself ("4", "2.5").
        public init(_ label: String, value: Double, valueText: String? = nil, style: Style? = nil) {
            self.label = label
            self.value = value
            self.valueText = valueText ?? Self.format(value)
            self.style = style
        }

        /// A bar for a whole-number value.
        public init(_ label: String, value: Int, valueText: String? = nil, style: Style? = nil) {
            self.init(label, value: Double(value), valueText: valueText, style: style)
        }

        /// Whole numbers without a decimal point, others in Swift's shortest exact form.
        static func format(_ value: Double) -> String {
            if value.isFinite && value == value.rounded() && abs(value) < 1e15 {
                return String(Int(value))
            }
            return String(value)
        }
    }

    /// Which way the bars grow.
    public enum Orientation: Hashable, Sendable, CaseIterable {
        /// Bars grow to the right, one per row.
        case horizontal
        /// Bars grow upward, one per column.
        case vertical
    }

    /// The bars, first at the top (horizontal) or on the left (vertical).
    public var bars: [Bar]
    /// Which way the bars grow.
    public var orientation: Orientation
    /// The value a full-length bar stands for; `nil` scales to the largest value.
    public var maximum: Double?
    /// Whole cells of "#" instead of block characters.
    public var ascii: Bool
    /// The width of each column of a vertical chart; `nil` takes the widest label or value.
    public var columnWidth: Int?
    /// The style of bars that have none of their own.
    public var barStyle: Style
    /// The style of the labels.
    public var labelStyle: Style
    /// The style of the printed values.
    public var valueStyle: Style

    /// A chart of `bars`; see the properties for the options.
    public init(
        _ bars: [Bar], orientation: Orientation = .horizontal, maximum: Double? = nil, ascii: Bool = false,
        columnWidth: Int? = nil, barStyle: Style = .plain, labelStyle: Style = .plain, valueStyle: Style = .plain
    ) {
        self.bars = bars
        self.orientation = orientation
        self.maximum = maximum
        self.ascii = ascii
        self.columnWidth = columnWidth
        self.barStyle = barStyle
        self.labelStyle = labelStyle
        self.valueStyle = valueStyle
    }

    /// Partly filled cells of a horizontal bar, one to seven eighths.
    static let horizontalEighths: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    /// Partly filled tops of a vertical bar, one to seven eighths.
    static let verticalEighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇"]

    /// Draws the chart from the top left of `area`.
    public func render(into canvas: inout Canvas, in area: Rect) {
        guard !area.isEmpty, !bars.isEmpty else { return }
        switch orientation {
        case .horizontal: renderHorizontal(into: &canvas, in: area)
        case .vertical: renderVertical(into: &canvas, in: area)
        }
    }

    /// The value that fills a whole bar: `maximum`, or the largest value.
    private var scale: Double {
        let top = maximum ?? bars.map(\.value).max() ?? 0
        return top.isFinite ? top : 0
    }

    /// The length of a bar of `value` in eighths of a cell (whole cells times eight in ASCII
    /// mode) when a full bar is `length` cells: at least one step for any positive value.
    private func eighths(of value: Double, length: Int) -> Int {
        let scale = self.scale
        guard length > 0, scale > 0, value > 0, !value.isNaN else { return 0 }
        let fraction = min(1, value / scale)
        if ascii {
            return max(1, Int((fraction * Double(length)).rounded())) * 8
        }
        return max(1, Int((fraction * Double(length * 8)).rounded()))
    }

    private func renderHorizontal(into canvas: inout Canvas, in area: Rect) {
        let shown = bars.prefix(area.height)
        let labelWidth = min(shown.map(\.label.displayWidth).max() ?? 0, area.width / 2)
        let barStart = labelWidth > 0 ? labelWidth + 1 : 0
        let valueWidth = shown.map(\.valueText.displayWidth).max() ?? 0
        var barLength = area.width - barStart - valueWidth - 1
        let showsValues = barLength >= 1
        if !showsValues { barLength = area.width - barStart }
        for (row, bar) in shown.enumerated() {
            let y = area.y + row
            canvas.write(
                bar.label.truncated(toWidth: labelWidth), at: Point(x: area.x, y: y), style: labelStyle, clip: area)
            let length = eighths(of: bar.value, length: barLength)
            let style = bar.style ?? barStyle
            var x = area.x + barStart
            for _ in 0..<(length / 8) {
                canvas.put(Cell(ascii ? "#" : "█", style: style), x: x, y: y, clip: area)
                x += 1
            }
            if length % 8 > 0 {
                canvas.put(Cell(Self.horizontalEighths[length % 8 - 1], style: style), x: x, y: y, clip: area)
                x += 1
            }
            if showsValues {
                let valueX = length > 0 ? x + 1 : x
                canvas.write(bar.valueText, at: Point(x: valueX, y: y), style: valueStyle, clip: area)
            }
        }
    }

    private func renderVertical(into canvas: inout Canvas, in area: Rect) {
        let gap = 1
        let natural = bars.map { max($0.label.displayWidth, $0.valueText.displayWidth) }.max() ?? 1
        // An automatic width shrinks to fit every bar in; a width asked for is kept, and the bars
        // that do not fit are left out.
        let fitting = (area.width + gap) / bars.count - gap
        let width = max(1, columnWidth ?? min(natural, fitting))
        let shown = bars.prefix(max(0, (area.width + gap) / (width + gap)))
        // Rows from the bottom: labels, then the bars, then (at the top) room for the tallest value.
        let labelRows = area.height >= 2 ? 1 : 0
        let valueRows = area.height >= 3 ? 1 : 0
        let barHeight = area.height - labelRows - valueRows
        let baseline = area.maxY - 1 - labelRows
        for (index, bar) in shown.enumerated() {
            let column = Rect(x: area.x + index * (width + gap), y: area.y, width: width, height: area.height)
            let length = eighths(of: bar.value, length: barHeight)
            let style = bar.style ?? barStyle
            var y = baseline
            for _ in 0..<(length / 8) {
                canvas.fill(
                    Rect(x: column.x, y: y, width: width, height: 1), with: Cell(ascii ? "#" : "█", style: style))
                y -= 1
            }
            if length % 8 > 0 {
                let top = Cell(Self.verticalEighths[length % 8 - 1], style: style)
                canvas.fill(Rect(x: column.x, y: y, width: width, height: 1), with: top)
                y -= 1
            }
            if valueRows > 0 {
                centre(bar.valueText, in: column.row(y - column.y), style: valueStyle, canvas: &canvas, clip: area)
            }
            if labelRows > 0 {
                centre(bar.label, in: column.row(column.height - 1), style: labelStyle, canvas: &canvas, clip: area)
            }
        }
    }

    /// Writes `text` centred on the one-row `row`, truncated to its width.
    private func centre(_ text: String, in row: Rect, style: Style, canvas: inout Canvas, clip: Rect) {
        Text(text, style: style, alignment: .center).render(into: &canvas, in: row.intersection(clip))
    }
}
