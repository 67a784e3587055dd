import TermUI
import TestSupport
import Testing

/// The confirmation's keys, declared once, and the question as a component ending with a typed
/// result, for every question (leaving, deleting).
@Suite("Confirm keys")
struct ConfirmKeysTests {
    let delete = ConfirmSheet("Delete the routine “Push day”?", title: "Delete?", confirm: "Delete", cancel: "Keep")

    enum Action: Hashable, Sendable { case delete, keep }

    @Test func oneDecisionForEveryKey() {
        for key in ConfirmSheet.confirmKeys { #expect(ConfirmSheet.decide(key)?.isCommitted == true, "\(key.name)") }
        for key in ConfirmSheet.cancelKeys {
            #expect(ConfirmSheet.decide(key) != nil && ConfirmSheet.decide(key)?.isCommitted == false, "\(key.name)")
        }
        #expect(ConfirmSheet.confirmKeys == [.character("y"), .character("Y"), .enter])
        #expect(ConfirmSheet.cancelKeys == [.character("n"), .character("N"), .escape])
        #expect(ConfirmSheet.answerKeys == Set(ConfirmSheet.confirmKeys + ConfirmSheet.cancelKeys))
        for key in [Key.character("q"), .character(" "), .tab, .up, .character("x"), .function(1), .character("?")] {
            #expect(ConfirmSheet.decide(key) == nil, "\(key.name)")
            #expect(delete.handle(key) == .none, "\(key.name)")
        }
    }

    @Test func theBindingsAScreenListsAreTheSameKeysWithTheQuestionsLabels() {
        let bindings = KeyBindings(
            delete.bindings(confirm: Action.delete, meaning: "delete the routine", cancel: .keep, meaning: "keep it"))
        for key in ConfirmSheet.confirmKeys { #expect(bindings.action(for: key) == .delete) }
        for key in ConfirmSheet.cancelKeys { #expect(bindings.action(for: key) == .keep) }
        #expect(bindings.helpBar.hints == [HelpBar.Hint("y", "Delete"), HelpBar.Hint("n", "Keep")])
        #expect(KeysSheet(bindings).text == ["Delete?", "y  Enter  delete the routine", "n  Esc    keep it"])
        let leave = KeyBindings(ConfirmSheet.bindings(Action.delete, Action.keep))
        #expect(leave.helpBar.hints == ConfirmSheet.hints)
        #expect(delete.labelledHints == bindings.helpBar.hints)
        #expect(delete.keysLine() == "y Delete · n Keep")
    }

    @Test func updateEndsWithATypedResult() {
        let context = ComponentContext(screen: Size(width: 80, height: 24))
        #expect(delete.update(.key(.character("Y")), in: context)?.isCommitted == true)
        #expect(delete.update(.key(.enter), in: context)?.isCommitted == true)
        #expect(delete.update(.key(.escape), in: context)?.isCommitted == false)
        #expect(delete.update(.key(.character("z")), in: context) == nil)
        #expect(delete.update(.paste("y"), in: context) == nil, "a paste is never an answer")
        #expect(delete.update(.tick, in: context) == nil)
    }

    /// The hints' click targets are where the question's own labels were drawn: "y Delete" is
    /// wider than "y Leave", so "n Keep" starts further right.
    @Test func clickTargetsComeFromTheHintsAsDrawn() {
        let size = Size(width: 80, height: 24)
        let context = ComponentContext(screen: size)
        var composition = Composition(size: size)
        composition.add { canvas in delete.bindings.helpBar.render(into: &canvas, in: canvas.bounds.row(23)) }
        delete.render(into: &composition, in: context)
        let canvas = composition.flatten()
        #expect(canvas.lines()[23] == "y Delete  n Keep")
        let keepColumn = 10  // "y Delete" and two spaces
        func release(_ x: Int, _ y: Int) -> SheetResult<Void>? {
            delete.update(.mouse(MouseEvent(.release, at: Point(x: x, y: y))), in: context)
        }
        #expect(release(keepColumn, 23)?.isCommitted == false)
        #expect(
            release(7, 23)?.isCommitted == true,
            "the last letter of \"y Delete\" (a gap between \"y Leave\" and \"n Stay\" on a Leave bar)")
        #expect(release(1, 23)?.isCommitted == true)
        let layout = delete.layout(in: size)
        #expect(canvas.lines()[layout.confirmButton.y].contains("[ Delete ]"))
        #expect(release(layout.confirmButton.x, layout.confirmButton.y)?.isCommitted == true)
        #expect(release(layout.cancelButton.maxX - 1, layout.cancelButton.y)?.isCommitted == false)
        #expect(release(layout.message.x, layout.message.y) == nil)
        #expect(release(0, 0)?.isCommitted == false, "outside the sheet")
    }

    @Test func goldenDeleteQuestionAt40x12And80x24() {
        for size in [Size(width: 40, height: 12), Size(width: 80, height: 24)] {
            var composition = Composition(size: size)
            composition.add { canvas in
                canvas.write("Routines", at: .zero)
                delete.bindings.helpBar.render(into: &canvas, in: canvas.bounds.row(size.height - 1))
            }
            delete.render(into: &composition, in: ComponentContext(screen: size))
            expectGolden(composition.flatten(), "confirmDeleteAt\(size.width)x\(size.height)")
        }
    }

    @Test func everySizeFromTinyTo250x70DrawsInsideTheScreen() {
        for width in stride(from: 0, through: 250, by: 7) {
            for height in stride(from: 0, through: 70, by: 3) {
                let size = Size(width: width, height: height)
                var composition = Composition(size: size)
                delete.render(into: &composition, in: ComponentContext(screen: size))
                #expect(composition.flatten().size == size)
                let layout = delete.layout(in: size)
                #expect(
                    layout.frame.isEmpty
                        || (layout.frame.x >= 0 && layout.frame.maxX <= width && layout.frame.maxY <= height - 1),
                    "\(size): the sheet stays on the screen, off the help bar's row")
                _ = delete.update(
                    .mouse(MouseEvent(.release, at: Point(x: width / 2, y: height / 2))), in: .init(screen: size))
            }
        }
    }
}
