import Foundation
import GRDB
import Records

extension ProfileStore {
    /// Runs `body` in one committed write transaction of the store, after checking in that
    /// transaction that this profile still exists: every save of a ``ProfileStore`` goes through
    /// here.
    ///
    /// A profile removed while a session still holds its store (`termfit kiosk remove-member
    /// --delete-data` while the member works out) is not made again by the session's next save:
    /// the save is refused with ``StoreError/profileRemoved(_:)``. (The schema's foreign keys
    /// would refuse most such rows too, but with SQLite's words; and an update of a row the
    /// removal took away would only say the session is unknown.)
    func write<Value>(_ body: (Database) throws -> Value) throws -> Value {
        try store.write { db in
            try requireProfile(db)
            return try body(db)
        }
    }

    /// Throws ``StoreError/profileRemoved(_:)`` when this profile's row is gone.
    func requireProfile(_ db: Database) throws {
        let exists = try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM profile WHERE id = ?)", arguments: [profileID])
        guard exists == true else { throw StoreError.profileRemoved(profile.name) }
    }

    /// Whether this profile still exists in the database.
    public func profileExists() throws -> Bool {
        try store.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM profile WHERE id = ?)", arguments: [profileID])
                ?? false
        }
    }
}

extension TermFitStore {
    /// The profile with this identifier, whatever its name, if it still exists.
    public func profile(id: UUID) throws -> Profile? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT id, name FROM profile WHERE id = ?", arguments: [id.uuidString]).map {
                Profile(id: try Columns.uuid($0, "id"), name: try $0.decode(forColumn: "name"))
            }
        }
    }
}

extension StoreError: ReportsRemovedProfile {
    public var removedProfile: String? {
        if case .profileRemoved(let name) = self { return name }
        return nil
    }
}
