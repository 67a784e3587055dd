import TermUI
import Testing

@testable import App

@Suite struct HelpSheetTests {
    @Test func theHelpSheetSaysWhereTheDataIs() {
        var scene = AppScene(
            context: AppContext(profile: "alex", dataLocation: "/home/alex/.local/share/termfit/termfit.sqlite"),
            workouts: [], profiles: InMemoryProfileDirectory(["alex"]))
        _ = scene.handle(.resize(Size(width: 80, height: 24)), at: .zero)
        _ = scene.handle(.key(.character("?")), at: .zero)
        var composition = Composition(size: scene.size)
        scene.render(into: &composition, at: .zero)
        let lines = composition.flatten().lines()
        #expect(lines.contains { $0.contains("│ your data       /home/alex/.local/share/termfit/termfit.sqlite") })
        #expect(lines.contains { $0.contains("↑↓ Scroll  Esc Close") })
    }
}
