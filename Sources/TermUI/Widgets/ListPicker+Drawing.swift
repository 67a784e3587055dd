extension ListPicker {
    /// Where the picker's parts lie on a screen: what is drawn and what a click hits are both
    /// read from here.
    public struct Layout: Hashable, Sendable {
        /// The sheet, its size fitted to the screen.
        public var sheet: Sheet
        /// The screen above the help bar, where the sheet is centred.
        public var bounds: Rect
        /// Where the sheet lies, border included: a click outside it cancels.
        public var frame: Rect
        /// The prompt's row (empty when there is no prompt or no room for it).
        public var prompt: Rect
        /// The field's row, its label included.
        public var fieldRow: Rect
        /// Where the list goes, its "▲ N more" / "▼ N more" rows included.
        public var list: Rect
        /// Each row in view, where it is drawn: a click there commits it.
        public var rows: [RowFrame]
        /// The footer's row (the message, or what the keys do).
        public var footer: Rect
    }

    /// A row of the list in view and where it is drawn.
    public struct RowFrame: Hashable, Sendable {
        public var frame: Rect
        public var row: Row
    }

    /// The widest the sheet gets, border included.
    public static var widestWidth: Int { 72 }
    /// The narrowest the sheet gets when the screen allows.
    public static var narrowestWidth: Int { 32 }

    /// Where everything goes on a screen of `screen` whose last row is the help bar. The sheet
    /// is as wide as its longest item and as tall as all its items (so it does not jump while the
    /// member types), both cut to the screen.
    public func layout(on screen: Size) -> Layout {
        let bounds = FieldSheetDrawing.bounds(on: screen)
        let newWidth = newLabel.map { "+ \($0) “”".displayWidth + min(field.limit, 16) } ?? 0
        let fixed = [newWidth, title.displayWidth + 4, prompt?.displayWidth ?? 0, footerHint.displayWidth]
        let widest = items.reduce(fixed.max() ?? 0) { width, item in
            max(width, item.label.displayWidth + (item.detail.isEmpty ? 0 : 2 + item.detail.displayWidth) + 2)
        }
        let width = min(max(0, screen.width - 2), max(Self.narrowestWidth, min(Self.widestWidth, widest + 4)))
        let count = max(1, items.count + (newLabel == nil ? 0 : 1))
        let height = min(bounds.height, count + 4 + (prompt == nil ? 0 : 1))
        let sheet = Sheet(title: title, size: Size(width: width, height: max(0, height)), titleStyle: theme.title)
        let area = sheet.contentRect(in: bounds).inset(left: 1, right: 1)
        let promptRows = prompt != nil && area.height >= 4 ? 1 : 0
        let footerRows = area.height >= 3 ? 1 : 0
        let fieldRow = area.height > promptRows ? area.row(promptRows) : Rect(x: area.x, y: area.y, width: 0, height: 0)
        let list = Rect(
            x: area.x, y: area.y + promptRows + 1, width: area.width,
            height: max(0, area.height - promptRows - 1 - footerRows))
        var scroll = self.scroll
        let rows = self.rows
        let frames = ScrollList.frames(count: rows.count, state: &scroll, in: list).map {
            RowFrame(frame: $0.frame, row: rows[$0.index])
        }
        return Layout(
            sheet: sheet, bounds: bounds, frame: sheet.frame(in: bounds),
            prompt: promptRows > 0 ? area.row(0) : Rect(x: area.x, y: area.y, width: 0, height: 0),
            fieldRow: fieldRow, list: list, rows: frames,
            footer: footerRows > 0 ? area.row(area.height - 1) : Rect(x: area.x, y: area.maxY, width: 0, height: 0))
    }

    /// What the footer says when there is no message.
    var footerHint: String {
        newLabel == nil ? "Type to find · Enter \(commitLabel.lowercased())" : "Type to find or name a new one"
    }

    /// Adds the sheet (centred above the help bar, the screen below dimmed) to `composition`.
    public func render(into composition: inout Composition) {
        let layout = self.layout(on: composition.size)
        let theme = self.theme
        let rows = self.rows
        let labels = rows.map(label(of:))
        let details = rows.map { row -> String in
            if case .item(let index) = row { return items[index].detail }
            return ""
        }
        let selection = scroll.selection
        let typed = self.typed
        var scroll = self.scroll
        let drawing = FieldSheetDrawing(
            prompt: prompt, fieldLabel: fieldLabel, field: field, message: message, hint: footerHint, theme: theme)
        drawing.render(
            layout.sheet, in: layout.bounds, prompt: layout.prompt, fieldRow: layout.fieldRow, footer: layout.footer,
            into: &composition
        ) { canvas in
            if rows.isEmpty, !layout.list.isEmpty {
                Text("Nothing matches “\(typed)”", style: theme.muted).render(into: &canvas, in: layout.list.row(0))
            }
            // The rows where the layout put them (what a click hits), and the "N more" markers.
            ScrollList.render(
                count: rows.count, into: &canvas, in: layout.list, state: &scroll, markerStyle: theme.muted
            ) { _, _, _, _ in }
            for placed in layout.rows {
                guard let index = rows.firstIndex(of: placed.row) else { continue }
                let selected = index == selection
                let style = selected ? theme.selection : Style.plain
                if selected { canvas.fill(placed.frame, with: Cell(.space, style: style)) }
                let detail = details[index]
                // The detail takes what the name leaves, and at least a third of the row.
                let room = max(placed.frame.width / 3, placed.frame.width - 2 - labels[index].displayWidth - 2)
                let detailWidth = detail.isEmpty ? 0 : min(detail.displayWidth, max(0, room))
                let labelArea = placed.frame.inset(right: detailWidth == 0 ? 0 : detailWidth + 1)
                Text((selected ? "▸ " : "  ") + labels[index], style: style).render(into: &canvas, in: labelArea)
                if detailWidth > 0 {
                    Text(detail, style: selected ? style : theme.muted, alignment: .trailing).render(
                        into: &canvas, in: placed.frame.inset(left: placed.frame.width - detailWidth))
                }
            }
        }
    }
}

extension ListPicker: SheetComponent {
    public typealias Value = Choice

    /// Draws the sheet; see `render(into:)`.
    public func render(into composition: inout Composition, in context: ComponentContext) {
        render(into: &composition)
    }

    /// ↑↓ Choose, Enter (`commitLabel`), Esc Cancel, Tab Complete, and typing. Enter and Tab
    /// stay enabled with nothing to use or complete: they say so.
    public var bindings: KeyBindings<Key> {
        KeyBindings([
            KeyBinding(
                [.up, .down, .backTab, .pageUp, .pageDown], "Choose", group: title, bar: 1, display: "↑↓",
                listing: "↑ ↓  PgUp PgDn", meaning: "move through the list (Shift-Tab up, the wheel too)"
            ) { $0 },
            KeyBinding(
                [.enter], commitLabel, group: title, bar: 2,
                meaning: newLabel == nil
                    ? "use the highlighted one (a click too)"
                    : "use the highlighted one; “+ New” makes one (a click too)",
                action: .enter),
            KeyBinding(
                [.escape], "Cancel", group: title, bar: 3, meaning: "close, changing nothing (a click outside too)",
                action: .escape),
            KeyBinding(
                [.tab], "Complete", group: title, bar: 4, meaning: "complete the name to the highlighted one",
                action: .tab),
            KeyBinding(
                TextField.printableKeys + TextField.editingKeys, "Type", group: fieldLabel, listing: "a-z 0-9 …",
                meaning: "type to find; ← → Home End move, Backspace Delete erase, Ctrl-U Ctrl-K cut"
            ) { $0 },
        ])
    }
}
