import Records
import TermUI

/// Where everything of the card screen goes, shared by drawing and mouse hit-testing: the title
/// row, the notice and the help bar fixed, and between them the card with what goes with it as one
/// group, centred by `Layout`.
struct ScreenLayout {
    var header: Rect
    var card: Rect
    var scale: CardFace.Scale
    /// The exercise and reps (deck mode: beside the card; flip mode: under it).
    var task: Rect
    var button: Rect
    /// The reps per exercise (deck mode), as many rows as fit (the rest behind a "more" marker).
    var tally: Rect
    /// The line that tells a class how to join the server's deck (deck mode, a server's deck).
    var share: Rect = .zero
    var notice: Rect
    var helpBar: Rect

    /// The widest the exercise block beside the card gets.
    static let taskWidth = 30

    init(size: Size, mode: CardWorkout.Mode, buttonTitle: String, tallyRows: Int, shareRows: Int = 0) {
        let screen = Rect(size: size)
        let (top, body, notice, bar) = {
            // The title, a blank row, the body, the notice, the help bar.
            let parts = Layout.vertical([.length(1), .length(1), .fill(1), .length(1), .length(1)]).split(screen)
            return (parts[0], parts[2], parts[3], parts[4])
        }()
        header = top
        self.notice = notice
        helpBar = bar
        let button = Button(buttonTitle)
        // The group under the title: deck mode the card (the task beside it) and the tally; flip
        // mode the card, the task and the button.
        let below = mode == .deck ? tallyRows + 1 + shareRows : 3
        // A card dealt one at a time grows with the window; a flipping one stays at most large
        // (10 flips a second cost the same bytes in every window).
        let room = Size(
            width: size.width - (mode == .deck ? 3 + 16 : 2), height: body.height - below)
        scale = CardFace.scale(fitting: room, grows: mode == .deck) ?? .small
        let cardSize = scale.size
        switch mode {
        case .deck:
            let rows = Layout.vertical(
                [.length(cardSize.height), .length(tallyRows)] + (shareRows > 0 ? [.length(shareRows)] : []),
                spacing: 1, alignment: .center
            ).split(body)
            let blockWidth = min(size.width - 2, cardSize.width + 3 + Self.taskWidth)
            let left = max(1, (size.width - blockWidth) / 2)
            card = Rect(x: left, y: rows[0].y, width: cardSize.width, height: min(cardSize.height, rows[0].height))
            let taskX = card.maxX + 3
            let taskWidth = max(0, min(Self.taskWidth, size.width - taskX - 1))
            // The exercise, reps and button beside the card's middle (its top, on a small card).
            let taskY = card.y + max(1, (card.height - 4) / 2)
            task = Rect(x: taskX, y: taskY, width: taskWidth, height: 2)
            self.button = Rect(x: taskX, y: task.maxY + 1, width: min(button.width, taskWidth), height: 1)
            tally = Rect(
                x: left, y: rows[1].y, width: max(0, min(blockWidth, size.width - left - 1)), height: rows[1].height)
            if shareRows > 0 { share = Rect(x: 1, y: rows[2].y, width: max(0, size.width - 2), height: rows[2].height) }
        case .flip:
            let rows = Layout.vertical(
                [.length(cardSize.height), .length(1), .length(1), .length(1)], alignment: .center
            ).split(body)
            card = Rect(
                x: (size.width - cardSize.width) / 2, y: rows[0].y, width: cardSize.width,
                height: min(cardSize.height, rows[0].height))
            task = Rect(x: 1, y: rows[2].y, width: max(0, size.width - 2), height: rows[2].height)
            self.button = Rect(
                x: (size.width - button.width) / 2, y: rows[3].y, width: button.width, height: rows[3].height)
            tally = .zero
        }
    }
}

/// The deck's summary sheet above the help bar: the time in big digits (the score; a plain line
/// where the window is short), the cards and reps, the reps per exercise (as many as fit, the rest
/// behind a "more" marker) and two buttons.
struct SummaryLayout {
    let sheet: Sheet
    let frame: Rect
    let inside: Rect
    /// Whether the time shows in big digits.
    let bigDigits: Bool
    /// The cards and reps line.
    let line: Rect
    /// The reps per exercise.
    let reps: Rect
    let newDeckButton: Rect
    let backButton: Rect

    static let newDeck = Button("New deck")
    static let back = Button("Back")

    init(screen: Size, summary: CardWorkout.Summary) {
        let area = Rect(size: screen).inset(bottom: 1)
        let count = max(1, summary.reps.count)
        // Big digits, a blank, the line, a blank, the exercises, a blank, the buttons.
        let full = 3 + 1 + 1 + 1 + count + 1 + 1
        bigDigits = area.height - 2 >= full
        let wanted = bigDigits ? full : 1 + 1 + count + 1 + 1
        sheet = Sheet(
            title: "Deck done",
            size: Size(width: min(44, screen.width - 2), height: max(0, min(area.height, wanted + 2))))
        frame = sheet.frame(in: area)
        inside = sheet.contentRect(in: area)
        // The digits and a blank, the line, a blank, the exercises, a blank (the buttons are last).
        let parts = Layout.vertical(
            [.length(bigDigits ? 4 : 0), .length(1), .length(1), .fill(1), .length(1), .length(1)]
        ).split(inside)
        line = parts[1]
        reps = parts[3]
        let buttons = Button.frames(
            of: [Self.newDeck, Self.back], in: inside.row(max(0, inside.height - 1)), alignment: .center)
        newDeckButton = buttons[0]
        backButton = buttons[1]
    }
}

extension CardWorkout {
    /// The screen's styles: TermUI's one theme, with or without colour.
    var palette: Theme { Theme(usesColor: options.usesColor) }

    /// How a class joins this deck from their own terminals, while it comes from a deck server
    /// that gave it an identifier.
    public var shareLine: String? {
        guard case .remote(let server, let deckID?, _) = source, !deckID.isEmpty else { return nil }
        return "Join: termfit cards --deck-id \(deckID) --deck-api \(server)"
    }

    /// What the button beside (or under) the card says.
    var buttonTitle: String {
        if mode == .flip { return isFlipping ? "Stop" : "Start" }
        switch phase {
        case _ where isPaused: return "Resume"
        case .ready: return "Draw"
        case .waiting: return "Wait"
        case .failed: return "Retry"
        case .showing: return "Done"
        case .finished: return "New deck"
        }
    }

    var layout: ScreenLayout {
        // Flip mode has no tally: nothing per card is worked out at 10 Hz.
        ScreenLayout(
            size: size, mode: mode, buttonTitle: buttonTitle, tallyRows: mode == .deck ? tally.count : 0,
            shareRows: mode == .deck && shareLine != nil ? 1 : 0)
    }

    func sheetFrame(_ sheet: Sheet) -> Rect {
        switch sheet {
        case .rules(let editor): return editor.list.layout(on: size).frame
        case .leave(let question): return question.layout(in: size).frame
        }
    }

    // MARK: Rendering

    /// Draws the screen and any sheet over it.
    public func render(into composition: inout Composition, at now: Instant) {
        let model = self
        composition.add { canvas in model.renderScreen(into: &canvas, at: now) }
        switch sheet {
        case .rules(let editor):
            editor.render(into: &composition, theme: palette)
        case .leave(let question):
            question.render(into: &composition)
        case nil:
            if mode == .deck, let summary {
                let layout = SummaryLayout(screen: size, summary: summary)
                composition.addSheet(layout.sheet, in: Rect(size: size).inset(bottom: 1)) { canvas, area in
                    Self.renderSummary(summary, layout: layout, palette: palette, into: &canvas, in: area)
                }
            }
        }
        sheets.keys?.render(into: &composition, in: ComponentContext(screen: size))
    }

    private func renderScreen(into canvas: inout Canvas, at now: Instant) {
        let layout = self.layout
        let palette = self.palette
        renderHeader(into: &canvas, layout: layout, palette: palette, at: now)
        switch mode {
        case .flip: renderFlip(into: &canvas, layout: layout, palette: palette, at: now)
        case .deck: renderDeck(into: &canvas, layout: layout, palette: palette, at: now)
        }
        if let notice {
            Text(notice, style: .bold, alignment: .center).render(into: &canvas, in: layout.notice)
        } else if let problem {
            canvas.fill(layout.notice, with: Cell(.space, style: palette.problem))
            Text("! " + problem, style: palette.problem, alignment: .center).render(into: &canvas, in: layout.notice)
        }
        let hints = bindings.barBindings.map { HelpBar.Hint($0.shownKeys, $0.label) }
        HelpBar(hints, descriptionStyle: palette.muted).render(into: &canvas, in: layout.helpBar)
    }

    private func renderHeader(into canvas: inout Canvas, layout: ScreenLayout, palette: Theme, at now: Instant) {
        let header = layout.header
        var right: [String] = []
        if mode == .deck {
            if summary == nil {
                if let best = personalBest { right.append("Best " + ClockText.elapsed(best)) }
                if let last = lastDeckSeconds { right.append("Last " + ClockText.elapsed(last)) }
            }
            if let remaining { right.append(remaining == 1 ? "1 card left" : "\(remaining) cards left") }
            if let seconds = elapsedSeconds(at: now) {
                right.append((isPaused ? "Paused " : "") + ClockText.elapsed(seconds))
            }
        }
        let rightText = right.joined(separator: " · ")
        Text(rightText, style: palette.muted, alignment: .trailing).render(into: &canvas, in: header.inset(right: 1))
        let title = "Cards · " + (mode == .flip ? "Flip" : "Deck")
        canvas.write(
            title, at: Point(x: 1, y: header.y), style: palette.accent,
            clip: header.inset(right: rightText.displayWidth + 2))
    }

    private func renderFlip(into canvas: inout Canvas, layout: ScreenLayout, palette: Theme, at now: Instant) {
        let card = flipCard(at: now)
        if !isCardCovered(layout) {
            CardFace(card, scale: layout.scale, usesColor: options.usesColor).render(into: &canvas, in: layout.card)
        }
        if !isFlipping, let card {
            let (exercise, reps) = settings.task(for: card)
            let text =
                card.isJoker && reps == 0 ? exercise + " · " + settings.jokerSpecial.title : "\(exercise) × \(reps)"
            Text(text, style: .bold, alignment: .center).render(into: &canvas, in: layout.task)
        } else {
            // Constant while flipping, so each flip costs only the card's own cells.
            Text("Stop to see your exercise", style: palette.muted, alignment: .center).render(
                into: &canvas, in: layout.task)
        }
        Button(buttonTitle, state: .focused).render(into: &canvas, in: layout.button)
    }

    /// Whether the sheet on top (or the keys sheet) covers any of the card: then none of it is drawn, so no piece of
    /// its border shows around the sheet.
    private func isCardCovered(_ layout: ScreenLayout) -> Bool {
        let frames = [sheet.map(sheetFrame), sheets.keys?.frame(on: size)].compactMap { $0 }
        return frames.contains { !$0.intersection(layout.card).isEmpty }
    }

    private func renderDeck(into canvas: inout Canvas, layout: ScreenLayout, palette: Theme, at now: Instant) {
        // Under the summary nothing of the deck shows (the card's back stood above "Deck done").
        if summary != nil { return }
        let face: PlayingCard? = current?.card
        if !isCardCovered(layout) {
            CardFace(face, scale: layout.scale, usesColor: options.usesColor).render(into: &canvas, in: layout.card)
        }
        let task = layout.task
        switch phase {
        case .ready:
            let count =
                remaining.map { "\($0) cards, shuffled" } ?? "A deck from \(settings.deckServer ?? "the server")"
            Text(lines: [count, "Enter draws the first card"], style: .plain).render(into: &canvas, in: task)
        case .waiting(_, _, let since):
            let frames = ["|", "/", "-", "\\"]
            let step = Int(max(0, (now - since).totalNanoseconds) / Self.spinnerInterval.totalNanoseconds)
            let spinner = options.reducesMotion ? "…" : frames[step % frames.count]
            Text(lines: ["\(spinner) Asking the deck server", settings.deckServer ?? ""], style: .plain)
                .render(into: &canvas, in: task)
        case .failed(let error, _):
            let area = Rect(x: task.x, y: task.y, width: task.width, height: max(0, layout.card.maxY - task.y))
            let reason = Text(error.description, wraps: true).laidOut(
                in: Size(width: task.width, height: max(1, area.height - 3)))
            Text(lines: reason + ["", "Enter tries again", "l: TermFit's own deck"], style: .bold)
                .render(into: &canvas, in: area)
        case .showing(let current):
            canvas.write(current.exercise, at: task.origin, style: .bold, clip: task)
            let detail: String
            if let left = restSecondsLeft(at: now) {
                detail = left > 0 ? "Rest \(ClockText.elapsed(left))" : "Rest over: Enter goes on"
            } else {
                detail = current.reps == 1 ? "1 rep" : "\(current.reps) reps"
            }
            canvas.write(detail, at: Point(x: task.x, y: task.y + 1), style: .plain, clip: task)
        case .finished:
            break
        }
        if case .failed = phase {
        } else if case .ready = phase, remaining == 0 {
        } else {
            Button(buttonTitle, state: .focused).render(into: &canvas, in: layout.button)
        }
        renderTally(into: &canvas, in: layout.tally, palette: palette)
        if let shareLine {
            Text(shareLine, style: palette.muted, alignment: .center).render(into: &canvas, in: layout.share)
        }
    }

    private func renderTally(into canvas: inout Canvas, in area: Rect, palette: Theme) {
        guard !area.isEmpty else { return }
        let rows = tally
        let nameWidth = min(20, rows.map(\.exercise.displayWidth).max() ?? 0)
        let settings = self.settings
        let usesColor = options.usesColor
        var state = ScrollState(selection: nil)
        ScrollList.render(count: rows.count, into: &canvas, in: area, state: &state, markerStyle: palette.muted) {
            canvas, line, index, _ in
            let row = rows[index]
            let suit = Suit.listed.first { settings.exercise(for: $0) == row.exercise }
            let symbol = suit?.symbol ?? "★"
            let ink = usesColor && suit?.isRed == true ? Style(foreground: .red) : .plain
            canvas.write(symbol, at: line.origin, style: ink, clip: line)
            Text(row.exercise).render(into: &canvas, in: Rect(x: line.x + 2, y: line.y, width: nameWidth, height: 1))
            var text = "done " + Self.padded(row.done, 4)
            if let left = row.left { text += "   left " + Self.padded(left, 4) }
            canvas.write(text, at: Point(x: line.x + nameWidth + 4, y: line.y), style: palette.muted, clip: line)
        }
    }

    static func padded(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }

    private static func renderSummary(
        _ summary: Summary, layout: SummaryLayout, palette: Theme, into canvas: inout Canvas, in area: Rect
    ) {
        let total = summary.reps.reduce(0) { $0 + $1.reps }
        let cards = summary.cards == 1 ? "1 card" : "\(summary.cards) cards"
        if layout.bigDigits {
            BigDigits(ClockText.elapsed(summary.seconds), style: .bold).render(
                into: &canvas, in: Rect(x: area.x, y: area.y, width: area.width, height: 3))
            Text("\(cards) · \(total) reps · your time", alignment: .center).render(into: &canvas, in: layout.line)
        } else {
            Text("\(ClockText.elapsed(summary.seconds)) · \(cards) · \(total) reps", style: .bold, alignment: .center)
                .render(into: &canvas, in: layout.line)
        }
        // Each exercise: its name, its reps and the time its cards took (the sum of their splits).
        let times = summary.reps.map { ClockText.elapsed($0.seconds) }
        let timeWidth = times.map(\.count).max() ?? 0
        let nameWidth = min(20, summary.reps.map(\.exercise.displayWidth).max() ?? 0)
        let blockWidth = nameWidth + 6 + 2 + timeWidth
        let reps = layout.reps
        let x = reps.x + max(0, (reps.width - blockWidth) / 2)
        var state = ScrollState(selection: nil)
        ScrollList.render(count: summary.reps.count, into: &canvas, in: reps, state: &state, markerStyle: palette.muted)
        {
            canvas, row, index, _ in
            let entry = summary.reps[index]
            Text(entry.exercise).render(into: &canvas, in: Rect(x: x, y: row.y, width: nameWidth, height: 1))
            canvas.write(padded(entry.reps, 5), at: Point(x: x + nameWidth + 1, y: row.y), clip: row)
            let time = String(repeating: " ", count: timeWidth - times[index].count) + times[index]
            canvas.write(time, at: Point(x: x + nameWidth + 8, y: row.y), style: palette.muted, clip: row)
        }
        Button("New deck", state: .focused).render(into: &canvas, in: layout.newDeckButton)
        SummaryLayout.back.render(into: &canvas, in: layout.backButton)
    }
}
