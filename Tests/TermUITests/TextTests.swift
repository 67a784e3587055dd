import TermUI
import Testing

@Suite("Text")
struct TextTests {
    @Test func golden() {
        var canvas = screen()
        Text("Card Workout", style: .bold, alignment: .center)
            .render(into: &canvas, in: Rect(x: 0, y: 0, width: 80, height: 1))
        Text("Each suit is an exercise and the rank is the number of reps.", wraps: true)
            .render(into: &canvas, in: Rect(x: 2, y: 2, width: 20, height: 4))
        Text(lines: ["Hearts", "Spades", "Clubs"], alignment: .trailing)
            .render(into: &canvas, in: Rect(x: 60, y: 2, width: 20, height: 2))
        Text("Kniebeugen 漢字 💪🏽 with a long tail", alignment: .center)
            .render(into: &canvas, in: Rect(x: 30, y: 7, width: 20, height: 1))
        Text("Draw without replacement until the deck is empty, then shuffle again.", wraps: true)
            .render(into: &canvas, in: Rect(x: 2, y: 9, width: 16, height: 3))
        expectFrame(
            canvas,
            [
                "                                  Card Workout",
                "",
                "  Each suit is an                                                         Hearts",
                "  exercise and the                                                        Spades",
                "  rank is the number",
                "  of reps.",
                "",
                "                              Kniebeugen 漢字 💪🏽…",
                "",
                "  Draw without",
                "  replacement",
                "  until the deck…",
            ])
        #expect(canvas[34, 0].style == .bold)
        #expect(canvas[33, 0].style == .plain)
    }

    @Test func truncatesToTheWidthWithAnEllipsis() {
        #expect("Warm up".truncated(toWidth: 7) == "Warm up")
        #expect("Warm up".truncated(toWidth: 6) == "Warm…")
        #expect("Warm up".truncated(toWidth: 5) == "Warm…")
        #expect("Warm up".truncated(toWidth: 1) == "…")
        #expect("Warm up".truncated(toWidth: 0) == "")
        #expect("Warm up".truncated(toWidth: -3) == "")
        #expect("".truncated(toWidth: 3) == "")
    }

    @Test func truncatesWideCharactersWhole() {
        #expect("漢字テスト".truncated(toWidth: 10) == "漢字テスト")
        #expect("漢字テスト".truncated(toWidth: 9) == "漢字テス…")
        #expect("漢字テスト".truncated(toWidth: 8) == "漢字テ…")
        #expect("漢字テスト".truncated(toWidth: 5) == "漢字…")
        #expect("漢字テスト".truncated(toWidth: 4) == "漢…")
        #expect("💪🏽💪🏽".truncated(toWidth: 3) == "💪🏽…")
        #expect("e\u{301}te\u{301}!".truncated(toWidth: 3) == "e\u{301}t…")
    }

    @Test func alignsEachLine() {
        var canvas = Canvas(size: Size(width: 9, height: 3))
        let area = Rect(x: 1, y: 0, width: 7, height: 3)
        Text(lines: ["ab", "abc", "漢"], alignment: .leading).render(into: &canvas, in: area.row(0))
        Text(lines: ["ab"], alignment: .center).render(into: &canvas, in: area.row(1))
        Text(lines: ["漢"], alignment: .trailing).render(into: &canvas, in: area.row(2))
        #expect(canvas.lines() == [" ab", "   ab", "      漢"])
        #expect(Alignment.center.offset(width: 3, in: 8) == 2)
        #expect(Alignment.trailing.offset(width: 3, in: 8) == 5)
        #expect(Alignment.trailing.offset(width: 10, in: 8) == 0)
        #expect(Alignment.center.offset(width: 10, in: 8) == 0)
    }

    @Test func splitsAtLineBreaksAndMeasuresItsNaturalSize() {
        let text = Text("Rest\n\n1:30 漢\r\nNext")
        #expect(text.lines == ["Rest", "", "1:30 漢", "Next"])
        #expect(text.size == Size(width: 7, height: 4))
        #expect(Text("").size == Size(width: 0, height: 1))
        #expect(Text(lines: []).size == .zero)
    }

    @Test func wrapsAtSpacesAndBreaksLongWords() {
        let text = Text("Supercalifragilistic  is   long", wraps: true)
        #expect(text.laidOut(in: Size(width: 8, height: 9)) == ["Supercal", "ifragili", "stic is", "long"])
        #expect(text.laidOut(in: Size(width: 8, height: 2)) == ["Supercal", "ifragil…"])
    }

    @Test func wrapsWideCharactersWithoutSplittingThem() {
        let text = Text("漢字テスト", wraps: true)
        #expect(text.laidOut(in: Size(width: 5, height: 9)) == ["漢字", "テス", "ト"])
        // A character wider than the area gets a row of its own (drawn as a space).
        #expect(text.laidOut(in: Size(width: 1, height: 9)) == ["漢", "字", "テ", "ス", "ト"])
    }

    @Test func keepsEmptyLinesWhenWrapping() {
        let text = Text("one\n\ntwo three", wraps: true)
        #expect(text.laidOut(in: Size(width: 5, height: 9)) == ["one", "", "two", "three"])
    }

    @Test func cutsLinesBelowTheAreaWithoutWrapping() {
        let text = Text(lines: ["first line", "second", "third"])
        #expect(text.laidOut(in: Size(width: 6, height: 2)) == ["first…", "second"])
        #expect(text.laidOut(in: Size(width: 0, height: 2)).isEmpty)
        #expect(text.laidOut(in: Size(width: 4, height: 0)).isEmpty)
    }

    @Test func drawsOnlyInsideItsArea() {
        var canvas = Canvas(size: Size(width: 6, height: 3), fill: Cell("."))
        Text("abcdefgh\nijklmnop\nqrstuvwx").render(into: &canvas, in: Rect(x: -2, y: 1, width: 5, height: 5))
        #expect(canvas.lines() == ["......", "cd…...", "kl…..."])
    }
}
