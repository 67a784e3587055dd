import Foundation

/// TermFit keeps every time as whole milliseconds since 1970-01-01 00:00 UTC: an `INTEGER` in
/// the database, and ISO-8601 text with milliseconds (`2025-03-04T07:30:00.000Z`) in exports.
enum Timestamp {
    /// The milliseconds for a date, rounded to the nearest millisecond.
    static func milliseconds(_ date: Date) -> Int64 {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        // Clamp far beyond any real time (and NaN) instead of trapping on the conversion.
        guard milliseconds.isFinite else { return 0 }
        return Int64(min(max(milliseconds, -9e15), 9e15))
    }

    /// The date for a number of milliseconds.
    static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// A date rounded to the millisecond, as it reads back from the database.
    static func rounded(_ date: Date) -> Date {
        self.date(milliseconds: milliseconds(date))
    }

    /// ISO-8601 text in UTC with milliseconds, e.g. `2025-03-04T07:30:00.000Z`.
    static func isoText(_ date: Date) -> String {
        let total = milliseconds(date)
        let millisecond = Int(((total % 1000) + 1000) % 1000)
        let seconds = (total - Int64(millisecond)) / 1000
        let days = floorDivision(seconds, 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T\(padded(secondOfDay / 3600, 2)):"
            + "\(padded(secondOfDay / 60 % 60, 2)):\(padded(secondOfDay % 60, 2)).\(padded(millisecond, 3))Z"
    }

    /// A non-negative number with leading zeros up to `width` digits.
    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Reads ISO-8601 text: `YYYY-MM-DDTHH:MM:SS`, an optional fraction, then `Z` or an offset
    /// such as `+02:00`. Returns `nil` for anything else, and for a time that never was
    /// (`2026-02-30`, `23:59:60`: ``problem(isoText:)`` says why).
    static func date(isoText text: String) -> Date? {
        guard let date = parsed(text), problem(isoText: text) == nil else { return nil }
        return date
    }

    /// Why `text` is not a time TermFit reads, said after the text: "is not a real time: 2026 has
    /// no February 30"; `nil` when it is one. A day past its month's end is never moved into the
    /// next month, and a leap second is refused rather than read as the next minute.
    static func problem(isoText text: String) -> String? {
        let characters = Array(text.utf8)
        guard parsed(text) != nil, characters.count >= 19 else {
            return "is not an ISO-8601 time such as 2025-03-04T07:30:00Z"
        }
        func number(_ range: Range<Int>) -> Int {
            characters[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        }
        let (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
        if day > daysIn(month: month, year: year) {
            let names = [
                "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December",
            ]
            return "is not a real time: \(padded(year, 4)) has no \(names[month - 1]) \(day)"
        }
        if number(17..<19) > 59 { return "is not a real time: TermFit keeps no leap second (:60)" }
        return nil
    }

    /// The days of `month` (1–12) in `year` of the proleptic Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The date `text` names when each of its fields is within its general range (a month's
    /// day up to 31, a second up to 60); ``date(isoText:)`` then checks the calendar.
    private static func parsed(_ text: String) -> Date? {
        let characters = Array(text.utf8)
        var index = 0
        func number(_ width: Int) -> Int? {
            guard index + width <= characters.count else { return nil }
            var value = 0
            for character in characters[index..<index + width] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character) else { return nil }
                value = value * 10 + Int(character - UInt8(ascii: "0"))
            }
            index += width
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < characters.count, characters[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            expect("T"), let hour = number(2), expect(":"), let minute = number(2), expect(":"),
            let second = number(2)
        else { return nil }
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else {
            return nil
        }
        var nanoseconds = 0
        if expect(".") {
            var digits = 0
            while index < characters.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(characters[index]) {
                if digits < 9 {
                    nanoseconds = nanoseconds * 10 + Int(characters[index] - UInt8(ascii: "0"))
                }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 9) { nanoseconds *= 10 }
        }
        var offsetSeconds = 0
        if expect("Z") {
            offsetSeconds = 0
        } else if index < characters.count,
            characters[index] == UInt8(ascii: "+") || characters[index] == UInt8(ascii: "-")
        {
            let sign = characters[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHours = number(2), expect(":"), let offsetMinutes = number(2), offsetHours < 24,
                offsetMinutes < 60
            else { return nil }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            return nil
        }
        guard index == characters.count else { return nil }
        let days = daysSince1970(year: year, month: month, day: day)
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        let milliseconds = seconds * 1000 + Int64((Double(nanoseconds) / 1_000_000).rounded())
        return date(milliseconds: milliseconds)
    }

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> Int64 {
        value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
    }

    // Proleptic Gregorian calendar conversions, after Howard Hinnant's public-domain
    // "days from civil" algorithms.
    static func daysSince1970(year: Int, month: Int, day: Int) -> Int64 {
        let shiftedYear = Int64(month <= 2 ? year - 1 : year)
        let era = floorDivision(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilDate(daysSince1970 days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        let month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        let year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }
}
