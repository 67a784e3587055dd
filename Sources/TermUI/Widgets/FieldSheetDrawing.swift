/// How a sheet that asks for a line of text draws its frame and its field: the one look of
/// `TextFieldSheet` and `ListPicker`. The sheet is centred above the help bar with its title in
/// the theme's title style; in it the prompt (muted) over the field after its label (the label in
/// the heading style, the field in the field style), and a footer at the bottom saying the
/// message (in the negative style) or else the hint (muted).
struct FieldSheetDrawing {
    /// The line above the field, or `nil`.
    var prompt: String?
    /// The label before the field, without its colon.
    var fieldLabel: String
    var field: TextField
    /// What the footer says: a message, if there is one, else the hint.
    var message: String?
    var hint: String
    var theme: Theme

    /// The screen above the help bar (the last row of `screen`), where the sheet is centred.
    static func bounds(on screen: Size) -> Rect {
        Rect(size: screen).inset(bottom: screen.height > 0 ? 1 : 0)
    }

    /// Adds the sheet to `composition` in `bounds`, the prompt, the field and the footer drawn
    /// in their rows (an empty row draws nothing), then whatever `content` draws.
    func render(
        _ sheet: Sheet, in bounds: Rect, prompt promptRow: Rect, fieldRow: Rect, footer: Rect,
        into composition: inout Composition, content: @escaping (inout Canvas) -> Void = { _ in }
    ) {
        let drawing = self
        composition.addSheet(sheet, in: bounds) { canvas, _ in
            let theme = drawing.theme
            if let prompt = drawing.prompt { Text(prompt, style: theme.muted).render(into: &canvas, in: promptRow) }
            if !fieldRow.isEmpty {
                let used = canvas.write(
                    drawing.fieldLabel + ": ", at: fieldRow.origin, style: theme.heading, clip: fieldRow)
                drawing.field.render(into: &canvas, in: fieldRow.inset(left: used), style: theme.field)
            }
            content(&canvas)
            let (text, style) = drawing.message.map { ($0, theme.negative) } ?? (drawing.hint, theme.muted)
            Text(text, style: style, alignment: .center).render(into: &canvas, in: footer)
        }
    }
}
