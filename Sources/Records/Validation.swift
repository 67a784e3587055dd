#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Checks every log applies before saving, so that the in-memory log and the database refuse the
// same things with the same messages. The ranges are ``ValueLimits``'; a message names the field
// and the range, never the refused text itself (it may hold anything).

/// The checks shared by every record.
enum Check {
    static func refuse(_ message: String) -> LogError { LogError.invalidValue(message) }

    /// A text of at most `maximum` characters without NUL (which SQLite and C strings cut at);
    /// `empty` says whether it may be empty.
    static func text(_ value: String, _ what: String, maximum: Int, empty: Bool = true) throws {
        if !empty, value.trimmingBlanks(andNewlines: true).isEmpty {
            throw refuse("\(what) cannot be empty")
        }
        if value.utf8.count > maximum, value.count > maximum {
            throw refuse("\(what) can have at most \(maximum) characters")
        }
        if value.utf8.contains(0) { throw refuse("\(what) cannot contain a NUL character") }
        if let scalar = value.unicodeScalars.first(where: StoredText.isRefused) {
            throw refuse("\(what) cannot contain the control character \(StoredText.codePoint(scalar))")
        }
    }

    /// A time within ``ValueLimits/dates``.
    static func date(_ value: Date, _ what: String) throws {
        guard ValueLimits.dates.contains(value) else {
            throw refuse("\(what) must be between 1970-01-01 and 9999-12-31")
        }
    }

    /// A time, if there is one.
    static func date(_ value: Date?, _ what: String) throws {
        if let value { try date(value, what) }
    }

    /// A duration in seconds within ``ValueLimits/seconds``.
    static func seconds(_ value: Double, _ what: String) throws {
        guard ValueLimits.seconds.contains(value) else {
            throw refuse("\(what) must be from 0 to \(Int(ValueLimits.seconds.upperBound)) seconds")
        }
    }

    /// A whole number within `range`.
    static func integer(_ value: Int, _ range: ClosedRange<Int>, _ what: String) throws {
        guard range.contains(value) else {
            throw refuse("\(what) must be from \(range.lowerBound) to \(range.upperBound), not \(value)")
        }
    }

    /// At most `maximum` elements, and no two with the same `key`.
    static func elements<Element, Key: Hashable>(
        _ elements: [Element], maximum: Int, _ what: String, key: (Element) -> Key, keyName: String
    ) throws {
        guard elements.count <= maximum else { throw refuse("at most \(maximum) \(what) fit in one record") }
        var seen = Set<Key>()
        for element in elements where !seen.insert(key(element)).inserted {
            throw refuse("two \(what) have the same \(keyName) (\(key(element)))")
        }
    }
}

extension CardDraw {
    /// Throws ``LogError/invalidValue(_:)`` unless the position, reps, code, exercise and time
    /// are within ``ValueLimits``.
    public func validate() throws {
        try Check.integer(position, ValueLimits.cardPosition, "a card's position")
        try Check.text(code, "a card's code", maximum: ValueLimits.nameLength, empty: false)
        try Check.text(exercise, "a card's exercise", maximum: ValueLimits.nameLength)
        try Check.integer(reps, ValueLimits.reps, "a card's reps")
        try Check.date(drawnAt, "a card's time")
        if let seconds { try Check.seconds(seconds, "a card's split") }
    }
}

extension CardSession {
    /// Validates the session and every card drawn so far (at most
    /// ``ValueLimits/drawsPerSession``, each position once).
    public func validate() throws {
        try Check.text(deckID, "a deck's identifier", maximum: ValueLimits.nameLength)
        try Check.text(deckSource.rawValue, "a deck server's address", maximum: ValueLimits.addressLength)
        try Check.date(startedAt, "a session's start")
        try Check.date(finishedAt, "a session's end")
        try Check.seconds(activeDuration, "a session's duration")
        try Check.elements(draws, maximum: ValueLimits.drawsPerSession, "cards", key: \.position, keyName: "position")
        for draw in draws { try draw.validate() }
    }
}

extension DumbbellSet {
    /// Throws ``LogError/invalidValue(_:)`` unless the number, weight, reps, times and rest are
    /// within ``ValueLimits``.
    public func validate() throws {
        try Check.integer(number, ValueLimits.setNumber, "a set's number")
        guard ValueLimits.weight.contains(weight) else {
            throw Check.refuse("a set's weight must be a number from 0 to \(Int(ValueLimits.weight.upperBound))")
        }
        try Check.integer(reps, ValueLimits.reps, "a set's reps")
        try Check.date(startedAt, "a set's start")
        try Check.date(finishedAt, "a set's end")
        if let restBefore { try Check.seconds(restBefore, "a rest") }
        if let rpe, !ValueLimits.rpe.contains(rpe) {
            throw Check.refuse("a set's RPE must be a number from 1 to 10")
        }
        if let note { try Check.text(note, "a set's note", maximum: ValueLimits.noteLength) }
    }
}

extension DumbbellWorkout {
    /// Validates the workout and every set (at most ``ValueLimits/setsPerWorkout``, each
    /// number once).
    public func validate() throws {
        try Check.text(exercise, "a workout's exercise", maximum: ValueLimits.nameLength, empty: false)
        try Check.date(startedAt, "a workout's start")
        try Check.date(finishedAt, "a workout's end")
        if let title { try Check.text(title, "a workout's name", maximum: ValueLimits.nameLength) }
        if let workoutNote { try Check.text(workoutNote, "a workout's note", maximum: ValueLimits.noteLength) }
        if let exerciseNote { try Check.text(exerciseNote, "an exercise's note", maximum: ValueLimits.noteLength) }
        try Check.elements(sets, maximum: ValueLimits.setsPerWorkout, "sets", key: \.number, keyName: "number")
        for set in sets { try set.validate() }
    }
}

extension HIITSession {
    /// Throws ``LogError/invalidValue(_:)`` unless the rating, if any, is from 1 to 5 and the
    /// exercise, time and duration are within ``ValueLimits``.
    public func validate() throws {
        if let rating, !Self.ratingRange.contains(rating) {
            throw LogError.invalidValue("a rating must be from 1 to 5, not \(rating)")
        }
        try Check.text(exercise, "an exercise", maximum: ValueLimits.nameLength, empty: false)
        try Check.date(startedAt, "an exercise's start")
        try Check.seconds(duration, "an exercise's duration")
    }
}

extension Flashcard {
    /// Throws ``LogError/invalidValue(_:)`` unless the prompt is not empty and both sides have at
    /// most ``ValueLimits/cardTextLength`` characters and no NUL.
    public func validate() throws {
        try Check.text(prompt, "a card's prompt", maximum: ValueLimits.cardTextLength, empty: false)
        try Check.text(answer, "a card's answer", maximum: ValueLimits.cardTextLength)
        try Check.date(createdAt, "a card's creation time")
        try Check.text(guid, "a card's guid", maximum: ValueLimits.nameLength, empty: false)
        for tag in tags {
            try Check.text(tag, "a card's tag", maximum: ValueLimits.nameLength, empty: false)
            if tag.contains(where: \.isWhitespace) {
                throw LogError.invalidValue("a card's tag has a space in it: \(tag)")
            }
        }
        try Check.text(notetype, "a card's note type", maximum: ValueLimits.nameLength)
        if fields.count > ValueLimits.noteFields {
            throw LogError.invalidValue("a note has more than \(ValueLimits.noteFields) fields")
        }
        if fields.reduce(0, { $0 + $1.utf8.count }) > ValueLimits.noteFieldsLength {
            throw LogError.invalidValue("a note's fields are longer than \(ValueLimits.noteFieldsLength) bytes")
        }
        if templates.utf8.count > ValueLimits.notetypeLength {
            throw LogError.invalidValue("a note type's templates are longer than \(ValueLimits.notetypeLength) bytes")
        }
    }
}

extension FlashcardDeck {
    /// Validates the deck's name (not empty) and every card (at most
    /// ``ValueLimits/cardsPerDeck``, each identifier once).
    public func validate() throws {
        try Check.text(name, "a deck's name", maximum: ValueLimits.nameLength, empty: false)
        try Check.date(createdAt, "a deck's creation time")
        try Check.elements(cards, maximum: ValueLimits.cardsPerDeck, "cards", key: \.id, keyName: "identifier")
        for card in cards { try card.validate() }
    }
}

extension FlashcardReview {
    /// Throws ``LogError/invalidValue(_:)`` unless the time is within ``ValueLimits/dates``.
    public func validate() throws {
        try Check.date(reviewedAt, "a review's time")
    }
}

extension FlashcardSession {
    /// Validates the session and every review (at most ``ValueLimits/reviewsPerSession``, each
    /// identifier once).
    public func validate() throws {
        try Check.text(deckName, "a deck's name", maximum: ValueLimits.nameLength)
        try Check.date(startedAt, "a session's start")
        try Check.date(finishedAt, "a session's end")
        try Check.elements(
            reviews, maximum: ValueLimits.reviewsPerSession, "reviews", key: \.id, keyName: "identifier")
        for review in reviews { try review.validate() }
    }
}

extension Settings {
    /// Throws ``LogError/invalidValue(_:)`` unless there are at most
    /// ``ValueLimits/settingsPerProfile`` settings and each passes
    /// ``validate(_:named:)``.
    public func validate() throws {
        guard values.count <= ValueLimits.settingsPerProfile else {
            throw Check.refuse("at most \(ValueLimits.settingsPerProfile) settings fit in one profile")
        }
        for (name, value) in values { try Self.validate(value, named: name) }
    }

    /// Throws ``LogError/invalidValue(_:)`` unless the name is short and plain, every number is
    /// finite and at most ``ValueLimits/settingNumberMagnitude`` in size, the value is nested at
    /// most ``ValueLimits/settingDepth`` deep and ``ValueLimits/settingTextLength`` long, and a
    /// setting TermFit reads has its shape in ``SettingShape/known`` (the limits of the screen
    /// that edits it). A refusal names the place, e.g. `hiit.circuits[0].rounds`.
    public static func validate(_ value: JSONValue, named name: String) throws {
        try Check.text(name, "a setting's name", maximum: ValueLimits.settingNameLength, empty: false)
        func check(_ value: JSONValue, depth: Int) throws {
            guard depth <= ValueLimits.settingDepth else {
                throw Check.refuse("the setting \(name) is nested too deeply")
            }
            switch value {
            case .number(let number):
                guard number.isFinite, abs(number) <= ValueLimits.settingNumberMagnitude else {
                    throw Check.refuse("the setting \(name) holds a number out of range")
                }
            case .string(let text): try Check.text(text, "the setting \(name)", maximum: ValueLimits.settingTextLength)
            case .array(let values): for element in values { try check(element, depth: depth + 1) }
            case .object(let members):
                for (key, member) in members {
                    try Check.text(key, "the setting \(name)", maximum: ValueLimits.settingNameLength)
                    try check(member, depth: depth + 1)
                }
            case .null, .bool: break
            }
        }
        try check(value, depth: 0)
        guard (try? value.jsonText().utf8.count).map({ $0 <= ValueLimits.settingTextLength }) ?? false else {
            throw Check.refuse("the setting \(name) is longer than \(ValueLimits.settingTextLength) bytes")
        }
        try SettingShape.known[name]?.check(value, at: name)
    }
}

/// The checks on marking a session finished or abandoned.
public enum SessionEnd {
    /// Throws ``LogError/invalidValue(_:)`` unless the end time is within ``ValueLimits/dates``
    /// and the working time, if given, within ``ValueLimits/seconds``.
    public static func validate(at finishedAt: Date, activeDuration: TimeInterval? = nil) throws {
        try Check.date(finishedAt, "a session's end")
        if let activeDuration { try Check.seconds(activeDuration, "a session's duration") }
    }

    /// Throws ``LogError/invalidValue(_:)`` when a deck would hold more than
    /// ``ValueLimits/cardsPerDeck`` cards.
    public static func validateDeckSize(_ count: Int) throws {
        guard count <= ValueLimits.cardsPerDeck else {
            throw Check.refuse("a deck can hold at most \(ValueLimits.cardsPerDeck) cards")
        }
    }
}

extension ProfileArchive {
    /// Validates every record and setting of the archive, and that no identifier appears twice
    /// (a session, a deck, a card or a review). The error names the record, e.g.
    /// `hiitSessions[3]: an exercise's duration must be from 0 to 604800 seconds`.
    public func validate() throws {
        func each<Record>(_ records: [Record], _ field: String, _ check: (Record) throws -> Void) throws {
            for (index, record) in records.enumerated() {
                do { try check(record) } catch let error as LogError {
                    throw Check.refuse("\(field)[\(index)]: \(error)")
                }
            }
        }
        // A file says when things ended; a time that goes backwards is a damaged or made-up file.
        // (Live saves are not held to this: a wall clock set back mid-set must not lose the set.)
        func order(_ start: Date, _ end: Date?, _ what: String) throws {
            if let end, end < start { throw Check.refuse("\(what) ends before it starts") }
        }
        try each(cardSessions, "cardSessions") {
            try $0.validate()
            try order($0.startedAt, $0.finishedAt, "the session")
        }
        try each(dumbbellWorkouts, "dumbbellWorkouts") { workout in
            try workout.validate()
            try order(workout.startedAt, workout.finishedAt, "the workout")
            for (index, set) in workout.sets.enumerated() {
                try order(set.startedAt, set.finishedAt, "sets[\(index)] (set \(set.number))")
            }
        }
        try each(flashcardDecks, "flashcardDecks") { try $0.validate() }
        try each(flashcardSessions, "flashcardSessions") {
            try $0.validate()
            try order($0.startedAt, $0.finishedAt, "the session")
        }
        try each(hiitSessions, "hiitSessions") { try $0.validate() }
        try settings.validate()
        let identifiers: [(String, [UUID])] = [
            ("card sessions", cardSessions.map(\.id)), ("dumbbell workouts", dumbbellWorkouts.map(\.id)),
            ("flashcard decks", flashcardDecks.map(\.id)), ("flashcards", flashcardDecks.flatMap(\.cards).map(\.id)),
            ("flashcard sessions", flashcardSessions.map(\.id)),
            ("flashcard reviews", flashcardSessions.flatMap(\.reviews).map(\.id)),
            ("HIIT sessions", hiitSessions.map(\.id)),
        ]
        for (what, ids) in identifiers {
            try Check.elements(ids, maximum: .max, what, key: { $0 }, keyName: "identifier")
        }
    }
}
