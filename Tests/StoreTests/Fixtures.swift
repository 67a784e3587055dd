import Foundation
import Records

/// Every log protocol at once, as both the database store and the in-memory log offer.
typealias WorkoutLogs = CardSessionLog & DumbbellLog & FlashcardLibrary & HIITLog & SettingsStore

/// A small, fixed history with one of everything, built step by step the way the workouts
/// save it. Identifiers and times are fixed so that outputs can be compared with literals.
enum Fixture {
    static let cardSession = CardSession(
        id: id(1), deckID: "3p40paa87x90", deckSource: .server("https://deckofcardsapi.com"),
        startedAt: time("2025-03-01T18:00:00Z"))
    static let draws = [
        CardDraw(position: 1, code: "AS", exercise: "Push-ups", reps: 14, drawnAt: time("2025-03-01T18:00:05.250Z")),
        CardDraw(position: 2, code: "0H", exercise: "Squats", reps: 10, drawnAt: time("2025-03-01T18:01:10Z")),
        CardDraw(position: 3, code: "X1", exercise: "Burpees", reps: 20, drawnAt: time("2025-03-01T18:02:00Z")),
        CardDraw(position: 4, code: "2S", exercise: "Push-ups", reps: 2, drawnAt: time("2025-03-01T18:04:30Z")),
    ]

    static let workout = DumbbellWorkout(
        id: id(2), exercise: "Bicep curl", unit: .kilograms, startedAt: time("2025-03-02T07:30:00Z"))
    static let sets = [
        DumbbellSet(
            number: 1, weight: 12, reps: 10, startedAt: time("2025-03-02T07:30:00Z"),
            finishedAt: time("2025-03-02T07:30:40Z")),
        DumbbellSet(
            number: 2, weight: 12.5, reps: 8, startedAt: time("2025-03-02T07:32:10Z"),
            finishedAt: time("2025-03-02T07:32:45.5Z"), restBefore: 90),
        DumbbellSet(
            number: 3, weight: 14, reps: 6, startedAt: time("2025-03-02T07:34:15Z"),
            finishedAt: time("2025-03-02T07:35:00Z"), restBefore: 89.5),
    ]

    static let deck = FlashcardDeck(
        id: id(3), name: "Spanish, verbs", createdAt: time("2025-02-01T12:00:00Z"),
        cards: [
            Flashcard(id: id(31), prompt: "to run", answer: "correr", createdAt: time("2025-02-01T12:00:01Z")),
            Flashcard(id: id(32), prompt: "to eat", answer: "comer", createdAt: time("2025-02-01T12:00:02Z")),
        ])
    static let extraCard = Flashcard(
        id: id(33), prompt: "to \"live\"", answer: "vivir", createdAt: time("2025-02-02T09:00:00Z"))
    static let flashcardSession = FlashcardSession(
        id: id(4), deckID: id(3), deckName: "Spanish, verbs", startedAt: time("2025-03-03T20:00:00Z"))
    static let reviews = [
        FlashcardReview(id: id(41), cardID: id(31), grade: .good, reviewedAt: time("2025-03-03T20:00:04Z")),
        FlashcardReview(id: id(42), cardID: id(32), grade: .again, reviewedAt: time("2025-03-03T20:00:09Z")),
        FlashcardReview(id: id(43), cardID: id(33), grade: .good, reviewedAt: time("2025-03-03T20:00:15Z")),
    ]

    static let hiitSessions = [
        HIITSession(
            id: id(5), exercise: "Squat", startedAt: time("2025-03-04T06:45:00Z"), duration: 30, completed: true,
            rating: 4),
        HIITSession(
            id: id(6), exercise: "Step up", startedAt: time("2025-03-04T06:46:00Z"), duration: 12.5, completed: false),
    ]

    /// Saves the whole fixture through `log`, one step at a time.
    static func record(into log: some WorkoutLogs) throws {
        try log.start(cardSession)
        for draw in draws { try log.save(draw, inCardSession: cardSession.id) }
        try log.finishCardSession(
            cardSession.id, status: .abandoned, at: time("2025-03-01T18:05:00Z"), activeDuration: 290.5)

        try log.start(workout)
        for set in sets { try log.save(set, inWorkout: workout.id) }
        try log.finishWorkout(workout.id, status: .finished, at: time("2025-03-02T07:36:00Z"))

        try log.save(deck)
        try log.save(extraCard, inDeck: deck.id)
        try log.start(flashcardSession)
        for review in reviews { try log.save(review, inFlashcardSession: flashcardSession.id) }
        try log.finishFlashcardSession(flashcardSession.id, status: .finished, at: time("2025-03-03T20:01:40Z"))

        for session in hiitSessions { try log.save(session) }

        try log.setValue(true, for: .reducedMotion)
        try log.setValue(["S": "Push-ups", "H": "Squats", "D": "Sit-ups", "C": "Lunges"], for: .suitExercises)
        try log.setValue([60, 90, 120], for: .restPresets)
        try log.setSetting(.string("https://deckofcardsapi.com"), forName: "cards.server")
    }

    /// What the fixture should read back as.
    static func expectedArchive(profile: String) -> ProfileArchive {
        var card = cardSession
        card.draws = draws
        card.status = .abandoned
        card.finishedAt = time("2025-03-01T18:05:00Z")
        card.activeDuration = 290.5
        var dumbbells = workout
        dumbbells.sets = sets
        dumbbells.status = .finished
        dumbbells.finishedAt = time("2025-03-02T07:36:00Z")
        var flashcards = deck
        flashcards.cards.append(extraCard)
        var review = flashcardSession
        review.reviews = reviews
        review.status = .finished
        review.finishedAt = time("2025-03-03T20:01:40Z")
        return ProfileArchive(
            profile: profile,
            settings: Settings(values: [
                "display.reducedMotion": .bool(true),
                "cards.suitExercises": .object([
                    "S": .string("Push-ups"), "H": .string("Squats"), "D": .string("Sit-ups"), "C": .string("Lunges"),
                ]),
                "dumbbells.restPresetSeconds": .array([.number(60), .number(90), .number(120)]),
                "cards.server": .string("https://deckofcardsapi.com"),
            ]),
            cardSessions: [card], dumbbellWorkouts: [dumbbells], flashcardDecks: [flashcards],
            flashcardSessions: [review], hiitSessions: hiitSessions)
    }
}
