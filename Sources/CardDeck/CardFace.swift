import TermUI

/// A playing card drawn as a card: a rounded border, the index (rank and suit) in the top left
/// and bottom right corners, and in the middle what a real card shows there: the pips of a 2–10
/// in their places (the 10♥ has ten hearts), a crown and framed letter on a court card, one large
/// suit on an ace; or the card's back.
///
/// ```
/// ╭─────────╮   ╭─────────╮   ╭─────╮   ╭─────╮
/// │10♥      │   │K♠       │   │7♥   │   │Q♠   │
/// │  ♥   ♥  │   │   ▲▲▲   │   │ 7×♥ │   │[Q]♠ │
/// │  ♥ ♥ ♥  │   │  ╔═══╗  │   │   7♥│   │   Q♠│
/// │         │   │  ║ K ║  │   ╰─────╯   ╰─────╯
/// │  ♥ ♥ ♥  │   │  ╚═══╝  │
/// │  ♥   ♥  │   │    ♠    │
/// │      10♥│   │       K♠│
/// ╰─────────╯   ╰─────────╯
/// ```
///
/// It comes in a small and a large size, and grows beyond the large one (the pips spread wider,
/// the frame and the ace's suit drawn bigger) where a window has room for a card dealt one at a
/// time. Cards that flip at 10 Hz stay at most large, so a flip costs the same bytes in any window.
/// A small card has no room for ten pips: its middle row shows the pips up to three and the count
/// from four ("7×♥"). Red suits are red when colour is on; without colour the suit symbols carry
/// the meaning. Only the corners and the middle change from card to card: the border stays put.
public struct CardFace: Widget, Hashable, Sendable {
    /// How big the card is drawn.
    public enum Scale: Hashable, Sendable, CaseIterable {
        /// 7×5: corners and one suit symbol.
        case small
        /// 11×9: corners and a large suit.
        case large
        /// Corners and the large suit drawn `factor` (2 or more) times as big: 16×12 at 2, 21×15
        /// at 3, and so on.
        case grown(Int)

        /// The biggest a card grows.
        public static let largestFactor = 6

        public static var allCases: [Scale] { [.small, .large, .grown(2), .grown(largestFactor)] }

        /// How many times the large suit's size the middle is drawn (0 when small).
        public var factor: Int {
            switch self {
            case .small: 0
            case .large: 1
            case .grown(let factor): max(1, factor)
            }
        }

        /// The card's size, border included.
        public var size: Size {
            switch self {
            case .small: Size(width: 7, height: 5)
            case .large, .grown: Size(width: 5 * factor + 6, height: 3 * factor + 6)
            }
        }

        /// The scale drawn `factor` times as big as large (1 is large itself).
        public static func factor(_ factor: Int) -> Scale { factor <= 1 ? .large : .grown(min(factor, largestFactor)) }
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

    /// The largest scale that fits in `area`; `grows` allows scales beyond large.
    public static func scale(fitting area: Size, grows: Bool = false) -> Scale? {
        if grows {
            let factor = min((area.width - 6) / 5, (area.height - 6) / 3, Scale.largestFactor)
            if factor >= 2 { return .grown(factor) }
        }
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
            let middle = Self.smallMiddle(of: card)
            put(middle, (inside.width - middle.displayWidth) / 2, 1)
            let bottom = corner + symbol
            put(bottom, inside.width - bottom.displayWidth, 2)
        case .large, .grown:
            // The index (rank and suit) in the top left and bottom right corners.
            let index = card.isJoker ? corner : corner + symbol
            put(index, 0, 0)
            put(index, inside.width - index.displayWidth, inside.height - 1)
            // The middle's blanks in the ink's style, so a flip changes no style mid-row.
            for row in 1..<(inside.height - 1) { put(String(repeating: " ", count: inside.width - 4), 2, row) }
            if let rows = card.isJoker ? nil : Self.pipRows(card.rank.pips ?? 0) {
                // A real card's pips: three columns, five rows, spread over the middle. Each row
                // is written whole, blanks in the same style, so a flip changes no style mid-row.
                let width = inside.width - 4
                for (row, columns) in rows.enumerated() {
                    var cells = Array(repeating: " ", count: width)
                    for column in columns { cells[column * (inside.width - 5) / 2] = symbol }
                    put(cells.joined(), 2, 1 + row * (inside.height - 3) / 4)
                }
            } else if let letter = Self.courtLetter(card.rank) {
                renderCourt(letter, crown: Self.crown(card.rank), symbol: symbol, put: put, inside: inside)
            } else {
                for (row, line) in Self.picture(of: card, factor: scale.factor).enumerated() {
                    put(line, 2, 2 + row)
                }
            }
        }
    }

    /// A court card's mark: a crown (none for a jack), the letter in a double frame, the suit
    /// under it, all in the middle of the card.
    private func renderCourt(
        _ letter: String, crown: String, symbol: String, put: (String, Int, Int) -> Void, inside: Rect
    ) {
        let width = inside.width - 4
        let top = 2
        let bottom = inside.height - 3
        let middle = (top + bottom) / 2
        let pad = (width - crown.count) / 2
        put(
            String(repeating: " ", count: pad) + crown + String(repeating: " ", count: width - crown.count - pad), 2, 1)
        put("╔" + String(repeating: "═", count: width - 2) + "╗", 2, top)
        for row in (top + 1)..<bottom { put("║" + String(repeating: " ", count: width - 2) + "║", 2, row) }
        put("║", 2, middle)
        put(letter, 2 + width / 2, middle)
        put("╚" + String(repeating: "═", count: width - 2) + "╝", 2, bottom)
        put(
            String(repeating: " ", count: width / 2) + symbol + String(repeating: " ", count: width - width / 2 - 1), 2,
            inside.height - 2)
    }

    /// Where the pips of a 2–10 go on a large (or grown) card: for each of five rows, the columns
    /// (0 left, 1 middle, 2 right) with a pip, as on a real card; `nil` for other ranks.
    static func pipRows(_ count: Int) -> [[Int]]? {
        switch count {
        case 2: [[1], [], [], [], [1]]
        case 3: [[1], [], [1], [], [1]]
        case 4: [[0, 2], [], [], [], [0, 2]]
        case 5: [[0, 2], [], [1], [], [0, 2]]
        case 6: [[0, 2], [], [0, 2], [], [0, 2]]
        case 7: [[0, 2], [1], [0, 2], [], [0, 2]]
        case 8: [[0, 2], [1], [0, 2], [1], [0, 2]]
        case 9: [[0, 2], [0, 2], [1], [0, 2], [0, 2]]
        case 10: [[0, 2], [0, 1, 2], [], [0, 1, 2], [0, 2]]
        default: nil
        }
    }

    /// The letter of a jack, queen or king.
    static func courtLetter(_ rank: Rank) -> String? {
        switch rank {
        case .jack: "J"
        case .queen: "Q"
        case .king: "K"
        default: nil
        }
    }

    /// The crown over a court card's letter: three points for a king, two for a queen, none for
    /// a jack.
    static func crown(_ rank: Rank) -> String {
        switch rank {
        case .king: "▲▲▲"
        case .queen: "▲ ▲"
        default: ""
        }
    }

    /// The middle row of a small card (five cells): the pips where they fit on one row (A–3), the
    /// count and suit from 4 up ("7×♥"), a court card's letter in brackets, or "JOKER".
    static func smallMiddle(of card: PlayingCard) -> String {
        let symbol = card.suit.symbol
        if card.isJoker { return "JOKER" }
        if let letter = courtLetter(card.rank) { return "[" + letter + "]" + symbol }
        let count = card.rank == .ace ? 1 : card.rank.pips ?? 1
        if count <= 3 { return Array(repeating: symbol, count: count).joined(separator: " ") }
        return "\(count)×" + symbol
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

    /// The middle `factor` times as big: each half-block "pixel" of the large picture becomes
    /// `factor` × `factor` pixels, drawn again with half blocks, so the shape stays smooth. A
    /// joker's words are not pictures: they stay as they are, in the middle of the space.
    static func picture(of card: PlayingCard, factor: Int) -> [String] {
        let large = picture(of: card)
        guard factor > 1 else { return large }
        let width = 5 * factor
        let height = 3 * factor
        if card.isJoker {
            var rows = Array(repeating: String(repeating: " ", count: width), count: height)
            for (index, line) in large.enumerated() {
                let pad = (width - 5) / 2
                rows[height / 2 - 1 + index] =
                    String(repeating: " ", count: pad) + line
                    + String(repeating: " ", count: width - 5 - pad)
            }
            return rows
        }
        // Two pixels per cell, top and bottom.
        let pixels: [[Bool]] = large.flatMap { line in
            let cells = Array(line)
            return [cells.map { $0 == "▀" || $0 == "█" }, cells.map { $0 == "▄" || $0 == "█" }]
        }
        return (0..<height).map { row in
            String(
                (0..<width).map { column -> Character in
                    let top = pixels[2 * row / factor][column / factor]
                    let bottom = pixels[(2 * row + 1) / factor][column / factor]
                    return switch (top, bottom) {
                    case (true, true): "█"
                    case (true, false): "▀"
                    case (false, true): "▄"
                    case (false, false): " "
                    }
                })
        }
    }
}
