import Foundation
import Records
import Synchronization
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// A dumbbell workout driven by a test clock (TestSupport's `WorkoutDriver`); the wall clock is
/// `testDate`.
typealias Harness = WorkoutDriver<DumbbellsWorkout>

extension WorkoutDriver where Model == DumbbellsWorkout {
    /// A workout with `settings`; the rest after a set starts by itself only when `autoRest`
    /// (most tests take the picker's path).
    init(
        settings: DumbbellsSettings = DumbbellsSettings(), history: ExerciseHistory = .none,
        reducesMotion: Bool = true, usesColor: Bool = true, size: Size = Size(width: 80, height: 24),
        autoRest: Bool = false
    ) {
        var settings = settings
        settings.autoRest = autoRest
        let identifiers = Identifiers()
        self.init(
            DumbbellsWorkout(
                settings: settings, history: .success(history),
                display: .init(reducesMotion: reducesMotion, usesColor: usesColor), wallClock: { testDate },
                makeIdentifier: { identifiers.make() }),
            size: size)
    }

    /// Clicks the pill item that does `action`; records an issue if there is none.
    @discardableResult
    mutating func clickPill(
        _ action: PillAction, sourceLocation: SourceLocation = #_sourceLocation
    ) -> [DumbbellsWorkout.Output] {
        guard let frame = pillFrame(of: action) else {
            Issue.record("no pill item for \(action) in \(workout.pill.kind)", sourceLocation: sourceLocation)
            return []
        }
        return click(frame)
    }

    /// Where the pill item for `action` is (hit frame), if the pill shows one.
    func pillFrame(of action: PillAction) -> Rect? {
        let face = workout.targetFace(at: now)
        let frame = workout.layout.pillFrame(width: face.width)
        let inner = frame.inset(top: 1, left: 2, bottom: 1, right: 2)
        return face.itemFrames(in: inner).enumerated().first { face.items[$0.offset].action == action }?.element
    }

    /// Types a set's weight and reps into row `row` (selecting it with the mouse-free keys).
    mutating func fill(row: Int, weight: String, reps: String) {
        while workout.selection.row < row { press(.down) }
        while workout.selection.row > row { press(.up) }
        press(.left, .delete)
        type(weight)
        press(.right, .delete)
        type(reps)
    }

    /// The rows of the screen's parts (the group of header, table, notice and pill is centred, so
    /// tests find rows through the layout, not by number).
    var headerRow: Int { workout.layout.header.y }
    var titlesRow: Int { workout.layout.columnTitles.y }
    var noticeRow: Int { workout.layout.notice.y }
    /// The pill's middle row, where its content is.
    var pillRow: Int { workout.layout.pillArea.y + 1 }
    /// The row showing set `index` (from 0), or -1 when it is not on screen.
    func row(ofSet index: Int) -> Int { workout.layout.row(of: index)?.y ?? -1 }
}

/// A history with a last workout of 12 kg × 10, 12 kg × 10, 14 kg × 8.
let lastBicepCurls = DumbbellWorkout(
    id: UUID(uuidString: "AAAAAAAA-0000-0000-0000-000000000001") ?? UUID(), exercise: "Bicep curl",
    unit: .kilograms, startedAt: testDate.addingTimeInterval(-86_400 * 2),
    finishedAt: testDate.addingTimeInterval(-86_400 * 2 + 600), status: .finished,
    sets: [
        DumbbellSet(
            number: 1, weight: 12, reps: 10, startedAt: testDate.addingTimeInterval(-172_800),
            finishedAt: testDate.addingTimeInterval(-172_760)),
        DumbbellSet(
            number: 2, weight: 12, reps: 10, startedAt: testDate.addingTimeInterval(-172_700),
            finishedAt: testDate.addingTimeInterval(-172_660), restBefore: 60),
        DumbbellSet(
            number: 3, weight: 14, reps: 8, startedAt: testDate.addingTimeInterval(-172_600),
            finishedAt: testDate.addingTimeInterval(-172_560), restBefore: 60),
    ])

let bicepHistory = ExerciseHistory(workouts: [lastBicepCurls])

/// Three bicep-curl workouts a week apart, the last one the heaviest, the middle one in pounds.
let progressHistory: ExerciseHistory = {
    func workout(_ days: Int, _ unit: WeightUnit, _ sets: [(Double, Int)]) -> DumbbellWorkout {
        let start = testDate.addingTimeInterval(-86_400 * Double(days))
        return DumbbellWorkout(
            id: UUID(uuidString: "BBBBBBBB-0000-0000-0000-00000000000\(days % 10)") ?? UUID(), exercise: "Bicep curl",
            unit: unit, startedAt: start, finishedAt: start.addingTimeInterval(600), status: .finished,
            sets: sets.enumerated().map { index, set in
                DumbbellSet(
                    number: index + 1, weight: set.0, reps: set.1, startedAt: start,
                    finishedAt: start.addingTimeInterval(40))
            })
    }
    return ExerciseHistory(workouts: [
        workout(15, .kilograms, [(10, 10), (10, 10)]),
        workout(8, .pounds, [(25, 10), (25, 30)]),
        workout(1, .kilograms, [(14, 8), (12, 10), (12, 10)]),
    ])
}()

/// Noon of a day in the member's time zone, so that charts by day read the same in every zone.
func localNoon(_ year: Int, _ month: Int, _ day: Int) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone.current
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: 12)) ?? testDate
}

/// The day the progress tests chart up to: a Saturday in November.
let progressToday = localNoon(2026, 11, 14)

/// About eight months of bicep curls twice a week, from late March to the day before
/// `progressToday`: slow progress from 12 kg, a missed week in May, six weeks with the gym's
/// pound dumbbells in June and July, a three-week holiday in August, a deload week in September,
/// and one light day of sets of 15 (no estimate).
let eightMonthHistory: ExerciseHistory = {
    var workouts: [DumbbellWorkout] = []
    var day = CalendarDay(year: 2026, month: 3, day: 23)
    let end = CalendarDay(year: 2026, month: 11, day: 13)
    var number = 0
    while day <= end {
        defer { day = day.adding(days: day.ordinal % 7 == 4 ? 3 : 4) }
        let weeks = (day.ordinal - CalendarDay(year: 2026, month: 3, day: 23).ordinal) / 7
        if (day >= CalendarDay(year: 2026, month: 5, day: 11) && day < CalendarDay(year: 2026, month: 5, day: 18))
            || (day >= CalendarDay(year: 2026, month: 8, day: 3) && day < CalendarDay(year: 2026, month: 8, day: 24))
        {
            continue
        }
        number += 1
        let deload =
            day >= CalendarDay(year: 2026, month: 9, day: 14) && day < CalendarDay(year: 2026, month: 9, day: 21)
        let pounds =
            day >= CalendarDay(year: 2026, month: 6, day: 8) && day < CalendarDay(year: 2026, month: 7, day: 20)
        // Half a kilogram a month, in plate steps; the last set one rep short every other time.
        var kilograms = 12 + (Double(weeks) / 8).rounded(.down) * 0.5 + (number % 3 == 0 ? 0.5 : 0)
        if deload { kilograms = (kilograms * 0.8 * 2).rounded() / 2 }
        let weight = pounds ? (kilograms / PersonalBest.kilogramsPerPound / 2.5).rounded() * 2.5 : kilograms
        let light = day == CalendarDay(year: 2026, month: 10, day: 1)
        let reps = light ? [15, 15, 15] : [10, 9, number % 2 == 0 ? 8 : 9]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let start =
            calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 18)) ?? testDate
        workouts.append(
            DumbbellWorkout(
                id: UUID(uuidString: String(format: "CCCCCCCC-0000-0000-0000-%012d", number)) ?? UUID(),
                exercise: "Bicep curl", unit: pounds ? .pounds : .kilograms, startedAt: start,
                finishedAt: start.addingTimeInterval(900), status: .finished,
                sets: reps.enumerated().map { index, reps in
                    DumbbellSet(
                        number: index + 1, weight: light ? (weight * 0.6 * 2).rounded() / 2 : weight, reps: reps,
                        startedAt: start.addingTimeInterval(Double(index) * 150),
                        finishedAt: start.addingTimeInterval(Double(index) * 150 + 40))
                }))
    }
    return ExerciseHistory(workouts: workouts)
}()

extension WorkoutDriver where Model == DumbbellsWorkout {
    /// A workout whose wall clock reads `now` (noon of `progressToday` unless told), with `history`.
    init(
        progressOf history: ExerciseHistory, now: Date = progressToday, size: Size = Size(width: 80, height: 24),
        unit: WeightUnit = .kilograms, usesColor: Bool = true
    ) {
        var settings = DumbbellsSettings(unit: unit)
        settings.autoRest = false
        self.init(
            DumbbellsWorkout(
                settings: settings, history: .success(history),
                display: .init(reducesMotion: true, usesColor: usesColor), wallClock: { now }),
            size: size)
    }
}
