import TermUI

/// The styles of the dumbbell screen, by what each thing on it is: each one of TermUI's `Theme`
/// roles (one palette for every screen). Without colour every distinction still shows: selection
/// by reverse video and brackets, completion by ✓, records by ★, muted text by dimming.
struct Palette: Hashable, Sendable {
    let theme: Theme

    init(usesColor: Bool) { theme = Theme(usesColor: usesColor) }

    var accent: Style { theme.accent }
    var muted: Style { theme.muted }
    var done: Style { theme.done }
    var best: Style { theme.record }
    var selectedField: Style { theme.selection }
    var idleField: Style { theme.field }
    var refused: Style { theme.emphasis }
    var problem: Style { theme.problem }
    var pillBorder: Style { theme.bar }
    var filledPill: Style { theme.selection }
    var focusedButton: Style { theme.selection }
    var buttonEdge: Style { theme.emphasis }
    var bar: Style { theme.bar }
    var track: Style { theme.unfilled }
}

/// Where everything on the dumbbell screen goes, for drawing and for hit-testing clicks alike.
///
/// ```
/// Dumbbells · Bicep curl                    12:34    header
///                                                    (a blank row from 16 rows up)
/// Set  kg       reps  time   last workout             column titles
/// ✓ 1  12       10    0:42 ★ last: 12 kg × 10        one row per set (scrolled to the
/// ▸ 2 [12.5   ] 10           last: 12 kg × 10        selection, with ▲ ▼ N more, when
///                                                    they do not fit)
///   3                        last: 14 kg × 8
///                                                    (a blank row from 16 rows up)
///             Personal best: …                       notice
///                ╭───────────────╮
///                │ ▶ Start set 2 │                   the pill
///                ╰───────────────╯
/// Enter Start  Tab Next  ? Keys  q Back              help bar
/// ```
struct ScreenLayout {
    /// The widest the table column gets; wider screens centre it.
    static let contentWidth = 67
    /// Column offsets inside the table.
    static let numberColumn = 1
    static let weightColumn = 4
    static let repsColumn = 13
    static let timeColumn = 19
    static let starColumn = 25
    static let lastColumn = 27
    /// A field: "[", what it holds (six characters of weight, three of reps), "]".
    static func fieldWidth(_ field: SetField) -> Int {
        (field == .weight ? SetEntry.weightLimit : SetEntry.repsLimit) + 2
    }

    let size: Size
    let content: Rect
    let header: Rect
    let columnTitles: Rect
    /// The rows the table's sets take (markers included).
    let table: Rect
    /// How the table is scrolled: the selected set in view.
    let scroll: ScrollState
    /// The table's rows on screen and the set each one shows.
    let rows: [(rect: Rect, index: Int)]
    let notice: Rect
    /// The three rows of the pill, across the whole screen.
    let pillArea: Rect
    let helpBar: Rect

    /// The layout of a screen of `size` with `rowCount` sets, scrolled so that row `focus` shows.
    /// Below the header, the table, the notice and the pill are one group, centred above the help
    /// bar, so the pill stays next to the table however tall the window; the table scrolls, with
    /// "▲ N more" / "▼ N more" markers, when its sets do not fit.
    /// Where a rest's big digits go (empty without a rest, or where the window has no room).
    let restClock: Rect
    /// How they are drawn there.
    let restClockLook: RestClockLook?

    init(size: Size, rowCount: Int, focus: Int, restClock wantsClock: Bool = false) {
        self.size = size
        let screen = Rect(size: size)
        let gap = size.height >= 16 ? 1 : 0
        let width = min(size.width, Self.contentWidth)
        content = Rect(x: (size.width - width) / 2, y: 0, width: width, height: size.height)
        helpBar = screen.row(size.height - 1)
        // The header keeps the first row, as every workout's title does; the rest is the group.
        let (top, body) = Layout.vertical([.length(1 + gap), .fill(1)]).split2(content.inset(bottom: 1))
        header = top.row(0)
        // A rest's digits take the rows the table leaves, with a blank row above them.
        let free = body.height - (1 + rowCount + 2 * gap + 1 + 3) - 1
        let look =
            wantsClock ? RestClockLook(room: Size(width: size.width - 4, height: free), window: size) : nil
        let clockRows = look.map { $0.height + 1 } ?? 0
        let parts = Layout.vertical(
            [
                .length(1), .max(rowCount), .length(gap), .length(clockRows), .length(look == nil ? 0 : gap),
                .length(1),
                .length(3),
            ],
            alignment: .center
        ).split(body)
        columnTitles = parts[0]
        table = parts[1]
        restClockLook = look
        restClock =
            look == nil
            ? Rect(x: 0, y: parts[3].y, width: 0, height: 0)
            : Rect(x: 0, y: parts[3].y + 1, width: size.width, height: parts[3].height - 1)
        notice = parts[5]
        pillArea = Rect(x: 0, y: parts[6].y, width: size.width, height: parts[6].height)
        var scroll = ScrollState(selection: focus)
        rows = ScrollList.frames(count: rowCount, state: &scroll, in: table).map { (rect: $0.frame, index: $0.index) }
        self.scroll = scroll
    }

    /// The row of the table showing set `index`, if it is on screen.
    func row(of index: Int) -> Rect? {
        rows.first { $0.index == index }?.rect
    }

    /// Where a field of a row is drawn (brackets included).
    func frame(of position: FieldPosition) -> Rect? {
        guard let row = row(of: position.row) else { return nil }
        let column = position.field == .weight ? Self.weightColumn : Self.repsColumn
        return Rect(x: row.x + column, y: row.y, width: Self.fieldWidth(position.field), height: 1).intersection(row)
    }

    /// Where the "last: …" text of a row is drawn.
    func lastFrame(of index: Int) -> Rect? {
        guard let row = row(of: index) else { return nil }
        return Rect(x: row.x + Self.lastColumn, y: row.y, width: max(0, row.width - Self.lastColumn), height: 1)
    }

    /// The field under `point`, if any.
    func field(at point: Point) -> FieldPosition? {
        for (rect, index) in rows where rect.contains(point) {
            for field in SetField.allCases {
                let position = FieldPosition(row: index, field: field)
                if frame(of: position)?.contains(point) == true { return position }
            }
        }
        return nil
    }

    /// The pill's rectangle for a pill `width` columns wide, centred.
    func pillFrame(width: Int) -> Rect {
        let clamped = min(max(4, width), pillArea.width)
        return Rect(x: pillArea.x + (pillArea.width - clamped) / 2, y: pillArea.y, width: clamped, height: 3)
    }

    /// Whether the pill uses its wide looks (bracketed keys, longer labels).
    var isWide: Bool { size.width >= 70 }
}

/// How a rest's countdown is drawn in big digits: the font and its scale, up to a third of the
/// window's height (legible across a room), from a window of 60×18.
struct RestClockLook: Hashable, Sendable {
    var font: BigDigits.Font
    var scale: Int

    var height: Int { font.height(scale: scale) }

    /// The smallest window that shows big digits; smaller ones keep the pill's line.
    static let smallestWindow = Size(width: 60, height: 18)
    /// The widest text shown.
    static let widestText = "00:00"
    /// The block font's largest scale; taller digits use the segment font.
    static let largestBlockScale = 3

    /// The look that fits `room` on a window of `window`, or `nil` when none fits.
    init?(room: Size, window: Size) {
        guard window.width >= Self.smallestWindow.width, window.height >= Self.smallestWindow.height,
            let unit = BigDigits.size(of: Self.widestText), room.width >= unit.width, room.height >= unit.height
        else { return nil }
        let third = (window.height + 2) / 3
        let segments = BigDigits.largestScale(
            of: Self.widestText, font: .segments, fitting: room, most: max(BigDigits.dashedSegmentsFrom, third / 2))
        if segments >= BigDigits.dashedSegmentsFrom,
            let digits = BigDigits.size(of: Self.widestText, font: .segments, scale: segments), room.contains(digits)
        {
            font = .segments
            scale = segments
            return
        }
        font = .blocks
        scale = BigDigits.largestScale(
            of: Self.widestText, fitting: room, most: min(Self.largestBlockScale, max(1, (2 * third + 4) / 5)))
    }
}
