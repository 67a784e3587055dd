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

    /// Writes `text` from `point` along one row and returns the number of columns it advanced
    /// (up to the clip's right edge, where it stops). Control characters are skipped; nothing wraps.
    @discardableResult
    public mutating func write(_ text: String, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard point.y >= area.y, point.y < area.maxY, point.x < area.maxX else { return DisplayWidth.of(text) }
        var text = text
        text.makeContiguousUTF8()
        let width = size.width
        let rowStart = point.y * width
        var x = point.x
        let packedStyle = Cell.packedStyle(style)
        cells.withUnsafeMutableBufferPointer { buffer in
            text.utf8.withContiguousStorageIfAvailable { bytes in
                var offset = 0
                var decoded = bytes.isEmpty ? (value: UInt32(0), length: 0) : Self.decode(bytes, at: 0)
                while offset < bytes.count && x < area.maxX {
                    let (value, length) = decoded
                    let next = offset + length
                    let following = next < bytes.count ? Self.decode(bytes, at: next) : (value: UInt32(0), length: 0)
                    // Below U+0300 nothing is wide and nothing combines: one scalar is one cell,
                    // unless the scalar after it is a mark that joins it.
                    if value < 0x300 && following.value < 0x300 {
                        offset = next
                        decoded = following
                        if value < 0x20 || (0x7F..<0xA0).contains(value) { continue }
                        if x >= area.x {
                            Self.place(
                                Cell(narrowScalar: value, packedStyle: packedStyle), at: rowStart + x, column: x,
                                width: width, in: buffer)
                        }
                        x += 1
                        continue
                    }
                    // Anything else goes one grapheme cluster at a time.
                    let start = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
                    guard let character = text[start...].first else { break }
                    offset += character.utf8.count
                    if offset < bytes.count { decoded = Self.decode(bytes, at: offset) }
                    let cellWidth = DisplayWidth.of(character)
                    if cellWidth == 0 { continue }
                    if x >= area.x {
                        if cellWidth == 2 && x + 1 >= area.maxX {
                            Self.place(
                                Cell(.space, style: style), at: rowStart + x, column: x, width: width, in: buffer)
                        } else {
                            Self.place(
                                Cell(character, style: style), at: rowStart + x, column: x, width: width, in: buffer)
                            if cellWidth == 2 {
                                Self.place(
                                    Cell(.continuation, style: style), at: rowStart + x + 1, column: x + 1,
                                    width: width,
                                    in: buffer)
                            }
                        }
                    } else if cellWidth == 2 && x + 1 == area.x {
                        Self.place(
                            Cell(.space, style: style), at: rowStart + area.x, column: area.x, width: width, in: buffer)
                    }
                    x += cellWidth
                }
            }
        }
        return x - point.x
    }

    /// Writes a slice of a string; see `write(_:at:style:clip:)`.
    @discardableResult
    public mutating func write(_ text: Substring, at point: Point, style: Style = .plain, clip: Rect? = nil) -> Int {
        write(String(text), at: point, style: style, clip: clip)
    }

    /// The scalar value and byte length of the UTF-8 sequence at `offset` (valid UTF-8, as every
    /// Swift string is).
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (value: UInt32, length: Int) {
        let lead = UInt32(bytes[offset])
        if lead < 0x80 { return (lead, 1) }
        if lead < 0xE0 { return ((lead & 0x1F) << 6 | UInt32(bytes[offset + 1] & 0x3F), 2) }
        if lead < 0xF0 {
            return ((lead & 0x0F) << 12 | UInt32(bytes[offset + 1] & 0x3F) << 6 | UInt32(bytes[offset + 2] & 0x3F), 3)
        }
        return (
            (lead & 0x07) << 18 | UInt32(bytes[offset + 1] & 0x3F) << 12 | UInt32(bytes[offset + 2] & 0x3F) << 6
                | UInt32(bytes[offset + 3] & 0x3F), 4
        )
    }

    /// Stores `cell` at `index` (column `column` of a row `width` wide) and repairs any wide
    /// character it cuts in half.
    @inline(__always)
    private static func place(
        _ cell: Cell, at index: Int, column: Int, width: Int, in buffer: UnsafeMutableBufferPointer<Cell>
    ) {
        let old = buffer[index]
        if old.isContinuation && column > 0 && !cell.isContinuation {
            // Overwriting the right half of a wide character: blank its left half.
            buffer[index - 1] = Cell(.space, style: buffer[index - 1].style)
        }
        if old.width == 2 && column + 1 < width && cell.width != 2 {
            // Overwriting the left half with something narrow: blank the orphaned right half.
            buffer[index + 1] = Cell(.space, style: buffer[index + 1].style)
        }
        buffer[index] = cell
    }

    /// Copies every cell of `source` onto this canvas with its top left at `origin`, row `y`
    /// moved `rowShifts[y]` columns to the right (0 where the array ends): a picture drawn apart
    /// and placed, slid or sheared as a whole. Clipped to `clip` and the canvas; wide characters
    /// stay whole (one cut by the edge becomes a space).
    public mutating func draw(_ source: Canvas, at origin: Point, rowShifts: [Int] = [], clip: Rect? = nil) {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard !area.isEmpty else { return }
        let width = size.width
        let sourceWidth = source.size.width
        cells.withUnsafeMutableBufferPointer { buffer in
            source.cells.withUnsafeBufferPointer { picture in
                for y in 0..<source.size.height {
                    let targetY = origin.y + y
                    guard targetY >= area.y && targetY < area.maxY else { continue }
                    let rowStart = targetY * width
                    let left = origin.x + (y < rowShifts.count ? rowShifts[y] : 0)
                    let first = max(0, area.x - left)
                    let end = min(sourceWidth, area.maxX - left)
                    guard first < end else { continue }
                    for x in first..<end {
                        let cell = picture[y * sourceWidth + x]
                        let column = left + x
                        let fits = !(cell.width == 2 && column + 1 >= area.maxX)
                        // A half of a wide character whose other half is cut off becomes a space.
                        if cell.isContinuation {
                            if column == area.x {
                                Self.place(
                                    Cell(.space, style: cell.style), at: rowStart + column, column: column,
                                    width: width, in: buffer)
                            }
                            continue
                        }
                        Self.place(
                            fits ? cell : Cell(.space, style: cell.style), at: rowStart + column, column: column,
                            width: width, in: buffer)
                        if cell.width == 2 && fits {
                            Self.place(
                                Cell(.continuation, style: cell.style), at: rowStart + column + 1, column: column + 1,
                                width: width, in: buffer)
                        }
                    }
                }
            }
        }
    }

    /// Fills `rect` with `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        guard cell.glyph.width < 2 else {
            for y in area.y..<area.maxY {
                var x = area.x
                while x < area.maxX {
                    put(cell, x: x, y: y, clip: area)
                    x += 2
                }
            }
            return
        }
        let width = size.width
        cells.withUnsafeMutableBufferPointer { buffer in
            for y in area.y..<area.maxY {
                let rowStart = y * width
                if area.x > 0 && buffer[rowStart + area.x].isContinuation {
                    buffer[rowStart + area.x - 1] = Cell(.space, style: buffer[rowStart + area.x - 1].style)
                }
                if area.maxX < width && buffer[rowStart + area.maxX].isContinuation {
                    buffer[rowStart + area.maxX] = Cell(.space, style: buffer[rowStart + area.maxX].style)
                }
                buffer[(rowStart + area.x)..<(rowStart + area.maxX)].update(repeating: cell)
            }
        }
    }

    /// Sets every cell to `cell` (a narrow one), the quickest way to start a frame over.
    public mutating func clear(to cell: Cell = .blank) {
        cells.withUnsafeMutableBufferPointer { $0.update(repeating: cell) }
    }

    /// Makes every cell the same as in `other`, a canvas of the same size, in place.
    public mutating func copyCells(from other: Canvas) {
        precondition(other.size == size, "copying cells between canvases of different sizes")
        cells.withUnsafeMutableBufferPointer { target in
            other.cells.withUnsafeBufferPointer { source in
                guard let to = target.baseAddress, let from = source.baseAddress else { return }
                to.update(from: from, count: source.count)
            }
        }
    }

    /// Changes the style of every cell in `rect`, keeping the glyphs.
    public mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let width = size.width
        cells.withUnsafeMutableBufferPointer { buffer in
            for y in area.y..<area.maxY {
                let start = y * width
                for x in area.x..<area.maxX {
                    transform(&buffer[start + x].style)
                }
            }
        }
    }

    /// Dims every cell (and takes bold away), as under a modal sheet.
    public mutating func dimAll() {
        let dim = Attributes.dim.rawValue
        let bold = Attributes.bold.rawValue
        cells.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                buffer[index].setAttributeBits { ($0 | dim) & ~bold }
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
        let width = size.width
        cells.withUnsafeMutableBufferPointer { buffer in
            Self.place(cell, at: y * width + x, column: x, width: width, in: buffer)
        }
    }
}
