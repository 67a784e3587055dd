/// The one confirmation of TermFit, for every question that would lose or delete something: a
/// small sheet titled "Leave?" (or "Delete?") with what going ahead costs ("Set 2 in progress is
/// not saved") and two buttons, [ Leave ] and [ Stay ] (or [ Delete ] and [ Keep ]).
///
/// Its keys are declared once, here: y, Y and Enter go ahead (`confirmKeys`), n, N and Esc keep
/// everything (`cancelKeys`); `decide(_:)` is the one place a key becomes an answer. Every
/// screen's bindings for a question come from `bindings(confirm:cancel:)`, and the too-small
/// screen answers with `answerKeys`, so no screen lists y/n itself.
///
/// One value serves drawing, keys, clicks and the help bar, so they cannot disagree. As a
/// `SheetComponent` it ends with `.committed(())` (go ahead) or `.cancelled`:
///
/// ```swift
/// let question = ConfirmSheet("Delete the routine “Push day”?", title: "Delete?", confirm: "Delete", cancel: "Keep")
/// switch question.update(event, in: ComponentContext(screen: size)) {
/// case .committed?: deleteRoutine()
/// case .cancelled?: sheets.pop()
/// case nil: break
/// }
/// ```
///
/// The older `handle(_:)` answers `.leave` / `.stay` for the same keys and clicks.
public struct ConfirmSheet: Hashable, Sendable {
    /// What the member answered (the older API; `update(_:in:)` answers a `SheetResult`).
    public enum Answer: Hashable, Sendable {
        /// Go ahead (leave, delete): y, Enter, the confirm button or its hint.
        case leave
        /// Keep everything: n, Esc, the cancel button or its hint, a click outside the sheet.
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
        /// The button that goes ahead ([ Leave ], [ Delete ]).
        public var leaveButton: Rect
        /// The button that keeps everything ([ Stay ], [ Keep ]).
        public var stayButton: Rect

        /// The button that goes ahead (the same as `leaveButton`).
        public var confirmButton: Rect { leaveButton }
        /// The button that keeps everything (the same as `stayButton`).
        public var cancelButton: Rect { stayButton }
    }

    /// The title in the border: "Leave?", "Delete?".
    public var title: String
    /// What going ahead loses, one sentence or two: "Set 2 in progress is not saved".
    public var message: String
    /// The label of the button and hint that go ahead ("Leave"; "Delete" for a question about
    /// deleting).
    public var confirmLabel = "Leave"
    /// The label of the button and hint that keep everything ("Stay"; "Keep").
    public var cancelLabel = "Stay"

    /// The widest the sheet gets, border included.
    public static let widestWidth = 52
    /// The narrowest the sheet gets (when the screen allows): room for both buttons.
    public static let narrowestWidth = 30

    /// A question titled `title` saying `message`, answered Leave or Stay.
    public init(_ message: String, title: String = "Leave?") {
        self.title = title
        self.message = message
    }

    /// A question titled `title` saying `message`, whose buttons and hints read `confirm` and
    /// `cancel` (the keys stay y and n): `ConfirmSheet("Delete “Push day”?", title: "Delete?",
    /// confirm: "Delete", cancel: "Keep")`.
    public init(_ message: String, title: String, confirm: String, cancel: String) {
        self.init(message, title: title)
        confirmLabel = confirm
        cancelLabel = cancel
    }

    // MARK: The keys, declared once

    /// The keys that go ahead: y, Y, Enter.
    public static let confirmKeys: [Key] = [.character("y"), .character("Y"), .enter]
    /// The keys that keep everything: n, N, Esc.
    public static let cancelKeys: [Key] = [.character("n"), .character("N"), .escape]
    /// Every key that answers a question (for a screen, such as the too-small notice, that only
    /// passes answers on).
    public static let answerKeys: Set<Key> = Set(confirmKeys + cancelKeys)

    /// What one key decides, for every question: `.committed(())` for y/Y/Enter, `.cancelled` for
    /// n/N/Esc, `nil` for any other key.
    public static func decide(_ key: Key) -> SheetResult<Void>? {
        if confirmKeys.contains(key) { return .committed(()) }
        if cancelKeys.contains(key) { return .cancelled }
        return nil
    }

    /// A question's two bindings for a screen's own table: `confirmKeys` doing `confirmAction`,
    /// `cancelKeys` doing `cancelAction`, under the heading `group` (the question's title), in the
    /// help bar at `bar` and `bar + 1`.
    ///
    /// ```swift
    /// static let deleteRoutineQuestion = KeyBindings(ConfirmSheet.bindings(
    ///     group: "Delete?", confirm: "Delete", .confirmDeleteRoutine, meaning: "delete the routine",
    ///     cancel: "Keep", .close, meaning: "keep the routine"))
    /// ```
    public static func bindings<Action: Sendable>(
        group: String = "Leave?", confirm: String = "Leave", _ confirmAction: Action,
        meaning confirmMeaning: String? = nil,
        cancel: String = "Stay", _ cancelAction: Action, meaning cancelMeaning: String? = nil, bar: Int = 1
    ) -> [KeyBinding<Action>] {
        [
            KeyBinding(
                confirmKeys, confirm, group: group, bar: bar, listing: "y  Enter", meaning: confirmMeaning,
                action: confirmAction),
            KeyBinding(
                cancelKeys, cancel, group: group, bar: bar + 1, listing: "n  Esc", meaning: cancelMeaning,
                action: cancelAction),
        ]
    }

    /// This question's two bindings (its title as the heading, its labels) doing a screen's own
    /// actions.
    public func bindings<Action: Sendable>(
        confirm confirmAction: Action, meaning confirmMeaning: String? = nil, cancel cancelAction: Action,
        meaning cancelMeaning: String? = nil, bar: Int = 1
    ) -> [KeyBinding<Action>] {
        Self.bindings(
            group: title, confirm: confirmLabel, confirmAction, meaning: confirmMeaning, cancel: cancelLabel,
            cancelAction, meaning: cancelMeaning, bar: bar)
    }

    /// The help bar's hints for this question: `y Delete  n Keep`.
    public var labelledHints: [HelpBar.Hint] { bindings.helpBar.hints }

    /// The keys for the help bar of a Leave/Stay question, and the key each stands for.
    public static let hintKeys: [(hint: HelpBar.Hint, key: Key)] = [
        (HelpBar.Hint("y", "Leave"), .character("y")), (HelpBar.Hint("n", "Stay"), .character("n")),
    ]

    /// The help bar's hints of a Leave/Stay question: `y Leave  n Stay`.
    public static var hints: [HelpBar.Hint] { hintKeys.map(\.hint) }

    // MARK: Drawing

    private var confirmWidget: Button { Button(confirmLabel, state: .focused) }
    private var cancelWidget: Button { Button(cancelLabel) }

    /// The whole question on one line, for a screen that has no room for the sheet:
    /// "Leave? Set 2 in progress is not saved".
    public var question: String { title + " " + message }

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
            of: [confirmWidget, cancelWidget], in: inside.row(max(0, inside.height - 1)), alignment: .center)
        return Layout(
            sheet: sheet, frame: sheet.frame(in: bounds), lines: lines,
            message: Rect(x: inside.x + 1, y: inside.y, width: max(0, inside.width - 2), height: lines.count),
            leaveButton: buttons[0], stayButton: buttons[1])
    }

    /// Adds the sheet over everything below it (dimmed) to `composition`.
    public func render(into composition: inout Composition) {
        let layout = self.layout(in: composition.size)
        let confirmWidget = self.confirmWidget
        let cancelWidget = self.cancelWidget
        composition.addSheet(layout.sheet) { canvas, area in
            Text(lines: layout.lines, alignment: .center).render(into: &canvas, in: layout.message.intersection(area))
            confirmWidget.render(into: &canvas, in: layout.leaveButton.intersection(area))
            cancelWidget.render(into: &canvas, in: layout.stayButton.intersection(area))
        }
    }

    /// Draws the question as plain lines over the whole of `canvas` (for a screen reader, or a
    /// screen too small for the sheet): the question, wrapped, then its keys.
    public func renderPlain(into canvas: inout Canvas, in area: Rect) {
        Text(question + "\nKeys: " + keysLine(separator: ", "), wraps: true).render(into: &canvas, in: area)
    }

    /// The question's keys on one line, "y Delete · n Keep", for a screen that shows the question
    /// as text.
    public func keysLine(separator: String = " · ") -> String {
        labelledHints.map { "\($0.key) \($0.description)" }.joined(separator: separator)
    }

    // MARK: Answers

    /// The answer a key gives: y or Enter go ahead, n or Esc keep, anything else is no answer.
    public func handle(_ key: Key) -> Answer { Self.answer(Self.decide(key)) }

    /// The answer a mouse event gives on a screen of `screen` whose help bar (showing this
    /// question's hints) lies in `helpBar`: a click (the button's release) on the confirm button
    /// or its hint goes ahead, on the cancel button or its hint or outside the sheet keeps
    /// everything; a click elsewhere in the sheet, a press, a drag or a scroll is no answer.
    public func handle(_ mouse: MouseEvent, screen: Size, helpBar: Rect? = nil) -> Answer {
        Self.answer(click(mouse, in: ComponentContext(screen: screen, helpBar: helpBar)))
    }

    private static func answer(_ result: SheetResult<Void>?) -> Answer {
        switch result {
        case .committed?: .leave
        case .cancelled?: .stay
        case nil: .none
        }
    }

    /// What a mouse event decides: the buttons and the hints where they were drawn.
    private func click(_ mouse: MouseEvent, in context: ComponentContext) -> SheetResult<Void>? {
        guard mouse.kind == .release else { return nil }
        let point = mouse.position
        let layout = self.layout(in: context.screen)
        if layout.leaveButton.contains(point) { return .committed(()) }
        if layout.stayButton.contains(point) { return .cancelled }
        if let key = helpBarKey(at: point, in: context) { return Self.decide(key) }
        return layout.frame.contains(point) ? nil : .cancelled
    }
}

extension ConfirmSheet: SheetComponent {
    public typealias Value = Void

    /// A key (`decide(_:)`) or a click (the buttons, the help bar's hints, outside the sheet)
    /// answers; a paste never does, nor does any other event.
    public func update(_ event: Event, in context: ComponentContext) -> SheetResult<Void>? {
        switch event {
        case .key(let key): Self.decide(key)
        case .mouse(let mouse): click(mouse, in: context)
        default: nil
        }
    }

    /// Draws the sheet (centred on the screen, the help bar's row left free).
    public func render(into composition: inout Composition, in context: ComponentContext) {
        render(into: &composition)
    }

    /// y/Enter with the confirm label, n/Esc with the cancel label, under the title.
    public var bindings: KeyBindings<Key> {
        KeyBindings(
            Self.bindings(
                group: title, confirm: confirmLabel, Key.character("y"), cancel: cancelLabel, Key.character("n")))
    }
}
