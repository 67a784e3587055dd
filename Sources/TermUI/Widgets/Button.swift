/// A one-row push button: "[ Start ]", or a filled capsule "▐ Start ▌".
///
/// A button is always `title` plus four cells wide, in every state and shape, so a scene can lay
/// out a row of them with `Button.frames(of:in:alignment:spacing:)` and hit-test a mouse press
/// with `frame(at:)` before it ever renders.
public struct Button: Widget, Hashable, Sendable {
    /// Whether the button has the keyboard focus or can be pressed at all.
    public enum State: Hashable, Sendable, CaseIterable {
        /// Can be pressed; does not have the focus.
        case normal
        /// Has the keyboard focus: Enter presses it.
        case focused
        /// Cannot be pressed.
        case disabled
    }

    /// How the button is drawn.
    public enum Shape: Hashable, Sendable, CaseIterable {
        /// "[ Start ]" (plain ASCII).
        case brackets
        /// "▐ Start ▌": the label on a reversed block with half-block ends, a pill in the
        /// foreground colour of the style.
        case capsule
    }

    /// The label between the ends.
    public var title: String
    /// Normal, focused or disabled.
    public var state: State
    /// Brackets or a capsule.
    public var shape: Shape
    /// The look of the button in each state.
    public var normalStyle: Style
    /// The look of the button with the keyboard focus.
    public var focusedStyle: Style
    /// The look of a button that cannot be pressed.
    public var disabledStyle: Style

    /// A button with `title`. Styles left out take the defaults of the shape: brackets are plain,
    /// reversed and bold when focused, dim when disabled; a capsule is reversed, also bold and
    /// underlined when focused, and dim when disabled.
    public init(
        _ title: String, state: State = .normal, shape: Shape = .brackets, normalStyle: Style? = nil,
        focusedStyle: Style? = nil, disabledStyle: Style? = nil
    ) {
        self.title = title
        self.state = state
        self.shape = shape
        switch shape {
        case .brackets:
            self.normalStyle = normalStyle ?? .plain
            self.focusedStyle = focusedStyle ?? Style(attributes: [.reverse, .bold])
            self.disabledStyle = disabledStyle ?? .dim
        case .capsule:
            self.normalStyle = normalStyle ?? .reverse
            self.focusedStyle = focusedStyle ?? Style(attributes: [.reverse, .bold, .underline])
            self.disabledStyle = disabledStyle ?? Style(attributes: [.reverse, .dim])
        }
    }

    /// The style of the current state.
    public var style: Style {
        switch state {
        case .normal: return normalStyle
        case .focused: return focusedStyle
        case .disabled: return disabledStyle
        }
    }

    /// Columns the button takes: the title and two cells on each side.
    public var width: Int { title.displayWidth + 4 }

    /// The size of the button: `width` by one row.
    public var size: Size { Size(width: width, height: 1) }

    /// Where the button lies when drawn with its top left at `origin`; test mouse presses
    /// against it.
    public func frame(at origin: Point) -> Rect {
        Rect(origin: origin, size: size)
    }

    /// The frames of `buttons` laid out on the top row of `area`, left to right with `spacing`
    /// columns between them, the whole row aligned in the area. Frames may reach past a narrow
    /// area; rendering clips them.
    public static func frames(
        of buttons: [Button], in area: Rect, alignment: Alignment = .center, spacing: Int = 2
    ) -> [Rect] {
        let total = buttons.reduce(0) { $0 + $1.width } + max(0, buttons.count - 1) * spacing
        var x = area.x + alignment.offset(width: total, in: area.width)
        return buttons.map { button in
            defer { x += button.width + spacing }
            return button.frame(at: Point(x: x, y: area.y))
        }
    }

    /// Draws the button at the top left of `area`. In an area narrower than `width` the title is
    /// truncated with "…" (while at least one of its cells fits), otherwise cut at the edge.
    public func render(into canvas: inout Canvas, in area: Rect) {
        guard !area.isEmpty else { return }
        let available = min(area.width, width) - 4
        let shown = available >= 1 ? title.truncated(toWidth: available) : title
        let style = self.style
        let origin = area.origin
        switch shape {
        case .brackets:
            canvas.write("[ " + shown + " ]", at: origin, style: style, clip: area)
        case .capsule:
            var capStyle = style
            capStyle.attributes.remove([.reverse, .underline])
            var x = origin.x
            x += canvas.write("▐", at: Point(x: x, y: origin.y), style: capStyle, clip: area)
            x += canvas.write(" " + shown + " ", at: Point(x: x, y: origin.y), style: style, clip: area)
            canvas.write("▌", at: Point(x: x, y: origin.y), style: capStyle, clip: area)
        }
    }
}
