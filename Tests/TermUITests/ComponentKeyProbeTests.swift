import TermUI
import TestSupport
import Testing

/// Each component's key table is the whole truth about its keys: every plausible key that changes
/// it or ends it is declared, none declared disabled does anything, and its keys sheet lists
/// every enabled binding.
@Suite("Component key probes")
struct ComponentKeyProbeTests {
    typealias Picker = ListPicker<String>
    /// A small window, so that a long keys sheet scrolls.
    static let context = ComponentContext(screen: Size(width: 40, height: 12))

    /// Whether `key` changes `component` or ends it.
    static func doesSomething<C: SheetComponent & Equatable>(_ key: Key, to component: C) -> Bool {
        var copy = component
        return copy.update(.key(key), in: context) != nil || copy != component
    }

    static func problems<C: SheetComponent & Equatable>(_ component: C) -> [String] {
        let keys = KeysSheet(component.bindings).text.joined(separator: "\n")
        return KeyProbe.undeclaredEffects(of: component.bindings) { doesSomething($0, to: component) }
            + KeyProbe.missingFromSheet(component.bindings, sheet: keys)
    }

    static func pickers() -> [Picker] {
        let items = ["Squat", "Deadlift", "Bench press"].map { Picker.Item($0, label: $0, detail: "3 sets") }
        var typed = Picker(title: "Exercise", items: items, newLabel: "New exercise")
        for character in "de" { _ = typed.update(.key(.character(character)), in: context) }
        var nothing = Picker(title: "Exercise", items: items)
        for character in "zz" { _ = nothing.update(.key(.character(character)), in: context) }
        var completed = typed
        _ = completed.update(.key(.tab), in: context)
        return [
            Picker(title: "Exercise", items: items, selected: "Deadlift"), typed, nothing, completed,
            Picker(title: "Decks", items: []),
        ]
    }

    @Test func everyKeyOfTheListPickerIsDeclared() {
        for picker in Self.pickers() { #expect(Self.problems(picker).isEmpty, "\(picker.typed)") }
    }

    @Test func everyKeyOfAQuestionIsDeclared() {
        for question in [
            ConfirmSheet("Set 2 in progress is not saved."),
            ConfirmSheet("Delete “Spanish”?", title: "Delete?", confirm: "Delete", cancel: "Keep"),
        ] {
            #expect(Self.problems(question).isEmpty)
        }
    }

    @Test func everyKeyOfTheKeysSheetIsDeclared() {
        let long = KeyBindings<Key>(
            (1...30).map { KeyBinding([.function($0)], "Row \($0)", group: "Group \($0 / 10)") { $0 } })
        var keys = KeysSheet(long)
        #expect(Self.problems(keys).isEmpty)
        keys.scroll(by: 5, on: Self.context.screen)
        #expect(Self.problems(keys).isEmpty)
        #expect(Self.doesSomething(.character("j"), to: keys), "the probe sees the sheet scroll")
    }
}
