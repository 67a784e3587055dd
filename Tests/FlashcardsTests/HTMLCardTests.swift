import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Flashcards

/// A card from Anki is drawn from its note's HTML fields: bold is bold (underlined in the prompt,
/// which is bold already), `<br>` and `<div>` break lines, entities are decoded, media is named.
@Suite struct HTMLCardTests {
    static let note = [
        "Hello <b>bold</b> &amp; more", "Line1<br>Line2<div>Div <strong>line</strong></div>x&nbsp;&nbsp;y",
    ]

    static func card(fields: [String] = note, prompt: String? = nil) -> Flashcard {
        let shown = AnkiNotetype.basic.card(ordinal: 0, values: fields)
        return Flashcard(
            id: fixedID(100), prompt: prompt ?? shown.prompt, answer: shown.answer, createdAt: testDate,
            notetype: "Basic", fields: fields)
    }

    @Test func theBoldRunsOfTheHTMLAreKnownCharacterByCharacter() {
        let styled = StyledText(html: "Hello <b>bold</b> &amp; <strong>more</strong>")
        #expect(styled.text == "Hello bold & more")
        let bold = String(zip(styled.text, styled.emphasis).map { $1 ? $0 : "." })
        #expect(bold == "......bold...more")
        // Wrapped lines keep their bold characters.
        #expect(
            styled.emphasis(of: ["Hello bold", "& more"]) == [
                [false, false, false, false, false, false, true, true, true, true],
                [false, false, true, true, true, true],
            ])
        #expect(StyledText(html: "<b></b>plain").text == "plain")
    }

    @Test func aCardFromAnkiShowsItsBoldWordsAndLineBreaks() throws {
        let deck = FlashcardDeck(id: fixedID(0), name: "Lang::French", createdAt: testDate, cards: [Self.card()])
        var harness = Harness(decks: [deck])
        harness.showAnswer()
        let canvas = harness.canvas()
        let lines = canvas.lines()
        let promptRow = try #require(lines.firstIndex { $0.contains("Hello bold & more") })
        let column = try #require(lines[promptRow].range(of: "bold")).lowerBound
        let x = lines[promptRow].distance(from: lines[promptRow].startIndex, to: column)
        #expect(canvas[x, promptRow].style.attributes.contains(.underline), "bold in the prompt")
        #expect(!canvas[x - 2, promptRow].style.attributes.contains(.underline), "Hello is not")
        #expect(lines.contains { $0.contains("Line1") } && lines.contains { $0.contains("Line2") })
        let divRow = try #require(lines.firstIndex { $0.contains("Div line") })
        let lineColumn = try #require(lines[divRow].range(of: "line")).lowerBound
        let lineX = lines[divRow].distance(from: lines[divRow].startIndex, to: lineColumn)
        #expect(canvas[lineX, divRow].style.attributes.contains(.bold), "bold in the answer")
        #expect(!canvas[lineX - 4, divRow].style.attributes.contains(.bold), "Div is not")
        #expect(lines.contains { $0.contains("x y") || $0.contains("x  y") }, "&nbsp; is a space")
        #expect(
            !lines.contains { $0.contains("&nbsp;") || $0.contains("<b>") || $0.contains("<div>") }, "no HTML shows")
    }

    @Test func aCardOfAnotherNoteTypeIsDrawnThroughItsOwnTemplatesWithItsBold() throws {
        let type = AnkiNotetype(
            name: "Vocab", fields: ["Word", "Meaning", "Hint"],
            templates: [
                .init(
                    name: "Recognition", front: "{{Word}}{{hint:Hint}}",
                    back: "{{FrontSide}}<hr id=answer>{{#Meaning}}means <b>{{Meaning}}</b>{{/Meaning}}")
            ])
        let fields = ["le <b>chat</b>", "cat", "animal"]
        let shown = type.card(ordinal: 0, values: fields)
        let card = Flashcard(
            id: fixedID(101), prompt: shown.prompt, answer: shown.answer, createdAt: testDate, notetype: "Vocab",
            fields: fields, templates: type.storedForm)
        let deck = FlashcardDeck(id: fixedID(0), name: "Words", createdAt: testDate, cards: [card])
        var harness = Harness(decks: [deck])
        harness.showAnswer()
        let canvas = harness.canvas()
        let lines = canvas.lines()
        let promptRow = try #require(lines.firstIndex { $0.contains("le chat [Hint: animal]") })
        let column = try #require(lines[promptRow].range(of: "chat")).lowerBound
        let x = lines[promptRow].distance(from: lines[promptRow].startIndex, to: column)
        #expect(canvas[x, promptRow].style.attributes.contains(.underline), "bold in the prompt")
        #expect(!canvas[x - 3, promptRow].style.attributes.contains(.underline), "le is not")
        let answerRow = try #require(lines.firstIndex { $0.contains("means cat") })
        let catColumn = try #require(lines[answerRow].range(of: "cat")).lowerBound
        let catX = lines[answerRow].distance(from: lines[answerRow].startIndex, to: catColumn)
        #expect(canvas[catX, answerRow].style.attributes.contains(.bold), "bold in the answer")
        #expect(!canvas[catX - 2, answerRow].style.attributes.contains(.bold), "means is not")
        // Without its templates (a text file's note type) the card is its stored text, plain.
        var withoutTemplates = card
        withoutTemplates.templates = ""
        #expect(!withoutTemplates.styledSides.prompt.isEmphasized)
    }

    @Test func aCardEditedInTermFitShowsItsOwnTextNotTheNotes() {
        let edited = Self.card(prompt: "Hello again")
        let sides = edited.styledSides
        #expect(sides.prompt.text == "Hello again" && !sides.prompt.isEmphasized)
        #expect(sides.answer.text == "Line1\nLine2\nDiv line\nx  y" && sides.answer.isEmphasized)
        let made = Flashcard(prompt: "<b>not HTML</b>", answer: "a", createdAt: testDate)
        #expect(made.styledSides.prompt.text == "<b>not HTML</b>", "a card made in TermFit is its text")
    }
}
