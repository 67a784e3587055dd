/// What the app does on disk for the home screen: the profiles on this machine. The Store
/// provides the real one; tests use a plain in-memory one.
public protocol ProfileDirectory: AnyObject {
    /// Every profile, sorted by name.
    func profileNames() throws -> [String]
    /// Creates `name` if it does not exist yet.
    func createProfile(named name: String) throws
}

/// Profiles kept in memory, for tests and for a run without a database.
public final class InMemoryProfileDirectory: ProfileDirectory {
    private var names: Set<String>

    public init(_ names: [String] = []) { self.names = Set(names) }

    public func profileNames() throws -> [String] { names.sorted() }

    public func createProfile(named name: String) throws { names.insert(name) }
}
