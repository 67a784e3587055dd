/// What a screen tells its stack of sheets about the sheet on top, when its sheets act through
/// the screen's own actions (a workout's `KeyBindings<Action>`) rather than being components:
/// the keys the sheet answers, where it was drawn, and the question it asks, if it is one.
public struct SheetTarget<Action: Sendable>: Sendable {
    /// The keys the sheet answers now, as its help bar shows them.
    public var bindings: KeyBindings<Action>
    /// Where the sheet was drawn: a click outside it closes it. `nil` when a click anywhere goes
    /// to the sheet (a sheet as large as the screen, a list that takes the wheel).
    public var frame: Rect?
    /// The question the sheet asks, when it is one: its y/n, its buttons and its hints answer.
    public var question: ConfirmSheet?

    /// A sheet answering `bindings`, drawn in `frame`.
    public init(_ bindings: KeyBindings<Action>, frame: Rect? = nil) {
        self.bindings = bindings
        self.frame = frame
    }

    /// A question: `ConfirmSheet` alone decides what a key or a click answers.
    public static func question(_ question: ConfirmSheet) -> SheetTarget {
        var target = SheetTarget(KeyBindings([]))
        target.question = question
        return target
    }
}

/// What a stack of sheets made of an event on a screen whose sheets act through its actions.
public enum SheetRoute<Sheet: Sendable, Action: Sendable>: Sendable {
    /// No sheet is open: the event is the screen's own.
    case screen
    /// The stack took it: the keys sheet over the top sheet scrolled or closed, or the question on
    /// top dropped an event that is no answer.
    case handled
    /// A key of the top sheet, or a click on its hint in the help bar: the screen does the action
    /// to the sheet on top.
    case action(Action)
    /// An event only the top sheet can place (a letter it types, a paste, a click or the wheel
    /// inside what it drew): the screen passes it on to it.
    case sheet(Event)
    /// The question on top was answered (y/Enter, n/Esc, a button, a hint, a click outside) and
    /// is closed; the screen acts on the answer.
    case answered(SheetResult<Void>, Sheet)
    /// The top sheet was closed without a value (Esc it does not bind, a click outside it).
    case cancelled(Sheet)
}

extension SheetStack {
    /// Routes `event` by the one rule of sheets, for a screen whose sheets act through its own
    /// actions; `target` describes the sheet on top:
    /// - no sheet open: `.screen`;
    /// - the keys sheet open over the top sheet: it takes everything, and closes as it says;
    /// - a question on top: `ConfirmSheet` alone answers (its keys, buttons, hints, a click
    ///   outside); any other event is dropped (a paste never answers);
    /// - a click on a hint of the help bar (in `context.helpBar`) is that hint's action;
    /// - a key the sheet binds is its action; Esc it does not bind closes it (`.cancelled`);
    /// - a click released outside the sheet's frame closes it (`.cancelled`);
    /// - anything else is the sheet's own (`.sheet`).
    public mutating func route<Action>(
        _ event: Event, in context: ComponentContext, target: (Sheet) -> SheetTarget<Action>
    ) -> SheetRoute<Sheet, Action> {
        if var keys {
            let closed = keys.update(event, in: context) != nil
            self.keys = closed ? nil : keys
            return .handled
        }
        guard let sheet = top else { return .screen }
        let target = target(sheet)
        if let question = target.question {
            guard let answer = question.update(event, in: context) else { return .handled }
            pop()
            return .answered(answer, sheet)
        }
        switch event {
        case .key(let key):
            if let action = target.bindings.action(for: key) { return .action(action) }
            if key == .escape {
                pop()
                return .cancelled(sheet)
            }
            return .sheet(event)
        case .mouse(let mouse) where mouse.kind == .release:
            if let helpBar = context.helpBar, let action = target.bindings.barAction(at: mouse.position, in: helpBar) {
                return .action(action)
            }
            if let frame = target.frame, !frame.contains(mouse.position) {
                pop()
                return .cancelled(sheet)
            }
            return .sheet(event)
        default:
            return .sheet(event)
        }
    }
}

extension SheetRoute {
    /// Carries out the route of `event` by the rule every screen shares, so a screen writes only
    /// what is its own:
    /// - `.screen`: a key `screenBindings` binds is done with `perform`; any other event (a click,
    ///   the wheel, a paste, a key nothing binds) goes to `onScreen`;
    /// - `.action`: `perform`; `.sheet`: `onSheet`; `.handled`: nothing;
    /// - a sheet closed by the stack (`.cancelled`, or a question answered either way): `closed`;
    ///   then, for a question answered yes, `answered`.
    ///
    /// ```swift
    /// sheets.route(event, in: context, target: target).carryOut(
    ///     event, screenBindings: bindings, perform: { perform($0, into: &outputs) },
    ///     onScreen: { handleOnScreen($0) }, onSheet: { takeOnSheet($0) },
    ///     answered: { answered($0, into: &outputs) })
    /// ```
    public func carryOut(
        _ event: Event,
        screenBindings: @autoclosure () -> KeyBindings<Action>,
        perform: (Action) -> Void,
        onScreen: (Event) -> Void = { _ in },
        onSheet: (Event) -> Void = { _ in },
        answered: (Sheet) -> Void = { _ in },
        closed: (Sheet) -> Void = { _ in }
    ) {
        switch self {
        case .screen:
            if case .key(let key) = event, let action = screenBindings().action(for: key) {
                perform(action)
            } else {
                onScreen(event)
            }
        case .handled:
            break
        case .action(let action):
            perform(action)
        case .sheet(let event):
            onSheet(event)
        case .cancelled(let sheet):
            closed(sheet)
        case .answered(let answer, let sheet):
            closed(sheet)
            if answer.isCommitted { answered(sheet) }
        }
    }
}
