import TermUI
import Testing

/// A widget under test with a readable name.
struct Specimen: Sendable, CustomTestStringConvertible {
    let name: String
    let widget: any Widget & Sendable

    init(_ name: String, _ widget: any Widget & Sendable) {
        self.name = name
        self.widget = widget
    }

    var testDescription: String { name }
}

/// Every widget, drawn into areas of every awkward size and place, stays inside its area and
/// leaves no half of a wide character behind.
@Suite("Widget bounds")
struct WidgetBoundsTests {
    static let specimens: [Specimen] = [
        Specimen("text", Text("Kniebeugen 漢字 💪🏽 and more words to wrap", wraps: true)),
        Specimen("centred text", Text(lines: ["漢字", "ab"], alignment: .center)),
        Specimen("panel", Panel(title: "Rules 漢字")),
        Specimen("ascii panel", Panel(title: "Rules", box: .ascii, fill: .reverse)),
        Specimen("sheet", Sheet(title: "Edit Cards", size: Size(width: 9, height: 5))),
        Specimen("button", Button("漢字 Start", state: .focused)),
        Specimen("capsule", Button("Stop", shape: .capsule)),
        Specimen("progress", ProgressBar(fraction: 0.61, label: "61%")),
        Specimen("ascii progress", ProgressBar(fraction: 0.61, label: "61%", ascii: true)),
        Specimen("big digits", BigDigits("01:30")),
        Specimen("ascii big digits", BigDigits("9.5", font: .ascii)),
        Specimen("horizontal chart", BarChart([.init("漢", value: 3), .init("b", value: 0), .init("c", value: 1.5)])),
        Specimen(
            "vertical chart",
            BarChart([.init("Mon", value: 3), .init("Tue", value: 0), .init("漢字", value: 7)], orientation: .vertical)),
        Specimen(
            "time chart",
            TimeChart(
                [
                    .init(CalendarDay(year: 2026, month: 8, day: 30), 20),
                    .init(CalendarDay(year: 2026, month: 9, day: 3), 23.5),
                ],
                from: CalendarDay(year: 2026, month: 8, day: 20), to: CalendarDay(year: 2026, month: 9, day: 12),
                decimals: 1)),
        Specimen(
            "ascii time chart",
            TimeChart(
                [
                    .init(CalendarDay(year: 2025, month: 12, day: 30), 2),
                    .init(CalendarDay(year: 2026, month: 1, day: 3), 5),
                ],
                from: CalendarDay(year: 2025, month: 12, day: 1), to: CalendarDay(year: 2026, month: 2, day: 1),
                ascii: true)),
        Specimen("help bar", HelpBar([.init("q", "Quit"), .init("漢", "字"), .init("↑↓", "Move")])),
    ]

    static let areas: [Rect] = [
        Rect(x: 3, y: 2, width: 0, height: 0),
        Rect(x: 3, y: 2, width: 1, height: 1),
        Rect(x: 3, y: 2, width: 2, height: 1),
        Rect(x: 3, y: 2, width: 1, height: 3),
        Rect(x: 3, y: 2, width: 3, height: 3),
        Rect(x: 3, y: 2, width: -4, height: 3),
        Rect(x: 2, y: 1, width: 7, height: 4),
        Rect(x: -3, y: -1, width: 8, height: 4),
        Rect(x: 9, y: 4, width: 9, height: 5),
        Rect(x: 0, y: 0, width: 12, height: 6),
    ]

    @Test(arguments: specimens, areas)
    func staysInsideItsArea(_ specimen: Specimen, _ area: Rect) {
        let background = Cell("x", style: .underline)
        var canvas = Canvas(size: Size(width: 12, height: 6), fill: background)
        specimen.widget.render(into: &canvas, in: area)
        for y in 0..<canvas.size.height {
            for x in 0..<canvas.size.width where !area.contains(Point(x: x, y: y)) {
                #expect(canvas[x, y] == background, "cell (\(x), \(y)) outside \(area)")
            }
            for x in 0..<canvas.size.width where canvas[x, y].glyph.isContinuation {
                #expect(x > 0 && canvas[x - 1, y].glyph.width == 2, "orphan right half at (\(x), \(y))")
            }
            let last = canvas.size.width - 1
            #expect(canvas[last, y].glyph.width != 2, "wide left half in the last column of row \(y)")
        }
    }
}
