/// Anki's fields as plain text: what a card shows once the HTML of Anki's editor is gone.
///
/// `<br>` is a line break, block elements (`div`, `p`, `li`, `tr`, headings, …) start and end
/// lines, `<style>` and `<script>` go with their contents, every other tag is dropped (keeping its
/// text), entities are decoded (named ones of Latin-1 and typography, and numeric ones), `&nbsp;`
/// is a space, runs of spaces and source line breaks are one space as a browser shows them. Media
/// is never dropped silently: `<img src="x.jpg" alt="a heart">` reads `[image: x.jpg, a heart]`
/// and Anki's `[sound:a.mp3]` reads `[sound: a.mp3]`. The result has no blank lines at its ends
/// and at most one blank line in a row.
public enum HTMLText {
    /// `html` as plain text.
    public static func plain(_ html: String) -> String { render(html, marksEmphasis: false) }

    /// `html` as plain text; with `marksEmphasis`, bold text (`<b>`, `<strong>`) is between
    /// ``emphasisStart`` and ``emphasisEnd`` (see ``StyledText``).
    static func render(_ html: String, marksEmphasis: Bool) -> String {
        var output = Output()
        let scalars = Array(html.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", let tag = Tag(scalars, at: index) {
                let start = index
                index = tag.end
                if tag.dropsContent && !tag.isClosing {
                    index = endOfElement(tag.name, in: scalars, from: index)
                    continue
                }
                if marksEmphasis, tag.name == "b" || tag.name == "strong" {
                    output.text(tag.isClosing ? emphasisEnd : emphasisStart)
                } else if tag.name == "br" {
                    output.lineBreak()
                } else if tag.name == "img", !tag.isClosing {
                    let source = attribute("src", in: scalars[start..<tag.end]) ?? ""
                    let alt = attribute("alt", in: scalars[start..<tag.end]) ?? ""
                    let name = [source, alt].filter { !$0.isEmpty }.joined(separator: ", ")
                    output.text(" ")
                    for character in "[image: \(name)]".unicodeScalars { output.text(character) }
                    output.text(" ")
                } else if Tag.blocks.contains(tag.name) {
                    output.endLine()
                }
                continue
            }
            if scalar == "&", let (decoded, end) = entity(scalars, at: index) {
                // A space written as an entity (`&nbsp;`) is not folded into its neighbours.
                for character in decoded.unicodeScalars {
                    if character == " " || character == "\t" {
                        output.hardSpace(character)
                    } else {
                        output.text(character)
                    }
                }
                index = end
                continue
            }
            output.text(scalar)
            index += 1
        }
        return markingSounds(output.finished())
    }

    /// The value of the attribute `name` in the tag `tag` (entities decoded), if it has one.
    private static func attribute(_ name: String, in tag: ArraySlice<Unicode.Scalar>) -> String? {
        var text = ""
        text.unicodeScalars.append(contentsOf: tag)
        let lowered = text.lowercased()
        var search = lowered.startIndex
        while let found = lowered[search...].firstRange(of: name + "=") {
            let before = found.lowerBound == lowered.startIndex ? " " : lowered[lowered.index(before: found.lowerBound)]
            search = found.upperBound
            guard before.isWhitespace else { continue }
            let rest = text[found.upperBound...]
            var value: Substring
            if let quote = rest.first, quote == "\"" || quote == "'" {
                let body = rest.dropFirst()
                value = body.prefix { $0 != quote }
            } else {
                value = rest.prefix { !$0.isWhitespace && $0 != ">" && $0 != "/" }
            }
            return plain(String(value)).replacing("\n", with: " ")
        }
        return nil
    }

    /// `text` as HTML that shows it the same: `&`, `<`, `>` as entities, line breaks as `<br>`,
    /// a space that a browser would fold into the one before (or drop at a line's start or end)
    /// as `&nbsp;`.
    public static func escaped(_ text: String) -> String {
        var html = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            let before = index == 0 ? "\n" : characters[index - 1]
            let after = index + 1 == characters.count ? "\n" : characters[index + 1]
            switch character {
            case "&": html += "&amp;"
            case "<": html += "&lt;"
            case ">": html += "&gt;"
            case "\n", "\r\n", "\r": html += "<br>"
            case " " where before == " " || before.isNewline || after.isNewline: html += "&nbsp;"
            case "\t": html += "&#9;"
            default: html.append(character)
            }
        }
        return html
    }

    /// Whether `text` looks like HTML from Anki's editor: a tag it writes or an entity.
    public static func looksLikeHTML(_ text: String) -> Bool {
        guard text.contains("<") || text.contains("&") else { return false }
        let lowered = text.lowercased()
        let markers = [
            "<br", "<div", "</div", "<p>", "</p", "<b>", "</b>", "<i>", "</i>", "<u>", "<span", "<img", "<li",
            "<ul", "<ol", "<font", "<sup", "<sub", "<a ", "&nbsp;", "&amp;", "&lt;", "&gt;", "&quot;", "&#",
        ]
        return markers.contains { lowered.contains($0) }
    }

    // MARK: Tags

    /// One tag: its lower-case name, whether it closes, and where it ends.
    private struct Tag {
        static let blocks: Set<String> = [
            "div", "p", "li", "ul", "ol", "tr", "table", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre",
            "hr", "dl", "dt", "dd", "section", "article", "header", "footer",
        ]

        var name: String
        var isClosing: Bool
        var end: Int

        var dropsContent: Bool { name == "style" || name == "script" }

        /// The tag starting at `start` (a `<`), or `nil` when it is not one (`a < b`).
        init?(_ scalars: [Unicode.Scalar], at start: Int) {
            var index = start + 1
            isClosing = index < scalars.count && scalars[index] == "/"
            if isClosing { index += 1 }
            var name = ""
            while index < scalars.count, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index])
            {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            // A comment is a tag to drop too.
            if name.isEmpty, !isClosing, index + 2 < scalars.count, scalars[index] == "!" {
                var end = index
                while end < scalars.count, scalars[end] != ">" { end += 1 }
                guard end < scalars.count else { return nil }
                self.name = "!"
                self.end = end + 1
                return
            }
            guard !name.isEmpty, index < scalars.count,
                [">", "/", " ", "\t", "\n", "\r"].contains(scalars[index])
            else { return nil }
            var quote: Unicode.Scalar?
            while index < scalars.count {
                let scalar = scalars[index]
                if let open = quote {
                    if scalar == open { quote = nil }
                } else if scalar == "\"" || scalar == "'" {
                    quote = scalar
                } else if scalar == ">" {
                    break
                }
                index += 1
            }
            guard index < scalars.count else { return nil }
            self.name = name.lowercased()
            self.end = index + 1
        }
    }

    /// Where the element `name` that is open at `start` ends (after its closing tag).
    private static func endOfElement(_ name: String, in scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            if scalars[index] == "<", let tag = Tag(scalars, at: index), tag.isClosing, tag.name == name {
                return tag.end
            }
            index += 1
        }
        return scalars.count
    }

    // MARK: Entities

    private static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "ensp": " ", "emsp": " ",
        "thinsp": " ", "ndash": "\u{2013}", "mdash": "\u{2014}", "hellip": "\u{2026}", "lsquo": "\u{2018}",
        "rsquo": "\u{2019}", "sbquo": "\u{201A}",
        "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}", "laquo": "\u{AB}", "raquo": "\u{BB}",
        "bull": "\u{2022}", "middot": "\u{B7}",
        "copy": "\u{A9}", "reg": "\u{AE}", "trade": "\u{2122}", "deg": "\u{B0}", "plusmn": "\u{B1}", "times": "\u{D7}",
        "divide": "\u{F7}",
        "micro": "\u{B5}", "para": "\u{B6}", "sect": "\u{A7}", "euro": "\u{20AC}", "pound": "\u{A3}", "yen": "\u{A5}",
        "cent": "\u{A2}",
        "iexcl": "\u{A1}", "iquest": "\u{BF}", "frac12": "\u{BD}", "frac14": "\u{BC}", "frac34": "\u{BE}",
        "sup2": "\u{B2}", "sup3": "\u{B3}",
        "larr": "\u{2190}", "rarr": "\u{2192}", "uarr": "\u{2191}", "darr": "\u{2193}", "harr": "\u{2194}",
        "rArr": "\u{21D2}", "lArr": "\u{21D0}",
        "le": "\u{2264}", "ge": "\u{2265}", "ne": "\u{2260}", "minus": "\u{2212}", "infin": "\u{221E}",
        "asymp": "\u{2248}", "szlig": "\u{DF}",
        "alpha": "\u{3B1}", "beta": "\u{3B2}", "gamma": "\u{3B3}", "delta": "\u{3B4}", "pi": "\u{3C0}",
        "sigma": "\u{3C3}", "omega": "\u{3C9}",
        "mu": "\u{3BC}", "lambda": "\u{3BB}", "theta": "\u{3B8}", "Delta": "\u{394}", "Sigma": "\u{3A3}",
        "Omega": "\u{3A9}",
        "aelig": "\u{E6}", "AElig": "\u{C6}", "oslash": "\u{F8}", "Oslash": "\u{D8}", "aring": "\u{E5}",
        "Aring": "\u{C5}", "ccedil": "\u{E7}",
        "Ccedil": "\u{C7}", "ntilde": "\u{F1}", "Ntilde": "\u{D1}", "eth": "\u{F0}", "thorn": "\u{FE}", "shy": "",
    ]

    /// Vowels with the accents Latin-1 names (`&eacute;`, `&Uuml;`, …).
    private static let accents: [String: Unicode.Scalar] = [
        "grave": "\u{300}", "acute": "\u{301}", "circ": "\u{302}", "tilde": "\u{303}", "uml": "\u{308}",
    ]

    /// `text` with its entities decoded, `&nbsp;` as a plain space (what Anki's `text:` filter
    /// gives: ``AnkiTemplate/strippingTags(_:)``).
    static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        let scalars = Array(text.unicodeScalars)
        var result = ""
        var index = 0
        while index < scalars.count {
            if scalars[index] == "&", let (decoded, end) = entity(scalars, at: index) {
                result += decoded
                index = end
            } else {
                result.unicodeScalars.append(scalars[index])
                index += 1
            }
        }
        return result.replacing("\u{A0}", with: " ")
    }

    /// The entity at `start` (a `&`) decoded, and where it ends; `nil` when it is none.
    private static func entity(_ scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        var end = start + 1
        var body = ""
        while end < scalars.count, end - start <= 10, scalars[end] != ";" {
            body.unicodeScalars.append(scalars[end])
            end += 1
        }
        guard end < scalars.count, scalars[end] == ";", !body.isEmpty else { return nil }
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, let scalar = Unicode.Scalar(value), value != 0 else { return nil }
            return (value == 0xA0 ? " " : String(Character(scalar)), end + 1)
        }
        if let text = named[body] { return (text, end + 1) }
        for (suffix, mark) in accents where body.hasSuffix(suffix) && body.count == suffix.count + 1 {
            guard let base = body.unicodeScalars.first, "AEIOUYaeiouyNn".unicodeScalars.contains(base) else {
                continue
            }
            var composed = String(Character(base))
            composed.unicodeScalars.append(mark)
            return (String(composed.precomposedStringWithCanonicalMappingLite), end + 1)
        }
        return nil
    }

    // MARK: Output

    /// The text being built, with HTML's white space rules.
    private struct Output {
        var text = ""
        var pendingSpace = false

        mutating func text(_ scalar: Unicode.Scalar) {
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                pendingSpace = true
                return
            }
            if pendingSpace, !text.isEmpty, text.last != "\n" { text.append(" ") }
            pendingSpace = false
            text.unicodeScalars.append(scalar)
        }

        /// A space that stays (`&nbsp;`), as a browser shows it.
        mutating func hardSpace(_ scalar: Unicode.Scalar) {
            if pendingSpace, !text.isEmpty, text.last != "\n" { text.append(" ") }
            pendingSpace = false
            // Held as a private-use stand-in until the lines are trimmed, so no trimming takes it.
            text.unicodeScalars.append(scalar == " " ? Self.hardSpace : Self.hardTab)
        }

        static let hardSpace: Unicode.Scalar = "\u{F8FE}"
        static let hardTab: Unicode.Scalar = "\u{F8FF}"

        /// `<br>`: always a new line.
        mutating func lineBreak() {
            pendingSpace = false
            text.append("\n")
        }

        /// A block's edge: a new line unless one just began.
        mutating func endLine() {
            pendingSpace = false
            if !text.isEmpty, text.last != "\n" { text.append("\n") }
        }

        func finished() -> String {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
                $0.trimmingBlanks()
            }
            while lines.first?.isEmpty == true { lines.removeFirst() }
            while lines.last?.isEmpty == true { lines.removeLast() }
            var kept: [String] = []
            for line in lines where !(line.isEmpty && kept.last?.isEmpty == true) { kept.append(line) }
            let joined = kept.joined(separator: "\n")
            guard joined.unicodeScalars.contains(where: { $0 == Self.hardSpace || $0 == Self.hardTab }) else {
                return joined
            }
            var result = String.UnicodeScalarView()
            for scalar in joined.unicodeScalars {
                result.append(scalar == Self.hardSpace ? " " : scalar == Self.hardTab ? "\t" : scalar)
            }
            return String(result)
        }
    }

    /// `text` with Anki's `[sound:file]` references written `[sound: file]`.
    private static func markingSounds(_ text: String) -> String {
        guard text.contains("[sound:") else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.firstRange(of: "[sound:") {
            result += rest[..<start.lowerBound]
            guard let close = rest[start.upperBound...].firstIndex(of: "]") else {
                rest = rest[start.lowerBound...]
                break
            }
            if let last = result.last, !last.isWhitespace { result += " " }
            result += "[sound: " + String(rest[start.upperBound..<close]).trimmingBlanks() + "]"
            rest = rest[rest.index(after: close)...]
            if let next = rest.first, !next.isWhitespace { result += " " }
        }
        result += rest
        return result.trimmingBlanks(andNewlines: true)
    }
}

extension String {
    /// The string with a base letter and a combining accent made one character where Unicode has
    /// one (Swift compares them as equal either way; this keeps the stored text short).
    fileprivate var precomposedStringWithCanonicalMappingLite: String {
        let table: [String: String] = [
            "a\u{300}": "\u{E0}", "a\u{301}": "\u{E1}", "a\u{302}": "\u{E2}", "a\u{303}": "\u{E3}",
            "a\u{308}": "\u{E4}",
            "e\u{300}": "\u{E8}", "e\u{301}": "\u{E9}", "e\u{302}": "\u{EA}", "e\u{308}": "\u{EB}",
            "i\u{300}": "\u{EC}", "i\u{301}": "\u{ED}",
            "i\u{302}": "\u{EE}", "i\u{308}": "\u{EF}", "o\u{300}": "\u{F2}", "o\u{301}": "\u{F3}",
            "o\u{302}": "\u{F4}", "o\u{303}": "\u{F5}",
            "o\u{308}": "\u{F6}", "u\u{300}": "\u{F9}", "u\u{301}": "\u{FA}", "u\u{302}": "\u{FB}",
            "u\u{308}": "\u{FC}", "y\u{301}": "\u{FD}",
            "y\u{308}": "\u{FF}", "n\u{303}": "\u{F1}", "A\u{300}": "\u{C0}", "A\u{301}": "\u{C1}",
            "A\u{302}": "\u{C2}", "A\u{303}": "\u{C3}",
            "A\u{308}": "\u{C4}", "E\u{300}": "\u{C8}", "E\u{301}": "\u{C9}", "E\u{302}": "\u{CA}",
            "E\u{308}": "\u{CB}", "I\u{300}": "\u{CC}",
            "I\u{301}": "\u{CD}", "I\u{302}": "\u{CE}", "I\u{308}": "\u{CF}", "O\u{300}": "\u{D2}",
            "O\u{301}": "\u{D3}", "O\u{302}": "\u{D4}",
            "O\u{303}": "\u{D5}", "O\u{308}": "\u{D6}", "U\u{300}": "\u{D9}", "U\u{301}": "\u{DA}",
            "U\u{302}": "\u{DB}", "U\u{308}": "\u{DC}",
            "Y\u{301}": "\u{DD}", "N\u{303}": "\u{D1}",
        ]
        var key = ""
        key.unicodeScalars.append(contentsOf: unicodeScalars)
        return table[key] ?? self
    }
}
