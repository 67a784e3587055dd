import Records
import TermUI

/// The scheduling options FSRS reads, as Anki's deck options have them: the desired retention
/// (70–99 %), the maximum interval (days) and the hour a study day begins. ↑↓ choose a row, ←→
/// (or - +) change it within ``ValueLimits``, Enter keeps them as the profile's settings (for the
/// next answers; due dates already given stay), Esc leaves them as they were.
public struct SchedulingSheet: Hashable, Sendable {
    /// One setting of the sheet.
    public enum Row: Int, CaseIterable, Hashable, Sendable {
        case retention, maximumInterval, dayStartsAt
    }

    /// The desired retention, in percent.
    public internal(set) var retentionPercent: Int
    /// The longest interval, in days.
    public internal(set) var maximumInterval: Int
    /// The hour at which a study day begins.
    public internal(set) var dayStartsAt: Int
    /// The row ←→ change.
    public internal(set) var selection = Row.retention

    /// The maximum intervals ←→ step through (Anki's default is the last, 100 years).
    static let intervalChoices = [7, 14, 30, 60, 90, 180, 365, 730, 1825, 3650, 36_500]

    /// The sheet showing what `study` schedules with now.
    init(study: FlashcardsWorkout.Study) {
        retentionPercent = Int((study.fsrs.desiredRetention * 100).rounded())
        maximumInterval = study.fsrs.maximumInterval
        dayStartsAt = study.day.rolloverHour
    }

    /// Chooses the row `rows` below (above when negative), stopping at the ends.
    mutating func move(by rows: Int) {
        let index = min(Row.allCases.count - 1, max(0, selection.rawValue + rows))
        selection = Row(rawValue: index) ?? selection
    }

    /// Changes the chosen row by `steps`: a percent, the next maximum interval, an hour.
    mutating func adjust(by steps: Int) {
        switch selection {
        case .retention:
            let range = ValueLimits.desiredRetentionPercent
            retentionPercent = min(range.upperBound, max(range.lowerBound, retentionPercent + steps))
        case .maximumInterval:
            let choices = Self.intervalChoices
            let next =
                steps > 0
                ? choices.first { $0 > maximumInterval } ?? choices[choices.count - 1]
                : choices.last { $0 < maximumInterval } ?? choices[0]
            let range = ValueLimits.maximumIntervalDays
            maximumInterval = min(range.upperBound, max(range.lowerBound, next))
        case .dayStartsAt:
            let range = ValueLimits.dayRolloverHour
            dayStartsAt = min(range.upperBound, max(range.lowerBound, dayStartsAt + steps))
        }
    }

    /// The rows as the sheet shows them.
    var lines: [String] {
        let years = maximumInterval >= 365 ? " (\(FlashcardsWorkout.span(Double(maximumInterval) * 86_400)))" : ""
        return [
            "Desired retention  \(retentionPercent) %",
            "Maximum interval   \(maximumInterval) days\(years)",
            "Day starts at      \(dayStartsAt):00",
        ]
    }

    /// What the sheet ends with: the three values as chosen.
    struct Choice: Hashable, Sendable {
        var retentionPercent: Int
        var maximumInterval: Int
        var dayStartsAt: Int
    }

    /// A key's action on the sheet: ↑↓ and ←→ change it (`nil`, it stays open); Enter ends it
    /// with the values chosen, Esc with nothing changed.
    mutating func perform(_ action: FlashcardsAction) -> SheetResult<Choice>? {
        switch action {
        case .move(let rows): move(by: rows)
        case .adjust(let steps): adjust(by: steps)
        case .submit:
            return .committed(
                Choice(retentionPercent: retentionPercent, maximumInterval: maximumInterval, dayStartsAt: dayStartsAt))
        case .close: return .cancelled
        default: break
        }
        return nil
    }
}

extension SchedulingSheet.Choice {
    /// The three as the profile keeps them.
    var settings: [String: JSONValue] {
        [
            SettingKey<Int>.flashcardsRetention.name: .number(Double(retentionPercent)),
            SettingKey<Int>.flashcardsMaximumInterval.name: .number(Double(maximumInterval)),
            SettingKey<Int>.flashcardsDayStartsAt.name: .number(Double(dayStartsAt)),
        ]
    }

    /// `study` scheduling with these values.
    func applied(to study: FlashcardsWorkout.Study) -> FlashcardsWorkout.Study {
        var study = study
        let fsrs = study.fsrs
        study.fsrs = FSRS(
            parameters: fsrs.parameters, desiredRetention: Double(retentionPercent) / 100,
            learningSteps: fsrs.learningSteps, relearningSteps: fsrs.relearningSteps,
            maximumInterval: maximumInterval, fuzzes: fsrs.fuzzes)
        study.day.rolloverHour = dayStartsAt
        return study
    }
}

extension FlashcardsBindings {
    /// The scheduling sheet.
    static var scheduling: KeyBindings<FlashcardsAction> {
        KeyBindings([
            KeyBinding(
                [.up, .down, .character("k"), .character("j")], "Choose", group: "Scheduling", bar: 1, display: "↑↓",
                listing: "↑ ↓  j k", meaning: "choose a setting"
            ) { key in key == .up || key == .character("k") ? .move(-1) : .move(1) },
            KeyBinding(
                [.left, .right, .character("-"), .character("+")], "Change", group: "Scheduling", bar: 2,
                display: "←→", listing: "← →  - +", meaning: "change the chosen setting"
            ) { key in key == .left || key == .character("-") ? .adjust(-1) : .adjust(1) },
            KeyBinding(
                [.enter], "Keep", group: "Scheduling", bar: 3,
                meaning: "keep them for the next answers (due dates already given stay)", action: .submit),
            KeyBinding(
                [.escape, .character("q")], "Cancel", group: "Scheduling", bar: 4, display: "Esc",
                listing: "Esc  q", meaning: "leave them as they were", action: .close),
            KeyBinding(
                [.character("?"), .function(1)], "Keys", group: "Scheduling", bar: 5, meaning: "every key",
                action: .showKeys),
        ])
    }
}

extension FlashcardsWorkout {
    /// What a key does on the scheduling sheet.
    mutating func performInScheduling(
        _ action: FlashcardsAction, _ sheet: SchedulingSheet, at now: Instant, into outputs: inout [Output]
    ) {
        var sheet = sheet
        switch sheet.perform(action) {
        case nil:
            sheets.replaceTop(with: .scheduling(sheet))
        case .cancelled:
            close(at: now)
        case .committed(let chosen):
            close(at: now)
            study = chosen.applied(to: study)
            schedule.use(study.fsrs, day: study.day)
            outputs.append(.keepSettings(chosen.settings))
            note = "Scheduling kept: retention \(chosen.retentionPercent) %, at most \(chosen.maximumInterval) days"
        }
    }

    /// Draws the scheduling sheet's rows and, in plain mode, its keys.
    static func drawScheduling(
        _ sheet: SchedulingSheet, in content: Rect, plain: Bool, helpBar: HelpBar, into canvas: inout Canvas
    ) {
        let area = plain ? canvas.bounds : content.inset(left: 1, right: 1)
        var y = area.y
        if plain {
            canvas.write("Scheduling", at: Point(x: area.x, y: y), clip: area)
            y += 1
        }
        for (index, line) in sheet.lines.enumerated() {
            let selected = index == sheet.selection.rawValue
            let text = (selected ? "▸ " : "  ") + line
            Text(text, style: selected && !plain ? Style(attributes: [.reverse, .bold]) : .plain).render(
                into: &canvas, in: Rect(x: area.x, y: y, width: area.width, height: 1))
            y += 1
        }
        if plain { HelpBar(helpBar.hints, keyStyle: .plain).render(into: &canvas, in: canvas.bounds.splitBottom(1).1) }
    }

    /// The sheet's frame: three rows, as wide as the longest fits.
    static func schedulingSheet(screen: Size) -> TermUI.Sheet {
        TermUI.Sheet(
            title: "Scheduling", size: Size(width: min(56, screen.width - 2), height: min(5, screen.height - 3)))
    }
}
