import TermUI
import Testing

@Suite("Help bar")
struct HelpBarTests {
    let hints: [HelpBar.Hint] = [.init("q", "Quit"), .init("?", "Help"), .init("↑↓", "Move")]

    @Test func golden() {
        var canvas = screen()
        HelpBar(hints, alignment: .center).render(into: &canvas, in: canvas.bounds.row(21))
        HelpBar(hints).render(into: &canvas, in: canvas.bounds.row(23))
        expectRows(
            canvas, from: 20,
            [
                "",
                "                            q Quit  ? Help  ↑↓ Move",
                "",
                "q Quit  ? Help  ↑↓ Move",
            ])
    }

    @Test func dropsWholeHintsFromTheEnd() {
        func drawn(width: Int) -> String {
            var canvas = Canvas(size: Size(width: 30, height: 1))
            HelpBar(hints).render(into: &canvas, in: Rect(x: 0, y: 0, width: width, height: 1))
            return canvas.lines()[0]
        }
        #expect(drawn(width: 23) == "q Quit  ? Help  ↑↓ Move")
        #expect(drawn(width: 22) == "q Quit  ? Help")
        #expect(drawn(width: 14) == "q Quit  ? Help")
        #expect(drawn(width: 13) == "q Quit")
        #expect(drawn(width: 6) == "q Quit")
        #expect(drawn(width: 5) == "")
        #expect(drawn(width: 0) == "")
        #expect(HelpBar(hints).fittingCount(width: 22) == 2)
    }

    @Test func stylesKeysApartFromDescriptions() {
        var canvas = Canvas(size: Size(width: 20, height: 1))
        HelpBar(hints, keyStyle: .reverse, descriptionStyle: .dim).render(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines() == ["q Quit  ? Help"])
        #expect(
            styles(canvas, x: 0, y: 0, count: 10) == [
                .reverse, .plain, .dim, .dim, .dim, .dim, .plain, .plain, .reverse, .plain,
            ])
        var bold = Canvas(size: Size(width: 10, height: 1))
        HelpBar([.init("↑↓", "Move")]).render(into: &bold, in: bold.bounds)
        // The arrows are one cell each.
        #expect(styles(bold, x: 0, y: 0, count: 4) == [.bold, .bold, .plain, .plain])
    }

    @Test func namesKeys() {
        var canvas = Canvas(size: Size(width: 40, height: 1))
        HelpBar([.init(Key.escape, "Back"), .init(Key.character(" "), "Flip"), .init(Key.control("c"), "Quit")])
            .render(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines() == ["Esc Back  Space Flip  Ctrl-C Quit"])
    }

    @Test func exposesHintFramesForHitTesting() {
        let bar = HelpBar(hints)
        #expect(
            bar.frames(in: Rect(x: 2, y: 5, width: 30, height: 1)) == [
                Rect(x: 2, y: 5, width: 6, height: 1), Rect(x: 10, y: 5, width: 6, height: 1),
                Rect(x: 18, y: 5, width: 7, height: 1),
            ])
        #expect(bar.frames(in: Rect(x: 0, y: 0, width: 10, height: 1)).count == 1)
        #expect(bar.frames(in: Rect(x: 0, y: 0, width: 10, height: 0)).isEmpty)
        #expect(HelpBar.Hint("Enter", "").width == 5)
    }
}
