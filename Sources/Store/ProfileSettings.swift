import Foundation
import GRDB
import Records

// MARK: - Settings

// A setting that holds one value is a row of `setting`. A setting of several items (the routines,
// the HIIT ratings and circuits, the rest per exercise, the exercise per card suit: see
// `Settings.itemized`) is a row of `setting_item` per item, changed one item at a time, so that two
// windows changing different items never overwrite each other. Readers see the whole value, put
// together from its items.

extension ProfileStore: SettingsStore {
    public func settings() throws -> Settings {
        try store.read { db in try fetchSettings(db) }
    }

    /// Stores the whole value of one setting (an import, a command); an itemized setting's items
    /// are all replaced. A window's changes go through ``apply(_:)`` instead.
    public func setSetting(_ value: JSONValue?, forName name: String) throws {
        if let value { try Settings.validate(value, named: name) }
        try write { db in try replaceSetting(db, name: name, value: value) }
    }

    /// Carries out `changes` in one transaction, each compared with what is stored now (see
    /// ``SettingChange/resolve(current:isFree:)``); returns the conflicts met.
    public func apply(_ changes: [SettingChange]) throws -> [SettingConflict] {
        for change in changes { try change.validate() }
        return try write { db in
            var conflicts: [SettingConflict] = []
            for change in changes {
                let name = change.settingName
                let current: JSONValue?
                switch change {
                case .value: current = try fetchSetting(db, name: name)
                case .order:
                    current = nil
                    let keys = try String.fetchAll(
                        db,
                        sql: "SELECT key FROM setting_item WHERE profile_id = ? AND setting = ? ORDER BY position, key",
                        arguments: [profileID, name])
                    let resolution = change.resolveOrder(current: keys) ?? SettingResolution()
                    if let conflict = resolution.conflict { conflicts.append(conflict) }
                    if case .order(_, let order)? = resolution.write {
                        for (position, key) in (order + keys.filter { !order.contains($0) }).enumerated() {
                            try db.execute(
                                sql:
                                    "UPDATE setting_item SET position = ? WHERE profile_id = ? AND setting = ? AND key = ?",
                                arguments: [position, profileID, name, key])
                        }
                    }
                    continue
                case .item(_, let key, _, _):
                    guard Settings.itemized[name] != nil, try strayRow(db, name: name) == nil else {
                        // The stored value is not items (unreadable): it is kept as it is.
                        conflicts.append(
                            SettingConflict(
                                change: change, outcome: .notKept(current: try fetchSetting(db, name: name))))
                        continue
                    }
                    current = try fetchItem(db, setting: name, key: key)
                }
                let resolution = change.resolve(current: current) { key in
                    (try? fetchItem(db, setting: name, key: key)) == nil
                }
                if let conflict = resolution.conflict { conflicts.append(conflict) }
                switch resolution.write {
                case nil: break
                case .value(let name, let value)?: try replaceSetting(db, name: name, value: value)
                case .order?: break
                case .item(let setting, let key, let value)?:
                    try writeItem(db, setting: setting, key: key, value: value)
                }
            }
            return conflicts
        }
    }

    /// Every setting of the profile, itemized ones put together from their items.
    func fetchSettings(_ db: Database) throws -> Settings {
        var settings = Settings()
        for row in try Row.fetchAll(
            db, sql: "SELECT name, value FROM setting WHERE profile_id = ?", arguments: [profileID])
        {
            settings[try row.decode(forColumn: "name")] = try Self.json(row)
        }
        var items: [String: [SettingItem]] = [:]
        for row in try Row.fetchAll(
            db,
            sql: "SELECT setting, key, value FROM setting_item WHERE profile_id = ? ORDER BY setting, position, key",
            arguments: [profileID])
        {
            items[try row.decode(forColumn: "setting"), default: []].append(
                SettingItem(key: try row.decode(forColumn: "key"), value: try Self.json(row)))
        }
        for (name, list) in items {
            settings[name] = Settings.assemble(list, layout: Settings.itemized[name] ?? .keyed)
        }
        return settings
    }

    /// The whole value of one setting, as ``fetchSettings(_:)`` reads it.
    func fetchSetting(_ db: Database, name: String) throws -> JSONValue? {
        if let layout = Settings.itemized[name] {
            let items = try Row.fetchAll(
                db,
                sql: "SELECT key, value FROM setting_item WHERE profile_id = ? AND setting = ? ORDER BY position, key",
                arguments: [profileID, name]
            ).map { SettingItem(key: try $0.decode(forColumn: "key"), value: try Self.json($0)) }
            if !items.isEmpty { return Settings.assemble(items, layout: layout) }
        }
        return try strayRow(db, name: name)
    }

    /// The `setting` row of `name`: the value of a one-value setting, or an itemized setting's
    /// value that did not fit its items.
    private func strayRow(_ db: Database, name: String) throws -> JSONValue? {
        try Row.fetchOne(
            db, sql: "SELECT value FROM setting WHERE profile_id = ? AND name = ?", arguments: [profileID, name]
        ).map(Self.json)
    }

    private func fetchItem(_ db: Database, setting: String, key: String) throws -> JSONValue? {
        try Row.fetchOne(
            db, sql: "SELECT value FROM setting_item WHERE profile_id = ? AND setting = ? AND key = ?",
            arguments: [profileID, setting, key]
        ).map(Self.json)
    }

    /// Puts one item (a new one goes last) or removes it.
    private func writeItem(_ db: Database, setting: String, key: String, value: JSONValue?) throws {
        guard let value else {
            try db.execute(
                sql: "DELETE FROM setting_item WHERE profile_id = ? AND setting = ? AND key = ?",
                arguments: [profileID, setting, key])
            return
        }
        try db.execute(
            sql: """
                INSERT INTO setting_item (profile_id, setting, key, position, value)
                VALUES (?, ?, ?, (SELECT coalesce(max(position), -1) + 1 FROM setting_item
                    WHERE profile_id = ? AND setting = ?), ?)
                ON CONFLICT (profile_id, setting, key) DO UPDATE SET value = excluded.value
                """,
            arguments: [profileID, setting, key, profileID, setting, try value.jsonText()])
    }

    /// Stores the whole value of a setting: an itemized one as its items (or, when the value does
    /// not fit them, as one row, kept as it is), any other as its row.
    func replaceSetting(_ db: Database, name: String, value: JSONValue?) throws {
        try db.execute(sql: "DELETE FROM setting WHERE profile_id = ? AND name = ?", arguments: [profileID, name])
        try db.execute(
            sql: "DELETE FROM setting_item WHERE profile_id = ? AND setting = ?", arguments: [profileID, name])
        guard let value else { return }
        if let layout = Settings.itemized[name], let items = Settings.items(of: value, layout: layout) {
            try Self.insertItems(db, profileID: profileID, setting: name, items)
        } else {
            try db.execute(
                sql: "INSERT INTO setting (profile_id, name, value) VALUES (?, ?, ?)",
                arguments: [profileID, name, try value.jsonText()])
        }
    }

    /// Stores a setting an import brings unless the profile has it already (then the profile's
    /// is kept); returns whether it was stored.
    func insertSettingIfAbsent(_ db: Database, name: String, value: JSONValue) throws -> Bool {
        guard try fetchSetting(db, name: name) == nil else { return false }
        try replaceSetting(db, name: name, value: value)
        return true
    }

    static func insertItems(_ db: Database, profileID: String, setting: String, _ items: [SettingItem]) throws {
        for (position, item) in items.enumerated() {
            try db.execute(
                sql: "INSERT INTO setting_item (profile_id, setting, key, position, value) VALUES (?, ?, ?, ?, ?)",
                arguments: [profileID, setting, item.key, position, try item.value.jsonText()])
        }
    }

    private static func json(_ row: Row) throws -> JSONValue {
        let text: String = try row.decode(forColumn: "value")
        guard let value = try? JSONValue(jsonText: text) else {
            throw UnexpectedColumnValue(column: "setting.value", value: text)
        }
        return value
    }
}

extension ProfileStore: NoticesChanges {
    public func changedElsewhere() throws -> Bool { try store.changedElsewhere() }
}

extension Schema {
    /// A row per item of an itemized setting (`Settings.itemized`): `position` keeps a list's
    /// order, `value` is the item's JSON.
    static let version8 = """
        CREATE TABLE setting_item (
            profile_id TEXT NOT NULL REFERENCES profile(id) ON DELETE CASCADE,
            setting TEXT NOT NULL,
            key TEXT NOT NULL,
            position INTEGER NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (profile_id, setting, key)
        ) WITHOUT ROWID;
        """

    /// Moves every itemized setting's whole JSON value from its `setting` row into one
    /// `setting_item` row per item, in order. A value that does not fit its items (unreadable)
    /// stays in its row as it was: nothing is lost.
    static func moveSettingsIntoItems(_ db: Database) throws {
        for (name, layout) in Settings.itemized.sorted(by: { $0.key < $1.key }) {
            let rows = try Row.fetchAll(
                db, sql: "SELECT profile_id, value FROM setting WHERE name = ?", arguments: [name])
            for row in rows {
                let profileID: String = try row.decode(forColumn: "profile_id")
                let text: String = try row.decode(forColumn: "value")
                guard let value = try? JSONValue(jsonText: text),
                    let items = Settings.items(of: value, layout: layout)
                else { continue }
                try ProfileStore.insertItems(db, profileID: profileID, setting: name, items)
                try db.execute(
                    sql: "DELETE FROM setting WHERE profile_id = ? AND name = ?", arguments: [profileID, name])
            }
        }
    }
}
