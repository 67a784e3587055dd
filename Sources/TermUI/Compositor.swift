/// Where a layer sits in the stack; layers are drawn back to front in this order, and in the
/// order they were added within one level.
public enum LayerLevel: Int, Comparable, Sendable, CaseIterable {
    /// The scene itself.
    case screen = 0
    /// Sheets and modal dialogs over the screen.
    case sheet = 1
    /// Short notices over everything.
    case toast = 2

    public static func < (lhs: LayerLevel, rhs: LayerLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One layer of a frame: a drawing function at a level. A modal layer dims everything below it.
public struct Layer {
    public var level: Level
    public var dimsBelow: Bool
    public var draw: (inout Canvas) -> Void

    public typealias Level = LayerLevel

    public init(level: Level, dimsBelow: Bool = false, draw: @escaping (inout Canvas) -> Void) {
        self.level = level
        self.dimsBelow = dimsBelow
        self.draw = draw
    }
}

/// What a scene renders into: the size of the screen and the layers it adds.
public struct Composition {
    public let size: Size
    public private(set) var layers: [Layer] = []

    public init(size: Size) { self.size = size }

    public var bounds: Rect { Rect(size: size) }

    /// Adds a layer at `level`.
    public mutating func add(
        _ level: LayerLevel = .screen, dimsBelow: Bool = false, draw: @escaping (inout Canvas) -> Void
    ) {
        layers.append(Layer(level: level, dimsBelow: dimsBelow, draw: draw))
    }

    /// Draws every layer back to front into a fresh canvas.
    public func flatten() -> Canvas {
        var canvas = Canvas(size: size)
        flatten(into: &canvas)
        return canvas
    }

    /// Draws every layer back to front into `canvas`, which is cleared first.
    public func flatten(into canvas: inout Canvas) {
        if canvas.size != size {
            canvas = Canvas(size: size)
        } else {
            canvas.clear()
        }
        let ordered = layers.enumerated().sorted { ($0.element.level, $0.offset) < ($1.element.level, $1.offset) }
        for (_, layer) in ordered {
            if layer.dimsBelow {
                canvas.dimAll()
            }
            layer.draw(&canvas)
        }
    }
}

/// A stretch of changed cells on one row: columns `x ..< x + count` of row `y`.
public struct Run: Hashable, Sendable {
    public var y: Int
    public var x: Int
    public var count: Int

    public init(y: Int, x: Int, count: Int) {
        self.y = y
        self.x = x
        self.count = count
    }
}

/// Compares two frames and returns the runs that changed.
public enum FrameDiff {
    /// Unchanged cells between two changes that still join them into one run: writing a few
    /// unchanged cells is cheaper than a separate cursor move and call.
    public static let joinGap = 4

    /// The changed runs from `old` to `new`. Frames of different sizes are entirely changed.
    /// A run never splits a wide character: it starts on a left half and ends after a right half.
    public static func runs(from old: Canvas?, to new: Canvas) -> [Run] {
        let width = new.size.width
        guard let old, old.size == new.size else {
            return (0..<new.size.height).compactMap { width > 0 ? Run(y: $0, x: 0, count: width) : nil }
        }
        var runs: [Run] = []
        new.cells.withUnsafeBufferPointer { newCells in
            old.cells.withUnsafeBufferPointer { oldCells in
                for y in 0..<new.size.height {
                    let rowStart = y * width
                    var x = 0
                    var runStart = -1
                    var lastChanged = -1
                    while x < width {
                        if newCells[rowStart + x] != oldCells[rowStart + x] {
                            if runStart < 0 {
                                runStart = x
                            } else if x - lastChanged - 1 > joinGap {
                                runs.append(
                                    run(
                                        y: y, from: runStart, through: lastChanged, row: newCells, rowStart: rowStart,
                                        width: width))
                                runStart = x
                            }
                            lastChanged = x
                        }
                        x += 1
                    }
                    if runStart >= 0 {
                        runs.append(
                            run(
                                y: y, from: runStart, through: lastChanged, row: newCells, rowStart: rowStart,
                                width: width))
                    }
                }
            }
        }
        return runs
    }

    private static func run(
        y: Int, from start: Int, through end: Int, row: UnsafeBufferPointer<Cell>, rowStart: Int, width: Int
    )
        -> Run
    {
        var first = start
        var last = end
        if first > 0 && row[rowStart + first].isContinuation { first -= 1 }
        if last + 1 < width && row[rowStart + last].width == 2 { last += 1 }
        return Run(y: y, x: first, count: last - first + 1)
    }
}
