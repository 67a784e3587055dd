/// The one sheet of TermFit that asks for a line of text (a set's note): a title, a prompt, one
/// `TextField` under the spreadsheet rule and a footer, ending with `.committed(text)` (Enter) or
/// `.cancelled` (Esc, a click outside). The field opens with the value it edits selected, so the
/// first character typed replaces it and Enter keeps it as it was; an empty text is a value too
/// (a note taken away).
///
/// ```swift
/// var sheet = TextFieldSheet(title: "Note", prompt: "Set 2", text: note, limit: 200)
/// switch sheet.update(event, in: ComponentContext(screen: size)) {
/// case .committed(let text)?: save(text)
/// case .cancelled?: close()
/// case nil: keep(sheet)
/// }
/// ```
public struct TextFieldSheet: Hashable, Sendable {
    /// The title in the border ("Note").
    public var title: String
    /// A line above the field ("Set 2 · 22.5 kg × 8"), or empty.
    public var prompt: String
    /// The label before the field ("Note").
    public var fieldLabel: String
    /// A sentence under the field (a paste too long), until the next key.
    public var message: String?
    /// The styles it draws with.
    public var theme: Theme
    /// The text as typed.
    public private(set) var field: TextField
    /// The keys that commit the text: Enter, and for a field in a list of fields the keys that
    /// leave it (Tab, ↑ ↓), as the spreadsheet rule says.
    public var commitKeys: [Key]

    /// A sheet titled `title` editing `text` (selected whole), up to `limit` characters.
    public init(
        title: String, prompt: String = "", fieldLabel: String? = nil, text: String = "", limit: Int = 200,
        commitKeys: [Key] = [.enter], theme: Theme = .color
    ) {
        self.title = title
        self.commitKeys = commitKeys
        self.prompt = prompt
        self.fieldLabel = fieldLabel ?? title
        self.theme = theme
        field = TextField(text, limit: limit)
    }

    /// What the footer says when there is no message.
    static let hint = "Enter keeps it · Esc changes nothing"

    /// The widest the sheet gets, border included.
    public static let widestWidth = 64

    /// Where the sheet's parts lie on a screen.
    public struct Layout: Hashable, Sendable {
        /// The sheet, its size fitted to the screen.
        public var sheet: Sheet
        /// The screen above the help bar, where the sheet is centred.
        public var bounds: Rect
        /// Where the sheet lies, border included: a click outside it cancels.
        public var frame: Rect
        /// The prompt's row (empty without a prompt or room for it).
        public var prompt: Rect
        /// The field's row, its label included.
        public var fieldRow: Rect
        /// The footer's row.
        public var footer: Rect
    }

    /// Where everything goes on a screen of `screen` whose last row is the help bar.
    public func layout(on screen: Size) -> Layout {
        let bounds = FieldSheetDrawing.bounds(on: screen)
        let width = min(max(0, screen.width - 2), Self.widestWidth)
        let height = min(bounds.height, prompt.isEmpty ? 5 : 6)
        let sheet = Sheet(title: title, size: Size(width: width, height: max(0, height)), titleStyle: theme.title)
        let area = sheet.contentRect(in: bounds).inset(left: 1, right: 1)
        let none = Rect(x: area.x, y: area.y, width: 0, height: 0)
        let promptRows = !prompt.isEmpty && area.height >= 3 ? 1 : 0
        return Layout(
            sheet: sheet, bounds: bounds, frame: sheet.frame(in: bounds),
            prompt: promptRows > 0 ? area.row(0) : none,
            fieldRow: area.height > promptRows ? area.row(promptRows) : none,
            footer: area.height >= promptRows + 3 ? area.row(area.height - 1) : none)
    }

    /// Takes one event: Enter (or another of `commitKeys`) commits the text, Esc cancels, the rest
    /// edits the field.
    public mutating func update(_ event: Event, in context: ComponentContext) -> SheetResult<String>? {
        switch event {
        case .key(let key):
            return press(key)
        case .paste(let text):
            message = field.paste(text.map { $0.isNewline || $0 == "\t" ? " " : String($0) }.joined()).message
        case .mouse(let mouse) where mouse.kind == .release:
            if let key = helpBarKey(at: mouse.position, in: context) { return press(key) }
            if !layout(on: context.screen).frame.contains(mouse.position) { return .cancelled }
        default:
            break
        }
        return nil
    }

    private mutating func press(_ key: Key) -> SheetResult<String>? {
        // Every character is typed, a letter beyond ASCII (é, ß, 中) like the declared ones.
        var typesText = false
        if case .character = key { typesText = true }
        guard bindings.declares(key) || typesText else { return nil }
        message = nil
        if commitKeys.contains(key) { return .committed(field.text.trimmingBlanks) }
        switch key {
        case .escape: return .cancelled
        default:
            _ = field.handle(key)
            return nil
        }
    }
}

extension String {
    /// The text without blanks at either end.
    fileprivate var trimmingBlanks: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

extension TextFieldSheet: SheetComponent {
    public typealias Value = String

    /// Enter Keep, Esc Cancel, and typing.
    public var bindings: KeyBindings<Key> {
        KeyBindings([
            KeyBinding(
                commitKeys, "Keep", group: title, bar: 1, meaning: "keep the text (an empty one takes it away)"
            ) { $0 },
            KeyBinding(
                [.escape], "Cancel", group: title, bar: 2, meaning: "close, changing nothing (a click outside too)",
                action: .escape),
            KeyBinding(
                TextField.printableKeys + TextField.editingKeys, "Type", group: fieldLabel, listing: "a-z 0-9 …",
                meaning: "type; the first character replaces the text; ← → Home End move, Backspace Delete erase"
            ) { $0 },
        ])
    }

    /// Adds the sheet (centred above the help bar) to `composition`.
    public func render(into composition: inout Composition, in context: ComponentContext) {
        render(into: &composition)
    }

    /// Adds the sheet (centred above the help bar) to `composition`.
    public func render(into composition: inout Composition) {
        let layout = self.layout(on: composition.size)
        FieldSheetDrawing(
            prompt: prompt, fieldLabel: fieldLabel, field: field, message: message, hint: Self.hint, theme: theme
        ).render(
            layout.sheet, in: layout.bounds, prompt: layout.prompt, fieldRow: layout.fieldRow, footer: layout.footer,
            into: &composition)
    }
}
