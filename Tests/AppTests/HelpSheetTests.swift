import TermUI
import Testing

@testable import App

@Suite struct HelpSheetTests {
    @Test func theHelpSheetSaysWhereTheDataIs() throws {
        var scene = AppScene(
            context: AppContext(profile: "alex", dataLocation: "/home/alex/.local/share/termfit/termfit.sqlite"),
            workouts: [], profiles: InMemoryProfileDirectory(["alex"]))
        _ = scene.handle(.resize(Size(width: 80, height: 24)), at: .zero)
        _ = scene.handle(.key(.character("?")), at: .zero)
        var composition = Composition(size: scene.size)
        scene.render(into: &composition, at: .zero)
        let lines = composition.flatten().lines()
        let top = try #require(lines.firstIndex { $0.contains("╭ Help") })
        let heading = try #require(lines.firstIndex { $0.contains("│ Your data") })
        #expect(heading > top)
        #expect(lines[heading + 1].contains("/home/alex/.local/share/termfit/termfit.sqlite"))
        #expect(lines.contains { $0.contains("│ Everywhere") })
        #expect(lines.contains { $0.contains("↑↓ Scroll  Esc Close") })
    }

    /// The help is a keys sheet: it scrolls itself on a short window (never past the end), and
    /// closes on Esc, ?, q, Enter, F1 or a click.
    @Test func theHelpScrollsAsEveryKeysSheetDoes() {
        var scene = AppScene(
            context: AppContext(profile: "alex", dataLocation: "/home/alex/.local/share/termfit/termfit.sqlite"),
            workouts: [], profiles: InMemoryProfileDirectory(["alex"]))
        _ = scene.handle(.resize(Size(width: 40, height: 12)), at: .zero)
        func shown() -> String {
            var composition = Composition(size: scene.size)
            scene.render(into: &composition, at: .zero)
            return composition.flatten().lines().joined(separator: "\n")
        }
        for key in [Key.character("?"), .function(1), .enter, .character("q"), .escape] {
            _ = scene.handle(.key(.character("?")), at: .zero)
            #expect(scene.isHelpOpen)
            _ = scene.handle(.key(key), at: .zero)
            #expect(!scene.isHelpOpen, "\(key.name) closes the help")
        }
        _ = scene.handle(.key(.character("?")), at: .zero)
        #expect(shown().contains("▼ "), "a short window shows there is more")
        #expect(!shown().contains("sqlite"))
        _ = scene.handle(.key(.end), at: .zero)
        #expect(shown().contains("sqlite"))
        #expect(!shown().contains("▼ "))
        _ = scene.handle(.key(.down), at: .zero)
        #expect(shown().contains("sqlite"), "never past the end")
        _ = scene.handle(.mouse(MouseEvent(.scrollUp, at: .zero)), at: .zero)
        #expect(shown().contains("▼ "))
        _ = scene.handle(.mouse(MouseEvent(.release, at: Point(x: 20, y: 5))), at: .zero)
        #expect(!scene.isHelpOpen)
    }
}
