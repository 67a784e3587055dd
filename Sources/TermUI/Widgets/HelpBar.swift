/// One row of key hints, such as `q Quit  ? Help  ↑↓ Move`: each key in `keyStyle`, its
/// description in `descriptionStyle`, two spaces between hints.
///
/// When the row is too narrow, whole hints are dropped from the end (list the most important
/// first); a hint is never cut in half.
public struct HelpBar: Widget, Hashable, Sendable {
    /// A key and what it does.
    public struct Hint: Hashable, Sendable {
        /// The key as shown, such as "q" or "↑↓".
        public var key: String
        /// What the key does, such as "Quit".
        public var description: String

        /// A hint showing `key` and what it does.
        public init(_ key: String, _ description: String) {
            self.key = key
            self.description = description
        }

        /// A hint for `key`, shown by its name ("Esc", "↑", "Space").
        public init(_ key: Key, _ description: String) {
            self.init(key.name, description)
        }

        /// Columns the hint takes: key, a space, description (or just the key).
        public var width: Int {
            description.isEmpty ? key.displayWidth : key.displayWidth + 1 + description.displayWidth
        }
    }

    /// The hints, most important first.
    public var hints: [Hint]
    /// The style of the keys.
    public var keyStyle: Style
    /// The style of the descriptions.
    public var descriptionStyle: Style
    /// Where the hints sit across the row.
    public var alignment: Alignment

    /// Columns between two hints.
    public static let spacing = 2

    /// A help bar of `hints`.
    public init(
        _ hints: [Hint], keyStyle: Style = .bold, descriptionStyle: Style = .plain, alignment: Alignment = .leading
    ) {
        self.hints = hints
        self.keyStyle = keyStyle
        self.descriptionStyle = descriptionStyle
        self.alignment = alignment
    }

    /// How many hints, from the first, fit in `width` columns.
    public func fittingCount(width: Int) -> Int {
        var used = 0
        for (index, hint) in hints.enumerated() {
            let needed = (index == 0 ? 0 : Self.spacing) + hint.width
            if used + needed > width { return index }
            used += needed
        }
        return hints.count
    }

    /// Where each hint that fits lies when drawn on the top row of `area`, in order; a mouse
    /// press in one of them can stand for its key.
    public func frames(in area: Rect) -> [Rect] {
        guard !area.isEmpty else { return [] }
        let shown = hints.prefix(fittingCount(width: area.width))
        let total = shown.reduce(0) { $0 + $1.width } + max(0, shown.count - 1) * Self.spacing
        var x = area.x + alignment.offset(width: total, in: area.width)
        return shown.map { hint in
            defer { x += hint.width + Self.spacing }
            return Rect(x: x, y: area.y, width: hint.width, height: 1)
        }
    }

    /// Draws the hints that fit on the top row of `area`.
    public func render(into canvas: inout Canvas, in area: Rect) {
        for (hint, frame) in zip(hints, frames(in: area)) {
            let keyWidth = canvas.write(hint.key, at: frame.origin, style: keyStyle, clip: area)
            if !hint.description.isEmpty {
                let x = frame.x + keyWidth + 1
                canvas.write(hint.description, at: Point(x: x, y: frame.y), style: descriptionStyle, clip: area)
            }
        }
    }
}
