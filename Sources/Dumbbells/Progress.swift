import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The progress sheet of an exercise: a time chart of each workout's best estimated one-rep
/// maximum (Epley, sets of at most 12 reps) or its volume over the last months, the latest value
/// and its change over the range, and the records with their dates.
public struct ProgressSheet: Hashable, Sendable {
    /// What the columns stand for.
    public enum Metric: Hashable, Sendable {
        /// The best estimated one-repetition maximum of each workout.
        case oneRepMax
        /// Weight × reps over each workout.
        case volume
    }

    /// How far back the chart reaches.
    public enum Range: Int, Hashable, Sendable, CaseIterable {
        /// The last three months.
        case threeMonths
        /// The last six months.
        case sixMonths
        /// The last twelve months.
        case year
        /// Every workout read.
        case all

        /// The months shown, `nil` for all.
        var months: Int? {
            switch self {
            case .threeMonths: 3
            case .sixMonths: 6
            case .year: 12
            case .all: nil
            }
        }
    }

    /// What the columns stand for now.
    public var metric: Metric
    /// How far back the chart reaches now.
    public var range: Range
    /// The member's day when the sheet opened: the chart's last day.
    public var today: CalendarDay

    /// The fewest days a chart covers, so that a short history is not drawn as a few wide blocks.
    static let shortestRange = 28

    /// A sheet of `metric` over `range`, ending on `today`.
    public init(metric: Metric = .oneRepMax, range: Range = .sixMonths, today: CalendarDay) {
        self.metric = metric
        self.range = range
        self.today = today
    }

    /// The sheet as `p` opens it at `now`: the estimate over six months, or over all of a history
    /// that is shorter.
    public init(sessions: [ExerciseSession], now: Date) {
        let today = Self.calendarDay(now)
        let oldest = Self.dated(sessions).first?.day
        let short = oldest.map { $0 > today.adding(months: -6) } ?? true
        self.init(range: short ? .all : .sixMonths, today: today)
    }

    /// The other metric.
    mutating func toggle() {
        metric = metric == .oneRepMax ? .volume : .oneRepMax
    }

    /// The next longer (or, for a negative step, shorter) range, round from all to three months.
    mutating func moveRange(by step: Int) {
        let count = Range.allCases.count
        range = Range(rawValue: ((range.rawValue + step) % count + count) % count) ?? .sixMonths
    }

    /// A session and its day in the member's time zone.
    struct DatedSession {
        var day: CalendarDay
        var session: ExerciseSession
    }

    /// `sessions` (oldest first) with their days, worked out once for a drawing: a year of
    /// workouts is hundreds of calendar look-ups.
    static func dated(_ sessions: [ExerciseSession]) -> [DatedSession] {
        let calendar = memberCalendar
        return sessions.map { DatedSession(day: calendarDay($0.date, in: calendar), session: $0) }
    }

    /// The Gregorian calendar in the member's time zone.
    private static var memberCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        return calendar
    }

    /// A date's day in the member's time zone.
    static func calendarDay(_ date: Date, in calendar: Calendar = memberCalendar) -> CalendarDay {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return CalendarDay(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }

    /// "2026-11-14": a workout's day, in the member's time zone.
    static func day(_ date: Date) -> String {
        calendarDay(date).description
    }

    /// "Aug 27": a day in the summary line, with its year when that is not today's ("Nov 3 2025").
    func shortDay(_ day: CalendarDay) -> String {
        day.year == today.year ? "\(day.monthName) \(day.day)" : "\(day.monthName) \(day.day) \(day.year)"
    }

    /// The chart's first day: `range` before today, or the first workout's day for all, and at
    /// least `shortestRange` days before today.
    func firstDay(of sessions: [DatedSession]) -> CalendarDay {
        let earliest = range.months.map { today.adding(months: -$0).adding(days: 1) } ?? sessions.first?.day ?? today
        return min(earliest, today.adding(days: -(Self.shortestRange - 1)))
    }

    /// The charted value of a session in `unit`; `nil` for a workout with no estimate (every set
    /// of more than 12 reps), which the chart leaves out rather than show as 0.
    func value(of session: ExerciseSession, unit: WeightUnit) -> Double? {
        let value = metric == .oneRepMax ? session.oneRepMax(in: unit) : session.volume(in: unit)
        guard value > 0 else { return nil }
        return value
    }

    /// Digits after the point: tenths for the estimate, whole numbers for volume.
    var decimals: Int { metric == .oneRepMax ? 1 : 0 }

    /// The sessions of the range that have a value, with their days, oldest first.
    func charted(_ sessions: [DatedSession], unit: WeightUnit) -> [(day: CalendarDay, value: Double)] {
        let first = firstDay(of: sessions)
        return sessions.compactMap { dated in
            guard dated.day >= first, dated.day <= today, let value = value(of: dated.session, unit: unit) else {
                return nil
            }
            return (dated.day, value)
        }
    }

    /// The range as the heading names it: "last 6 months", "all since Mar 2026"; shorter for a
    /// narrow sheet.
    func rangeName(of sessions: [DatedSession], short: Bool) -> String {
        switch range {
        case .threeMonths: return short ? "3 months" : "last 3 months"
        case .sixMonths: return short ? "6 months" : "last 6 months"
        case .year: return short ? "1 year" : "last 12 months"
        case .all:
            guard !short, let oldest = sessions.first?.day else { return "all" }
            return "all since \(oldest.monthName) \(oldest.year)"
        }
    }

    /// The chart's heading: metric, formula, unit and range, the longest form that fits `width`.
    func heading(unit: WeightUnit, sessions: [DatedSession] = [], width: Int = .max) -> String {
        let forms =
            switch metric {
            case .oneRepMax:
                [
                    "Best est. 1RM (\(PersonalBest.formula), sets of 1–12 reps), \(unit.rawValue)",
                    "e1RM (\(PersonalBest.formula), 1–12 reps), \(unit.rawValue)",
                ]
            case .volume: ["Volume (weight × reps), \(unit.rawValue)", "Volume (w × reps), \(unit.rawValue)"]
            }
        let long = rangeName(of: sessions, short: false)
        let short = rangeName(of: sessions, short: true)
        let tersest = metric == .oneRepMax ? "e1RM (\(PersonalBest.formula)), \(unit.rawValue)" : forms[1]
        let candidates = [
            forms[0] + " · " + long, forms[1] + " · " + long, forms[1] + " · " + short, tersest + " · " + short,
        ]
        return candidates.first { $0.displayWidth <= width } ?? candidates[3]
    }

    /// `value` as the sheet prints it: tenths for the estimate, whole numbers for volume.
    func shown(_ value: Double) -> String {
        TimeChart.format(value, decimals: decimals)
    }

    /// The line under the heading: the latest value and its change over the range, or why there
    /// is nothing to chart; "Latest e1RM" shortens to "Latest" when the line is wider than `width`.
    func summary(of sessions: [DatedSession], unit: WeightUnit, width: Int = .max) -> String {
        let first = firstDay(of: sessions)
        let inRange = sessions.filter { $0.day >= first && $0.day <= today }
        guard !inRange.isEmpty else {
            return "No workouts in the \(rangeName(of: sessions, short: false)) · ← → another range"
        }
        let charted = charted(sessions, unit: unit)
        guard let latest = charted.last, let earliest = charted.first else {
            return "No e1RM: every set had over 12 reps · Tab: volume"
        }
        let tail: String
        if charted.count == 1 {
            tail = "the only workout in range"
        } else if earliest.day == latest.day {
            tail = "\(charted.count) workouts, all on \(shortDay(latest.day))"
        } else {
            let change = latest.value - earliest.value
            tail = "\(change < 0 ? "" : "+")\(shown(change)) since \(shortDay(earliest.day))"
        }
        let line =
            "\(metric == .oneRepMax ? "Latest e1RM" : "Latest volume") \(shown(latest.value)) \(unit.rawValue) · \(tail)"
        return line.displayWidth <= width ? line : "Latest \(shown(latest.value)) \(unit.rawValue) · \(tail)"
    }

    /// The chart of `sessions` over the range, in `unit`.
    func chart(
        of sessions: [DatedSession], unit: WeightUnit, ascii: Bool, barStyle: Style, labelStyle: Style
    ) -> TimeChart {
        TimeChart(
            charted(sessions, unit: unit).map { TimeChart.Entry($0.day, $0.value) }, from: firstDay(of: sessions),
            to: today, decimals: decimals, ascii: ascii, barStyle: barStyle, labelStyle: labelStyle)
    }

    /// The records with their dates: heaviest set, best estimate, most volume.
    /// Narrower than 40 columns, the names are not padded into a column and the formula is left
    /// out (the heading names it).
    static func records(of sessions: [ExerciseSession], unit: WeightUnit, width: Int = .max) -> [String] {
        let compact = width < 40
        guard !sessions.isEmpty else { return [] }
        func shown(_ text: String) -> String { text + " " + unit.rawValue }
        func name(_ text: String) -> String {
            compact ? text + " " : text + String(repeating: " ", count: max(1, 13 - text.count))
        }
        var lines: [String] = []
        if let heaviest = sessions.max(by: { ($0.heaviest, $0.heaviestReps) < ($1.heaviest, $1.heaviestReps) }) {
            lines.append(
                name("Heaviest")
                    + "\(shown(heaviest.heaviestWeight.text(in: unit))) × \(heaviest.heaviestReps) · \(day(heaviest.date))"
            )
        }
        if let best = sessions.max(by: { $0.oneRepMax < $1.oneRepMax }), best.oneRepMax > 0 {
            let formula = compact ? "" : " (\(PersonalBest.formula))"
            lines.append(
                name("Best e1RM")
                    + "\(shown(Figures.oneRepMaxText(best.oneRepMax(in: unit))))\(formula) · \(day(best.date))")
        } else {
            lines.append(name("Best e1RM") + "none: no set of 1–12 reps")
        }
        if let most = sessions.max(by: { $0.volume < $1.volume }) {
            lines.append(
                name("Most volume") + "\(shown(Figures.volumeText(most.volume(in: unit)))) · \(day(most.date))")
        }
        return lines
    }
}

/// Where the progress sheet's parts go: the heading, the summary line, the chart, and the
/// records at the bottom; wider and taller on a large screen, so that a year reads in detail.
struct ProgressSheetLayout {
    let sheet: Sheet
    /// The screen above the help bar, where the sheet is centred.
    let bounds: Rect
    let frame: Rect
    let heading: Rect
    let summary: Rect
    let chart: Rect
    let records: Rect

    init(screen: Size, title: String) {
        let bounds = Rect(size: screen).inset(bottom: 1)
        self.bounds = bounds
        let chartRows = min(20, max(8, bounds.height - 10))
        let wanted = Size(width: max(64, bounds.width * 2 / 3), height: 2 + 2 + chartRows + 1 + 3)
        sheet = Sheet(
            title: title,
            size: Size(width: min(wanted.width, bounds.width - 2), height: min(wanted.height, bounds.height)))
        frame = sheet.frame(in: bounds)
        let inside = sheet.contentRect(in: bounds)
        heading = inside.row(0)
        summary = inside.height >= 6 ? inside.row(1) : Rect(x: inside.x, y: inside.y + 1, width: 0, height: 0)
        let recordRows = min(3, max(0, inside.height - 3))
        records = Rect(x: inside.x, y: inside.maxY - recordRows, width: inside.width, height: recordRows)
        let chartTop = inside.y + 1 + summary.height
        let chartBottom = records.y - (inside.height >= 10 ? 1 : 0)
        chart = Rect(x: inside.x, y: chartTop, width: inside.width, height: max(0, chartBottom - chartTop))
    }
}

extension DumbbellsWorkout {
    /// Draws the progress sheet of the exercise over everything.
    func renderProgress(_ progress: ProgressSheet, into composition: inout Composition) {
        let sessions = history.sessions
        let dated = ProgressSheet.dated(sessions)
        let layout = ProgressSheetLayout(screen: composition.size, title: "Progress · \(settings.exercise)")
        let unit = settings.unit
        let palette = self.palette
        let ascii = !display.usesColor
        composition.addSheet(layout.sheet, in: layout.bounds) { canvas, area in
            let heading = progress.heading(unit: unit, sessions: dated, width: layout.heading.width)
            Text(heading, style: palette.muted).render(into: &canvas, in: layout.heading)
            if sessions.isEmpty {
                Text("No finished sets of this exercise yet", style: palette.muted).render(
                    into: &canvas, in: layout.summary.isEmpty ? layout.chart : layout.summary)
            } else {
                Text(progress.summary(of: dated, unit: unit, width: layout.summary.width)).render(
                    into: &canvas, in: layout.summary)
                progress.chart(
                    of: dated, unit: unit, ascii: ascii, barStyle: palette.accent, labelStyle: palette.muted
                ).render(into: &canvas, in: layout.chart)
            }
            Text(lines: ProgressSheet.records(of: sessions, unit: unit, width: layout.records.width)).render(
                into: &canvas, in: layout.records)
        }
    }
}
