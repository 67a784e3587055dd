import TermUI
import Testing

/// The one editing rule (the spreadsheet's) that every field in TermFit follows.
@Suite("TextField")
struct TextFieldTests {
    @Test func aFieldMadeWithAValueIsSelectedAndTheFirstCharacterReplacesIt() {
        var field = TextField("10", limit: 3)
        #expect(field.isSelected)
        #expect(field.handle(.character("1")) == .edited)
        #expect(field.handle(.character("2")) == .edited)
        #expect(field.text == "12")
        #expect(!field.isSelected)
    }

    @Test func escPutsBackTheValueEditingBeganWith() {
        var field = TextField("27.5", limit: 5)
        _ = field.handle(.character("3"))
        _ = field.handle(.character("0"))
        #expect(field.text == "30")
        #expect(field.handle(.escape) == .cancelled)
        #expect(field.text == "27.5")
        #expect(!field.isModified)
    }

    @Test func enterSubmitsWhatTheFieldShowsAndCommitMakesItTheNewValueToComeBackTo() {
        var field = TextField("10", limit: 3)
        _ = field.handle(.character("1"))
        _ = field.handle(.character("2"))
        #expect(field.handle(.enter) == .submitted)
        #expect(field.text == "12")
        field.commit()
        _ = field.handle(.character("9"))  // No longer selected: appends.
        _ = field.handle(.escape)
        #expect(field.text == "12")
    }

    @Test func backspaceOnASelectionEmptiesTheField() {
        var field = TextField("Bench press", limit: 40)
        #expect(field.handle(.backspace) == .edited)
        #expect(field.text.isEmpty)
        _ = field.handle(.escape)
        #expect(field.text == "Bench press")
    }

    @Test func arrowsEndTheSelectionAndEditInPlace() {
        var field = TextField("20", limit: 3)
        _ = field.handle(.right)
        _ = field.handle(.character("5"))
        #expect(field.text == "205")
        var other = TextField("20", limit: 3)
        _ = other.handle(.left)
        _ = other.handle(.character("1"))
        #expect(other.text == "120")
    }

    @Test func selectAfterMovingOntoAFieldRemembersItsValue() {
        var field = TextField("", limit: 10)
        _ = field.insert("squat")
        field.select()
        #expect(field.isSelected)
        _ = field.handle(.character("l"))
        _ = field.handle(.character("u"))
        #expect(field.text == "lu")
        _ = field.handle(.escape)
        #expect(field.text == "squat")
    }

    @Test func anEmptyFieldIsNeverSelected() {
        var field = TextField("", limit: 3)
        field.select()
        #expect(!field.isSelected)
        _ = field.handle(.character("7"))
        #expect(field.text == "7")
    }

    @Test func aPasteReplacesASelectionWhole() {
        var field = TextField("old name", limit: 20)
        #expect(field.paste("new name") == .inserted)
        #expect(field.text == "new name")
    }

    @Test func aPasteLongerThanTheRoomLeftKeepsNothingAndSaysWhy() {
        var field = TextField("", limit: 1000)
        let long = String(repeating: "a", count: 1200)
        let outcome = field.paste(long)
        #expect(outcome == .tooLong(length: 1200, room: 1000))
        #expect(field.text.isEmpty)
        #expect(outcome.message == "That paste is 1200 characters; this field has room for 1000. Nothing was pasted")
        _ = field.insert("abc")
        #expect(field.paste(String(repeating: "b", count: 998)) == .tooLong(length: 998, room: 997))
        #expect(field.text == "abc")
    }

    @Test func controlCharactersInAPasteAreDroppedNeverKept() {
        var field = TextField("", limit: 20)
        #expect(field.paste("he\u{1B}[201~l\u{03}lo") == .inserted)
        #expect(field.text == "he[201~llo")
        #expect(field.paste("\u{03}\u{1B}") == .nothingAccepted)
        #expect(TextField.PasteOutcome.nothingAccepted.message != nil)
    }

    @Test func aTypedCharacterPastTheLimitIsRefused() {
        var field = TextField("", limit: 3)
        for character in "1234" { _ = field.handle(.character(character)) }
        #expect(field.text == "123")
        #expect(field.handle(.character("5")) == .ignored)
    }

    @Test func theSelectionIsDrawnReversedSoTheMemberSeesWhatTypingReplaces() {
        let field = TextField("42", limit: 3)
        var canvas = Canvas(size: Size(width: 6, height: 1))
        field.render(into: &canvas, in: canvas.bounds, style: .plain)
        #expect(canvas[0, 0].style.attributes.contains(.reverse))
        #expect(canvas[1, 0].style.attributes.contains(.reverse))
        var unselected = field
        _ = unselected.handle(.right)
        var plain = Canvas(size: Size(width: 6, height: 1))
        unselected.render(into: &plain, in: plain.bounds, style: .plain)
        #expect(!plain[0, 0].style.attributes.contains(.reverse))
        #expect(plain[2, 0].style.attributes.contains(.reverse))
    }
}
