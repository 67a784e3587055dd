/// The six characters that draw a box: four corners and the two straight lines.
public struct BoxCharacters: Hashable, Sendable {
    /// The top left corner.
    public var topLeft: Character
    /// The top right corner.
    public var topRight: Character
    /// The bottom left corner.
    public var bottomLeft: Character
    /// The bottom right corner.
    public var bottomRight: Character
    /// The top and bottom lines.
    public var horizontal: Character
    /// The left and right lines.
    public var vertical: Character

    /// A set of box characters; each should be one cell wide.
    public init(
        topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character,
        horizontal: Character, vertical: Character
    ) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Thin lines with rounded corners: ╭─╮ │ ╰─╯
    public static let rounded = BoxCharacters(
        topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
    /// Thin lines with square corners: ┌─┐ │ └─┘
    public static let square = BoxCharacters(
        topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
    /// Heavy lines: ┏━┓ ┃ ┗━┛
    public static let heavy = BoxCharacters(
        topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃")
    /// Double lines: ╔═╗ ║ ╚═╝
    public static let double = BoxCharacters(
        topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║")
    /// Plain ASCII, for terminals without line drawing: +-+ | +-+
    public static let ascii = BoxCharacters(
        topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")
}

/// A box drawn on the edge of its area, with an optional title set into the top border:
///
/// ```
/// ╭ Rules ───────────╮
/// │                  │
/// ╰──────────────────╯
/// ```
///
/// The content goes in `contentRect(in:)`, the area less one cell on every side. An area one cell
/// tall or wide gets just the part of the border that fits.
public struct Panel: Widget, Hashable, Sendable {
    /// The title set into the top border, if any.
    public var title: String?
    /// The characters the border is drawn with.
    public var box: BoxCharacters
    /// The style of the border.
    public var borderStyle: Style
    /// The style of the title.
    public var titleStyle: Style
    /// Where the title sits along the top border.
    public var titleAlignment: Alignment
    /// When set, the inside of the panel is cleared to spaces of this style before drawing, so the
    /// panel hides whatever was drawn there (as a sheet over a screen must).
    public var fill: Style?

    /// A panel; see the properties for the options.
    public init(
        title: String? = nil, box: BoxCharacters = .rounded, borderStyle: Style = .plain,
        titleStyle: Style = .bold, titleAlignment: Alignment = .leading, fill: Style? = nil
    ) {
        self.title = title
        self.box = box
        self.borderStyle = borderStyle
        self.titleStyle = titleStyle
        self.titleAlignment = titleAlignment
        self.fill = fill
    }

    /// The inside of a panel drawn in `area`: one cell in from every edge (empty when the area is
    /// under 3×3).
    public func contentRect(in area: Rect) -> Rect {
        area.inset(by: 1)
    }

    /// Draws the border on the edge of `area` (and clears its inside when `fill` is set).
    public func render(into canvas: inout Canvas, in area: Rect) {
        guard !area.isEmpty else { return }
        if let fill {
            canvas.fill(contentRect(in: area), with: Cell(.space, style: fill))
        }
        let right = area.maxX - 1
        let bottom = area.maxY - 1
        for x in area.x...right {
            let top = borderCharacter(x: x, in: area, left: box.topLeft, right: box.topRight)
            canvas.put(Cell(top, style: borderStyle), x: x, y: area.y, clip: area)
            if bottom > area.y {
                let lower = borderCharacter(x: x, in: area, left: box.bottomLeft, right: box.bottomRight)
                canvas.put(Cell(lower, style: borderStyle), x: x, y: bottom, clip: area)
            }
        }
        if bottom > area.y + 1 {
            for y in (area.y + 1)..<bottom {
                canvas.put(Cell(box.vertical, style: borderStyle), x: area.x, y: y, clip: area)
                if right > area.x {
                    canvas.put(Cell(box.vertical, style: borderStyle), x: right, y: y, clip: area)
                }
            }
        }
        drawTitle(into: &canvas, in: area)
    }

    /// The character of a horizontal border at column `x`: a corner at either end, a line between.
    private func borderCharacter(x: Int, in area: Rect, left: Character, right: Character) -> Character {
        if x == area.x { return left }
        if x == area.maxX - 1 { return right }
        return box.horizontal
    }

    /// Sets " title " into the top border, between the corners, truncated to fit.
    private func drawTitle(into canvas: inout Canvas, in area: Rect) {
        guard let title, !title.isEmpty else { return }
        // Corner, space, title, space, corner: the title gets what is left.
        let available = area.width - 4
        guard available > 0 else { return }
        let shown = title.truncated(toWidth: available)
        let titleWidth = shown.displayWidth
        let x = area.x + 1 + titleAlignment.offset(width: titleWidth + 2, in: area.width - 2)
        canvas.put(Cell(" ", style: borderStyle), x: x, y: area.y, clip: area)
        canvas.write(shown, at: Point(x: x + 1, y: area.y), style: titleStyle, clip: area)
        canvas.put(Cell(" ", style: borderStyle), x: x + 1 + titleWidth, y: area.y, clip: area)
    }
}
