import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Keys and clicks: each becomes an action of the bindings, done on the table, the pill or a sheet.

extension DumbbellsWorkout {
    // MARK: Keys

    /// Keys and clicks go through the sheet stack's one rule (SheetStack+Actions.swift): the
    /// sheet on top gets them, a question is answered by `ConfirmSheet` alone; with no sheet open
    /// they are the table's and the pill's.
    mutating func route(_ event: Event, at now: Instant, into outputs: inout [Output]) {
        let context = ComponentContext(screen: size, helpBar: layout.helpBar, now: now)
        sheets.route(event, in: context, target: target).carryOut(
            event, screenBindings: bindings, perform: { perform($0, at: now, into: &outputs) },
            onScreen: { if case .mouse(let mouse) = $0 { handle(mouse, at: now, into: &outputs) } },
            onSheet: { takeOnSheet($0, at: now, into: &outputs) },
            answered: { answered($0, at: now, into: &outputs) })
    }

    /// What the stack needs to know of a sheet: its keys and the question it asks. Each sheet
    /// places its own clicks (a click anywhere closes the keys and the progress; the lists and
    /// the history close on a click outside them themselves).
    func target(_ sheet: Sheet) -> SheetTarget<DumbbellsAction> {
        switch sheet {
        case .leave(let question), .endWorkout(let question), .deleteRoutine(let question, _),
            .deletePastSet(let question, _, _), .deleteSet(let question, _):
            .question(question)
        default:
            SheetTarget(bindings)
        }
    }

    /// Yes to the question `question` (already closed).
    mutating func answered(_ question: Sheet, at now: Instant, into outputs: inout [Output]) {
        switch question {
        case .leave:
            sheets.removeAll()
            leave(at: now, into: &outputs)
        case .endWorkout: endWorkout(at: now, into: &outputs)
        case .deleteRoutine(_, let index): deleteRoutine(at: index, into: &outputs)
        case .deleteSet(_, let index): deleteSet(at: index, into: &outputs)
        case .deletePastSet(_, let id, let number): deletePastSet(number: number, of: id, into: &outputs)
        default: break
        }
    }

    /// An event the sheet on top places itself: a letter the lists type, a click or the wheel.
    mutating func takeOnSheet(_ event: Event, at now: Instant, into outputs: inout [Output]) {
        switch event {
        case .key(let key):
            // A letter beyond ASCII (é, ß, 中) is typed into a list's filter like the declared ones.
            guard case .character = key else { return }
            if case .exercise = sheet { updateExercisePicker(.key(key), into: &outputs) }
            if case .routines = sheet { updateRoutines(.key(key), into: &outputs) }
            if case .note = sheet { updateNoteField(.key(key), into: &outputs) }
            if case .routineEditor = sheet { updateRoutineEditor(.key(key), into: &outputs) }
        case .mouse(let mouse):
            if let sheet { handleSheet(sheet, mouse: mouse, at: now, into: &outputs) }
        default:
            break
        }
    }

    /// Does what a key (or a click on its hint) stands for. Any action but the keys that type
    /// first ends the typing: Esc puts the field's value back, everything else takes it.
    mutating func perform(_ action: DumbbellsAction, at now: Instant, into outputs: inout [Output]) {
        if !keepsTyping(action) {
            if action == .cancelTyping { cancelTyping() } else { commitTyping(into: &outputs) }
        }
        if sheet != nil {
            performOnSheet(action, at: now, into: &outputs)
        } else if !performOnTable(action, into: &outputs) {
            performOnPill(action, at: now, into: &outputs)
        }
    }

    /// Whether `action` types into the selected field (the typing goes on).
    private func keepsTyping(_ action: DumbbellsAction) -> Bool {
        switch action {
        case .type, .deleteBackward, .clearField: true
        case .selectField(let field): field == selection.field
        default: false
        }
    }

    /// The set, the pill and the rest.
    private mutating func performOnPill(_ action: DumbbellsAction, at now: Instant, into outputs: inout [Output]) {
        switch action {
        case .primary: pressPrimary(at: now, into: &outputs)
        case .startSet:
            switch pill {
            case .start, .keypad: startSet(at: now, into: &outputs)
            case .countdown(let countdown): skipRest(countdown, at: now, into: &outputs)
            case .active, .restPicker: break
            }
        case .finish:
            if case .active(let running) = pill { finish(running, at: now, into: &outputs) }
        case .togglePad:
            switch pill {
            case .start: pill = .keypad
            case .keypad: pill = .start
            default: break
            }
        case .closePad:
            if pill == .keypad { pill = .start }
        case .rest: openRestPicker()
        case .skipRest:
            if case .countdown(let countdown) = pill { skipRest(countdown, at: now, into: &outputs) }
        case .moveRest(let step):
            guard case .restPicker(var picker) = pill else { return }
            let items = settings.restPresets.count + 2
            picker.length.commit()
            picker.focus = (picker.focus + items + step % items) % items
            if picker.focus == settings.restPresets.count { picker.length.select() }
            pill = .restPicker(picker)
        case .typeRestLength(let key): typeRestLength(key)
        case .adjustRest(let change): adjustRest(by: change, at: now, into: &outputs)
        case .chooseRestNumber(let number):
            guard case .restPicker(var picker) = pill else { return }
            if (1...max(1, settings.restPresets.count)).contains(number), number <= settings.restPresets.count {
                picker.focus = number - 1
                choose(picker, at: now, into: &outputs)
            } else {
                notice = Notice("Choose a rest with 1–\(settings.restPresets.count)", kind: .refused)
            }
        case .noRest:
            guard case .restPicker(var picker) = pill else { return }
            if picker.focus == settings.restPresets.count, picker.length.isModified {
                // Esc puts back the length the field had before it was typed over.
                picker.length.revert()
                picker.length.select()
                pill = .restPicker(picker)
            } else {
                pill = picker.origin.pill
            }
        case .toggleAutoRest: toggleAutoRest(into: &outputs)
        case .endWorkout: askToEndWorkout()
        case .leave: askToLeave(at: now, into: &outputs)
        case .keys: sheets.showKeys(KeysSheet(tableBindings))
        case .showProgress: sheets.push(.progress(ProgressSheet(sessions: history.sessions, now: wallClock())))
        case .chooseExercise: openExercisePicker()
        case .addExercise: openExercisePicker(adding: true)
        case .switchExercise(let step): switchExercise(by: step, into: &outputs)
        case .openRoutines: openRoutines()
        case .showHistory: openHistory()
        default: break
        }
    }

    /// The table's fields and sets; `false` for an action that is not the table's.
    private mutating func performOnTable(_ action: DumbbellsAction, into outputs: inout [Output]) -> Bool {
        switch action {
        case .nextField: moveToNextField()
        case .previousField: moveToPreviousField()
        case .moveRows(let offset): moveSelection(rows: offset)
        case .selectField(let field):
            if field == selection.field { endSelection() } else { selection.field = field }
        case .firstField: selection = FieldPosition(row: min(currentIndex, rows.count - 1), field: .weight)
        case .lastField: selection = FieldPosition(row: rows.count - 1, field: .reps)
        case .type(let character): type(character)
        case .deleteBackward: deleteBackward()
        case .clearField: clearField()
        case .cancelTyping, .commitField:
            // Done above: the field's value put back, or taken (a correction saved).
            break
        case .copyLast: copyLast(into: currentIndex)
        case .copyLastAll: copyLastIntoEveryOpenSet()
        case .toggleUnit: toggleUnit(into: &outputs)
        case .changeSetCount(let change): changeSetCount(by: change, into: &outputs)
        case .deleteSet: askToDeleteSet(at: selection.row, into: &outputs)
        case .undoDelete: undoDelete(into: &outputs)
        case .cycleSetType: cycleSetType(at: selection.row, into: &outputs)
        case .rateSet: openRPEPicker(into: &outputs)
        case .noteSet: openNoteField(into: &outputs)
        default: return false
        }
        return true
    }

    /// The sheet on top: the keys, progress, exercise picker, routines, history, summary and
    /// the questions.
    private mutating func performOnSheet(_ action: DumbbellsAction, at now: Instant, into outputs: inout [Output]) {
        switch action {
        case .close: sheets.pop()
        case .switchMetric, .moveRange:
            guard case .progress(var progress) = sheet else { return }
            if case .moveRange(let step) = action { progress.moveRange(by: step) } else { progress.toggle() }
            sheets.replaceTop(with: .progress(progress))
        case .picker(let key): updateExercisePicker(.key(key), into: &outputs)
        case .routinePicker, .deleteRoutine, .confirmDeleteRoutine, .editRoutine, .routineField, .moveRoutine:
            performOnRoutines(action, into: &outputs)
        case .past(let action): performPast(action, into: &outputs)
        case .rateSet: openRPEPicker(into: &outputs)
        case .noteSet: openNoteField(into: &outputs)
        case .rpePicker(let key): updateRPEPicker(.key(key), into: &outputs)
        case .noteField(let key): updateNoteField(.key(key), into: &outputs)
        case .restart: restart()
        case .confirmLeave:
            // The summary's Back (the leave question is answered in `route`).
            sheets.removeAll()
            leave(at: now, into: &outputs)
        default: break  // questions are answered by `ConfirmSheet` alone (see `route`)
        }
    }

    /// The routines sheet and its delete question.
    private mutating func performOnRoutines(_ action: DumbbellsAction, into outputs: inout [Output]) {
        switch action {
        case .routinePicker(let key): updateRoutines(.key(key), into: &outputs)
        case .deleteRoutine: askToDeleteRoutine()
        case .editRoutine(let renaming): openRoutineEditor(renaming: renaming)
        case .moveRoutine(let step): moveRoutine(by: step, into: &outputs)
        case .routineField(let key): updateRoutineEditor(.key(key), into: &outputs)
        default: break
        }
    }

    /// Enter: what the pill's main button does.
    mutating func pressPrimary(at now: Instant, into outputs: inout [Output]) {
        switch pill {
        case .start: startSet(at: now, into: &outputs)
        case .keypad: moveToNextField()
        case .active(let running): finish(running, at: now, into: &outputs)
        case .restPicker(let picker): choose(picker, at: now, into: &outputs)
        case .countdown(let countdown): skipRest(countdown, at: now, into: &outputs)
        }
    }

    // MARK: Mouse

    /// Whether a click types rather than takes the value typed: a click on the number pad (its
    /// keys type; Next and Done take the value themselves) or on the help bar (its hints do what
    /// their keys do).
    func isTypingClick(_ mouse: MouseEvent, at now: Instant) -> Bool {
        guard mouse.kind == .release else { return false }
        if bindings.barAction(at: mouse.position, in: layout.helpBar) != nil { return true }
        return !sheets.coversScreen && pill == .keypad
            && layout.pillFrame(width: targetFace(at: now).width).contains(mouse.position)
    }

    /// A mouse event on the table or the pill, no sheet open.
    mutating func handle(_ mouse: MouseEvent, at now: Instant, into outputs: inout [Output]) {
        if mouse.kind == .release, let action = bindings.barAction(at: mouse.position, in: layout.helpBar) {
            return perform(action, at: now, into: &outputs)
        }
        switch mouse.kind {
        case .scrollUp:
            moveSelection(rows: -1)
            return
        case .scrollDown:
            moveSelection(rows: 1)
            return
        case .release:
            break
        case .press, .drag:
            return
        }
        let point = mouse.position
        let layout = self.layout
        let face = targetFace(at: now)
        let pillFrame = layout.pillFrame(width: face.width)
        if pillFrame.contains(point) {
            let inner = pillFrame.inset(top: 1, left: 2, bottom: 1, right: 2)
            let hits = face.hitFrames(in: inner)
            // A filled pill is one button from edge to edge.
            if let action = face.isFilled ? hits.first?.1 : hits.first(where: { $0.0.contains(point) })?.1 {
                perform(action, at: now, into: &outputs)
            }
            return
        }
        if let position = layout.field(at: point) {
            guard isEditable(position.row) else {
                notice = Notice("The workout is over: set \(position.row + 1) is saved", kind: .refused)
                return
            }
            selection = position
            if pill == .start { pill = .keypad }
            return
        }
        if let index = layout.rows.map(\.index).first(where: { layout.lastFrame(of: $0)?.contains(point) == true }),
            lastSet(for: index) != nil
        {
            copyLast(into: index)
            return
        }
        if layout.header.contains(point) && point.x < layout.header.x + headerTitle.displayWidth {
            openExercisePicker()
            return
        }
    }

    /// A mouse event on the sheet on top, its help bar's hints taken by `route` already.
    mutating func handleSheet(
        _ sheet: Sheet, mouse: MouseEvent, at now: Instant, into outputs: inout [Output]
    ) {
        switch sheet {
        case .progress:
            if mouse.kind == .release { sheets.pop() }
        case .exercise:
            updateExercisePicker(.mouse(mouse), into: &outputs)
        case .summary(let summary):
            guard mouse.kind == .release else { return }
            let layout = SummarySheetLayout(screen: size, summary: summary)
            if layout.restartButton.contains(mouse.position) {
                restart()
            } else if layout.backButton.contains(mouse.position) {
                leave(at: now, into: &outputs)
            }
        case .leave, .endWorkout, .deleteRoutine, .deleteSet:
            break  // answered by `ConfirmSheet` in `route`
        case .pastWorkouts, .deletePastSet:
            handlePastMouse(mouse, into: &outputs)
        case .routines:
            updateRoutines(.mouse(mouse), into: &outputs)
        case .rpe:
            updateRPEPicker(.mouse(mouse), into: &outputs)
        case .note:
            updateNoteField(.mouse(mouse), into: &outputs)
        case .routineEditor:
            updateRoutineEditor(.mouse(mouse), into: &outputs)
        }
    }

    mutating func perform(_ action: PillAction, at now: Instant, into outputs: inout [Output]) {
        // The pad's keys type; every other button takes the value typed first.
        if case .pad = action {} else { commitTyping(into: &outputs) }
        switch (action, pill) {
        case (.start, .start): startSet(at: now, into: &outputs)
        case (.finish, .active(let running)): finish(running, at: now, into: &outputs)
        case (.rest, _): openRestPicker()
        case (.skip, .countdown(let countdown)): skipRest(countdown, at: now, into: &outputs)
        case (.chooseRest(let index), .restPicker(var picker)):
            picker.focus = index
            choose(picker, at: now, into: &outputs)
        case (.typedRest, .restPicker(var picker)):
            if picker.focus == settings.restPresets.count {
                choose(picker, at: now, into: &outputs)
            } else {
                picker.focus = settings.restPresets.count
                picker.length.select()
                pill = .restPicker(picker)
            }
        case (.adjustRest(let change), .countdown): adjustRest(by: change, at: now, into: &outputs)
        case (.noRest, .restPicker(let picker)): pill = picker.origin.pill
        case (.pad(let key), .keypad): press(key, into: &outputs)
        default: break
        }
    }
}
