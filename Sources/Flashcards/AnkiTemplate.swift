/// Anki's card templates, rendered as Anki renders them, to HTML that ``HTMLText`` makes plain.
///
/// `{{Field}}` gives the field; `{{text:Field}}` its text without tags (nor styles and comments),
/// entities decoded; `{{hint:Field}}` the
/// field behind its name, `[Name: hint]` (Anki's link that shows it; a terminal shows it at once);
/// `{{type:Field}}` is nothing on the front (TermFit has no answer box) and the field on the back
/// (what Anki shows when nothing was typed), `{{type:cloze:Field}}` the card's deletions;
/// `{{kanji:…}}`, `{{kana:…}}` and `{{furigana:…}}` read Anki's `漢字[かんじ]` (the reading in
/// brackets after the text for furigana); `{{cloze:Field}}` hides the card's deletion;
/// `{{#Field}}…{{/Field}}` shows when the field is filled, `{{^Field}}…{{/Field}}` when it is
/// empty; `{{FrontSide}}` is left out (TermFit shows the prompt above the answer already); the
/// other special fields (`{{Tags}}`, `{{Deck}}`, …) are the fields ``AnkiNotetype`` gives.
enum AnkiTemplate {
    enum Side { case front, back }

    struct Rendered {
        var html: String
        /// Whether a filled field was put in (Anki makes a card only then).
        var namesFilledField: Bool
    }

    /// Whether a field counts as filled: it shows something (text or media).
    static func isFilled(_ html: String) -> Bool {
        guard html.contains(where: { $0 == "<" || $0 == "&" || $0 == "[" }) else {
            return !html.trimmingBlanks(andNewlines: true).isEmpty
        }
        return !HTMLText.plain(html).isEmpty
    }

    /// The names of the fields `template` shows with `{{cloze:…}}`.
    static func clozeFields(in template: String) -> [String] {
        tokens(template).compactMap { token in
            guard case .field(let name, let filters) = token, filters.contains("cloze") else { return nil }
            return name
        }
    }

    /// `template` filled in; `tracksFilled` works out ``Rendered/namesFilledField`` (only what
    /// decides which cards a note makes needs it).
    static func render(
        _ template: String, fields: [String: String], side: Side, cloze: Int? = nil, tracksFilled: Bool = false
    ) -> Rendered {
        var output = ""
        var filled = false
        // Sections open, with whether they show.
        var stack: [(name: String, shows: Bool)] = []
        for token in tokens(template) {
            let showing = stack.allSatisfy(\.shows)
            switch token {
            case .text(let text):
                if showing { output += text }
            case .open(let name, let inverted):
                guard showing else {
                    stack.append((name, false))
                    continue
                }
                let isFilled = fields[name].map(isFilled) ?? false
                stack.append((name, inverted ? !isFilled : isFilled))
            case .close(let name):
                if let index = stack.lastIndex(where: { $0.name == name }) { stack.removeSubrange(index...) }
            case .field(let name, let filters):
                guard showing, name != "FrontSide", let value = fields[name] else { continue }
                if filters.contains("type") && side == .front { continue }
                if tracksFilled, !filled, isFilled(value) { filled = true }
                output += filtered(value, name: name, filters: filters, side: side, cloze: cloze)
            }
        }
        return Rendered(html: output, namesFilledField: filled)
    }

    /// `value` of the field `name` through `filters`, innermost (the last written) first.
    static func filtered(_ value: String, name: String, filters: [String], side: Side, cloze: Int?) -> String {
        var text = value
        for filter in filters.reversed() {
            switch filter {
            case "cloze":
                text =
                    filters.contains("type")
                    ? AnkiCloze.answers(in: text, card: cloze ?? 1).joined(separator: ", ")
                    : AnkiCloze.render(text, card: cloze ?? 1, side: side)
            case "text": text = strippingTags(text)
            case "hint":
                text = isFilled(text) ? " [\(HTMLText.escaped(name)): \(text)]" : ""
            case "kanji": text = Furigana.render(text) { base, _ in base }
            case "kana": text = Furigana.render(text) { _, reading in reading }
            case "furigana": text = Furigana.render(text) { base, reading in "\(base)(\(reading))" }
            default: break
            }
        }
        return text
    }

    /// `html` as Anki's `text:` filter gives it: without comments, without `<style>` and
    /// `<script>` and their contents, without tags (an image goes whole), entities decoded.
    static func strippingTags(_ html: String) -> String {
        guard html.contains("<") else { return HTMLText.decodingEntities(html) }
        var result = ""
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            result += rest[..<open]
            let tag = rest[open...]
            if tag.hasPrefix("<!--"), let end = tag.firstRange(of: "-->") {
                rest = tag[end.upperBound...]
                continue
            }
            guard let close = tag.firstIndex(of: ">") else {
                result += tag
                rest = ""
                break
            }
            let name = tag.dropFirst().prefix { $0.isLetter }.lowercased()
            let closing = "</" + name
            if name == "style" || name == "script",
                let end = tag.indices.first(where: {
                    tag[$0] == "<" && tag[$0...].prefix(closing.count).lowercased() == closing
                }),
                let endClose = tag[end...].firstIndex(of: ">")
            {
                rest = tag[tag.index(after: endClose)...]
                continue
            }
            rest = tag[tag.index(after: close)...]
        }
        return HTMLText.decodingEntities(result + rest)
    }

    enum Token {
        case text(String)
        case open(String, inverted: Bool)
        case close(String)
        case field(String, filters: [String])
    }

    static func tokens(_ template: String) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(template)
        while let open = rest.firstRange(of: "{{") {
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else { break }
            if open.lowerBound > rest.startIndex { tokens.append(.text(String(rest[..<open.lowerBound]))) }
            let inside = rest[open.upperBound..<close.lowerBound].trimmingBlanks()
            if inside.hasPrefix("#") {
                tokens.append(.open(String(inside.dropFirst()).trimmingBlanks(), inverted: false))
            } else if inside.hasPrefix("^") {
                tokens.append(.open(String(inside.dropFirst()).trimmingBlanks(), inverted: true))
            } else if inside.hasPrefix("/") {
                tokens.append(.close(String(inside.dropFirst()).trimmingBlanks()))
            } else {
                let parts = inside.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
                let name = parts.last?.trimmingBlanks() ?? ""
                tokens.append(.field(name, filters: parts.dropLast().map { $0.trimmingBlanks().lowercased() }))
            }
            rest = rest[close.upperBound...]
        }
        if !rest.isEmpty { tokens.append(.text(String(rest))) }
        return tokens
    }
}

/// Anki's cloze deletions, `{{c1::answer::hint}}`.
enum AnkiCloze {
    /// The deletion numbers in `text`.
    static func numbers(in text: String) -> Set<Int> {
        var numbers = Set<Int>()
        _ = replacing(text) { number, answer, _ in
            numbers.insert(number)
            return answer
        }
        return numbers
    }

    /// `text` for cloze card `card`: on the front its deletions are `[…]` (or `[hint]`) and the
    /// others show their text; on the back every deletion shows its text.
    static func render(_ text: String, card: Int, side: AnkiTemplate.Side) -> String {
        replacing(text) { number, answer, hint in
            side == .front && number == card ? "[\(hint ?? "…")]" : answer
        }
    }

    /// The answers of card `card`'s deletions in `text`, in order (what `{{type:cloze:…}}` checks).
    static func answers(in text: String, card: Int) -> [String] {
        var answers: [String] = []
        _ = replacing(text) { number, answer, _ in
            if number == card { answers.append(answer) }
            return answer
        }
        return answers
    }

    /// `text` with each deletion replaced by `body(number, answer, hint)`; nested deletions are
    /// replaced from the inside out.
    static func replacing(_ text: String, _ body: (Int, String, String?) -> String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{c") {
            let afterOpen = rest[open.upperBound...]
            let digits = afterOpen.prefix { $0.isASCII && $0.isNumber }
            guard let number = Int(digits), number > 0, number < 10_000,
                afterOpen.dropFirst(digits.count).hasPrefix("::"),
                let close = closing(afterOpen)
            else {
                result += rest[..<open.upperBound]
                rest = afterOpen
                continue
            }
            result += rest[..<open.lowerBound]
            let inside = afterOpen[afterOpen.index(afterOpen.startIndex, offsetBy: digits.count + 2)..<close.lowerBound]
            let body2 = replacing(String(inside), body)
            let split = body2.firstRange(of: "::")
            let answer = split.map { String(body2[..<$0.lowerBound]) } ?? body2
            let hint = split.map { String(body2[$0.upperBound...]) }
            result += body(number, answer, hint)
            rest = afterOpen[close.upperBound...]
        }
        return result + rest
    }

    /// The `}}` that closes a deletion whose body starts `text`, counting nested `{{`.
    private static func closing(_ text: Substring) -> Range<Substring.Index>? {
        var depth = 0
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("{{") {
                depth += 1
                index = text.index(index, offsetBy: 2)
            } else if rest.hasPrefix("}}") {
                if depth == 0 { return index..<text.index(index, offsetBy: 2) }
                depth -= 1
                index = text.index(index, offsetBy: 2)
            } else {
                index = text.index(after: index)
            }
        }
        return nil
    }
}

/// Anki's readings, `漢字[かんじ]`: a run of text without spaces followed by its reading in
/// brackets (a space before the run only separates it, and goes).
enum Furigana {
    /// `text` with each `base[reading]` replaced by `body(base, reading)`.
    static func render(_ text: String, _ body: (String, String) -> String) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "["), let close = rest[open...].firstIndex(of: "]") {
            let before = rest[..<open]
            // The base: the characters before `[` back to a space or a tag's end.
            let start =
                before.lastIndex(where: { $0 == " " || $0 == ">" }).map(before.index(after:)) ?? before.startIndex
            let reading = String(rest[rest.index(after: open)..<close])
            var kept = before[..<start]
            if kept.last == " " { kept = kept.dropLast() }
            if start == open || reading.isEmpty || reading.hasPrefix("sound:") {
                result += rest[...close]
            } else {
                result += kept + body(String(before[start...]), reading)
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
