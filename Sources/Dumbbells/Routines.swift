import Records
import TermUI

/// One set's target in a routine: its reps and, when set, its weight (in the routine's unit).
public struct RoutineSet: Codable, Hashable, Sendable {
    /// The reps the set aims at.
    public var reps: Int
    /// The weight, to the hundredth of the routine's unit, or `nil` for last time's.
    public var weight: Double?

    /// A set of `reps` reps at `weight`.
    public init(reps: Int, weight: Double? = nil) {
        self.reps = reps
        self.weight = weight
    }

    private enum CodingKeys: String, CodingKey {
        case reps, weightHundredths
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reps = try container.decode(Int.self, forKey: .reps)
        weight = try container.decodeIfPresent(Int.self, forKey: .weightHundredths).map { Double($0) / 100 }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reps, forKey: .reps)
        try container.encodeIfPresent(weight.map { Int(($0 * 100).rounded()) }, forKey: .weightHundredths)
    }
}

/// One exercise of a routine: its name, how many sets and the reps each set aims at, or each
/// set's own target (kg × reps).
public struct RoutineExercise: Codable, Hashable, Sendable {
    /// The exercise.
    public var name: String
    /// How many sets (1–10).
    public var sets: Int
    /// The reps each set aims at, when known (filled into the sets as targets).
    public var reps: Int?
    /// Each set's target, in order, when the routine was given them (then `sets` is their
    /// count and `reps` the first one's); empty otherwise.
    public var targets: [RoutineSet] = []

    /// An exercise of `sets` sets of `reps` reps.
    public init(name: String, sets: Int, reps: Int? = nil) {
        self.name = name
        self.sets = sets
        self.reps = reps
    }

    /// An exercise of one set per target.
    public init(name: String, targets: [RoutineSet]) {
        self.init(name: name, sets: targets.count, reps: targets.first?.reps)
        self.targets = targets
    }

    private enum CodingKeys: String, CodingKey {
        case name, sets, reps, targets
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        sets = try container.decode(Int.self, forKey: .sets)
        reps = try container.decodeIfPresent(Int.self, forKey: .reps)
        targets = try container.decodeIfPresent([RoutineSet].self, forKey: .targets) ?? []
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(sets, forKey: .sets)
        try container.encodeIfPresent(reps, forKey: .reps)
        if !targets.isEmpty { try container.encode(targets, forKey: .targets) }
    }

    /// "Bench press 3×8", "Bench press 3×10 @ 20", "Row 10@30, 8@32.5", or "Bench press 3 sets"
    /// without target reps.
    public var label: String {
        if !targets.isEmpty { return "\(name) \(RoutineText.spec(of: self, from: nil, in: nil))" }
        return reps.map { "\(name) \(sets)×\($0)" } ?? "\(name) \(sets) \(sets == 1 ? "set" : "sets")"
    }
}

/// A saved workout plan: a name and its exercises, in order.
public struct Routine: Codable, Hashable, Sendable {
    /// The longest routine name, in characters.
    public static let nameLimit = ValueLimits.routineNameLength
    /// The most routines a profile keeps.
    public static let maximumCount = ValueLimits.routinesPerProfile

    /// The name the member gave it ("Push day").
    public var name: String
    /// The exercises, in order.
    public var exercises: [RoutineExercise]
    /// The unit of its target weights, when it has some.
    public var unit: WeightUnit?

    /// A routine named `name`.
    public init(name: String, exercises: [RoutineExercise], unit: WeightUnit? = nil) {
        self.name = name
        self.exercises = exercises
        self.unit = unit
    }

    /// "Push day: Bench press 3×8, Bent-over row 3×10".
    public var label: String { name + ": " + exercises.map(\.label).joined(separator: ", ") }

    /// Whether it can be started: a name, 1–12 exercises of 1–10 sets, reps 1–999.
    var isUsable: Bool {
        !name.isEmpty && !exercises.isEmpty && exercises.count <= DumbbellsWorkout.maxExercises
            && exercises.allSatisfy {
                !$0.name.isEmpty && DumbbellsSettings.setCountRange.contains($0.sets)
                    && ($0.reps.map { ValueLimits.targetReps.contains($0) } ?? true)
                    && ($0.targets.isEmpty || $0.targets.count == $0.sets)
            }
    }

    /// The name typed, its blanks tidied, or why it cannot name a routine.
    static func cleanedName(_ text: String) -> Result<String, RoutineNameProblem> {
        let name = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard !name.isEmpty else { return .failure(.empty) }
        guard name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else {
            return .failure(.unprintable)
        }
        guard name.count <= nameLimit else { return .failure(.tooLong) }
        return .success(name)
    }
}

/// Why a name cannot name a routine.
enum RoutineNameProblem: Error {
    case empty, unprintable, tooLong

    var message: String {
        switch self {
        case .empty: "Type a name for the routine first"
        case .unprintable: "A routine name is letters, digits and punctuation only"
        case .tooLong: "A routine name has at most \(Routine.nameLimit) characters"
        }
    }
}

extension SettingKey where Value == [Routine] {
    /// The saved dumbbell routines, as JSON.
    public static var dumbbellRoutines: Self { .init("dumbbells.routines") }
}

/// The routines sheet: TermUI's one list picker over the saved routines (typing filters them by
/// name; Enter starts the highlighted one, Ctrl-X deletes it) and, once a name is typed that no
/// routine has, “+ Save this workout as …”.
public struct RoutinesSheet: Hashable, Sendable {
    /// The list and the name typed; each item's value is the routine's index.
    public private(set) var picker: ListPicker<Int>
    /// The routine whose start was asked once while numbers are typed on screen: a second Enter
    /// on it replaces them; moving the highlight forgets the question.
    var replacingAsked: Int?

    /// A sheet of `routines`, the first highlighted.
    public init(routines: [Routine], theme: Theme = .color) {
        picker = ListPicker(
            title: "Routines",
            items: Self.items(of: routines),
            prompt: routines.isEmpty ? "Type a name to save this workout as a routine" : nil, fieldLabel: "Name",
            newLabel: "Save this workout as", commitLabel: "Start/Save", nameLimit: Routine.nameLimit, theme: theme)
    }

    /// The picker's rows of `routines`: each routine's index, its name and its exercises.
    private static func items(of routines: [Routine]) -> [ListPicker<Int>.Item] {
        routines.enumerated().map { index, routine in
            ListPicker.Item(
                index, label: routine.name, detail: routine.exercises.map(\.label).joined(separator: ", "), isOwn: true)
        }
    }

    /// The highlighted routine's index, if a routine is highlighted.
    public var selection: Int? { picker.highlightedValue }

    /// An event for the picker; a choice made comes back (the sheet stays until the workout
    /// closes it).
    mutating func update(_ event: Event, in context: ComponentContext) -> SheetResult<ListPicker<Int>.Choice>? {
        let result = picker.update(event, in: context)
        if replacingAsked != selection { replacingAsked = nil }
        return result
    }

    /// Says `message` under the list until the next key (`nil`: says nothing).
    mutating func say(_ message: String?) { picker.message = message }

    /// Reads the routines again after one was deleted, the highlight near where it was, or on
    /// the routine at `highlighting` (the same routine after another window changed the list).
    mutating func replaceRoutines(_ routines: [Routine], highlighting: Int? = nil) {
        defer { if let highlighting, picker.typed.isEmpty { picker.highlight(highlighting) } }
        picker.replaceItems(Self.items(of: routines))
    }

    /// Highlights the routine at `index` (after ``replaceRoutines(_:)``, the one highlighted
    /// before, wherever it moved); `nil` leaves the highlight where it is.
    mutating func highlight(_ index: Int?) {
        guard let index else { return }
        picker.highlight(index)
    }
}
