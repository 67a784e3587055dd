extension KeysSheet: SheetComponent {
    /// The keys sheet only closes: it never hands a value back.
    public typealias Value = Never

    /// The keys that close the sheet.
    public static let closeKeys: [Key] = [.escape, .character("?"), .character("q"), .enter, .function(1)]

    /// Scrolls by `rows` on a screen of `screen`, never past either end.
    public mutating func scroll(by rows: Int, on screen: Size) {
        scroll.move(by: rows, count: rowCount)
        _ = scroll.visibleRows(count: rowCount, height: listHeight(on: screen))
    }

    /// ↑↓ (k j) scroll a row, PgUp PgDn a page, Home End to either end, the wheel three rows;
    /// Esc, `?`, q, Enter, F1 and a click (a release) close it.
    public mutating func update(_ event: Event, in context: ComponentContext) -> SheetResult<Never>? {
        let page = max(1, listHeight(on: context.screen) - 1)
        switch event {
        case .key(let key) where Self.closeKeys.contains(key): return .cancelled
        case .key(.up), .key(.character("k")): scroll(by: -1, on: context.screen)
        case .key(.down), .key(.character("j")): scroll(by: 1, on: context.screen)
        case .key(.pageUp): scroll(by: -page, on: context.screen)
        case .key(.pageDown), .key(.character(" ")): scroll(by: page, on: context.screen)
        case .key(.home): scroll(by: -rowCount, on: context.screen)
        case .key(.end): scroll(by: rowCount, on: context.screen)
        case .mouse(let mouse):
            switch mouse.kind {
            case .scrollUp: scroll(by: -3, on: context.screen)
            case .scrollDown: scroll(by: 3, on: context.screen)
            // A hint of its own in the help bar does what its key does; any other click closes it.
            case .release:
                if let key = helpBarKey(at: mouse.position, in: context), !Self.closeKeys.contains(key) {
                    return update(.key(key), in: context)
                }
                return .cancelled
            case .press, .drag: break
            }
        default: break
        }
        return nil
    }

    /// Draws the sheet scrolled as it is.
    public func render(into composition: inout Composition, in context: ComponentContext) {
        render(into: &composition, state: scroll)
    }

    /// Scroll and Close.
    public var bindings: KeyBindings<Key> {
        KeyBindings([
            KeyBinding(
                [.up, .down, .character("k"), .character("j"), .pageUp, .pageDown, .character(" "), .home, .end],
                "Scroll", group: "Keys", bar: 1, display: "↑↓", listing: "↑ ↓  j k  PgUp PgDn  Space  Home End",
                meaning: "scroll the list of keys (the wheel too)"
            ) { $0 },
            KeyBinding(
                Self.closeKeys, "Close", group: "Keys", bar: 2, display: "Esc", listing: "Esc  ?  q  Enter",
                meaning: "close the keys (a click too)", action: .escape),
        ])
    }
}
