/// A grid of cells that scenes and widgets draw into: a plain value, compared frame against frame
/// by the compositor. Every drawing call clips to the canvas and to an optional clip rectangle,
/// and keeps wide characters whole (overwriting either half of one blanks the other).
public struct Canvas: Equatable, Sendable {
    public let size: Size
    /// Row-major cells, `size.width * size.height` of them.
    public private(set) var cells: [Cell]

    public init(size: Size, fill: Cell = .blank) {
        let width = max(0, size.width)
        let height = max(0, size.height)
        self.size = Size(width: width, height: height)
        self.cells = Array(repeating: fill, count: width * height)
    }

    public var bounds: Rect { Rect(size: size) }

    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
        return cells[y * size.width + x]
    }

    /// Puts one cell at (x, y) if it lies inside `clip` and the canvas. A wide glyph needs both of
    /// its cells inside; where only the left one fits, a space is drawn instead.
    public mutating func put(_ cell: Cell, x: Int, y: Int, clip: Rect? = nil) {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard area.contains(Point(x: x, y: y)) else { return }
        if cell.glyph.width == 2 {
            guard x + 1 < area.maxX else {
                store(Cell(.space, style: cell.style), x: x, y: y)
                return
            }
            store(cell, x: x, y: y)
            store(Cell(.continuation, style: cell.style), x: x + 1, y: y)
        } else {
            store(cell, x: x, y: y)
        }
    }

    /// Writes `text` from `point` along one row and returns the number of columns it took.
    /// Control characters are skipped; nothing wraps.
    @discardableResult
    public mutating func write<S: StringProtocol>(_ text: S, at point: Point, style: Style = .plain, clip: Rect? = nil)
        -> Int
    {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard point.y >= area.y, point.y < area.maxY else { return DisplayWidth.of(text) }
        var x = point.x
        for character in text {
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            if x >= area.maxX { break }
            if x >= area.x {
                put(Cell(character, style: style), x: x, y: point.y, clip: area)
            } else if width == 2 && x + 1 == area.x {
                put(Cell(" ", style: style), x: area.x, y: point.y, clip: area)
            }
            x += width
        }
        return x - point.x
    }

    /// Fills `rect` with `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            var x = area.x
            while x < area.maxX {
                put(cell, x: x, y: y, clip: area)
                x += Int(max(1, cell.glyph.width))
            }
        }
    }

    /// Changes the style of every cell in `rect`, keeping the glyphs.
    public mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for y in area.y..<area.maxY {
            let start = y * size.width
            for x in area.x..<area.maxX {
                transform(&cells[start + x].style)
            }
        }
    }

    /// The text of each row, wide characters once, for golden tests and plain-text output.
    public func lines(trimmingTrailingSpaces: Bool = true) -> [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width {
                let glyph = cells[y * size.width + x].glyph
                if glyph.isContinuation { continue }
                line.append(glyph.character)
            }
            if trimmingTrailingSpaces {
                while line.last == " " { line.removeLast() }
            }
            return line
        }
    }

    /// Stores a cell and repairs any wide character it cuts in half.
    private mutating func store(_ cell: Cell, x: Int, y: Int) {
        let index = y * size.width + x
        let old = cells[index]
        if old.glyph.isContinuation, x > 0, !(cell.glyph.isContinuation) {
            // Overwriting the right half of a wide character: blank its left half.
            cells[index - 1] = Cell(.space, style: cells[index - 1].style)
        }
        if old.glyph.width == 2, x + 1 < size.width, cell.glyph.width != 2 {
            // Overwriting the left half with something narrow: blank the orphaned right half.
            cells[index + 1] = Cell(.space, style: cells[index + 1].style)
        }
        cells[index] = cell
    }
}
