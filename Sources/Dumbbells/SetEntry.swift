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
    /// A field already holds as many characters as it takes.
    case tooLong
    /// The weight already has its decimal point.
    case secondDecimalPoint
    /// A decimal point typed into reps.
    case decimalPointInReps
    /// A letter or any other character that is not a digit.
    case notADigit
    /// A minus sign: weights and reps are never negative.
    case negative
    /// A digit after a lone "0" ("05", "005").
    case leadingZero
    /// A fourth digit before the decimal point: more than 999.75.
    case tooHeavy
    /// Decimals no plate set makes ("22.3 kg", "12.25 lb").
    case notAStep

    /// What the screen says, for a field of weights in `unit`.
    public func message(unit: WeightUnit) -> String {
        switch self {
        case .tooLong: "Reps go up to \(SetEntry.repsLimit) digits"
        case .secondDecimalPoint: "Only one decimal point"
        case .decimalPointInReps: "A decimal point goes only in \(unit.rawValue)"
        case .notADigit: "Only digits (and one decimal point in \(unit.rawValue))"
        case .negative: "Weights and reps are never negative (a and d add and delete sets)"
        case .leadingZero: "No leading zeros: 5, not 05"
        case .tooHeavy: "At most \(WeightText.display(SetEntry.heaviest)) \(unit.rawValue)"
        case .notAStep:
            unit == .kilograms
                ? "kg go in steps of 0.25: .25 .5 .75" : "lb go in steps of 0.5: .5"
        }
    }
}

/// Why a set cannot start (or finish) with what its fields hold.
public enum EntryProblem: Hashable, Sendable {
    /// The weight field is empty.
    case missingWeight
    /// The weight is "." alone.
    case weightNotANumber
    /// The weight ends in its decimal point ("22.").
    case unfinishedDecimal
    /// The weight is zero.
    case zeroWeight
    /// The weight is more than 999.75 in the unit shown (a weight converted from the other unit).
    case tooHeavy
    /// The weight ends between two steps of the unit ("1.2 kg", a step of 0.25 half typed).
    case notAStep
    /// The reps field is empty.
    case missingReps
    /// Zero reps.
    case zeroReps

    /// What the screen says about set `number`, weights in `unit`.
    public func message(setNumber number: Int, unit: WeightUnit) -> String {
        switch self {
        case .missingWeight: "Set \(number) needs its \(unit.rawValue)"
        case .weightNotANumber: "“.” alone is not a weight"
        case .unfinishedDecimal: "Set \(number): type the decimals after the point, or erase it"
        case .zeroWeight: "The weight must be more than 0"
        case .tooHeavy: "Set \(number): at most \(WeightText.display(SetEntry.heaviest)) \(unit.rawValue)"
        case .notAStep: "Set \(number): \(unit.rawValue) go in steps of \(WeightText.display(unit.step))"
        case .missingReps: "Set \(number) needs its reps"
        case .zeroReps: "Reps must be at least 1"
        }
    }
}

/// A weight and the unit it is in.
public struct Weight: Hashable, Sendable {
    /// The number, in `unit`.
    public var value: Double
    /// The unit of `value`.
    public var unit: WeightUnit

    /// `value` in `unit`.
    public init(_ value: Double, _ unit: WeightUnit) {
        self.value = value
        self.unit = unit
    }

    /// The same weight in `other`, exactly (1 lb = 0.45359237 kg).
    public func converted(to other: WeightUnit) -> Double {
        Self.convert(value, from: unit, to: other)
    }

    /// `value` in `from` as `to` (1 lb = 0.45359237 kg exactly).
    public static func convert(_ value: Double, from: WeightUnit, to: WeightUnit) -> Double {
        Figures.convert(value, from: from, to: to)
    }

    /// The weight as TermFit keeps it (to the hundredth of its unit).
    public var exact: ExactWeight { ExactWeight(value, unit) }
}

extension WeightUnit {
    /// The decimals a weight in this unit may end in, and every beginning of them.
    var decimalPrefixes: Set<String> {
        self == .kilograms ? ["", "0", "00", "2", "25", "5", "50", "7", "75"] : ["", "0", "00", "5", "50"]
    }
}

/// A row of the table as typed: the weight and reps text. The text is what the user sees; the
/// numbers come from it only when a set starts or finishes.
///
/// A weight put in by TermFit from the other unit (`u`, `l`) keeps its exact value in
/// `converted`; the text shows it rounded to the unit's step, and typing into the field
/// replaces it with what is typed.
public struct SetEntry: Hashable, Sendable {
    /// The most characters the weight field holds ("999.75").
    public static let weightLimit = 6
    /// The most digits of reps.
    public static let repsLimit = 3
    /// The heaviest weight, in either unit.
    public static let heaviest = 999.75
    /// The finest step of either unit.
    static let finestStep = 0.25

    /// The weight as typed: digits and at most one decimal point.
    public private(set) var weight: String
    /// The reps as typed: digits only.
    public private(set) var reps: String
    /// The exact weight the text stands for when TermFit converted it from the other unit.
    public private(set) var converted: Weight?

    /// An entry; each text is kept only if it could have been typed in `unit` (else the field
    /// is empty).
    public init(weight: String = "", reps: String = "", unit: WeightUnit = .kilograms) {
        self.init(checkedWeight: Self.accepts(weight, in: .weight, unit: unit) ? weight : "")
        self.reps = Self.accepts(reps, in: .reps, unit: unit) ? reps : ""
    }

    private init(checkedWeight weight: String) {
        self.weight = weight
        self.reps = ""
    }

    /// An entry showing `weight` (exact) in `unit`, rounded to the unit's step.
    public init(weight: Weight, in unit: WeightUnit, reps: String) {
        self.init(reps: reps, unit: unit)
        self.weight = weight.exact.text(in: unit)
        converted = weight
    }

    /// The text of `field`.
    public subscript(field: SetField) -> String {
        field == .weight ? weight : reps
    }

    /// Whether `text` could be typed into `field` character by character, weights in `unit`.
    public static func accepts(_ text: String, in field: SetField, unit: WeightUnit = .kilograms) -> Bool {
        var entry = SetEntry(checkedWeight: "")
        for character in text {
            if entry.type(character, into: field, unit: unit) != nil { return false }
        }
        return true
    }

    /// Types one character at the end of `field`; returns why it was refused, or `nil` when it
    /// went in. The rules: digits only (and one "." in the weight); no leading zero; at most
    /// three digits before the point (999.75) and three reps digits; decimals a plate set makes
    /// in `unit` (0.25 kg, 0.5 lb).
    @discardableResult
    public mutating func type(_ character: Character, into field: SetField, unit: WeightUnit = .kilograms)
        -> InputProblem?
    {
        let text = self[field]
        let isDigit = character.isASCII && character.isWholeNumber
        if character == "-" || character == "−" { return .negative }
        if character == "." {
            guard field == .weight else { return .decimalPointInReps }
            guard !text.contains(".") else { return .secondDecimalPoint }
        } else if !isDigit {
            return .notADigit
        } else if text == "0" {
            return .leadingZero
        }
        let next = text + String(character)
        switch field {
        case .reps:
            guard next.count <= Self.repsLimit else { return .tooLong }
        case .weight:
            let parts = next.split(separator: ".", omittingEmptySubsequences: false)
            if parts[0].count > 3 { return .tooHeavy }
            if parts.count == 2, !unit.decimalPrefixes.contains(String(parts[1])) { return .notAStep }
        }
        set(next, in: field)
        return nil
    }

    /// Removes the last character of `field`.
    public mutating func deleteBackward(in field: SetField) {
        set(String(self[field].dropLast()), in: field)
    }

    /// `field` as it is in `other` (a weight with the exact value it stands for).
    mutating func restore(_ field: SetField, from other: SetEntry) {
        switch field {
        case .weight:
            weight = other.weight
            converted = other.converted
        case .reps: reps = other.reps
        }
    }

    /// Empties `field`.
    public mutating func clear(_ field: SetField) {
        set("", in: field)
    }

    private mutating func set(_ text: String, in field: SetField) {
        switch field {
        case .weight:
            weight = text
            converted = nil
        case .reps: reps = text
        }
    }

    /// The weight as a number in the unit it was typed in, if the text is one ("12", "2.5",
    /// ".5").
    public var weightValue: Double? {
        guard !weight.isEmpty, weight != ".", !weight.hasSuffix(".") else { return nil }
        return Double(weight.hasPrefix(".") ? "0" + weight : weight)
    }

    /// The weight to save in `unit`, for a field shown in `shown`: what the field shows when
    /// `unit` is the one shown (12.5 kg converted shows and saves as 27.5 lb); the weight TermFit
    /// put in the field when it is in `unit` (27.5 lb shown for 12.5 kg saves 12.5 kg); else
    /// the number shown, converted and kept to the hundredth (``ExactWeight/stored(in:)``).
    public func weight(in unit: WeightUnit, shownIn shown: WeightUnit) -> Double? {
        if let converted, converted.unit == unit, shown != unit { return converted.exact.value }
        return weightValue.map { ExactWeight($0, shown).stored(in: unit).value }
    }

    /// The entry shown in `unit` after it was shown in `old`: a weight that is a number keeps
    /// its exact value and shows in the new unit; anything else stays as typed.
    public func converting(from old: WeightUnit, to unit: WeightUnit) -> SetEntry {
        guard old != unit else { return self }
        let exact = converted ?? weightValue.map { Weight($0, old) }
        guard let exact else { return self }
        return SetEntry(weight: exact, in: unit, reps: reps)
    }

    /// The reps as a number, if any.
    public var repsValue: Int? { Int(reps) }

    /// What stops this entry from being a set, weight first; `nil` when it is a valid set: a
    /// weight above zero and at most 999.75 (in the unit shown) and at least one rep.
    public var problem: EntryProblem? {
        if weight.isEmpty { return .missingWeight }
        if weight == "." { return .weightNotANumber }
        if weight.hasSuffix(".") { return .unfinishedDecimal }
        guard let shown = Double(weight.hasPrefix(".") ? "0" + weight : weight) else { return .weightNotANumber }
        if shown <= 0 { return .zeroWeight }
        if shown > Self.heaviest { return .tooHeavy }
        if converted == nil, (shown / Self.finestStep).rounded() * Self.finestStep != shown { return .notAStep }
        guard let reps = repsValue else { return .missingReps }
        if reps < 1 { return .zeroReps }
        return nil
    }

    /// Whether either field holds something.
    public var isTyped: Bool { !weight.isEmpty || !reps.isEmpty }

    /// Whether the entry is a valid set.
    public var isValid: Bool { problem == nil }
}

/// Weights as TermFit writes them, through the one rule of ``ExactWeight`` and ``Figures``.
enum WeightText {
    /// "12", "12.5", "0.25": whole numbers without a decimal point, others with up to two
    /// decimals.
    static func display(_ value: Double) -> String { Figures.text(value) }

    /// `value` rounded to the nearest `step` for the screen: "22" for 22.046 lb, "26.5" for
    /// 26.455 lb.
    static func display(_ value: Double, step: Double) -> String {
        display(rounded(value, step: step))
    }

    /// `value` to the nearest `step`.
    static func rounded(_ value: Double, step: Double) -> Double { Figures.rounded(value, step: step) }

    /// `value` stored in `stored` as shown in `unit` (``ExactWeight/text(in:)``).
    static func display(_ value: Double, from stored: WeightUnit, in unit: WeightUnit) -> String {
        ExactWeight(value, stored).text(in: unit)
    }
}
