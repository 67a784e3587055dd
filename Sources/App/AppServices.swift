import Synchronization

/// What the app does on disk for the home screen: the profiles on this machine. The Store
/// provides the real one; tests use a plain in-memory one. Only the store worker calls it.
public protocol ProfileDirectory: AnyObject, Sendable {
    /// Every profile, sorted by name.
    func profileNames() throws -> [String]
    /// Creates `name` if it does not exist yet.
    func createProfile(named name: String) throws
}

/// Profiles kept in memory, for tests and for a run without a database.
public final class InMemoryProfileDirectory: ProfileDirectory {
    private let names: Mutex<Set<String>>

    public init(_ names: [String] = []) { self.names = Mutex(Set(names)) }

    public func profileNames() throws -> [String] { names.withLock { $0.sorted() } }

    public func createProfile(named name: String) throws { _ = names.withLock { $0.insert(name) } }
}

/// An answer of the store worker to the home screen: its profile work.
enum HomeAnswer: Sendable {
    /// The profiles, for the picker (`message`: why the last choice failed), or why not.
    case profiles(Result<[String], any Error>, message: String?)
    /// The profile `name` made (or found), or why not.
    case created(String, Result<Void, any Error>)
}
