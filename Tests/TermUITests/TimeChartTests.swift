import TermUI
import Testing

@Suite("Time chart")
struct TimeChartTests {
    /// Eight months of a lift: three workouts a week with gaps, a deload in December.
    static let months: [TimeChart.Entry] = {
        var entries: [TimeChart.Entry] = []
        let start = CalendarDay(year: 2026, month: 4, day: 1)
        for day in stride(from: 0, to: 236, by: 1) where day % 7 == 0 || day % 7 == 3 {
            // A holiday in June: two weeks without training.
            if (70..<84).contains(day) { continue }
            let value = 20 + Double(day) / 24 - ((200..<208).contains(day) ? 4 : 0)
            entries.append(.init(start.adding(days: day), value))
        }
        return entries
    }()

    @Test func calendarDaysCountFromNineteenSeventy() {
        #expect(CalendarDay(year: 1970, month: 1, day: 1).ordinal == 0)
        #expect(CalendarDay(year: 2000, month: 3, day: 1).ordinal == 11_017)
        #expect(CalendarDay(year: 1969, month: 12, day: 31).ordinal == -1)
        #expect(CalendarDay(year: 2024, month: 2, day: 29).adding(days: 1).description == "2024-03-01")
        #expect(CalendarDay(year: 2026, month: 11, day: 24).description == "2026-11-24")
        for ordinal in stride(from: -800_000, through: 800_000, by: 997) {
            let day = CalendarDay(ordinal: ordinal)
            #expect(CalendarDay(year: day.year, month: day.month, day: day.day) == day, "\(ordinal)")
        }
    }

    @Test func monthsAreAddedToTheSameDayOrTheMonthsLast() {
        let day = CalendarDay(year: 2026, month: 3, day: 31)
        #expect(day.adding(months: -1).description == "2026-02-28")
        #expect(day.adding(months: -3).description == "2025-12-31")
        #expect(day.adding(months: -13).description == "2025-02-28")
        #expect(CalendarDay(year: 2024, month: 3, day: 30).adding(months: -1).description == "2024-02-29")
        #expect(CalendarDay(year: 2026, month: 11, day: 24).adding(months: 2).description == "2027-01-24")
    }

    @Test func golden() {
        var canvas = Canvas(size: Size(width: 60, height: 8))
        TimeChart(
            Self.months, from: CalendarDay(year: 2026, month: 4, day: 1),
            to: CalendarDay(year: 2026, month: 11, day: 23),
            decimals: 1
        ).render(into: &canvas, in: Rect(x: 0, y: 0, width: 60, height: 8))
        expectFrame(
            canvas,
            [
                "          29.8┤                           ▁▂ ▅▆▇█",
                "              │                    ▂▃▄▅▆▇███ ████",
                "              │            ▁▂▃▄▅▆▇██████████▄████",
                "              │     ▁▂▃▄▅  ██████████████████████",
                "              │▃▅▆▇██████  ██████████████████████",
                "              │██████████  ██████████████████████",
                "          15.0┤██████████  ██████████████████████",
                "               Apr May Jun  Jul Aug  Sep Oct Nov",
            ])
    }

    @Test func asciiDrawsWholeCellsAndADotForAPart() {
        var canvas = Canvas(size: Size(width: 40, height: 6))
        TimeChart(
            Self.months, from: CalendarDay(year: 2026, month: 9, day: 1),
            to: CalendarDay(year: 2026, month: 11, day: 23),
            decimals: 1, ascii: true
        ).render(into: &canvas, in: Rect(x: 0, y: 0, width: 40, height: 6))
        expectFrame(
            canvas,
            [
                "     29.8+            .   . . . #",
                "         |  . . . . # #   # # # #",
                "         |# # # # # # #   # # # #",
                "         |# # # # # # # . # # # #",
                "     21.5+# # # # # # # # # # # #",
                "          Sep     Oct     Nov",
            ])
    }

    @Test func januaryIsNamedByItsYear() {
        let entries = [
            TimeChart.Entry(CalendarDay(year: 2025, month: 11, day: 20), 1800),
            TimeChart.Entry(CalendarDay(year: 2026, month: 1, day: 8), 2100),
            TimeChart.Entry(CalendarDay(year: 2026, month: 2, day: 12), 2400),
        ]
        var canvas = Canvas(size: Size(width: 40, height: 5))
        TimeChart(
            entries, from: CalendarDay(year: 2025, month: 11, day: 1), to: CalendarDay(year: 2026, month: 2, day: 28)
        )
        .render(into: &canvas, in: Rect(x: 0, y: 0, width: 40, height: 5))
        expectFrame(
            canvas,
            [
                "        2400┤               █",
                "            │          ▅    █",
                "            │   ▃      █    █",
                "        1500┤   █      █    █",
                "             Nov  Dec 2026 Feb",
            ])
    }

    @Test func aRangeWithinAMonthNamesItsMonth() {
        let entries = [TimeChart.Entry(CalendarDay(year: 2026, month: 2, day: 10), 30)]
        var canvas = Canvas(size: Size(width: 30, height: 4))
        TimeChart(
            entries, from: CalendarDay(year: 2026, month: 2, day: 2), to: CalendarDay(year: 2026, month: 2, day: 27)
        )
        .render(into: &canvas, in: Rect(x: 0, y: 0, width: 30, height: 4))
        expectFrame(
            canvas,
            [
                "30┤        █",
                "  │        █",
                " 0┤        █",
                "   Feb",
            ])
    }

    @Test func noValuesDrawsTheMonthsAlone() {
        var canvas = Canvas(size: Size(width: 30, height: 4))
        TimeChart([], from: CalendarDay(year: 2026, month: 8, day: 25), to: CalendarDay(year: 2026, month: 11, day: 24))
            .render(into: &canvas, in: Rect(x: 0, y: 0, width: 30, height: 4))
        expectFrame(
            canvas,
            [
                "",
                "",
                "",
                "   Sep       Oct     Nov",
            ])
    }

    @Test func aColumnIsADayOrTheFewestWholeWeeksThatFit() {
        let chart = TimeChart([], from: CalendarDay(ordinal: 0), to: CalendarDay(ordinal: 181))
        #expect(chart.columns(inWidth: 60) == .init(span: 7, count: 26, width: 2))
        #expect(chart.columns(inWidth: 100) == .init(span: 7, count: 26, width: 3))
        #expect(chart.columns(inWidth: 182) == .init(span: 1, count: 182, width: 1))
        #expect(chart.columns(inWidth: 20) == .init(span: 14, count: 13, width: 1))
        #expect(chart.columns(inWidth: 1) == .init(span: 224, count: 1, width: 1))
        #expect(chart.columns(inWidth: 0).count == 0)
        let month = TimeChart([], from: CalendarDay(ordinal: 0), to: CalendarDay(ordinal: 27))
        #expect(month.columns(inWidth: 60) == .init(span: 1, count: 28, width: 2))
        #expect(month.columns(inWidth: 20) == .init(span: 7, count: 4, width: 4))
    }

    @Test func eachColumnShowsTheBestOfItsSpanAndEmptySpansNothing() {
        let chart = TimeChart(
            [.init(CalendarDay(ordinal: 0), 5), .init(CalendarDay(ordinal: 1), 7), .init(CalendarDay(ordinal: 6), 2)],
            from: CalendarDay(ordinal: 0), to: CalendarDay(ordinal: 8))
        // The spans end on the last day: 0, 1–2, 3–4, 5–6, 7–8.
        #expect(chart.columnValues(span: 2, count: 5) == [5, 7, nil, 2, nil])
    }

    @Test func theAxisStartsBelowTheSmallestValueAtARoundNumber() {
        let chart = TimeChart([], from: CalendarDay(ordinal: 0), to: CalendarDay(ordinal: 1), decimals: 1)
        #expect(chart.axis(of: [28, 31.5])! == (26, 31.5))
        #expect(chart.axis(of: [1400, 2600])! == (500, 2600))
        #expect(chart.axis(of: [30])! == (0, 30), "one value fills the height")
        #expect(chart.axis(of: []) == nil)
        #expect(TimeChart.format(31.46, decimals: 1) == "31.5")
        #expect(TimeChart.format(-0.5, decimals: 0) == "-1")
        #expect(TimeChart.format(1840, decimals: 0) == "1840")
    }

    @Test func everySmallRoomDrawsWithoutTrouble() {
        for width in 0...6 {
            for height in 0...5 {
                var canvas = Canvas(size: Size(width: 8, height: 7))
                let area = Rect(x: 1, y: 1, width: width, height: height)
                TimeChart(
                    Self.months, from: CalendarDay(year: 2026, month: 4, day: 1),
                    to: CalendarDay(year: 2026, month: 11, day: 23)
                )
                .render(into: &canvas, in: area)
                let drawn = (0..<7).flatMap { y in (0..<8).map { x in (x, y) } }.filter { canvas[$0.0, $0.1] != .blank }
                #expect(drawn.allSatisfy { area.contains(Point(x: $0.0, y: $0.1)) }, "\(width)×\(height)")
                if width > 0 && height > 0 { #expect(!drawn.isEmpty, "\(width)×\(height) shows the columns") }
            }
        }
    }
}
