#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A weight exactly as TermFit keeps it: a whole number of hundredths of its unit (12.5 kg is
/// 1250 hundredths of a kilogram). Sets, the database, recovery logs and exports carry this;
/// screens and reports show it through ``text(in:)``, the one rounding rule.
public struct ExactWeight: Hashable, Sendable {
    /// The weight in hundredths of `unit`.
    public var hundredths: Int
    /// The unit of `hundredths`.
    public var unit: WeightUnit

    /// `hundredths` of `unit`.
    public init(hundredths: Int, unit: WeightUnit) {
        self.hundredths = hundredths
        self.unit = unit
    }

    /// `value` in `unit`, to the nearest hundredth (halves away from zero).
    public init(_ value: Double, _ unit: WeightUnit) {
        self.init(hundredths: Figures.hundredths(value), unit: unit)
    }

    /// The number, in `unit`.
    public var value: Double { Double(hundredths) / 100 }

    /// The weight as a screen or a report in `shown` says it: in its own unit, exactly (to the
    /// hundredth); in the other unit, converted and rounded to that unit's step (0.25 kg, 0.5 lb),
    /// halves away from zero. 12.5 kg shows as 27.5 lb; 27.5 lb as 12.5 kg.
    public func shown(in shown: WeightUnit) -> Double {
        guard shown != unit else { return value }
        return Figures.rounded(Figures.convert(value, from: unit, to: shown), step: shown.step)
    }

    /// ``shown(in:)`` as text with as few characters as it needs: "12", "12.5", "0.25".
    public func text(in shown: WeightUnit) -> String { Figures.text(self.shown(in: shown)) }

    /// The weight to keep in `stored` for this weight: itself in its own unit; else converted and
    /// kept to the nearest hundredth of `stored`.
    public func stored(in stored: WeightUnit) -> ExactWeight {
        guard stored != unit else { return self }
        return ExactWeight(Figures.convert(value, from: unit, to: stored), stored)
    }

    /// The weight in kilograms, unrounded (records compare these, so kg and lb workouts compare).
    public var kilograms: Double { Figures.convert(value, from: unit, to: .kilograms) }

    /// A weight read from a store written before weights were whole hundredths: a value that is
    /// a whole number of hundredths (give or take floating-point representation) is kept as
    /// that; anything else is the noise of a unit conversion (27.557782773109697 lb, which the
    /// screen showed as 27.5) and is rounded to the nearest step of its unit, the number the
    /// member saw. See docs/DECISIONS.md.
    public init(repairing value: Double, unit: WeightUnit) {
        let scaled = value * 100
        if !scaled.isFinite || abs(scaled - scaled.rounded()) <= 1e-6 * max(1, abs(scaled)) {
            self.init(value, unit)
        } else {
            self.init(Figures.rounded(value, step: unit.step), unit)
        }
    }
}

extension WeightUnit {
    /// The smallest change of weight a set of plates makes: 0.25 kg, 0.5 lb.
    public var step: Double { self == .kilograms ? 0.25 : 0.5 }

    /// The other unit.
    public var other: WeightUnit { self == .kilograms ? .pounds : .kilograms }
}

/// Every figure TermFit shows of sets, computed once: weights (the rounding rule of
/// ``ExactWeight``), volume, estimated one-repetition maximum and times. The dumbbell screen, its
/// summary and progress, `termfit history` (table, CSV, JSON) and the export all use these.
public enum Figures {
    /// Kilograms in a pound, exactly.
    public static let kilogramsPerPound = 0.45359237
    /// The name of the formula of the estimated one-repetition maximum.
    public static let oneRepMaxFormula = "Epley"
    /// The most reps a set may have for its estimated maximum to count.
    public static let oneRepMaxRepLimit = 12
    /// Hundredths beyond which a stored number is not a weight (kept clamped, refused by
    /// validation): far past ``ValueLimits/weight``, far below `Int`'s end.
    static let hundredthsLimit = 1e15

    /// `value` in `from` as `to`, unrounded (1 lb = 0.45359237 kg).
    public static func convert(_ value: Double, from: WeightUnit, to: WeightUnit) -> Double {
        guard from != to else { return value }
        return to == .kilograms ? value * kilogramsPerPound : value / kilogramsPerPound
    }

    /// `value` to the nearest multiple of `step`, halves away from zero.
    public static func rounded(_ value: Double, step: Double) -> Double {
        guard value.isFinite, step > 0 else { return value }
        return (value / step).rounded(.toNearestOrAwayFromZero) * step
    }

    /// `value` as whole hundredths, halves away from zero; a number beyond any weight (or not a
    /// number) is clamped to a value validation refuses.
    public static func hundredths(_ value: Double) -> Int {
        let scaled = (value * 100).rounded(.toNearestOrAwayFromZero)
        guard scaled.isFinite else { return value > 0 ? Int(hundredthsLimit) : -Int(hundredthsLimit) }
        return Int(min(max(scaled, -hundredthsLimit), hundredthsLimit))
    }

    /// A weight (or any figure) as text with as few characters as it needs, to the hundredth:
    /// "12", "12.5", "0.25".
    public static func text(_ value: Double) -> String {
        guard value.isFinite else { return "?" }
        let hundredths = hundredths(value)
        let sign = hundredths < 0 ? "-" : ""
        let whole = abs(hundredths) / 100
        let fraction = abs(hundredths) % 100
        guard fraction != 0 else { return sign + String(whole) }
        var decimals = fraction < 10 ? "0\(fraction)" : "\(fraction)"
        if decimals.hasSuffix("0") { decimals.removeLast() }
        return "\(sign)\(whole).\(decimals)"
    }

    // MARK: Volume and estimated maximum

    /// One set's volume shown in `unit`: its weight as shown (``ExactWeight/shown(in:)``) × reps,
    /// so the figure is what the member can work out from the numbers on screen.
    public static func volume(_ weight: ExactWeight, reps: Int, in unit: WeightUnit) -> Double {
        weight.shown(in: unit) * Double(reps)
    }

    /// The volume of sets saved in `savedUnit`, shown in `unit`: the sum of each set's volume,
    /// warm-ups left out (``SetType/countsTowardsRecords``).
    public static func volume(_ sets: [DumbbellSet], savedIn savedUnit: WeightUnit, in unit: WeightUnit) -> Double {
        sets.lazy.filter(\.type.countsTowardsRecords).reduce(0) {
            $0 + volume($1.exactWeight(in: savedUnit), reps: $1.reps, in: unit)
        }
    }

    /// The Epley estimate of the heaviest single repetition of a set, shown in `unit`: the
    /// weight as shown × (1 + reps / 30); `nil` for no reps or more than 12.
    public static func oneRepMax(_ weight: ExactWeight, reps: Int, in unit: WeightUnit) -> Double? {
        epley(weight: weight.shown(in: unit), reps: reps)
    }

    /// weight × (1 + reps / 30); `nil` for no reps or more than 12.
    public static func epley(weight: Double, reps: Int) -> Double? {
        guard reps >= 1, reps <= oneRepMaxRepLimit else { return nil }
        return weight * (1 + Double(reps) / 30)
    }

    /// A volume as shown: whole units ("330").
    public static func volumeText(_ volume: Double) -> String {
        text(volume.rounded(.toNearestOrAwayFromZero))
    }

    /// An estimated maximum as shown: to the tenth ("36.7").
    public static func oneRepMaxText(_ estimate: Double) -> String {
        text((estimate * 10).rounded(.toNearestOrAwayFromZero) / 10)
    }

    // MARK: Times

    /// Whole seconds from `start` to `end` as every surface shows them: each time taken to the
    /// millisecond (as stored), the difference rounded down, as a stopwatch does; never below 0.
    public static func wholeSeconds(from start: Date, to end: Date) -> Int {
        let milliseconds = storedMilliseconds(end) - storedMilliseconds(start)
        return Int(max(0, milliseconds) / 1000)
    }

    /// A time as whole milliseconds since 1970, rounded to the nearest, as the store keeps it.
    static func storedMilliseconds(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        guard milliseconds.isFinite else { return 0 }
        return Int64(min(max(milliseconds, -9e15), 9e15))
    }
}
