/// A one-line text input: its text, a cursor, and the editing keys. A value type: a scene keeps
/// one in its state, hands it keys and pastes, and renders it.
///
/// Every field follows one editing rule, the spreadsheet's: a field made with a value (or moved
/// onto with `select()`) has its whole text selected, so the first character typed or pasted
/// replaces it; Backspace or Delete on the selection empties it; ← and → end the selection and
/// move the cursor. Enter (`.submitted`) is where the scene commits the text, and `commit()` makes
/// it the value Esc comes back to; Esc (`.cancelled`) puts back the value the field had when
/// editing began and commits nothing.
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
    /// The value the field had when editing began: what Esc puts back.
    public private(set) var original: String
    /// Whether the whole text is selected, so the next character typed replaces it.
    public private(set) var isSelected: Bool
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
        self.original = clipped
        self.isSelected = !clipped.isEmpty
        self.limit = limit
        self.accepts = accepts
    }

    public static func == (lhs: TextField, rhs: TextField) -> Bool {
        lhs.text == rhs.text && lhs.cursor == rhs.cursor && lhs.limit == rhs.limit
            && lhs.original == rhs.original && lhs.isSelected == rhs.isSelected
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(cursor)
        hasher.combine(isSelected)
    }

    /// Whether the text differs from the value editing began with.
    public var isModified: Bool { text != original }

    /// Moving onto the field: its value becomes the one Esc puts back, and the whole text is
    /// selected so the first character typed replaces it.
    public mutating func select() {
        original = text
        cursor = text.count
        isSelected = !text.isEmpty
    }

    /// The text was committed (saved, or taken by the scene): it becomes the value Esc puts back.
    public mutating func commit() {
        original = text
        isSelected = false
    }

    /// Esc: puts back the value the field had when editing began.
    public mutating func revert() {
        text = original
        cursor = text.count
        isSelected = false
    }

    /// Applies one key. Esc reverts the text before it answers `.cancelled`.
    public mutating func handle(_ key: Key) -> Outcome {
        if isSelected, let outcome = handleOnSelection(key) { return outcome }
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
            revert()
            return .cancelled
        default:
            return .ignored
        }
    }

    /// The keys that act on a selected text; `nil` for the others, which end the selection and
    /// act as usual (Enter and Esc keep it: they commit or put back the whole value).
    private mutating func handleOnSelection(_ key: Key) -> Outcome? {
        switch key {
        case .character:
            return nil  // `insert` replaces the selection.
        case .backspace, .delete, .control("d"), .control("u"), .control("k"):
            text = ""
            cursor = 0
            isSelected = false
            return .edited
        case .left, .home, .control("a"):
            cursor = 0
            isSelected = false
            return .edited
        case .right, .end, .control("e"):
            cursor = text.count
            isSelected = false
            return .edited
        default:
            return nil
        }
    }

    /// What a paste did.
    public enum PasteOutcome: Hashable, Sendable {
        /// The text went in.
        case inserted
        /// Nothing the field takes was in the paste.
        case nothingAccepted
        /// The paste (as the field would take it) is longer than the room left: nothing went in.
        case tooLong(length: Int, room: Int)

        /// The sentence a screen shows for a refused paste, or `nil` when it went in.
        public var message: String? {
            switch self {
            case .inserted: return nil
            case .nothingAccepted: return "Nothing in that paste fits this field; nothing was pasted"
            case .tooLong(let length, let room):
                return "That paste is \(length) characters; this field has room for \(room). Nothing was pasted"
            }
        }
    }

    /// Inserts pasted or typed text at the cursor (replacing a selected text), dropping what the
    /// field does not take (line breaks, control characters, characters `accepts` refuses). All
    /// or nothing: text longer than the room left goes in not at all, so a field never keeps a
    /// cut paste. Returns `true` if anything went in.
    @discardableResult
    public mutating func insert(_ typed: String) -> Bool {
        paste(typed) == .inserted
    }

    /// `insert(_:)`, telling why nothing went in.
    @discardableResult
    public mutating func paste(_ typed: String) -> PasteOutcome {
        var taken: [Character] = []
        for typedCharacter in typed {
            var character = typedCharacter
            if character.isNewline {
                guard allowsLineBreaks else { continue }
                character = "\n"
            }
            guard DisplayWidth.of(character) > 0 || character == "\n" else { continue }
            if let accepts, !accepts(character) { continue }
            taken.append(character)
        }
        guard !taken.isEmpty else { return .nothingAccepted }
        let kept = isSelected ? 0 : text.count
        guard kept + taken.count <= limit else { return .tooLong(length: taken.count, room: limit - kept) }
        if isSelected {
            text = ""
            cursor = 0
            isSelected = false
        }
        text.insert(contentsOf: taken, at: text.index(text.startIndex, offsetBy: cursor))
        cursor += taken.count
        return .inserted
    }

    /// Replaces the whole text and puts the cursor at its end; the new text is what Esc comes
    /// back to, selected as a field moved onto is.
    public mutating func set(_ newText: String) {
        text = String(newText.prefix(limit))
        cursor = text.count
        select()
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
            // A selected text shows reversed, as the value the next character replaces.
            let isHighlighted = isCursor || (focused && isSelected && index < characters.count)
            let character: Character =
                index < characters.count ? (characters[index].isNewline ? "↵" : characters[index]) : " "
            let width = max(1, DisplayWidth.of(character))
            guard x + width <= row.maxX else { break }
            canvas.put(
                Cell(character, style: isHighlighted ? style.adding(.reverse) : style), x: x, y: row.y, clip: row)
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
