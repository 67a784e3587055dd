import Foundation
import Records
import Testing

@testable import Flashcards

/// Every note type makes the cards Anki makes, with Anki's text on each side.
@Suite struct AnkiNotetypeTests {
    func cards(_ type: AnkiNotetype, _ values: [String]) -> [String] {
        type.cardOrdinals(for: values).map { ordinal in
            let card = type.card(ordinal: ordinal, values: values)
            return "\(ordinal): \(card.prompt) | \(card.answer)"
        }
    }

    @Test func basicMakesOneCard() {
        #expect(cards(.basic, ["Hello <b>bold</b> &amp; more", "Bonjour"]) == ["0: Hello bold & more | Bonjour"])
    }

    @Test func reversedMakesTwoCardsEachWayRound() {
        #expect(cards(.reversed, ["ねこ", "cat"]) == ["0: ねこ | cat", "1: cat | ねこ"])
    }

    @Test func optionalReversedMakesTheReverseOnlyWhenItsFieldIsFilled() {
        #expect(cards(.optionalReversed, ["いぬ", "dog", "y"]) == ["0: いぬ | dog", "1: dog | いぬ"])
        #expect(cards(.optionalReversed, ["とり", "bird", ""]) == ["0: とり | bird"])
    }

    @Test func typeInShowsTheFrontAndAnswersWithTheTypedField() {
        #expect(cards(.typeIn, ["Capital of France?", "Paris"]) == ["0: Capital of France? | Paris"])
    }

    @Test func clozeMakesOneCardPerDeletionNumberShowingTheOthersAndKeepingHints() {
        let values = ["The {{c1::heart}} pumps {{c2::blood::fluid}} and {{c1::lungs}}.", "<i>cardio</i>"]
        #expect(
            cards(.cloze, values) == [
                "0: The […] pumps blood and […]. | The heart pumps blood and lungs.\ncardio",
                "1: The heart pumps [fluid] and lungs. | The heart pumps blood and lungs.\ncardio",
            ])
    }

    @Test func aClozeWithoutADeletionMakesNoCard() {
        #expect(cards(.cloze, ["no deletion here", ""]).isEmpty)
    }

    @Test func mediaIsShownByNameNeverDroppedAndAMediaOnlyPromptIsACard() {
        #expect(
            cards(.basic, ["<img src=\"x.jpg\" alt=\"a heart\">", "x <img src='y.png'> [sound:a.mp3]"]) == [
                "0: [image: x.jpg, a heart] | x [image: y.png] [sound: a.mp3]"
            ])
    }

    @Test func anyOtherTypeUsesItsTemplatesAndConditionals() {
        let vocabulary = AnkiNotetype(
            name: "Vocab", fields: ["Word", "Reading", "Meaning", "Audio"],
            templates: [
                .init(
                    name: "Recognise", front: "{{Word}}{{#Audio}}<br>{{Audio}}{{/Audio}}",
                    back: "{{FrontSide}}<hr id=answer>{{furigana:Reading}}<br>{{Meaning}}"),
                .init(name: "Recall", front: "{{Meaning}}", back: "{{FrontSide}}<hr id=answer>{{Word}}"),
                .init(name: "Listen", front: "{{#Audio}}{{Audio}}{{/Audio}}", back: "{{Word}}"),
            ])
        #expect(
            cards(vocabulary, ["猫", "ねこ", "cat", ""]) == ["0: 猫 | ねこ\ncat", "1: cat | 猫"])
        #expect(
            cards(vocabulary, ["猫", "ねこ", "cat", "[sound:neko.mp3]"]) == [
                "0: 猫\n[sound: neko.mp3] | ねこ\ncat", "1: cat | 猫", "2: [sound: neko.mp3] | 猫",
            ])
    }

    static let vocabulary = AnkiNotetype(
        name: "Vocab", fields: ["Word", "Meaning", "Example", "Reading", "Hint"],
        templates: [
            .init(
                name: "Recognition",
                front: "<div>{{Word}}</div>{{#Reading}}({{text:Reading}}){{/Reading}}{{hint:Hint}}",
                back: "{{FrontSide}}<hr id=answer>{{Meaning}}{{^Example}}<br>no example{{/Example}}"),
            .init(
                name: "Production", front: "{{#Example}}{{Meaning}}<br>{{type:Word}}{{/Example}}",
                back: "{{FrontSide}}<hr id=answer>{{type:Word}}<br>{{Card}} of {{Type}}"),
        ])

    @Test func filtersAndSpecialFieldsShowAsAnkiShowsThemAsFarAsATerminalCan() {
        #expect(
            cards(Self.vocabulary, ["<b>chat</b>", "cat", "le chat dort", "<b>ʃa</b>", "animal"]) == [
                "0: chat\n(ʃa) [Hint: animal] | cat",
                "1: cat | chat\nProduction of Vocab",
            ])
        // No example: the inverted section shows, the card that needs one is not made; an empty
        // hint and an empty reading show nothing.
        #expect(cards(Self.vocabulary, ["chien", "dog", "", "", ""]) == ["0: chien | dog\nno example"])
        // `text:` drops the tags (and so the bold) but keeps the text.
        let html = Self.vocabulary.cardHTML(ordinal: 0, values: ["w", "m", "", "<b>ʃa</b>", ""])
        #expect(html.front == "<div>w</div>(ʃa)")
    }

    @Test func typeInOfAClozeAnswersWithTheCardsDeletionsAndReadingsAreShownAsAnkiDoes() {
        let type = AnkiNotetype(
            name: "Cloze typed", isCloze: true, fields: ["Text", "Reading"],
            templates: [
                .init(
                    name: "Cloze", front: "{{cloze:Text}}{{type:cloze:Text}}",
                    back:
                        "{{cloze:Text}}<br>{{type:cloze:Text}}<br>{{kanji:Reading}}/{{kana:Reading}}/{{furigana:Reading}}"
                )
            ])
        #expect(
            cards(type, ["{{c1::Paris}} and {{c1::Lyon}} in {{c2::France}}", "日本[にほん] 語[ご]です"]) == [
                "0: […] and […] in France | Paris and Lyon in France\nParis, Lyon\n日本語です/にほんごです/日本(にほん)語(ご)です",
                "1: Paris and Lyon in […] | Paris and Lyon in France\nFrance\n日本語です/にほんごです/日本(にほん)語(ご)です",
            ])
    }

    @Test func aCardKeepsItsNoteTypeOnlyWhenItIsNotAStockOneAsAnkiShipsIt() throws {
        #expect(AnkiNotetype.basic.storedForm.isEmpty)
        #expect(AnkiNotetype.cloze.storedForm.isEmpty)
        let kept = Self.vocabulary.storedForm
        #expect(AnkiNotetype(storedForm: kept) == Self.vocabulary)
        // A "Basic" changed by its member is kept: its cards are drawn as the member made them.
        var changed = AnkiNotetype.basic
        changed.templates[0].front = "Q: {{Front}}"
        let card = Flashcard(
            prompt: "Q: x", answer: "y", createdAt: Date(timeIntervalSince1970: 0), notetype: "Basic",
            fields: ["x", "y"], templates: changed.storedForm)
        #expect(!changed.storedForm.isEmpty)
        #expect(card.ankiNotetype == changed)
        #expect(card.styledSides.prompt.text == "Q: x")
        #expect(AnkiNotetype(storedForm: "") == nil && AnkiNotetype(storedForm: "{not json") == nil)
    }

    @Test func aTextFileNoteTypeBeyondTheStockOnesBehavesAsBasicOrCloze() {
        let custom = AnkiNotetype.forText(named: "My Type", fieldCount: 3)
        #expect(cards(custom, ["Q", "A", "extra"]) == ["0: Q | A\nextra"])
        let cloze = AnkiNotetype.forText(named: "Cloze (custom)", fieldCount: 2)
        #expect(cards(cloze, ["{{c1::a}} {{c2::b}}", ""]).count == 2)
    }

    @Test(arguments: ["a < b & c > d", "two  spaces", " lead", "trail ", "line\nbreak", "tab\there", "x&nbsp;y"])
    func editedTextIsWrittenAsHTMLThatShowsTheSame(text: String) {
        #expect(HTMLText.plain(HTMLText.escaped(text)) == text)
    }
}
