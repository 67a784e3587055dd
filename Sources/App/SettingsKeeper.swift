import Records
import Synchronization

/// Keeps the settings a workout changes for its profile, one change at a time: each time the
/// workout hands over its settings, only what differs from what it held before is written (a
/// routine, a rating, the unit), compared with what this window last knew to be stored. So a
/// window never writes back a stale copy of what another window changed, and where both changed
/// the same thing, the other's stays and the notice says what became of this one's.
final class SettingsKeeper: Sendable {
    private struct Known: Sendable {
        /// The workout's settings as it last handed them over (or as it opened), by name.
        var view: [String: JSONValue?]
        /// What this window last knew to be stored, by name (`nil` inside: unset).
        var stored: Settings
    }

    private let store: (any SettingsStore)?
    private let known: Mutex<Known>

    /// - Parameters:
    ///   - stored: the profile's settings as read when the workout opened.
    ///   - view: the workout's settings as it opened, for the names where it shows something
    ///     else than is stored (a default for an unset setting); other names are as stored.
    init(store: (any SettingsStore)?, stored: Settings, view: [String: JSONValue?] = [:]) {
        self.store = store
        known = Mutex(Known(view: view, stored: stored))
    }

    /// Writes what differs between the settings the workout holds now (`values`, by name; `nil`:
    /// unset) and what it held before. Returns what to show: why nothing could be written
    /// (`what` names it), or what became of changes another window's stood in the way of.
    func keep(_ values: [String: JSONValue?], what: String) -> SaveError? {
        guard let store else { return nil }
        let known = self.known.withLock { $0 }
        var changes: [SettingChange] = []
        for (name, new) in values.sorted(by: { $0.key < $1.key }) {
            let before = known.view[name] ?? known.stored[name]
            changes += SettingChange.changes(name: name, from: before, to: new).map {
                Self.expecting(known.stored[name], in: $0)
            }
        }
        guard !changes.isEmpty else { return nil }
        let conflicts: [SettingConflict]
        do {
            conflicts = try store.apply(changes)
        } catch {
            return .settingNotKept(what: what, reason: "\(error)")
        }
        let changed = Set(changes.map(\.settingName))
        self.known.withLock { known in
            for (name, value) in values {
                known.view[name] = value
                if changed.contains(name) { known.stored[name] = value }
            }
        }
        return conflicts.isEmpty ? nil : .changedElsewhere(conflicts.map(Self.describe).joined(separator: " · "))
    }

    /// The profile's settings as stored now, when there is a store and it can be read.
    func read() -> Settings? { try? store?.settings() }

    /// Takes note that the workout now holds `view` (by name) as read from `stored`, after it was
    /// brought up to date with another window's changes.
    func refresh(_ view: [String: JSONValue?], from stored: Settings) {
        known.withLock { known in
            for (name, value) in view {
                known.view[name] = value
                known.stored[name] = stored[name]
            }
        }
    }

    /// `change` comparing with `stored` (what this window last knew to be stored) rather than
    /// with what the workout showed, which may be a default.
    private static func expecting(_ stored: JSONValue?, in change: SettingChange) -> SettingChange {
        switch change {
        case .value(let name, _, let new): return .value(name: name, expected: stored, new: new)
        case .item(let name, let key, _, let new):
            let items = Settings.itemized[name].flatMap { Settings.items(of: stored, layout: $0) } ?? []
            return .item(setting: name, key: key, expected: items.first { $0.key == key }?.value, new: new)
        }
    }

    /// One sentence about a conflict, for the notice.
    static func describe(_ conflict: SettingConflict) -> String {
        switch (conflict.change, conflict.outcome) {
        case (.item(_, let key, _, _), .keptAs(let free)):
            "“\(key)” was also changed in another window: yours is kept as “\(free)”"
        case (.item(_, let key, _, _), .alreadyGone): "“\(key)” was already renamed or deleted in another window"
        case (.item(_, let key, _, nil), .notKept): "“\(key)” was changed in another window, so it is not deleted"
        case (.item(let name, let key, _, _), .notKept(let current)):
            "\(label(name)) of \(key) was changed in another window to \(show(current)); yours is not kept"
        case (.value(let name, _, _), .notKept(let current)):
            "\(label(name)) was changed in another window to \(show(current)); yours is not kept"
        case (.value(let name, _, _), _): "\(label(name)) was changed in another window"
        }
    }

    private static func label(_ name: String) -> String {
        switch name {
        case "dumbbells.unit": "The unit"
        case "dumbbells.setCount": "The number of sets"
        case "dumbbells.exercise": "The exercise"
        case "dumbbells.restByExercise": "The rest"
        case "dumbbells.autoRest": "Resting by itself"
        case "hiit.ratings": "The rating"
        case "hiit.circuit": "The circuit chosen"
        case "hiit.lastPage": "The page to reopen on"
        case "cards.suitExercises": "The exercise"
        default: "The setting \(name)"
        }
    }

    private static func show(_ value: JSONValue?) -> String {
        switch value {
        case nil, .null?: "nothing"
        case .string(let text)?: text
        case .number(let number)?: number == number.rounded() && abs(number) < 1e15 ? "\(Int64(number))" : "\(number)"
        case .bool(let flag)?: flag ? "on" : "off"
        case let other?: (try? other.jsonText()) ?? "another value"
        }
    }
}
