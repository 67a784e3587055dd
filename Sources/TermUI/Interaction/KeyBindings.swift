/// One thing a screen lets the member do with the keyboard: the keys, what it is called, where it
/// is listed, and the action it stands for.
///
/// A screen declares its bindings once (for its current state); the key handling, the help bar,
/// the keys sheet and the clicks on the help bar all come from that one table (`KeyBindings`), so
/// they cannot drift apart.
public struct KeyBinding<Action: Sendable>: Sendable {
    /// The keys that do it; the first is the one shown unless `display` says otherwise.
    public var keys: [Key]
    /// What it does, short, for the help bar ("Correct", "Start set 2").
    public var label: String
    /// What it does, for the keys sheet, when more than `label` says ("move through the menu").
    public var meaning: String
    /// The heading it is listed under on the keys sheet ("Answer", "Deck").
    public var group: String
    /// Its place in the help bar: lower comes first and is dropped last when the bar is too
    /// narrow; `nil` keeps it off the bar (it is still on the keys sheet).
    public var barRank: Int?
    /// How the keys are shown in the help bar ("↑↓"), when not by the first key's name.
    public var display: String?
    /// How the keys are listed on the keys sheet ("1…7"), when not every key by its name.
    public var listing: String?
    /// Whether it does anything now; a disabled binding is neither answered nor shown.
    public var isEnabled: Bool
    /// The action of each of its keys.
    private let resolve: @Sendable (Key) -> Action

    /// A binding whose keys all do `action`.
    public init(
        _ keys: [Key], _ label: String, group: String, bar barRank: Int? = nil, display: String? = nil,
        listing: String? = nil, meaning: String? = nil, enabled isEnabled: Bool = true, action: Action
    ) {
        self.init(
            keys, label, group: group, bar: barRank, display: display, listing: listing, meaning: meaning,
            enabled: isEnabled
        ) { _ in action }
    }

    /// A binding whose keys each do their own action (↑ and ↓ as one "↑↓ Move", the digits of
    /// "1…7 Open").
    public init(
        _ keys: [Key], _ label: String, group: String, bar barRank: Int? = nil, display: String? = nil,
        listing: String? = nil, meaning: String? = nil, enabled isEnabled: Bool = true,
        actions resolve: @escaping @Sendable (Key) -> Action
    ) {
        self.keys = keys
        self.label = label
        self.meaning = meaning ?? label
        self.group = group
        self.barRank = barRank
        self.display = display
        self.listing = listing
        self.isEnabled = isEnabled
        self.resolve = resolve
    }

    /// What `key` does through this binding (`key` should be one of `keys`).
    public func action(for key: Key) -> Action { resolve(key) }

    /// What the binding does when its hint is clicked: its first key's action.
    public var action: Action? { keys.first.map(resolve) }

    /// How the keys are shown: `display`, or the first key's name.
    public var shownKeys: String { display ?? keys.first?.name ?? "" }

    /// Every key's name, for the keys sheet ("q  Esc"), or `listing`.
    public var allKeys: String { listing ?? keys.map(\.name).joined(separator: "  ") }
}

/// A screen's bindings, in the order it declares them.
public struct KeyBindings<Action: Sendable>: Sendable {
    public var bindings: [KeyBinding<Action>]

    public init(_ bindings: [KeyBinding<Action>]) {
        self.bindings = bindings
    }

    /// The bindings that do something now.
    public var enabled: [KeyBinding<Action>] {
        // Plain loops here and in `barBindings`: this runs before the first frame, where a key path
        // or a sequence of tuples costs the Swift runtime a search of every conformance record.
        var enabled: [KeyBinding<Action>] = []
        for binding in bindings where binding.isEnabled { enabled.append(binding) }
        return enabled
    }

    /// The action of the first enabled binding that has `key`, if any.
    public func action(for key: Key) -> Action? {
        enabled.first { $0.keys.contains(key) }?.action(for: key)
    }

    /// Whether any binding, enabled or not, has `key`.
    public func declares(_ key: Key) -> Bool {
        bindings.contains { $0.keys.contains(key) }
    }

    /// The bar's bindings, in rank order (declaration order between equal ranks).
    public var barBindings: [KeyBinding<Action>] {
        var ranked: [KeyBinding<Action>] = []
        for binding in bindings where binding.isEnabled {
            guard let rank = binding.barRank else { continue }
            // After every binding of the same or a higher rank: equal ranks keep their order.
            var place = ranked.count
            while place > 0, let before = ranked[place - 1].barRank, before > rank { place -= 1 }
            ranked.insert(binding, at: place)
        }
        return ranked
    }

    /// The help bar: the enabled bindings with a rank, most important first.
    public var helpBar: HelpBar {
        HelpBar(barBindings.map { HelpBar.Hint($0.shownKeys, $0.label) })
    }

    /// Where each hint the help bar shows in `area` lies, with its action: a click on a hint does
    /// what its key does.
    public func barTargets(in area: Rect) -> [(frame: Rect, action: Action)] {
        zip(helpBar.frames(in: area), barBindings).compactMap { frame, binding in binding.action.map { (frame, $0) } }
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
            entries[binding.group, default: []].append(KeyList.Entry(binding.allKeys, binding.meaning))
        }
        return order.map { ($0, entries[$0] ?? []) }
    }
}
