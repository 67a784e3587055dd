#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// Set on a backdrop (see `Composition.addBackdrop`): equal keys draw equal cells.
    public var key: BackdropKey?
    public var draw: (inout Canvas) -> Void

    public typealias Level = LayerLevel

    public init(
        level: Level, dimsBelow: Bool = false, key: BackdropKey? = nil, draw: @escaping (inout Canvas) -> Void
    ) {
        self.level = level
        self.dimsBelow = dimsBelow
        self.key = key
        self.draw = draw
    }
}

/// A backdrop's key, of whatever type its scene uses. Keys compare by their type, then by `==`:
/// no lookups in the runtime's tables on every frame, as `AnyHashable` would make.
public class BackdropKey {
    fileprivate init() {}

    /// Whether `other` is a key of the same type and equal to this one.
    func isSame(as other: BackdropKey) -> Bool { false }

    /// A key holding `value`.
    public static func of<Value: Equatable>(_ value: Value) -> BackdropKey { TypedBackdropKey(value) }
}

private final class TypedBackdropKey<Value: Equatable>: BackdropKey {
    let value: Value

    init(_ value: Value) { self.value = value }

    override func isSame(as other: BackdropKey) -> Bool {
        guard type(of: other) == type(of: self) else { return false }
        return unsafeDowncast(other, to: TypedBackdropKey<Value>.self).value == value
    }
}

/// The cells of the last backdrop drawn and the key they were drawn for, kept from frame to frame
/// by whoever flattens compositions (the run loop's `SceneDriver`).
public struct BackdropCache {
    var key: BackdropKey?
    var canvas: Canvas?
    /// How many backdrops were drawn, and how many were reused instead (for tests and statistics).
    public private(set) var drawn = 0
    public private(set) var reused = 0

    public init() {}

    /// Forgets the cells, so the next backdrop is drawn again.
    public mutating func removeAll() {
        key = nil
        canvas = nil
    }

    mutating func store(_ canvas: Canvas, for key: BackdropKey) {
        self.key = key
        if self.canvas?.size == canvas.size {
            self.canvas?.copyCells(from: canvas)
        } else {
            self.canvas = canvas
        }
        drawn += 1
    }

    /// Copies the cells drawn for `key` into `canvas`; `false` when there are none of that size.
    mutating func restore(_ key: BackdropKey, into canvas: inout Canvas) -> Bool {
        guard let kept = self.key, kept.isSame(as: key), let cached = self.canvas, cached.size == canvas.size else {
            return false
        }
        canvas.copyCells(from: cached)
        reused += 1
        return true
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

    /// Adds the backmost layer of the screen, whose cells depend on nothing but `key` (and the
    /// size): the parts of a scene that stay the same from one tick to the next. While the key is
    /// the same as the last frame's, flattening with a `BackdropCache` copies the cells drawn then
    /// instead of calling `draw`; the layers added after it are drawn over them as usual.
    ///
    /// The key must hold everything `draw` shows: a value left out shows stale cells until the
    /// key changes. It should be cheap to build and compare: arrays and dictionaries taken as they
    /// are compare in constant time while they share storage.
    ///
    /// Only the first layer added can be a backdrop; a key given later is ignored.
    public mutating func addBackdrop(key: some Equatable, draw: @escaping (inout Canvas) -> Void) {
        layers.append(Layer(level: .screen, key: layers.isEmpty ? BackdropKey.of(key) : nil, draw: draw))
    }

    /// Draws every layer back to front into a fresh canvas.
    public func flatten() -> Canvas {
        var canvas = Canvas(size: size)
        flatten(into: &canvas)
        return canvas
    }

    /// Draws every layer back to front into `canvas`, which is cleared first.
    public func flatten(into canvas: inout Canvas) {
        var noCache = BackdropCache()
        flatten(into: &canvas, backdrops: &noCache)
    }

    /// Draws every layer back to front into `canvas`, taking the backdrop's cells from `backdrops`
    /// when its key is the one they were drawn for, and keeping them there when it is not. A
    /// composition without a backdrop empties the cache.
    public func flatten(into canvas: inout Canvas, backdrops: inout BackdropCache) {
        if canvas.size != size {
            canvas = Canvas(size: size)
        }
        var ordered = layers.enumerated().sorted { ($0.element.level, $0.offset) < ($1.element.level, $1.offset) }
            .map(\.element)
        if let backdrop = ordered.first, let key = backdrop.key {
            ordered.removeFirst()
            if !backdrops.restore(key, into: &canvas) {
                canvas.clear()
                backdrop.draw(&canvas)
                backdrops.store(canvas, for: key)
            }
        } else {
            backdrops.removeAll()
            canvas.clear()
        }
        for layer in ordered {
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
                    // Most rows are the same as before: compare their bytes in one go first. Equal
                    // bytes are equal cells; unequal bytes (padding included) are looked at cell
                    // by cell.
                    if let newRow = newCells.baseAddress, let oldRow = oldCells.baseAddress,
                        memcmp(newRow + rowStart, oldRow + rowStart, width * MemoryLayout<Cell>.stride) == 0
                    {
                        continue
                    }
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
