import Records
import TermUI

/// The styles of the flashcard screen. Without colour nothing depends on it: a dragged card shows
/// ✓ or ✗, the score has the same marks, and muted text is dimmed.
struct Palette: Hashable, Sendable {
    var accent: Style
    var muted: Style
    var problem: Style
    var correct: Style
    var wrong: Style
    var usesColor: Bool

    init(usesColor: Bool) {
        self.usesColor = usesColor
        accent = usesColor ? Style(foreground: .indexed(45), attributes: .bold) : .bold
        muted = usesColor ? Style(foreground: .brightBlack) : .dim
        problem = Style(attributes: [.reverse, .bold])
        correct = usesColor ? Style(foreground: .green, attributes: .bold) : .bold
        wrong = usesColor ? Style(foreground: .red, attributes: .bold) : .bold
    }

    /// Six steps from white to green (a card dragged right) and to red (left), in the 256-colour
    /// cube: the further the drag, the stronger the colour.
    static let greens: [UInt8] = [231, 194, 157, 120, 83, 46]
    static let reds: [UInt8] = [231, 224, 217, 210, 203, 196]

    /// The colour of a card `offset` columns from its place when `threshold` columns swipe it;
    /// `nil` at rest or without colour.
    func tint(offset: Int, threshold: Int) -> Color? {
        guard usesColor, offset != 0 else { return nil }
        let ramp = offset > 0 ? Self.greens : Self.reds
        let fraction = min(1, Double(abs(offset)) / Double(max(1, threshold)))
        return .indexed(ramp[Int((fraction * Double(ramp.count - 1)).rounded())])
    }
}

/// Where everything on the flashcard screen goes, for drawing and for hit-testing clicks alike.
struct ScreenLayout: Hashable, Sendable {
    /// The title and the score.
    var header: Rect
    /// The "+" button at the top right that opens the editor.
    var editButton: Rect
    /// The row of the timer's capsule.
    var timerRow: Rect
    /// The whole area of the stack.
    var stackArea: Rect
    /// The top card.
    var card: Rect
    /// The cards below it, each a row lower and two columns narrower, nearest first.
    var peeks: [Rect]
    /// Without colour: the Wrong and Correct buttons under the stack.
    var wrongButton: Rect
    var correctButton: Rect
    /// Start Again, when the session is over.
    var startAgain: Rect
    /// The one-line notice above the help bar.
    var notice: Rect
    /// The keys at the bottom.
    var helpBar: Rect

    static let editButtonTitle = "+"
    static let startAgainTitle = "Start Again"
    static let wrongTitle = "✗ Wrong"
    static let correctTitle = "✓ Correct"

    init(size: Size, stackCount: Int, showsButtons: Bool) {
        let screen = Rect(size: size)
        let (body, bar) = screen.splitBottom(1)
        helpBar = bar
        notice = body.height > 0 ? body.row(body.height - 1) : Rect(x: 0, y: 0, width: size.width, height: 0)
        header = screen.row(0)
        let editWidth = Button(Self.editButtonTitle).width
        editButton = Rect(x: max(0, size.width - editWidth - 1), y: 0, width: editWidth, height: min(1, size.height))
        let roomy = size.height >= 18
        timerRow = screen.row(roomy ? 2 : 1)
        let top = timerRow.maxY + (roomy ? 1 : 0)
        var bottom = notice.y - (roomy ? 1 : 0)
        if showsButtons {
            let row = Rect(x: 0, y: bottom - 1, width: size.width, height: 1)
            let frames = Button.frames(
                of: [Button(Self.wrongTitle), Button(Self.correctTitle)], in: row, alignment: .center, spacing: 6)
            wrongButton = frames[0]
            correctButton = frames[1]
            bottom -= roomy ? 2 : 1
        } else {
            wrongButton = Rect(x: 0, y: 0, width: 0, height: 0)
            correctButton = wrongButton
        }
        stackArea = Rect(x: 0, y: top, width: size.width, height: max(0, bottom - top))
        let depth = min(3, max(0, stackCount - 1), max(0, stackArea.height - 5))
        let cardWidth = max(0, min(56, size.width - 4))
        let cardHeight = max(0, min(13, stackArea.height - depth))
        card = Rect(x: (size.width - cardWidth) / 2, y: top, width: cardWidth, height: cardHeight)
        let card = self.card
        peeks =
            depth > 0
            ? (1...depth).map { Rect(x: card.x + $0, y: card.y + $0, width: card.width - 2 * $0, height: card.height) }
            : []
        let again = Button(Self.startAgainTitle)
        startAgain = again.frame(
            at: Point(x: (size.width - again.width) / 2, y: stackArea.y + min(stackArea.height - 1, 4)))
    }
}

/// Where the editor's parts go, drawn in a sheet (or, in plain mode, over the whole screen).
struct EditorLayout {
    var frame: Rect
    var content: Rect
    var promptField: Rect
    var answerField: Rect
    var message: Rect
    var addButton: Rect
    var doneButton: Rect
    var listHeader: Rect
    /// The visible rows of the list and the card index each shows.
    var listRows: [(rect: Rect, index: Int)]

    static let labelWidth = 8

    static func sheet(screen: Size) -> TermUI.Sheet {
        Sheet(title: "Edit cards", size: Size(width: min(72, screen.width - 2), height: min(22, screen.height - 2)))
    }

    init(screen: Size, editor: CardEditor, plain: Bool) {
        if plain {
            frame = Rect(size: screen).splitBottom(1).0
            content = frame.inset(top: 1)
        } else {
            let sheet = Self.sheet(screen: screen)
            frame = sheet.frame(in: Rect(size: screen))
            content = sheet.contentRect(in: Rect(size: screen)).inset(left: 1, right: 1)
        }
        let content = self.content
        let fieldX = content.x + Self.labelWidth
        let fieldWidth = max(0, content.maxX - fieldX)
        promptField = Rect(x: fieldX, y: content.y, width: fieldWidth, height: min(1, content.height))
        answerField = Rect(x: fieldX, y: content.y + 1, width: fieldWidth, height: content.height > 1 ? 1 : 0)
        message = content.height > 2 ? content.row(2) : Rect(x: 0, y: 0, width: 0, height: 0)
        let buttonRow = content.height > 3 ? content.row(3) : Rect(x: 0, y: 0, width: 0, height: 0)
        let frames = Button.frames(of: [Button("Add"), Button("Done")], in: buttonRow, alignment: .leading)
        addButton = buttonRow.isEmpty ? buttonRow : frames[0]
        doneButton = buttonRow.isEmpty ? buttonRow : frames[1]
        listHeader = content.height > 5 ? content.row(5) : Rect(x: 0, y: 0, width: 0, height: 0)
        let visible = max(0, content.height - 6)
        let first = max(0, min(editor.selection - visible + 1, editor.cards.count - visible))
        let count = min(visible, max(0, editor.cards.count - first))
        listRows = (0..<count).map { (content.row(6 + $0), first + $0) }
    }
}

/// Where the deck list's parts go.
struct DeckPickerLayout {
    var frame: Rect
    var content: Rect
    var rows: [(rect: Rect, index: Int)]

    static func sheet(screen: Size, count: Int) -> TermUI.Sheet {
        Sheet(title: "Decks", size: Size(width: min(60, screen.width - 2), height: min(count + 4, screen.height - 2)))
    }

    init(screen: Size, picker: DeckPicker, plain: Bool) {
        if plain {
            frame = Rect(size: screen).splitBottom(1).0
            content = frame.inset(top: 1)
        } else {
            let sheet = Self.sheet(screen: screen, count: picker.entries.count)
            frame = sheet.frame(in: Rect(size: screen))
            content = sheet.contentRect(in: Rect(size: screen)).inset(left: 1, right: 1)
        }
        let content = self.content
        let visible = max(0, content.height - 1)
        let first = max(0, min(picker.selection - visible + 1, picker.entries.count - visible))
        let count = min(visible, max(0, picker.entries.count - first))
        rows = (0..<count).map { (content.row($0), first + $0) }
    }
}
