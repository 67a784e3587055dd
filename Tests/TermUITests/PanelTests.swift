import TermUI
import Testing

@Suite("Panel")
struct PanelTests {
    @Test func golden() {
        var canvas = screen()
        Panel(title: "Rules").render(into: &canvas, in: Rect(x: 0, y: 0, width: 20, height: 5))
        Panel(title: "A very long title here", box: .square)
            .render(into: &canvas, in: Rect(x: 22, y: 0, width: 12, height: 3))
        Panel(title: "Sets", box: .heavy, titleAlignment: .center)
            .render(into: &canvas, in: Rect(x: 36, y: 0, width: 14, height: 4))
        Panel(box: .double).render(into: &canvas, in: Rect(x: 52, y: 0, width: 6, height: 3))
        Panel(title: "ASCII", box: .ascii, titleAlignment: .trailing)
            .render(into: &canvas, in: Rect(x: 60, y: 0, width: 20, height: 3))
        expectFrame(
            canvas,
            [
                "╭ Rules ───────────╮  ┌ A very… ─┐  ┏━━━ Sets ━━━┓  ╔════╗  +----------- ASCII +",
                "│                  │  │          │  ┃            ┃  ║    ║  |                  |",
                "│                  │  └──────────┘  ┃            ┃  ╚════╝  +------------------+",
                "│                  │                ┗━━━━━━━━━━━━┛",
                "╰──────────────────╯",
            ])
    }

    @Test func exposesItsContentRect() {
        let panel = Panel(title: "Rules")
        #expect(panel.contentRect(in: Rect(x: 0, y: 0, width: 20, height: 5)) == Rect(x: 1, y: 1, width: 18, height: 3))
        #expect(panel.contentRect(in: Rect(x: 4, y: 2, width: 2, height: 2)).isEmpty)
    }

    @Test func stylesTheBorderAndTheTitleApart() {
        var canvas = Canvas(size: Size(width: 12, height: 3))
        let border = Style(foreground: .cyan)
        let title = Style(foreground: .yellow, attributes: .bold)
        Panel(title: "Sets", borderStyle: border, titleStyle: title).render(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines()[0] == "╭ Sets ────╮")
        #expect(styles(canvas, x: 0, y: 0, count: 8) == [border, border, title, title, title, title, border, border])
        #expect(canvas[0, 1].style == border)
        #expect(canvas[11, 2].style == border)
        #expect(canvas[5, 1].style == .plain)
    }

    @Test func fillsItsInsideOnlyWhenAsked() {
        var canvas = Canvas(size: Size(width: 5, height: 4), fill: Cell("x"))
        Panel(box: .ascii).render(into: &canvas, in: Rect(x: 0, y: 0, width: 5, height: 4))
        #expect(canvas.lines() == ["+---+", "|xxx|", "|xxx|", "+---+"])
        Panel(box: .ascii, fill: .reverse).render(into: &canvas, in: Rect(x: 0, y: 0, width: 5, height: 4))
        #expect(canvas.lines() == ["+---+", "|   |", "|   |", "+---+"])
        #expect(canvas[2, 2].style == .reverse)
    }

    @Test func drawsWhatFitsInTinyAreas() {
        func drawn(_ width: Int, _ height: Int) -> [String] {
            var canvas = Canvas(size: Size(width: 6, height: 4))
            Panel(title: "Rules").render(into: &canvas, in: Rect(x: 0, y: 0, width: width, height: height))
            return canvas.lines()
        }
        #expect(drawn(0, 0) == ["", "", "", ""])
        #expect(drawn(1, 1) == ["╭", "", "", ""])
        #expect(drawn(2, 2) == ["╭╮", "╰╯", "", ""])
        #expect(drawn(5, 1) == ["╭ … ╮", "", "", ""])
        #expect(drawn(1, 3) == ["╭", "│", "╰", ""])
        // Four columns leave no room for a title; five leave one cell.
        #expect(drawn(4, 2) == ["╭──╮", "╰──╯", "", ""])
        #expect(drawn(5, 2) == ["╭ … ╮", "╰───╯", "", ""])
    }

    @Test func titlesWithWideCharactersFit() {
        var canvas = Canvas(size: Size(width: 10, height: 2))
        Panel(title: "漢字テスト").render(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines() == ["╭ 漢字… ─╮", "╰────────╯"])
    }
}
