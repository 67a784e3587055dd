import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The deck a new profile starts with, so the workout is useful at once: facts about the muscles
/// and the training TermFit's other workouts use.
public enum StarterDeck {
    /// The deck's name.
    public static let name = "Muscles and training"

    /// The cards as text, in the order they are dealt.
    public static let cards: [DeckFile.Card] = [
        ("Which muscle does a bicep curl mainly work?", "Biceps brachii (front of the upper arm)"),
        ("Which muscle straightens the elbow?", "Triceps brachii (back of the upper arm)"),
        ("How many muscles make up the quadriceps?", "Four: rectus femoris and three vasti"),
        ("What is the largest muscle of the body?", "Gluteus maximus"),
        ("Which muscle is the main mover in a push-up?", "Pectoralis major (chest)"),
        ("Where is the deltoid?", "Over the shoulder joint"),
        ("Which calf muscle crosses the knee?", "Gastrocnemius (the soleus does not)"),
        ("What does a plank mainly train?", "The core: transversus and rectus abdominis"),
        ("Which muscles does a squat mainly work?", "Quadriceps, glutes and adductors"),
        ("What does HIIT stand for?", "High-intensity interval training"),
        ("Tabata: work, rest, rounds?", "20 s work, 10 s rest, 8 rounds"),
        ("What does the Epley formula estimate?", "One-rep max: weight × (1 + reps / 30)"),
    ].map { DeckFile.Card(prompt: $0.0, answer: $0.1) }

    /// The deck with new identifiers, created at `date` (cards a millisecond apart, in order).
    public static func deck(
        createdAt date: Date, makeIdentifier: @Sendable () -> UUID = { UUID() }
    ) -> FlashcardDeck {
        FlashcardDeck(
            id: makeIdentifier(), name: name, createdAt: date,
            cards: cards.enumerated().map { index, card in
                Flashcard(
                    id: makeIdentifier(), prompt: card.prompt, answer: card.answer,
                    createdAt: date.addingTimeInterval(Double(index) / 1000))
            })
    }
}

extension SettingKey where Value == String {
    /// The flashcard deck last chosen, by identifier.
    public static var flashcardDeck: Self { .init("flashcards.deckID") }
}

extension SettingKey where Value == Bool {
    /// Flashcards as plain lines for a screen reader (`--plain`).
    public static var flashcardsPlain: Self { .init("flashcards.plain") }
}

extension SettingKey where Value == Int {
    /// How many flashcards may be answered for the first time in one day (default 20).
    public static var flashcardsNewPerDay: Self { .init("flashcards.newCardsPerDay") }
    /// The chance of recall at which FSRS makes a card due, in percent (70…99, default 90).
    public static var flashcardsRetention: Self { .init("flashcards.desiredRetention") }
    /// The longest interval FSRS gives, in days (default 36,500).
    public static var flashcardsMaximumInterval: Self { .init("flashcards.maximumInterval") }
    /// The hour at which a study day begins (0…23, default 4).
    public static var flashcardsDayStartsAt: Self { .init("flashcards.dayStartsAt") }
}

extension ReviewSchedule {
    /// An empty schedule as `settings` set it up: desired retention, maximum interval and the
    /// hour the day starts (Anki's fuzz on), as the workout schedules.
    public init(reviews: [FlashcardReview], settings: Settings) {
        self.init(
            reviews: reviews,
            fsrs: FSRS(
                desiredRetention: Double(settings.value(for: .flashcardsRetention) ?? 90) / 100,
                maximumInterval: settings.value(for: .flashcardsMaximumInterval) ?? 36_500, fuzzes: true),
            day: StudyDay(rolloverHour: settings.value(for: .flashcardsDayStartsAt) ?? StudyDay.defaultRolloverHour))
    }
}
