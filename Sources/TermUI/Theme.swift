/// The one set of styles every TermFit screen draws with, by role, in colour or without.
///
/// Without colour (`--no-color`, `NO_COLOR`, a monochrome terminal) nothing is told by colour
/// alone: every role still differs from plain text by an attribute (bold, dim, reverse,
/// underline), and the screens add a mark of their own where it matters (✓ done, ★ a record,
/// ▸ the selection). A screen takes one `Theme` from its display options and never builds a
/// `Style` with a colour itself:
///
/// ```swift
/// let theme = Theme(usesColor: options.usesColor)
/// Text("workouts at the keyboard", style: theme.muted).render(into: &canvas, in: row)
/// ```
public struct Theme: Hashable, Sendable {
    /// Whether the roles use colour.
    public let usesColor: Bool

    /// TermFit's own cyan (256-colour 45): the wordmark, titles, the running clock.
    public static let accentColor = Color.indexed(45)

    /// What stands out: the workout's name, the clock, a chosen value. Bold cyan / bold.
    public var accent: Style { usesColor ? Style(foreground: Self.accentColor, attributes: .bold) : .bold }
    /// A sheet's or panel's title. Bold cyan / bold.
    public var title: Style { accent }
    /// Headings inside a sheet ("Answer", "Deck"): bold in both.
    public var heading: Style { .bold }
    /// What must read stronger than the text around it without standing for anything else (a
    /// refused key's notice, a button's edge): bold in both.
    public var emphasis: Style { .bold }
    /// Text in the background: explanations, footers, "▲ 3 more", borders of a list. Grey / dim.
    public var muted: Style { usesColor ? Style(foreground: .brightBlack) : .dim }
    /// Something finished (a set done, a page seen). Green / plain (a ✓ tells it).
    public var done: Style { usesColor ? Style(foreground: .green) : .plain }
    /// A personal record, a filled rating mark (★). Bold yellow / bold.
    public var record: Style { usesColor ? Style(foreground: .yellow, attributes: .bold) : .bold }
    /// An empty rating mark (☆), a bar's empty track. Grey / plain.
    public var unfilled: Style { usesColor ? Style(foreground: .brightBlack) : .plain }
    /// A good outcome: a right answer, a rest. Bold green / bold.
    public var positive: Style { usesColor ? Style(foreground: .green, attributes: .bold) : .bold }
    /// A bad outcome or an error in words: a wrong answer, a name refused. Bold red / bold.
    public var negative: Style { usesColor ? Style(foreground: .red, attributes: .bold) : .bold }
    /// A notice of something refused, shown as a banner: reversed bold in both, so it reads
    /// without colour.
    public var problem: Style { Style(attributes: [.reverse, .bold]) }
    /// Something that needs attention now (the last seconds of a countdown): bold white on red /
    /// reversed bold.
    public var warning: Style {
        usesColor
            ? Style(foreground: .white, background: .red, attributes: .bold) : Style(attributes: [.reverse, .bold])
    }
    /// The highlighted row of a list, the focused field or button: reversed bold in both.
    public var selection: Style { Style(attributes: [.reverse, .bold]) }
    /// A field that holds a value but is not being edited: underlined in both.
    public var field: Style { .underline }
    /// A progress bar's filled part, the pill's border: cyan / plain.
    public var bar: Style { usesColor ? Style(foreground: Self.accentColor) : .plain }
    /// The keys in a help bar: bold in both.
    public var key: Style { .bold }

    /// The styles with colour when `usesColor`, else the colour-free ones.
    public init(usesColor: Bool) {
        self.usesColor = usesColor
    }

    /// The styles in colour.
    public static let color = Theme(usesColor: true)
    /// The colour-free styles.
    public static let colorFree = Theme(usesColor: false)

    /// Six steps from white to green and from white to red in the 256-colour cube.
    static let greens: [UInt8] = [231, 194, 157, 120, 83, 46]
    static let reds: [UInt8] = [231, 224, 217, 210, 203, 196]

    /// A colour that grows with `fraction` (0…1, clamped) from white to green when `positive`,
    /// else to red: a card dragged towards right or wrong. `nil` without colour or at 0.
    public func tint(_ fraction: Double, positive: Bool) -> Color? {
        guard usesColor, fraction > 0 else { return nil }
        let ramp = positive ? Self.greens : Self.reds
        let step = Int((min(1, fraction) * Double(ramp.count - 1)).rounded())
        return .indexed(ramp[step])
    }
}
