/// The one list picker of TermFit: a sheet listing items (exercises, decks, circuits, profiles)
/// with a field on top that filters them as the member types, case-insensitively, and ends with
/// the item chosen or a new name typed: `.committed(.existing(value))`, `.committed(.new(name))`
/// or `.cancelled`.
///
/// - The member's own items are always listed, first: pass the catalogue and the member's own
///   items together; an own item replaces a catalogue item of the same name (any case), and none
///   is ever dropped for room (the list scrolls, "▲ 3 more" / "▼ 5 more").
/// - Typing filters: an item called just that first, then the items starting with the text,
///   then those containing it. With `newLabel` set, a last row "+ New deck “Legs”" offers the
///   typed name when no item has it.
/// - ↑↓ Shift-Tab PgUp PgDn and the wheel move the highlight; Tab completes the field to the
///   highlighted item; Enter or a click on a row commits it; Esc or a click outside cancels.
/// - The field is a `TextField` (the spreadsheet rule; a paste too long for it says so and
///   keeps nothing); a click on a help-bar hint is its key.
///
/// ```swift
/// var picker = ListPicker(
///     title: "Exercise", items: catalogue.map { .init($0, label: $0) } + own.map { .init($0, label: $0, isOwn: true) },
///     selected: current, newLabel: "New exercise")
/// switch picker.update(event, in: ComponentContext(screen: size)) {
/// case .committed(.existing(let name))?, .committed(.new(let name))?: use(name)
/// case .cancelled?: close()
/// case nil: keep(picker)
/// }
/// ```
///
/// A screen that needs keys of its own on the highlighted item (rename, delete) binds keys that
/// do not type (Ctrl-R, Delete on an empty field is the field's) and reads `highlightedValue`.
/// To refuse a committed choice, it sets `message` and opens the picker again.
public struct ListPicker<Value: Hashable & Sendable>: Hashable, Sendable {
    /// One item of the list.
    public struct Item: Hashable, Sendable {
        /// What choosing it hands back.
        public var value: Value
        /// Its name, as listed and as the filter matches it.
        public var label: String
        /// What the list shows after the name, dimmed ("12 cards · 3 due"); empty for nothing.
        public var detail: String
        /// Whether it is the member's own (listed first, never replaced by a catalogue item).
        public var isOwn: Bool

        /// An item listed as `label`.
        public init(_ value: Value, label: String, detail: String = "", isOwn: Bool = false) {
            self.value = value
            self.label = label
            self.detail = detail
            self.isOwn = isOwn
        }
    }

    /// What the member chose.
    public enum Choice: Hashable, Sendable {
        /// An item of the list.
        case existing(Value)
        /// A new one of this name (typed, its blanks tidied; no item has it).
        case new(String)
    }

    /// One row of the list as shown.
    public enum Row: Hashable, Sendable {
        /// The item at this index of `items`.
        case item(Int)
        /// The "+ New" row for this name.
        case new(String)
    }

    /// The title in the sheet's border ("Profiles").
    public var title: String
    /// A line above the field ("Who is working out?"), or `nil`.
    public var prompt: String?
    /// The label before the field ("Find", "Name").
    public var fieldLabel: String
    /// The "+ New" row's words ("New profile" gives "+ New profile “Ann”"), or `nil` when the
    /// list offers no new item.
    public var newLabel: String?
    /// What the help bar calls Enter ("Use", "Open").
    public var commitLabel: String
    /// A sentence under the list (why a choice was refused, a paste too long), until the next key.
    public var message: String?
    /// The styles it draws with.
    public var theme: Theme
    /// The items, the member's own first (see the type's notes).
    public private(set) var items: [Item]
    /// The filter and new name typed.
    public private(set) var field: TextField
    /// The highlighted row and how far the list is scrolled.
    public private(set) var scroll = ScrollState(selection: 0)

    /// A picker of `items` with the item of value `selected` highlighted (else the first).
    /// Names are typed up to `nameLimit` characters.
    public init(
        title: String, items: [Item], selected: Value? = nil, prompt: String? = nil, fieldLabel: String = "Find",
        newLabel: String? = nil, commitLabel: String = "Use", nameLimit: Int = 40, theme: Theme = .color
    ) {
        self.title = title
        self.prompt = prompt
        self.fieldLabel = fieldLabel
        self.newLabel = newLabel
        self.commitLabel = commitLabel
        self.theme = theme
        self.items = Self.merged(items)
        field = TextField("", limit: nameLimit)
        highlight(selected)
    }

    /// The member's own items first, all of them; then the catalogue's, each name once and none
    /// of the same name (any case) as an own item.
    static func merged(_ items: [Item]) -> [Item] {
        let own = items.filter(\.isOwn)
        var seen = Set(own.map { $0.label.lowercased() })
        return own + items.filter { !$0.isOwn && seen.insert($0.label.lowercased()).inserted }
    }

    // MARK: What is listed

    /// The name typed, its blanks tidied.
    public var typed: String { field.text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }

    /// The rows on offer: the items matching what was typed (one called just that first, then
    /// those starting with it, then those containing it), then the "+ New" row when offered and
    /// no item is called what was typed.
    public var rows: [Row] {
        let typed = self.typed
        guard !typed.isEmpty else { return items.indices.map(Row.item) }
        // Case-insensitive without the member's locale (which would need ICU).
        let needle = typed.lowercased()
        let names = items.map { $0.label.lowercased() }
        let exact = names.indices.filter { names[$0] == needle }
        let starting = names.indices.filter { names[$0] != needle && names[$0].hasPrefix(needle) }
        let containing = names.indices.filter { !names[$0].hasPrefix(needle) && names[$0].contains(needle) }
        var rows = (exact + starting + containing).map(Row.item)
        if newLabel != nil && !names.contains(needle) { rows.append(.new(typed)) }
        return rows
    }

    /// How a row reads in the list.
    public func label(of row: Row) -> String {
        switch row {
        case .item(let index): items[index].label
        case .new(let name): "+ \(newLabel ?? "New") “\(name)”"
        }
    }

    /// The highlighted row, if the list shows any.
    public var highlighted: Row? {
        let rows = self.rows
        guard let selection = scroll.selection, rows.indices.contains(selection) else { return nil }
        return rows[selection]
    }

    /// The value of the highlighted item, if an item is highlighted.
    public var highlightedValue: Value? {
        if case .item(let index) = highlighted { return items[index].value }
        return nil
    }

    /// What Enter would commit now.
    public var choice: Choice? {
        switch highlighted {
        case .item(let index): .existing(items[index].value)
        case .new(let name): .new(name)
        case nil: nil
        }
    }

    // MARK: Changing it

    /// Highlights the item of `value` (with nothing typed), or the first row.
    public mutating func highlight(_ value: Value?) {
        let rows = self.rows
        let target = value.flatMap { index(of: $0) }.flatMap { rows.firstIndex(of: .item($0)) }
        scroll = ScrollState(selection: 0)
        scroll.select(target ?? 0, count: max(1, rows.count))
    }

    private func index(of value: Value) -> Int? { items.firstIndex { $0.value == value } }

    /// Reads the items again (a deck renamed, a list reloaded): the highlight stays on its item.
    public mutating func replaceItems(_ newItems: [Item]) {
        let kept = highlightedValue
        items = Self.merged(newItems)
        scroll.select(scroll.selection ?? 0, count: max(1, rows.count))
        if let kept, index(of: kept) != nil, typed.isEmpty { highlight(kept) }
    }

    /// Moves the highlight by `rows` (clamped to the list), scrolling it into view on `screen`.
    public mutating func move(by rows: Int, on screen: Size) {
        scroll.move(by: rows, count: self.rows.count)
        keepHighlightInView(on: screen)
    }

    /// Scrolls just enough to show the highlighted row on a screen of `screen`.
    public mutating func keepHighlightInView(on screen: Size) {
        _ = scroll.visibleRows(count: rows.count, height: layout(on: screen).list.height)
    }

    /// Tab: the field completed to the highlighted item's name (selected, as a field moved onto
    /// is); `false` when no item is highlighted.
    @discardableResult
    public mutating func complete() -> Bool {
        guard case .item(let index) = highlighted else { return false }
        // Made with a value, the field has it selected: the next character typed replaces it.
        field = TextField(items[index].label, limit: field.limit)
        scroll = ScrollState(selection: 0)
        return true
    }

    /// A key for the field; a changed filter highlights its first row.
    private mutating func edit(_ key: Key) {
        let before = field.text
        _ = field.handle(key)
        if field.text != before { scroll = ScrollState(selection: 0) }
    }

    // MARK: Events

    /// The keys that move the highlight, and by how many rows (a page is `page` rows).
    private static func step(_ key: Key, page: Int) -> Int? {
        switch key {
        case .up, .backTab: -1
        case .down: 1
        case .pageUp: -page
        case .pageDown: page
        default: nil
        }
    }

    /// Takes one event: see the type's notes. Answers `nil` while the sheet stays open.
    public mutating func update(_ event: Event, in context: ComponentContext) -> SheetResult<Choice>? {
        switch event {
        case .key(let key):
            return press(key, in: context)
        case .paste(let text):
            message = field.paste(text.map { $0.isNewline || $0 == "\t" ? " " : String($0) }.joined()).message
            if message == nil { scroll = ScrollState(selection: 0) }
        case .mouse(let mouse):
            return click(mouse, in: context)
        default:
            break
        }
        return nil
    }

    private mutating func press(_ key: Key, in context: ComponentContext) -> SheetResult<Choice>? {
        // The next key the picker takes clears the message; one it does not take changes nothing.
        // Every character is typed, a letter beyond ASCII (é, ß, 中) like the declared ones.
        var typesText = false
        if case .character = key { typesText = true }
        guard bindings.declares(key) || typesText else { return nil }
        message = nil
        let layout = self.layout(on: context.screen)
        if let step = Self.step(key, page: max(1, layout.list.height - 1)) {
            move(by: step, on: context.screen)
            return nil
        }
        switch key {
        case .escape:
            return .cancelled
        case .enter:
            if let choice { return .committed(choice) }
            message = typed.isEmpty ? "Nothing to choose yet" : "Nothing matches “\(typed.truncated(toWidth: 24))”"
        case .tab:
            if !complete() { message = "Nothing to complete to" }
        default:
            edit(key)
        }
        keepHighlightInView(on: context.screen)
        return nil
    }

    private mutating func click(_ mouse: MouseEvent, in context: ComponentContext) -> SheetResult<Choice>? {
        switch mouse.kind {
        case .scrollUp: move(by: -1, on: context.screen)
        case .scrollDown: move(by: 1, on: context.screen)
        case .press, .drag: break
        case .release:
            let layout = self.layout(on: context.screen)
            if let hit = layout.rows.first(where: { $0.frame.contains(mouse.position) }) {
                switch hit.row {
                case .item(let index): return .committed(.existing(items[index].value))
                case .new(let name): return .committed(.new(name))
                }
            }
            if let key = helpBarKey(at: mouse.position, in: context) { return press(key, in: context) }
            if !layout.frame.contains(mouse.position) { return .cancelled }
        }
        return nil
    }
}
