import Foundation
import TermUI
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every sequence of `TerminalInputTable` (keys, mouse reports, terminal replies from xterm,
/// VT220, rxvt, the Linux console, PuTTY, tmux, screen, kitty and phone clients) written as raw
/// bytes into the real binary on a pseudo-terminal: on the home screen each must do exactly what
/// it means, and in every workout none may throw the member out.
@Suite(.serialized) struct TerminalInputEndToEndTests {
    /// The home menu's entries at 80×24 (not in kiosk mode).
    private static let menuCount = 7
    private static let helpEntry = 6

    /// Whether an input means "leave" or "quit", which the table's other tests leave out.
    private static func leaves(_ input: TerminalInput) -> Bool {
        input.events == [.key(.escape)] || input.events == [.key(.control("c"))]
    }

    /// The selected menu entry (1-based) on a home screen, or `nil` when none shows.
    private static func selection(_ screen: [String]) -> Int? {
        guard let row = screen.first(where: { $0.contains("▸") }) else { return nil }
        let after = row[row.index(after: row.firstIndex(of: "▸") ?? row.startIndex)...]
        return Int(after.split(separator: " ").first ?? "")
    }

    private static func isHelpOpen(_ screen: [String]) -> Bool { screen.contains { $0.contains("Esc Close") } }

    /// What an input does on the home screen with entry `selected` selected.
    private enum HomeEffect: Equatable {
        case select(Int)
        case openHelp
        /// Opens the selected entry (Enter, →): the test first selects Help.
        case openSelected
        case openHIIT
    }

    private static func homeEffect(of input: TerminalInput, selected: Int) -> HomeEffect {
        let up = (selected + menuCount - 2) % menuCount + 1
        let down = selected % menuCount + 1
        switch input.events.first {
        case .key(.up), .key(.backTab): return .select(up)
        case .key(.down), .key(.tab): return .select(down)
        case .mouse(let mouse) where mouse.kind == .scrollUp: return .select(up)
        case .mouse(let mouse) where mouse.kind == .scrollDown: return .select(down)
        case .key(.home): return .select(1)
        case .key(.end): return .select(menuCount)
        case .key(.function(1)): return .openHelp
        case .key(.enter), .key(.right): return .openSelected
        case .key(.character("6")): return .openHelp
        case .key(.character("1")): return .openHIIT
        default: return .select(selected)
        }
    }

    @Test func onTheHomeScreenEverySequenceDoesWhatItMeans() throws {
        let session = try TmuxSession([Binary.termfit, "--profile", "keys"], terminal: "xterm-256color")
        defer { session.close() }
        var selected = Self.selection(try session.waitFor("Workouts")) ?? 1
        for input in TerminalInputTable.all where !Self.leaves(input) {
            var effect = Self.homeEffect(of: input, selected: selected)
            if effect == .openSelected {
                // Enter or → opens the selected entry: make it Help, which shows and closes again.
                while selected != Self.helpEntry {
                    try session.send("j")
                    selected = selected % Self.menuCount + 1
                    try session.waitForScreen { Self.selection($0) == selected }
                }
                effect = .openHelp
            }
            try session.send(bytes: input.bytes)
            switch effect {
            case .select(let entry):
                selected = entry
            case .openHelp, .openSelected:
                try session.waitForScreen(timeout: 5) { Self.isHelpOpen($0) }
                try session.send("?")
                // Help's number selects it; F1, Enter and → leave the selection where it was.
                if input.events.first == .key(.character("6")) { selected = Self.helpEntry }
            case .openHIIT:
                try session.waitFor("Get Started", timeout: 5)
                try session.send("q")
                selected = 1
            }
            // A key with a known effect after each input: if the input had done anything else (a
            // stray byte pressing a menu number, a leave), the selection would not land here.
            try session.send("j")
            selected = selected % Self.menuCount + 1
            let screen = try session.waitForScreen(timeout: 5) { screen in
                Self.selection(screen) == selected && !Self.isHelpOpen(screen)
            }
            if Self.selection(screen) != selected || session.exitStatus() != nil {
                Issue.record("after \(input) the home screen is not as expected")
                return
            }
        }
        try session.send("q")
        #expect(try session.waitForExit() == 0)
    }

    /// The workouts and what each shows on its first row, opened directly (leaving ends TermFit).
    static let workouts: [(command: String, title: String)] = [
        ("hiit", "HIIT"), ("dumbbells", "Dumbbells"), ("cards", "Cards"), ("flashcards", "Flashcards"),
    ]

    @Test(arguments: workouts.map(\.command))
    func inAWorkoutNoSequenceThrowsTheMemberOut(command: String) throws {
        let title = Self.workouts.first { $0.command == command }?.title ?? command
        let session = try TmuxSession(
            [Binary.termfit, command, "--profile", "keys"], width: 100, height: 30, terminal: "xterm-256color")
        defer { session.close() }
        try session.waitForScreen { $0.first?.contains(title) == true }
        for input in TerminalInputTable.all where !Self.leaves(input) {
            try session.send(bytes: input.bytes)
            usleep(5_000)
            if let status = session.exitStatus() {
                Issue.record("\(input) ended \(title) with status \(status)")
                return
            }
        }
        usleep(300_000)
        #expect(session.exitStatus() == nil, "\(title) still runs")
        let screen = try session.screen()
        #expect(screen.first?.contains(title) == true, "still in \(title):\n\(screen.joined(separator: "\n"))")
        // Still answering: Ctrl-C ends it at once, saving what was finished.
        try session.send("C-c")
        #expect(try session.waitForExit() == 130)
        #expect(try session.terminalIsRestored())
    }

    /// The kitty protocol's and xterm's `modifyOtherKeys` forms of Escape and Ctrl-C mean what
    /// the plain bytes mean: Escape leaves the home screen, Ctrl-C ends TermFit as SIGINT does.
    @Test(arguments: TerminalInputTable.all.filter(leaves))
    func escapeAndControlCInEveryFormLeave(_ input: TerminalInput) throws {
        let session = try TmuxSession([Binary.termfit, "--profile", "keys"], terminal: "xterm-256color")
        defer { session.close() }
        try session.waitFor("Workouts")
        try session.send(bytes: input.bytes)
        let expected = input.events == [.key(.escape)] ? 0 : 130
        #expect(try session.waitForExit() == expected, "\(input)")
    }
}

/// A member in a tmux pane, with each `TERM` tmux gives its panes: clicks and drags come from a
/// terminal through a tmux client, and Ctrl-Z and `fg` are typed into a real interactive bash.
@Suite(.serialized) struct TmuxPaneEndToEndTests {
    static let terminals = ["tmux-256color", "screen-256color", "xterm-256color"]

    @Test(arguments: terminals)
    func aClickOnAMenuEntryOpensIt(terminal: String) throws {
        let nested = try NestedTmux([Binary.termfit, "--profile", "clicks"], terminal: terminal)
        defer { nested.close() }
        let home = try nested.waitFor("Workouts")
        guard let row = home.firstIndex(where: { $0.contains("Dumbbells") }),
            let column = home[row].range(of: "Dumbbells").map({
                home[row].distance(from: home[row].startIndex, to: $0.lowerBound)
            })
        else {
            Issue.record("no Dumbbells on the menu")
            return
        }
        try nested.click(x: column + 2, y: row)
        try nested.inner.waitFor("Enter kg and reps for set 1")
        #expect(nested.inner.exitStatus() == nil)
    }

    @Test(arguments: terminals)
    func aFlashcardDraggedRightIsSwipedCorrect(terminal: String) throws {
        let nested = try NestedTmux([Binary.termfit, "flashcards", "--profile", "drags"], terminal: terminal)
        defer { nested.close() }
        try nested.waitFor("✓ 0  ✗ 0")
        // A card is graded once its answer shows.
        try nested.send("Space")
        let screen = try nested.waitFor("Good")
        // The top card: the first row of a card's box, and the text in its middle.
        guard let top = screen.firstIndex(where: { $0.contains("╭") && $0.contains("╮") }) else {
            Issue.record("no card on screen:\n\(screen.joined(separator: "\n"))")
            return
        }
        let start = (x: 40, y: top + 3)
        try nested.drag(from: start, through: (1...6).map { (x: start.x + $0 * 5, y: start.y) })
        try nested.inner.waitFor("✓ 1  ✗ 0")
        #expect(nested.inner.exitStatus() == nil)
    }

    @Test(arguments: terminals)
    func afterControlZAndFgArrowsAndClicksWork(terminal: String) throws {
        let nested = try NestedTmux(
            ["bash", "--norc", "--noprofile", "-i"], terminal: terminal, environment: ["PS1": "member$ "])
        defer { nested.close() }
        try nested.waitFor("member$")
        try nested.send("\(Binary.termfit) --profile suspend", "Enter")
        let home = try nested.waitFor("Workouts")
        let first = home.firstIndex { $0.contains("▸") }
        try nested.send("C-z")
        try nested.inner.waitFor("Stopped")
        try nested.send("fg", "Enter")
        try nested.waitFor("Workouts")
        try nested.send("Down")
        let moved = try nested.inner.waitForScreen { screen in screen.firstIndex { $0.contains("▸") } != first }
        #expect(moved.firstIndex { $0.contains("▸") } == first.map { $0 + 1 }, "↓ moved the selection down one")
        #expect(moved.contains { $0.contains("Workouts") }, "still on the home screen")
        // Bracketed paste is back on too: a pasted "q" is text, not the key that quits.
        try nested.inner.tmux(["set-buffer", "q"])
        try nested.inner.tmux(["paste-buffer", "-p", "-t", "0"])
        try nested.send("j")
        try nested.inner.waitForScreen { screen in
            screen.firstIndex { $0.contains("▸") } == first.map { $0 + 2 }
        }
        #expect(try nested.inner.screen().contains { $0.contains("Workouts") }, "the paste did not quit")
        // Mouse reporting is back on too: a click on Cards opens it.
        guard let row = moved.firstIndex(where: { $0.contains("  Cards  ") }) else {
            Issue.record("no Cards on the menu")
            return
        }
        try nested.click(x: 20, y: row)
        try nested.inner.waitFor("Enter draws the first card")
    }
}
