/// A modal sheet: a titled panel centred on the screen, over everything else dimmed.
///
/// A scene adds one to its composition with `Composition.addSheet`; the same value's
/// `frame(in:)` and `contentRect(in:)` tell the scene where the sheet is when it handles a mouse
/// event, so drawing and hit-testing agree.
public struct Sheet: Widget, Hashable, Sendable {
    /// The title set into the top border, if any.
    public var title: String?
    /// The size asked for, border included; it shrinks to fit a smaller screen.
    public var size: Size
    /// The characters the border is drawn with.
    public var box: BoxCharacters
    /// The style of the border.
    public var borderStyle: Style
    /// The style of the title.
    public var titleStyle: Style

    /// A sheet of `size`; see the properties for the options.
    public init(
        title: String? = nil, size: Size, box: BoxCharacters = .rounded, borderStyle: Style = .plain,
        titleStyle: Style = .bold
    ) {
        self.title = title
        self.size = size
        self.box = box
        self.borderStyle = borderStyle
        self.titleStyle = titleStyle
    }

    /// The panel that draws the sheet; its inside is cleared so nothing below shows through.
    public var panel: Panel {
        Panel(title: title, box: box, borderStyle: borderStyle, titleStyle: titleStyle, fill: .plain)
    }

    /// Where the sheet lies on a screen of `screen`: `size` (clamped to the screen) centred in it.
    public func frame(in screen: Rect) -> Rect {
        screen.centered(Size(width: max(0, size.width), height: max(0, size.height)))
    }

    /// The inside of the sheet on a screen of `screen`, where its content goes.
    public func contentRect(in screen: Rect) -> Rect {
        panel.contentRect(in: frame(in: screen))
    }

    /// Draws the sheet's panel centred in `area` (the screen). Dimming the rest is the
    /// compositor's work: see `Composition.addSheet`.
    public func render(into canvas: inout Canvas, in area: Rect) {
        panel.render(into: &canvas, in: frame(in: area))
    }
}

extension Composition {
    /// Adds `sheet` as a layer at the `.sheet` level that dims everything below it, and calls
    /// `content` to draw inside it with the canvas and the sheet's content rectangle. `content` is
    /// not called when the screen is too small to leave any room inside the border.
    ///
    /// Returns the content rectangle (the same as `sheet.contentRect(in: bounds)`).
    @discardableResult
    public mutating func addSheet(_ sheet: Sheet, content: @escaping (inout Canvas, Rect) -> Void) -> Rect {
        addSheet(sheet, in: bounds, content: content)
    }

    /// Adds `sheet` centred in `screen` (the screen above its help bar, say), dimming everything
    /// below it, and calls `content` to draw inside it. Returns the content rectangle.
    @discardableResult
    public mutating func addSheet(
        _ sheet: Sheet, in screen: Rect, content: @escaping (inout Canvas, Rect) -> Void
    ) -> Rect {
        let contentRect = sheet.contentRect(in: screen)
        add(.sheet, dimsBelow: true) { canvas in
            sheet.render(into: &canvas, in: screen)
            if !contentRect.isEmpty {
                content(&canvas, contentRect)
            }
        }
        return contentRect
    }

    /// Adds a sheet of `size` (border included) with `title`, centred and clamped to the screen,
    /// over everything below it dimmed; `content` draws inside it. Returns the content rectangle.
    ///
    /// ```swift
    /// composition.addSheet(title: "Rules", size: Size(width: 40, height: 10)) { canvas, area in
    ///     Text(rules, wraps: true).render(into: &canvas, in: area)
    /// }
    /// ```
    @discardableResult
    public mutating func addSheet(
        title: String? = nil, size: Size, box: BoxCharacters = .rounded,
        content: @escaping (inout Canvas, Rect) -> Void
    ) -> Rect {
        addSheet(Sheet(title: title, size: size, box: box), content: content)
    }
}
