/// How a setting that holds several items is kept: one stored row per item, so that two windows
/// changing different items (two routines, two ratings) never overwrite each other.
public enum SettingLayout: Sendable, Equatable {
    /// A JSON object whose members are the items, keyed by the member's name: a rating per
    /// exercise, a rest length per exercise, an exercise per card suit.
    case keyed
    /// A JSON array of objects, each an item keyed by its `name` member, in the order kept: the
    /// routines, the circuits.
    case named
}

extension Settings {
    /// The settings kept one item at a time, and how their items are found. Every other setting
    /// holds one value.
    public static let itemized: [String: SettingLayout] = [
        "dumbbells.routines": .named, "dumbbells.restByExercise": .keyed, "hiit.ratings": .keyed,
        "hiit.circuits": .named, "cards.suitExercises": .keyed,
    ]

    /// The items of `value` for a setting laid out as `layout`, in order, or `nil` when the value
    /// does not fit the layout (not an object or array, a routine without a name, a name twice).
    public static func items(of value: JSONValue?, layout: SettingLayout) -> [SettingItem]? {
        switch (value, layout) {
        case (nil, _): return []
        case (.object(let members)?, .keyed):
            return members.keys.sorted().map { SettingItem(key: $0, value: members[$0] ?? .null) }
        case (.array(let elements)?, .named):
            var seen = Set<String>()
            var items: [SettingItem] = []
            for element in elements {
                guard case .object(let members) = element, case .string(let name)? = members["name"],
                    seen.insert(name).inserted
                else { return nil }
                items.append(SettingItem(key: name, value: element))
            }
            return items
        default: return nil
        }
    }

    /// `items` with those named in `keys` first, in that order, and the others after as they were.
    public static func ordered(_ items: [SettingItem], by keys: [String]) -> [SettingItem] {
        let named = Set(keys)
        let byKey = Dictionary(items.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        return keys.compactMap { byKey[$0] } + items.filter { !named.contains($0.key) }
    }

    /// The whole value of a setting laid out as `layout`, from its items in order.
    public static func assemble(_ items: [SettingItem], layout: SettingLayout) -> JSONValue {
        switch layout {
        case .keyed: .object(Dictionary(items.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first }))
        case .named: .array(items.map(\.value))
        }
    }
}

/// One item of an itemized setting: a routine under its name, a rating under its exercise.
public struct SettingItem: Sendable, Equatable {
    public var key: String
    public var value: JSONValue

    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}

/// One change a window makes to a profile's settings, compared with what that window last saw:
/// what another window wrote since is never overwritten from a stale copy.
public enum SettingChange: Sendable, Codable, Equatable {
    /// A setting that holds one value (the unit, the set count) set, or removed with `nil`, if it
    /// still holds `expected` (`nil`: unset).
    case value(name: String, expected: JSONValue?, new: JSONValue?)
    /// One item of an itemized setting (a routine, a rating) put, or removed with `nil`, if it
    /// still is `expected` (`nil`: there was none).
    case item(setting: String, key: String, expected: JSONValue?, new: JSONValue?)
    /// The order of a `.named` setting's items (the routines) made `new`, if the items this window
    /// saw (`expected`, in their order) are still in that order; it comes after the command's item
    /// changes, and items it does not name (added elsewhere) stay after the ones it does.
    case order(setting: String, expected: [String], new: [String])

    /// The setting this changes.
    public var settingName: String {
        switch self {
        case .value(let name, _, _), .item(let name, _, _, _), .order(let name, _, _): name
        }
    }

    /// The changes that turn setting `name` from `old` (what the window saw) into `new`: one per
    /// item that differs for an itemized setting, else one for the whole value; none when equal.
    public static func changes(name: String, from old: JSONValue?, to new: JSONValue?) -> [SettingChange] {
        guard old != new else { return [] }
        guard let layout = Settings.itemized[name], let before = Settings.items(of: old, layout: layout),
            let after = Settings.items(of: new, layout: layout)
        else { return [.value(name: name, expected: old, new: new)] }
        let oldByKey = Dictionary(before.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        let newKeys = Set(after.map(\.key))
        var changes: [SettingChange] = before.filter { !newKeys.contains($0.key) }.map {
            .item(setting: name, key: $0.key, expected: $0.value, new: nil)
        }
        for item in after where oldByKey[item.key] != item.value {
            changes.append(.item(setting: name, key: item.key, expected: oldByKey[item.key], new: item.value))
        }
        // Items are kept in place and new ones go last; any other order (a move, a rename that
        // keeps its place) is one more change.
        let kept = before.map(\.key).filter { newKeys.contains($0) }
        let placed = kept + after.map(\.key).filter { oldByKey[$0] == nil }
        if layout == .named, placed != after.map(\.key) {
            changes.append(.order(setting: name, expected: before.map(\.key), new: after.map(\.key)))
        }
        return changes
    }

    /// Checks the new value against ``ValueLimits``, as the setting itself is checked.
    public func validate() throws {
        switch self {
        case .value(let name, _, let new):
            try Check.text(name, "a setting's name", maximum: ValueLimits.settingNameLength, empty: false)
            if let new { try Settings.validate(new, named: name) }
        case .item(let name, let key, _, let new):
            try Check.text(name, "a setting's name", maximum: ValueLimits.settingNameLength, empty: false)
            try Check.text(key, "the setting \(name)", maximum: ValueLimits.settingNameLength, empty: false)
            // An item is checked as the setting holding it alone would be: the same shape and limits.
            if let new, let layout = Settings.itemized[name] {
                let alone = Settings.assemble([SettingItem(key: key, value: new)], layout: layout)
                try Settings.validate(alone, named: name)
            } else if let new {
                try Settings.validate(new, named: name)
            }
        case .order(let name, let expected, let new):
            try Check.text(name, "a setting's name", maximum: ValueLimits.settingNameLength, empty: false)
            for key in expected + new {
                try Check.text(key, "the setting \(name)", maximum: ValueLimits.settingNameLength, empty: false)
            }
        }
    }

    /// What to store for an ``order(setting:expected:new:)`` change, given the keys stored now in
    /// their order: the new order when the keys this window saw are still in the order it saw
    /// (whatever was added, removed or renamed since), else the conflict (another window moved
    /// them; its order stays). `nil` for any other change.
    public func resolveOrder(current: [String]) -> SettingResolution? {
        guard case .order(let name, let expected, let new) = self else { return nil }
        let stored = Set(current)
        let seen = Set(expected)
        let newKeys = Set(new)
        guard current.filter({ seen.contains($0) }) == expected.filter({ stored.contains($0) }) || current == new else {
            return SettingResolution(
                conflict: SettingConflict(
                    change: self, outcome: .notKept(current: .array(current.map(JSONValue.string)))))
        }
        let order = new.filter { stored.contains($0) } + current.filter { !newKeys.contains($0) }
        return SettingResolution(write: order == current ? nil : .order(setting: name, keys: order))
    }

    /// What to store for this change, given what is stored now (`current`: the setting's value,
    /// or the item's), and whether it met another window's change.
    ///
    /// The rule: a change goes in when what is stored is what this window saw (or already what
    /// it wants). Otherwise another window changed it since, and its change stays: a routine or
    /// circuit of this window is kept beside it under a free name ("Push (2)", `isFree` says which
    /// are), anything else of this window is not kept. Either way the conflict is returned, to be
    /// shown; nothing is overwritten silently.
    public func resolve(current: JSONValue?, isFree: (String) -> Bool) -> SettingResolution {
        switch self {
        case .value(let name, let expected, let new):
            if current == expected || current == new { return SettingResolution(write: .value(name: name, new)) }
            return SettingResolution(conflict: SettingConflict(change: self, outcome: .notKept(current: current)))
        case .order(let name, _, _):
            let keys = Settings.itemized[name].flatMap { Settings.items(of: current, layout: $0) } ?? []
            return resolveOrder(current: keys.map(\.key)) ?? SettingResolution()
        case .item(let name, let key, let expected, let new):
            if current == expected { return SettingResolution(write: .item(setting: name, key: key, new)) }
            if current == new {
                // Already as wanted; a removal that finds the item gone (renamed or deleted
                // elsewhere) is still said.
                let gone = new == nil ? SettingConflict(change: self, outcome: .alreadyGone) : nil
                return SettingResolution(conflict: gone)
            }
            guard let new else {
                return SettingResolution(conflict: SettingConflict(change: self, outcome: .notKept(current: current)))
            }
            guard Settings.itemized[name] == .named, case .object(var members) = new else {
                return SettingResolution(conflict: SettingConflict(change: self, outcome: .notKept(current: current)))
            }
            let free = (2...).lazy.map { "\(key) (\($0))" }.first(where: isFree) ?? key
            members["name"] = .string(free)
            return SettingResolution(
                write: .item(setting: name, key: free, .object(members)),
                conflict: SettingConflict(change: self, outcome: .keptAs(free)))
        }
    }
}

/// What the store does for one ``SettingChange``: what it writes, and the conflict it met.
public struct SettingResolution: Sendable, Equatable {
    /// What to write, if anything.
    public enum Write: Sendable, Equatable {
        /// The whole value of a setting (`nil`: removed).
        case value(name: String, JSONValue?)
        /// One item (`nil`: removed).
        case item(setting: String, key: String, JSONValue?)
        /// The items' order: these keys first, in this order (the others after, as they were).
        case order(setting: String, keys: [String])
    }

    public var write: Write?
    public var conflict: SettingConflict?

    public init(write: Write? = nil, conflict: SettingConflict? = nil) {
        self.write = write
        self.conflict = conflict
    }
}

/// A change that met one another window made since this window looked, and what was kept.
public struct SettingConflict: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// The other window's change stays; this one is not kept. `current` is what is stored.
        case notKept(current: JSONValue?)
        /// This window's routine or circuit is kept beside the other's, under this name.
        case keptAs(String)
        /// The item to remove was already removed (or renamed) in another window.
        case alreadyGone
    }

    public var change: SettingChange
    public var outcome: Outcome

    public init(change: SettingChange, outcome: Outcome) {
        self.change = change
        self.outcome = outcome
    }
}

extension Settings {
    /// Carries out `changes` on these settings by ``SettingChange/resolve(current:isFree:)``: what
    /// a store that keeps settings in memory does. Returns the conflicts met.
    public mutating func apply(_ changes: [SettingChange]) throws -> [SettingConflict] {
        for change in changes { try change.validate() }
        var conflicts: [SettingConflict] = []
        for change in changes {
            let name = change.settingName
            let layout = Settings.itemized[name]
            var items = layout.flatMap { Settings.items(of: self[name], layout: $0) }
            if case .order = change {
                let resolution = change.resolveOrder(current: (items ?? []).map(\.key)) ?? SettingResolution()
                if let conflict = resolution.conflict { conflicts.append(conflict) }
                if case .order(_, let keys)? = resolution.write, let layout, let all = items {
                    self[name] = Settings.assemble(Settings.ordered(all, by: keys), layout: layout)
                }
                continue
            }
            let current: JSONValue?
            if case .item(_, let key, _, _) = change {
                guard items != nil else {
                    conflicts.append(SettingConflict(change: change, outcome: .notKept(current: self[name])))
                    continue
                }
                current = items?.first { $0.key == key }?.value
            } else {
                current = self[name]
            }
            let resolution = change.resolve(current: current) { key in !(items ?? []).contains { $0.key == key } }
            if let conflict = resolution.conflict { conflicts.append(conflict) }
            switch resolution.write {
            case nil: break
            case .value(let name, let value)?: self[name] = value
            case .order?: break
            case .item(_, let key, let value)?:
                if let index = items?.firstIndex(where: { $0.key == key }) {
                    if let value { items?[index].value = value } else { items?.remove(at: index) }
                } else if let value {
                    items?.append(SettingItem(key: key, value: value))
                }
                if let layout, let items { self[name] = items.isEmpty ? nil : Settings.assemble(items, layout: layout) }
            }
        }
        return conflicts
    }
}
