import TermUI
import TestSupport
import Testing

/// The sheet stack carrying out the one rule for components: keys, Esc, `?`, the mouse and the
/// help bar's clicks go to the top sheet; the keys sheet scrolls itself.
@Suite("Sheet routing")
struct SheetRoutingTests {
    typealias Picker = ListPicker<String>
    let context = ComponentContext(screen: Size(width: 80, height: 24))

    static func picker() -> Picker {
        Picker(title: "Deck", items: ["Spanish", "German", "Capitals"].map { Picker.Item($0, label: $0) })
    }

    @Test func withNoSheetTheEventIsTheScreens() {
        var stack = SheetStack<Picker>()
        #expect(stack.update(.key(.character("q")), in: context) == .screen)
        #expect(stack.bindings.bindings.isEmpty)
    }

    @Test func theTopSheetGetsTheKeysAndItsResultClosesIt() {
        var stack = SheetStack<Picker>()
        stack.push(Self.picker())
        stack.push(Self.picker())
        #expect(stack.update(.key(.character("g")), in: context) == .handled)
        #expect(stack.top?.field.text == "g")
        #expect(stack.sheets.first?.field.text == "", "only the top sheet gets the key")
        #expect(stack.update(.key(.enter), in: context) == .closed(.committed(.existing("German"))))
        #expect(stack.sheets.count == 1)
        #expect(stack.update(.key(.escape), in: context) == .closed(.cancelled))
        #expect(stack.isEmpty)
    }

    @Test func questionMarkIsTypedIntoAPickerF1OpensItsKeysOverIt() {
        var stack = SheetStack<Picker>()
        stack.push(Self.picker())
        #expect(stack.update(.key(.character("?")), in: context) == .handled)
        #expect(stack.keys == nil && stack.top?.field.text == "?", "the picker binds ? as a character it types")
        #expect(stack.update(.key(.function(1)), in: context) == .handled)
        #expect(stack.keys != nil && stack.keys == stack.top.map { KeysSheet($0.bindings) })
        #expect(stack.bindings.helpBar.hints.map(\.description) == ["Scroll", "Close"])
        #expect(stack.update(.key(.enter), in: context) == .handled, "Enter closes the keys, not the picker")
        #expect(stack.keys == nil && stack.sheets.count == 1)
    }

    @Test func aQuestionGetsItsKeysSheetFromQuestionMarkAndAnswersHelpBarClicks() {
        var stack = SheetStack<ConfirmSheet>()
        stack.push(
            ConfirmSheet("Delete “Spanish” and its 40 cards?", title: "Delete?", confirm: "Delete", cancel: "Keep"))
        var outcome = stack.update(.key(.character("?")), in: context)
        #expect(outcome.tookEvent && outcome.result == nil)
        #expect(stack.keys?.text == ["Delete?", "y  Enter  Delete", "n  Esc    Keep"])
        outcome = stack.update(.mouse(MouseEvent(.release, at: Point(x: 40, y: 12))), in: context)
        #expect(outcome.tookEvent && outcome.result == nil)
        #expect(stack.keys == nil && stack.sheets.count == 1, "a click closes the keys sheet, not the question")
        // "y Delete  n Keep" on the last row: column 10 is the n of "n Keep".
        outcome = stack.update(.mouse(MouseEvent(.release, at: Point(x: 10, y: 23))), in: context)
        #expect(outcome.result?.isCommitted == false && stack.isEmpty)
        stack.push(ConfirmSheet("Delete?", title: "Delete?", confirm: "Delete", cancel: "Keep"))
        #expect(
            stack.update(.mouse(MouseEvent(.release, at: Point(x: 2, y: 23))), in: context).result?.isCommitted == true)
        stack.push(ConfirmSheet("Delete?", title: "Delete?", confirm: "Delete", cancel: "Keep"))
        #expect(stack.update(.paste("y"), in: context).result == nil, "a paste answers nothing")
        #expect(stack.update(.key(.character("Y")), in: context).result?.isCommitted == true)
    }

    @Test func escClosesTheKeysSheetAsASheetOfItsOwn() {
        var stack = SheetStack<KeysSheet>()
        stack.push(KeysSheet(Self.picker().bindings))
        #expect(stack.update(.key(.escape), in: context) == .closed(.cancelled))
    }

    @Test func theKeysSheetScrollsItselfAndClosesOnItsKeys() {
        let bindings = KeyBindings<Key>(
            (1...30).map {
                KeyBinding([.character(Character(String($0 % 10)))], "Row \($0)", group: "G\($0 / 10)") { $0 }
            })
        var keys = KeysSheet(bindings)
        let small = ComponentContext(screen: Size(width: 40, height: 12))
        func firstRow(_ keys: KeysSheet) -> String {
            var composition = Composition(size: small.screen)
            keys.render(into: &composition, in: small)
            return composition.flatten().lines()[1]
        }
        #expect(firstRow(keys).contains("G0"))
        #expect(keys.update(.key(.down), in: small) == nil)
        #expect(keys.scroll.offset == 1)
        #expect(keys.update(.key(.pageDown), in: small) == nil)
        #expect(keys.scroll.offset == 9)
        #expect(keys.update(.mouse(MouseEvent(.scrollUp, at: .zero)), in: small) == nil)
        #expect(keys.scroll.offset == 6)
        #expect(keys.update(.key(.end), in: small) == nil)
        let last = keys.scroll.offset
        #expect(keys.update(.key(.down), in: small) == nil)
        #expect(keys.scroll.offset == last, "never past the end")
        #expect(keys.update(.key(.home), in: small) == nil)
        #expect(keys.scroll.offset == 0)
        for key in KeysSheet.closeKeys { #expect(keys.update(.key(key), in: small) == .cancelled, "\(key.name)") }
    }

    @Test func goldenKeysSheetOverAPickerAt40x12And80x24() {
        for size in [Size(width: 40, height: 12), Size(width: 80, height: 24)] {
            let context = ComponentContext(screen: size)
            var stack = SheetStack<Picker>()
            stack.push(Self.picker())
            _ = stack.update(.key(.function(1)), in: context)
            _ = stack.update(.key(.pageDown), in: context)
            var composition = Composition(size: size)
            composition.add { canvas in
                canvas.write("Flashcards", at: .zero)
                stack.bindings.helpBar.render(into: &canvas, in: canvas.bounds.row(size.height - 1))
            }
            stack.render(into: &composition, in: context)
            expectGolden(composition.flatten(), "keysOverPickerAt\(size.width)x\(size.height)")
        }
    }

    @Test func everySizeFromTinyTo250x70() {
        for width in stride(from: 0, through: 250, by: 11) {
            for height in stride(from: 0, through: 70, by: 5) {
                let size = Size(width: width, height: height)
                let context = ComponentContext(screen: size)
                var stack = SheetStack<Picker>()
                stack.push(Self.picker())
                for event: Event in [.key(.function(1)), .key(.pageDown), .mouse(MouseEvent(.scrollDown, at: .zero))] {
                    _ = stack.update(event, in: context)
                }
                var composition = Composition(size: size)
                stack.render(into: &composition, in: context)
                #expect(composition.flatten().size == size)
            }
        }
    }

    @Test func aComponentsBindingsBecomeAScreensOwnActions() {
        enum Action: Hashable, Sendable { case picker(Key) }
        let mapped = Self.picker().bindings.map { Action.picker($0) }
        #expect(mapped.action(for: .down) == .picker(.down))
        #expect(mapped.action(for: .character("x")) == .picker(.character("x")))
        #expect(mapped.helpBar == Self.picker().bindings.helpBar)
    }
}

/// A screen's own enum of sheets, as SheetStack+Routing.swift shows it: a question and a picker
/// on one stack, each ending in the screen's own value.
enum TwoSheets: SheetComponent, Equatable, Sendable {
    case leave(ConfirmSheet)
    case exercise(ListPicker<String>)

    enum Value: Equatable, Sendable {
        case leave
        case exercise(ListPicker<String>.Choice)
    }

    mutating func update(_ event: Event, in context: ComponentContext) -> SheetResult<Value>? {
        switch self {
        case .leave(let question): return question.update(event, in: context)?.map { .leave }
        case .exercise(var picker):
            defer { self = .exercise(picker) }
            return picker.update(event, in: context)?.map(Value.exercise)
        }
    }

    func render(into composition: inout Composition, in context: ComponentContext) {
        switch self {
        case .leave(let question): question.render(into: &composition, in: context)
        case .exercise(let picker): picker.render(into: &composition, in: context)
        }
    }

    var bindings: KeyBindings<Key> {
        switch self {
        case .leave(let question): question.bindings
        case .exercise(let picker): picker.bindings
        }
    }
}

@Suite("Sheet routing of a screen's own sheets")
struct MixedSheetRoutingTests {
    let context = ComponentContext(screen: Size(width: 80, height: 24))

    @Test func eachSheetEndsInTheScreensOwnValue() {
        var stack = SheetStack<TwoSheets>()
        stack.push(.exercise(ListPicker(title: "Exercise", items: [.init("Squat", label: "Squat")], newLabel: "New")))
        stack.push(.leave(ConfirmSheet("Set 2 in progress is not saved.")))
        #expect(stack.update(.key(.character("x")), in: context) == .handled)
        #expect(stack.update(.key(.character("n")), in: context) == .closed(.cancelled))
        for character in "Row" { #expect(stack.update(.key(.character(character)), in: context) == .handled) }
        #expect(stack.update(.key(.enter), in: context) == .closed(.committed(.exercise(.new("Row")))))
        stack.push(.leave(ConfirmSheet("Set 2 in progress is not saved.")))
        #expect(stack.update(.key(.enter), in: context) == .closed(.committed(.leave)))
        #expect(stack.isEmpty)
    }
}
