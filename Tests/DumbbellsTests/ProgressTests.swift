import Foundation
import Records
import TermUI
import TestSupport
import Testing

@testable import Dumbbells

/// The progress of an exercise: a time chart of each workout's best estimate or volume over the
/// last months, the latest value and its change, and the records.
@Suite struct ProgressTests {
    /// A workout of `exercise` starting at `start` with sets of weight × reps.
    static func workout(on start: Date, _ sets: [(Double, Int)], unit: WeightUnit = .kilograms) -> DumbbellWorkout {
        DumbbellWorkout(
            id: UUID(), exercise: "Bicep curl", unit: unit, startedAt: start, finishedAt: start.addingTimeInterval(600),
            status: .finished,
            sets: sets.enumerated().map { index, set in
                DumbbellSet(
                    number: index + 1, weight: set.0, reps: set.1, startedAt: start,
                    finishedAt: start.addingTimeInterval(40))
            })
    }

    /// The sheet opened on `history`, its frame as text, and the sheet.
    static func opened(
        _ history: ExerciseHistory, now: Date = progressToday, size: Size = Size(width: 80, height: 24),
        unit: WeightUnit = .kilograms, keys: [Key] = []
    ) -> (text: String, sheet: ProgressSheet?, harness: Harness) {
        var harness = Harness(progressOf: history, now: now, size: size, unit: unit)
        harness.press(.character("p"))
        for key in keys { harness.press(key) }
        guard case .progress(let sheet) = harness.workout.sheet else { return ("", nil, harness) }
        return (harness.frame().joined(separator: "\n"), sheet, harness)
    }

    /// The cells of the chart that show a column (any block, or # in ASCII).
    static func columnCells(_ harness: Harness) -> Int {
        let layout = ProgressSheetLayout(screen: harness.workout.size, title: "")
        let lines = harness.frame()
        var count = 0
        for y in layout.chart.y..<layout.chart.maxY {
            let row = Array(lines[y])
            for x in layout.chart.x..<min(layout.chart.maxX, row.count) where "▁▂▃▄▅▆▇█#".contains(row[x]) {
                count += 1
            }
        }
        return count
    }

    @Test func theChartShowsTheRangeTheLatestValueAndTheRecordsTheirDates() throws {
        var harness = Harness(history: progressHistory, size: Size(width: 80, height: 24))
        harness.press(.character("p"))
        let frame = harness.frame().joined(separator: "\n")
        #expect(frame.contains("Progress · Bicep curl"))
        // Three workouts in two weeks: all of them, since their month.
        let first = ProgressSheet.calendarDay(testDate.addingTimeInterval(-86_400 * 15))
        #expect(frame.contains("e1RM (Epley, 1–12 reps), kg · all since \(first.monthName) 2026"))
        // 10 kg × 10 → 13.3, then 25 lb (shown as 11.25 kg) × 10 → 15 kg (the 30-rep set does not
        // count), now 14 × 8 → 17.7.
        #expect(frame.contains("Latest e1RM 17.7 kg · +4.4 since \(first.monthName) \(first.day)"))
        #expect(frame.contains("17.7┤"), "the top of the axis is the best estimate")
        #expect(frame.contains("Heaviest     14 kg × 8 · \(ProgressSheet.day(testDate.addingTimeInterval(-86_400)))"))
        #expect(frame.contains("Best e1RM    17.7 kg (Epley)"))
        // 25 lb, shown as 11.25 kg, × 40 reps = 450 kg is the most volume.
        #expect(frame.contains("Most volume  450 kg · \(ProgressSheet.day(testDate.addingTimeInterval(-86_400 * 8)))"))
        #expect(Self.columnCells(harness) > 0)
        harness.press(.tab)
        let volume = harness.frame().joined(separator: "\n")
        #expect(volume.contains("Volume (weight × reps), kg · all since"))
        #expect(volume.contains("Latest volume 352 kg · +152 since"), "200 kg, then 352 kg")
        #expect(volume.contains("450┤"))
        harness.press(.escape, .character("u"), .character("p"))
        let pounds = harness.frame().joined(separator: "\n")
        // Computed from the weight shown: 14 kg shows as 31 lb, × (1 + 8/30) = 39.3 lb.
        #expect(pounds.contains("Best e1RM    39.3 lb (Epley)"))
        #expect(pounds.contains("Latest e1RM 39.3 lb"))
        harness.press(.escape)
        #expect(harness.workout.sheet == nil)
    }

    @Test func aWorkoutJustDoneJoinsTheChart() {
        var harness = Harness(settings: DumbbellsSettings(setCount: 1))
        harness.press(.character("p"))
        #expect(harness.frame().joined(separator: "\n").contains("No finished sets of this exercise yet"))
        harness.press(.escape)
        harness.doSet("20", "5")
        harness.press(.enter, .character("p"))
        #expect(harness.workout.history.sessions.count == 1)
        #expect(harness.frame().joined(separator: "\n").contains("Latest e1RM 23.3 kg · the only workout in range"))
        #expect(Self.columnCells(harness) > 0)
    }

    @Test func theSheetOpensOnSixMonthsOrAllOfAShorterHistory() {
        #expect(Self.opened(eightMonthHistory).sheet?.range == .sixMonths)
        #expect(Self.opened(eightMonthHistory).text.contains("kg · last 6 months"))
        #expect(Self.opened(eightMonthHistory).text.contains("Latest e1RM 19.3 kg · +2.0 since May 18"))
        #expect(Self.opened(progressHistory, now: testDate).sheet?.range == .all)
        #expect(Self.opened(.none).sheet?.range == .all)
        #expect(Self.opened(eightMonthHistory).sheet?.metric == .oneRepMax)
    }

    @Test func arrowsCycleThreeMonthsSixMonthsAYearAndAll() {
        var harness = Harness(progressOf: eightMonthHistory)
        harness.press(.character("p"))
        var seen: [ProgressSheet.Range] = []
        for heading in ["kg · last 12 months", "kg · all since Mar 2026", "kg · last 3 months", "kg · last 6 months"] {
            harness.press(.right)
            guard case .progress(let sheet) = harness.workout.sheet else { return }
            seen.append(sheet.range)
            #expect(harness.frame()[2].contains(heading), "the heading names the range: \(heading)")
        }
        #expect(seen == [.year, .all, .threeMonths, .sixMonths])
        harness.press(.left)
        guard case .progress(let back) = harness.workout.sheet else { return }
        #expect(back.range == .threeMonths)
        #expect(
            harness.frame().joined().contains("Latest e1RM 19.3 kg · +2.0 since Aug 24"), "the change over 3 months")
        harness.press(.tab)
        guard case .progress(let volume) = harness.workout.sheet else { return }
        #expect(volume.range == .threeMonths && volume.metric == .volume, "Tab keeps the range")
        #expect(harness.frame().last?.contains("←→ Range") == true, "the help bar offers the range")
    }

    @Test func theSheetsKeysAreDeclaredAndListed() {
        let opened = Self.opened(eightMonthHistory)
        let problems = opened.harness.undeclaredKeyEffects(of: opened.harness.workout.bindings) { harness in
            "\(harness.frame())|\(String(describing: harness.workout.sheet))"
        }
        #expect(problems.isEmpty, "\(problems)")
        var keys = Harness(progressOf: eightMonthHistory, size: Size(width: 200, height: 60))
        keys.press(.character("?"))
        let listed = keys.frame().joined(separator: "\n")
        #expect(listed.contains("← → chart 3 months, 6 months, 1 year or all"), "the keys sheet names the range keys")
    }

    @Test func aChangeSinceAnotherYearNamesTheYear() {
        let across = ExerciseHistory(workouts: [
            Self.workout(on: localNoon(2025, 11, 3), [(10, 10)]), Self.workout(on: localNoon(2026, 11, 10), [(12, 10)]),
        ])
        let opened = Self.opened(across, keys: [.right, .right])
        #expect(opened.sheet?.range == .all)
        #expect(opened.text.contains("Latest e1RM 16.0 kg · +2.7 since Nov 3 2025"))
        #expect(opened.text.contains("2026"), "January is named by its year under the columns")
    }

    @Test func withoutColourTheColumnsAreHashes() {
        var harness = Harness(progressOf: eightMonthHistory, usesColor: false)
        harness.press(.character("p"))
        #expect(Self.columnCells(harness) > 0)
        let chart = ProgressSheetLayout(screen: harness.workout.size, title: "").chart
        let rows = harness.frame()[chart.y..<chart.maxY].joined()
        #expect(rows.contains("#") && !rows.contains("█"))
    }

    @Test func theRangeEndsOnTheWallClocksDay() {
        // A year after the last workout: six months hold none, and "all" reaches back to March.
        let later = Self.opened(eightMonthHistory, now: localNoon(2027, 11, 14))
        #expect(later.sheet?.today == CalendarDay(year: 2027, month: 11, day: 14))
        #expect(later.text.contains("No workouts in the last 6 months · ← → another range"))
        #expect(Self.columnCells(later.harness) == 0)
        let all = Self.opened(eightMonthHistory, now: localNoon(2027, 11, 14), keys: [.left, .left])
        #expect(all.sheet?.range == .all)
        #expect(Self.columnCells(all.harness) > 0)
    }

    @Test func aRangeWithoutWorkoutsSaysSoAndDrawsNoColumns() {
        let old = ExerciseHistory(workouts: [Self.workout(on: localNoon(2026, 2, 3), [(12, 10)])])
        let opened = Self.opened(old, keys: [.left])
        #expect(opened.sheet?.range == .threeMonths)
        #expect(opened.text.contains("No workouts in the last 3 months · ← → another range"))
        #expect(Self.columnCells(opened.harness) == 0, "no workout is not a zero")
        #expect(opened.text.contains("Heaviest     12 kg × 10 · 2026-02-03"), "the records stay")
    }

    @Test func oneWorkoutIsOneColumnAndSaysItIsTheOnlyOne() {
        let one = ExerciseHistory(workouts: [Self.workout(on: localNoon(2026, 11, 10), [(12, 10)])])
        let opened = Self.opened(one)
        #expect(opened.text.contains("Latest e1RM 16.0 kg · the only workout in range"))
        #expect(opened.text.contains("16.0┤"))
        #expect(Self.columnCells(opened.harness) > 0)
    }

    @Test func workoutsAllOnOneDayShowTheirBestAndSaySo() {
        let day = ExerciseHistory(workouts: [
            Self.workout(on: localNoon(2026, 11, 10), [(12, 10)]),
            Self.workout(on: localNoon(2026, 11, 10).addingTimeInterval(3600), [(14, 8)]),
        ])
        let opened = Self.opened(day)
        #expect(opened.text.contains("Latest e1RM 17.7 kg · 2 workouts, all on Nov 10"))
        #expect(opened.text.contains("17.7┤"), "the day's column is its best")
    }

    @Test func setsOfMoreThanTwelveRepsHaveNoEstimateAndNoColumn() {
        let light = ExerciseHistory(workouts: [
            Self.workout(on: localNoon(2026, 10, 10), [(8, 15)]),
            Self.workout(on: localNoon(2026, 11, 10), [(8, 20)]),
        ])
        let opened = Self.opened(light)
        #expect(opened.text.contains("No e1RM: every set had over 12 reps · Tab: volume"))
        #expect(opened.text.contains("Best e1RM    none: no set of 1–12 reps"))
        #expect(Self.columnCells(opened.harness) == 0, "no zero columns")
        let volume = Self.opened(light, keys: [.tab])
        #expect(volume.text.contains("Latest volume 160 kg · +40 since Oct 10"))
        #expect(Self.columnCells(volume.harness) > 0)
        // Among workouts with estimates, one of only long sets is left out, not charted as 0.
        let sheet = ProgressSheet(today: CalendarDay(year: 2026, month: 11, day: 14))
        let mixed = ExerciseHistory(
            workouts: [
                Self.workout(on: localNoon(2026, 10, 10), [(8, 15)]),
                Self.workout(on: localNoon(2026, 11, 10), [(10, 10)]),
            ])
        #expect(
            sheet.charted(ProgressSheet.dated(mixed.sessions), unit: .kilograms).map(\.day) == [
                CalendarDay(year: 2026, month: 11, day: 10)
            ])
    }

    @Test func valuesAreInTheMembersUnitAndKgAndLbWorkoutsCompare() {
        let mixed = ExerciseHistory(workouts: [
            Self.workout(on: localNoon(2026, 10, 1), [(20, 10)]),
            Self.workout(on: localNoon(2026, 10, 8), [(45, 10)], unit: .pounds),
        ])
        let sheet = ProgressSheet(today: CalendarDay(year: 2026, month: 11, day: 14))
        let kilograms = sheet.charted(ProgressSheet.dated(mixed.sessions), unit: .kilograms).map(\.value)
        #expect(abs(kilograms[0] - 26.6667) < 0.001)
        // 45 lb shows as 20.5 kg: the estimate in kg is of the weight shown.
        #expect(abs(kilograms[1] - 20.5 * 4 / 3) < 0.000_001, "from the weight shown")
        let pounds = sheet.charted(ProgressSheet.dated(mixed.sessions), unit: .pounds).map(\.value)
        #expect(abs(pounds[1] - 60) < 0.000_001, "45 lb × 10 is 60 lb, and stays 60 lb")
        let opened = Self.opened(mixed, unit: .pounds)
        #expect(opened.text.contains("e1RM (Epley, 1–12 reps), lb") || opened.text.contains("1–12 reps), lb"))
        #expect(opened.text.contains("Latest e1RM 60.0 lb · +1.3 since Oct 1"), "20 kg shows as 44 lb: 58.7 lb")
    }

    @Test func daysAreTheMembersLocalDays() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone.current
        let lateEvening = calendar.date(from: DateComponents(year: 2026, month: 10, day: 31, hour: 23, minute: 30))
        #expect(lateEvening.map { ProgressSheet.calendarDay($0) } == CalendarDay(year: 2026, month: 10, day: 31))
        #expect(lateEvening.map(ProgressSheet.day) == "2026-10-31")
    }

    @Test func goldenAt40x12() {
        expectGolden(
            Self.opened(eightMonthHistory, size: Size(width: 40, height: 12)).harness.canvas(), "progressAt40x12")
    }

    @Test func goldenAt80x24() {
        expectGolden(Self.opened(eightMonthHistory).harness.canvas(), "progressAt80x24")
    }

    @Test func goldenAt200x60() {
        expectGolden(
            Self.opened(eightMonthHistory, size: Size(width: 200, height: 60), keys: [.right]).harness.canvas(),
            "progressYearAt200x60")
    }
}
