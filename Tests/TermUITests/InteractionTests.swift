import TermUI
import TestSupport
import Testing

@Suite("Layout")
struct LayoutTests {
    private func lengths(_ layout: Layout, _ total: Int) -> [Int] {
        layout.split(Rect(x: 0, y: 0, width: total, height: 1)).map(\.width)
    }

    @Test func fixedPartsFirstThenFillByWeight() {
        #expect(lengths(.horizontal([.length(10), .fill(1), .length(5)]), 40) == [10, 25, 5])
        #expect(lengths(.horizontal([.fill(1), .fill(2)]), 30) == [10, 20])
        #expect(lengths(.horizontal([.fill(1), .fill(1)]), 31) == [16, 15], "the odd cell goes to the first")
        #expect(lengths(.horizontal([.percentage(50), .ratio(1, 4), .fill(1)]), 80) == [40, 20, 20])
        #expect(lengths(.horizontal([.min(10), .fill(1)]), 40) == [25, 15], "min grows like fill(1)")
        #expect(lengths(.horizontal([.max(10), .fill(1)]), 40) == [10, 30])
        #expect(lengths(.horizontal([.max(10), .max(50)]), 40) == [10, 30])
    }

    @Test func tooSmallShrinksInProportionAndNeverBelowZero() {
        #expect(lengths(.horizontal([.length(20), .length(20)]), 30) == [15, 15])
        #expect(lengths(.horizontal([.length(30), .length(10)]), 20) == [15, 5])
        #expect(lengths(.horizontal([.length(3), .fill(1)]), 0) == [0, 0])
        #expect(lengths(.horizontal([.length(10), .length(10)], spacing: 5), 4) == [2, 2])
    }

    @Test func spacingAndGroupAlignment() {
        let parts = Layout.horizontal([.length(10), .length(10)], spacing: 2, alignment: .center)
            .split(Rect(x: 5, y: 1, width: 40, height: 3))
        #expect(parts == [Rect(x: 14, y: 1, width: 10, height: 3), Rect(x: 26, y: 1, width: 10, height: 3)])
        let end = Layout.vertical([.length(2)], alignment: .end).split(Rect(x: 0, y: 0, width: 4, height: 10))
        #expect(end == [Rect(x: 0, y: 8, width: 4, height: 2)])
    }

    /// Whatever the constraints and the size, the parts stay inside the area, in order, without
    /// overlapping.
    @Test func partsNeverLeaveTheAreaOrOverlap() {
        var random = SeededGenerator(seed: 0x1A70_0717)
        for _ in 0..<2000 {
            let constraints = (0..<Int.random(in: 1...6, using: &random)).map { _ -> Layout.Constraint in
                let n = Int.random(in: -2...80, using: &random)
                switch Int.random(in: 0...5, using: &random) {
                case 0: return .length(n)
                case 1: return .min(n)
                case 2: return .max(n)
                case 3: return .percentage(n)
                case 4: return .ratio(n, Int.random(in: -1...10, using: &random))
                default: return .fill(n)
                }
            }
            let total = Int.random(in: 0...250, using: &random)
            let layout = Layout.horizontal(
                constraints, spacing: Int.random(in: 0...3, using: &random),
                alignment: [.start, .center, .end].randomElement(using: &random) ?? .start)
            let parts = layout.split(Rect(x: 3, y: 0, width: total, height: 1))
            #expect(parts.count == constraints.count)
            var previousEnd = 3
            for part in parts {
                #expect(
                    part.width >= 0 && part.x >= previousEnd && part.maxX <= 3 + max(total, 0),
                    "\(constraints) in \(total)")
                previousEnd = part.maxX
            }
        }
    }
}

@Suite("Key bindings")
struct KeyBindingsTests {
    enum Action: Equatable, Sendable { case next, previous, quit, help, hidden }

    let bindings = KeyBindings<Action>([
        KeyBinding([.right, .character("l")], "Next", group: "Move", bar: 2, action: .next),
        KeyBinding([.left, .character("h")], "Previous", group: "Move", bar: 3, action: .previous),
        KeyBinding([.character("?"), .function(1)], "Keys", group: "Screen", bar: 5, action: .help),
        KeyBinding([.character("q"), .escape], "Back", group: "Screen", bar: 1, action: .quit),
        KeyBinding([.character("x")], "Hidden", group: "Screen", bar: 4, enabled: false, action: .hidden),
    ])

    @Test func keysFindTheirActionOnlyWhileEnabled() {
        #expect(bindings.action(for: .right) == .next)
        #expect(bindings.action(for: .character("l")) == .next)
        #expect(bindings.action(for: .function(1)) == .help)
        #expect(bindings.action(for: .character("x")) == nil, "disabled")
        #expect(bindings.action(for: .modified(.character("q"), .alt)) == nil, "Alt-q is not q")
        #expect(bindings.declares(.character("x")))
        #expect(!bindings.declares(.character("z")))
    }

    @Test func theBarIsInRankOrderAndClicksHitTheirAction() {
        #expect(bindings.helpBar.hints.map(\.key) == ["q", "→", "←", "?"])
        var canvas = Canvas(size: Size(width: 40, height: 1))
        bindings.helpBar.render(into: &canvas, in: canvas.bounds)
        #expect(canvas.lines()[0] == "q Back  → Next  ← Previous  ? Keys")
        #expect(bindings.barAction(at: Point(x: 9, y: 0), in: canvas.bounds) == .next)
        #expect(bindings.barAction(at: Point(x: 30, y: 0), in: canvas.bounds) == .help)
        #expect(bindings.barAction(at: Point(x: 36, y: 0), in: canvas.bounds) == nil)
    }

    @Test func equalRanksKeepTheirOrderAndUnrankedOrDisabledBindingsStayOffTheBar() {
        let bindings = KeyBindings<Action>([
            KeyBinding([.character("a")], "A", group: "G", bar: 2, action: .next),
            KeyBinding([.character("b")], "B", group: "G", action: .previous),
            KeyBinding([.character("c")], "C", group: "G", bar: 1, action: .help),
            KeyBinding([.character("d")], "D", group: "G", bar: 2, action: .quit),
            KeyBinding([.character("e")], "E", group: "G", bar: 1, enabled: false, action: .hidden),
            KeyBinding([.character("f")], "F", group: "G", bar: 1, action: .hidden),
            KeyBinding([.character("g")], "G", group: "G", bar: 0, action: .next),
        ])
        #expect(bindings.barBindings.map(\.label) == ["G", "C", "F", "A", "D"])
        #expect(bindings.enabled.map(\.label) == ["A", "B", "C", "D", "F", "G"])
    }

    @Test func theKeysSheetListsEveryEnabledBindingByGroup() {
        let sheet = KeysSheet(bindings)
        #expect(
            sheet.text == ["Move", "→  l    Next", "←  h    Previous", "", "Screen", "?  F1   Keys", "q  Esc  Back"])
        for binding in bindings.enabled {
            #expect(sheet.text.contains { $0.hasSuffix(binding.label) && $0.hasPrefix(binding.allKeys) })
        }
    }

    @Test func aShortWindowScrollsTheKeysSheetWithMarkers() {
        var composition = Composition(size: Size(width: 40, height: 7))
        var state = ScrollState(selection: nil)
        state.move(by: 2, count: KeysSheet(bindings).lines.count)
        KeysSheet(bindings).render(into: &composition, state: state)
        var canvas = Canvas(size: Size(width: 40, height: 7))
        var backdrops = BackdropCache()
        composition.flatten(into: &canvas, backdrops: &backdrops)
        let lines = canvas.lines()
        #expect(lines[0].contains("Keys"))
        #expect(lines[1].contains("▲ 2 more"))
        #expect(lines[4].contains("▼"))
        #expect(lines[6].isEmpty, "the help bar's row is left free")
    }
}

@Suite("Sheet stack")
struct SheetStackTests {
    @Test func theSheetOnTopGetsTheKeysAndClosesFirst() {
        var stack = SheetStack<String>()
        #expect(stack.top == nil && stack.isEmpty)
        stack.push("keys")
        stack.push("confirm")
        #expect(stack.top == "confirm")
        stack.replaceTop(with: "confirm 2")
        #expect(stack.pop() == "confirm 2")
        #expect(stack.top == "keys")
        #expect(stack.contains { $0 == "keys" })
        stack.removeAll()
        #expect(stack.pop() == nil)
    }
}

@Suite("Pausable timer")
struct PausableTimerTests {
    let start = Instant(nanoseconds: 1_000_000_000)

    @Test func runsToItsDeadlineWhateverTheTicks() {
        var timer = PausableTimer(length: .seconds(100))
        #expect(timer.secondsLeft(at: start) == 100 && !timer.hasStarted)
        timer.start(at: start)
        #expect(timer.secondsLeft(at: start + .milliseconds(500)) == 100)
        #expect(timer.secondsLeft(at: start + .seconds(1)) == 99)
        #expect(timer.nextChange(after: start + .milliseconds(1500)) == start + .seconds(2))
        #expect(!timer.isUp(at: start + .milliseconds(99_999)))
        #expect(timer.isUp(at: start + .seconds(100)))
        #expect(timer.nextChange(after: start + .seconds(100)) == nil)
    }

    @Test func standsStillWhileAnyReasonHoldsIt() {
        var timer = PausableTimer(length: .seconds(10))
        timer.start(at: start)
        timer.hold(.suspended, at: start + .seconds(2))
        timer.hold(.sheet, at: start + .seconds(3))
        #expect(timer.remaining(at: start + .seconds(60)) == .seconds(8))
        #expect(timer.nextChange(after: start + .seconds(60)) == nil, "no wake-ups while held")
        timer.release(.suspended, at: start + .seconds(70))
        #expect(!timer.isRunning, "the sheet still holds it")
        timer.release(.sheet, at: start + .seconds(80))
        #expect(timer.remaining(at: start + .seconds(81)) == .seconds(7))
        #expect(timer.elapsed(at: start + .seconds(81)) == .seconds(3))
        timer.stop(at: start + .seconds(82))
        timer.release(.paused, at: start + .seconds(90))
        #expect(timer.remaining(at: start + .seconds(200)) == .seconds(6))
    }

    @Test func startedWhileHeldWaitsForTheRelease() {
        var timer = PausableTimer(length: .seconds(5))
        timer.hold(.unfocused, at: start)
        timer.start(at: start)
        #expect(timer.remaining(at: start + .seconds(30)) == .seconds(5))
        timer.release(.unfocused, at: start + .seconds(30))
        #expect(timer.isUp(at: start + .seconds(35)))
    }
}

@Suite("Scroll list")
struct ScrollListTests {
    let rows = (1...10).map { "Set \($0)" }

    @Test func theSelectionStaysInViewWithMarkersForWhatIsHidden() {
        var canvas = Canvas(size: Size(width: 16, height: 5))
        var state = ScrollState(selection: 0)
        ScrollList(rows).render(into: &canvas, in: canvas.bounds, state: &state)
        #expect(canvas.lines() == ["Set 1", "Set 2", "Set 3", "Set 4", "    ▼ 6 more"])
        state.move(by: 7, count: rows.count)
        canvas = Canvas(size: Size(width: 16, height: 5))
        ScrollList(rows).render(into: &canvas, in: canvas.bounds, state: &state)
        #expect(canvas.lines() == ["    ▲ 5 more", "Set 6", "Set 7", "Set 8", "    ▼ 2 more"])
        #expect(canvas[0, 3].style == .reverse, "the selected row is marked")
        state.move(by: 100, count: rows.count)
        canvas = Canvas(size: Size(width: 16, height: 5))
        ScrollList(rows).render(into: &canvas, in: canvas.bounds, state: &state)
        #expect(canvas.lines() == ["    ▲ 6 more", "Set 7", "Set 8", "Set 9", "Set 10"])
    }

    @Test func allRowsFitNoMarkers() {
        var canvas = Canvas(size: Size(width: 16, height: 12))
        var state = ScrollState(selection: 9)
        ScrollList(rows).render(into: &canvas, in: canvas.bounds, state: &state)
        #expect(canvas.lines().prefix(10) == rows[...])
        #expect(!canvas.lines().contains { $0.contains("more") })
    }

    @Test func clicksHitTheRowsInView() {
        var state = ScrollState(selection: 8)
        let frames = ScrollList.frames(count: 10, state: &state, in: Rect(x: 0, y: 2, width: 10, height: 4))
        #expect(frames.map(\.index) == [7, 8, 9])
        #expect(frames.first?.frame == Rect(x: 0, y: 3, width: 10, height: 1))
    }
}
