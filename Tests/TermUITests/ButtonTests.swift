import TermUI
import Testing

@Suite("Button")
struct ButtonTests {
    @Test func golden() {
        var canvas = screen()
        let buttons = [Button("Start", state: .focused), Button("Rules"), Button("Quit", state: .disabled)]
        let frames = Button.frames(of: buttons, in: canvas.bounds.row(20))
        for (button, frame) in zip(buttons, frames) {
            button.render(into: &canvas, in: frame)
        }
        Button("Stop", shape: .capsule).render(into: &canvas, in: Rect(x: 2, y: 22, width: 20, height: 1))
        Button("Skip rest", state: .focused, shape: .capsule)
            .render(into: &canvas, in: Rect(x: 70, y: 22, width: 10, height: 1))
        expectRows(
            canvas, from: 19,
            [
                "",
                "                         [ Start ]  [ Rules ]  [ Quit ]",
                "",
                "  ▐ Stop ▌                                                            ▐ Skip… ▌",
                "",
            ])
        #expect(
            frames == [
                Rect(x: 25, y: 20, width: 9, height: 1), Rect(x: 36, y: 20, width: 9, height: 1),
                Rect(x: 47, y: 20, width: 8, height: 1),
            ])
    }

    @Test func showsItsStateInItsStyle() {
        var canvas = Canvas(size: Size(width: 30, height: 3))
        Button("Go", state: .normal).render(into: &canvas, in: canvas.bounds.row(0))
        Button("Go", state: .focused).render(into: &canvas, in: canvas.bounds.row(1))
        Button("Go", state: .disabled).render(into: &canvas, in: canvas.bounds.row(2))
        #expect(canvas.lines() == ["[ Go ]", "[ Go ]", "[ Go ]"])
        #expect(styles(canvas, x: 0, y: 0, count: 7) == Array(repeating: .plain, count: 7))
        let reversedBold = Style(attributes: [.reverse, .bold])
        #expect(styles(canvas, x: 0, y: 1, count: 7) == Array(repeating: reversedBold, count: 6) + [.plain])
        #expect(styles(canvas, x: 0, y: 2, count: 7) == Array(repeating: .dim, count: 6) + [.plain])
    }

    @Test func capsulesAreFilledBetweenPlainEnds() {
        var canvas = Canvas(size: Size(width: 8, height: 2))
        let colour = Style(foreground: .green)
        Button("Go", shape: .capsule, normalStyle: colour.adding(.reverse)).render(into: &canvas, in: canvas.bounds)
        Button("Go", state: .disabled, shape: .capsule).render(into: &canvas, in: canvas.bounds.row(1))
        #expect(canvas.lines() == ["▐ Go ▌", "▐ Go ▌"])
        #expect(
            styles(canvas, x: 0, y: 0, count: 6) == [colour] + Array(repeating: colour.adding(.reverse), count: 4) + [
                colour
            ])
        #expect(canvas[0, 1].style == .dim)
        #expect(canvas[2, 1].style == Style(attributes: [.reverse, .dim]))
        let focused = Button("Go", state: .focused, shape: .capsule)
        #expect(focused.style == Style(attributes: [.reverse, .bold, .underline]))
    }

    @Test func measuresItselfForLayoutAndHitTesting() {
        let button = Button("Start")
        #expect(button.width == 9)
        #expect(button.size == Size(width: 9, height: 1))
        #expect(Button("漢字", shape: .capsule).width == 8)
        let frame = button.frame(at: Point(x: 10, y: 5))
        #expect(frame == Rect(x: 10, y: 5, width: 9, height: 1))
        #expect(frame.contains(Point(x: 10, y: 5)))
        #expect(frame.contains(Point(x: 18, y: 5)))
        #expect(!frame.contains(Point(x: 19, y: 5)))
        #expect(!frame.contains(Point(x: 12, y: 6)))
    }

    @Test func laysOutRowsAlignedInTheArea() {
        let buttons = [Button("A"), Button("BB")]
        let area = Rect(x: 10, y: 3, width: 20, height: 2)
        #expect(
            Button.frames(of: buttons, in: area, alignment: .leading, spacing: 1) == [
                Rect(x: 10, y: 3, width: 5, height: 1), Rect(x: 16, y: 3, width: 6, height: 1),
            ])
        #expect(
            Button.frames(of: buttons, in: area, alignment: .trailing) == [
                Rect(x: 17, y: 3, width: 5, height: 1), Rect(x: 24, y: 3, width: 6, height: 1),
            ])
        #expect(Button.frames(of: [], in: area).isEmpty)
    }

    @Test func truncatesItsTitleInANarrowArea() {
        var canvas = Canvas(size: Size(width: 12, height: 3), fill: Cell("."))
        Button("Start workout").render(into: &canvas, in: Rect(x: 0, y: 0, width: 10, height: 1))
        Button("Start workout").render(into: &canvas, in: Rect(x: 0, y: 1, width: 4, height: 1))
        Button("Start workout").render(into: &canvas, in: Rect(x: 0, y: 2, width: 0, height: 1))
        #expect(canvas.lines() == ["[ Start… ]..", "[ St........", "............"])
    }
}
