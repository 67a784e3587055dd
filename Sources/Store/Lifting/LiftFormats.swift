import Foundation
import Records

/// The training logs `termfit import` reads besides its own JSON.
public enum LiftFormat: String, Sendable, CaseIterable {
    case strong = "Strong"
    case hevy = "Hevy"
    case fitNotes = "FitNotes"

    /// The format whose export starts with this header row, or `nil`.
    static func recognising(_ header: [String]) -> LiftFormat? {
        let names = Set(header.map(LiftColumns.normalized))
        if names.contains("exercise_title") && names.contains("start_time") { return .hevy }
        if names.contains("exercise name") && names.contains("set order") && names.contains("date") { return .strong }
        if names.contains("exercise") && names.contains("date") && names.contains("reps")
            && (names.contains("category") || names.contains(where: { $0.hasPrefix("weight") }))
        {
            return .fitNotes
        }
        return nil
    }
}

/// Why a row of a training log cannot be read: the format it looked like, the line and the
/// column, and what is wrong.
public struct LiftImportError: Error, Equatable, CustomStringConvertible {
    /// The format the file's header looked like; `nil` when it looked like none.
    public var format: LiftFormat?
    /// The line (from 1) and the column's name.
    public var line: Int
    public var column: String?
    public var problem: String

    public var description: String {
        guard let format else { return "that file is not an export TermFit can read: \(problem); nothing was imported" }
        let place = column.map { "line \(line), column \"\($0)\"" } ?? "line \(line)"
        return "this looks like a \(format.rawValue) CSV export, but \(place): \(problem); nothing was imported"
    }
}

/// One row of a training log, read: a set, or the rest after the set above.
struct LiftRow {
    enum Kind: Equatable {
        case set(SetType)
        /// The rest after the set above (Strong's "Rest Timer" rows), in seconds.
        case rest(Double)
    }

    var line: Int
    /// What identifies the workout in the file (its start and name as written).
    var workoutKey: String
    var workoutStart: Date
    var workoutEnd: Date?
    var title: String?
    var workoutNote: String?
    var exercise: String
    var exerciseNote: String?
    var kind: Kind
    var weight: Double
    /// The unit the row gives, if it gives one.
    var unit: WeightUnit?
    var reps: Int
    var seconds: Double?
    var distance: Double?
    var rpe: Double?
    var note: String?
}

/// The columns of a header row and the readers of their values.
struct LiftColumns {
    let format: LiftFormat
    private let index: [String: Int]
    private let names: [String]
    let timeZone: TimeZone
    private var dateCache: (text: String, date: Date)?
    private let calendar: Calendar

    init(format: LiftFormat, header: [String], timeZone: TimeZone) {
        self.format = format
        names = header
        var index: [String: Int] = [:]
        for (position, name) in header.enumerated() where index[Self.normalized(name)] == nil {
            index[Self.normalized(name)] = position
        }
        self.index = index
        self.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// A header's name as compared: trimmed, lower case, without quotes.
    static func normalized(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespacesAndNewlines.union(CharacterSet(charactersIn: "\""))).lowercased()
    }

    /// The first of `candidates` the header has.
    func column(_ candidates: String...) -> String? {
        candidates.first { index[$0] != nil }
    }

    func has(_ name: String) -> Bool { index[name] != nil }

    /// The field of `name` in `fields`, trimmed; empty when the row is short or lacks it.
    func field(_ name: String?, _ fields: [String]) -> String {
        guard let name, let position = index[name], position < fields.count else { return "" }
        return fields[position].trimmingBlanks()
    }

    /// The column's name as the file writes it.
    func displayName(_ name: String) -> String {
        index[name].map { names[$0].trimmingCharacters(in: .whitespaces) } ?? name
    }

    func failure(_ line: Int, _ column: String?, _ problem: String) -> LiftImportError {
        LiftImportError(format: format, line: line, column: column.map(displayName), problem: problem)
    }

    /// A number (empty: `nil`); a decimal comma is read as a point.
    func number(_ name: String?, _ fields: [String], line: Int) throws(LiftImportError) -> Double? {
        let text = field(name, fields)
        guard !text.isEmpty else { return nil }
        guard let value = Double(Self.pointed(text)), value.isFinite else {
            throw failure(line, name, "\"\(Self.shown(text))\" is not a number")
        }
        return value
    }

    /// A weight (empty: `nil`), to the nearest hundredth of its unit exactly as the file writes
    /// it: rounded from the decimal text (halves away from zero), not from a binary float, so
    /// "22.675" is 22.68 and "1e1" is 10. The number returned is that many hundredths.
    func weight(_ name: String?, _ fields: [String], line: Int) throws(LiftImportError) -> Double? {
        guard let value = try number(name, fields, line: line) else { return nil }
        return Self.hundredths(field(name, fields)).map { Double($0) / 100 } ?? value
    }

    /// `text` with a decimal comma read as a point (when it has no point and a single comma).
    static func pointed(_ text: String) -> String {
        // Bytes, not Foundation's string search: this runs for every number of 100,000 rows.
        let utf8 = text.utf8
        guard !utf8.contains(UInt8(ascii: ".")), utf8.lazy.filter({ $0 == UInt8(ascii: ",") }).count == 1 else {
            return text
        }
        return text.replacingOccurrences(of: ",", with: ".")
    }

    /// The whole hundredths of the decimal number `text`, halves away from zero; `nil` when it
    /// is not a decimal number or is beyond any weight.
    static func hundredths(_ text: String) -> Int? {
        guard let decimal = Decimal(string: pointed(text), locale: Locale(identifier: "en_US_POSIX")),
            decimal.isFinite
        else { return nil }
        // `.plain` rounds a tie up: away from zero for the magnitude.
        var magnitude = decimal.magnitude
        var rounded = Decimal()
        NSDecimalRound(&rounded, &magnitude, 2, .plain)
        let scaled = NSDecimalNumber(decimal: rounded * 100)
        guard scaled.doubleValue < 1e15 else { return nil }
        return decimal < 0 ? -scaled.intValue : scaled.intValue
    }

    /// A text field; empty: `nil`.
    func text(_ name: String?, _ fields: [String]) -> String? {
        let text = field(name, fields)
        return text.isEmpty ? nil : text
    }

    static func shown(_ text: String) -> String {
        TerminalText.sanitized(text.count > 40 ? String(text.prefix(40)) + "…" : text)
    }

    /// A local time as Strong (`2024-03-01 07:12:05`, `2024-03-01 7:12:05 AM` with a plain,
    /// no-break or narrow no-break space), Hevy (`1 Mar 2024, 07:12`) or FitNotes
    /// (`2024-03-01`) write it.
    mutating func date(_ name: String?, _ fields: [String], line: Int) throws(LiftImportError) -> Date {
        let text = field(name, fields)
        if let cache = dateCache, cache.text == text { return cache.date }
        guard let components = Self.dateComponents(text), let date = calendar.date(from: components) else {
            throw failure(
                line, name,
                text.isEmpty
                    ? "the date is missing"
                    : "\"\(Self.shown(text))\" is not a date (YYYY-MM-DD HH:MM:SS, YYYY-MM-DD h:mm:ss AM or 1 Mar 2024, 07:12)"
            )
        }
        dateCache = (text, date)
        return date
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    static func dateComponents(_ raw: String) -> DateComponents? {
        let spaces: Set<Character> = [" ", "\u{00A0}", "\u{202F}", "\u{2009}", "T"]
        let text = raw.replacingOccurrences(of: ",", with: " ")
        let words = text.split(whereSeparator: { spaces.contains($0) }).map(String.init)
        guard !words.isEmpty else { return nil }
        var components = DateComponents()
        var rest: ArraySlice<String>
        let day = words[0].split(separator: "-", omittingEmptySubsequences: false)
        if day.count == 3, day[0].count == 4, let year = Int(day[0]), let month = Int(day[1]), let date = Int(day[2]) {
            (components.year, components.month, components.day) = (year, month, date)
            rest = words.dropFirst()
        } else if words.count >= 3, let date = Int(words[0]),
            let month = months.firstIndex(of: String(words[1].prefix(3)).lowercased()), let year = Int(words[2])
        {
            (components.year, components.month, components.day) = (year, month + 1, date)
            rest = words.dropFirst(3)
        } else if words.count >= 3, let month = months.firstIndex(of: String(words[0].prefix(3)).lowercased()),
            let date = Int(words[1]), let year = Int(words[2])
        {
            (components.year, components.month, components.day) = (year, month + 1, date)
            rest = words.dropFirst(3)
        } else {
            return nil
        }
        guard let month = components.month, (1...12).contains(month), let date = components.day, (1...31).contains(date)
        else { return nil }
        (components.hour, components.minute, components.second) = (0, 0, 0)
        if let time = rest.first {
            let parts = time.split(separator: ":").map { Int($0) }
            guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else { return nil }
            var hour = parts[0] ?? 0
            let minute = parts[1] ?? 0
            let second = parts.count == 3 ? parts[2] ?? 0 : 0
            let marker = rest.dropFirst().first?.uppercased().replacingOccurrences(of: ".", with: "")
            switch marker {
            case "AM":
                guard (1...12).contains(hour) else { return nil }
                if hour == 12 { hour = 0 }
            case "PM":
                guard (1...12).contains(hour) else { return nil }
                if hour != 12 { hour += 12 }
            case nil: break
            default: return nil
            }
            guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
            (components.hour, components.minute, components.second) = (hour, minute, second)
        }
        return components
    }

    /// A duration as Strong writes it (`1h 5m`, `45m`, `30s`, `01:00` as hours and minutes,
    /// `1:02:03`), or plain seconds.
    static func duration(_ text: String) -> Double? {
        let trimmed = text.trimmingBlanks()
        guard !trimmed.isEmpty else { return nil }
        if let seconds = Double(trimmed) { return seconds >= 0 ? seconds : nil }
        if trimmed.utf8.contains(UInt8(ascii: ":")) {
            let parts = trimmed.split(separator: ":").map { Int($0) }
            guard parts.allSatisfy({ ($0 ?? -1) >= 0 }) else { return nil }
            let values = parts.compactMap { $0 }
            switch values.count {
            case 2: return Double(values[0] * 3600 + values[1] * 60)
            case 3: return Double(values[0] * 3600 + values[1] * 60 + values[2])
            default: return nil
            }
        }
        var total = 0.0
        var matched = false
        for word in trimmed.split(separator: " ") {
            guard let unit = word.last, let amount = Double(word.dropLast()) else { return nil }
            switch unit {
            case "h": total += amount * 3600
            case "m": total += amount * 60
            case "s": total += amount
            default: return nil
            }
            matched = true
        }
        return matched ? total : nil
    }

    /// `kg`, `kgs`, `lb`, `lbs` (any case).
    static func unit(_ text: String) -> WeightUnit? {
        switch text.lowercased().trimmingCharacters(in: .whitespaces) {
        case "kg", "kgs", "kilograms": .kilograms
        case "lb", "lbs", "pounds": .pounds
        default: nil
        }
    }
}
