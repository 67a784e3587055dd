import Records

/// What a profile keeps about the dumbbell workout: how many sets the table has, the unit, the
/// rest lengths offered, and the exercise last chosen.
public struct DumbbellsSettings: Equatable, Hashable, Sendable {
    /// The sets a table may have.
    public static let setCountRange = ValueLimits.dumbbellSets
    /// The sets a table has unless the profile says otherwise (the original's three).
    public static let defaultSetCount = 3
    /// The rest lengths offered unless the profile says otherwise, in seconds.
    public static let defaultRestPresets = [30, 60, 90, 120]
    /// The longest rest offered, in seconds.
    public static let longestRest = ValueLimits.restSeconds.upperBound
    /// The most rest lengths the picker shows.
    public static let maximumRestPresets = ValueLimits.restChoices.upperBound
    /// The exercise of a profile that never chose one.
    public static let defaultExercise = "Bicep curl"
    /// The longest exercise name, in characters.
    public static let exerciseNameLimit = ValueLimits.dumbbellExerciseLength

    /// Rows in the table of sets, 1–10.
    public var setCount: Int {
        didSet { setCount = Self.clampedSetCount(setCount) }
    }
    /// The unit of every weight.
    public var unit: WeightUnit
    /// The rest lengths the rest picker offers, in seconds: 1–6 distinct values of 1–3600,
    /// ascending.
    public var restPresets: [Int] {
        didSet { restPresets = Self.cleanedRestPresets(restPresets) }
    }
    /// The exercise shown at the top.
    public var exercise: String {
        didSet { exercise = Self.cleanedExercise(exercise) }
    }
    /// Whether a rest counts down by itself after each set but a workout's last.
    public var autoRest = true
    /// The rest last chosen for each exercise, in seconds (1–3600).
    public var restByExercise: [String: Int] = [:] {
        didSet { restByExercise = Self.cleanedRests(restByExercise) }
    }
    /// The member's own exercises, the one chosen last first: always offered by the exercise
    /// picker, whatever is chosen after.
    public var exercises: [String] = [] {
        didSet { exercises = Self.cleanedExercises(exercises) }
    }
    /// The saved routines, in the order saved.
    public var routines: [Routine] = []
    /// Why the stored routines could not be read; while set, they are left as stored (never
    /// written over) and saving or deleting a routine is refused.
    public var routinesProblem: String?
    /// The rest an exercise starts by itself without one chosen, in seconds.
    public static let defaultRest = 90

    /// The rest that starts by itself after a set of `exercise`.
    public func rest(for exercise: String) -> Int { restByExercise[exercise] ?? Self.defaultRest }

    /// Settings with out-of-range values brought into range: the set count clamped to 1–10, rest
    /// lengths outside 1–3600 s or repeated dropped (the defaults when none is left), the exercise
    /// trimmed and cut to 40 characters (the default when empty).
    public init(
        setCount: Int = defaultSetCount, unit: WeightUnit = .kilograms, restPresets: [Int] = defaultRestPresets,
        exercise: String = defaultExercise
    ) {
        self.setCount = Self.clampedSetCount(setCount)
        self.unit = unit
        self.restPresets = Self.cleanedRestPresets(restPresets)
        self.exercise = Self.cleanedExercise(exercise)
    }

    /// The profile's settings as stored, with defaults for anything unset or out of range.
    public init(_ settings: Settings) {
        self.init(
            setCount: settings.value(for: .dumbbellSetCount) ?? Self.defaultSetCount,
            unit: settings.value(for: .dumbbellUnit) ?? .kilograms,
            restPresets: settings.value(for: .restPresets) ?? Self.defaultRestPresets,
            exercise: settings.value(for: .dumbbellExercise) ?? Self.defaultExercise)
        autoRest = settings.value(for: .dumbbellAutoRest) ?? true
        restByExercise = Self.cleanedRests(settings.value(for: .dumbbellRestByExercise) ?? [:])
        exercises = Self.cleanedExercises(settings.value(for: .dumbbellExercises) ?? [])
        if settings[SettingKey<[Routine]>.dumbbellRoutines.name] != nil {
            if let stored = settings.value(for: .dumbbellRoutines) {
                routines = stored.filter(\.isUsable)
            } else {
                routinesProblem = "The saved routines could not be read; they are kept as stored"
            }
        }
    }

    static func cleanedRests(_ rests: [String: Int]) -> [String: Int] {
        rests.filter { (1...longestRest).contains($0.value) && !$0.key.isEmpty }
    }

    /// Each name tidied and kept once, whatever its case, at most `ValueLimits.exercisesRemembered`.
    static func cleanedExercises(_ names: [String]) -> [String] {
        var seen = Set<String>()
        let tidied = names.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }.filter {
            !$0.isEmpty && $0.count <= exerciseNameLimit && $0.unicodeScalars.allSatisfy { $0.value >= 0x20 }
        }
        return Array(tidied.filter { seen.insert($0.lowercased()).inserted }.prefix(ValueLimits.exercisesRemembered))
    }

    /// `name` first among the member's own exercises.
    mutating func remember(_ name: String) {
        exercises = [name] + exercises.filter { $0.lowercased() != name.lowercased() }
    }

    static func clampedSetCount(_ count: Int) -> Int {
        min(setCountRange.upperBound, max(setCountRange.lowerBound, count))
    }

    static func cleanedRestPresets(_ presets: [Int]) -> [Int] {
        let kept = Set(presets.filter { (1...longestRest).contains($0) }).sorted()
        return kept.isEmpty ? defaultRestPresets : Array(kept.prefix(maximumRestPresets))
    }

    static func cleanedExercise(_ name: String) -> String {
        let trimmed = name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let printable = String(trimmed.filter { !$0.isNewline && $0.unicodeScalars.allSatisfy { $0.value >= 0x20 } })
        return printable.isEmpty ? defaultExercise : String(printable.prefix(exerciseNameLimit))
    }
}

extension SettingKey where Value == Int {
    /// Rows in the dumbbell table of sets (1–10).
    public static var dumbbellSetCount: Self { .init("dumbbells.setCount") }
}

extension SettingKey where Value == Bool {
    /// Whether a rest starts by itself after a dumbbell set.
    public static var dumbbellAutoRest: Self { .init("dumbbells.autoRest") }
}

extension SettingKey where Value == [String: Int] {
    /// The rest last chosen per dumbbell exercise, in seconds.
    public static var dumbbellRestByExercise: Self { .init("dumbbells.restByExercise") }
}

extension SettingKey where Value == [String] {
    /// The member's own dumbbell exercises, the one chosen last first.
    public static var dumbbellExercises: Self { .init("dumbbells.exercises") }
}

extension SettingKey where Value == WeightUnit {
    /// The unit of dumbbell weights: `"kg"` or `"lb"`.
    public static var dumbbellUnit: Self { .init("dumbbells.unit") }
}

extension SettingKey where Value == String {
    /// The dumbbell exercise last chosen.
    public static var dumbbellExercise: Self { .init("dumbbells.exercise") }
}

/// Common dumbbell exercises, offered in the exercise picker beside free text.
public enum DumbbellExercises {
    /// The list, roughly by body part: arms, shoulders, back, chest, legs.
    public static let common = [
        "Bicep curl", "Hammer curl", "Tricep extension", "Shoulder press", "Lateral raise", "Front raise",
        "Bent-over row", "Shrug", "Bench press", "Chest fly", "Goblet squat", "Lunge", "Romanian deadlift",
        "Calf raise",
    ]
}
