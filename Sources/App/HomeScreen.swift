import TermUI

/// What the home screen's keys do.
enum HomeAction: Equatable, Sendable {
    case up
    case down
    case first
    case last
    case openSelected
    /// Opens the entry with this number (from 1).
    case open(Int)
    case profiles
    case help
    case quit
}

/// The home screen's keys: its key handling, help bar, help sheet and bar clicks all come from
/// this one table.
enum HomeBindings {
    static func bindings(menuCount: Int, locksProfile: Bool) -> KeyBindings<HomeAction> {
        let count = min(9, menuCount)
        let digits = (1...max(1, count)).map { Key.character(Character(String($0))) }
        return KeyBindings([
            KeyBinding(
                [.up, .down, .character("k"), .character("j"), .backTab, .tab], "Move",
                group: "Menu", bar: 1, display: "↑↓", listing: "↑ ↓  j k  Tab", meaning: "move through the menu"
            ) { key in [.up, .character("k"), .backTab].contains(key) ? .up : .down },
            KeyBinding(
                [.enter, .character(" "), .right, .character("l")], "Open", group: "Menu", bar: 2,
                listing: "Enter  Space", meaning: "open the selected entry", action: .openSelected),
            KeyBinding(digits, "Open", group: "Menu", listing: "1…\(count)", meaning: "open an entry by its number") {
                key in
                if case .character(let digit) = key, let number = digit.wholeNumberValue { return .open(number) }
                return .openSelected
            },
            KeyBinding([.home], "First", group: "Menu", meaning: "the first entry", action: .first),
            KeyBinding([.end], "Last", group: "Menu", meaning: "the last entry", action: .last),
            KeyBinding(
                [.character("p")], "Profile", group: "TermFit", bar: 5, meaning: "switch or add a profile",
                enabled: !locksProfile, action: .profiles),
            KeyBinding(
                [.character("?"), .function(1)], "Help", group: "TermFit", bar: 3, meaning: "this help", action: .help),
            KeyBinding(
                [.character("q"), .escape], "Quit", group: "TermFit", bar: 4,
                meaning: "quit (inside a workout: back to this menu)", action: .quit),
        ])
    }
}

/// Where everything on the home screen goes, shared by drawing and mouse hit-testing.
///
/// The menu panel comes first; the profile line, the block-letter name and the tagline are added
/// above it as the window's height allows, and the whole group sits centred in the window. A
/// menu taller than the window scrolls, with "more" markers, keeping the selected entry in view.
struct HomeLayout {
    var wordmark: Rect?
    var tagline: Rect?
    var profile: Rect?
    var panel: Rect
    /// Inside the panel: where the entries go.
    var list: Rect
    var notice: Rect
    var helpBar: Rect

    /// The widest the panel gets.
    static let panelWidth = 68

    init(size: Size, itemCount: Int) {
        let screen = Rect(size: size)
        let (above, bar) = Layout.vertical([.fill(1), .length(1)]).split2(screen)
        helpBar = bar
        let (body, noticeRow) = Layout.vertical([.fill(1), .length(1)]).split2(above)
        notice = noticeRow
        let panelHeight = min(itemCount + 2, body.height)
        let room = body.height - panelHeight
        // What goes above the panel, most wanted first, as far as the rows allow.
        var parts: [(kind: Part, rows: Int)] = []
        if room >= 9 {
            parts = [(.wordmark, 3), (.tagline, 1), (.gap, 1), (.profile, 1), (.gap, 1)]
        } else if room >= 6 {
            parts = [(.wordmark, 3), (.tagline, 1), (.profile, 1), (.gap, 1)]
        } else if room >= 4 {
            parts = [(.wordmark, 1), (.tagline, 1), (.profile, 1), (.gap, 1)]
        } else if room >= 2 {
            parts = [(.wordmark, 1), (.profile, 1)]
        } else if room >= 1 {
            parts = [(.profile, 1)]
        }
        let group = Layout.vertical(
            parts.map { .length($0.rows) } + [.length(panelHeight)], alignment: .center
        ).split(body)
        for (part, rect) in zip(parts.map(\.kind), group) {
            switch part {
            case .wordmark: wordmark = rect
            case .tagline: tagline = rect
            case .profile: profile = rect
            case .gap: break
            }
        }
        let panelRow = group.last ?? body
        panel = panelRow.centered(
            atMost: Size(width: min(Self.panelWidth, max(0, size.width - 2)), height: panelHeight))
        list = panel.inset(by: 1)
    }

    private enum Part {
        case wordmark, tagline, profile, gap
    }

    /// The menu entry under `point`, if one is in view there.
    func itemIndex(at point: Point, itemCount: Int, scroll: ScrollState) -> Int? {
        var scroll = scroll
        return ScrollList.frames(count: itemCount, state: &scroll, in: list).first { $0.frame.contains(point) }?.index
    }
}
