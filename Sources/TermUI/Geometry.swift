/// A cell position: `x` is the column, `y` the row, both from 0 at the top left.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var description: String { "(\(x), \(y))" }
}

/// A size in cells.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// `true` when this size is at least `other` in both directions.
    public func contains(_ other: Size) -> Bool { width >= other.width && height >= other.height }

    public var description: String { "\(width)×\(height)" }
}

/// A rectangle of cells. Widths and heights below zero are treated as empty.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public init(size: Size) {
        self.init(origin: .zero, size: size)
    }

    public var x: Int { origin.x }
    public var y: Int { origin.y }
    public var width: Int { size.width }
    public var height: Int { size.height }
    /// One past the last column.
    public var maxX: Int { origin.x + max(0, size.width) }
    /// One past the last row.
    public var maxY: Int { origin.y + max(0, size.height) }
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }

    public func contains(_ point: Point) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// The overlap of two rectangles; empty (at this origin) when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let left = max(x, other.x)
        let top = max(y, other.y)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return Rect(origin: Point(x: left, y: top), size: .zero) }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// This rectangle shrunk by the given margins on each side.
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        Rect(
            x: x + left, y: y + top,
            width: max(0, width - left - right), height: max(0, height - top - bottom))
    }

    /// This rectangle shrunk by `amount` cells on every side.
    public func inset(by amount: Int) -> Rect {
        inset(top: amount, left: amount, bottom: amount, right: amount)
    }

    /// A rectangle of `size` centred in this one (clamped to fit).
    public func centered(_ size: Size) -> Rect {
        let width = min(size.width, self.width)
        let height = min(size.height, self.height)
        return Rect(x: x + (self.width - width) / 2, y: y + (self.height - height) / 2, width: width, height: height)
    }

    /// The row `index` rows below the top, one cell tall.
    public func row(_ index: Int) -> Rect { Rect(x: x, y: y + index, width: width, height: 1) }

    /// Splits off `count` rows from the top: (top part, rest).
    public func splitTop(_ count: Int) -> (Rect, Rect) {
        let top = min(max(0, count), max(0, height))
        return (Rect(x: x, y: y, width: width, height: top), Rect(x: x, y: y + top, width: width, height: height - top))
    }

    /// Splits off `count` rows from the bottom: (rest, bottom part).
    public func splitBottom(_ count: Int) -> (Rect, Rect) {
        let bottom = min(max(0, count), max(0, height))
        return (
            Rect(x: x, y: y, width: width, height: height - bottom),
            Rect(x: x, y: maxY - bottom, width: width, height: bottom)
        )
    }

    public var description: String { "\(origin) \(size)" }
}
