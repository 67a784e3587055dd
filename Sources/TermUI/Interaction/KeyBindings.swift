/// One thing a screen lets the member do with the keyboard: the keys, what it is called, where it
/// is listed, and the action it stands for.
///
/// A screen declares its bindings once (for its current state); the key handling, the help bar,
/// the keys sheet and the clicks on the help bar all come from that one table (`KeyBindings`), so
/// they cannot drift apart.
public struct KeyBinding<Action: Sendable>: Sendable {
    /// The keys that do it; the first is the one shown unless `display` says otherwise.
    public var keys: [Key]
    /// What it does, short ("Correct", "Start set 2").
    public var label: String
    /// The heading it is listed under on the keys sheet ("Answer", "Deck").
    public var group: String
    /// Its place in the help bar: lower comes first and is dropped last when the bar is too
    /// narrow; `nil` keeps it off the bar (it is still on the keys sheet).
    public var barRank: Int?
    /// How the keys are shown ("↑↓", "0–9"), when not by their names.
    public var display: String?
    /// Whether it does anything now; a disabled binding is neither answered nor shown.
    public var isEnabled: Bool
    public var action: Action

    public init(
        _ keys: [Key], _ label: String, group: String, bar barRank: Int? = nil, display: String? = nil,
        enabled isEnabled: Bool = true, action: Action
    ) {
        self.keys = keys
        self.label = label
        self.group = group
        self.barRank = barRank
        self.display = display
        self.isEnabled = isEnabled
        self.action = action
    }

    /// How the keys are shown: `display`, or the first key's name.
    public var shownKeys: String { display ?? keys.first?.name ?? "" }

    /// Every key's name, for the keys sheet ("q  Esc").
    public var allKeys: String { display ?? keys.map(\.name).joined(separator: "  ") }
}

/// A screen's bindings, in the order it declares them.
public struct KeyBindings<Action: Sendable>: Sendable {
    public var bindings: [KeyBinding<Action>]

    public init(_ bindings: [KeyBinding<Action>]) {
        self.bindings = bindings
    }

    /// The bindings that do something now.
    public var enabled: [KeyBinding<Action>] { bindings.filter(\.isEnabled) }

    /// The action of the first enabled binding that has `key`, if any.
    public func action(for key: Key) -> Action? {
        enabled.first { $0.keys.contains(key) }?.action
    }

    /// Whether any binding, enabled or not, has `key`.
    public func declares(_ key: Key) -> Bool {
        bindings.contains { $0.keys.contains(key) }
    }

    /// The bar's bindings, in rank order (declaration order between equal ranks).
    public var barBindings: [KeyBinding<Action>] {
        enabled.enumerated().compactMap { index, binding in binding.barRank.map { ($0, index, binding) } }
            .sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }

    /// The help bar: the enabled bindings with a rank, most important first.
    public var helpBar: HelpBar {
        HelpBar(barBindings.map { HelpBar.Hint($0.shownKeys, $0.label) })
    }

    /// Where each hint the help bar shows in `area` lies, with its action: a click on a hint does
    /// what its key does.
    public func barTargets(in area: Rect) -> [(frame: Rect, action: Action)] {
        zip(helpBar.frames(in: area), barBindings).map { ($0, $1.action) }
    }

    /// The action of the hint under `point` on a help bar drawn in `area`.
    public func barAction(at point: Point, in area: Rect) -> Action? {
        barTargets(in: area).first { $0.frame.contains(point) }?.action
    }

    /// The keys sheet's sections: each group (in the order it first appears) with its enabled
    /// bindings.
    public var sections: [(group: String, entries: [KeyList.Entry])] {
        var order: [String] = []
        var entries: [String: [KeyList.Entry]] = [:]
        for binding in enabled {
            if entries[binding.group] == nil { order.append(binding.group) }
            entries[binding.group, default: []].append(KeyList.Entry(binding.allKeys, binding.label))
        }
        return order.map { ($0, entries[$0] ?? []) }
    }
}
