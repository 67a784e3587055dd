import Records
import Synchronization

/// Keeps the settings a workout changes for its profile, one change at a time: each time the
/// workout hands over its settings, only what differs from what it held before becomes a
/// command (a routine, a rating, the unit), compared with what this window last knew to be
/// stored. So a window never writes back a stale copy of what another window changed, and where
/// both changed the same thing, the other's stays and the notice says what became of this one's.
///
/// The keeper, not the workout, makes the command: what is compared with is what this window
/// last knew to be stored, which the workout does not know (it shows a default for a setting
/// never set). The command then goes the way of every other: the host's queue, the store worker,
/// the recovery file.
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

    /// The command that turns the settings the workout held into `values` (by name; `nil`:
    /// unset): one change per setting, or per item of an itemized one, that differs, each
    /// expecting what this window last knew to be stored. Made on the run loop; the keeper takes
    /// note at once that the workout holds `values` and that they are what is stored (the
    /// command goes in, or waits in the host's queue and then in a recovery file). `nil` when
    /// nothing differs or there is no store (the settings then hold for this run).
    ///
    /// - Throws: when a new value breaks ``ValueLimits``; nothing is noted then.
    func command(keeping values: [String: JSONValue?]) throws -> UnsavedStep? {
        guard store != nil else { return nil }
        return try known.withLock { known in
            var changes: [SettingChange] = []
            for (name, new) in values.sorted(by: { $0.key < $1.key }) {
                let before = known.view[name] ?? known.stored[name]
                changes += SettingChange.changes(name: name, from: before, to: new).map {
                    Self.expecting(known.stored[name], in: $0)
                }
            }
            guard !changes.isEmpty else { return nil }
            for change in changes { try change.validate() }
            let changed = Set(changes.map(\.settingName))
            for (name, value) in values {
                known.view[name] = value
                if changed.contains(name) { known.stored[name] = value }
            }
            return .settings(changes)
        }
    }

    /// Carries `command` out (on the worker): a settings command on the store, returning the
    /// changes that met another window's; any other command with `otherwise`.
    func carryOut(_ command: UnsavedStep, otherwise: () throws -> Void) throws -> [SettingConflict] {
        guard case .settings = command else {
            try otherwise()
            return []
        }
        guard let store else { return [] }
        return try command.carryOut(onSettings: store)
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
        case .order(let name, _, let new):
            let items = Settings.itemized[name].flatMap { Settings.items(of: stored, layout: $0) } ?? []
            return .order(setting: name, expected: items.map(\.key), new: new)
        }
    }

    /// What to show for `conflicts`: what became of each change another window's stood in the way of.
    static func describe(_ conflicts: [SettingConflict]) -> SaveError? {
        conflicts.isEmpty ? nil : .changedElsewhere(conflicts.map(describe).joined(separator: " · "))
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
        case (.order(let name, _, _), _):
            "The order of the \(name == "hiit.circuits" ? "circuits" : "routines") was changed in another window; yours is not kept"
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

extension SettingsKeeper {
    /// Where a workout's settings go: the command that keeps what changed, nothing when nothing
    /// did, or (when a value breaks the limits) the notice that `what` could not be kept.
    func route<Model>(_ values: [String: JSONValue?], what: String) -> Routed<Model> {
        do {
            guard let command = try command(keeping: values) else { return .done }
            return .save(command)
        } catch {
            return .refused(.settingNotKept(what: what, reason: "\(error)"))
        }
    }
}
