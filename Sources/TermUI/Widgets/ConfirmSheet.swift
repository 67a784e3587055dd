/// The question a workout asks before leaving loses work: a small sheet titled "Leave?" with what
/// leaving costs ("Set 2 in progress is not saved") and two buttons, [ Leave ] and [ Stay ].
///
/// One value serves drawing, keys, clicks and the help bar, so they cannot disagree: a scene keeps
/// the sheet in its state while the question stands, passes it each key and mouse event, acts on
/// the answer, and shows `hints` in its help bar.
///
/// ```swift
/// switch question.handle(key) {
/// case .leave: leave()
/// case .stay: sheet = nil
/// case .none: break
/// }
/// ```
public struct ConfirmSheet: Hashable, Sendable {
    /// What the member answered.
    public enum Answer: Hashable, Sendable {
        /// Leave: y, Enter, the Leave button or its hint.
        case leave
        /// Stay: n, Esc, the Stay button or its hint, a click outside the sheet.
        case stay
        /// No answer yet: the event means nothing to the question.
        case none
    }

    /// Where the sheet's parts lie on a screen.
    public struct Layout: Hashable, Sendable {
        /// The sheet (its size already fitted to the screen).
        public var sheet: Sheet
        /// Where the sheet lies, border included.
        public var frame: Rect
        /// The rows of the message, as drawn.
        public var lines: [String]
        /// Where the message goes.
        public var message: Rect
        /// The Leave button.
        public var leaveButton: Rect
        /// The Stay button.
        public var stayButton: Rect
    }

    /// The title in the border: "Leave?".
    public var title: String
    /// What leaving loses, one sentence or two: "Set 2 in progress is not saved".
    public var message: String
    /// The label of the button that goes ahead ("Leave"; "Delete" for a question about deleting).
    public var confirmLabel = "Leave"
    /// The label of the button that keeps everything ("Stay"; "Keep").
    public var cancelLabel = "Stay"

    /// The widest the sheet gets, border included.
    public static let widestWidth = 52
    /// The narrowest the sheet gets (when the screen allows): room for both buttons.
    public static let narrowestWidth = 30

    /// A question titled `title` saying `message`.
    public init(_ message: String, title: String = "Leave?") {
        self.title = title
        self.message = message
    }

    /// A question titled `title` saying `message`, whose buttons read `confirm` and `cancel`
    /// (keys y and n as for leaving).
    public init(_ message: String, title: String, confirm: String, cancel: String) {
        self.init(message, title: title)
        confirmLabel = confirm
        cancelLabel = cancel
    }

    /// The help bar's hints for this question: `y Delete  n Keep`.
    public var labelledHints: [HelpBar.Hint] { [HelpBar.Hint("y", confirmLabel), HelpBar.Hint("n", cancelLabel)] }

    private var confirmButton: Button { Button(confirmLabel, state: .focused) }
    private var cancelButton: Button { Button(cancelLabel) }

    /// The whole question on one line, for a screen that has no room for the sheet:
    /// "Leave? Set 2 in progress is not saved".
    public var question: String { title + " " + message }

    /// The keys for the help bar while the question stands, and the key each stands for.
    public static let hintKeys: [(hint: HelpBar.Hint, key: Key)] = [
        (HelpBar.Hint("y", "Leave"), .character("y")), (HelpBar.Hint("n", "Stay"), .character("n")),
    ]

    /// The help bar's hints while the question stands: `y Leave  n Stay`.
    public static var hints: [HelpBar.Hint] { hintKeys.map(\.hint) }

    /// Where everything goes on a screen of `screen`. The sheet fits inside it with the bottom row
    /// (the help bar) left free; a long message wraps, and is cut with "…" when even that fails.
    public func layout(in screen: Size) -> Layout {
        let room = Size(width: max(0, screen.width - 2), height: max(0, screen.height - 2))
        let wanted = message.displayWidth + 4
        let width = min(room.width, max(Self.narrowestWidth, min(Self.widestWidth, wanted)))
        // Border, the message, a blank row, the buttons, border.
        let mostLines = max(1, room.height - 4)
        let lines = Text(message, wraps: true).laidOut(in: Size(width: max(0, width - 4), height: mostLines))
        let sheet = Sheet(title: title, size: Size(width: width, height: min(room.height, lines.count + 4)))
        let bounds = Rect(size: screen)
        let inside = sheet.contentRect(in: bounds)
        let buttons = Button.frames(
            of: [confirmButton, cancelButton], in: inside.row(max(0, inside.height - 1)), alignment: .center)
        return Layout(
            sheet: sheet, frame: sheet.frame(in: bounds), lines: lines,
            message: Rect(x: inside.x + 1, y: inside.y, width: max(0, inside.width - 2), height: lines.count),
            leaveButton: buttons[0], stayButton: buttons[1])
    }

    /// The answer a key gives: y or Enter leave, n or Esc stay, anything else is no answer.
    public func handle(_ key: Key) -> Answer {
        switch key {
        case .character("y"), .character("Y"), .enter: return .leave
        case .character("n"), .character("N"), .escape: return .stay
        default: return .none
        }
    }

    /// The answer a mouse event gives on a screen of `screen` whose help bar (showing `hints`)
    /// lies in `helpBar`: a click (the button's release) on Leave or on its hint leaves, on Stay
    /// or its hint or outside the sheet stays; a click elsewhere in the sheet, a press, a drag or
    /// a scroll is no answer.
    public func handle(_ mouse: MouseEvent, screen: Size, helpBar: Rect? = nil) -> Answer {
        guard mouse.kind == .release else { return .none }
        let point = mouse.position
        let layout = self.layout(in: screen)
        if layout.leaveButton.contains(point) { return .leave }
        if layout.stayButton.contains(point) { return .stay }
        if let helpBar {
            for (frame, hint) in zip(HelpBar(Self.hints).frames(in: helpBar), Self.hintKeys) where frame.contains(point)
            {
                return handle(hint.key)
            }
        }
        return layout.frame.contains(point) ? .none : .stay
    }

    /// Adds the sheet over everything below it (dimmed) to `composition`.
    public func render(into composition: inout Composition) {
        let layout = self.layout(in: composition.size)
        composition.addSheet(layout.sheet) { canvas, area in
            Text(lines: layout.lines, alignment: .center).render(into: &canvas, in: layout.message.intersection(area))
            confirmButton.render(into: &canvas, in: layout.leaveButton.intersection(area))
            cancelButton.render(into: &canvas, in: layout.stayButton.intersection(area))
        }
    }

    /// Draws the question as plain lines over the whole of `canvas` (for a screen reader, or a
    /// screen too small for the sheet): the question, wrapped, then its keys.
    public func renderPlain(into canvas: inout Canvas, in area: Rect) {
        let keys = labelledHints.map { "\($0.key) \($0.description)" }.joined(separator: ", ")
        Text(question + "\nKeys: " + keys, wraps: true).render(into: &canvas, in: area)
    }
}
