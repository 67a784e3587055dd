import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension FlashcardsWorkout {
    var palette: Theme { Theme(usesColor: display.usesColor && !display.plain) }

    var layout: ScreenLayout {
        ScreenLayout(
            size: size, stackCount: stack.count, showsButtons: !display.usesColor && !display.plain, card: topCard)
    }

    /// "1:40", "0:07", "12:00".
    static func clock(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        let rest = seconds % 60
        return "\(seconds / 60):\(rest < 10 ? "0" : "")\(rest)"
    }

    /// The capsule's label: the time left, or that it is held; as wide at every second.
    func timerLabel(at now: Instant) -> String {
        let width = Self.clock(Int(timer.length.seconds.rounded(.up))).count
        let clock = Self.clock(secondsLeft(at: now))
        let padded = String(repeating: " ", count: max(0, width - clock.count)) + clock
        if case .held = timer.state, timer.holds.subtracting([.sheet]).isEmpty == false {
            return "Paused " + padded
        }
        return "Time " + padded
    }

    /// Why the stack is empty before any answer, if it is.
    var emptyMessage: String? {
        guard cardCount == 0 else { return nil }
        guard let deck else { return "There is no deck yet: import one with `termfit flashcards import`." }
        let cards = DeckTree.cards(of: deck, in: decks)
        if !cards.isEmpty {
            let date = wallClock()
            let when: String
            if let learning = schedule.learningLater(of: cards, at: date) {
                when = " \(learning.count) due \(Self.relative(learning.next, from: date)) (learning steps)."
            } else {
                let next = cards.compactMap { schedule[$0.id].due }.min()
                when = next.map { " The next is due " + Self.relative($0, from: date) + "." } ?? ""
            }
            return "Nothing of “\(deck.name)” is due now.\(when) Press c to cram every card (no due date moves)."
        }
        return "“\(deck.name)” has no cards. Press e to add some."
    }

    /// "in 3 days", "in 2 hours", "in 5 minutes".
    static func relative(_ date: Date, from now: Date) -> String {
        let seconds = max(0, date.timeIntervalSince(now))
        func count(_ value: Double, _ unit: String) -> String {
            let whole = Int(value.rounded(.up))
            return "in \(whole) \(unit)\(whole == 1 ? "" : "s")"
        }
        if seconds >= 86_400 { return count(seconds / 86_400, "day") }
        if seconds >= 3600 { return count(seconds / 3600, "hour") }
        return count(max(1, seconds / 60), "minute")
    }

    /// "45s", "6m", "3h", "8d", "1.5mo", "2.1y": a wait as a grade shows it.
    static func span(_ seconds: TimeInterval) -> String {
        let days = seconds / 86_400
        func tenths(_ value: Double) -> String {
            let rounded = (value * 10).rounded() / 10
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        if seconds < 60 { return "\(max(1, Int(seconds.rounded())))s" }
        if seconds < 3600 { return "\(Int((seconds / 60).rounded()))m" }
        if seconds < 86_400 { return "\(Int((seconds / 3600).rounded()))h" }
        if days < 30.5 { return "\(Int(days.rounded()))d" }
        if days < 365 { return tenths(days / 30) + "mo" }
        return tenths(days / 365) + "y"
    }

    /// The line under a card whose answer shows: what each grade does. Studying, each grade with
    /// the wait it gives ("1 Again 1m · 2 Hard 6m · 3 Good 10m · 4 Easy 8d"); cramming, that no
    /// due date moves.
    /// In a narrow window the keys go first, then the names ("1m · 6m · 10m · 8d").
    func gradeLine(at now: Instant, width: Int = .max) -> String? {
        guard isRevealed, let card = topCard, !isOver(at: now) else { return nil }
        if mode == .cram {
            let cram = "Cram: grades move no due dates (Again puts the card under the stack)"
            return cram.displayWidth <= width ? cram : "Cram: no due date moves"
        }
        let date = session?.date(at: now) ?? wallClock()
        let waits = ReviewGrade.allCases.map {
            (grade: $0, span: Self.span(schedule.wait(after: $0, of: card.id, at: date)))
        }
        let forms = [
            waits.map { "\($0.grade.number) \($0.grade.rawValue.capitalized) \($0.span)" },
            waits.map { "\($0.grade.rawValue.capitalized) \($0.span)" },
            waits.map(\.span),
        ].map { $0.joined(separator: " · ") }
        return forms.first { $0.displayWidth <= width } ?? forms[forms.count - 1]
    }

    /// A card waits for its learning step while the stack is empty: when it comes back.
    func waitingMessage(at now: Instant) -> String? {
        guard stack.isEmpty, !isOver(at: now), let back = nextWaitingCard else { return nil }
        let seconds = Int((back - now).seconds.rounded(.up))
        let count = waiting.count == 1 ? "A card comes" : "\(waiting.count) cards come"
        return "\(count) back for its learning step in \(Self.clock(seconds))."
    }

    /// What the end of a session says.
    func endMessage(at now: Instant) -> String {
        guard stack.isEmpty && waiting.isEmpty else { return "Time is up" }
        return mode == .cram ? "Every card crammed" : "Every card due is done"
    }

    /// What Start Again will do, said at the end of a session.
    var startAgainHint: String {
        nextMode == .cram ? "Nothing is due: Start Again crams every card" : "Start Again studies the cards due"
    }

    var scoreText: String { "✓ \(correctCount)  ✗ \(wrongCount)" }

    /// The time left as plain mode says it: the whole length before the first second passes,
    /// then "under 2:00", "under 1:00" as each whole minute is passed, then each of the last 10
    /// seconds; so a screen reader hears the line change once a minute, not every second.
    func announcedTimeLeft(at now: Instant) -> String {
        let left = secondsLeft(at: now)
        let length = Int(timer.length.seconds.rounded(.up))
        if left <= 10 || left >= length { return Self.clock(left) }
        return "under " + Self.clock(min(length, (left / 60 + 1) * 60))
    }

    // MARK: Drawing

    /// Draws the screen into `composition`.
    public func render(into composition: inout Composition, at now: Instant) {
        if display.plain {
            renderPlain(into: &composition, at: now)
            return
        }
        let layout = self.layout
        let palette = self.palette
        let helpBar = bindings(at: now).helpBar
        let title = "Flashcards · " + (deck?.name ?? "no deck") + (mode == .cram ? " · cram" : "")
        let score = scoreText
        let timerLabel = self.timerLabel(at: now)
        let over = isOver(at: now)
        let empty = emptyMessage ?? waitingMessage(at: now)
        let hint = startAgainHint
        let cards = self.cardsToDraw(at: now)
        let notice = problem
        let note = self.note ?? gradeLine(at: now, width: layout.notice.width)
        let showsButtons = layout.showsButtons
        let endMessage = self.endMessage(at: now)
        let correct = correctCount
        let wrong = wrongCount
        composition.add { canvas in
            let screen = canvas.bounds
            // The title gives way (ending in "…") before it would touch the score or [ + ].
            let scoreX = layout.editButton.x - score.displayWidth - 2
            let titleEnd = scoreX > title.displayWidth + 3 ? scoreX - 2 : layout.editButton.x - 1
            Text(title, style: palette.accent).render(
                into: &canvas, in: Rect(x: 1, y: 0, width: max(0, min(titleEnd, screen.width) - 1), height: 1))
            if scoreX > title.displayWidth + 3 {
                canvas.write(score, at: Point(x: scoreX, y: 0), style: .bold, clip: screen)
            }
            Button(ScreenLayout.editButtonTitle).render(into: &canvas, in: layout.editButton)
            let capsule = Button(timerLabel, shape: .capsule)
            capsule.render(
                into: &canvas, in: Button.frames(of: [capsule], in: layout.timerRow, alignment: .center)[0])
            if let empty {
                let body = Text(empty, alignment: .center, wraps: true)
                let area = layout.card.inset(left: 2, right: 2)
                let height = min(area.height, body.laidOut(in: area.size).count)
                body.render(into: &canvas, in: area.centered(atMost: Size(width: area.width, height: height)))
            } else if over {
                let rows = layout.card.inset(left: 2, right: 2)
                let top = max(rows.y, layout.startAgain.y - 3)
                Text(endMessage, style: .bold, alignment: .center).render(into: &canvas, in: rows.row(top - rows.y))
                Text("✓ \(correct) recalled   ✗ \(wrong) again", alignment: .center)
                    .render(into: &canvas, in: rows.row(top + 1 - rows.y))
                if top + 2 < layout.startAgain.y {
                    Text(hint, style: palette.muted, alignment: .center).render(
                        into: &canvas, in: rows.row(top + 2 - rows.y))
                }
                Button(ScreenLayout.startAgainTitle, state: .focused).render(into: &canvas, in: layout.startAgain)
            } else {
                for card in cards { card.draw(into: &canvas, palette: palette) }
            }
            if showsButtons && !over && empty == nil {
                Button(ScreenLayout.wrongTitle).render(into: &canvas, in: layout.wrongButton)
                Button(ScreenLayout.correctTitle).render(into: &canvas, in: layout.correctButton)
            }
            if let notice {
                canvas.fill(layout.notice, with: Cell(.space, style: palette.problem))
                Text("! " + notice, style: palette.problem).render(into: &canvas, in: layout.notice.inset(left: 1))
            } else if let note {
                Text(note, style: .bold, alignment: .center).render(into: &canvas, in: layout.notice)
            }
            helpBar.render(into: &canvas, in: layout.helpBar)
        }
        renderSheet(into: &composition, at: now)
    }

    /// The cards of the stack as drawn at `now`, back to front: the peeking ones, the top one
    /// (where the drag or its spring-back puts it) and one leaving the screen.
    func cardsToDraw(at now: Instant) -> [CardPicture] {
        let layout = self.layout
        let threshold = swipeThreshold
        var pictures: [CardPicture] = []
        var lift = 0
        var leaving: CardPicture?
        if let motion, now < motion.endsAt {
            let progress = motion.progress(at: now)
            switch motion.kind {
            case .away(let card, let grade, let from):
                let direction = grade == .again ? -1 : 1
                let distance = layout.card.width + size.width / 2
                let offset = from + Int((Double(distance) * progress).rounded()) * direction
                leaving = CardPicture(
                    card: card, revealed: false, frame: layout.card, offset: offset, threshold: threshold,
                    lean: direction, marker: grade)
                // The rest move up into place during the first half.
                lift = progress < 0.5 ? 1 : 0
            case .back(let from):
                let offset = Int((Double(from) * (1 - progress)).rounded())
                if let top = topCard {
                    pictures.append(
                        CardPicture(
                            card: top, revealed: isRevealed, frame: layout.card, offset: offset,
                            threshold: threshold, lean: offset.signum(), marker: nil, textOffset: textOffset))
                }
            }
        }
        var peeks: [CardPicture] = []
        for (index, frame) in layout.peeks.enumerated() where index + 1 < stack.count {
            peeks.append(CardPicture(card: stack[index + 1], frame: frame.offsetBy(y: lift)))
        }
        if pictures.isEmpty, let top = topCard {
            let offset = drag?.offset ?? 0
            let marker: ReviewGrade? = offset == 0 ? nil : (offset > 0 ? .good : .again)
            pictures.append(
                CardPicture(
                    card: top, revealed: isRevealed, frame: layout.card.offsetBy(y: lift), offset: offset,
                    threshold: threshold, lean: abs(offset) >= 2 ? offset.signum() : 0, marker: marker,
                    textOffset: textOffset))
        }
        return peeks.reversed() + pictures + (leaving.map { [$0] } ?? [])
    }

    // MARK: Sheets

    private func renderSheet(into composition: inout Composition, at now: Instant) {
        renderTopSheet(into: &composition, at: now)
        sheets.keys?.render(into: &composition, in: ComponentContext(screen: size))
    }

    private func renderTopSheet(into composition: inout Composition, at now: Instant) {
        let palette = self.palette
        let plain = display.plain
        switch sheet {
        case nil:
            return
        case .editor(let editor):
            let layout = EditorLayout(screen: size, editor: editor, plain: plain)
            let deckName = deck?.name ?? ""
            let helpBar = bindings(at: now).helpBar
            let draw = { (canvas: inout Canvas) in
                Self.drawEditor(
                    editor, deckName: deckName, layout: layout, plain: plain, palette: palette, into: &canvas)
                if plain {
                    HelpBar(helpBar.hints, keyStyle: .plain).render(into: &canvas, in: canvas.bounds.splitBottom(1).1)
                }
            }
            addLayer(
                plain: plain, sheet: EditorLayout.sheet(screen: size), title: "Edit cards · \(deckName)",
                into: &composition, draw: draw)
        case .decks(let picker):
            picker.render(
                into: &composition, plain: plain, helpBar: HelpBar(bindings(at: now).helpBar.hints, keyStyle: .plain))
        case .scheduling(let scheduling):
            let helpBar = bindings(at: now).helpBar
            let frame = Self.schedulingSheet(screen: size)
            let content = frame.contentRect(in: Rect(size: size).inset(bottom: 1))
            addLayer(plain: plain, sheet: frame, title: "Scheduling", into: &composition) { canvas in
                Self.drawScheduling(scheduling, in: content, plain: plain, helpBar: helpBar, into: &canvas)
            }
        case .leave(let question), .deleteDeck(let question, _), .discardDraft(let question):
            if plain {
                composition.add(.sheet) { canvas in
                    canvas.clear()
                    question.renderPlain(into: &canvas, in: canvas.bounds)
                }
            } else {
                question.render(into: &composition)
            }
        }
    }

    /// A sheet over the dimmed screen, or in plain mode a layer that replaces the screen.
    private func addLayer(
        plain: Bool, sheet: TermUI.Sheet, title: String, into composition: inout Composition,
        draw: @escaping (inout Canvas) -> Void
    ) {
        if plain {
            composition.add(.sheet) { canvas in
                canvas.clear()
                draw(&canvas)
            }
        } else {
            var titled = sheet
            titled.title = title
            composition.addSheet(titled, in: Rect(size: composition.size).inset(bottom: 1)) { canvas, _ in draw(&canvas)
            }
        }
    }

    private static func drawEditor(
        _ editor: CardEditor, deckName: String, layout: EditorLayout, plain: Bool, palette: Theme,
        into canvas: inout Canvas
    ) {
        let content = layout.content
        if plain { canvas.write("Edit cards: \(deckName)", at: layout.frame.origin, clip: layout.frame) }
        let fieldStyle: Style = plain ? .plain : .underline
        for (label, field, rect, focus) in [
            ("Prompt", editor.prompt, layout.promptField, CardEditor.Focus.prompt),
            ("Answer", editor.answer, layout.answerField, .answer),
        ] where !rect.isEmpty {
            canvas.write(
                label, at: Point(x: content.x, y: rect.y), style: editor.focus == focus ? .bold : .plain, clip: content)
            field.render(into: &canvas, in: rect, style: fieldStyle, focused: editor.focus == focus)
        }
        let message =
            editor.message
            ?? (editor.focus == .list
                ? "Delete removes the highlighted card"
                : editor.editing == nil
                    ? "Enter in the answer adds the card" : "Enter in the answer saves the changed card")
        Text(message, style: editor.message == nil ? palette.muted : .bold).render(into: &canvas, in: layout.message)
        Button(editor.editing == nil ? "Add" : "Save").render(into: &canvas, in: layout.addButton)
        Button("Done").render(into: &canvas, in: layout.doneButton)
        let count = editor.cards.count == 1 ? "1 card" : "\(editor.cards.count) cards"
        Text("\(deckName): \(count)", style: palette.muted).render(into: &canvas, in: layout.listHeader)
        var scroll = editor.scroll
        ScrollList.render(
            count: editor.cards.count, into: &canvas, in: layout.list, state: &scroll,
            markerStyle: plain ? .plain : palette.muted
        ) { canvas, rect, index, _ in
            let card = editor.cards[index]
            let selected = editor.focus == .list && index == editor.selection
            let marker = index == editor.selection ? "▸ " : "  "
            let line = marker + card.prompt.replacingNewlines + " — " + card.answer.replacingNewlines
            Text(line, style: selected && !plain ? Style(attributes: [.reverse]) : .plain).render(
                into: &canvas, in: rect)
        }
    }

    // MARK: Plain mode

    /// Plain lines a screen reader follows, top to bottom, without boxes or colour.
    private func renderPlain(into composition: inout Composition, at now: Instant) {
        var paragraphs: [String] = []
        let count = cardCount == 1 ? "1 card" : "\(cardCount) cards"
        let kind = mode == .cram ? "cram, no due date moves" : "\(cardCount - newCount) due, \(newCount) new"
        paragraphs.append("Flashcards: \(deck?.name ?? "no deck"), \(count) (\(kind))")
        let paused = timerLabel(at: now).hasPrefix("Paused") ? " (paused)" : ""
        paragraphs.append("Time left: \(announcedTimeLeft(at: now))\(paused)")
        paragraphs.append("Score: \(correctCount) recalled, \(wrongCount) again, \(stack.count + waiting.count) left")
        if let empty = emptyMessage {
            paragraphs.append(empty)
        } else if isOver(at: now) {
            let next = nextMode == .cram ? "a cram of every card, since nothing is due" : "the cards due"
            paragraphs.append("\(endMessage(at: now)). Enter starts again with \(next).")
        } else if let card = topCard {
            let number = max(1, min(cardCount, cardCount - stack.count - waiting.count + 1))
            paragraphs.append("Card \(number) of \(cardCount)")
            paragraphs.append("Prompt: " + card.prompt.replacingNewlines)
            paragraphs.append(
                isRevealed ? "Answer: " + card.answer.replacingNewlines : "Answer: hidden, Space shows it")
            if let grades = gradeLine(at: now) { paragraphs.append("Grades: " + grades) }
            if let drag, drag.offset != 0 {
                paragraphs.append(drag.offset > 0 ? "Moving right: good" : "Moving left: again")
            }
        } else if let waiting = waitingMessage(at: now) {
            paragraphs.append(waiting)
        }
        if let note { paragraphs.append(note) }
        if let problem { paragraphs.append("Problem: " + problem) }
        let keys = bindings(at: now).helpBar.hints.map { "\($0.key) \($0.description)" }.joined(separator: ", ")
        let keysLine = "Keys: " + keys
        composition.add { canvas in
            // The keys come last but always fit: the lines above give way first.
            let keyRows = Text(keysLine, wraps: true).laidOut(in: canvas.size)
            var y = 0
            for paragraph in paragraphs {
                let rows = Text(paragraph, wraps: true).laidOut(
                    in: Size(width: canvas.size.width, height: canvas.size.height - keyRows.count - y))
                for row in rows {
                    canvas.write(row, at: Point(x: 0, y: y))
                    y += 1
                }
            }
            for row in keyRows {
                canvas.write(row, at: Point(x: 0, y: y))
                y += 1
            }
        }
        renderSheet(into: &composition, at: now)
    }
}

extension String {
    /// The text on one line: line breaks become " / ".
    var replacingNewlines: String {
        split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).joined(separator: " / ")
    }
}

extension Rect {
    /// This rectangle moved down by `y` rows.
    func offsetBy(y: Int) -> Rect { Rect(x: x, y: self.y + y, width: width, height: height) }
}

/// One card as drawn: where, how far it is dragged, leaning which way, and its ✓/✗ mark.
struct CardPicture {
    var card: Flashcard
    var revealed = false
    var frame: Rect
    var offset = 0
    var threshold = 1
    /// -1, 0 or 1: the top third of the rows moves this many columns, the bottom third the other way.
    var lean = 0
    /// The mark shown while it is dragged (always without colour, as ✓ or ✗ in the border).
    var marker: ReviewGrade?
    /// Rows the text is scrolled by, when it is longer than the card.
    var textOffset = 0

    func draw(into canvas: inout Canvas, palette: Theme) {
        guard !frame.isEmpty else { return }
        let tint = palette.tint(offset: offset, threshold: threshold)
        var border = Style.plain
        var text = Style.bold
        if let tint {
            border = Style(foreground: tint, attributes: abs(offset) >= threshold ? .bold : [])
            text = text.foreground(tint)
        }
        var face = Canvas(size: frame.size)
        Panel(box: .rounded, borderStyle: border, fill: .plain).render(into: &face, in: face.bounds)
        let inside = face.bounds.inset(top: 1, left: 2, bottom: 1, right: 2)
        let lines = CardText(card: card, revealed: revealed, inside: inside.size)
        let answerStyle = tint.map { Style(foreground: $0) } ?? .plain
        // Bold in the note: bold in the answer; underlined in the prompt, which is bold already.
        let rows: [(text: String, style: Style, emphasis: [Bool], emphasized: Style)] =
            lines.prompt.indices.map {
                (
                    lines.prompt[$0], text, lines.promptEmphasis.indices.contains($0) ? lines.promptEmphasis[$0] : [],
                    text.adding(.underline)
                )
            } + (lines.answer.isEmpty ? [] : [("", .plain, [], .plain)])
            + lines.answer.indices.map {
                (
                    lines.answer[$0], answerStyle,
                    lines.answerEmphasis.indices.contains($0) ? lines.answerEmphasis[$0] : [], answerStyle.adding(.bold)
                )
            }
        func put(_ row: (text: String, style: Style, emphasis: [Bool], emphasized: Style), at y: Int) {
            let line = Rect(x: inside.x, y: y, width: inside.width, height: 1)
            Text(row.text, style: row.style, alignment: .center).render(into: &face, in: line)
            guard row.emphasis.contains(true) else { return }
            var x = inside.x + Alignment.center.offset(width: row.text.displayWidth, in: inside.width)
            for (character, isBold) in zip(row.text, row.emphasis) {
                let width = String(character).displayWidth
                if isBold {
                    _ = face.write(String(character), at: Point(x: x, y: y), style: row.emphasized, clip: line)
                }
                x += width
            }
        }
        if rows.count <= inside.height {
            let hint = !revealed && inside.height >= rows.count + 2 ? "Space shows the answer" : nil
            var y = inside.y + max(0, (inside.height - rows.count - (hint == nil ? 0 : 1)) / 2)
            for row in rows {
                put(row, at: y)
                y += 1
            }
            if let hint, inside.height > 0 {
                Text(hint, style: palette.muted, alignment: .center).render(
                    into: &face, in: inside.row(inside.height - 1))
            }
        } else if inside.height > 0 {
            // Longer than the card: a window of rows; what lies above is counted in the top border,
            // what lies below on the last row.
            let shown = lines.textRows
            let start = min(max(0, textOffset), lines.maxOffset)
            for (index, row) in rows[start..<(start + shown)].enumerated() { put(row, at: inside.y + index) }
            let below = rows.count - start - shown
            if start > 0 {
                Text(" ▲ \(start) more ", style: palette.muted, alignment: .center).render(
                    into: &face, in: Rect(x: 2, y: 0, width: max(0, face.size.width - 4), height: 1))
            }
            if below > 0 && shown < inside.height {
                Text("▼ \(below) more", style: palette.muted, alignment: .center).render(
                    into: &face, in: inside.row(inside.height - 1))
            }
        }
        if let marker, !palette.usesColor, face.size.width >= 14 {
            let mark = marker == .again ? " ✗ Again " : " ✓ \(marker.rawValue.capitalized) "
            let x = marker == .again ? 2 : face.size.width - mark.displayWidth - 2
            face.write(mark, at: Point(x: x, y: 0), style: .bold)
        }
        let rowCount = frame.height
        let third = max(1, rowCount / 3)
        let shifts = (0..<rowCount).map { row in row < third ? lean : (row >= rowCount - third ? -lean : 0) }
        canvas.draw(face, at: Point(x: frame.x + offset, y: frame.y), rowShifts: shifts)
    }
}
