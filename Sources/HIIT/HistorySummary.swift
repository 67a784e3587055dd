import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the history sheet and the exercise pages show from the sessions on record: the days with
/// their exercises, a week of counts, and the rating trend of one exercise. Only exercises that
/// were done (Done pressed) count.
public enum HistorySummary {
    /// One day with exercises done.
    public struct Day: Hashable, Sendable {
        /// The start of the day in the calendar's time zone.
        public var start: Date
        /// The exercises done that day, in the order they were done.
        public var exercises: [String]
        /// The seconds of all of them.
        public var seconds: Double = 0
        /// The ratings they were saved with (the unrated left out).
        public var ratings: [Int] = []

        /// Each exercise once, in the order first done, with how many times: Squat ×2, Burpee.
        public var tally: [(name: String, count: Int)] {
            var order: [String] = []
            var counts: [String: Int] = [:]
            for name in exercises {
                if counts[name] == nil { order.append(name) }
                counts[name, default: 0] += 1
            }
            return order.map { ($0, counts[$0] ?? 0) }
        }

        /// "2:30  ★3.5  Squat ×2, Burpee": the time, the average rating (– with none) and the
        /// exercises with their counts, for the history's row of the day.
        public var line: String {
            let rating =
                ratings.isEmpty
                ? "★ –" : "★" + String(Double(ratings.reduce(0, +)) / Double(ratings.count), fractionDigits: 1)
            let names = tally.map { $0.count > 1 ? "\($0.name) ×\($0.count)" : $0.name }.joined(separator: ", ")
            return "\(HistorySummary.clock(seconds))  \(rating)  \(names)"
        }
    }

    /// One bar of the week chart.
    public struct DayCount: Hashable, Sendable {
        /// The start of the day.
        public var start: Date
        /// "Mon", "Tue", …
        public var weekday: String
        /// Exercises done that day.
        public var count: Int
    }

    /// Every day with exercises done, newest first.
    public static func days(of sessions: [HIITSession], calendar: Calendar) -> [Day] {
        var byDay: [Date: [HIITSession]] = [:]
        for session in sessions where session.completed {
            byDay[calendar.startOfDay(for: session.startedAt), default: []].append(session)
        }
        return byDay.keys.sorted(by: >).map { start in
            let done = (byDay[start] ?? []).sorted {
                ($0.startedAt, $0.id.uuidString) < ($1.startedAt, $1.id.uuidString)
            }
            return Day(
                start: start, exercises: done.map(\.exercise), seconds: done.reduce(0) { $0 + $1.duration },
                ratings: done.compactMap(\.rating))
        }
    }

    /// The seven days ending on the day of `today`, oldest first, with the exercises done on each.
    public static func week(endingOn today: Date, sessions: [HIITSession], calendar: Calendar) -> [DayCount] {
        let last = calendar.startOfDay(for: today)
        var counts: [Date: Int] = [:]
        for session in sessions where session.completed {
            counts[calendar.startOfDay(for: session.startedAt), default: 0] += 1
        }
        return (0..<7).reversed().compactMap { back in
            guard let day = calendar.date(byAdding: .day, value: -back, to: last) else { return nil }
            let start = calendar.startOfDay(for: day)
            return DayCount(
                start: start, weekday: weekdayName(of: start, calendar: calendar), count: counts[start] ?? 0)
        }
    }

    /// The last ratings (at most `limit`) given to `exercise`, oldest first.
    public static func ratings(of exercise: String, in sessions: [HIITSession], limit: Int = 5) -> [Int] {
        let rated = sessions.filter { $0.completed && $0.exercise == exercise && $0.rating != nil }
            .sorted { ($0.startedAt, $0.id.uuidString) < ($1.startedAt, $1.id.uuidString) }
        return rated.suffix(limit).compactMap(\.rating)
    }

    /// The rating most recently given to `exercise`, if any.
    public static func latestRating(of exercise: String, in sessions: [HIITSession]) -> Int? {
        ratings(of: exercise, in: sessions, limit: 1).last
    }

    /// Which way ratings went: the newest against the average of those before it.
    public enum Trend: Hashable, Sendable {
        /// The newest rating is above the average of those before it.
        case rising
        /// The newest rating is about the average of those before it.
        case steady
        /// The newest rating is below the average of those before it.
        case falling

        /// "↑", "→" or "↓".
        public var arrow: String {
            switch self {
            case .rising: return "↑"
            case .steady: return "→"
            case .falling: return "↓"
            }
        }
    }

    /// The trend of `ratings` (oldest first), or `nil` with fewer than two.
    public static func trend(of ratings: [Int]) -> Trend? {
        guard let newest = ratings.last, ratings.count >= 2 else { return nil }
        let earlier = ratings.dropLast()
        let average = Double(earlier.reduce(0, +)) / Double(earlier.count)
        if Double(newest) > average + 0.25 { return .rising }
        if Double(newest) < average - 0.25 { return .falling }
        return .steady
    }

    /// "Today", "Yesterday", or "Wed 3 Dec" (with the year when it is not this year's).
    public static func dayLabel(_ start: Date, today: Date, calendar: Calendar) -> String {
        let todayStart = calendar.startOfDay(for: today)
        if start == todayStart { return "Today" }
        if let yesterday = calendar.date(byAdding: .day, value: -1, to: todayStart),
            calendar.startOfDay(for: yesterday) == start
        {
            return "Yesterday"
        }
        let parts = calendar.dateComponents([.year, .month, .day], from: start)
        let month = monthNames[((parts.month ?? 1) - 1).clamped(to: 0...11)]
        var label = "\(weekdayName(of: start, calendar: calendar)) \(parts.day ?? 1) \(month)"
        if parts.year != calendar.component(.year, from: todayStart) { label += " \(parts.year ?? 0)" }
        return label
    }

    /// "Mon", "Tue", … in English, whatever the locale (the screen is in English).
    static func weekdayName(of date: Date, calendar: Calendar) -> String {
        weekdayNames[(calendar.component(.weekday, from: date) - 1).clamped(to: 0...6)]
    }

    private static let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
}

/// What the High Five says once the last exercise of the circuit is done: the exercises, their
/// time, their ratings, and how many days in a row have exercises done.
public struct HighFiveSummary: Hashable, Sendable {
    /// The sessions of the circuit just done, in the circuit's order.
    public var exercises: [HIITSession]
    /// Days in a row, up to today, with an exercise done.
    public var streak: Int

    /// A summary of `exercises` with a streak of `streak` days.
    public init(exercises: [HIITSession], streak: Int) {
        self.exercises = exercises
        self.streak = streak
    }

    /// A summary of `exercises`, the streak counted in `history` back from `today`.
    public init(exercises: [HIITSession], history: [HIITSession], today: Date, calendar: Calendar) {
        self.init(exercises: exercises, streak: HistorySummary.streak(of: history, today: today, calendar: calendar))
    }

    /// The seconds of all the exercises.
    public var seconds: Double { exercises.reduce(0) { $0 + $1.duration } }

    /// "4 exercises in 2:04 · streak 3 days".
    public var headline: String {
        let count = exercises.count == 1 ? "1 exercise" : "\(exercises.count) exercises"
        let days = streak == 1 ? "1 day" : "\(streak) days"
        return "\(count) in \(HistorySummary.clock(seconds)) · streak \(days)"
    }

    /// "Rated: Squat 4, Step Up 3, Burpee –" (– for an exercise not rated), each exercise once.
    public var ratingsLine: String {
        var seen = Set<String>()
        let once = exercises.filter { seen.insert($0.exercise).inserted }
        return "Rated: "
            + once.map { session in "\(session.exercise) \(session.rating.map(String.init) ?? "–")" }
            .joined(separator: ", ")
    }
}

extension HistorySummary {
    /// Days in a row with an exercise done, ending today (or yesterday, when today has none yet).
    public static func streak(of sessions: [HIITSession], today: Date, calendar: Calendar) -> Int {
        let days = Set(sessions.filter(\.completed).map { calendar.startOfDay(for: $0.startedAt) })
        var day = calendar.startOfDay(for: today)
        if !days.contains(day), let yesterday = calendar.date(byAdding: .day, value: -1, to: day) {
            day = calendar.startOfDay(for: yesterday)
        }
        var count = 0
        while days.contains(day) {
            count += 1
            guard let before = calendar.date(byAdding: .day, value: -1, to: day) else { break }
            day = calendar.startOfDay(for: before)
        }
        return count
    }

    /// "M:SS" of whole seconds (rounded down), "H:MM:SS" from an hour.
    public static func clock(_ seconds: Double) -> String {
        let whole = max(0, Int(seconds))
        let (hours, minutes, rest) = (whole / 3600, whole / 60 % 60, whole % 60)
        let tail = (rest < 10 ? "0" : "") + "\(rest)"
        if hours > 0 { return "\(hours):" + (minutes < 10 ? "0" : "") + "\(minutes):" + tail }
        return "\(minutes):" + tail
    }
}

extension String {
    /// `value` with `digits` digits after the point (rounded half up), without a locale.
    init(_ value: Double, fractionDigits digits: Int) {
        let scale = (0..<digits).reduce(1) { result, _ in result * 10 }
        let scaled = Int((value * Double(scale)).rounded())
        let whole = scaled / scale
        let fraction = String(scaled % scale)
        self =
            digits == 0 ? "\(whole)" : "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}
