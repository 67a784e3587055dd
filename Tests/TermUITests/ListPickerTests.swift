import TermUI
import TestSupport
import Testing

/// The one list picker: type to filter (case-insensitive), the member's own items always listed
/// and first, "+ New" for a name no item has, ↑↓ PgUp PgDn and the wheel, Enter or a click
/// commits, Esc or a click outside cancels.
@Suite("List picker")
struct ListPickerTests {
    typealias Picker = ListPicker<String>

    static let catalogue = ["Bench press", "Bent-over row", "Biceps curl", "Deadlift", "Overhead press", "Squat"]

    /// The catalogue and the member's own exercises ("squat" in the member's own spelling).
    static func picker(selected: String? = nil, newLabel: String? = "New exercise", theme: Theme = .color) -> Picker {
        Picker(
            title: "Exercise",
            items: catalogue.map { Picker.Item($0, label: $0) } + [
                Picker.Item("Farmer carry", label: "Farmer carry", detail: "12 sets", isOwn: true),
                Picker.Item("squat", label: "squat", detail: "3 sets", isOwn: true),
            ], selected: selected, fieldLabel: "Name", newLabel: newLabel, theme: theme)
    }

    let context = ComponentContext(screen: Size(width: 80, height: 24))

    func type(_ text: String, into picker: inout Picker) {
        for character in text { #expect(picker.update(.key(.character(character)), in: context) == nil) }
    }

    func labels(_ picker: Picker) -> [String] { picker.rows.map(picker.label(of:)) }

    @Test func theMembersOwnItemsComeFirstAndReplaceTheCatalogues() {
        let picker = Self.picker()
        #expect(
            labels(picker) == [
                "Farmer carry", "squat", "Bench press", "Bent-over row", "Biceps curl", "Deadlift", "Overhead press",
            ])
        #expect(picker.highlightedValue == "Farmer carry")
        #expect(Self.picker(selected: "Deadlift").highlightedValue == "Deadlift")
    }

    /// A name beyond ASCII is typed like any other: "José" and "Zoë" find or name a profile.
    @Test func lettersBeyondASCIIAreTyped() {
        var picker = Self.picker()
        type("Zoë 中", into: &picker)
        #expect(picker.field.text == "Zoë 中")
        #expect(labels(picker) == ["+ New exercise “Zoë 中”"])
        #expect(picker.update(.key(.enter), in: context) == .committed(.new("Zoë 中")))
    }

    @Test func typingFiltersCaseInsensitivelyStartingFirstThenContaining() {
        var picker = Self.picker()
        type("PRESS", into: &picker)
        #expect(labels(picker) == ["Bench press", "Overhead press", "+ New exercise “PRESS”"])
        #expect(picker.highlightedValue == "Bench press")
        var bent = Self.picker()
        type("be", into: &bent)
        #expect(labels(bent) == ["Bench press", "Bent-over row", "+ New exercise “be”"])
        var exact = Self.picker()
        type("SQUAT", into: &exact)
        #expect(labels(exact) == ["squat"], "a name an item has offers no new one")
        var spaced = Self.picker()
        #expect(spaced.update(.paste("  farmer   carry "), in: context) == nil)
        #expect(labels(spaced) == ["Farmer carry"], "blanks are tidied before matching")
    }

    @Test func enterCommitsTheHighlightedRowEscCancels() {
        var picker = Self.picker()
        type("dead", into: &picker)
        #expect(picker.update(.key(.enter), in: context) == .committed(.existing("Deadlift")))
        var new = Self.picker()
        type("Sled push", into: &new)
        #expect(new.update(.key(.down), in: context) == nil)
        #expect(new.highlighted == .new("Sled push"))
        #expect(new.update(.key(.enter), in: context) == .committed(.new("Sled push")))
        var gone = Self.picker()
        type("xyz", into: &gone)
        #expect(gone.update(.key(.escape), in: context) == .cancelled)
    }

    @Test func withoutNewNothingMatchingSaysSoAndEnterCommitsNothing() {
        var picker = Self.picker(newLabel: nil)
        type("zz", into: &picker)
        #expect(picker.rows.isEmpty)
        #expect(picker.update(.key(.enter), in: context) == nil)
        #expect(picker.message == "Nothing matches “zz”")
        #expect(picker.update(.key(.backspace), in: context) == nil)
        #expect(picker.message == nil, "the next key clears the message")
        var empty = Picker(title: "Decks", items: [])
        #expect(empty.update(.key(.enter), in: context) == nil)
        #expect(empty.message == "Nothing to choose yet")
    }

    @Test func arrowsPagesAndTheWheelMoveTheHighlightWithinTheList() {
        var picker = Self.picker()
        #expect(picker.update(.key(.up), in: context) == nil)
        #expect(picker.highlightedValue == "Farmer carry", "clamped at the top")
        _ = picker.update(.key(.pageDown), in: context)
        #expect(picker.highlightedValue == "Overhead press", "a page is the list's height less one, clamped")
        _ = picker.update(.mouse(MouseEvent(.scrollUp, at: .zero)), in: context)
        #expect(picker.highlightedValue == "Deadlift")
        _ = picker.update(.key(.backTab), in: context)
        #expect(picker.highlightedValue == "Biceps curl")
        _ = picker.update(.key(.pageUp), in: context)
        #expect(picker.highlightedValue == "Farmer carry")
    }

    @Test func tabCompletesTheFieldToTheHighlightedItem() {
        var picker = Self.picker()
        type("ov", into: &picker)
        #expect(picker.bindings.action(for: .tab) == .tab)
        _ = picker.update(.key(.tab), in: context)
        #expect(picker.field.text == "Overhead press")
        #expect(labels(picker) == ["Overhead press"])
    }

    @Test func theFieldFollowsTheSpreadsheetRuleAndAPasteTooLongKeepsNothing() {
        var picker = Self.picker()
        type("dead", into: &picker)
        _ = picker.update(.key(.tab), in: context)
        type("b", into: &picker)
        #expect(picker.field.text == "b", "a completed name is selected: the first key typed replaces it")
        let long = String(repeating: "x", count: 41)
        _ = picker.update(.paste(long), in: context)
        #expect(picker.field.text == "b")
        #expect(picker.message == "That paste is 41 characters; this field has room for 39. Nothing was pasted")
    }

    /// Click targets are the rows as drawn: each row's frame holds its text.
    @Test func clicksCommitTheRowDrawnThereAndOutsideCancels() throws {
        var picker = Self.picker()
        type("b", into: &picker)
        var composition = Composition(size: context.screen)
        picker.render(into: &composition, in: context)
        let lines = composition.flatten().lines()
        let layout = picker.layout(on: context.screen)
        #expect(layout.rows.count == picker.rows.count)
        for placed in layout.rows {
            let row = lines[placed.frame.y]
            #expect(row.contains(picker.label(of: placed.row)), "\(row)")
        }
        let bent = try #require(layout.rows.first { $0.row == picker.rows[1] })
        var clicked = picker
        #expect(clicked.update(.mouse(MouseEvent(.press, at: bent.frame.origin)), in: context) == nil)
        #expect(
            clicked.update(.mouse(MouseEvent(.release, at: bent.frame.origin)), in: context)
                == .committed(.existing("Bent-over row")))
        #expect(clicked.update(.mouse(MouseEvent(.release, at: layout.fieldRow.origin)), in: context) == nil)
        #expect(clicked.update(.mouse(MouseEvent(.release, at: .zero)), in: context) == .cancelled)
        let escHint = try #require(
            zip(picker.bindings.barTargets(in: context.helpBar!), picker.bindings.barBindings).first {
                $0.1.label == "Cancel"
            })
        #expect(
            clicked.update(.mouse(MouseEvent(.release, at: escHint.0.frame.origin)), in: context) == .cancelled,
            "a click on the Esc hint is Esc")
    }

    @Test func aLongListScrollsWithMarkersAndKeepsTheHighlightInView() {
        let items = (1...40).map { Picker.Item("deck \($0)", label: "Deck \($0)", detail: "\($0) cards") }
        var picker = Picker(title: "Decks", items: items, selected: "deck 30")
        let small = ComponentContext(screen: Size(width: 40, height: 12))
        _ = picker.update(.key(.down), in: small)
        var composition = Composition(size: small.screen)
        picker.render(into: &composition, in: small)
        let text = composition.flatten().lines().joined(separator: "\n")
        #expect(text.contains("▸ Deck 31"))
        #expect(text.contains("▲ ") && text.contains("▼ "))
        #expect(picker.layout(on: small.screen).rows.contains { $0.row == .item(30) })
    }

    /// A detail longer than a third of the row shows whole where the name leaves room for it,
    /// and is cut (the name kept) where it does not.
    @Test func theDetailTakesTheRoomItsNameLeaves() {
        let detail = "12 cards · 3 due · 20 new today"
        let items = [
            Picker.Item("gym", label: "Gym", detail: detail),
            Picker.Item("long", label: String(repeating: "Long", count: 12), detail: detail),
        ]
        let picker = Picker(title: "Decks", items: items)
        var composition = Composition(size: context.screen)
        picker.render(into: &composition, in: context)
        let lines = composition.flatten().lines()
        #expect(lines.contains { $0.contains("▸ Gym") && $0.contains(detail) }, "\(lines.joined(separator: "\n"))")
        let long = lines.first { $0.contains("LongLong") } ?? ""
        #expect(!long.contains(detail) && long.contains("12 cards"), "cut where the name needs the row: \(long)")
    }

    @Test func replacingTheItemsKeepsTheHighlightOnItsItem() {
        var picker = Self.picker(selected: "Deadlift")
        picker.replaceItems(
            [Picker.Item("Zercher", label: "Zercher")] + Self.catalogue.map { Picker.Item($0, label: $0) })
        #expect(picker.highlightedValue == "Deadlift")
    }

    @Test func goldenAt40x12And80x24InColourAndWithout() {
        for size in [Size(width: 40, height: 12), Size(width: 80, height: 24)] {
            for theme in [Theme.color, .colorFree] {
                var picker = Self.picker(selected: "squat", theme: theme)
                let context = ComponentContext(screen: size)
                for character in "s" { _ = picker.update(.key(.character(character)), in: context) }
                var composition = Composition(size: size)
                composition.add { canvas in
                    canvas.write("Dumbbells", at: .zero)
                    picker.bindings.helpBar.render(into: &canvas, in: canvas.bounds.row(size.height - 1))
                }
                picker.render(into: &composition, in: context)
                let mode = theme.usesColor ? "" : "ColourFree"
                expectGolden(composition.flatten(), "listPicker\(mode)At\(size.width)x\(size.height)")
            }
        }
    }

    @Test func everySizeFromTinyTo250x70DrawsInsideTheScreenAndTakesEveryEvent() {
        let events: [Event] = [
            .key(.down), .key(.character("b")), .key(.pageDown), .mouse(MouseEvent(.scrollDown, at: .zero)),
            .key(.tab), .paste("Sled"),
        ]
        for width in stride(from: 0, through: 250, by: 9) {
            for height in stride(from: 0, through: 70, by: 4) {
                let size = Size(width: width, height: height)
                let context = ComponentContext(screen: size)
                var picker = Self.picker()
                for event in events { _ = picker.update(event, in: context) }
                var composition = Composition(size: size)
                picker.render(into: &composition, in: context)
                #expect(composition.flatten().size == size)
                let layout = picker.layout(on: size)
                for placed in layout.rows {
                    #expect(placed.frame.y >= layout.list.y && placed.frame.maxY <= layout.list.maxY, "\(size)")
                }
                #expect(layout.frame.isEmpty || (layout.frame.maxY <= max(0, height - 1) && layout.frame.maxX <= width))
                _ = picker.update(.mouse(MouseEvent(.release, at: Point(x: width / 2, y: height / 2))), in: context)
            }
        }
    }
}
