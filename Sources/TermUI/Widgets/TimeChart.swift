/// A day of the Gregorian calendar, with no time or zone: where a `TimeChart` puts a value.
///
/// Days are counted from 1970-01-01 (`ordinal` 0), so that spans of days are plain subtraction.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let ordinal: Int

    /// The day this many days after 1970-01-01 (before it when negative).
    public init(ordinal: Int) {
        self.ordinal = ordinal
    }

    /// The day of `year`, `month` (1–12) and `day` (1–31); a day past the month's end runs on
    /// into the next month (February 30 is March 1 or 2).
    public init(year: Int, month: Int, day: Int) {
        // Years counted from March, so that the leap day is the last day of a year.
        let monthIndex = min(12, max(1, month))
        let shifted = monthIndex <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let monthFromMarch = (monthIndex + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        ordinal = era * 146_097 + dayOfEra - 719_468
    }

    /// The year, month (1–12) and day of the month.
    public var parts: (year: Int, month: Int, day: Int) {
        let shifted = ordinal + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// The year.
    public var year: Int { parts.year }
    /// The month, 1–12.
    public var month: Int { parts.month }
    /// The day of the month, 1–31.
    public var day: Int { parts.day }

    /// The day `days` later (earlier when negative).
    public func adding(days: Int) -> CalendarDay {
        CalendarDay(ordinal: ordinal + days)
    }

    /// The same day of the month `months` later (earlier when negative), or the month's last day
    /// when it is shorter: a month before March 31 is February 28 or 29.
    public func adding(months: Int) -> CalendarDay {
        let (year, month, day) = parts
        let index = year * 12 + (month - 1) + months
        let newYear = index >= 0 ? index / 12 : (index - 11) / 12
        let newMonth = index - newYear * 12 + 1
        let start = CalendarDay(year: newYear, month: newMonth, day: 1)
        let following = CalendarDay(year: newMonth == 12 ? newYear + 1 : newYear, month: newMonth % 12 + 1, day: 1)
        return start.adding(days: min(day, following.ordinal - start.ordinal) - 1)
    }

    /// "Jan" … "Dec".
    public static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// The month's short name: "Sep".
    public var monthName: String { Self.monthNames[month - 1] }

    /// "2026-11-24".
    public var description: String {
        let (year, month, day) = parts
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool { lhs.ordinal < rhs.ordinal }
}

/// Values along a time axis, as vertical columns: one column per equal span of days ending on the
/// last day (a day when the range fits the width day by day, else the fewest whole weeks that
/// fit), each column as tall as the best (largest) value of its span:
///
/// ```
/// 31.5┤        ▂ █▇
///     │  ▅▆ ▇█ █ ██
/// 26.0┤▃ ██ ██ █ ██
///      Sep     Oct
/// ```
///
/// The y-axis runs from a bottom value (below the smallest, so the smallest column still shows)
/// to the largest value, both labelled; under the columns each month is named where it starts
/// (January by its year). A span without values is left blank: no value is not a zero. Columns
/// move in eighths of a cell; in ASCII mode they are whole cells of "#" with a "." for a part.
/// Columns that leave room over are centred with their axis. Rooms too small for the labels draw
/// the columns alone.
public struct TimeChart: Widget, Hashable, Sendable {
    /// A value on a day.
    public struct Entry: Hashable, Sendable {
        /// The day of the value.
        public var day: CalendarDay
        /// The value; several on one day or span show the largest.
        public var value: Double

        /// `value` on `day`.
        public init(_ day: CalendarDay, _ value: Double) {
            self.day = day
            self.value = value
        }
    }

    /// The values, in any order; those outside `first`…`last` are not drawn.
    public var points: [Entry]
    /// The first day of the axis.
    public var first: CalendarDay
    /// The last day of the axis.
    public var last: CalendarDay
    /// Digits after the point in the axis labels.
    public var decimals: Int
    /// The value at the bottom of the axis; `nil` chooses one below the smallest value.
    public var bottom: Double?
    /// Whole cells of "#" (a part as ".") and ASCII axis lines instead of block characters.
    public var ascii: Bool
    /// The style of the columns.
    public var barStyle: Style
    /// The style of the axis, its labels and the month names.
    public var labelStyle: Style

    /// A chart of `points` from `first` to `last`; see the properties for the options.
    public init(
        _ points: [Entry], from first: CalendarDay, to last: CalendarDay, decimals: Int = 0, bottom: Double? = nil,
        ascii: Bool = false, barStyle: Style = .plain, labelStyle: Style = .plain
    ) {
        self.points = points
        self.first = min(first, last)
        self.last = max(first, last)
        self.decimals = max(0, min(6, decimals))
        self.bottom = bottom
        self.ascii = ascii
        self.barStyle = barStyle
        self.labelStyle = labelStyle
    }

    /// How the days fall into columns: `span` days per column, `count` columns, each `width`
    /// cells wide (a bar of `width - 1` and a gap when wider than one).
    public struct Columns: Hashable, Sendable {
        /// Days per column.
        public var span: Int
        /// How many columns the range needs.
        public var count: Int
        /// Cells per column.
        public var width: Int

        /// `count` columns of `span` days, `width` cells each.
        public init(span: Int, count: Int, width: Int) {
            self.span = span
            self.count = count
            self.width = width
        }
    }

    /// The days of the axis, first and last included.
    public var days: Int { last.ordinal - first.ordinal + 1 }

    /// The columns of the range in `width` cells of plot: a day per column when the days fit,
    /// else the fewest whole weeks (1, 2, 4, 8 …) that fit, so that a column is a week of
    /// training rather than, say, three days that catch one workout or two.
    public func columns(inWidth width: Int) -> Columns {
        guard width > 0 else { return Columns(span: days, count: 0, width: 0) }
        let fewest = (days + width - 1) / width
        var span = fewest <= 1 ? 1 : 7
        while span < fewest { span *= 2 }
        let count = (days + span - 1) / span
        // Few columns in much room grow, up to four cells, rather than huddle on the left.
        return Columns(span: span, count: count, width: max(1, min(4, width / count)))
    }

    /// The values drawn: the largest of each span of `span` days, by column, `nil` where there
    /// is none. The spans end on the last day; the first column may hold fewer days.
    public func columnValues(span: Int, count: Int) -> [Double?] {
        var values = [Double?](repeating: nil, count: max(0, count))
        guard span > 0 else { return values }
        for point in points where point.value.isFinite && point.day >= first && point.day <= last {
            let index = count - 1 - (last.ordinal - point.day.ordinal) / span
            guard index >= 0, index < values.count else { continue }
            values[index] = max(values[index] ?? point.value, point.value)
        }
        return values
    }

    /// The bottom and top of the axis for these values (every value of the range), `nil` when
    /// there are none.
    public func axis(of values: [Double]) -> (bottom: Double, top: Double)? {
        guard let low = values.min(), let high = values.max() else { return nil }
        if let bottom { return (min(bottom, high), high) }
        guard high > low else { return (min(0, low), high) }
        // Half the spread below the smallest value, down to a round number, and never below 0
        // for values that are all positive.
        var step = 1.0
        while step * 10 <= high - low { step *= 10 }
        while step > high - low { step /= 10 }
        step = max(step / 2, Self.unit(decimals))
        var bottom = ((low - (high - low) / 2) / step).rounded(.down) * step
        if low >= 0 { bottom = max(0, bottom) }
        return (bottom, high)
    }

    /// One unit of the last digit shown: 1, 0.1, 0.01 ….
    private static func unit(_ decimals: Int) -> Double {
        var unit = 1.0
        for _ in 0..<decimals { unit /= 10 }
        return unit
    }

    /// `value` with `decimals` digits after the point: "31.5", "1840".
    public static func format(_ value: Double, decimals: Int) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "–" }
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * Double(scale)).rounded())
        let sign = scaled < 0 ? "-" : ""
        let whole = abs(scaled) / scale
        guard decimals > 0 else { return sign + String(whole) }
        let fraction = String(abs(scaled) % scale)
        return sign + String(whole) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }

    /// Partly filled tops of a column, one to seven eighths.
    static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇"]

    /// Draws the chart from the top left of `area`.
    public func render(into canvas: inout Canvas, in area: Rect) {
        guard !area.isEmpty else { return }
        // The month names need a row of their own under at least two rows of columns.
        let monthRows = area.height >= 3 ? 1 : 0
        let plotHeight = area.height - monthRows
        let shown = points.filter { $0.value.isFinite && $0.day >= first && $0.day <= last }.map(\.value)
        let scale = axis(of: shown)
        let labels =
            scale.map { [Self.format($0.top, decimals: decimals), Self.format($0.bottom, decimals: decimals)] } ?? []
        let labelWidth = labels.map(\.displayWidth).max() ?? 0
        // The axis and its labels only when the columns keep most of the room.
        let axisWidth =
            scale != nil && area.width - (labelWidth + 1) >= max(6, area.width / 2) ? labelWidth + 1 : 0
        let layout = columns(inWidth: area.width - axisWidth)
        // Columns that leave room over are centred with their axis, so that the last column, today,
        // is the right end of what is drawn.
        let used = min(area.width - axisWidth, layout.count * layout.width)
        let offset = (area.width - axisWidth - used) / 2
        let plot = Rect(x: area.x + offset + axisWidth, y: area.y, width: used, height: plotHeight)
        let values = columnValues(span: layout.span, count: layout.count)
        if axisWidth > 0 { drawAxis(labels: labels, width: labelWidth, plot: plot, into: &canvas, clip: area) }
        if let scale {
            drawColumns(values, layout: layout, scale: scale, plot: plot, into: &canvas)
        }
        if monthRows > 0 {
            drawMonths(
                layout: layout, row: Rect(x: plot.x, y: area.maxY - 1, width: area.maxX - plot.x, height: 1),
                into: &canvas)
        }
    }

    private func drawAxis(labels: [String], width: Int, plot: Rect, into canvas: inout Canvas, clip: Rect) {
        let x = plot.x - 1
        for y in plot.y..<plot.maxY {
            let labelled = y == plot.y || (y == plot.maxY - 1 && plot.height >= 2)
            let line: Character = ascii ? (labelled ? "+" : "|") : (labelled ? "┤" : "│")
            canvas.put(Cell(line, style: labelStyle), x: x, y: y, clip: clip)
        }
        guard labels.count == 2 else { return }
        let top = Rect(x: plot.x - 1 - width, y: plot.y, width: width, height: 1)
        Text(labels[0], style: labelStyle, alignment: .trailing).render(into: &canvas, in: top.intersection(clip))
        if plot.height >= 2 {
            let bottom = Rect(x: top.x, y: plot.maxY - 1, width: width, height: 1)
            Text(labels[1], style: labelStyle, alignment: .trailing).render(
                into: &canvas, in: bottom.intersection(clip))
        }
    }

    private func drawColumns(
        _ values: [Double?], layout: Columns, scale: (bottom: Double, top: Double), plot: Rect,
        into canvas: inout Canvas
    ) {
        guard plot.height > 0, plot.width > 0 else { return }
        let barWidth = layout.width > 1 ? layout.width - 1 : 1
        for (index, value) in values.enumerated() {
            guard let value else { continue }
            let x = plot.x + index * layout.width
            guard x + barWidth <= plot.maxX else { break }
            let fraction =
                scale.top > scale.bottom ? max(0, min(1, (value - scale.bottom) / (scale.top - scale.bottom))) : 1
            // Any value shows at least an eighth: the smallest column is still a column.
            let eighths = max(1, Int((fraction * Double(plot.height * 8)).rounded()))
            var y = plot.maxY - 1
            for _ in 0..<(eighths / 8) {
                canvas.fill(
                    Rect(x: x, y: y, width: barWidth, height: 1), with: Cell(ascii ? "#" : "█", style: barStyle))
                y -= 1
            }
            if eighths % 8 > 0 {
                let top: Character = ascii ? "." : Self.eighths[eighths % 8 - 1]
                canvas.fill(Rect(x: x, y: y, width: barWidth, height: 1), with: Cell(top, style: barStyle))
            }
        }
    }

    /// The month names under the columns where each month starts, January as its year; the years
    /// first, then the other months where they do not crowd a name already there. A range with no
    /// month start names the month of its first column.
    private func drawMonths(layout: Columns, row: Rect, into canvas: inout Canvas) {
        guard layout.count > 0, row.width > 0 else { return }
        var starts: [(x: Int, day: CalendarDay)] = []
        for index in 0..<layout.count {
            let end = last.adding(days: -(layout.count - 1 - index) * layout.span)
            let start = max(first, end.adding(days: 1 - layout.span))
            // The first of a month within the column's days.
            let firstOfMonth =
                start.day == 1 ? start : CalendarDay(year: start.year, month: start.month, day: 1).adding(months: 1)
            if firstOfMonth <= end { starts.append((row.x + index * layout.width, firstOfMonth)) }
        }
        func name(_ day: CalendarDay) -> String { day.month == 1 ? String(day.year) : day.monthName }
        var taken: [(from: Int, to: Int)] = []
        func place(_ text: String, at x: Int) {
            let to = x + text.displayWidth
            guard to <= row.maxX, !taken.contains(where: { x <= $0.to && $0.from <= to }) else { return }
            canvas.write(text, at: Point(x: x, y: row.y), style: labelStyle, clip: row)
            taken.append((x, to))
        }
        for start in starts where start.day.month == 1 { place(name(start.day), at: start.x) }
        for start in starts where start.day.month != 1 { place(name(start.day), at: start.x) }
        if starts.isEmpty { place(first.month == 1 ? "\(first.monthName) \(first.year)" : first.monthName, at: row.x) }
    }
}
