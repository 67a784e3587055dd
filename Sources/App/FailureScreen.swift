import TermUI

/// The screen of a workout whose data could not be opened: its name, why, and `q` to leave.
enum FailureScreen {
    /// `q`, Esc or a click on the help bar leaves; nothing else does anything.
    static func handle(_ event: Event, size: Size) -> [Effect] {
        switch event {
        case .key(.character("q")), .key(.escape): return [.quit]
        case .mouse(let mouse) where mouse.kind == .release && mouse.position.y == size.height - 1: return [.quit]
        default: return []
        }
    }

    /// Draws `title`, `message` centred, and the help bar.
    static func render(into composition: inout Composition, title: String, message: String) {
        composition.add { canvas in
            let screen = canvas.bounds
            canvas.write(title, at: .zero, style: .bold, clip: screen)
            let body = Text(message, alignment: .center, wraps: true)
            let area = screen.inset(top: 2, left: 2, bottom: 2, right: 2)
            let height = min(area.height, body.laidOut(in: area.size).count)
            body.render(into: &canvas, in: area.centered(Size(width: area.width, height: height)))
            HelpBar([HelpBar.Hint("q", "Back")]).render(into: &canvas, in: screen.row(screen.height - 1))
        }
    }
}
