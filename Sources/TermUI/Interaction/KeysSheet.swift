/// The `?` sheet of a screen, made from its key bindings: every enabled binding under its group's
/// heading, scrolled with ↑↓ where the window is too short for all of them.
///
/// It keeps its own scroll: as a `SheetComponent` (see KeysSheet+Component.swift) ↑↓ PgUp PgDn
/// Home End and the wheel scroll it, and Esc, `?`, q, Enter, F1 or a click close it (it only ever
/// ends `.cancelled`). A `SheetStack` of components opens one over its top sheet by itself.
public struct KeysSheet: Hashable, Sendable {
    /// The sheet's lines: headings and "keys  meaning" rows.
    public private(set) var lines: [Line]
    /// The widest keys column.
    public private(set) var keyWidth: Int
    /// How far the list is scrolled (no row is selected).
    public var scroll = ScrollState(selection: nil)
    /// The title in the border: "Keys", or "Help" for the home screen's.
    public var title = "Keys"
    /// How its headings are drawn: bold, or a screen's accent.
    public var headingStyle = Style.bold
    /// Drawn as plain lines over the whole screen, for a screen reader: the title, then the rows,
    /// no border, no colour, the help bar's keys unstyled.
    public var isPlain = false

    public enum Line: Hashable, Sendable {
        case heading(String)
        case entry(KeyList.Entry)
        case blank
    }

    /// The sheet of `bindings`, each group under its heading.
    public init<Action>(_ bindings: KeyBindings<Action>) {
        self.init(bindings, title: "Keys")
    }

    /// The sheet of `bindings` with its headings drawn in `headingStyle`, or as plain lines.
    public init<Action>(_ bindings: KeyBindings<Action>, headingStyle: Style, isPlain: Bool = false) {
        self.init(bindings, title: "Keys")
        self.headingStyle = headingStyle
        self.isPlain = isPlain
    }

    /// The sheet of `bindings` titled `title`, followed by `more` sections of rows that are not
    /// bindings (the keys the run loop answers everywhere, where the data is).
    public init<Action>(
        _ bindings: KeyBindings<Action>, title: String, more: [(group: String, entries: [KeyList.Entry])] = []
    ) {
        self.title = title
        var lines: [Line] = []
        for (index, section) in (bindings.sections + more).enumerated() {
            if index > 0 { lines.append(.blank) }
            lines.append(.heading(section.group))
            lines += section.entries.map(Line.entry)
        }
        self.lines = lines
        keyWidth = lines.reduce(0) { width, line in
            if case .entry(let entry) = line { return max(width, entry.keys.displayWidth + 2) }
            return width
        }
    }

    /// `current`'s lines (the keys as they are now) in this sheet, scrolled where this one is
    /// (never past the new end): how an open keys sheet follows what changes under it.
    public func showing(_ current: KeysSheet) -> KeysSheet {
        var sheet = current
        sheet.scroll = scroll
        sheet.scroll.move(by: 0, count: sheet.rowCount)
        return sheet
    }

    /// The size the sheet asks for (border included) on a screen of `screen`: all its lines
    /// where they fit, never over the screen's last row (the help bar's).
    public func size(on screen: Size) -> Size {
        let widest = lines.reduce(0) { width, line in
            switch line {
            case .heading(let text): return max(width, text.displayWidth)
            case .entry(let entry): return max(width, keyWidth + entry.meaning.displayWidth)
            case .blank: return width
            }
        }
        return Size(
            width: min(screen.width - 2, max(24, widest + 4)), height: min(screen.height - 1, lines.count + 2))
    }

    /// The rows of the sheet as text, for a screen reader or a test.
    public var text: [String] {
        lines.map { line in
            switch line {
            case .heading(let text): return text
            case .entry(let entry):
                return entry.keys + String(repeating: " ", count: max(1, keyWidth - entry.keys.displayWidth))
                    + entry.meaning
            case .blank: return ""
            }
        }
    }

    /// Adds the sheet to `composition`, scrolled by `state` (its selection unused), its headings
    /// in `headingStyle`.
    public func render(into composition: inout Composition, state: ScrollState, headingStyle: Style) {
        let size = self.size(on: composition.bounds.size)
        let lines = self.lines
        let keyWidth = self.keyWidth
        var state = state
        // The sheet sits above the help bar, which stays in view on the last row.
        let screen = composition.bounds.inset(bottom: 1)
        let sheet = Sheet(title: title, size: size)
        composition.add(.sheet, dimsBelow: true) { canvas in
            sheet.render(into: &canvas, in: screen)
            let area = sheet.contentRect(in: screen).inset(left: 1, right: 1)
            ScrollList.render(count: lines.count, into: &canvas, in: area, state: &state) { canvas, frame, index, _ in
                switch lines[index] {
                case .heading(let text): Text(text, style: headingStyle).render(into: &canvas, in: frame)
                case .entry(let entry): KeyList([entry], keyWidth: keyWidth, margin: 0).render(into: &canvas, in: frame)
                case .blank: break
                }
            }
        }
    }

    /// Adds the sheet to `composition` scrolled by `state`, as it is drawn: boxed with its
    /// headings in `headingStyle`, or plain.
    public func render(into composition: inout Composition, state: ScrollState) {
        guard isPlain else { return render(into: &composition, state: state, headingStyle: headingStyle) }
        let lines = [title] + text
        let hints = bindings.helpBar.hints
        var state = state
        composition.add(.sheet) { canvas in
            canvas.clear()
            let area = canvas.bounds.inset(bottom: 1)
            ScrollList.render(count: lines.count, into: &canvas, in: area, state: &state, markerStyle: .plain) {
                canvas, frame, index, _ in
                Text(lines[index]).render(into: &canvas, in: frame)
            }
            HelpBar(hints, keyStyle: .plain).render(into: &canvas, in: canvas.bounds.splitBottom(1).1)
        }
    }
}
