import TermUI

/// A playing card drawn as a card: a rounded border, the rank and suit in the top left and
/// bottom right corners, and a large suit in the middle; or the card's back.
///
/// ```
/// ╭─────────╮   ╭─────╮
/// │A        │   │A♠   │
/// │♠        │   │  ♠  │
/// │   ▄█▄   │   │   A♠│
/// │  █████  │   ╰─────╯
/// │   ▄█▄   │
/// │        ♠│
/// │        A│
/// ╰─────────╯
/// ```
///
/// It comes in two sizes and never grows beyond the large one, so a flip costs the same bytes in
/// any window. Red suits are red when colour is on; without colour the suit symbols carry the
/// meaning. Only the corners and the middle change from card to card: the border stays put.
public struct CardFace: Widget, Hashable, Sendable {
    /// How big the card is drawn.
    public enum Scale: Hashable, Sendable, CaseIterable {
        /// 7×5: corners and one suit symbol.
        case small
        /// 11×9: corners and a large suit.
        case large

        /// The card's size, border included.
        public var size: Size {
            switch self {
            case .small: Size(width: 7, height: 5)
            case .large: Size(width: 11, height: 9)
            }
        }
    }

    /// The card, or `nil` for its back.
    public var card: PlayingCard?
    /// How big it is.
    public var scale: Scale
    /// Red suits in red.
    public var usesColor: Bool

    /// A card face (or the back, for `nil`).
    public init(_ card: PlayingCard?, scale: Scale, usesColor: Bool = true) {
        self.card = card
        self.scale = scale
        self.usesColor = usesColor
    }

    /// The largest scale that fits in `area` with `spare` rows and columns left over around it.
    public static func scale(fitting area: Size) -> Scale? {
        if area.contains(Scale.large.size) { return .large }
        if area.contains(Scale.small.size) { return .small }
        return nil
    }

    /// The style of the card's rank, suit and picture.
    public var inkStyle: Style {
        guard let card else { return usesColor ? Style(foreground: .blue) : .dim }
        return usesColor && card.suit.isRed ? Style(foreground: .red, attributes: .bold) : .bold
    }

    /// Draws the card at the top left of `area` (clipped to it).
    public func render(into canvas: inout Canvas, in area: Rect) {
        let frame = Rect(origin: area.origin, size: scale.size).intersection(area)
        guard !frame.isEmpty else { return }
        Panel(box: .rounded, fill: .plain).render(into: &canvas, in: frame)
        let inside = Rect(origin: area.origin, size: scale.size).inset(by: 1)
        let clip = inside.intersection(area)
        let ink = inkStyle
        guard let card else {
            for y in inside.y..<inside.maxY {
                canvas.write(
                    String(repeating: "░", count: inside.width), at: Point(x: inside.x, y: y), style: ink, clip: clip)
            }
            return
        }
        let corner = card.isJoker ? "JK" : card.rank.label
        let symbol = card.suit.symbol
        func put(_ text: String, _ x: Int, _ y: Int) {
            canvas.write(text, at: Point(x: inside.x + x, y: inside.y + y), style: ink, clip: clip)
        }
        switch scale {
        case .small:
            put(corner + symbol, 0, 0)
            put(card.isJoker ? "JOKER" : "  " + symbol, 0, 1)
            let bottom = corner + symbol
            put(bottom, inside.width - bottom.displayWidth, 2)
        case .large:
            put(corner, 0, 0)
            put(symbol, 0, 1)
            for (row, line) in Self.picture(of: card).enumerated() {
                put(line, 2, 2 + row)
            }
            put(symbol, inside.width - 1, inside.height - 2)
            put(corner, inside.width - corner.displayWidth, inside.height - 1)
        }
    }

    /// The large suit in the middle of a large card: three rows of five cells.
    static func picture(of card: PlayingCard) -> [String] {
        switch card.suit {
        case .spades: [" ▄█▄ ", "█████", " ▄█▄ "]
        case .hearts: ["▄█▄█▄", "▀███▀", "  ▀  "]
        case .diamonds: [" ▄█▄ ", "▀███▀", "  ▀  "]
        case .clubs: [" ███ ", "██▄██", " ▄█▄ "]
        case .black, .red: ["  ★  ", "JOKER", "  ★  "]
        }
    }
}
