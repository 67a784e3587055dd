/// What a stack of sheets did with an event.
public enum SheetStackOutcome<Value: Sendable>: Sendable {
    /// No sheet is open: the event is the screen's own.
    case screen
    /// The top sheet (or the keys sheet over it) took the event and stays open.
    case handled
    /// The top sheet ended with `result` and is closed; the screen acts on the result.
    case closed(SheetResult<Value>)
}

extension SheetStackOutcome: Equatable where Value: Equatable {}

extension SheetStackOutcome {
    /// How the top sheet ended, when it did.
    public var result: SheetResult<Value>? {
        if case .closed(let result) = self { return result }
        return nil
    }

    /// Whether a sheet took the event (it stays open, or it ended).
    public var tookEvent: Bool {
        if case .screen = self { return false }
        return true
    }
}

/// A screen with several kinds of sheet makes its enum of sheets a `SheetComponent` whose value
/// says which sheet ended with what, passing each event to the sheet it holds:
///
/// ```swift
/// enum WorkoutSheet: SheetComponent, Equatable, Sendable {
///     case leave(ConfirmSheet)
///     case exercise(ListPicker<String>)
///
///     enum Value: Sendable { case leave, exercise(ListPicker<String>.Choice) }
///
///     mutating func update(_ event: Event, in context: ComponentContext) -> SheetResult<Value>? {
///         switch self {
///         case .leave(let question): return question.update(event, in: context)?.map { .leave }
///         case .exercise(var picker):
///             defer { self = .exercise(picker) }
///             return picker.update(event, in: context)?.map(Value.exercise)
///         }
///     }
///     // render(into:in:) and bindings pass on the same way.
/// }
///
/// switch sheets.update(event, in: ComponentContext(screen: size)) {
/// case .screen: handleOnScreen(event)
/// case .handled: break
/// case .closed(.committed(.leave)): leave()
/// case .closed(.committed(.exercise(let choice))): use(choice)
/// case .closed(.cancelled): break
/// }
/// ```
extension SheetStack where Sheet: SheetComponent {
    /// Routes `event` by the one rule, so no screen writes it again:
    /// - no sheet open: `.screen`, the screen handles it;
    /// - the keys sheet open: it takes everything (scrolling), and closes on Esc, `?`, a click;
    /// - `?` or F1 the top sheet does not bind itself (a picker types `?`): the keys sheet of the
    ///   top sheet's bindings opens over it;
    /// - a click on a hint of the help bar (in `context.helpBar`, showing the top sheet's
    ///   bindings) is that hint's key;
    /// - everything else goes to the top sheet; Esc closes a sheet that does not bind it;
    /// - a sheet that ends is popped and its result handed back in `.closed`.
    public mutating func update(_ event: Event, in context: ComponentContext) -> SheetStackOutcome<Sheet.Value> {
        guard var sheet = top else { return .screen }
        if var keys {
            let closed = keys.update(event, in: context) != nil
            self.keys = closed ? nil : keys
            return .handled
        }
        var event = event
        switch event {
        case .key(let key) where (key == .character("?") || key == .function(1)) && !sheet.bindings.declares(key):
            keys = KeysSheet(sheet.bindings)
            return .handled
        case .key(.escape) where !sheet.bindings.declares(.escape):
            pop()
            return .closed(.cancelled)
        case .mouse(let mouse) where mouse.kind == .release:
            if let key = sheet.helpBarKey(at: mouse.position, in: context) { event = .key(key) }
        default:
            break
        }
        let result = sheet.update(event, in: context)
        if let result {
            pop()
            return .closed(result)
        }
        replaceTop(with: sheet)
        return .handled
    }

    /// Draws every open sheet, the oldest first, and the keys sheet over them.
    public func render(into composition: inout Composition, in context: ComponentContext) {
        for sheet in sheets { sheet.render(into: &composition, in: context) }
        keys?.render(into: &composition, in: context)
    }

    /// The keys the help bar shows: the keys sheet's while it is open, else the top sheet's
    /// (empty when no sheet is open).
    public var bindings: KeyBindings<Key> {
        keys?.bindings ?? top?.bindings ?? KeyBindings([])
    }

    /// The nearest deadline of any open sheet.
    public func nextDeadline(after now: Instant) -> Instant? {
        sheets.compactMap { $0.nextDeadline(after: now) }.min()
    }
}
