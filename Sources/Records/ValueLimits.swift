#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The range of every value TermFit stores: what each record's `validate()` enforces on every
/// way in (a workout's saves through its log, `termfit import`, `termfit flashcards import`,
/// settings), so that everything kept can be shown, summed and exported without overflow.
///
/// docs/VALUES.md has the same table for people. The ranges are generous for real training and
/// small enough that no sum of them (every rep of every card of the largest session, every set's
/// volume) comes near `Int.max`; arithmetic on stored values still saturates (see
/// ``Swift/Int/saturatingSum(_:)``), since a database written before these checks may hold more.
public enum ValueLimits {
    /// Any duration or rest, in seconds: 0 to 7 days (a card session's working time, a HIIT
    /// exercise, a rest between sets).
    public static let seconds: ClosedRange<Double> = 0...604_800
    /// Repetitions of one set or one card: 0 to 10,000.
    public static let reps: ClosedRange<Int> = 0...10_000
    /// The weight of one set, in the workout's unit (kg or lb): 0 to 10,000.
    public static let weight: ClosedRange<Double> = 0...10_000
    /// A set's number in its workout: 1 to 1,000.
    public static let setNumber: ClosedRange<Int> = 1...1_000
    /// A card's place in its session: 1 to 10,000 (20 decks with jokers are 1,080 cards).
    public static let cardPosition: ClosedRange<Int> = 1...10_000
    /// A HIIT rating: 1 to 5.
    public static let rating: ClosedRange<Int> = 1...5
    /// Any time: from 1970-01-01T00:00:00.000Z to 9999-12-31T23:59:59.999Z (what an export's
    /// four-digit years can write).
    public static let dates: ClosedRange<Date> =
        Date(timeIntervalSince1970: 0)...Date(timeIntervalSince1970: 253_402_300_799.999)

    /// The most sets one dumbbell workout holds.
    public static let setsPerWorkout = 1_000
    /// The most cards one card session holds.
    public static let drawsPerSession = 10_000
    /// The most reviews one flashcard session holds.
    public static let reviewsPerSession = 100_000
    /// The most cards one flashcard deck holds: room for the largest real Anki collections
    /// (language and medical decks of 200,000 notes), still a bound against a hostile file.
    public static let cardsPerDeck = 250_000
    /// The most characters of one Anki note's fields together (its HTML, kept for export).
    public static let noteFieldsLength = 131_072
    /// The most fields one Anki note has.
    public static let noteFields = 64
    /// The most bytes of one note type's fields and card templates (a card of a note type that is
    /// not one of Anki's stock types keeps them, to be drawn and exported through them).
    public static let notetypeLength = 65_536

    /// The longest name (an exercise, a deck, a deck's identifier, a card's code), in characters.
    public static let nameLength = 200
    /// The longest prompt or answer of a flashcard, in characters.
    public static let cardTextLength = 1_000
    /// The longest deck server address, in characters.
    public static let addressLength = 2_000

    /// The longest setting name, in characters.
    public static let settingNameLength = 100
    /// The largest magnitude of a number in a setting (integers up to it are exact in a `Double`).
    public static let settingNumberMagnitude = 1e15
    /// The deepest nesting of arrays and objects in a setting.
    public static let settingDepth = 8
    /// The longest text of one setting's JSON, in bytes.
    public static let settingTextLength = 65_536
    /// The most settings one profile keeps.
    public static let settingsPerProfile = 1_000

    // The limits of the settings TermFit reads, one definition each: the screen that edits a
    // setting and ``SettingShape/known`` (what import and the store check) both use these.

    /// Seconds of a HIIT countdown, of a circuit exercise's work, and of a flashcard session.
    public static let countdownSeconds = 1...5_999
    /// Seconds of a circuit exercise's rest, of its warm-up and of its cool-down (0 for none).
    public static let circuitPauseSeconds = 0...5_999
    /// Rounds of a circuit.
    public static let circuitRounds = 1...99
    /// Exercises in a circuit.
    public static let circuitExercises = 1...20
    /// The most circuits of the member's own a profile keeps.
    public static let circuitsPerProfile = 20
    /// The longest name of a circuit or of one of its exercises, in characters.
    public static let circuitNameLength = 40
    /// The HIIT page reopened on: 0 for Welcome, then one per exercise.
    public static let hiitPage = 0...20
    /// Sets in the dumbbell table, and sets of one exercise of a routine.
    public static let dumbbellSets = 1...10
    /// Seconds of a rest offered or remembered after a dumbbell set.
    public static let restSeconds = 1...3_600
    /// How many rest lengths the rest picker offers.
    public static let restChoices = 1...6
    /// The longest dumbbell exercise name, in characters.
    public static let dumbbellExerciseLength = 40
    /// The most exercises one dumbbell workout or routine holds.
    public static let exercisesPerWorkout = 12
    /// The longest routine name, in characters.
    public static let routineNameLength = 30
    /// The most routines a profile keeps.
    public static let routinesPerProfile = 20
    /// The reps a routine's exercise aims at.
    public static let targetReps = 1...999
    /// A routine set's target weight, in hundredths of the routine's unit: up to 999.75.
    public static let targetWeightHundredths = 1...99_975
    /// Standard decks shuffled together in the card workout.
    public static let cardDecks = 1...20
    /// What an ace may ask for.
    public static let aceReps = [1, 11, 14]
    /// The longest exercise name of a card suit, in characters.
    public static let suitExerciseLength = 24
    /// New flashcards a day.
    public static let newCardsPerDay = 0...9_999
    /// The flashcards' desired retention, in percent (FSRS: 0.70…0.99).
    public static let desiredRetentionPercent = 70...99
    /// The longest interval FSRS gives a flashcard, in days (Anki's maximum is 100 years).
    public static let maximumIntervalDays = 1...36_500
    /// The hour at which a study day begins (Anki's "next day starts at").
    public static let dayRolloverHour = 0...23
    /// The most exercises a per-exercise setting (ratings, rests) remembers.
    public static let exercisesRemembered = 1_000
    /// A set's rate of perceived exertion (Strong and Hevy offer 6 to 10 in halves).
    public static let rpe: ClosedRange<Double> = 1...10
    /// The longest note on a set, an exercise or a workout, in characters.
    public static let noteLength = 2_000
}

extension Int {
    /// The sum of `values`, stopping at `Int.max` (or `Int.min`) instead of trapping.
    public static func saturatingSum(_ values: some Sequence<Int>) -> Int {
        values.reduce(0) { $0.saturatingAdding($1) }
    }

    /// `self + other`, stopping at `Int.max` (or `Int.min`) instead of trapping.
    public func saturatingAdding(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        guard overflow else { return sum }
        return other > 0 ? .max : .min
    }
}
