import Records

/// One of the two fields of a set.
public enum SetField: Hashable, Sendable, CaseIterable {
    /// The weight, in the workout's unit ("kg" in the original).
    case weight
    /// The repetitions.
    case reps
}

/// A field of the table: a row (from 0) and which of its two fields.
public struct FieldPosition: Hashable, Sendable, CustomStringConvertible {
    /// The row, from 0 (set 1).
    public var row: Int
    /// The weight or the reps.
    public var field: SetField

    /// The `field` of row `row`.
    public init(row: Int, field: SetField) {
        self.row = row
        self.field = field
    }

    /// "set 2 weight", for messages and test failures.
    public var description: String { "set \(row + 1) \(field == .weight ? "weight" : "reps")" }
}

/// Why a character typed into a field was refused. Each has a sentence the screen shows.
public enum InputProblem: Hashable, Sendable, CaseIterable {
    /// A field already holds three characters.
    case tooLong
    /// The weight already has its decimal point.
    case secondDecimalPoint
    /// A decimal point typed into reps.
    case decimalPointInReps
    /// A letter or any other character that is not a digit.
    case notADigit

    /// What the screen says, for a field of weights in `unit`.
    public func message(unit: WeightUnit) -> String {
        switch self {
        case .tooLong: "At most \(SetEntry.fieldLimit) characters in a field"
        case .secondDecimalPoint: "Only one decimal point"
        case .decimalPointInReps: "A decimal point goes only in \(unit.rawValue)"
        case .notADigit: "Only digits (and one decimal point in \(unit.rawValue))"
        }
    }
}

/// Why a set cannot start (or finish) with what its fields hold.
public enum EntryProblem: Hashable, Sendable {
    /// The weight field is empty.
    case missingWeight
    /// The weight is "." alone.
    case weightNotANumber
    /// The weight is zero.
    case zeroWeight
    /// The reps field is empty.
    case missingReps
    /// Zero reps.
    case zeroReps

    /// What the screen says about set `number`, weights in `unit`.
    public func message(setNumber number: Int, unit: WeightUnit) -> String {
        switch self {
        case .missingWeight: "Set \(number) needs its \(unit.rawValue)"
        case .weightNotANumber: "“.” alone is not a weight"
        case .zeroWeight: "The weight must be more than 0"
        case .missingReps: "Set \(number) needs its reps"
        case .zeroReps: "Reps must be at least 1"
        }
    }
}

/// A row of the table as typed: the weight and reps text. The text is what the user sees; the
/// numbers come from it only when a set starts or finishes.
public struct SetEntry: Hashable, Sendable {
    /// The most characters a field holds (decimal point included).
    public static let fieldLimit = 3

    /// The weight as typed: digits and at most one decimal point.
    public private(set) var weight: String
    /// The reps as typed: digits only.
    public private(set) var reps: String

    /// An entry; each text is kept only if it could have been typed (else the field is empty).
    public init(weight: String = "", reps: String = "") {
        self.init(checkedWeight: Self.accepts(weight, in: .weight) ? weight : "", reps: "")
        self.reps = Self.accepts(reps, in: .reps) ? reps : ""
    }

    private init(checkedWeight weight: String, reps: String) {
        self.weight = weight
        self.reps = reps
    }

    /// The text of `field`.
    public subscript(field: SetField) -> String {
        field == .weight ? weight : reps
    }

    /// Whether `text` could be typed into `field` character by character.
    public static func accepts(_ text: String, in field: SetField) -> Bool {
        var entry = SetEntry(checkedWeight: "", reps: "")
        for character in text {
            if entry.type(character, into: field) != nil { return false }
        }
        return true
    }

    /// Types one character at the end of `field`; returns why it was refused, or `nil` when it
    /// went in. The rules, in the order they are checked: digits only (and "." in the weight);
    /// one decimal point; three characters at most.
    @discardableResult
    public mutating func type(_ character: Character, into field: SetField) -> InputProblem? {
        let text = self[field]
        let isDigit = character.isASCII && character.isWholeNumber
        if character == "." {
            guard field == .weight else { return .decimalPointInReps }
            guard !text.contains(".") else { return .secondDecimalPoint }
        } else if !isDigit {
            return .notADigit
        }
        guard text.count < Self.fieldLimit else { return .tooLong }
        set(text + String(character), in: field)
        return nil
    }

    /// Removes the last character of `field`.
    public mutating func deleteBackward(in field: SetField) {
        set(String(self[field].dropLast()), in: field)
    }

    /// Empties `field`.
    public mutating func clear(_ field: SetField) {
        set("", in: field)
    }

    private mutating func set(_ text: String, in field: SetField) {
        switch field {
        case .weight: weight = text
        case .reps: reps = text
        }
    }

    /// The weight as a number, if the text is one ("12", "2.5", ".5", "5.").
    public var weightValue: Double? {
        guard !weight.isEmpty, weight != "." else { return nil }
        return Double(weight.hasPrefix(".") ? "0" + weight : weight.hasSuffix(".") ? weight + "0" : weight)
    }

    /// The reps as a number, if any.
    public var repsValue: Int? { Int(reps) }

    /// What stops this entry from being a set, weight first; `nil` when it is a valid set: a
    /// weight above zero and at least one rep.
    public var problem: EntryProblem? {
        if weight.isEmpty { return .missingWeight }
        guard let weight = weightValue else { return .weightNotANumber }
        if weight <= 0 { return .zeroWeight }
        guard let reps = repsValue else { return .missingReps }
        if reps < 1 { return .zeroReps }
        return nil
    }

    /// Whether the entry is a valid set.
    public var isValid: Bool { problem == nil }
}

/// Weights as TermFit writes them: as few characters as the value needs.
enum WeightText {
    /// "12", "12.5", "0.25": whole numbers without a decimal point, others with up to two
    /// decimals.
    static func display(_ value: Double) -> String {
        guard value.isFinite else { return "?" }
        let hundredths = (value * 100).rounded()
        if hundredths.truncatingRemainder(dividingBy: 100) == 0 { return String(Int(hundredths / 100)) }
        let whole = Int(hundredths / 100)
        let fraction = Int(hundredths.truncatingRemainder(dividingBy: 100))
        var decimals = fraction < 10 ? "0\(fraction)" : "\(fraction)"
        if decimals.hasSuffix("0") { decimals.removeLast() }
        return "\(whole).\(decimals)"
    }

    /// The text of `value` that fits a weight field (three characters): exact when it can be,
    /// else rounded to what fits; `nil` from 999.5 up.
    static func field(_ value: Double) -> String? {
        guard value.isFinite, value > 0, value < 999.5 else { return nil }
        var text = display(value)
        if text.hasPrefix("0.") { text.removeFirst() }
        if text.count <= SetEntry.fieldLimit { return text }
        // One decimal if it fits ("2.25" → "2.3"), else a whole number ("12.5" → "13").
        let tenths = (value * 10).rounded() / 10
        var rounded = display(tenths)
        if rounded.hasPrefix("0.") { rounded.removeFirst() }
        if rounded.count <= SetEntry.fieldLimit { return rounded }
        return String(Int(value.rounded()))
    }
}
