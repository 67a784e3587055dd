import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where the history sheet and its parts go.
struct HistorySheetLayout {
    var sheet: Sheet
    var frame: Rect
    var problem: Rect
    var chartTitle: Rect
    var chart: Rect
    var list: Rect
    var closeButton: Rect
    var listRows: Int { list.height }

    init(screen size: Size, workout: HIITWorkout) {
        let screen = Rect(size: size)
        sheet = Sheet(title: "History", size: Size(width: min(size.width - 2, 66), height: min(size.height - 2, 22)))
        frame = sheet.frame(in: screen)
        let content = sheet.contentRect(in: screen).inset(left: 1, right: 1)
        closeButton = Button.frames(of: [Button("Close")], in: content.row(content.height - 1))[0]
        var rest = content.splitBottom(1).0
        if let problem = workout.historyProblem {
            let rows = min(2, Text(problem, wraps: true).laidOut(in: rest.size).count)
            (self.problem, rest) = rest.splitTop(rows)
        } else {
            problem = Rect(x: rest.x, y: rest.y, width: rest.width, height: 0)
        }
        let chartWidth = 7 * 3 + 6
        let roomy = rest.height >= 14
        if roomy {
            (chartTitle, rest) = rest.splitTop(1)
        } else {
            chartTitle = Rect(x: rest.x, y: rest.y, width: rest.width, height: 0)
        }
        let chartRows = roomy ? 7 : min(4, rest.height)
        let chartBand: Rect
        (chartBand, rest) = rest.splitTop(chartRows)
        chart = Rect(
            x: chartBand.x + max(0, (chartBand.width - chartWidth) / 2), y: chartBand.y,
            width: min(chartWidth, chartBand.width), height: chartBand.height)
        if roomy { rest = rest.inset(top: 1, bottom: 1) }
        list = rest
    }
}

/// Where the High Five sheet's parts go.
struct HighFiveLayout {
    var sheet: Sheet
    var letters: Rect
    /// The headline (exercises, time, streak) and the ratings, each wrapped.
    var summary: Rect
    var continueButton: Rect

    init(screen size: Size) {
        let screen = Rect(size: size)
        sheet = Sheet(size: Size(width: min(size.width - 2, 60), height: min(max(0, size.height - 2), 12)))
        let content = sheet.contentRect(in: screen)
        let summaryRows = max(1, min(4, content.height - 5))
        let rows = Layout.vertical([.length(3), .length(summaryRows), .length(1)], spacing: 0, alignment: .center)
            .split(content)
        letters = rows[0]
        summary = rows[1].inset(left: 1, right: 1)
        continueButton = Button.frames(of: [Button("Continue")], in: rows[2])[0]
    }
}

/// Where the field that makes, edits or renames a circuit goes, over the circuits list: a
/// label, the field and a problem.
struct CircuitFieldLayout {
    var sheet: Sheet
    var frame: Rect
    var label: Rect
    var field: Rect
    var problem: Rect

    init(screen size: Size, editing: CircuitsEditor.Editing) {
        let screen = Rect(size: size).inset(bottom: size.height > 0 ? 1 : 0)
        sheet = Sheet(
            title: Self.title(of: editing), size: Size(width: min(size.width - 2, 100), height: min(screen.height, 7)))
        frame = sheet.frame(in: screen)
        let content = sheet.contentRect(in: screen).inset(left: 1, right: 1)
        var rest: Rect
        (label, rest) = content.splitTop(1)
        (field, problem) = rest.splitTop(1)
        if problem.height > 1 { problem = problem.inset(top: 1) }
    }

    /// The sheet's title.
    static func title(of editing: CircuitsEditor.Editing) -> String {
        switch editing {
        case .new, .newNamed: "New circuit"
        case .spec: "Edit circuit"
        case .rename: "Rename circuit"
        }
    }

    /// What the label above the field says.
    static func label(of editing: CircuitsEditor.Editing, presets: [Circuit]) -> String {
        switch editing {
        case .new: "Name: exercises; rounds; warm-up; cool-down"
        case .newNamed(let name): "Exercises and timing of \(name):"
        case .spec(let index): "Exercises and timing of \(presets[index].name):"
        case .rename(let index): "New name of \(presets[index].name):"
        }
    }
}

/// Drawing the sheets over the pages: the history, the High Five and the circuits.
extension HIITWorkout {
    func renderHistory(into composition: inout Composition) {
        let layout = HistorySheetLayout(screen: composition.size, workout: self)
        let palette = self.palette
        let problem = historyProblem
        let calendar = historyCalendar
        let today = historyDay
        let week = HistorySummary.week(endingOn: today, sessions: history, calendar: calendar)
        let days = HistorySummary.days(of: history, calendar: calendar)
        let scroll = historySheetScroll
        let todayStart = calendar.startOfDay(for: today)
        composition.addSheet(layout.sheet) { canvas, _ in
            if let problem {
                Text(problem, style: palette.negative, wraps: true).render(into: &canvas, in: layout.problem)
            }
            Text("Exercises per day, last 7 days", style: palette.muted, alignment: .center)
                .render(into: &canvas, in: layout.chartTitle)
            let bars = week.map { day in
                BarChart.Bar(day.weekday, value: day.count)
            }
            let top = max(1, week.map(\.count).max() ?? 0)
            BarChart(
                bars, orientation: .vertical, maximum: Double(top), columnWidth: 3, barStyle: palette.bar,
                labelStyle: palette.muted, valueStyle: .bold
            ).render(into: &canvas, in: layout.chart)
            if let last = week.last, last.start == todayStart, layout.chart.height >= 2 {
                // Today's label stands out (bold, not by colour alone).
                let x = layout.chart.x + (week.count - 1) * 4
                canvas.write(last.weekday, at: Point(x: x, y: layout.chart.maxY - 1), style: .bold, clip: layout.chart)
            }
            if days.isEmpty {
                let empty = "No exercises yet: press Done when a countdown ends to record one."
                Text(empty, style: palette.muted, wraps: true).render(into: &canvas, in: layout.list)
            }
            // The days in view, with "▲ N more" / "▼ N more" where days are out of view.
            var state = scroll
            ScrollList.render(
                count: days.count, into: &canvas, in: layout.list, state: &state, markerStyle: palette.muted
            ) {
                canvas, area, index, _ in
                let day = days[index]
                let label = HistorySummary.dayLabel(day.start, today: today, calendar: calendar)
                let style: Style = day.start == todayStart ? .bold : .plain
                canvas.write(label, at: area.origin, style: style, clip: area)
                Text(day.line).render(into: &canvas, in: area.inset(left: 16))
                let count = "\(day.exercises.count)"
                canvas.write(count, at: Point(x: area.x + 14 - count.count, y: area.y), style: style, clip: area)
            }
            Button("Close", state: .focused).render(into: &canvas, in: layout.closeButton)
        }
    }

    func renderHighFive(into composition: inout Composition) {
        let layout = HighFiveLayout(screen: composition.size)
        let palette = self.palette
        let summary = highFiveSummary
        composition.addSheet(layout.sheet) { canvas, _ in
            BlockLetters.render("HIGH FIVE!", into: &canvas, in: layout.letters, style: palette.accent)
            let lines = summary.map { [$0.headline, $0.ratingsLine] } ?? []
            var area = layout.summary
            for (index, line) in lines.enumerated() where area.height > 0 {
                let text = Text(line, style: index == 0 ? .bold : palette.muted, alignment: .center, wraps: true)
                let rows = min(area.height, max(1, text.laidOut(in: area.size).count))
                let (top, rest) = area.splitTop(rows)
                text.render(into: &canvas, in: top)
                area = rest
            }
            Button("Continue", state: .focused).render(into: &canvas, in: layout.continueButton)
        }
    }

    /// The field `field` that makes, edits or renames a circuit (`editing` says which), over the
    /// circuits list.
    func renderCircuitField(
        _ field: TextFieldSheet, editing: CircuitsEditor.Editing, into composition: inout Composition
    ) {
        let layout = CircuitFieldLayout(screen: composition.size, editing: editing)
        let palette = self.palette
        _ = composition.addSheet(layout.sheet, in: Rect(size: composition.size).inset(bottom: 1)) { canvas, _ in
            Text(field.prompt, style: palette.muted).render(into: &canvas, in: layout.label)
            field.field.render(into: &canvas, in: layout.field)
            if let problem = field.message {
                Text(problem, style: palette.negative, wraps: true).render(into: &canvas, in: layout.problem)
            } else {
                let help = "Squat 30/10 is 30 s of work, 10 s of rest · Enter saves · Esc puts it back"
                Text(help, style: palette.muted, wraps: true).render(into: &canvas, in: layout.problem)
            }
        }
    }
}
