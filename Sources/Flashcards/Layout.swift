import Records
import TermUI

extension Theme {
    /// The colour of a card `offset` columns from its place when `threshold` columns swipe it:
    /// from white towards green (right) or red (left); `nil` at rest or without colour.
    func tint(offset: Int, threshold: Int) -> Color? {
        guard offset != 0 else { return nil }
        return tint(Double(abs(offset)) / Double(max(1, threshold)), positive: offset > 0)
    }
}

/// Where everything on the flashcard screen goes, for drawing and for hit-testing clicks alike.
///
/// The title, the score and [ + ] keep the top row and the help bar the last; the timer's
/// capsule, the card, the cards peeking below it and (without colour) the Again/Good buttons
/// are one group, centred in the rows between. The card grows with the window, up to a width
/// that still reads well, and as tall as its text needs.
struct ScreenLayout: Hashable, Sendable {
    /// The title and the score.
    var header: Rect
    /// The "+" button at the top right that opens the editor.
    var editButton: Rect
    /// The row of the timer's capsule.
    var timerRow: Rect
    /// The top card.
    var card: Rect
    /// The cards below it, each a row lower and two columns narrower, nearest first.
    var peeks: [Rect]
    /// Without colour: the Again and Good buttons under the stack.
    var showsButtons: Bool
    var wrongButton: Rect
    var correctButton: Rect
    /// Start Again, when the session is over.
    var startAgain: Rect
    /// Whether the top card has the rows its whole text needs.
    var fitsText: Bool
    /// The one-line notice above the help bar.
    var notice: Rect
    /// The keys at the bottom.
    var helpBar: Rect

    static let editButtonTitle = "+"
    static let startAgainTitle = "Start Again"
    static let wrongTitle = "✗ Again"
    static let correctTitle = "✓ Good"
    /// The widest a card gets: wider lines are hard to read.
    static let widestCard = 100
    /// The width a card has before the window is wide enough to grow it.
    static let usualCardWidth = 56

    init(size: Size, stackCount: Int, showsButtons: Bool, card topCard: Flashcard? = nil) {
        let screen = Rect(size: size)
        let (header, body, notice, bar) = Self.rows(of: screen)
        self.header = header
        self.notice = notice
        helpBar = bar
        self.showsButtons = showsButtons
        let editWidth = Button(Self.editButtonTitle).width
        editButton = Rect(x: max(0, size.width - editWidth - 1), y: 0, width: editWidth, height: min(1, size.height))
        let roomy = size.height >= 18
        // A blank row above and below the group where the height allows.
        let area = roomy ? body.inset(top: 1, bottom: 1) : body
        let gap = roomy ? 1 : 0
        let buttonRows = showsButtons ? 1 + gap : 0
        // Room for three peeking cards is kept however many there are, so the group stays in
        // place as the stack goes down.
        let room = min(3, max(0, area.height - 6 - buttonRows))
        let depth = min(room, max(0, stackCount - 1))
        let width = max(0, min(size.width - 4, Self.widestCard, max(Self.usualCardWidth, size.width * 7 / 10)))
        let available = max(0, area.height - 1 - gap - room - buttonRows)
        let needed = topCard.map { Self.rowsNeeded(by: $0, width: width) } ?? 0
        let height = min(available, max(needed, width * 13 / Self.usualCardWidth))
        fitsText = needed <= height
        let group = Layout.vertical(
            [
                .length(1), .length(gap), .length(height), .length(room), .length(showsButtons ? gap : 0),
                .length(showsButtons ? 1 : 0),
            ],
            alignment: .center
        ).split(area)
        timerRow = group[0]
        let card = Rect(x: (size.width - width) / 2, y: group[2].y, width: width, height: group[2].height)
        self.card = card
        peeks =
            depth > 0
            ? (1...depth).map { Rect(x: card.x + $0, y: card.y + $0, width: card.width - 2 * $0, height: card.height) }
            : []
        if showsButtons {
            let frames = Button.frames(
                of: [Button(Self.wrongTitle), Button(Self.correctTitle)], in: group[5], alignment: .center, spacing: 6)
            wrongButton = frames[0]
            correctButton = frames[1]
        } else {
            wrongButton = .zero
            correctButton = .zero
        }
        let again = Button(Self.startAgainTitle)
        startAgain = again.frame(
            at: Point(x: (size.width - again.width) / 2, y: card.y + min(max(0, card.height - 1), card.height / 2 + 1)))
    }

    /// The header, the body, the notice and the help bar, top to bottom.
    static func rows(of screen: Rect) -> (Rect, Rect, Rect, Rect) {
        let parts = Layout.vertical([.length(1), .fill(1), .length(1), .length(1)]).split(screen)
        return (parts[0], parts[1], parts[2], parts[3])
    }

    /// The room for the top card's text inside its border (two columns of margin each side).
    var cardInside: Size { Size(width: max(0, card.width - 4), height: max(0, card.height - 2)) }

    /// The rows a card of `width` needs for its whole prompt and answer: the border, a blank row
    /// above and below, the prompt, a blank row, the answer (or the hint while it is hidden).
    static func rowsNeeded(by card: Flashcard, width: Int) -> Int {
        let inside = Size(width: max(1, width - 4), height: Int.max / 4)
        let prompt = Text(card.prompt, wraps: true).laidOut(in: inside).count
        let answer = Text(card.answer, wraps: true).laidOut(in: inside).count
        return 2 + 2 + prompt + 1 + max(1, answer)
    }
}

/// A card's text as drawn inside its border: the prompt, and once the answer shows a blank row
/// and the answer. Longer than the card, it scrolls (`FlashcardsWorkout.textOffset`): "▲ N more"
/// stands in the top border and "▼ N more" on the last row inside.
struct CardText: Hashable, Sendable {
    /// The prompt's lines, wrapped.
    var prompt: [String]
    /// The answer's lines, wrapped; none while it is hidden.
    var answer: [String]
    /// The rows inside the border.
    var visibleRows: Int
    /// For each line of `prompt`, which of its characters are bold in the note's HTML.
    var promptEmphasis: [[Bool]] = []
    /// For each line of `answer`, which of its characters are bold.
    var answerEmphasis: [[Bool]] = []

    init(card: Flashcard, revealed: Bool, inside: Size) {
        let room = Size(width: max(1, inside.width), height: Int.max / 4)
        let sides = card.styledSides
        prompt = Text(sides.prompt.text, wraps: true).laidOut(in: room)
        answer = revealed ? Text(sides.answer.text, wraps: true).laidOut(in: room) : []
        visibleRows = inside.height
        if sides.prompt.isEmphasized { promptEmphasis = sides.prompt.emphasis(of: prompt) }
        if sides.answer.isEmphasized { answerEmphasis = sides.answer.emphasis(of: answer) }
    }

    var promptRows: Int { prompt.count }
    /// Every row of the text.
    var rows: Int { prompt.count + (answer.isEmpty ? 0 : 1 + answer.count) }
    /// Whether the text is longer than the card.
    var overflows: Bool { rows > visibleRows }
    /// The rows of text in view: all the rows inside, or when it scrolls all but the last, which
    /// says what is below.
    var textRows: Int { overflows ? max(1, visibleRows - 1) : visibleRows }
    /// The furthest the text scrolls.
    var maxOffset: Int { max(0, rows - textRows) }
}

/// Where the editor's parts go, drawn in a sheet above the help bar (or, in plain mode, over the
/// whole screen). The list of cards scrolls, with "more" markers.
struct EditorLayout {
    var frame: Rect
    var content: Rect
    var promptField: Rect
    var answerField: Rect
    var message: Rect
    var addButton: Rect
    var doneButton: Rect
    var listHeader: Rect
    /// Where the list of cards goes.
    var list: Rect
    /// The rows of the list in view and the card index each shows.
    var listRows: [(rect: Rect, index: Int)]

    static let labelWidth = 8

    static func sheet(screen: Size) -> TermUI.Sheet {
        Sheet(title: "Edit cards", size: Size(width: min(72, screen.width - 2), height: min(22, screen.height - 3)))
    }

    init(screen: Size, editor: CardEditor, plain: Bool) {
        let area = Rect(size: screen).inset(bottom: 1)
        if plain {
            frame = area
            content = frame.inset(top: 1)
        } else {
            let sheet = Self.sheet(screen: screen)
            frame = sheet.frame(in: area)
            content = sheet.contentRect(in: area).inset(left: 1, right: 1)
        }
        // A blank row between the buttons and the list where the height allows.
        let spacer = content.height >= 9 ? 1 : 0
        let rows = Layout.vertical(
            [.length(1), .length(1), .length(1), .length(1), .length(spacer), .length(1), .fill(1)]
        ).split(content)
        let fields = Layout.horizontal([.length(Self.labelWidth), .fill(1)])
        promptField = fields.split(rows[0])[1]
        answerField = fields.split(rows[1])[1]
        message = rows[2]
        let frames = Button.frames(
            of: [Button(editor.editing == nil ? "Add" : "Save"), Button("Done")], in: rows[3], alignment: .leading)
        addButton = rows[3].isEmpty ? .zero : frames[0]
        doneButton = rows[3].isEmpty ? .zero : frames[1]
        listHeader = rows[5]
        list = rows[6]
        var scroll = editor.scroll
        listRows = ScrollList.frames(count: editor.cards.count, state: &scroll, in: list).map { ($0.frame, $0.index) }
    }
}
