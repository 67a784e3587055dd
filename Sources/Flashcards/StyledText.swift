import Records

/// A card's text as its HTML shows it: the plain text (``HTMLText/plain(_:)``) and which of its
/// characters are bold (`<b>`, `<strong>`), so the card can show them bold (or underlined where
/// the text is bold already) in a terminal that can.
public struct StyledText: Hashable, Sendable {
    /// The text, as ``HTMLText/plain(_:)`` gives it.
    public var text: String
    /// For each character of `text`, whether it is bold.
    public var emphasis: [Bool]

    /// Plain text without emphasis.
    public init(plain text: String) {
        self.text = text
        emphasis = Array(repeating: false, count: text.count)
    }

    /// The text of `html`, with its bold runs.
    public init(html: String) {
        self = Self.parsing(html)
    }

    private static func parsing(_ html: String) -> StyledText {
        let marked = HTMLText.render(html, marksEmphasis: true)
        var styled = StyledText(plain: "")
        var depth = 0
        for character in marked {
            if character == Character(HTMLText.emphasisStart) {
                depth += 1
            } else if character == Character(HTMLText.emphasisEnd) {
                depth = max(0, depth - 1)
            } else {
                styled.text.append(character)
                styled.emphasis.append(depth > 0)
            }
        }
        // A line that held only marks is no line (as `plain` has it): then no emphasis.
        let plain = HTMLText.plain(html)
        return plain == styled.text ? styled : StyledText(plain: plain)
    }

    /// Whether any character is bold.
    public var isEmphasized: Bool { emphasis.contains(true) }

    /// For each of `lines` (this text wrapped: line breaks and the spaces where it wrapped are
    /// gone), which of its characters are bold.
    public func emphasis(of lines: [String]) -> [[Bool]] {
        let characters = Array(text)
        var position = 0
        return lines.map { line in
            line.map { character in
                while position < characters.count, characters[position] != character,
                    characters[position].isWhitespace || characters[position].isNewline
                {
                    position += 1
                }
                guard position < characters.count, characters[position] == character else { return false }
                defer { position += 1 }
                return emphasis[position]
            }
        }
    }
}

extension HTMLText {
    /// Where bold text starts and ends in the text ``render(_:marksEmphasis:)`` makes
    /// (private-use characters, never in a card's text: ``StoredText`` refuses them).
    static let emphasisStart: Unicode.Scalar = "\u{F8FC}"
    static let emphasisEnd: Unicode.Scalar = "\u{F8FD}"
}

extension Flashcard {
    /// The prompt and the answer as the card shows them: rendered from the note's HTML fields
    /// through its note type (``ankiNotetype``: the templates it came with, or Anki's stock type)
    /// when the card came from Anki and shows what its fields say; else (a card made or edited in
    /// TermFit, a note type whose templates are unknown) its text.
    public var styledSides: (prompt: StyledText, answer: StyledText) {
        guard let notetype = ankiNotetype else {
            return (StyledText(plain: prompt), StyledText(plain: answer))
        }
        // The deck is not known here: a card whose template shows it keeps the text it was given.
        let html = notetype.cardHTML(ordinal: ordinal, values: fields, tags: tags)
        let front = StyledText(html: html.front)
        let back = StyledText(html: html.back)
        return (
            front.text == prompt ? front : StyledText(plain: prompt),
            back.text == answer ? back : StyledText(plain: answer)
        )
    }
}
