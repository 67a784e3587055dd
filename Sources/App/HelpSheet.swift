import TermUI

/// The `?` sheet of the home screen: its key bindings (the same table the keys and the help bar
/// come from), the keys that work everywhere, and where TermFit keeps its data. It sits above the
/// help bar and scrolls, with "more" markers, when the window is too short for all of it.
enum HelpSheet {
    /// The rows: every enabled binding, then what the run loop answers on every screen. In kiosk
    /// mode there is no shell to suspend to.
    static func entries(bindings: KeyBindings<HomeAction>, locksProfile: Bool) -> [KeyList.Entry] {
        let everywhere = [
            KeyList.Entry("Ctrl-C", "quit at once; what you finished is saved"),
            KeyList.Entry("Ctrl-Z", "suspend; `fg` brings TermFit back"),
            KeyList.Entry("mouse", "click an entry to open it, or a key in the bar"),
        ].filter { !(locksProfile && $0.keys == "Ctrl-Z") }
        return bindings.sections.flatMap(\.entries) + everywhere
    }

    static let keyWidth = 16
    static let width = 76

    /// The sheet's rows: the keys, a blank row, then where the data is (wrapped to the sheet).
    static func rows(
        bindings: KeyBindings<HomeAction>, locksProfile: Bool, dataLocation: String?, screenWidth: Int
    ) -> [KeyList.Entry] {
        var rows = entries(bindings: bindings, locksProfile: locksProfile)
        if let dataLocation {
            let width = max(8, min(width, screenWidth) - 4 - keyWidth)
            let lines = Text(dataLocation, wraps: true).laidOut(in: Size(width: width, height: 8))
            rows.append(KeyList.Entry("", ""))
            for (index, line) in lines.enumerated() { rows.append(KeyList.Entry(index == 0 ? "your data" : "", line)) }
        }
        return rows
    }

    /// Where the sheet goes: centred above the help bar.
    static func sheet(rowCount: Int, theme: Theme = .color) -> Sheet {
        Sheet(title: "Help", size: Size(width: width, height: rowCount + 2), titleStyle: theme.title)
    }

    static func render(
        into composition: inout Composition, in screen: Rect, rows: [KeyList.Entry], scroll: ScrollState,
        theme: Theme
    ) {
        var scroll = scroll
        composition.addSheet(sheet(rowCount: rows.count, theme: theme), in: screen) { canvas, area in
            let inside = area.inset(left: 1, right: 1)
            ScrollList.render(count: rows.count, into: &canvas, in: inside, state: &scroll, markerStyle: theme.muted) {
                canvas, frame, index, _ in
                KeyList([rows[index]], keyWidth: keyWidth, margin: 0).render(into: &canvas, in: frame)
            }
        }
    }
}
