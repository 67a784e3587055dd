import Records
import TermUI

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension DumbbellsWorkout {
    /// The exercise picker: TermUI's one list picker over the member's own exercises (always
    /// listed, first: the one in use, those of this workout, any chosen before, of the routines,
    /// every one with a workout in the history, logged or imported) and the common ones; typing
    /// filters without regard to case, and a new exercise is made only by choosing “+ New
    /// exercise …”, offered when no exercise has the name in any case.
    func makeExercisePicker() -> ListPicker<String> {
        let own = ownExercises
        let items =
            own.map { ListPicker.Item($0, label: $0, isOwn: true) }
            + DumbbellExercises.common.map { ListPicker.Item($0, label: $0) }
        return ListPicker(
            title: "Exercise", items: items, selected: settings.exercise, fieldLabel: "Name",
            newLabel: "New exercise", commitLabel: "Use", nameLimit: DumbbellsSettings.exerciseNameLimit,
            theme: palette.theme)
    }

    /// The member's own exercises, each name once (whatever its case), the one in use first.
    var ownExercises: [String] {
        let candidates =
            [settings.exercise] + exerciseNames + settings.exercises
            + settings.routines.flatMap { $0.exercises.map(\.name) } + loggedExercises
            + settings.restByExercise.keys.sorted()
        var seen = Set<String>()
        return candidates.filter { !$0.isEmpty && seen.insert($0.lowercased()).inserted }
    }

    /// The spelling an exercise already has, matched without regard to case: "incline press"
    /// typed is the member's "Incline press". A name nobody has is kept as typed.
    func knownSpelling(of name: String) -> String {
        let needle = name.lowercased()
        return (ownExercises + DumbbellExercises.common).first { $0.lowercased() == needle } ?? name
    }
}

/// Where a sheet of a top line (a text field, or a heading) over a scrolled list and a footer puts
/// its parts on a screen: the exercise picker, the routines sheet and the history sheet.
struct FieldListSheetLayout {
    let sheet: Sheet
    /// The screen above the help bar, where the sheet is centred.
    let bounds: Rect
    let frame: Rect
    /// The top line: the field, `label` columns in, or the heading when `label` is 0.
    let field: Rect
    /// The lines on screen and their index.
    let rows: [(rect: Rect, index: Int)]
    /// Where the list goes, its scroll markers included.
    let list: Rect
    let footer: Rect

    /// A sheet titled `title`, at most `width` wide, whose field starts `label` columns in, over
    /// `count` lines scrolled by `scroll`, then `gap` blank rows and a footer of `footerRows`.
    init(
        title: String, width: Int, label: Int, count: Int, scroll: ScrollState, screen: Size, gap: Int = 0,
        footerRows: Int = 1
    ) {
        // Above the help bar, which stays on the last row.
        let bounds = Rect(size: screen).inset(bottom: 1)
        self.bounds = bounds
        let height = min(max(1, count) + 4 + gap + footerRows, bounds.height)
        sheet = Sheet(title: title, size: Size(width: min(width, screen.width - 2), height: height))
        frame = sheet.frame(in: bounds)
        let inside = sheet.contentRect(in: bounds)
        field = inside.row(0).inset(left: label, right: label > 0 ? 1 : 0)
        footer = Rect(
            x: inside.x, y: max(inside.y, inside.maxY - footerRows), width: inside.width,
            height: min(footerRows, inside.height))
        list = Rect(
            x: inside.x, y: inside.y + 2, width: inside.width, height: max(0, inside.height - 2 - gap - footerRows))
        var scroll = scroll
        rows = ScrollList.frames(count: count, state: &scroll, in: list).map { (rect: $0.frame, index: $0.index) }
    }
}

/// What the summary sheet shows once the workout is over: each exercise's sets, the totals.
public struct WorkoutSummary: Hashable, Sendable {
    /// One exercise of the workout and its sets.
    public struct Part: Hashable, Sendable {
        /// The exercise.
        public var exercise: String
        /// The unit the sets' weights are saved in.
        public var savedUnit: WeightUnit
        /// The sets done, in order.
        public var sets: [CompletedSet]

        /// An exercise's finished sets, their weights in `savedUnit`.
        public init(exercise: String, savedUnit: WeightUnit, sets: [CompletedSet]) {
            self.exercise = exercise
            self.savedUnit = savedUnit
            self.sets = sets
        }

        /// The sum of weight × reps over its sets, in `unit`.
        public func volume(in unit: WeightUnit) -> Double {
            Figures.volume(sets.map(\.record), savedIn: savedUnit, in: unit)
        }
    }

    /// The exercises with sets done, in the workout's order.
    public var parts: [Part]
    /// The exercises of the workout with no set done.
    public var notDone: [String]
    /// The unit the weights show in.
    public var unit: WeightUnit
    /// Seconds from the start of the first set to the end of the last, on the workout's clock.
    public var totalSeconds: Int

    /// The summary of `parts` (and the exercises `notDone`), weights shown in `unit`.
    public init(parts: [Part], notDone: [String] = [], unit: WeightUnit, totalSeconds: Int) {
        self.parts = parts
        self.notDone = notDone
        self.unit = unit
        self.totalSeconds = totalSeconds
    }

    /// Every set done, exercise after exercise.
    public var sets: [CompletedSet] { parts.flatMap(\.sets) }

    /// The sum of weight × reps over every set, in `unit`.
    public var totalVolume: Double { parts.reduce(0) { $0 + $1.volume(in: unit) } }

    /// How many sets beat a record.
    public var personalBests: Int { sets.filter { !$0.beaten.isEmpty }.count }

    /// One line of the list above the totals.
    enum Line: Hashable {
        /// "Bench press · 3 sets", or with its volume and records when its sets are not listed.
        case exercise(String)
        /// A set: its number, weight × reps, time and star.
        case set(String)
        /// "… and 2 more", "Not done: Row".
        case aside(String)
    }

    /// The lines listing the workout in at most `room` rows: each exercise with its sets when
    /// they all fit; else each exercise on one line with its volume; else as many as fit and how
    /// many more.
    func lines(room: Int) -> [Line] {
        let unitName = unit.rawValue
        func count(_ sets: Int) -> String { "\(sets) \(sets == 1 ? "set" : "sets")" }
        let notDoneLine = notDone.isEmpty ? [] : [Line.aside("Not done: " + notDone.joined(separator: ", "))]
        var full: [Line] = []
        for part in parts {
            full.append(.exercise("\(part.exercise) · \(count(part.sets.count))"))
            for completed in part.sets {
                let set = completed.record
                let weight = WeightText.display(set.weight, from: part.savedUnit, in: unit)
                let numbers = "\(weight) \(unitName) × \(set.reps)"
                let padded = numbers + String(repeating: " ", count: max(1, 16 - numbers.displayWidth))
                let number = set.number < 10 ? " \(set.number)" : "\(set.number)"
                let time = ClockText.elapsed(completed.seconds)
                let star = completed.beaten.isEmpty ? "" : "  ★"
                let details = SetDetails.text(of: set, withType: true)
                full.append(.set("\(number)  \(padded)\(time)\(star)\(details.isEmpty ? "" : "  " + details)"))
            }
        }
        if full.count + notDoneLine.count <= room { return full + notDoneLine }
        if parts.count == 1, let part = parts.first {
            // One exercise: its sets as far as they go.
            let shown = max(0, room - 2)
            return [full[0]] + Array(full.dropFirst().prefix(shown))
                + [.aside("   … and \(part.sets.count - shown) more")]
        }
        let compact = parts.map { part -> Line in
            let volume = Figures.volumeText(part.volume(in: unit))
            let stars = part.sets.filter { !$0.beaten.isEmpty }.count
            return .exercise(
                "\(part.exercise) · \(count(part.sets.count)) · \(volume) \(unitName)" + (stars > 0 ? " ★\(stars)" : "")
            )
        }
        if compact.count + notDoneLine.count <= room { return compact + notDoneLine }
        let shown = max(0, room - 1)
        return Array(compact.prefix(shown)) + [.aside("… and \(parts.count + notDone.count - shown) more")]
    }
}

/// A finished set as the table and the summary show it.
public struct CompletedSet: Hashable, Sendable {
    /// What was saved.
    public var record: DumbbellSet
    /// Its time as the timer showed it, in whole seconds.
    public var seconds: Int
    /// The records it beat.
    public var beaten: BeatenRecords

    /// A finished set as saved, its shown time, and the records it beat.
    public init(record: DumbbellSet, seconds: Int, beaten: BeatenRecords = []) {
        self.record = record
        self.seconds = seconds
        self.beaten = beaten
    }
}

/// Where the summary sheet's parts go.
struct SummarySheetLayout {
    let sheet: Sheet
    let frame: Rect
    let inside: Rect
    /// The lines listed above the totals, as many as fit.
    let lines: [WorkoutSummary.Line]
    let restartButton: Rect
    let backButton: Rect

    static let restart = Button("Restart")
    static let back = Button("Back")

    init(screen: Size, summary: WorkoutSummary) {
        // The list, a blank, volume, time, records (when any), a blank, the buttons.
        let fixed = 5 + (summary.personalBests > 0 ? 1 : 0)
        // Wider when a set has a type, RPE or note to list after its time.
        let detailed = summary.sets.contains { !SetDetails.text(of: $0.record, withType: true).isEmpty }
        let width = min(detailed ? 72 : 50, screen.width - 2)
        let bounds = Rect(size: screen)
        let largest = Sheet(
            title: "Workout done", size: Size(width: width, height: summary.lines(room: .max).count + fixed + 2))
        // The lines that fit the largest sheet the screen takes, and the sheet just tall enough.
        lines = summary.lines(room: max(1, largest.contentRect(in: bounds).height - fixed))
        sheet = Sheet(title: "Workout done", size: Size(width: width, height: lines.count + fixed + 2))
        frame = sheet.frame(in: bounds)
        inside = sheet.contentRect(in: bounds)
        let buttons = Button.frames(
            of: [Self.restart, Self.back], in: inside.row(max(0, inside.height - 1)), alignment: .center)
        restartButton = buttons[0]
        backButton = buttons[1]
    }
}
