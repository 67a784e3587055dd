import TermUI
import Testing

@Suite("Progress bar")
struct ProgressBarTests {
    @Test func golden() {
        var canvas = screen()
        let row = Rect(x: 0, y: 0, width: 24, height: 1)
        ProgressBar(fraction: 0.42, label: "42%").render(into: &canvas, in: row)
        ProgressBar(fraction: 0.42, label: "42%", ascii: true).render(into: &canvas, in: row.offset(y: 1))
        ProgressBar(fraction: 1, label: "Done").render(into: &canvas, in: row.offset(y: 2))
        ProgressBar(fraction: 0, label: "0%", ascii: true).render(into: &canvas, in: row.offset(y: 3))
        ProgressBar(fraction: 0.5, label: "Set 2 of 4").render(
            into: &canvas, in: Rect(x: 40, y: 5, width: 40, height: 3))
        expectFrame(
            canvas,
            [
                "████████▍            42%",
                "########------------ 42%",
                "███████████████████ Done",
                "--------------------- 0%",
                "",
                "                                        ██████████████▌",
                "                                        ██████████████▌               Set 2 of 4",
                "                                        ██████████████▌",
            ])
    }

    @Test func movesInEighthsOfACell() {
        let drawn = (0...8).map { eighths -> String in
            var canvas = Canvas(size: Size(width: 1, height: 1))
            ProgressBar(fraction: Double(eighths) / 8).render(into: &canvas, in: canvas.bounds)
            return canvas.lines(trimmingTrailingSpaces: false)[0]
        }
        #expect(drawn == [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"])
    }

    @Test func isFullOnlyAtOne() {
        var canvas = Canvas(size: Size(width: 4, height: 2))
        ProgressBar(fraction: 0.999).render(into: &canvas, in: canvas.bounds.row(0))
        ProgressBar(fraction: 0.999, ascii: true).render(into: &canvas, in: canvas.bounds.row(1))
        #expect(canvas.lines() == ["███▉", "###-"])
    }

    @Test func clampsItsFraction() {
        #expect(ProgressBar(fraction: -0.5).clampedFraction == 0)
        #expect(ProgressBar(fraction: 1.7).clampedFraction == 1)
        #expect(ProgressBar(fraction: .nan).clampedFraction == 0)
        #expect(ProgressBar(fraction: .infinity).clampedFraction == 1)
        #expect(ProgressBar(fraction: 0.25).clampedFraction == 0.25)
        var canvas = Canvas(size: Size(width: 6, height: 3))
        ProgressBar(fraction: -2, ascii: true).render(into: &canvas, in: canvas.bounds.row(0))
        ProgressBar(fraction: 9, ascii: true).render(into: &canvas, in: canvas.bounds.row(1))
        ProgressBar(fraction: .nan, ascii: true).render(into: &canvas, in: canvas.bounds.row(2))
        #expect(canvas.lines() == ["------", "######", "------"])
    }

    @Test func leavesOutALabelThatDoesNotFit() {
        var canvas = Canvas(size: Size(width: 6, height: 2))
        ProgressBar(fraction: 0.5, label: "100%", ascii: true).render(
            into: &canvas, in: Rect(x: 0, y: 0, width: 5, height: 1))
        ProgressBar(fraction: 0.5, label: "100%", ascii: true).render(
            into: &canvas, in: Rect(x: 0, y: 1, width: 6, height: 1))
        #expect(canvas.lines() == ["##---", "- 100%"])
    }

    @Test func stylesTheBarTheTrackAndTheLabel() {
        var canvas = Canvas(size: Size(width: 8, height: 1))
        let bar = Style(foreground: .green)
        let track = Style(background: .brightBlack)
        let label = Style.bold
        ProgressBar(fraction: 0.3, label: "30", barStyle: bar, trackStyle: track, labelStyle: label)
            .render(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines() == ["█▌    30"])
        #expect(
            styles(canvas, x: 0, y: 0, count: 8) == [
                bar, Style(foreground: .green, background: .brightBlack), track, track, track, .plain, label, label,
            ])
    }
}

extension Rect {
    /// This rectangle moved down by `y` rows.
    fileprivate func offset(y: Int) -> Rect { Rect(x: x, y: self.y + y, width: width, height: height) }
}
