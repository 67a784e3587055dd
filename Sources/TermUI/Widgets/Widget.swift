/// Something that draws itself into a rectangle of a canvas.
///
/// Rendering is a pure function of the widget's value, the area and the canvas: a widget never
/// draws outside `area` (nor outside the canvas), and an empty or tiny area is never an error,
/// it simply shows less.
public protocol Widget {
    /// Draws the widget into `area` of `canvas`, clipped to `area`.
    func render(into canvas: inout Canvas, in area: Rect)
}

/// Where a line of text sits across the width it is given.
public enum Alignment: Hashable, Sendable, CaseIterable {
    /// Against the left edge.
    case leading
    /// In the middle (half a cell to the left when the slack is odd).
    case center
    /// Against the right edge.
    case trailing

    /// The column offset of something `width` cells wide within `available` cells: 0 for leading,
    /// half the slack (rounded down) for centre, all of it for trailing; never negative.
    public func offset(width: Int, in available: Int) -> Int {
        let slack = max(0, available - width)
        switch self {
        case .leading: return 0
        case .center: return slack / 2
        case .trailing: return slack
        }
    }
}

extension Canvas {
    /// Draws `widget` into `area`; the same as `widget.render(into: &self, in: area)`.
    public mutating func render(_ widget: some Widget, in area: Rect) {
        widget.render(into: &self, in: area)
    }
}
