#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One member's data in a ``MemberStore``: the logs the dumbbell, HIIT, card and flashcard
/// workouts save into and read from, the member's settings, and the member's whole data at once
/// (`termfit export`, `history`, the Anki import), every call scoped to that member (another
/// member's rows are never read, and an identifier of theirs is refused).
public typealias MemberData = DumbbellLog & HIITLog & CardSessionLog & FlashcardLibrary & SettingsStore
    & WholeMemberData

/// What the commands that read or write a member's data at once need of either backend.
public protocol WholeMemberData: Sendable {
    /// Everything the member has (history, settings, decks), oldest first.
    func archive() throws -> ProfileArchive
    /// Saves several decks (their names and cards) and the answers `history` carries in for
    /// their cards, in one transaction: an import is saved whole or not at all. An answer to a
    /// card that is not the member's is refused.
    func save(decks: [FlashcardDeck], history: [FlashcardReview]) throws
}

/// The store contract: what TermFit needs of a store of members' data, whichever backend holds
/// it. The embedded SQLite file (`Store`'s `TermFitStore`, one box) and PostgreSQL
/// (`PostgresStore`, several kiosk boxes sharing members) both implement it, and one conformance
/// suite runs the same tests against both.
///
/// Every method may block on the disk or the network: only the store worker (or a command with no
/// run loop) calls them.
public protocol MemberStore: AnyObject, Sendable {
    /// Every profile, sorted by name.
    func profiles() throws -> [Profile]
    /// The profile with exactly this name, if any.
    func profile(named name: String) throws -> Profile?
    /// The profile with this name, created if it does not exist yet (safe when several processes
    /// or boxes do this at once: all of them get the same profile).
    func profileCreatingIfNeeded(named name: String) throws -> Profile
    /// The data of `profile`, every read and write of it scoped to that member.
    func memberData(for profile: Profile) -> any MemberData
}
