import Records

/// The SQLite file is the embedded backend of the store contract: its profiles are the
/// contract's, and a member's data is their ``ProfileStore``.
extension TermFitStore: MemberStore {
    public func memberData(for profile: Profile) -> any MemberData { profileStore(for: profile) }
}

extension ProfileStore: WholeMemberData {}
