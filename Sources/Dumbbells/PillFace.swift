import TermUI

/// A key of the on-screen number pad.
public enum PadKey: Hashable, Sendable {
    /// A digit or the decimal point.
    case character(Character)
    /// ⌫: removes the last character of the field.
    case backspace
    /// Next field: kg → reps → the next set's kg.
    case next
    /// Closes the pad (back to "Start set N").
    case done

    /// The keys in the order the pad shows them.
    public static let all: [PadKey] =
        ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "."].map { PadKey.character($0) } + [
            .backspace, .next, .done,
        ]

    /// The label on the key.
    var label: String {
        switch self {
        case .character(let character): String(character)
        case .backspace: "⌫"
        case .next: "Next"
        case .done: "Done"
        }
    }
}

/// What pressing an item of the pill does.
enum PillAction: Hashable, Sendable {
    case start
    case finish
    case rest
    case skip
    case chooseRest(Int)
    /// The rest picker's typed length: focus it, or take it once focused.
    case typedRest
    case noRest
    /// A rest counting down: this many seconds longer (or shorter).
    case adjustRest(Int)
    case pad(PadKey)
}

/// What the pill shows: one row of items (labels, a timer, buttons, a bar) centred inside a
/// rounded capsule. A plain value, so a morph can keep the look it leaves.
struct PillFace: Hashable, Sendable {
    /// How an item looks.
    enum Look: Hashable, Sendable {
        case plain
        case bold
        case muted
        /// A button: "[Finish]".
        case button
        /// The button Enter presses: "[Finish]", reversed and bold inside the brackets.
        case focusedButton
        /// A button that does nothing now (the decimal point while reps are selected).
        case disabledButton
    }

    /// One item of the row.
    struct Item: Hashable, Sendable {
        enum Content: Hashable, Sendable {
            case text(String)
            case bar(fraction: Double, width: Int)
        }

        var content: Content
        var look: Look
        var action: PillAction?

        static func text(_ text: String, _ look: Look = .plain) -> Item {
            Item(content: .text(text), look: look, action: nil)
        }

        static func button(_ title: String, _ action: PillAction, focused: Bool = false, disabled: Bool = false) -> Item
        {
            Item(
                content: .text(title), look: disabled ? .disabledButton : focused ? .focusedButton : .button,
                action: action)
        }

        var isButton: Bool { look == .button || look == .focusedButton || look == .disabledButton }

        var width: Int {
            switch content {
            case .text(let text): text.displayWidth + (isButton ? 2 : 0)
            case .bar(_, let width): width
            }
        }
    }

    var items: [Item]
    /// Columns between items.
    var spacing: Int
    /// The whole inside of the pill is one button (reversed): "Start set N".
    var isFilled: Bool

    init(items: [Item], spacing: Int = 2, isFilled: Bool = false) {
        self.items = items
        self.spacing = spacing
        self.isFilled = isFilled
    }

    /// Columns the items take.
    var contentWidth: Int {
        items.reduce(0) { $0 + $1.width } + max(0, items.count - 1) * spacing
    }

    /// Columns of the whole pill: the items, a space each side, and the border.
    var width: Int { contentWidth + 4 }

    /// Where each item lies when the row is centred in `inner` (the inside row of the pill). A
    /// row wider than `inner` (mid-morph) overhangs both sides equally and is clipped there.
    func itemFrames(in inner: Rect) -> [Rect] {
        var x = inner.x + (inner.width - contentWidth) / 2
        return items.map { item in
            defer { x += item.width + spacing }
            return Rect(x: x, y: inner.y, width: item.width, height: 1)
        }
    }

    /// The frames that react to a click: each button widened over half the gap on each side, so
    /// that the one-cell keys of a narrow pad are easy to hit.
    func hitFrames(in inner: Rect) -> [(Rect, PillAction)] {
        let half = spacing / 2
        return zip(itemFrames(in: inner), items).compactMap { frame, item in
            guard let action = item.action else { return nil }
            let left = frame.x - half
            let right = frame.maxX + (spacing - half)
            return (Rect(x: left, y: frame.y, width: right - left, height: 1), action)
        }
    }

    /// Draws the items centred on `inner`, clipped to `clip`.
    func render(into canvas: inout Canvas, inner: Rect, clip: Rect, palette: Palette) {
        for (frame, item) in zip(itemFrames(in: inner), items) {
            let base: Style = isFilled ? palette.filledPill : .plain
            switch item.content {
            case .bar(let fraction, let width):
                let area = Rect(x: frame.x, y: frame.y, width: width, height: 1).intersection(clip)
                ProgressBar(fraction: fraction, barStyle: palette.bar, trackStyle: palette.track)
                    .render(into: &canvas, in: area)
            case .text(let text):
                switch item.look {
                case .plain: canvas.write(text, at: frame.origin, style: base, clip: clip)
                case .bold: canvas.write(text, at: frame.origin, style: base.adding(.bold), clip: clip)
                case .muted: canvas.write(text, at: frame.origin, style: palette.muted, clip: clip)
                case .button, .focusedButton, .disabledButton:
                    let inside: Style =
                        item.look == .focusedButton
                        ? palette.focusedButton : item.look == .disabledButton ? palette.muted : .plain
                    let edge: Style = item.look == .disabledButton ? palette.muted : palette.buttonEdge
                    var x = frame.x
                    x += canvas.write("[", at: Point(x: x, y: frame.y), style: edge, clip: clip)
                    x += canvas.write(text, at: Point(x: x, y: frame.y), style: inside, clip: clip)
                    canvas.write("]", at: Point(x: x, y: frame.y), style: edge, clip: clip)
                }
            }
        }
    }
}
