import TermUI
import TestSupport
import Testing

/// The one keys sheet a screen opens with `SheetStack.showKeys` (over its sheets or over the
/// screen alone), and the default handling of a route (`SheetRoute.carryOut`) the four workouts
/// share.
@Suite("Sheet keys and default route")
struct SheetKeysAndDefaultRouteTests {
    typealias Sheet = SheetActionRoutingTests.Sheet
    typealias Action = SheetActionRoutingTests.Action

    let context = ComponentContext(screen: Size(width: 40, height: 12))
    let routing = SheetActionRoutingTests()

    /// A list of keys longer than a 40×12 screen.
    static let long = KeyBindings<Action>(
        (1...20).map { index in
            KeyBinding([.character(Character("\(index % 10)"))], "Row \(index)", group: "Rows", action: .move(index))
        })

    func route(_ event: Event, _ stack: inout SheetStack<Sheet>) -> SheetRoute<Sheet, Action> {
        stack.route(event, in: context, target: routing.target)
    }

    @Test func theKeysSheetOverTheScreenTakesEveryEventScrollsAndClosesOnItsKeys() {
        var stack = SheetStack<Sheet>()
        stack.showKeys(KeysSheet(Self.long))
        #expect(stack.isShowingKeys && stack.coversScreen && stack.isEmpty)
        for event: Event in [.key(.down), .key(.character("z")), .paste("q"), .key(.pageDown)] {
            guard case .handled = route(event, &stack) else { Issue.record("\(event) is the keys sheet's"); return }
        }
        #expect(stack.keys?.scroll.offset ?? 0 > 0, "↓ and PgDn scrolled it")
        #expect(stack.isShowingKeys, "a key it does not bind leaves it open")
        guard case .handled = route(.key(.escape), &stack) else { Issue.record("Esc is the keys sheet's"); return }
        #expect(!stack.coversScreen, "Esc closed it")
        guard case .screen = route(.key(.down), &stack) else { Issue.record("then the screen's again"); return }
    }

    @Test func anOpenKeysSheetShowsTheKeysAsTheyAreNowScrolledWhereItWas() {
        var stack = SheetStack<Sheet>()
        stack.refreshKeys(KeysSheet(Self.long))
        #expect(!stack.isShowingKeys, "refreshing opens nothing")
        stack.showKeys(KeysSheet(Self.long))
        for _ in 0..<3 { _ = route(.key(.down), &stack) }
        let offset = stack.keys?.scroll.offset ?? 0
        #expect(offset > 0)
        // What is under the sheet changed: a row is gone and another one is there.
        var now = Self.long.bindings
        now[0] = KeyBinding([.character("x")], "Started", group: "Rows", action: .move(0))
        stack.refreshKeys(KeysSheet(KeyBindings(now)))
        #expect(stack.keys?.text.contains { $0.hasPrefix("x") && $0.hasSuffix("Started") } == true)
        #expect(stack.keys?.text.contains { $0.hasSuffix("Row 1") } == false)
        #expect(stack.keys?.scroll.offset == offset, "still scrolled where it was")
        // Fewer keys than the scroll: it stops at the new end.
        stack.refreshKeys(KeysSheet(KeyBindings(Array(now.prefix(2)))))
        #expect(stack.keys?.text.count == 3)
        #expect((stack.keys?.scroll.offset ?? 99) < 3)
        var composition = Composition(size: context.screen)
        stack.keys?.render(into: &composition, in: context)
        #expect(composition.flatten().lines().joined().contains("Started"), "the frame shows the new keys")
    }

    @Test func theKeysSheetOverASheetClosesBackToIt() {
        var stack = SheetStack<Sheet>()
        stack.push(.list)
        stack.showKeys(KeysSheet(SheetActionRoutingTests.listBindings))
        guard case .handled = route(.key(.character("q")), &stack) else { Issue.record("q closes the keys"); return }
        #expect(stack.sheets == [.list] && !stack.isShowingKeys, "the list under it stays")
        guard case .action(.close) = route(.key(.character("q")), &stack) else {
            Issue.record("then q is the list's"); return
        }
    }

    @Test func aClickOnTheKeysSheetsScrollHintScrollsAnyOtherClickCloses() {
        var stack = SheetStack<Sheet>()
        stack.showKeys(KeysSheet(Self.long))
        _ = route(.key(.end), &stack)
        let end = stack.keys?.scroll.offset ?? 0
        // The help bar reads "↑↓ Scroll  Esc Close": column 1 is the arrows of Scroll (↑).
        _ = route(.mouse(MouseEvent(.release, at: Point(x: 1, y: 11))), &stack)
        #expect(stack.isShowingKeys, "a click on its Scroll hint keeps it open")
        #expect((stack.keys?.scroll.offset ?? 0) == end - 1, "and scrolls up a row")
        _ = route(.mouse(MouseEvent(.release, at: Point(x: 2, y: 2))), &stack)
        #expect(!stack.isShowingKeys, "a click anywhere else closes it")
    }

    @Test func theKeysSheetsBindingsBecomeTheScreensActionsForItsHelpBar() {
        var stack = SheetStack<Sheet>()
        #expect(stack.keysBindings { _ in Action.close } == nil)
        stack.showKeys(KeysSheet(Self.long))
        let bindings = stack.keysBindings { key in key == .escape ? Action.close : .move(0) }
        #expect(bindings?.helpBar.hints.map(\.description) == ["Scroll", "Close"])
        #expect(bindings?.action(for: .escape) == .close)
        stack.push(.list)
        #expect(!stack.isShowingKeys, "a sheet opened over it closes the keys")
    }

    @Test func aPlainKeysSheetIsItsTitleAndRowsOverTheWholeScreen() {
        var sheet = KeysSheet(SheetActionRoutingTests.listBindings, headingStyle: .bold, isPlain: true)
        var composition = Composition(size: context.screen)
        sheet.render(into: &composition, in: context)
        let rows = composition.flatten().lines()
        #expect(rows[0] == "Keys")
        #expect(rows[1] == "List")
        #expect(rows[2].hasPrefix("↑  ↓  Move"))
        #expect(rows[11].hasPrefix("↑↓ Scroll"), "its own help bar on the last row")
        #expect(sheet.frame(on: context.screen) == Rect(size: context.screen))
        #expect(sheet.rowCount == sheet.lines.count + 1)
        _ = sheet.update(.key(.end), in: context)
        #expect(sheet.scroll.offset == 0, "everything fits: nothing to scroll")
    }

    /// Records what `carryOut` called.
    struct Calls: Equatable {
        var performed: [Action] = []
        var onScreen: [Event] = []
        var onSheet: [Event] = []
        var answered: [Sheet] = []
        var closed: [Sheet] = []
    }

    func carryOut(_ event: Event, _ stack: inout SheetStack<Sheet>, screen: KeyBindings<Action>) -> Calls {
        var calls = Calls()
        route(event, &stack).carryOut(
            event, screenBindings: screen, perform: { calls.performed.append($0) },
            onScreen: { calls.onScreen.append($0) }, onSheet: { calls.onSheet.append($0) },
            answered: { calls.answered.append($0) }, closed: { calls.closed.append($0) })
        return calls
    }

    @Test func theDefaultRouteDoesTheScreensKeysAndHandsOnTheRest() {
        let screen = KeyBindings<Action>([KeyBinding([.character("x")], "Close", group: "Screen", action: .close)])
        var stack = SheetStack<Sheet>()
        #expect(carryOut(.key(.character("x")), &stack, screen: screen) == Calls(performed: [.close]))
        let click = Event.mouse(MouseEvent(.release, at: Point(x: 3, y: 3)))
        #expect(carryOut(click, &stack, screen: screen) == Calls(onScreen: [click]))
        #expect(carryOut(.paste("hi"), &stack, screen: screen) == Calls(onScreen: [.paste("hi")]))
        stack.push(.list)
        #expect(carryOut(.key(.down), &stack, screen: screen) == Calls(performed: [.move(1)]))
        #expect(carryOut(.key(.character("x")), &stack, screen: screen) == Calls(onSheet: [.key(.character("x"))]))
        #expect(carryOut(.key(.escape), &stack, screen: screen) == Calls(closed: [.list]))
        let question = Sheet.question(SheetActionRoutingTests.deleteQuestion)
        stack.push(question)
        #expect(carryOut(.key(.character("n")), &stack, screen: screen) == Calls(closed: [question]))
        stack.push(question)
        #expect(carryOut(.key(.character("z")), &stack, screen: screen) == Calls(), "no answer: nothing")
        #expect(
            carryOut(.key(.character("y")), &stack, screen: screen) == Calls(answered: [question], closed: [question]))
        #expect(stack.isEmpty)
    }
}
