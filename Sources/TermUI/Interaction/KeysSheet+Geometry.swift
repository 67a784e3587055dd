extension KeysSheet {
    /// The sheet as drawn on a screen of `screen` (above its help bar).
    private func sheet(on screen: Size) -> Sheet { Sheet(title: title, size: size(on: screen)) }

    /// Where the sheet lies on a screen of `screen`, border included: what a click outside it
    /// misses.
    public func frame(on screen: Size) -> Rect {
        sheet(on: screen).frame(in: Rect(size: screen).inset(bottom: 1))
    }

    /// The rows of its list on a screen of `screen`: how far a page of scrolling goes.
    public func listHeight(on screen: Size) -> Int {
        sheet(on: screen).contentRect(in: Rect(size: screen).inset(bottom: 1)).height
    }
}
