import Foundation
import Records
import Testing

@testable import Flashcards

/// Anki's special fields and filters as Anki 26.9 renders them (the strings here are its
/// output for the same templates; `AnkiPackageTests.SpecialFieldTests` checks against Anki itself).
@Suite struct AnkiSpecialFieldTests {
    static let special = AnkiNotetype(
        name: "Spec & Co", fields: ["Front", "Back"],
        templates: [
            AnkiNotetype.Template(
                name: "My Card",
                front:
                    "<style>.x{color:red}</style>{{Front}}|T={{Tags}}|D={{Deck}}|S={{Subdeck}}|Ty={{Type}}"
                    + "|C={{Card}}|F={{CardFlag}}|{{#Tags}}tagged{{/Tags}}{{^Tags}}untagged{{/Tags}}",
                back: "{{FrontSide}}<hr id=answer>{{Back}}|{{text:Front}}")
        ])

    @Test func tagsDeckSubdeckTypeCardAndFlagAreWhatAnkiPutsIn() {
        let html = Self.special.cardHTML(
            ordinal: 0, values: ["<b>bon</b>", "x"], tags: ["a&b", "Lang::French"], deck: "Lang::French::Verbs")
        #expect(
            html.front
                == "<style>.x{color:red}</style><b>bon</b>|T=a&b Lang::French|D=Lang::French::Verbs|S=Verbs"
                + "|Ty=Spec & Co|C=My Card|F=flag0|tagged")
        let card = Self.special.card(ordinal: 0, values: ["<b>bon</b>", "x"], tags: [], deck: "Loose")
        #expect(card.prompt == "bon|T=|D=Loose|S=Loose|Ty=Spec & Co|C=My Card|F=flag0|untagged")
        #expect(!card.prompt.contains("color"), "a template's <style> is never text")
    }

    @Test func specialFieldsNeverMakeACard() {
        let type = AnkiNotetype(
            name: "Only tags", fields: ["Front", "Back"],
            templates: [AnkiNotetype.Template(name: "Card 1", front: "{{Tags}}{{Deck}}{{Card}}", back: "{{Back}}")])
        #expect(type.cardOrdinals(for: ["", "x"]).isEmpty)
    }

    @Test func textFilterDropsTagsCommentsStylesAndScriptsAndDecodesEntities() {
        // Anki 26.9: {{text:F}} of this field is "x y z w".
        let field = "x&nbsp;y <script>alert(1)</script>z <STYLE>q</STYLE>w"
        #expect(AnkiTemplate.strippingTags(field) == "x y z w")
        // ... and of this one `A  [sound:a.mp3] <b> &amp;  z` (entities decoded once: the
        // browser then reads `<b>` as a tag and `&amp;` as `&`).
        let media = "A <img src=\"x.jpg\" alt=\"pic\"> [sound:a.mp3] &lt;b&gt; &amp;amp; <!-- c --> <style>p{}</style>z"
        #expect(AnkiTemplate.strippingTags(media) == "A  [sound:a.mp3] <b> &amp;  z")
        #expect(AnkiTemplate.strippingTags("a < b") == "a < b", "a < that opens no tag is text")
    }
}
