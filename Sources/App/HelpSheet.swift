import TermUI

/// The `?` sheet of the home screen: TermUI's keys sheet of its bindings (the same table the keys
/// and the help bar come from), then the keys that work everywhere and where TermFit keeps its
/// data. It sits above the help bar and scrolls, with "more" markers, as every keys sheet does.
enum HelpSheet {
    /// What the run loop answers on every screen. In kiosk mode there is no shell to suspend to.
    static func everywhere(locksProfile: Bool) -> [KeyList.Entry] {
        [
            KeyList.Entry("Ctrl-C", "quit at once; what you finished is saved"),
            KeyList.Entry("Ctrl-Z", "suspend; `fg` brings TermFit back"),
            KeyList.Entry("mouse", "click an entry to open it, or a key in the bar"),
        ].filter { !(locksProfile && $0.keys == "Ctrl-Z") }
    }

    /// The sheet for a screen `screenWidth` wide: the bindings by group, "Everywhere", and the
    /// data's place wrapped to the sheet.
    static func sheet(
        bindings: KeyBindings<HomeAction>, locksProfile: Bool, dataLocation: String?, screenWidth: Int
    ) -> KeysSheet {
        var more = [(group: "Everywhere", entries: everywhere(locksProfile: locksProfile))]
        if let dataLocation {
            let keyWidth = KeysSheet(bindings, title: "Help", more: more).keyWidth
            let width = max(8, min(60, screenWidth - 6 - keyWidth))
            let lines = Text(dataLocation, wraps: true).laidOut(in: Size(width: width, height: 8))
            more.append((group: "Your data", entries: lines.map { KeyList.Entry("", $0) }))
        }
        return KeysSheet(bindings, title: "Help", more: more)
    }
}
