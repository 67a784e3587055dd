import TermUI
import TestSupport
import Testing

/// The one sheet asking for a line of text: the value it edits selected (the first key replaces
/// it), Enter commits the text (trimmed; empty is a value), Esc or a click outside cancels, a
/// paste goes in whole or says why not, every size draws inside the screen.
@Suite("Text field sheet")
struct TextFieldSheetTests {
    let context = ComponentContext(screen: Size(width: 80, height: 24))

    func type(_ text: String, into sheet: inout TextFieldSheet) {
        for character in text { #expect(sheet.update(.key(.character(character)), in: context) == nil) }
    }

    @Test func theFirstKeyReplacesTheValueAndEnterCommitsIt() {
        var sheet = TextFieldSheet(title: "Note", prompt: "Set 2", text: "old note")
        type("new", into: &sheet)
        #expect(sheet.field.text == "new")
        #expect(sheet.update(.key(.enter), in: context) == .committed("new"))
        var kept = TextFieldSheet(title: "Note", text: "old note")
        #expect(kept.update(.key(.enter), in: context) == .committed("old note"), "Enter keeps it as it was")
        var trimmed = TextFieldSheet(title: "Note")
        type("  a b  ", into: &trimmed)
        #expect(trimmed.update(.key(.enter), in: context) == .committed("a b"))
        var emptied = TextFieldSheet(title: "Note", text: "old")
        #expect(emptied.update(.key(.backspace), in: context) == nil)
        #expect(emptied.update(.key(.enter), in: context) == .committed(""), "an empty text is a value")
    }

    @Test func theKeysThatLeaveAFieldInAListCommitItWhenTheSheetSaysSo() {
        var plain = TextFieldSheet(title: "Note", text: "kept")
        #expect(plain.update(.key(.tab), in: context) == nil, "Tab commits only where it leaves the field")
        #expect(plain.update(.key(.down), in: context) == nil)
        for key: Key in [.tab, .backTab, .up, .down, .enter] {
            var sheet = TextFieldSheet(
                title: "Rule", text: "Push-ups", commitKeys: [.enter, .tab, .backTab, .up, .down])
            type("Dips", into: &sheet)
            #expect(sheet.update(.key(key), in: context) == .committed("Dips"), "\(key)")
        }
        let sheet = TextFieldSheet(title: "Rule", commitKeys: [.enter, .tab])
        #expect(sheet.bindings.action(for: .tab) == .tab, "the keys that commit are declared")
        #expect(KeysSheet(sheet.bindings).text.contains { $0.hasPrefix("Enter  Tab") })
    }

    @Test func aLetterBeyondASCIIIsTyped() {
        var sheet = TextFieldSheet(title: "Note", text: "old")
        type("Développé", into: &sheet)
        #expect(sheet.update(.key(.character("中")), in: context) == nil)
        #expect(sheet.update(.key(.enter), in: context) == .committed("Développé中"))
    }

    @Test func arrowsEndTheSelectionSoTypingGoesAfter() {
        var sheet = TextFieldSheet(title: "Note", text: "sore")
        #expect(sheet.update(.key(.right), in: context) == nil)
        type(" elbow", into: &sheet)
        #expect(sheet.update(.key(.enter), in: context) == .committed("sore elbow"))
    }

    @Test func escAndAClickOutsideCancelAHelpBarClickIsItsKey() {
        var sheet = TextFieldSheet(title: "Note", text: "kept")
        type("x", into: &sheet)
        #expect(sheet.update(.key(.escape), in: context) == .cancelled)
        var clicked = TextFieldSheet(title: "Note", text: "kept")
        #expect(clicked.update(.mouse(MouseEvent(.release, at: Point(x: 0, y: 0))), in: context) == .cancelled)
        // The help bar shows Enter Keep first: a click on it commits.
        var bar = TextFieldSheet(title: "Note", text: "kept")
        let helpBar = Rect(size: context.screen).row(context.screen.height - 1)
        let keep = (0..<helpBar.width).first {
            bar.bindings.barAction(at: Point(x: $0, y: helpBar.y), in: helpBar) == .enter
        }
        #expect(keep != nil)
        let point = Point(x: keep ?? 0, y: helpBar.y)
        #expect(bar.update(.mouse(MouseEvent(.release, at: point)), in: context) == .committed("kept"))
        // A click inside the sheet changes nothing.
        var inside = TextFieldSheet(title: "Note", text: "kept")
        let frame = inside.layout(on: context.screen).frame
        #expect(
            inside.update(.mouse(MouseEvent(.release, at: Point(x: frame.x + 2, y: frame.y + 1))), in: context) == nil)
    }

    @Test func aPasteGoesInWholeOrSaysWhyNot() {
        var sheet = TextFieldSheet(title: "Note", limit: 10)
        #expect(sheet.update(.paste("two\nlines"), in: context) == nil)
        #expect(sheet.field.text == "two lines", "a line break is a space")
        var long = TextFieldSheet(title: "Note", limit: 4)
        #expect(long.update(.paste("too long"), in: context) == nil)
        #expect(long.field.text.isEmpty)
        #expect(long.message != nil)
    }

    @Test func itDrawsItsTitlePromptFieldAndFooterInsideEveryScreen() {
        let sheet = TextFieldSheet(title: "Note", prompt: "Set 2 · 20 kg × 8", text: "felt easy")
        var composition = Composition(size: context.screen)
        sheet.render(into: &composition, in: context)
        let text = composition.flatten().lines().joined(separator: "\n")
        #expect(text.contains("Note"))
        #expect(text.contains("Set 2 · 20 kg × 8"))
        #expect(text.contains("Note: felt easy"))
        #expect(text.contains("Enter keeps it · Esc changes nothing"))
        for width in stride(from: 4, through: 120, by: 29) {
            for height in [1, 3, 5, 12, 40] {
                let screen = Size(width: width, height: height)
                let layout = sheet.layout(on: screen)
                let bounds = Rect(size: screen)
                for part in [layout.prompt, layout.fieldRow, layout.footer] where !part.isEmpty {
                    #expect(bounds.contains(part.origin), "\(screen): \(part)")
                    #expect(part.maxY <= layout.frame.maxY && part.maxX <= layout.frame.maxX, "\(screen): \(part)")
                }
                var small = Composition(size: screen)
                sheet.render(into: &small)
                #expect(small.flatten().lines().count == height)
            }
        }
    }
}
