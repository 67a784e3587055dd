import TermUI

/// The `?` sheet: every key of the home screen, and where TermFit keeps its data.
enum HelpSheet {
    static let allLines: [(String, String)] = [
        ("↑ ↓  j k", "move through the menu"),
        ("Enter  Space", "open the selected entry"),
        ("1 … 9", "open an entry by its number"),
        ("p", "switch or add a profile"),
        ("?  F1", "this help"),
        ("q  Esc", "quit (inside a workout: back to this menu)"),
        ("Ctrl-C", "quit at once; what you finished is saved"),
        ("Ctrl-Z", "suspend; `fg` brings TermFit back"),
        ("mouse", "click an entry to open it"),
    ]

    /// The lines for this run: in kiosk mode there is no profile to switch to and no shell to
    /// suspend to.
    static func lines(locksProfile: Bool) -> [(String, String)] {
        locksProfile ? allLines.filter { $0.0 != "p" && $0.0 != "Ctrl-Z" } : allLines
    }

    static func sheet(locksProfile: Bool) -> Sheet {
        Sheet(
            title: "Help", size: Size(width: 76, height: lines(locksProfile: locksProfile).count + 7),
            titleStyle: Palette.title)
    }

    static func render(into composition: inout Composition, dataLocation: String?, locksProfile: Bool) {
        let lines = lines(locksProfile: locksProfile)
        composition.addSheet(sheet(locksProfile: locksProfile)) { canvas, area in
            KeyList(lines, keyWidth: 16).render(into: &canvas, in: area)
            if let dataLocation, area.height > lines.count + 3 {
                let row = area.row(lines.count + 1).inset(left: 1, right: 1)
                canvas.write("your data", at: Point(x: row.x, y: row.y), style: .bold, clip: row)
                // A long path wraps onto a second row rather than losing its end.
                let rows = Rect(x: row.x + 16, y: row.y, width: row.width - 16, height: 2)
                Text(dataLocation, style: Palette.muted, wraps: true).render(into: &canvas, in: rows)
            }
            let footer = area.row(area.height - 1).inset(left: 1, right: 1)
            if area.height > lines.count + 1 {
                Text("Esc, ? or Enter closes this sheet", style: Palette.muted, alignment: .center)
                    .render(into: &canvas, in: footer)
            }
        }
    }
}
