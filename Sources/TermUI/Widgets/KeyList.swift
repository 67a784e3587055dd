/// Keys and what they do, one to a row, for a help or keys sheet:
///
/// ```
/// q  Esc       back
/// ?            every key
/// ```
///
/// The keys stand in `keyStyle` from the area's left edge plus `margin`, each meaning from
/// `keyWidth` columns further on (cut with "…" when the row is too narrow). Rows that do not
/// fit are left out from the end.
public struct KeyList: Widget, Hashable, Sendable {
    /// One row: the keys as shown and what they do.
    public struct Entry: Hashable, Sendable {
        /// The keys, such as "q  Esc".
        public var keys: String
        /// What they do.
        public var meaning: String

        /// A row of `keys` and their `meaning`.
        public init(_ keys: String, _ meaning: String) {
            self.keys = keys
            self.meaning = meaning
        }
    }

    /// The rows, first at the top.
    public var entries: [Entry]
    /// Columns from the start of the keys to the start of the meaning.
    public var keyWidth: Int
    /// Columns left free at both ends of each row.
    public var margin: Int
    /// The style of the keys.
    public var keyStyle: Style
    /// The style of the meanings.
    public var meaningStyle: Style

    /// A list of `entries`; see the properties for the options.
    public init(
        _ entries: [Entry], keyWidth: Int, margin: Int = 1, keyStyle: Style = .bold, meaningStyle: Style = .plain
    ) {
        self.entries = entries
        self.keyWidth = keyWidth
        self.margin = margin
        self.keyStyle = keyStyle
        self.meaningStyle = meaningStyle
    }

    /// A list of `(keys, meaning)` pairs.
    public init(_ pairs: [(String, String)], keyWidth: Int, margin: Int = 1) {
        self.init(pairs.map { Entry($0.0, $0.1) }, keyWidth: keyWidth, margin: margin)
    }

    /// Draws the rows that fit from the top of `area`.
    public func render(into canvas: inout Canvas, in area: Rect) {
        for (index, entry) in entries.enumerated() where index < area.height {
            let row = area.row(index).inset(left: margin, right: margin)
            canvas.write(entry.keys, at: row.origin, style: keyStyle, clip: row)
            Text(entry.meaning, style: meaningStyle).render(into: &canvas, in: row.inset(left: keyWidth))
        }
    }
}
