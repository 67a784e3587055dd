import TermUI
import Testing

@Suite("Key list")
struct KeyListTests {
    let list = KeyList(
        [("q  Esc", "back"), ("?", "every key"), ("Enter  Space", "stop or start the flipping cards")], keyWidth: 14)

    @Test func golden() {
        var canvas = screen()
        list.render(into: &canvas, in: Rect(x: 10, y: 2, width: 40, height: 5))
        expectFrame(
            canvas,
            [
                "",
                "",
                "           q  Esc        back",
                "           ?             every key",
                "           Enter  Space  stop or start the flipp…",
            ])
        #expect(styles(canvas, x: 11, y: 2, count: 1) == [.bold])
        #expect(styles(canvas, x: 25, y: 2, count: 1) == [.plain])
    }

    @Test func rowsThatDoNotFitAreLeftOutFromTheEnd() {
        var canvas = Canvas(size: Size(width: 30, height: 3))
        list.render(into: &canvas, in: Rect(x: 0, y: 0, width: 30, height: 2))
        expectFrame(canvas, [" q  Esc        back", " ?             every key"])
        var narrow = Canvas(size: Size(width: 10, height: 1))
        list.render(into: &narrow, in: narrow.bounds)
        #expect(narrow.lines() == [" q  Esc"])
        var empty = Canvas(size: Size(width: 10, height: 1))
        list.render(into: &empty, in: Rect(x: 0, y: 0, width: 0, height: 0))
        #expect(empty.lines() == [""])
    }
}
