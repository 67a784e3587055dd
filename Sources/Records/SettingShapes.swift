/// What one setting TermFit reads may hold: its JSON type and, for numbers, texts and lists,
/// the same limits as the screen that edits it (every limit is one of ``ValueLimits``').
///
/// ``known`` lists every setting TermFit reads. ``Settings/validate(_:named:)`` checks a value
/// against its shape on every way in (`termfit import`, a workout keeping a setting, the
/// store), so a file can never hold what the screen could not; a refusal names the place in the
/// value, e.g. `hiit.circuits[0].rounds must be from 1 to 99, not 0`.
public indirect enum SettingShape: Sendable {
    /// `true` or `false`.
    case flag
    /// A whole number within the range.
    case whole(ClosedRange<Int>)
    /// A whole number, one of these.
    case wholeChoice([Int])
    /// A text of at most `maximum` characters that passes ``StoredText``'s rule; `empty` says
    /// whether it may be empty.
    case text(maximum: Int, empty: Bool)
    /// A text, one of these.
    case choice([String])
    /// A list of `count` elements of one shape.
    case list(SettingShape, count: ClosedRange<Int>)
    /// An object of at most `count` members: each key a text of `key`'s shape, each value of `value`'s.
    case map(key: SettingShape, value: SettingShape, count: Int)
    /// An object with these fields (the `optional` ones may be left out, no others may appear);
    /// `what` names it in a refusal ("a circuit").
    case record(_ what: String, fields: [String: SettingShape], optional: Set<String> = [])

    /// Throws ``LogError/invalidValue(_:)`` naming `path` (e.g. `hiit.circuits[0].rounds`) and
    /// the reason when `value` does not have this shape.
    public func check(_ value: JSONValue, at path: String) throws {
        switch (self, value) {
        case (.flag, .bool): return
        case (.whole(let range), .number(let number)):
            let whole = try Self.whole(number, at: path)
            guard range.contains(whole) else {
                throw Check.refuse("\(path) must be from \(range.lowerBound) to \(range.upperBound), not \(whole)")
            }
        case (.wholeChoice(let choices), .number(let number)):
            let whole = try Self.whole(number, at: path)
            guard choices.contains(whole) else {
                throw Check.refuse("\(path) must be one of \(choices.map(String.init).joined(separator: ", "))")
            }
        case (.text(let maximum, let empty), .string(let text)):
            try Check.text(text, path, maximum: maximum, empty: empty)
        case (.choice(let choices), .string(let text)):
            guard choices.contains(text) else {
                throw Check.refuse("\(path) must be one of \(choices.joined(separator: ", "))")
            }
        case (.list(let element, let count), .array(let elements)):
            guard count.contains(elements.count) else {
                throw Check.refuse(
                    "\(path) must hold \(count.lowerBound) to \(count.upperBound) items, not \(elements.count)")
            }
            for (index, item) in elements.enumerated() { try element.check(item, at: "\(path)[\(index)]") }
        case (.map(let key, let shape, let count), .object(let members)):
            guard members.count <= count else { throw Check.refuse("\(path) can hold at most \(count) entries") }
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                try key.check(.string(name), at: "a key of \(path)")
                try shape.check(member, at: "\(path)[\(JSONValue.string(name).quotedKey)]")
            }
        case (.record(let what, let fields, let optional), .object(let members)):
            for name in members.keys.sorted() where fields[name] == nil {
                throw Check.refuse("\(path) has \(JSONValue.string(name).quotedKey), which is not a field of \(what)")
            }
            for (name, shape) in fields.sorted(by: { $0.key < $1.key }) {
                guard let member = members[name] else {
                    if optional.contains(name) { continue }
                    throw Check.refuse("\(path) lacks \"\(name)\"")
                }
                try shape.check(member, at: "\(path).\(name)")
            }
        default:
            throw Check.refuse("\(path) must be \(description)")
        }
    }

    /// The whole number `number` is, or a refusal.
    private static func whole(_ number: Double, at path: String) throws -> Int {
        guard number.isFinite, number.rounded() == number, abs(number) <= ValueLimits.settingNumberMagnitude else {
            throw Check.refuse("\(path) must be a whole number")
        }
        return Int(number)
    }

    /// The JSON type the shape takes, for a refusal.
    var description: String {
        switch self {
        case .flag: "true or false"
        case .whole, .wholeChoice: "a whole number"
        case .text, .choice: "a text"
        case .list: "a list"
        case .map, .record: "an object"
        }
    }
}

extension JSONValue {
    /// A key as JSON writes it, quoted and escaped (a key may hold anything).
    fileprivate var quotedKey: String {
        guard case .string(let text) = self else { return "" }
        return (try? jsonText()) ?? "\"\(TerminalText.sanitized(text))\""
    }
}

extension SettingShape {
    /// A circuit of the member's own (HIIT's circuits sheet).
    static let circuit = SettingShape.record(
        "a circuit",
        fields: [
            "name": .text(maximum: ValueLimits.circuitNameLength, empty: false),
            "exercises": .list(
                .record(
                    "a circuit's exercise",
                    fields: [
                        "name": .text(maximum: ValueLimits.circuitNameLength, empty: false),
                        "work": .whole(ValueLimits.countdownSeconds),
                        "rest": .whole(ValueLimits.circuitPauseSeconds),
                    ]), count: ValueLimits.circuitExercises),
            "rounds": .whole(ValueLimits.circuitRounds),
            "warmUp": .whole(ValueLimits.circuitPauseSeconds),
            "coolDown": .whole(ValueLimits.circuitPauseSeconds),
        ])

    /// A saved dumbbell routine.
    static let routine = SettingShape.record(
        "a routine",
        fields: [
            "name": .text(maximum: ValueLimits.routineNameLength, empty: false),
            "exercises": .list(
                .record(
                    "a routine's exercise",
                    fields: [
                        "name": .text(maximum: ValueLimits.dumbbellExerciseLength, empty: false),
                        "sets": .whole(ValueLimits.dumbbellSets),
                        "reps": .whole(ValueLimits.targetReps),
                        "targets": .list(
                            .record(
                                "a routine's set",
                                fields: [
                                    "reps": .whole(ValueLimits.targetReps),
                                    "weightHundredths": .whole(ValueLimits.targetWeightHundredths),
                                ], optional: ["weightHundredths"]), count: 1...ValueLimits.dumbbellSets.upperBound),
                    ], optional: ["reps", "targets"]), count: 1...ValueLimits.exercisesPerWorkout),
            "unit": .choice(["kg", "lb"]),
        ], optional: ["unit"])

    /// An exercise's name as a key of a per-exercise setting.
    private static let exerciseKey = SettingShape.text(maximum: ValueLimits.nameLength, empty: false)

    /// Every setting TermFit reads, by name, with its shape. A setting of another name (one a
    /// newer TermFit reads, say) is kept when it passes the general checks of
    /// ``Settings/validate(_:named:)``; TermFit does not read it.
    public static let known: [String: SettingShape] = [
        "display.colourFree": .flag,
        "display.reducedMotion": .flag,
        "cards.suitExercises": .map(
            key: .choice(["S", "H", "D", "C"]), value: .text(maximum: ValueLimits.suitExerciseLength, empty: false),
            count: 4),
        "cards.faceCardReps": .choice(["ten", "ranked"]),
        "cards.jokerSpecial": .choice(["rest", "burpees"]),
        "cards.deckAPI": .text(maximum: ValueLimits.addressLength, empty: true),
        "cards.aceReps": .wholeChoice(ValueLimits.aceReps),
        "cards.deckCount": .whole(ValueLimits.cardDecks),
        "cards.jokers": .flag,
        "dumbbells.restPresetSeconds": .list(.whole(ValueLimits.restSeconds), count: ValueLimits.restChoices),
        "dumbbells.setCount": .whole(ValueLimits.dumbbellSets),
        "dumbbells.autoRest": .flag,
        "dumbbells.restByExercise": .map(
            key: exerciseKey, value: .whole(ValueLimits.restSeconds), count: ValueLimits.exercisesRemembered),
        "dumbbells.unit": .choice(WeightUnit.allCases.map(\.rawValue)),
        "dumbbells.exercise": .text(maximum: ValueLimits.dumbbellExerciseLength, empty: false),
        "dumbbells.exercises": .list(
            .text(maximum: ValueLimits.dumbbellExerciseLength, empty: false), count: 0...ValueLimits.exercisesRemembered
        ),
        "dumbbells.routines": .list(routine, count: 0...ValueLimits.routinesPerProfile),
        "flashcards.sessionSeconds": .whole(ValueLimits.countdownSeconds),
        "flashcards.newCardsPerDay": .whole(ValueLimits.newCardsPerDay),
        "flashcards.desiredRetention": .whole(ValueLimits.desiredRetentionPercent),
        "flashcards.maximumInterval": .whole(ValueLimits.maximumIntervalDays),
        "flashcards.dayStartsAt": .whole(ValueLimits.dayRolloverHour),
        "flashcards.deckID": .text(maximum: ValueLimits.nameLength, empty: false),
        "flashcards.plain": .flag,
        "hiit.exerciseSeconds": .whole(ValueLimits.countdownSeconds),
        "hiit.lastPage": .whole(ValueLimits.hiitPage),
        "hiit.ratings": .map(
            key: exerciseKey, value: .whole(ValueLimits.rating), count: ValueLimits.exercisesRemembered),
        "hiit.circuits": .list(circuit, count: 0...ValueLimits.circuitsPerProfile),
        "hiit.circuit": .text(maximum: ValueLimits.circuitNameLength, empty: false),
    ]
}
