/// Splits an area into rows or columns by constraints, so a screen grows with the window instead
/// of sitting at fixed coordinates (in the spirit of ratatui's `Layout`):
///
/// ```swift
/// let (header, body, bar) = Layout.vertical([.length(1), .fill(1), .length(1)]).split3(screen)
/// ```
///
/// Fixed parts (`length`, `percentage`, `ratio`, `min`) get their size first; what is left grows
/// the `max` parts up to their limit, then the `fill` and `min` parts by weight. When the area is
/// too small, every part shrinks in proportion to its size (a part never gets less than 0). When
/// nothing can grow, the parts sit together as a group where `alignment` says.
public struct Layout: Hashable, Sendable {
    public enum Direction: Hashable, Sendable {
        case vertical
        case horizontal
    }

    /// How big one part wants to be.
    public enum Constraint: Hashable, Sendable {
        /// Exactly this many cells (less only when the area is too small).
        case length(Int)
        /// At least this many cells; grows like `fill(1)`.
        case min(Int)
        /// Up to this many cells, from what the fixed parts leave.
        case max(Int)
        /// This percentage of the whole area.
        case percentage(Int)
        /// `numerator / denominator` of the whole area.
        case ratio(Int, Int)
        /// What is left, shared by weight with the other `fill` and `min` parts.
        case fill(Int)
    }

    /// Where parts that cannot grow to the whole area sit.
    public enum Alignment: Hashable, Sendable {
        case start
        case center
        case end
    }

    public var direction: Direction
    public var constraints: [Constraint]
    /// Cells between two parts.
    public var spacing: Int
    public var alignment: Alignment

    public init(
        _ direction: Direction, _ constraints: [Constraint], spacing: Int = 0, alignment: Alignment = .start
    ) {
        self.direction = direction
        self.constraints = constraints
        self.spacing = max(0, spacing)
        self.alignment = alignment
    }

    /// Rows, top to bottom.
    public static func vertical(_ constraints: [Constraint], spacing: Int = 0, alignment: Alignment = .start) -> Layout
    {
        Layout(.vertical, constraints, spacing: spacing, alignment: alignment)
    }

    /// Columns, left to right.
    public static func horizontal(_ constraints: [Constraint], spacing: Int = 0, alignment: Alignment = .start)
        -> Layout
    {
        Layout(.horizontal, constraints, spacing: spacing, alignment: alignment)
    }

    /// The parts of `area`, one per constraint, in order.
    public func split(_ area: Rect) -> [Rect] {
        let total = direction == .vertical ? area.height : area.width
        let sizes = Self.sizes(constraints, total: max(0, total), spacing: spacing, alignment: alignment)
        return sizes.map { start, length in
            direction == .vertical
                ? Rect(x: area.x, y: area.y + start, width: area.width, height: length)
                : Rect(x: area.x + start, y: area.y, width: length, height: area.height)
        }
    }

    /// The first two parts (for a layout of two).
    public func split2(_ area: Rect) -> (Rect, Rect) {
        let parts = split(area) + Array(repeating: Rect.zero, count: 2)
        return (parts[0], parts[1])
    }

    /// The first three parts (for a layout of three).
    public func split3(_ area: Rect) -> (Rect, Rect, Rect) {
        let parts = split(area) + Array(repeating: Rect.zero, count: 3)
        return (parts[0], parts[1], parts[2])
    }

    /// Offsets and lengths along the direction.
    static func sizes(_ constraints: [Constraint], total: Int, spacing: Int, alignment: Alignment) -> [(Int, Int)] {
        guard !constraints.isEmpty else { return [] }
        let gapCount = constraints.count - 1
        // The gaps give way before the parts do: in a small window content matters more.
        let spacing = gapCount > 0 ? min(spacing, max(0, total - fixedLength(constraints, total: total)) / gapCount) : 0
        let available = max(0, total - spacing * gapCount)
        var lengths = constraints.map { constraint -> Int in
            switch constraint {
            case .length(let cells), .min(let cells): return max(0, cells)
            case .percentage(let percent): return max(0, available * min(100, max(0, percent)) / 100)
            case .ratio(let numerator, let denominator):
                return denominator > 0 ? max(0, available * max(0, numerator) / denominator) : 0
            case .max, .fill: return 0
            }
        }
        var used = lengths.reduce(0, +)
        if used > available {
            lengths = shrink(lengths, to: available)
            used = available
        }
        var left = available - used
        // `max` parts grow first, up to their limit, in order.
        for (index, constraint) in constraints.enumerated() where left > 0 {
            if case .max(let limit) = constraint {
                let grown = min(max(0, limit), left)
                lengths[index] += grown
                left -= grown
            }
        }
        // Then `fill` and `min` parts share what is left by weight; rounding goes to the first.
        let weights = constraints.map { constraint -> Int in
            switch constraint {
            case .fill(let weight): return max(0, weight)
            case .min: return 1
            default: return 0
            }
        }
        let weightSum = weights.reduce(0, +)
        if weightSum > 0 && left > 0 {
            var shared = 0
            for index in lengths.indices {
                let share = left * weights[index] / weightSum
                lengths[index] += share
                shared += share
            }
            var remainder = left - shared
            for index in lengths.indices where remainder > 0 && weights[index] > 0 {
                lengths[index] += 1
                remainder -= 1
            }
            left = 0
        }
        var offset: Int
        switch alignment {
        case .start: offset = 0
        case .center: offset = left / 2
        case .end: offset = left
        }
        return lengths.map { length in
            defer { offset += length + spacing }
            return (offset, length)
        }
    }

    /// What the parts that do not grow ask for, with all of `total` to share.
    private static func fixedLength(_ constraints: [Constraint], total: Int) -> Int {
        constraints.reduce(0) { sum, constraint in
            switch constraint {
            case .length(let cells), .min(let cells): return sum + max(0, cells)
            case .percentage(let percent): return sum + max(0, total * min(100, max(0, percent)) / 100)
            case .ratio(let numerator, let denominator):
                return sum + (denominator > 0 ? max(0, total * max(0, numerator) / denominator) : 0)
            case .max, .fill: return sum
            }
        }
    }

    /// `lengths` cut down to add up to `available`, each in proportion to its size.
    private static func shrink(_ lengths: [Int], to available: Int) -> [Int] {
        let sum = lengths.reduce(0, +)
        guard sum > 0 else { return lengths }
        var result = lengths.map { $0 * available / sum }
        var remainder = available - result.reduce(0, +)
        for index in result.indices where remainder > 0 && result[index] < lengths[index] {
            result[index] += 1
            remainder -= 1
        }
        return result
    }
}

extension Rect {
    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// A rectangle of at most `size` centred in this one (as a group of content is).
    public func centered(atMost size: Size) -> Rect {
        centered(Size(width: min(width, size.width), height: min(height, size.height)))
    }
}
