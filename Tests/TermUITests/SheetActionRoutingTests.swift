import TermUI
import TestSupport
import Testing

/// The sheet stack's one rule for screens whose sheets act through the screen's own actions (the
/// four workouts): keys and help-bar clicks become the top sheet's actions, a question is
/// answered by `ConfirmSheet` alone, Esc the sheet does not bind and a click outside close it.
@Suite("Sheet action routing")
struct SheetActionRoutingTests {
    enum Sheet: Hashable, Sendable {
        case list
        case question(ConfirmSheet)
    }

    enum Action: Hashable, Sendable {
        case move(Int)
        case close
    }

    let context = ComponentContext(screen: Size(width: 80, height: 24))
    /// Where the list sheet is drawn.
    let frame = Rect(x: 20, y: 5, width: 40, height: 10)

    static let listBindings = KeyBindings<Action>([
        KeyBinding([.up, .down], "Move", group: "List", bar: 1, display: "↑↓") { $0 == .up ? .move(-1) : .move(1) },
        KeyBinding([.character("q")], "Close", group: "List", bar: 2, action: .close),
    ])

    func target(_ sheet: Sheet) -> SheetTarget<Action> {
        switch sheet {
        case .list: SheetTarget(Self.listBindings, frame: frame)
        case .question(let question): .question(question)
        }
    }

    static let deleteQuestion = ConfirmSheet("Delete “Legs”?", title: "Delete?", confirm: "Delete", cancel: "Keep")

    func route(_ event: Event, _ stack: inout SheetStack<Sheet>) -> SheetRoute<Sheet, Action> {
        stack.route(event, in: context, target: target)
    }

    @Test func withNoSheetTheEventIsTheScreens() {
        var stack = SheetStack<Sheet>()
        guard case .screen = route(.key(.character("q")), &stack) else {
            Issue.record("no sheet: the screen's event")
            return
        }
    }

    @Test func aBoundKeyIsTheTopSheetsActionAndLeavesItOpen() {
        var stack = SheetStack<Sheet>()
        stack.push(.list)
        guard case .action(.move(1)) = route(.key(.down), &stack),
            case .action(.close) = route(.key(.character("q")), &stack)
        else { Issue.record("↓ and q are the list's actions"); return }
        #expect(stack.sheets == [.list], "the screen closes it when it does the action")
    }

    @Test func escTheSheetDoesNotBindClosesItAndOtherKeysAreTheSheetsOwn() {
        var stack = SheetStack<Sheet>()
        stack.push(.list)
        guard case .sheet(.key(.character("é"))) = route(.key(.character("é")), &stack) else {
            Issue.record("a letter the bindings do not list is the sheet's to type"); return
        }
        guard case .cancelled(.list) = route(.key(.escape), &stack) else {
            Issue.record("Esc closes a sheet that does not bind it"); return
        }
        #expect(stack.isEmpty)
    }

    @Test func aClickOnAHintIsItsActionOutsideTheFrameClosesInsideIsTheSheets() {
        var stack = SheetStack<Sheet>()
        stack.push(.list)
        // The help bar on the last row reads "↑↓ Move  q Close": column 10 is the q of "q Close".
        guard case .action(.close) = route(.mouse(MouseEvent(.release, at: Point(x: 10, y: 23))), &stack) else {
            Issue.record("a click on a hint is its action"); return
        }
        let inside = MouseEvent(.release, at: Point(x: 30, y: 8))
        guard case .sheet(.mouse(inside)) = route(.mouse(inside), &stack) else {
            Issue.record("a click inside what was drawn is the sheet's"); return
        }
        let press = MouseEvent(.press, at: Point(x: 1, y: 1))
        guard case .sheet = route(.mouse(press), &stack) else { Issue.record("only a release closes"); return }
        #expect(stack.sheets == [.list])
        guard case .cancelled(.list) = route(.mouse(MouseEvent(.release, at: Point(x: 1, y: 1))), &stack) else {
            Issue.record("a click outside the sheet closes it"); return
        }
        #expect(stack.isEmpty)
    }

    @Test func aQuestionIsAnsweredByConfirmSheetAlone() {
        var stack = SheetStack<Sheet>()
        stack.push(.list)
        stack.push(.question(Self.deleteQuestion))
        for event: Event in [.key(.character("q")), .key(.down), .paste("y"), .key(.character("?"))] {
            guard case .handled = route(event, &stack) else {
                Issue.record("\(event) is no answer and does nothing under the question"); return
            }
        }
        #expect(stack.sheets.count == 2)
        guard case .answered(.committed, .question(Self.deleteQuestion)) = route(.key(.character("Y")), &stack) else {
            Issue.record("Y goes ahead"); return
        }
        #expect(stack.sheets == [.list], "the question closes; the list under it stays")
        for cancel in ConfirmSheet.cancelKeys {
            stack.push(.question(Self.deleteQuestion))
            guard case .answered(.cancelled, _) = route(.key(cancel), &stack) else {
                Issue.record("\(cancel) keeps everything"); return
            }
        }
        #expect(stack.sheets == [.list])
    }

    @Test func aQuestionsButtonsHintsAndOutsideAnswerWhereTheyWereDrawn() {
        let layout = Self.deleteQuestion.layout(in: context.screen)
        let clicks: [(Point, Bool)] = [
            (layout.confirmButton.origin, true), (layout.cancelButton.origin, false),
            // "y Delete  n Keep" on the last row.
            (Point(x: 2, y: 23), true), (Point(x: 10, y: 23), false), (Point(x: 0, y: 0), false),
        ]
        for (point, goesAhead) in clicks {
            var stack = SheetStack<Sheet>()
            stack.push(.question(Self.deleteQuestion))
            guard case .answered(let answer, _) = route(.mouse(MouseEvent(.release, at: point)), &stack) else {
                Issue.record("a click at \(point) answers"); return
            }
            #expect(answer.isCommitted == goesAhead, "click at \(point)")
            #expect(stack.isEmpty)
        }
        var stack = SheetStack<Sheet>()
        stack.push(.question(Self.deleteQuestion))
        guard case .handled = route(.mouse(MouseEvent(.release, at: layout.message.origin)), &stack) else {
            Issue.record("a click on the message answers nothing"); return
        }
        #expect(stack.sheets.count == 1)
    }
}
