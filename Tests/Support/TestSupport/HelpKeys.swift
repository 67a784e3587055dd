import TermUI

/// Checks a workout's `--help` against its key tables: every key the text names does something
/// in some state of the workout, and every key the workout's screen offers on its help bar is
/// named.
public enum HelpKeys {
    /// The keys named by their names (arrows, Enter, PgUp…).
    private static let namedKeys: [String: Key] = [
        "Space": .character(" "), "Enter": .enter, "Esc": .escape, "Tab": .tab, "Shift-Tab": .backTab,
        "Backspace": .backspace, "Delete": .delete, "Home": .home, "End": .end, "PgUp": .pageUp,
        "PgDn": .pageDown, "←": .left, "→": .right, "↑": .up, "↓": .down,
    ]

    /// A word of the text without the punctuation around it ("(or" is "or", "h)," is "h"); a word
    /// of one character is itself ("-", "?").
    private static func bare(_ word: Substring) -> String {
        guard word.count > 1 else { return String(word) }
        var slice = word
        while slice.count > 1, let first = slice.first, "(\"“'".contains(first) { slice.removeFirst() }
        while slice.count > 1, let last = slice.last, ",;:.)\"”'".contains(last) { slice.removeLast() }
        return String(slice)
    }

    /// The keys `text` names, in its order, each once. A word of one character is a key, except
    /// a letter after a number ("30 s") and the article "a" unless a verb follows it ("a adds").
    public static func named(in text: String) -> [Key] {
        let words = text.split(whereSeparator: \.isWhitespace).map(bare)
        var keys: [Key] = []
        for (index, word) in words.enumerated() {
            let next = index + 1 < words.count ? words[index + 1] : ""
            let previous = index > 0 ? words[index - 1] : ""
            var key: Key?
            if let named = namedKeys[word] {
                key = named
            } else if word.hasPrefix("Ctrl-"), word.count == 6, let letter = word.last, letter.isLetter {
                key = .control(Character(letter.lowercased()))
            } else if word.hasPrefix("F"), let number = Int(word.dropFirst()), (1...24).contains(number) {
                key = .function(number)
            } else if word.count == 1, let character = word.first {
                let afterNumber = !previous.isEmpty && previous.allSatisfy(\.isNumber)
                let verbFollows =
                    next.hasSuffix("s") && !next.hasSuffix("ss") && !next.hasSuffix("'s") && !next.hasSuffix("’s")
                if character.isLetter && afterNumber || character == "a" && !verbFollows || character == "I" {
                    key = nil
                } else {
                    key = .character(character)
                }
            }
            if let key, !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// What is wrong with `help` for a workout whose states have the key tables `states` and
    /// whose screen (no sheet open) has the tables `screens`, each a sentence.
    public static func problems<Action>(
        help: String, states: [KeyBindings<Action>], screens: [KeyBindings<Action>]
    ) -> [String] {
        let named = Self.named(in: help)
        let dead = named.filter { key in !states.contains { $0.action(for: key) != nil } }.map {
            "--help names \($0.name), which does nothing in any state"
        }
        var missing: [String] = []
        for screen in screens {
            for binding in screen.enabled where binding.barRank != nil {
                let entry = "--help leaves out \(binding.allKeys) (\(binding.label))"
                if !binding.keys.contains(where: named.contains) && !missing.contains(entry) { missing.append(entry) }
            }
        }
        return dead + missing
    }
}
