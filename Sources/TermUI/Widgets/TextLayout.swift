extension StringProtocol {
    /// This text cut to at most `width` terminal cells, ending in "…" when anything was cut.
    ///
    /// Wide characters count as two cells and are never split; spaces just before the ellipsis are
    /// dropped ("Warm up" cut to 6 cells is "Warm…", not "Warm …").
    public func truncated(toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        if displayWidth <= width { return String(self) }
        var result = ""
        var used = 0
        for character in self {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        while result.last == " " { result.removeLast() }
        return result + "…"
    }
}

/// Line breaking shared by the text widgets.
enum TextLayout {
    /// Splits `text` into lines at every line break (`\n`, `\r\n`, …), keeping empty lines.
    static func lines(of text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
    }

    /// Breaks one line into lines at most `width` cells wide, greedily at spaces. A word wider than
    /// `width` is broken between characters. Runs of spaces collapse to one; an empty line stays
    /// one empty line.
    static func wrap(_ line: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var result: [String] = []
        var current = ""
        var currentWidth = 0
        for word in line.split(separator: " ") {
            let wordWidth = word.displayWidth
            if currentWidth > 0 && currentWidth + 1 + wordWidth <= width {
                current += " " + word
                currentWidth += 1 + wordWidth
                continue
            }
            if currentWidth > 0 {
                result.append(current)
            }
            if wordWidth <= width {
                current = String(word)
                currentWidth = wordWidth
            } else {
                var pieces = breakWord(word, width: width)
                let last = pieces.removeLast()
                result.append(contentsOf: pieces)
                current = last
                currentWidth = last.displayWidth
            }
        }
        if currentWidth > 0 || result.isEmpty {
            result.append(current)
        }
        return result
    }

    /// Breaks a word into pieces at most `width` cells wide (a single character wider than
    /// `width` gets a piece of its own). Never returns an empty array.
    private static func breakWord(_ word: Substring, width: Int) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var pieceWidth = 0
        for character in word {
            let characterWidth = DisplayWidth.of(character)
            if pieceWidth > 0 && pieceWidth + characterWidth > width {
                pieces.append(piece)
                piece = ""
                pieceWidth = 0
            }
            piece.append(character)
            pieceWidth += characterWidth
        }
        pieces.append(piece)
        return pieces
    }

    /// `line` with "…" at its end, cut so that the whole fits in `width` cells: marks a line after
    /// which more text did not fit.
    static func endingInEllipsis(_ line: String, width: Int) -> String {
        guard width > 0 else { return "" }
        var kept = line
        if kept.displayWidth > width - 1 {
            kept = String(kept.truncated(toWidth: width).dropLast())
        }
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }
}
