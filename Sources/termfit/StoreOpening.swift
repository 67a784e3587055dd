import Foundation
import PostgresStore
import Records
import Store

/// TermFit's database for one interactive session, opened once, by the store worker's first
/// job: the first frame (the home menu, or "Opening…" of a workout started straight away) never
/// waits for it.
///
/// Only the store worker's serial queue uses it while the session runs, and the main thread
/// once the worker is idle after it, so it needs no lock.
final class StoreOpening: @unchecked Sendable {
    let location: StoreLocation
    /// The profile the session starts on, its name already checked.
    let profileName: String
    private var opened: TermFitStore?
    /// The session's profile as the database had it when it opened (its identifier outlives a
    /// rename, and tells a removed profile from one made again under its name).
    private(set) var profile: Profile?
    /// What became of the profile's recovery files, replayed when the database opened.
    private(set) var recoveries: [RecoveryOutcome] = []
    /// `--database`: the members' data is on this PostgreSQL server, not in the file.
    let server: DatabaseURL?
    private var openedServer: PostgresStore?
    /// Renews the leases of the sessions this box runs on the server, while they run.
    private var leaseKeeper: DispatchSourceTimer?

    /// Checks the profile's name without touching the database.
    init(location: StoreLocation, profileName: String, server: DatabaseURL? = nil) throws(StoreError) {
        switch Profile.validatedName(profileName) {
        case .success(let valid): self.profileName = valid
        case .failure(let problem): throw StoreError.invalidProfileName(profileName, problem)
        }
        self.location = location
        self.server = server
    }

    /// The store of members' data: the PostgreSQL server's (connected, and the profile made, on
    /// the first call) with `--database`, else the file's (``store()``).
    func memberStore() throws -> any MemberStore {
        guard let server else { return try store() }
        if let openedServer { return openedServer }
        let store = try PostgresStore(url: server, box: location.boxIdentifier())
        profile = try store.profileCreatingIfNeeded(named: profileName)
        openedServer = store
        // What this box could not save before (the server was away when it ended) goes in now,
        // each command once, before anything reads the history.
        recoveries = Recovery.replay(from: location, into: store, profile: profileName)
        // Sessions this box's killed TermFit left running end as cut off; another box's live
        // ones (their leases hold) stay as they are.
        if let profile, let sessions = store.memberData(for: profile) as? any ClosesInterruptedSessions {
            _ = try? sessions.closeInterruptedSessions(
                resumableSince: Date().addingTimeInterval(-DumbbellWorkout.resumableFor), at: Date())
        }
        leaseKeeper = Self.keepLeases(of: store)
        return store
    }

    /// A timer that renews the leases of the sessions this process runs on `store`, every
    /// ``SessionLeases/renewalInterval``, on a queue of its own: never on the run loop, and it
    /// asks the server nothing while no session runs.
    private static func keepLeases(of store: PostgresStore) -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "termfit.leases", qos: .utility))
        let interval = DispatchTimeInterval.seconds(Int(SessionLeases.renewalInterval))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .seconds(2))
        timer.setEventHandler { [weak store] in _ = try? store?.renewLeases(at: Date()) }
        timer.resume()
        return timer
    }

    /// The data of the member `name` (made if needed) in ``memberStore()``.
    func memberData(named name: String) throws -> any MemberData {
        let store = try memberStore()
        return store.memberData(for: try store.profileCreatingIfNeeded(named: name))
    }

    /// Closes whichever store was opened.
    func close() {
        leaseKeeper?.cancel()
        try? opened?.close()
        openedServer?.close()
    }

    /// The database, opened (and the profile created) on the first call. With `--database` the
    /// members' data is on the server, never in a file: refused.
    func store() throws -> TermFitStore {
        if let opened { return opened }
        if let server {
            throw PostgresStore.Failure(description: "with --database the data is on \(server), not in the file")
        }
        // The full page check waits: the first frame must not (damage still shows as an error on
        // the first write, and `termfit history` checks every page).
        let store = try TermFitStore.open(at: location, check: .headerAndSchema)
        do {
            profile = try store.profileCreatingIfNeeded(named: profileName)
        } catch {
            try? store.close()
            throw error
        }
        opened = store
        // Saves an earlier session could not make go in before anything reads the history.
        recoveries = Recovery.replay(into: store, profile: profileName)
        // A session a killed TermFit left running ended there: it was cut off, but for the
        // dumbbell workout that can still be carried on (DumbbellWorkout.resumableFor). (A
        // failure here changes nothing a member sees: the session just still reads "in progress".)
        _ = try? profile.map(store.profileStore(for:))?.closeInterruptedSessions(
            resumableSince: Date().addingTimeInterval(-DumbbellWorkout.resumableFor))
        return store
    }

    /// The database if it was opened.
    var openedStore: TermFitStore? { opened }
}

extension StoreOpening {
    /// The store of `name`'s profile for what a session still owes it, never making the profile:
    /// the session's own profile by its identifier (renamed or not), another by its name. `nil`
    /// when the profile is gone (removed while the session ran).
    func existingProfileStore(named name: String) throws -> ProfileStore? {
        guard let store = openedStore else { return nil }
        if name == profileName, let profile {
            return try store.profile(id: profile.id).map(store.profileStore(for:))
        }
        return try store.profile(named: name).map(store.profileStore(for:))
    }

    /// The data of `name`'s profile in whichever store the session opened, for what the session
    /// still owes it (never making the profile): as ``existingProfileStore(named:)``, on the
    /// PostgreSQL server with `--database`.
    func existingMemberData(named name: String) throws -> (profile: Profile, data: any MemberData)? {
        if let profileStore = try existingProfileStore(named: name) { return (profileStore.profile, profileStore) }
        guard let store = openedServer else { return nil }
        let found: Profile?
        if name == profileName, let profile {
            found = try store.profile(id: profile.id)
        } else {
            found = try store.profile(named: name)
        }
        return found.map { ($0, store.memberData(for: $0)) }
    }

    /// Whether a store of members' data was opened (the file, or the server).
    var isOpened: Bool { opened != nil || openedServer != nil }

    /// Whether the session's profile was removed while it ran (checked once it ends).
    var profileWasRemoved: Bool {
        guard let store = openedStore, let profile else { return false }
        return (try? store.profile(id: profile.id)) == .some(nil)
    }
}
