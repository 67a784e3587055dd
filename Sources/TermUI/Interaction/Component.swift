/// How a sheet ended: with the value the member chose, or given up. A sheet never hands back
/// half an answer, and the screen that opened it never reads the sheet's insides to find out
/// what happened (in the manner of Textual's `ModalScreen[T]`).
///
/// ```swift
/// switch picker.update(event, in: context) {
/// case .committed(.existing(let name))?: use(name)
/// case .committed(.new(let name))?: make(name)
/// case .cancelled?: sheets.pop()
/// case nil: break  // still open
/// }
/// ```
public enum SheetResult<Value: Sendable>: Sendable {
    /// The member chose `Value` (Enter, a click on it, y on a question).
    case committed(Value)
    /// The member gave up: Esc, n, a click outside the sheet. Nothing changes.
    case cancelled

    /// The value chosen, or `nil` when the sheet was cancelled.
    public var value: Value? {
        if case .committed(let value) = self { return value }
        return nil
    }

    /// Whether the member chose something.
    public var isCommitted: Bool { value != nil }

    /// The same ending with the value passed through `transform`: how a screen's own enum of
    /// sheets turns each sheet's result into its own (`.map(Choice.exercise)`).
    public func map<Other: Sendable>(_ transform: (Value) -> Other) -> SheetResult<Other> {
        switch self {
        case .committed(let value): .committed(transform(value))
        case .cancelled: .cancelled
        }
    }
}

extension SheetResult: Equatable where Value: Equatable {}
extension SheetResult: Hashable where Value: Hashable {}

/// What a component needs to know about where it is when it takes an event or draws: the screen,
/// where the help bar is (its hints can be clicked), and the time.
public struct ComponentContext: Hashable, Sendable {
    /// The whole screen.
    public var screen: Size
    /// Where the help bar showing the component's bindings is drawn, if it is: a click on a hint
    /// there does what its key does. By default the screen's last row, as every TermFit screen
    /// draws it.
    public var helpBar: Rect?
    /// The time of the event or the frame.
    public var now: Instant

    /// A context on a screen of `screen` whose help bar is its last row.
    public init(screen: Size, now: Instant = .zero) {
        self.screen = screen
        self.helpBar = screen.height > 0 ? Rect(size: screen).row(screen.height - 1) : nil
        self.now = now
    }

    /// A context on a screen of `screen` whose help bar lies in `helpBar` (or shows none).
    public init(screen: Size, helpBar: Rect?, now: Instant = .zero) {
        self.screen = screen
        self.helpBar = helpBar
        self.now = now
    }

    /// The screen above its help bar, where a sheet is centred so the help bar stays in view.
    public var aboveHelpBar: Rect {
        let bounds = Rect(size: screen)
        guard let helpBar, helpBar.y == screen.height - 1 else { return bounds }
        return bounds.inset(bottom: 1)
    }
}

/// A part of a screen written once and used everywhere (the confirmation, the list picker, the
/// keys sheet): a value that takes an event and answers with its outputs, draws itself, declares
/// its keys and says when it next needs a tick. In the manner of bubbletea's nested models: the
/// screen that holds one passes it the events meant for it and acts on what comes back; it never
/// reaches into its state.
///
/// Its bindings are `KeyBindings<Key>`: each binding's action is the key the component takes, so
/// a screen can list them in its own help bar (see `KeyBinding.map`) and a click on a hint is
/// the same as the key.
public protocol Component {
    /// What an event comes to: for a sheet, `SheetResult<Value>?` (`nil` while it stays open).
    associatedtype Output

    /// Takes one event (a key, a paste, a mouse event, a tick) in `context` and answers.
    mutating func update(_ event: Event, in context: ComponentContext) -> Output

    /// Draws the component into `composition` (a sheet adds its own layer over the screen).
    func render(into composition: inout Composition, in context: ComponentContext)

    /// The keys it answers now, for the help bar and the keys sheet.
    var bindings: KeyBindings<Key> { get }

    /// When it next needs a `.tick`, or `nil` when nothing changes by itself.
    func nextDeadline(after now: Instant) -> Instant?
}

extension Component {
    /// Nothing changes by itself.
    public func nextDeadline(after now: Instant) -> Instant? { nil }

    /// The key of the help-bar hint under a click (a release) at `point`, from the hints the
    /// help bar in `context` shows for `bindings`: what was drawn is what is clicked.
    public func helpBarKey(at point: Point, in context: ComponentContext) -> Key? {
        guard let helpBar = context.helpBar else { return nil }
        return bindings.barAction(at: point, in: helpBar)
    }
}

/// A component shown as a sheet over the screen, ending with a typed result: `update` answers
/// `nil` while the sheet stays open and `.committed(value)` or `.cancelled` when it is done.
public protocol SheetComponent<Value>: Component where Output == SheetResult<Value>? {
    /// What the sheet hands back when the member commits.
    associatedtype Value: Sendable
}

extension KeyBinding {
    /// The binding with each key's action passed through `transform`: a component's
    /// `KeyBinding<Key>` becomes one of a screen's own actions (`.picker(key)`), keeping its
    /// keys, label, group and place in the bar.
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other) -> KeyBinding<Other> {
        let original = self
        return KeyBinding<Other>(
            keys, label, group: group, bar: barRank, display: display, listing: listing, meaning: meaning,
            enabled: isEnabled
        ) { key in transform(original.action(for: key)) }
    }
}

extension KeyBindings {
    /// Every binding mapped through `transform` (see `KeyBinding.map`).
    public func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other) -> KeyBindings<Other> {
        KeyBindings<Other>(bindings.map { $0.map(transform) })
    }
}
