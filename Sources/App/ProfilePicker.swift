import TermUI

/// The profile sheet: pick one of the profiles on this machine or type a new name.
struct ProfilePicker: Equatable {
    enum Outcome: Equatable {
        case none
        case cancel
        case choose(String)
    }

    /// The rows of the sheet: each profile, then "New profile…".
    private(set) var names: [String]
    private(set) var selection: Int
    private(set) var field: TextField?
    var error: String?

    static let nameLimit = 32

    init(names: [String], current: String) {
        self.names = names.contains(current) ? names : (names + [current]).sorted()
        self.selection = self.names.firstIndex(of: current) ?? 0
    }

    var sheet: Sheet {
        Sheet(title: "Profiles", size: Size(width: 44, height: min(names.count, 10) + 7), titleStyle: Palette.title)
    }

    /// Profile names are what people call themselves; anything printable, trimmed, not empty.
    static func isValid(_ name: String) -> Bool {
        let trimmed = name.trimmingSpaces
        return !trimmed.isEmpty && trimmed.count <= nameLimit
    }

    mutating func handle(_ event: Event, screen: Rect) -> Outcome {
        if var field {
            defer { if self.field != nil { self.field = field } }
            switch event {
            case .paste(let text):
                field.insert(text)
                return .none
            case .key(let key):
                switch field.handle(key) {
                case .submitted:
                    let name = field.text.trimmingSpaces
                    guard Self.isValid(name) else {
                        error = "A name needs at least one letter"
                        return .none
                    }
                    return .choose(name)
                case .cancelled:
                    self.field = nil
                    error = nil
                    return .none
                default:
                    return .none
                }
            default:
                return .none
            }
        }
        let rowCount = names.count + 1
        switch event {
        case .key(.up), .key(.character("k")):
            selection = (selection + rowCount - 1) % rowCount
        case .key(.down), .key(.character("j")), .key(.tab):
            selection = (selection + 1) % rowCount
        case .key(.character("n")):
            selection = names.count
            field = TextField(limit: Self.nameLimit)
        case .key(.enter), .key(.character(" ")):
            if selection < names.count { return .choose(names[selection]) }
            field = TextField(limit: Self.nameLimit)
        case .key(.escape), .key(.character("q")):
            return .cancel
        case .mouse(let mouse) where mouse.kind == .release:
            let content = sheet.contentRect(in: screen)
            guard sheet.frame(in: screen).contains(mouse.position) else { return .cancel }
            let row = mouse.position.y - content.y - 1
            if row >= 0 && row < rowCount {
                selection = row
                if row < names.count { return .choose(names[row]) }
                field = TextField(limit: Self.nameLimit)
            }
        default:
            break
        }
        return .none
    }

    /// The keys for the help bar while the picker is open.
    var hints: [HelpBar.Hint] {
        field == nil
            ? [
                HelpBar.Hint("↑↓", "Choose"), HelpBar.Hint("Enter", "Use"), HelpBar.Hint("n", "New"),
                HelpBar.Hint("Esc", "Close"),
            ]
            : [HelpBar.Hint("Enter", "Save"), HelpBar.Hint("Esc", "Back")]
    }

    func render(into composition: inout Composition, in screen: Rect) {
        let names = self.names
        let selection = self.selection
        let field = self.field
        let error = self.error
        composition.addSheet(sheet, in: screen) { canvas, area in
            Text("Who is working out?", style: Palette.muted).render(into: &canvas, in: area.row(0).inset(left: 1))
            for (index, name) in (names + ["New profile…"]).enumerated() {
                let row = area.row(index + 1)
                guard row.y < area.maxY - 2 else { break }
                let style: Style = index == selection && field == nil ? Palette.selected : .plain
                canvas.fill(row, with: Cell(.space, style: style))
                Text((index == selection ? "▸ " : "  ") + name, style: style).render(
                    into: &canvas, in: row.inset(left: 1))
            }
            let inputRow = area.row(area.height - 2).inset(left: 1, right: 1)
            if let field {
                let label = canvas.write(
                    "Name: ", at: Point(x: inputRow.x, y: inputRow.y), style: .bold, clip: inputRow)
                field.render(into: &canvas, in: inputRow.inset(left: label))
            }
            let footer = area.row(area.height - 1).inset(left: 1, right: 1)
            if let error {
                Text(error, style: Style(foreground: .red, attributes: .bold)).render(into: &canvas, in: footer)
            } else {
                let hint = field == nil ? "Enter choose · n new · Esc close" : "Enter save · Esc back"
                Text(hint, style: Palette.muted, alignment: .center).render(into: &canvas, in: footer)
            }
        }
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while slice.first?.isWhitespace == true { slice.removeFirst() }
        while slice.last?.isWhitespace == true { slice.removeLast() }
        return String(slice)
    }
}
