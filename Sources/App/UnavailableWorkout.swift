import TermUI

/// The screen of a workout whose data could not be opened: its name, why, and `q` to leave.
/// Every workout host shows this instead of its workout then.
struct UnavailableWorkout {
    /// The workout's name at the top left, e.g. "Dumbbells".
    var title: String
    /// The sentence before the reason, e.g. "The dumbbell workout cannot open: ".
    var lead: String
    /// Why.
    var reason: String

    /// `q`, Esc, or a click on the help bar leave; nothing else does anything.
    static func effects(of event: Event, screen size: Size) -> [Effect] {
        switch event {
        case .key(.character("q")), .key(.escape): return [.quit]
        case .mouse(let mouse) where mouse.kind == .release && mouse.position.y == size.height - 1: return [.quit]
        default: return []
        }
    }

    func render(into composition: inout Composition) {
        let title = self.title
        let message = lead + reason
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
