import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The progress sheet of an exercise: a bar per workout of its best estimated one-rep maximum
/// (Epley, sets of at most 12 reps) or its volume, newest at the bottom, and the records with
/// their dates.
public struct ProgressSheet: Hashable, Sendable {
    /// What the bars stand for.
    public enum Metric: Hashable, Sendable {
        /// The best estimated one-repetition maximum of each workout.
        case oneRepMax
        /// Weight × reps over each workout.
        case volume
    }

    /// What the bars stand for now.
    public var metric: Metric = .oneRepMax

    /// A sheet showing the estimated maximum first.
    public init(metric: Metric = .oneRepMax) {
        self.metric = metric
    }

    /// The other metric.
    mutating func toggle() {
        metric = metric == .oneRepMax ? .volume : .oneRepMax
    }

    /// "2026-11-14": a workout's day, in the member's time zone.
    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func two(_ value: Int?) -> String { (value ?? 0) < 10 ? "0\(value ?? 0)" : "\(value ?? 0)" }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))"
    }

    /// The chart's heading.
    func heading(unit: WeightUnit) -> String {
        switch metric {
        case .oneRepMax: "Best est. 1RM (\(PersonalBest.formula), sets of 1–12 reps), \(unit.rawValue)"
        case .volume: "Volume (weight × reps), \(unit.rawValue)"
        }
    }

    /// One bar per session, the newest last, weights in `unit`.
    func bars(of sessions: [ExerciseSession], unit: WeightUnit) -> [BarChart.Bar] {
        sessions.map { session in
            let kilograms = metric == .oneRepMax ? session.oneRepMax : session.volume
            let value = PersonalBest.weight(kilograms: kilograms, in: unit)
            let text =
                metric == .oneRepMax
                ? WeightText.display((value * 10).rounded() / 10) : WeightText.display(value.rounded())
            // A workout whose sets all had more than 12 reps has no estimate: a dash, not a 0.
            let shown = metric == .oneRepMax && kilograms <= 0 ? "–" : text
            return BarChart.Bar(String(Self.day(session.date).dropFirst(5)), value: value, valueText: shown)
        }
    }

    /// The records with their dates: heaviest set, best estimate, most volume.
    static func records(of sessions: [ExerciseSession], unit: WeightUnit) -> [String] {
        guard !sessions.isEmpty else { return [] }
        func shown(_ kilograms: Double, tenths: Bool = false) -> String {
            let value = PersonalBest.weight(kilograms: kilograms, in: unit)
            return WeightText.display(tenths ? (value * 10).rounded() / 10 : WeightText.rounded(value, step: unit.step))
                + " " + unit.rawValue
        }
        var lines: [String] = []
        if let heaviest = sessions.max(by: { ($0.heaviest, $0.heaviestReps) < ($1.heaviest, $1.heaviestReps) }) {
            lines.append("Heaviest     \(shown(heaviest.heaviest)) × \(heaviest.heaviestReps) · \(day(heaviest.date))")
        }
        if let best = sessions.max(by: { $0.oneRepMax < $1.oneRepMax }), best.oneRepMax > 0 {
            lines.append(
                "Best e1RM    \(shown(best.oneRepMax, tenths: true)) (\(PersonalBest.formula)) · \(day(best.date))")
        }
        if let most = sessions.max(by: { $0.volume < $1.volume }) {
            let volume = WeightText.display(PersonalBest.weight(kilograms: most.volume, in: unit).rounded())
            lines.append("Most volume  \(volume) \(unit.rawValue) · \(day(most.date))")
        }
        return lines
    }
}

/// Where the progress sheet's parts go.
struct ProgressSheetLayout {
    let sheet: Sheet
    /// The screen above the help bar, where the sheet is centred.
    let bounds: Rect
    let frame: Rect
    let heading: Rect
    let chart: Rect
    let records: Rect
    /// How many sessions the chart shows (the newest).
    let barCount: Int

    init(screen: Size, sessions: Int, title: String) {
        let wanted = Size(width: 64, height: 1 + max(1, sessions) + 1 + 3 + 2)
        let bounds = Rect(size: screen).inset(bottom: 1)
        self.bounds = bounds
        sheet = Sheet(
            title: title,
            size: Size(width: min(wanted.width, bounds.width - 2), height: min(wanted.height, bounds.height)))
        frame = sheet.frame(in: bounds)
        let inside = sheet.contentRect(in: bounds)
        heading = inside.row(0)
        let recordRows = min(3, max(0, inside.height - 2))
        records = Rect(x: inside.x, y: inside.maxY - recordRows, width: inside.width, height: recordRows)
        let chartTop = inside.y + 1
        let chartBottom = records.y - (inside.height >= 7 ? 1 : 0)
        chart = Rect(x: inside.x, y: chartTop, width: inside.width, height: max(0, chartBottom - chartTop))
        barCount = min(sessions, chart.height)
    }
}

extension DumbbellsWorkout {
    /// Draws the progress sheet of the exercise over everything.
    func renderProgress(_ progress: ProgressSheet, into composition: inout Composition) {
        let sessions = history.sessions
        let layout = ProgressSheetLayout(
            screen: composition.size, sessions: sessions.count, title: "Progress · \(settings.exercise)")
        let unit = settings.unit
        let palette = self.palette
        let ascii = !display.usesColor
        composition.addSheet(layout.sheet, in: layout.bounds) { canvas, area in
            Text(progress.heading(unit: unit), style: palette.muted).render(into: &canvas, in: layout.heading)
            if sessions.isEmpty {
                Text("No finished sets of this exercise yet", style: palette.muted).render(
                    into: &canvas, in: layout.chart)
            } else {
                let bars = progress.bars(of: Array(sessions.suffix(layout.barCount)), unit: unit)
                BarChart(bars, ascii: ascii, barStyle: palette.accent, labelStyle: palette.muted).render(
                    into: &canvas, in: layout.chart)
            }
            Text(lines: ProgressSheet.records(of: sessions, unit: unit)).render(into: &canvas, in: layout.records)
        }
    }
}
