extension KeysSheet {
    /// The sheet as drawn on a screen of `screen` (above its help bar).
    private func sheet(on screen: Size) -> Sheet { Sheet(title: title, size: size(on: screen)) }

    /// Where the sheet lies on a screen of `screen`, border included: what a click outside it
    /// misses.
    public func frame(on screen: Size) -> Rect {
        if isPlain { return Rect(size: screen) }
        return sheet(on: screen).frame(in: Rect(size: screen).inset(bottom: 1))
    }

    /// The rows of its list on a screen of `screen`: how far a page of scrolling goes.
    public func listHeight(on screen: Size) -> Int {
        if isPlain { return max(0, screen.height - 1) }
        return sheet(on: screen).contentRect(in: Rect(size: screen).inset(bottom: 1)).height
    }

    /// The rows it scrolls through: its lines, and its title too when it is plain.
    public var rowCount: Int { lines.count + (isPlain ? 1 : 0) }
}
