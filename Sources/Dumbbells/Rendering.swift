import Records
import TermUI

extension DumbbellsWorkout {
    var palette: Palette { Palette(usesColor: display.usesColor) }

    var layout: ScreenLayout {
        ScreenLayout(size: size, rowCount: rows.count, focus: selection.row, restClock: pill.kind == .countdown)
    }

    /// The title at the top left; a click on it opens the exercise sheet.
    var headerTitle: String {
        let names = exerciseNames
        return "Dumbbells · \(settings.exercise)" + (names.count > 1 ? " (\(exerciseIndex + 1)/\(names.count))" : "")
    }

    /// "1:05", "12:34", "1:02:03".
    static func clock(_ seconds: Int) -> String { ClockText.elapsed(seconds) }

    // MARK: The pill's looks

    /// The pill as the state says it should look at `now` (the end of any morph).
    func targetFace(at now: Instant) -> PillFace {
        let wide = layout.isWide
        let spacing = wide ? 2 : 1
        switch pill {
        case .start:
            let index = currentIndex
            guard index < rows.count else {
                return PillFace(items: [.text("All sets done · a adds one, x ends", .muted)])
            }
            if rows[index].entry.isValid {
                var start = PillFace.Item.text("▶ Start set \(index + 1)", .bold)
                start.action = .start
                return PillFace(items: [start], isFilled: true)
            }
            return PillFace(items: [.text("Enter \(settings.unit.rawValue) and reps for set \(index + 1)", .muted)])
        case .active(let running):
            return PillFace(
                items: [
                    .text("Set \(running.index + 1)"), .text(Self.clock(setSeconds(at: now) ?? 0), .bold),
                    .button("Finish", .finish, focused: true), .button("Rest", .rest),
                ], spacing: 2)
        case .keypad:
            let decimalAllowed = selection.field == .weight
            let keys = PadKey.all.map { key -> PillFace.Item in
                let disabled = key == .character(".") && !decimalAllowed
                if wide { return .button(key.label, .pad(key), focused: key == .next, disabled: disabled) }
                var item = PillFace.Item.text(key.label, disabled ? .muted : key == .next ? .bold : .plain)
                item.action = .pad(key)
                return item
            }
            return PillFace(items: keys, spacing: 1)
        case .restPicker(let picker):
            var items: [PillFace.Item] = wide ? [.text("Rest")] : []
            for (index, seconds) in settings.restPresets.enumerated() {
                let label = wide ? "\(seconds) s" : "\(seconds)s"
                items.append(.button(label, .chooseRest(index), focused: picker.focus == index))
            }
            let typed = picker.length.text.isEmpty ? "…" : picker.length.text
            let typedFocused = picker.focus == settings.restPresets.count
            let typedLabel = typed.contains(":") || !(wide || typedFocused) ? typed : typed + " s"
            items.append(.button(typedLabel, .typedRest, focused: typedFocused))
            items.append(.button("No rest", .noRest, focused: picker.focus == settings.restPresets.count + 1))
            var face = PillFace(items: items, spacing: spacing)
            // Presets that do not fit the screen are left out from the longest.
            while face.width > size.width && face.items.filter({ $0.action.map(Self.isPreset) == true }).count > 1 {
                let last = face.items.lastIndex { $0.action.map(Self.isPreset) == true } ?? 0
                face.items.remove(at: last)
            }
            return face
        case .countdown(let countdown):
            let left = countdown.secondsLeft(at: now)
            let fraction = countdown.seconds > 0 ? Double(left) / Double(countdown.seconds) : 0
            return PillFace(
                items: [
                    .text("Rest"), .text(Self.clock(left), .bold),
                    PillFace.Item(content: .bar(fraction: fraction, width: wide ? 20 : 6), look: .plain, action: nil),
                    .button("−\(RestCountdown.step)", .adjustRest(-RestCountdown.step)),
                    .button("+\(RestCountdown.step)", .adjustRest(RestCountdown.step)),
                    .button("Skip", .skip, focused: true),
                ], spacing: spacing)
        }
    }

    private static func isPreset(_ action: PillAction) -> Bool {
        if case .chooseRest = action { return true }
        return false
    }

    /// The pill as it shows at `now`, and its width: mid-morph, the old look for the first half
    /// and the new one after, at the width reached so far.
    func currentFace(at now: Instant) -> (face: PillFace, width: Int) {
        let target = targetFace(at: now)
        guard let morph, isMorphing(at: now) else { return (target, target.width) }
        let face = morph.progress(at: now) < 0.5 ? morph.from : target
        return (face, morph.width(towards: target.width, at: now))
    }

    // MARK: Rendering

    /// Draws the table, the pill, the notice and the help bar, and any sheet over them.
    public func render(into composition: inout Composition, at now: Instant) {
        let model = self
        composition.add { canvas in model.renderScreen(into: &canvas, at: now) }
        switch sheet {
        case .exercise(let picker, _):
            picker.render(into: &composition)
        case .summary(let summary):
            let layout = SummarySheetLayout(screen: size, summary: summary)
            let palette = self.palette
            composition.addSheet(layout.sheet) { canvas, area in
                Self.renderSummary(summary, layout: layout, palette: palette, into: &canvas, in: area)
            }
        case .leave(let question), .endWorkout(let question), .deleteRoutine(let question, _),
            .deletePastSet(let question, _, _), .deleteSet(let question, _):
            question.render(into: &composition)
        case .pastWorkouts(let past):
            renderPast(past, into: &composition)
        case .routines(let sheet):
            sheet.picker.render(into: &composition)
        case .progress(let progress):
            renderProgress(progress, into: &composition)
        case .rpe(let picker, _):
            picker.render(into: &composition)
        case .note(let field, _), .routineEditor(let field, _):
            field.render(into: &composition)
        case nil:
            break
        }
        sheets.keys?.render(into: &composition, in: ComponentContext(screen: size))
    }

    private func renderScreen(into canvas: inout Canvas, at now: Instant) {
        let layout = self.layout
        let palette = self.palette
        renderHeader(into: &canvas, layout: layout, palette: palette, at: now)
        renderTable(into: &canvas, layout: layout, palette: palette)
        if let notice {
            let style: Style
            switch notice.kind {
            case .info: style = .plain
            case .refused: style = palette.refused
            case .personalBest: style = palette.best
            }
            let text = notice.kind == .refused ? "! " + notice.text : notice.text
            Text(text, style: style, alignment: .center).render(into: &canvas, in: layout.notice)
        } else if let problem {
            // A problem takes the whole width: it must be read in full where it fits.
            let row = Rect(x: 0, y: layout.notice.y, width: size.width, height: 1)
            canvas.fill(row, with: Cell(.space, style: palette.problem))
            Text("! " + problem, style: palette.problem, alignment: .center).render(into: &canvas, in: row)
        }
        if !isShowingSummary { renderPill(into: &canvas, layout: layout, palette: palette, at: now) }
        if let look = layout.restClockLook, let left = restSecondsLeft(at: now) {
            BigDigits(Self.clock(left), font: look.font, style: palette.accent, scale: look.scale)
                .render(into: &canvas, in: layout.restClock)
        }
        HelpBar(bindings.helpBar.hints, descriptionStyle: palette.muted).render(into: &canvas, in: layout.helpBar)
    }

    private func renderHeader(into canvas: inout Canvas, layout: ScreenLayout, palette: Palette, at now: Instant) {
        let header = layout.header
        let right: String
        if let seconds = workoutSeconds(at: now) {
            right = (header.width >= 50 ? "workout " : "") + Self.clock(seconds)
        } else {
            right = "\(rows.count) \(rows.count == 1 ? "set" : "sets") · \(settings.unit.rawValue)"
        }
        Text(right, style: palette.muted, alignment: .trailing).render(into: &canvas, in: header)
        let titleArea = header.inset(right: right.displayWidth + 1)
        canvas.write("Dumbbells · ", at: header.origin, style: palette.accent, clip: titleArea)
        let x = header.x + "Dumbbells · ".displayWidth
        let names = exerciseNames
        let place = names.count > 1 ? " (\(exerciseIndex + 1)/\(names.count))" : ""
        let nameArea = Rect(x: x, y: header.y, width: max(0, titleArea.maxX - x - place.displayWidth), height: 1)
        Text(settings.exercise, style: .bold).render(into: &canvas, in: nameArea)
        if !place.isEmpty {
            let placeX = x + min(settings.exercise.displayWidth, nameArea.width)
            canvas.write(place, at: Point(x: placeX, y: header.y), style: palette.muted, clip: titleArea)
        }
    }

    private func renderTable(into canvas: inout Canvas, layout: ScreenLayout, palette: Palette) {
        let titles = layout.columnTitles
        func put(_ text: String, _ column: Int, in row: Rect, style: Style) {
            canvas.write(text, at: Point(x: row.x + column, y: row.y), style: style, clip: row)
        }
        put("Set", 0, in: titles, style: palette.muted)
        put(settings.unit.rawValue, ScreenLayout.weightColumn + 1, in: titles, style: palette.muted)
        put("reps", ScreenLayout.repsColumn + 1, in: titles, style: palette.muted)
        put("time", ScreenLayout.timeColumn + 1, in: titles, style: palette.muted)
        if history.lastWorkout != nil { put("last workout", ScreenLayout.lastColumn, in: titles, style: palette.muted) }
        let current = currentIndex
        let running = runningSet?.index
        var scroll = layout.scroll
        ScrollList.render(
            count: rows.count, into: &canvas, in: layout.table, state: &scroll, markerStyle: palette.muted
        ) {
            canvas, rect, index, _ in
            renderRow(
                index, in: rect, current: current, running: running, into: &canvas, layout: layout, palette: palette)
        }
    }

    private func renderRow(
        _ index: Int, in rect: Rect, current: Int, running: Int?, into canvas: inout Canvas, layout: ScreenLayout,
        palette: Palette
    ) {
        func put(_ text: String, _ column: Int, in row: Rect, style: Style) {
            canvas.write(text, at: Point(x: row.x + column, y: row.y), style: style, clip: row)
        }
        let row = rows[index]
        if let completed = row.completed {
            // A finished set is ticked, or marked with its type: W warm-up, D drop, F failure.
            let mark =
                switch completed.record.type {
                case .working: "✓"
                case .warmUp: "W"
                case .drop: "D"
                case .failure: "F"
                }
            put(mark, 0, in: rect, style: palette.done)
            put(numberText(index), ScreenLayout.numberColumn, in: rect, style: palette.done)
            if index == selection.row && isEditable(index) {
                // Being corrected: the fields as typed.
                for field in SetField.allCases {
                    renderField(
                        FieldPosition(row: index, field: field), into: &canvas, layout: layout, palette: palette)
                }
            } else {
                let weight = WeightText.display(
                    completed.record.weight, from: session?.unit ?? settings.unit, in: settings.unit)
                put(weight, ScreenLayout.weightColumn + 1, in: rect, style: .plain)
                put(String(completed.record.reps), ScreenLayout.repsColumn + 1, in: rect, style: .plain)
            }
            let time = Self.clock(completed.seconds)
            put(time, ScreenLayout.timeColumn + 5 - time.displayWidth, in: rect, style: palette.muted)
            if !completed.beaten.isEmpty { put("★", ScreenLayout.starColumn, in: rect, style: palette.best) }
        } else {
            let isCurrent = index == current
            put(isCurrent ? (running == index ? "●" : "▸") : " ", 0, in: rect, style: palette.accent)
            put(numberText(index), ScreenLayout.numberColumn, in: rect, style: isCurrent ? .bold : .plain)
            for field in SetField.allCases {
                renderField(
                    FieldPosition(row: index, field: field), into: &canvas, layout: layout, palette: palette)
            }
        }
        if let set = row.completed?.record, case let details = SetDetails.text(of: set), !details.isEmpty,
            let frame = layout.lastFrame(of: index)
        {
            // A finished set's RPE and note take the place of last time's numbers.
            Text(details, style: palette.muted).render(into: &canvas, in: frame)
        } else if let last = lastSet(for: index), let frame = layout.lastFrame(of: index) {
            let weight = WeightText.display(last.set.weight, from: last.unit, in: settings.unit)
            let numbers = "\(weight) \(settings.unit.rawValue) × \(last.set.reps)"
            // "last: " goes first when the row is too narrow for both: the column title says it.
            let text = "last: \(numbers)".displayWidth <= frame.width ? "last: \(numbers)" : numbers
            Text(text, style: palette.muted).render(into: &canvas, in: frame)
        }
    }

    private func numberText(_ index: Int) -> String {
        index + 1 < 10 ? " \(index + 1)" : "\(index + 1)"
    }

    /// A field: " 12  " underlined when idle, "[12 ]" reversed when selected (brackets and
    /// reverse video, so the selection shows without colour), with the cursor after the text while
    /// it is being typed into.
    private func renderField(
        _ position: FieldPosition, into canvas: inout Canvas, layout: ScreenLayout, palette: Palette
    ) {
        guard let frame = layout.frame(of: position) else { return }
        let text = rows[position.row].entry[position.field]
        let width = ScreenLayout.fieldWidth(position.field) - 2
        let padded = text + String(repeating: " ", count: max(0, width - text.count))
        let inside = Point(x: frame.x + 1, y: frame.y)
        if position == selection && !sheets.coversScreen {
            canvas.write("[", at: frame.origin, style: .bold, clip: frame)
            canvas.write(padded, at: inside, style: palette.selectedField, clip: frame)
            canvas.write("]", at: Point(x: frame.x + width + 1, y: frame.y), style: .bold, clip: frame)
            if isTyping && text.count < width {
                // The cursor: a gap in the reversed field, where the next digit goes.
                canvas.put(Cell(.space, style: .underline), x: inside.x + text.count, y: frame.y, clip: frame)
            }
        } else {
            canvas.write(padded, at: inside, style: palette.idleField, clip: frame)
        }
    }

    private func renderPill(into canvas: inout Canvas, layout: ScreenLayout, palette: Palette, at now: Instant) {
        let (face, width) = currentFace(at: now)
        let frame = layout.pillFrame(width: width)
        Self.drawCapsule(in: frame, style: palette.pillBorder, into: &canvas)
        let inner = frame.inset(top: 1, left: 1, bottom: 1, right: 1)
        canvas.fill(inner, with: Cell(.space, style: face.isFilled ? palette.filledPill : .plain))
        let padded = inner.inset(left: 1, right: 1)
        face.render(into: &canvas, inner: padded, clip: padded, palette: palette)
    }

    /// The pill's outline, three rows of a rounded box (drawn with whole-row fills: it is redrawn
    /// on every frame of a morph).
    static func drawCapsule(in frame: Rect, style: Style, into canvas: inout Canvas) {
        guard frame.width >= 2, frame.height >= 3 else { return }
        let line = Cell("─", style: style)
        let side = Cell("│", style: style)
        canvas.fill(Rect(x: frame.x + 1, y: frame.y, width: frame.width - 2, height: 1), with: line)
        canvas.fill(Rect(x: frame.x + 1, y: frame.maxY - 1, width: frame.width - 2, height: 1), with: line)
        canvas.put(Cell("╭", style: style), x: frame.x, y: frame.y)
        canvas.put(Cell("╮", style: style), x: frame.maxX - 1, y: frame.y)
        canvas.put(Cell("╰", style: style), x: frame.x, y: frame.maxY - 1)
        canvas.put(Cell("╯", style: style), x: frame.maxX - 1, y: frame.maxY - 1)
        for y in (frame.y + 1)..<(frame.maxY - 1) {
            canvas.put(side, x: frame.x, y: y)
            canvas.put(side, x: frame.maxX - 1, y: y)
        }
    }

    static func renderSummary(
        _ summary: WorkoutSummary, layout: SummarySheetLayout, palette: Palette, into canvas: inout Canvas,
        in area: Rect
    ) {
        let unit = summary.unit.rawValue
        var y = 0
        func line(_ text: String, style: Style = .plain) {
            guard y < area.height - 1 else { return }
            Text(text, style: style).render(into: &canvas, in: area.row(y).inset(left: 1, right: 1))
            y += 1
        }
        for entry in layout.lines {
            switch entry {
            case .exercise(let text): line(text, style: .bold)
            case .set(let text): line(text)
            case .aside(let text): line(text, style: palette.muted)
            }
        }
        y += 1
        line("Total volume  \(Figures.volumeText(summary.totalVolume)) \(unit)")
        line("Total time    \(clock(summary.totalSeconds))")
        if summary.personalBests > 0 {
            let bests = summary.personalBests
            line("★ \(bests) personal \(bests == 1 ? "best" : "bests")", style: palette.best)
        }
        var restart = SummarySheetLayout.restart
        restart.state = .focused
        restart.render(into: &canvas, in: layout.restartButton.intersection(area))
        SummarySheetLayout.back.render(into: &canvas, in: layout.backButton.intersection(area))
    }
}
