/// The sheets open over a screen (keys, a confirmation, a picker, an editor), the newest on top.
///
/// One rule for every screen: keys and clicks go to the sheet on top, Esc closes it (a sheet that
/// holds something half done, such as a half-typed card, handles Esc itself first), and the
/// screen below gets nothing until the last sheet is closed.
///
/// A stack of `SheetComponent`s carries the rule out itself with `update(_:in:)`: see
/// SheetStack+Routing.swift.
public struct SheetStack<Sheet: Sendable & Equatable>: Sendable, Equatable {
    public private(set) var sheets: [Sheet] = []
    /// The keys sheet of the top sheet, while it is open over it (`?` or F1 on a stack of
    /// components).
    public internal(set) var keys: KeysSheet?

    public init() {}

    /// The sheet on top, which gets the keys.
    public var top: Sheet? { sheets.last }

    public var isEmpty: Bool { sheets.isEmpty }

    /// Opens `sheet` over the others.
    public mutating func push(_ sheet: Sheet) {
        keys = nil
        sheets.append(sheet)
    }

    /// Opens `keys`, the keys sheet of what is on screen, over the top sheet (or over the screen
    /// when no sheet is open). It takes every event until it closes (see `route` and `update`).
    public mutating func showKeys(_ keys: KeysSheet) {
        self.keys = keys
    }

    /// Whether the keys sheet is open.
    public var isShowingKeys: Bool { keys != nil }

    /// While the keys sheet is open, shows `current` in it: the keys of what is under it now (a
    /// countdown ended, a set finished since it opened), scrolled where it was. Nothing when the
    /// keys sheet is closed (make `current` only when `isShowingKeys`).
    public mutating func refreshKeys(_ current: KeysSheet) {
        guard let open = keys else { return }
        let fresh = open.showing(current)
        if fresh != open { keys = fresh }
    }

    /// Whether anything is open over the screen: a sheet, or the keys sheet alone. The screen
    /// under it takes no event and shows no focus.
    public var coversScreen: Bool { !sheets.isEmpty || keys != nil }

    /// The keys sheet's bindings while it is open, each key made the screen's action by
    /// `transform`, so the screen's help bar lists them; `nil` while it is closed.
    public func keysBindings<Action: Sendable>(
        _ transform: @escaping @Sendable (Key) -> Action
    ) -> KeyBindings<Action>? {
        keys.map { $0.bindings.map(transform) }
    }

    /// Closes the sheet on top; returns it.
    @discardableResult
    public mutating func pop() -> Sheet? {
        keys = nil
        return sheets.popLast()
    }

    /// Puts `sheet` in place of the one on top (a sheet's own state changed).
    public mutating func replaceTop(with sheet: Sheet) {
        guard !sheets.isEmpty else { return push(sheet) }
        sheets[sheets.count - 1] = sheet
    }

    /// Closes every sheet.
    public mutating func removeAll() {
        keys = nil
        sheets.removeAll()
    }

    /// Whether a sheet like `sheet` is open anywhere on the stack.
    public func contains(where matches: (Sheet) -> Bool) -> Bool { sheets.contains(where: matches) }
}
