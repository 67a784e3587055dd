/// Anki's fields as plain text: what a card shows once the HTML of Anki's editor is gone.
///
/// `<br>` is a line break, block elements (`div`, `p`, `li`, `tr`, headings, …) start and end
/// lines, `<style>` and `<script>` go with their contents, every other tag is dropped (keeping its
/// text), entities are decoded (named ones of Latin-1 and typography, and numeric ones), `&nbsp;`
/// is a space, runs of spaces and source line breaks are one space as a browser shows them, and
/// Anki's media references (`[sound:…]`) are removed. The result has no blank lines at its ends
/// and at most one blank line in a row.
public enum HTMLText {
    /// `html` as plain text.
    public static func plain(_ html: String) -> String {
        var output = Output()
        let scalars = Array(html.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", let tag = Tag(scalars, at: index) {
                index = tag.end
                if tag.dropsContent && !tag.isClosing {
                    index = endOfElement(tag.name, in: scalars, from: index)
                    continue
                }
                if tag.name == "br" {
                    output.lineBreak()
                } else if Tag.blocks.contains(tag.name) {
                    output.endLine()
                }
                continue
            }
            if scalar == "&", let (decoded, end) = entity(scalars, at: index) {
                for character in decoded.unicodeScalars { output.text(character) }
                index = end
                continue
            }
            output.text(scalar)
            index += 1
        }
        return removingMedia(output.finished())
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
        "thinsp": " ", "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’", "sbquo": "‚",
        "ldquo": "“", "rdquo": "”", "bdquo": "„", "laquo": "«", "raquo": "»", "bull": "•", "middot": "·",
        "copy": "©", "reg": "®", "trade": "™", "deg": "°", "plusmn": "±", "times": "×", "divide": "÷",
        "micro": "µ", "para": "¶", "sect": "§", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢",
        "iexcl": "¡", "iquest": "¿", "frac12": "½", "frac14": "¼", "frac34": "¾", "sup2": "²", "sup3": "³",
        "larr": "←", "rarr": "→", "uarr": "↑", "darr": "↓", "harr": "↔", "rArr": "⇒", "lArr": "⇐",
        "le": "≤", "ge": "≥", "ne": "≠", "minus": "−", "infin": "∞", "asymp": "≈", "szlig": "ß",
        "alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "pi": "π", "sigma": "σ", "omega": "ω",
        "mu": "μ", "lambda": "λ", "theta": "θ", "Delta": "Δ", "Sigma": "Σ", "Omega": "Ω",
        "aelig": "æ", "AElig": "Æ", "oslash": "ø", "Oslash": "Ø", "aring": "å", "Aring": "Å", "ccedil": "ç",
        "Ccedil": "Ç", "ntilde": "ñ", "Ntilde": "Ñ", "eth": "ð", "thorn": "þ", "shy": "",
    ]

    /// Vowels with the accents Latin-1 names (`&eacute;`, `&Uuml;`, …).
    private static let accents: [String: Unicode.Scalar] = [
        "grave": "\u{300}", "acute": "\u{301}", "circ": "\u{302}", "tilde": "\u{303}", "uml": "\u{308}",
    ]

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
            return kept.joined(separator: "\n")
        }
    }

    /// `text` without Anki's `[sound:file]` references.
    private static func removingMedia(_ text: String) -> String {
        guard text.contains("[sound:") else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.firstRange(of: "[sound:") {
            result += rest[..<start.lowerBound]
            guard let close = rest[start.upperBound...].firstIndex(of: "]") else {
                rest = rest[start.lowerBound...]
                break
            }
            rest = rest[rest.index(after: close)...]
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
            "a\u{300}": "à", "a\u{301}": "á", "a\u{302}": "â", "a\u{303}": "ã", "a\u{308}": "ä",
            "e\u{300}": "è", "e\u{301}": "é", "e\u{302}": "ê", "e\u{308}": "ë", "i\u{300}": "ì", "i\u{301}": "í",
            "i\u{302}": "î", "i\u{308}": "ï", "o\u{300}": "ò", "o\u{301}": "ó", "o\u{302}": "ô", "o\u{303}": "õ",
            "o\u{308}": "ö", "u\u{300}": "ù", "u\u{301}": "ú", "u\u{302}": "û", "u\u{308}": "ü", "y\u{301}": "ý",
            "y\u{308}": "ÿ", "n\u{303}": "ñ", "A\u{300}": "À", "A\u{301}": "Á", "A\u{302}": "Â", "A\u{303}": "Ã",
            "A\u{308}": "Ä", "E\u{300}": "È", "E\u{301}": "É", "E\u{302}": "Ê", "E\u{308}": "Ë", "I\u{300}": "Ì",
            "I\u{301}": "Í", "I\u{302}": "Î", "I\u{308}": "Ï", "O\u{300}": "Ò", "O\u{301}": "Ó", "O\u{302}": "Ô",
            "O\u{303}": "Õ", "O\u{308}": "Ö", "U\u{300}": "Ù", "U\u{301}": "Ú", "U\u{302}": "Û", "U\u{308}": "Ü",
            "Y\u{301}": "Ý", "N\u{303}": "Ñ",
        ]
        var key = ""
        key.unicodeScalars.append(contentsOf: unicodeScalars)
        return table[key] ?? self
    }
}
