/// Where a list is scrolled to and which of its rows is selected. It keeps the selected row in
/// view as the list is moved through or the window changes size.
public struct ScrollState: Hashable, Sendable {
    /// The selected row, or `nil` for a list read without a selection.
    public var selection: Int?
    /// The first row in view.
    public private(set) var offset: Int = 0

    public init(selection: Int? = 0) {
        self.selection = selection
    }

    /// Moves the selection by `rows` (clamped to the list), or scrolls by that much when there
    /// is no selection.
    public mutating func move(by rows: Int, count: Int) {
        guard count > 0 else {
            offset = 0
            return
        }
        if let selection {
            self.selection = min(count - 1, max(0, selection + rows))
        } else {
            offset = min(max(0, count - 1), max(0, offset + rows))
        }
    }

    /// Selects `row` (clamped to the list).
    public mutating func select(_ row: Int, count: Int) {
        selection = count > 0 ? min(count - 1, max(0, row)) : nil
    }

    /// The rows in view in a window of `height` rows, after scrolling just enough to show the
    /// selection. Where rows are out of view above or below, a marker takes the window's first or
    /// last row.
    public mutating func visibleRows(count: Int, height: Int) -> Range<Int> {
        guard count > 0, height > 0 else { return 0..<0 }
        offset = min(max(0, offset), count - 1)
        if let selection {
            if selection < offset { offset = selection }
            while selection >= Self.window(offset: offset, count: count, height: height).upperBound { offset += 1 }
        }
        // Never scrolled further than the end needs.
        while offset > 0 && Self.window(offset: offset - 1, count: count, height: height).upperBound == count
            && selection.map({ $0 >= offset - 1 }) ?? true
        {
            offset -= 1
        }
        return Self.window(offset: offset, count: count, height: height)
    }

    /// The rows in view from `offset`: all that fit between the markers that are needed.
    static func window(offset: Int, count: Int, height: Int) -> Range<Int> {
        if offset == 0 && count <= height { return 0..<count }
        var rows = height - (offset > 0 ? 1 : 0)
        if offset + rows < count { rows -= 1 }
        return offset..<min(count, offset + max(1, rows))
    }
}

/// A list of one-line rows in a window, scrolled to keep the selected row in view, with a marker
/// row above ("▲ 3 more") and below ("▼ 5 more") when rows are out of view, so nothing vanishes
/// without a sign.
public struct ScrollList: Hashable, Sendable {
    public var rows: [String]
    public var rowStyle: Style
    public var selectedStyle: Style
    public var markerStyle: Style

    public init(
        _ rows: [String], rowStyle: Style = .plain, selectedStyle: Style = .reverse, markerStyle: Style = .dim
    ) {
        self.rows = rows
        self.rowStyle = rowStyle
        self.selectedStyle = selectedStyle
        self.markerStyle = markerStyle
    }

    /// Where each row in view lies in `area`, with its index: what a click hits.
    public static func frames(count: Int, state: inout ScrollState, in area: Rect) -> [(frame: Rect, index: Int)] {
        let visible = state.visibleRows(count: count, height: area.height)
        let top = visible.lowerBound > 0 ? 1 : 0
        return visible.enumerated().map { position, index in (area.row(top + position), index) }
    }

    /// Draws the rows in view and the markers into `area`, scrolling `state` as needed.
    public func render(into canvas: inout Canvas, in area: Rect, state: inout ScrollState) {
        let rows = self.rows
        let rowStyle = self.rowStyle
        let selectedStyle = self.selectedStyle
        Self.render(count: rows.count, into: &canvas, in: area, state: &state, markerStyle: markerStyle) {
            canvas, frame, index, selected in
            if selected { canvas.fill(frame, with: Cell(.space, style: selectedStyle)) }
            Text(rows[index], style: selected ? selectedStyle : rowStyle).render(into: &canvas, in: frame)
        }
    }

    /// Draws a list of `count` rows, each by `row` (the canvas, its frame, its index, whether it is
    /// selected), scrolled by `state`, with "▲ N more" / "▼ N more" markers where rows are out of
    /// view.
    public static func render(
        count: Int, into canvas: inout Canvas, in area: Rect, state: inout ScrollState, markerStyle: Style = .dim,
        row: (inout Canvas, Rect, Int, Bool) -> Void
    ) {
        let frames = Self.frames(count: count, state: &state, in: area)
        for (frame, index) in frames { row(&canvas, frame, index, index == state.selection) }
        guard count > area.height, let first = frames.first?.index, let last = frames.last?.index else { return }
        let below = count - 1 - last
        if first > 0 {
            Text("▲ \(first) more", style: markerStyle, alignment: .center).render(into: &canvas, in: area.row(0))
        }
        if below > 0 {
            Text("▼ \(below) more", style: markerStyle, alignment: .center).render(
                into: &canvas, in: area.row(area.height - 1))
        }
    }
}
