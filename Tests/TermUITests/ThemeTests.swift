import TermUI
import Testing

@Suite("Theme")
struct ThemeTests {
    /// Every role differs from plain text without colour too (nothing told by colour alone), and
    /// no colour-free role carries a colour.
    @Test func colourFreeRolesStillStandOutAndCarryNoColour() {
        let free = Theme.colorFree
        let roles = [
            free.accent, free.title, free.heading, free.muted, free.record, free.positive, free.negative, free.problem,
            free.warning, free.selection, free.field, free.key,
        ]
        for style in roles {
            #expect(style != .plain)
            #expect(style.foreground == .default && style.background == .default)
        }
        #expect(free.tint(0.5, positive: true) == nil)
    }

    @Test func colourRolesUseTermFitsColours() {
        let color = Theme.color
        #expect(color.accent == Style(foreground: .indexed(45), attributes: .bold))
        #expect(color.muted.foreground == .brightBlack)
        #expect(color.record.foreground == .yellow)
        #expect(color.negative.foreground == .red)
        #expect(color.selection == Style(attributes: [.reverse, .bold]))
        #expect(color.tint(0, positive: true) == nil)
        #expect(color.tint(1, positive: true) == .indexed(46))
        #expect(color.tint(2, positive: false) == .indexed(196))
        #expect(Theme(usesColor: true) == .color)
    }
}
