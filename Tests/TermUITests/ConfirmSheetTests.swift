import TermUI
import Testing

@Suite("ConfirmSheet")
struct ConfirmSheetTests {
    let question = ConfirmSheet("Set 2 in progress is not saved.")

    /// A screen with a help bar showing the question's keys, and the sheet over it.
    func frame(_ size: Size) -> Canvas {
        var composition = Composition(size: size)
        composition.add { canvas in
            canvas.write("Under the sheet", at: .zero)
            HelpBar(ConfirmSheet.hints).render(into: &canvas, in: canvas.bounds.row(size.height - 1))
        }
        question.render(into: &composition)
        return composition.flatten()
    }

    @Test func golden() {
        expectFrame(
            frame(Size(width: 80, height: 24)),
            [
                "Under the sheet", "", "", "", "", "", "", "", "",
                "                      ╭ Leave? ─────────────────────────╮",
                "                      │ Set 2 in progress is not saved. │",
                "                      │                                 │",
                "                      │       [ Leave ]  [ Stay ]       │",
                "                      ╰─────────────────────────────────╯",
                "", "", "", "", "", "", "", "", "",
                "y Leave  n Stay",
            ])
    }

    @Test func aLongQuestionWrapsAndTheSheetLeavesTheHelpBarFreeAt40x12() {
        let long = ConfirmSheet(
            "Set 2 in progress is not saved. The workout is saved as abandoned (1 of 3 sets done).")
        var composition = Composition(size: Size(width: 40, height: 12))
        composition.add { canvas in
            HelpBar(ConfirmSheet.hints).render(into: &canvas, in: canvas.bounds.row(11))
        }
        long.render(into: &composition)
        let layout = long.layout(in: Size(width: 40, height: 12))
        #expect(layout.frame.maxY <= 11, "the last row stays the help bar's")
        #expect(layout.frame.width <= 38)
        #expect(composition.flatten().lines()[11] == "y Leave  n Stay")
        #expect(layout.lines.joined(separator: " ") == long.message, "every word shows")
    }

    @Test(arguments: [Size(width: 1, height: 1), Size(width: 20, height: 5), Size(width: 300, height: 3), Size.zero])
    func tinyScreensDrawWithoutTrouble(size: Size) {
        var composition = Composition(size: size)
        question.render(into: &composition)
        #expect(composition.flatten().size == size)
    }

    @Test func yAndEnterLeaveNAndEscStayOtherKeysDoNothing() {
        for key in [Key.character("y"), .character("Y"), .enter] { #expect(question.handle(key) == .leave) }
        for key in [Key.character("n"), .character("N"), .escape] { #expect(question.handle(key) == .stay) }
        for key in [Key.character("q"), .character(" "), .tab, .up, .character("x"), .function(1)] {
            #expect(question.handle(key) == .none, "\(key.name)")
        }
    }

    @Test func clicksOnTheButtonsTheHintsAndOutside() {
        let size = Size(width: 80, height: 24)
        let layout = question.layout(in: size)
        let helpBar = Rect(size: size).row(23)
        func release(_ point: Point) -> ConfirmSheet.Answer {
            question.handle(MouseEvent(.release, at: point), screen: size, helpBar: helpBar)
        }
        #expect(release(layout.leaveButton.origin) == .leave)
        #expect(release(Point(x: layout.stayButton.maxX - 1, y: layout.stayButton.y)) == .stay)
        #expect(release(Point(x: 0, y: 23)) == .leave, "the y Leave hint")
        #expect(release(Point(x: 9, y: 23)) == .stay, "the n Stay hint")
        #expect(release(layout.message.origin) == .none, "inside the sheet, on no button")
        #expect(release(Point(x: 0, y: 0)) == .stay, "outside the sheet")
        #expect(
            question.handle(MouseEvent(.press, at: layout.leaveButton.origin), screen: size, helpBar: helpBar) == .none,
            "a press is not a click")
    }

    @Test func theQuestionOnOneLineAndInPlainLines() {
        #expect(question.question == "Leave? Set 2 in progress is not saved.")
        var canvas = Canvas(size: Size(width: 30, height: 5))
        question.renderPlain(into: &canvas, in: canvas.bounds)
        #expect(
            canvas.lines() == [
                "Leave? Set 2 in progress is", "not saved.", "Keys: y Leave, n Stay", "", "",
            ])
    }
}
