import TermUI
import Testing

@Suite("Bar chart")
struct BarChartTests {
    let week = [
        BarChart.Bar("Mon", value: 4), BarChart.Bar("Tue", value: 6), BarChart.Bar("Wed", value: 0),
        BarChart.Bar("Thu", value: 2.5),
    ]

    @Test func golden() {
        var canvas = screen()
        BarChart(week).render(into: &canvas, in: Rect(x: 0, y: 0, width: 40, height: 4))
        BarChart(week, orientation: .vertical).render(into: &canvas, in: Rect(x: 0, y: 10, width: 20, height: 8))
        expectFrame(
            canvas,
            [
                "Mon █████████████████████▍ 4",
                "Tue ████████████████████████████████ 6",
                "Wed 0",
                "Thu █████████████▍ 2.5",
                "",
                "",
                "",
                "",
                "",
                "",
                "     6",
                "    ███",
                " 4  ███",
                "███ ███     2.5",
                "███ ███     ▄▄▄",
                "███ ███     ███",
                "███ ███  0  ███",
                "Mon Tue Wed Thu",
            ])
    }

    @Test func matchesItsDocumentation() {
        let bars = Array(week.prefix(3))
        var canvas = Canvas(size: Size(width: 36, height: 5))
        BarChart(bars).render(into: &canvas, in: Rect(x: 0, y: 0, width: 20, height: 3))
        BarChart(bars, orientation: .vertical).render(into: &canvas, in: Rect(x: 24, y: 0, width: 11, height: 5))
        #expect(
            canvas.lines() == [
                "Mon █████████▍ 4             6",
                "Tue ██████████████ 6     4  ███",
                "Wed 0                   ███ ███",
                "                        ███ ███  0",
                "                        Mon Tue Wed",
            ])
    }

    @Test func drawsAsciiBarsInWholeCells() {
        var canvas = Canvas(size: Size(width: 40, height: 12))
        BarChart(week, ascii: true).render(into: &canvas, in: Rect(x: 0, y: 0, width: 40, height: 4))
        BarChart(week, orientation: .vertical, ascii: true)
            .render(into: &canvas, in: Rect(x: 0, y: 4, width: 20, height: 8))
        #expect(
            canvas.lines() == [
                "Mon ##################### 4",
                "Tue ################################ 6",
                "Wed 0",
                "Thu ############# 2.5",
                "     6",
                "    ###",
                " 4  ###",
                "### ###     2.5",
                "### ###     ###",
                "### ###     ###",
                "### ###  0  ###",
                "Mon Tue Wed Thu",
            ])
    }

    @Test func scalesToAGivenMaximum() {
        let ratings = [BarChart.Bar("1", value: 1), BarChart.Bar("2", value: 5), BarChart.Bar("3", value: 9)]
        var canvas = Canvas(size: Size(width: 14, height: 3))
        BarChart(ratings, maximum: 5, ascii: true).render(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines() == ["1 ## 1", "2 ########## 5", "3 ########## 9"])
    }

    @Test func showsAtLeastAnEighthForAnyPositiveValue() {
        let bars = [BarChart.Bar("a", value: 1000), BarChart.Bar("b", value: 1)]
        var canvas = Canvas(size: Size(width: 12, height: 2))
        BarChart(bars).render(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines() == ["a █████ 1000", "b ▏ 1"])
    }

    @Test func keepsTheLabelOfAZeroOrNegativeValue() {
        let bars = [BarChart.Bar("none", value: 0), BarChart.Bar("less", value: -3)]
        var canvas = Canvas(size: Size(width: 12, height: 2))
        BarChart(bars).render(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines() == ["none 0", "less -3"])
        var vertical = Canvas(size: Size(width: 12, height: 4))
        BarChart(bars, orientation: .vertical).render(into: &vertical, in: vertical.bounds)
        #expect(vertical.lines() == ["", "", " 0    -3", "none less"])
    }

    @Test func printsValuesExactly() {
        #expect(BarChart.Bar("a", value: 4).valueText == "4")
        #expect(BarChart.Bar("a", value: 2.5).valueText == "2.5")
        #expect(BarChart.Bar("a", value: 0.1).valueText == "0.1")
        #expect(BarChart.Bar("a", value: -12).valueText == "-12")
        #expect(BarChart.Bar("a", value: 7, valueText: "7 kg").valueText == "7 kg")
    }

    @Test func colorsEachBar() {
        let red = Style(foreground: .red)
        let bars = [BarChart.Bar("a", value: 2, style: red), BarChart.Bar("b", value: 2)]
        var canvas = Canvas(size: Size(width: 6, height: 2))
        BarChart(bars, barStyle: .bold, labelStyle: .dim, valueStyle: .underline)
            .render(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines() == ["a ██ 2", "b ██ 2"])
        #expect(styles(canvas, x: 0, y: 0, count: 6) == [.dim, .plain, red, red, .plain, .underline])
        #expect(styles(canvas, x: 2, y: 1, count: 2) == [.bold, .bold])
    }

    @Test func leavesOutValuesAndBarsThatFindNoRoom() {
        // Too narrow for the values: bars take the room.
        var narrow = Canvas(size: Size(width: 6, height: 2))
        BarChart(week).render(into: &narrow, in: narrow.bounds)
        #expect(narrow.lines() == ["Mon █▍", "Tue ██"])
        // Too few rows: the first bars are shown.
        var short = Canvas(size: Size(width: 20, height: 1))
        BarChart(week, ascii: true).render(into: &short, in: short.bounds)
        #expect(short.lines() == ["Mon ######### 4"])
        // A vertical chart too narrow for every column at its width leaves out the last ones.
        var columns = Canvas(size: Size(width: 9, height: 4))
        BarChart(week, orientation: .vertical, ascii: true, columnWidth: 3)
            .render(into: &columns, in: columns.bounds)
        #expect(columns.lines() == ["     6", " 4  ###", "### ###", "Mon Tue"])
        // An automatic column width shrinks to fit, truncating labels.
        var shrunk = Canvas(size: Size(width: 7, height: 4))
        BarChart(week, orientation: .vertical, ascii: true).render(into: &shrunk, in: shrunk.bounds)
        #expect(shrunk.lines() == ["  6", "4 #   …", "# # 0 #", "… … … …"])
    }
}
