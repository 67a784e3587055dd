import Records

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A note type as Anki keeps it: its fields, and a card template for each kind of card (or, for a
/// cloze type, one template that makes a card per deletion number).
///
/// A note makes the cards Anki makes: a template's card when its front names a field that is
/// filled (so "Basic (optional reversed card)" makes its reverse only when "Add Reverse" is), and
/// a cloze card for each number `{{cN::…}}` of the fields its front shows with `{{cloze:…}}`.
public struct AnkiNotetype: Hashable, Sendable, Codable {
    /// One card template: the front and back as Anki writes them (`{{Field}}`, `{{#Field}}…{{/Field}}`).
    public struct Template: Hashable, Sendable, Codable {
        public var name: String
        public var front: String
        public var back: String

        public init(name: String, front: String, back: String) {
            self.name = name
            self.front = front
            self.back = back
        }
    }

    /// The name shown in Anki ("Basic", "Cloze", …).
    public var name: String
    /// Whether it is a cloze type (cards by deletion number, not by template).
    public var isCloze: Bool
    /// The field names, in order.
    public var fields: [String]
    /// The card templates, in order (their position is a card's ordinal).
    public var templates: [Template]

    public init(name: String, isCloze: Bool = false, fields: [String], templates: [Template]) {
        self.name = name
        self.isCloze = isCloze
        self.fields = fields
        self.templates = templates
    }

    // MARK: Anki's stock note types

    private static let answerLine = "{{FrontSide}}\n\n<hr id=answer>\n\n"
    /// "Basic".
    public static let basic = AnkiNotetype(
        name: "Basic", fields: ["Front", "Back"],
        templates: [Template(name: "Card 1", front: "{{Front}}", back: answerLine + "{{Back}}")])
    /// "Basic (and reversed card)".
    public static let reversed = AnkiNotetype(
        name: "Basic (and reversed card)", fields: ["Front", "Back"],
        templates: [
            Template(name: "Card 1", front: "{{Front}}", back: answerLine + "{{Back}}"),
            Template(name: "Card 2", front: "{{Back}}", back: answerLine + "{{Front}}"),
        ])
    /// "Basic (optional reversed card)".
    public static let optionalReversed = AnkiNotetype(
        name: "Basic (optional reversed card)", fields: ["Front", "Back", "Add Reverse"],
        templates: [
            Template(name: "Card 1", front: "{{Front}}", back: answerLine + "{{Back}}"),
            Template(
                name: "Card 2", front: "{{#Add Reverse}}{{Back}}{{/Add Reverse}}", back: answerLine + "{{Front}}"),
        ])
    /// "Basic (type in the answer)".
    public static let typeIn = AnkiNotetype(
        name: "Basic (type in the answer)", fields: ["Front", "Back"],
        templates: [
            Template(name: "Card 1", front: "{{Front}}\n\n{{type:Back}}", back: answerLine + "{{type:Back}}")
        ])
    /// "Cloze".
    public static let cloze = AnkiNotetype(
        name: "Cloze", isCloze: true, fields: ["Text", "Back Extra"],
        templates: [Template(name: "Cloze", front: "{{cloze:Text}}", back: "{{cloze:Text}}<br>\n{{Back Extra}}")])

    /// The stock type called `name` (Anki's English names, any case), if it is one.
    public static func stock(named name: String) -> AnkiNotetype? {
        let lowered = name.trimmingBlanks().lowercased()
        return [basic, reversed, optionalReversed, typeIn, cloze].first { $0.name.lowercased() == lowered }
    }

    /// The type a text file's `notetype` names: a stock type, else one that behaves as Basic
    /// (first field the prompt, the other fields the answer), or as Cloze when its name says so.
    public static func forText(named name: String?, fieldCount: Int) -> AnkiNotetype {
        guard let name, !name.trimmingBlanks().isEmpty else { return basic }
        if let stock = stock(named: name) { return stock }
        let count = max(2, fieldCount)
        let fields = (1...count).map { "Field \($0)" }
        if name.lowercased().contains("cloze") {
            return AnkiNotetype(
                name: name, isCloze: true, fields: fields,
                templates: [
                    Template(
                        name: "Cloze", front: "{{cloze:Field 1}}",
                        back: "{{cloze:Field 1}}" + fields.dropFirst().map { "<br>\n{{\($0)}}" }.joined())
                ])
        }
        return AnkiNotetype(
            name: name, fields: fields,
            templates: [
                Template(
                    name: "Card 1", front: "{{Field 1}}",
                    back: answerLine + fields.dropFirst().map { "{{\($0)}}" }.joined(separator: "<br>\n"))
            ])
    }

    // MARK: Kept with a card

    /// What a card of this type keeps (``Flashcard/templates``): nothing when the type draws its
    /// cards as the stock type of its name does, else its fields and templates as JSON.
    public var storedForm: String {
        if let stock = Self.stock(named: name), stock.isCloze == isCloze, stock.fields == fields,
            stock.templates.map({ [$0.front, $0.back] }) == templates.map({ [$0.front, $0.back] })
        {
            return ""
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The type a card kept (``storedForm``), or `nil` when it kept none or it cannot be read.
    public init?(storedForm: String) {
        guard !storedForm.isEmpty,
            let type = try? JSONDecoder().decode(AnkiNotetype.self, from: Data(storedForm.utf8))
        else { return nil }
        self = type
    }

    // MARK: Cards

    /// The ordinals of the cards a note of `values` (its fields' HTML, in order) makes.
    public func cardOrdinals(for values: [String]) -> [Int] {
        let fields = fieldMap(values)
        if isCloze {
            guard let template = templates.first else { return [] }
            var numbers = Set<Int>()
            for name in AnkiTemplate.clozeFields(in: template.front) {
                numbers.formUnion(AnkiCloze.numbers(in: fields[name] ?? ""))
            }
            return numbers.sorted().map { $0 - 1 }
        }
        return templates.indices.filter { index in
            AnkiTemplate.render(templates[index].front, fields: fields, side: .front, tracksFilled: true)
                .namesFilledField
        }
    }

    /// The card `ordinal` of a note of `values`, as plain text: the prompt (the front) and the
    /// answer (the back without the front it repeats). `tags` and `deck` are what Anki's special
    /// fields `{{Tags}}`, `{{Deck}}` and `{{Subdeck}}` show (``cardHTML(ordinal:values:tags:deck:)``).
    public func card(ordinal: Int, values: [String], tags: [String] = [], deck: String? = nil) -> (
        prompt: String, answer: String
    ) {
        let html = cardHTML(ordinal: ordinal, values: values, tags: tags, deck: deck)
        return (HTMLText.plain(html.front), HTMLText.plain(html.back))
    }

    /// The card `ordinal` of a note of `values` as HTML: its front, and its back without the
    /// front it repeats.
    ///
    /// Anki's special fields are filled in as Anki fills them (unless the note type has a field
    /// of that name): `{{Tags}}` the note's tags, `{{Deck}}` the card's deck (`Parent::Child`;
    /// nothing when `deck` is `nil`), `{{Subdeck}}` its last part, `{{Type}}` the note type's
    /// name, `{{Card}}` the template's, and `{{CardFlag}}` `flag0` (TermFit keeps no flags). Anki
    /// puts them in as they are, not escaped; they count for `{{#…}}` sections but never make
    /// a card (``cardOrdinals(for:)``).
    public func cardHTML(ordinal: Int, values: [String], tags: [String] = [], deck: String? = nil) -> (
        front: String, back: String
    ) {
        let fields = fieldMap(values)
        let template = isCloze ? templates.first : (templates.indices.contains(ordinal) ? templates[ordinal] : nil)
        guard let template else { return ("", "") }
        let cloze = isCloze ? ordinal + 1 : nil
        var special = fields
        let deckName = deck ?? ""
        let subdeck = deckName.split(separator: "::", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        let values: [(String, String)] = [
            ("Tags", tags.joined(separator: " ")), ("Deck", deckName), ("Subdeck", subdeck),
            ("Card", template.name), ("Type", name), ("CardFlag", "flag0"),
        ]
        for (name, value) in values where special[name] == nil { special[name] = value }
        let front = AnkiTemplate.render(template.front, fields: special, side: .front, cloze: cloze).html
        var back = AnkiTemplate.render(template.back, fields: special, side: .back, cloze: cloze).html
        if let line = back.firstRange(of: "<hr id=answer>") {
            back = String(back[line.upperBound...])
        }
        return (front, back)
    }

    /// Whether a card of this type shows its deck (`{{Deck}}` or `{{Subdeck}}`), so that it reads
    /// differently in another deck.
    public var showsDeck: Bool {
        templates.contains { template in
            [template.front, template.back].contains { $0.contains("Deck}}") }
        }
    }

    private func fieldMap(_ values: [String]) -> [String: String] {
        var map: [String: String] = [:]
        for (index, name) in fields.enumerated() { map[name] = index < values.count ? values[index] : "" }
        return map
    }
}

extension Flashcard {
    /// The note type the card is drawn through: the one it kept (a note type Anki does not ship,
    /// or a stock one changed), else the stock type its `notetype` names; `nil` for a card made
    /// in TermFit or of a note type whose templates came with no file (a text file's).
    public var ankiNotetype: AnkiNotetype? {
        guard !fields.isEmpty else { return nil }
        return AnkiNotetype(storedForm: templates) ?? AnkiNotetype.stock(named: notetype)
    }
}
