import Foundation
import Records

// MARK: - Settings

// As in the file: a one-value setting is a row of `setting`; an itemized one (`Settings.itemized`:
// routines, ratings, circuits…) a row of `setting_item` per item, changed one item at a time, so
// two boxes changing different items of one member never overwrite each other.

extension PostgresMember: SettingsStore {
    func settings() throws -> Settings {
        var settings = Settings()
        for row in try store.rows("SELECT name, value FROM setting WHERE profile_id = \(profileID)") {
            let (name, text) = try row.decode((String, String).self)
            settings[name] = try Self.json(text)
        }
        var items: [String: [SettingItem]] = [:]
        for row in try store.rows(
            """
            SELECT setting, key, value FROM setting_item WHERE profile_id = \(profileID)
            ORDER BY setting, position, key
            """)
        {
            let (setting, key, text) = try row.decode((String, String, String).self)
            items[setting, default: []].append(SettingItem(key: key, value: try Self.json(text)))
        }
        for (name, list) in items {
            settings[name] = Settings.assemble(list, layout: Settings.itemized[name] ?? .keyed)
        }
        return settings
    }

    func setSetting(_ value: JSONValue?, forName name: String) throws {
        if let value { try Settings.validate(value, named: name) }
        try write { try replaceSetting(name: name, value: value) }
    }

    func apply(_ changes: [SettingChange]) throws -> [SettingConflict] {
        for change in changes { try change.validate() }
        return try write {
            var conflicts: [SettingConflict] = []
            for change in changes {
                let name = change.settingName
                let current: JSONValue?
                switch change {
                case .value: current = try setting(name: name)
                case .order:
                    current = nil
                    try reorder(change, setting: name, conflicts: &conflicts)
                    continue
                case .item(_, let key, _, _):
                    guard Settings.itemized[name] != nil, try strayRow(name: name) == nil else {
                        conflicts.append(
                            SettingConflict(change: change, outcome: .notKept(current: try setting(name: name))))
                        continue
                    }
                    current = try item(setting: name, key: key)
                }
                let resolution = change.resolve(current: current) { key in
                    (try? item(setting: name, key: key)) == nil
                }
                if let conflict = resolution.conflict { conflicts.append(conflict) }
                switch resolution.write {
                case nil: break
                case .value(let name, let value)?: try replaceSetting(name: name, value: value)
                case .order?: break
                case .item(let setting, let key, let value)?: try writeItem(setting: setting, key: key, value: value)
                }
            }
            return conflicts
        }
    }

    /// Carries out an order change: the items' positions rewritten, or the conflict noted.
    private func reorder(_ change: SettingChange, setting name: String, conflicts: inout [SettingConflict]) throws {
        let keys = try store.rows(
            "SELECT key FROM setting_item WHERE profile_id = \(profileID) AND setting = \(name) ORDER BY position, key"
        ).map { try $0.decode(String.self) }
        let resolution = change.resolveOrder(current: keys) ?? SettingResolution()
        if let conflict = resolution.conflict { conflicts.append(conflict) }
        guard case .order(_, let order)? = resolution.write else { return }
        for (position, key) in (order + keys.filter { !order.contains($0) }).enumerated() {
            try store.rows(
                """
                UPDATE setting_item SET position = \(position)
                WHERE profile_id = \(profileID) AND setting = \(name) AND key = \(key)
                """)
        }
    }

    /// The whole value of one setting, as ``settings()`` reads it.
    private func setting(name: String) throws -> JSONValue? {
        if let layout = Settings.itemized[name] {
            let items = try store.rows(
                """
                SELECT key, value FROM setting_item WHERE profile_id = \(profileID) AND setting = \(name)
                ORDER BY position, key
                """
            ).map { row in
                let (key, text) = try row.decode((String, String).self)
                return SettingItem(key: key, value: try Self.json(text))
            }
            if !items.isEmpty { return Settings.assemble(items, layout: layout) }
        }
        return try strayRow(name: name)
    }

    private func strayRow(name: String) throws -> JSONValue? {
        try store.rows("SELECT value FROM setting WHERE profile_id = \(profileID) AND name = \(name)").first.map {
            try Self.json(try $0.decode(String.self))
        }
    }

    private func item(setting: String, key: String) throws -> JSONValue? {
        try store.rows(
            """
            SELECT value FROM setting_item WHERE profile_id = \(profileID) AND setting = \(setting) AND key = \(key)
            """
        ).first.map { try Self.json(try $0.decode(String.self)) }
    }

    /// Puts one item (a new one goes last) or removes it.
    private func writeItem(setting: String, key: String, value: JSONValue?) throws {
        guard let value else {
            try store.rows(
                "DELETE FROM setting_item WHERE profile_id = \(profileID) AND setting = \(setting) AND key = \(key)")
            return
        }
        try store.rows(
            """
            INSERT INTO setting_item (profile_id, setting, key, position, value)
            VALUES (\(profileID), \(setting), \(key), (SELECT coalesce(max(position), -1) + 1 FROM setting_item
                WHERE profile_id = \(profileID) AND setting = \(setting)), \(try value.jsonText()))
            ON CONFLICT (profile_id, setting, key) DO UPDATE SET value = excluded.value
            """)
    }

    /// Stores the whole value of a setting: an itemized one as its items (or, when the value does
    /// not fit them, as one row, kept as it is), any other as its row.
    private func replaceSetting(name: String, value: JSONValue?) throws {
        try store.rows("DELETE FROM setting WHERE profile_id = \(profileID) AND name = \(name)")
        try store.rows("DELETE FROM setting_item WHERE profile_id = \(profileID) AND setting = \(name)")
        guard let value else { return }
        if let layout = Settings.itemized[name], let items = Settings.items(of: value, layout: layout) {
            for (position, item) in items.enumerated() {
                try store.rows(
                    """
                    INSERT INTO setting_item (profile_id, setting, key, position, value)
                    VALUES (\(profileID), \(name), \(item.key), \(position), \(try item.value.jsonText()))
                    """)
            }
        } else {
            try store.rows(
                "INSERT INTO setting (profile_id, name, value) VALUES (\(profileID), \(name), \(try value.jsonText()))")
        }
    }

    private static func json(_ text: String) throws -> JSONValue {
        guard let value = try? JSONValue(jsonText: text) else {
            throw PostgresStore.Failure(description: "a stored setting is not JSON TermFit reads")
        }
        return value
    }
}
