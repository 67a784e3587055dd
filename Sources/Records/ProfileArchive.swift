#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Everything TermFit keeps for one profile, in the form `termfit export` writes and
/// `termfit import` reads.
///
/// Every record carries a stable identifier, so importing the same archive twice adds nothing
/// the second time.
public struct ProfileArchive: Sendable, Codable, Equatable {
    /// The value of ``format`` in every TermFit archive.
    public static let formatName = "termfit-profile"
    /// The archive version this build writes and the newest it reads. Version 2: flashcard
    /// answers carry `grade` and `isCram` instead of `outcome`, cards a `guid` and `tags`, card
    /// draws their split (`seconds`) and dumbbell workouts their `sessionID`. A version 1 archive
    /// is read as before; a TermFit that knows only version 1 says a version 2 file is newer
    /// instead of failing on a missing field.
    public static let currentVersion = 2

    /// Always ``formatName``: tells a TermFit archive from other JSON.
    public var format: String
    /// The archive version it was written with.
    public var version: Int
    /// The profile's name.
    public var profile: String
    /// The profile's settings.
    public var settings: Settings
    /// Card-deck sessions, oldest first.
    public var cardSessions: [CardSession]
    /// Dumbbell workouts, oldest first.
    public var dumbbellWorkouts: [DumbbellWorkout]
    /// Flashcard decks with their cards, oldest first.
    public var flashcardDecks: [FlashcardDeck]
    /// Flashcard review sessions with their reviews, oldest first.
    public var flashcardSessions: [FlashcardSession]
    /// HIIT exercises, oldest first.
    public var hiitSessions: [HIITSession]

    public init(
        profile: String, settings: Settings = Settings(), cardSessions: [CardSession] = [],
        dumbbellWorkouts: [DumbbellWorkout] = [], flashcardDecks: [FlashcardDeck] = [],
        flashcardSessions: [FlashcardSession] = [], hiitSessions: [HIITSession] = []
    ) {
        self.format = Self.formatName
        self.version = Self.currentVersion
        self.profile = profile
        self.settings = settings
        self.cardSessions = cardSessions
        self.dumbbellWorkouts = dumbbellWorkouts
        self.flashcardDecks = flashcardDecks
        self.flashcardSessions = flashcardSessions
        self.hiitSessions = hiitSessions
    }

    /// The number of sessions of every kind in the archive.
    public var sessionCount: Int {
        cardSessions.count + dumbbellWorkouts.count + flashcardSessions.count + hiitSessions.count
    }
}
