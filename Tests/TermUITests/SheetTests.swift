import TermUI
import Testing

@Suite("Sheet")
struct SheetTests {
    /// A home screen with a line of text under where the sheet will be.
    func homeScreen() -> Composition {
        var composition = Composition(size: Size(width: 80, height: 24))
        composition.add { canvas in
            canvas.write("TermFit", at: .zero, style: .bold)
            canvas.write(
                "Under the sheet: this line is hidden where the sheet covers it, seen elsewhere.",
                at: Point(x: 0, y: 10))
            HelpBar([.init("q", "Quit"), .init("?", "Help")]).render(into: &canvas, in: canvas.bounds.row(23))
        }
        return composition
    }

    @Test func golden() {
        var composition = homeScreen()
        let content = composition.addSheet(title: "Rules", size: Size(width: 30, height: 7)) { canvas, area in
            Text("Hearts are push-ups, spades are squats.", wraps: true).render(into: &canvas, in: area)
        }
        #expect(content == Rect(x: 26, y: 9, width: 28, height: 5))
        let frame = composition.flatten()
        expectFrame(
            frame,
            [
                "TermFit",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "                         ╭ Rules ─────────────────────╮",
                "                         │Hearts are push-ups, spades │",
                "Under the sheet: this lin│are squats.                 │vers it, seen elsewhere.",
                "                         │                            │",
                "                         │                            │",
                "                         │                            │",
                "                         ╰────────────────────────────╯",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "",
                "q Quit  ? Help",
            ])
    }

    @Test func dimsWhatIsBelowButNotItself() {
        var composition = homeScreen()
        composition.addSheet(title: "Rules", size: Size(width: 30, height: 7)) { canvas, area in
            canvas.write("bold", at: area.origin, style: .bold)
        }
        let frame = composition.flatten()
        // The screen below: bold taken away, everything dim, blank cells too.
        #expect(frame[0, 0].style == .dim)
        #expect(frame[0, 10].style == .dim)
        #expect(frame[79, 23].style == .dim)
        // The sheet: its border, cleared inside, title and content keep their own styles.
        #expect(frame[25, 8].style == .plain)
        #expect(frame[27, 8].style == .bold)
        #expect(frame[30, 11].style == .plain)
        #expect(frame[26, 9].style == .bold)
        #expect(frame[54, 14].style == .plain)
        #expect(composition.layers.map(\.level) == [.screen, .sheet])
        #expect(composition.layers.map(\.dimsBelow) == [false, true])
    }

    @Test func clampsToTheScreen() {
        let sheet = Sheet(title: "Edit Cards", size: Size(width: 100, height: 40))
        let screen = Rect(size: Size(width: 80, height: 24))
        #expect(sheet.frame(in: screen) == screen)
        #expect(sheet.contentRect(in: screen) == Rect(x: 1, y: 1, width: 78, height: 22))
        let odd = Sheet(size: Size(width: 11, height: 4))
        #expect(odd.frame(in: Rect(x: 0, y: 0, width: 20, height: 9)) == Rect(x: 4, y: 2, width: 11, height: 4))
    }

    @Test func skipsItsContentOnAScreenTooSmallForIt() {
        for size in [Size.zero, Size(width: 1, height: 1), Size(width: 2, height: 2), Size(width: 8, height: 2)] {
            var composition = Composition(size: size)
            let content = composition.addSheet(title: "Rules", size: Size(width: 30, height: 7)) { canvas, _ in
                canvas.fill(canvas.bounds, with: Cell("!"))
            }
            #expect(content.isEmpty)
            let frame = composition.flatten()
            #expect(frame.cells.allSatisfy { $0.glyph != Glyph("!") })
        }
        var composition = Composition(size: Size(width: 2, height: 2))
        composition.addSheet(size: Size(width: 30, height: 7)) { _, _ in }
        #expect(composition.flatten().lines() == ["╭╮", "╰╯"])
    }

    @Test func drawsAsciiSheets() {
        var composition = Composition(size: Size(width: 12, height: 5))
        composition.addSheet(title: "OK", size: Size(width: 8, height: 3), box: .ascii) { canvas, area in
            canvas.write("yes", at: area.origin)
        }
        expectFrame(composition.flatten(), ["", "  + OK --+", "  |yes   |", "  +------+", ""])
    }
}
