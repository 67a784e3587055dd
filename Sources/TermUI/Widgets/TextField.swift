/// A one-line text input: its text, a cursor, and the editing keys. A value type: a scene keeps
/// one in its state, hands it keys and pastes, and renders it.
public struct TextField: Hashable, Sendable {
    /// What the field does with a key.
    public enum Outcome: Hashable, Sendable {
        /// The text or the cursor changed.
        case edited
        /// Enter: the user is done.
        case submitted
        /// Esc: the user gave up.
        case cancelled
        /// Not a key the field uses (the scene may use it).
        case ignored
    }

    public private(set) var text: String
    /// The cursor as an index into `text`'s characters, 0...count.
    public private(set) var cursor: Int
    /// The most characters the field takes.
    public var limit: Int
    /// Which characters the field accepts; all printable characters when `nil`.
    public var accepts: (@Sendable (Character) -> Bool)?
    /// Whether a pasted line break stays in the text (as `\n`, shown as ↵); else it is dropped.
    public var allowsLineBreaks = false

    public init(_ text: String = "", limit: Int = 64, accepts: (@Sendable (Character) -> Bool)? = nil) {
        let clipped = String(text.prefix(limit))
        self.text = clipped
        self.cursor = clipped.count
        self.limit = limit
        self.accepts = accepts
    }

    public static func == (lhs: TextField, rhs: TextField) -> Bool {
        lhs.text == rhs.text && lhs.cursor == rhs.cursor && lhs.limit == rhs.limit
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(cursor)
    }

    /// Applies one key.
    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let character):
            return insert(String(character)) ? .edited : .ignored
        case .backspace:
            guard cursor > 0 else { return .edited }
            let index = text.index(text.startIndex, offsetBy: cursor - 1)
            text.remove(at: index)
            cursor -= 1
            return .edited
        case .delete, .control("d"):
            guard cursor < text.count else { return .edited }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
            return .edited
        case .left:
            cursor = max(0, cursor - 1)
            return .edited
        case .right:
            cursor = min(text.count, cursor + 1)
            return .edited
        case .home, .control("a"):
            cursor = 0
            return .edited
        case .end, .control("e"):
            cursor = text.count
            return .edited
        case .control("u"):
            text.removeSubrange(text.startIndex..<text.index(text.startIndex, offsetBy: cursor))
            cursor = 0
            return .edited
        case .control("k"):
            text.removeSubrange(text.index(text.startIndex, offsetBy: cursor)..<text.endIndex)
            return .edited
        case .enter:
            return .submitted
        case .escape:
            return .cancelled
        default:
            return .ignored
        }
    }

    /// Inserts pasted or typed text at the cursor, dropping what the field does not accept (line
    /// breaks, control characters, past the limit). Returns `true` if anything went in.
    @discardableResult
    public mutating func insert(_ typed: String) -> Bool {
        var inserted = false
        for typedCharacter in typed {
            guard text.count < limit else { break }
            var character = typedCharacter
            if character.isNewline {
                guard allowsLineBreaks else { continue }
                character = "\n"
            }
            guard DisplayWidth.of(character) > 0 || character == "\n" else { continue }
            if let accepts, !accepts(character) { continue }
            text.insert(character, at: text.index(text.startIndex, offsetBy: cursor))
            cursor += 1
            inserted = true
        }
        return inserted
    }

    /// Replaces the whole text and puts the cursor at its end.
    public mutating func set(_ newText: String) {
        text = String(newText.prefix(limit))
        cursor = text.count
    }

    /// Draws the field on the first row of `area`: the text, scrolled so the cursor shows, and
    /// the cursor as a reversed cell when `focused`.
    public func render(into canvas: inout Canvas, in area: Rect, style: Style = .underline, focused: Bool = true) {
        guard !area.isEmpty else { return }
        let row = area.row(0)
        canvas.fill(row, with: Cell(.space, style: style))
        let characters = Array(text)
        // Scroll so the cursor cell fits in the row.
        var start = 0
        while start < cursor && DisplayWidth.of(String(characters[start..<cursor])) >= row.width {
            start += 1
        }
        var x = row.x
        for index in start...characters.count {
            let isCursor = focused && index == cursor
            let character: Character =
                index < characters.count ? (characters[index].isNewline ? "↵" : characters[index]) : " "
            let width = max(1, DisplayWidth.of(character))
            guard x + width <= row.maxX else { break }
            canvas.put(Cell(character, style: isCursor ? style.adding(.reverse) : style), x: x, y: row.y, clip: row)
            x += width
        }
    }
}

extension TextField {
    /// The printable ASCII characters, which a field takes as typed (a screen declares them as one
    /// binding; characters beyond ASCII reach the field through its fallback).
    public static let printableKeys: [Key] = (32...126).compactMap { value in
        Unicode.Scalar(value).map { Key.character(Character($0)) }
    }

    /// The keys that edit a field besides the characters it takes: the ones `handle(_:)` answers.
    public static let editingKeys: [Key] = [
        .backspace, .delete, .left, .right, .home, .end, .control("a"), .control("e"), .control("u"),
        .control("k"), .control("d"),
    ]
}
