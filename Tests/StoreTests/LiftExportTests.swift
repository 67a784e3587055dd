import Foundation
import Records
import Testing

@testable import Store

@Suite("termfit export --format strong-csv and hevy-csv")
struct LiftExportTests {
    private let zone = TimeZone(identifier: "America/New_York") ?? .gmt

    private func set(
        _ number: Int, _ weight: Double, _ reps: Int, _ type: SetType = .working, rpe: Double? = nil,
        note: String? = nil, rest: Double? = nil
    ) -> DumbbellSet {
        let start = time("2025-03-01T12:00:00Z").addingTimeInterval(Double(number) * 120)
        return DumbbellSet(
            number: number, weight: weight, reps: reps, startedAt: start, finishedAt: start.addingTimeInterval(40),
            restBefore: rest, type: type, rpe: rpe, note: note)
    }

    /// Two exercises of one workout (kg), and one workout in lb with a quote and a comma in a note.
    private var workouts: [DumbbellWorkout] {
        [
            DumbbellWorkout(
                id: id(1), exercise: "Bench press", unit: .kilograms, startedAt: time("2025-03-01T12:00:00Z"),
                finishedAt: time("2025-03-01T13:05:00Z"), status: .finished,
                sets: [
                    set(1, 40, 10, .warmUp), set(2, 80, 5, rpe: 8, note: "Slow, \"paused\"", rest: 90),
                    set(3, 60, 8, .drop, rpe: 9.5, rest: 120), set(4, 60, 3, .failure, rpe: 10),
                ], sessionID: id(1), title: "Push day", workoutNote: "Good sleep"),
            DumbbellWorkout(
                id: id(2), exercise: "Bicep curl", unit: .kilograms, startedAt: time("2025-03-01T12:40:00Z"),
                finishedAt: time("2025-03-01T13:05:00Z"), status: .finished, sets: [set(1, 12.5, 12)],
                sessionID: id(1), title: "Push day", workoutNote: "Good sleep"),
            DumbbellWorkout(
                id: id(3), exercise: "Goblet squat", unit: .pounds, startedAt: time("2025-03-03T23:30:00Z"),
                finishedAt: time("2025-03-04T00:10:00Z"), status: .finished, sets: [set(1, 52.5, 10, note: "Deep")]),
        ]
    }

    @Test("termfit history --detail names each set's type, RPE and note; a working set's type goes unsaid")
    func historyDetailTable() {
        let entry = HistoryEntry(workouts[0])
        let table = HistoryReport.render([entry], format: .table, detail: true, timeZone: zone)
        let lines = table.split(separator: "\n").map(String.init)
        #expect(lines.contains("    set 1  40 kg x 10  0:40  warmup"), "\(table)")
        #expect(lines.contains("    set 2  80 kg x 5  0:40  rest 1:30  RPE 8  note: Slow, \"paused\""), "\(table)")
        #expect(lines.contains("    set 3  60 kg x 8  0:40  rest 2:00  drop  RPE 9.5"), "\(table)")
        let csv = HistoryReport.render([entry], format: .csv, detail: true, timeZone: zone)
        #expect(csv.contains(",warmup,,"))
        #expect(csv.contains(",working,8,\"Slow, \"\"paused\"\"\""), "\(csv)")
    }

    @Test("Strong CSV as Strong writes it: W/D/F, Rest Timer rows, the unit, local times and durations")
    func strongText() {
        #expect(
            LiftExport.csv(workouts, format: .strong, timeZone: zone) == #"""
                Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Weight Unit,Reps,Distance,Seconds,Notes,\#
                Workout Notes,RPE
                2025-03-01 07:00:00,Push day,1h 5m,Bench press,W,40,kg,10,,40,,Good sleep,
                2025-03-01 07:00:00,Push day,1h 5m,Bench press,Rest Timer,,,,,90,,Good sleep,
                2025-03-01 07:00:00,Push day,1h 5m,Bench press,1,80,kg,5,,40,"Slow, ""paused""",Good sleep,8
                2025-03-01 07:00:00,Push day,1h 5m,Bench press,Rest Timer,,,,,120,,Good sleep,
                2025-03-01 07:00:00,Push day,1h 5m,Bench press,D,60,kg,8,,40,,Good sleep,9.5
                2025-03-01 07:00:00,Push day,1h 5m,Bench press,F,60,kg,3,,40,,Good sleep,10
                2025-03-01 07:00:00,Push day,1h 5m,Bicep curl,1,12.5,kg,12,,40,,Good sleep,
                2025-03-03 18:30:00,Dumbbells,40m,Goblet squat,1,52.5,lb,10,,40,Deep,,

                """#)
    }

    @Test("Hevy CSV: every field quoted, set_index from 0, weights in kg unless every workout is in lb")
    func hevyText() {
        let text = LiftExport.csv(Array(workouts.prefix(2)), format: .hevy, timeZone: zone)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines[0]
                == "\"title\",\"start_time\",\"end_time\",\"description\",\"exercise_title\",\"superset_id\","
                + "\"exercise_notes\",\"set_index\",\"set_type\",\"weight_kg\",\"reps\",\"distance_km\","
                + "\"duration_seconds\",\"rpe\"")
        #expect(
            lines[1]
                == "\"Push day\",\"1 Mar 2025, 07:00\",\"1 Mar 2025, 08:05\",\"Good sleep\",\"Bench press\",\"\",\"\","
                + "\"0\",\"warmup\",\"40\",\"10\",\"\",\"40\",\"\"")
        #expect(lines[3].contains("\"2\",\"dropset\",\"60\",\"8\""))
        #expect(lines.count == 6)
        let pounds = LiftExport.csv([workouts[2]], format: .hevy, timeZone: zone)
        #expect(pounds.contains("\"weight_lbs\""))
        #expect(pounds.contains("\"52.5\""))
    }

    @Test("TermFit → Strong CSV → TermFit keeps every set, its type, RPE, note, rest and unit")
    func strongRoundTrip() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let text = LiftExport.csv(workouts, format: .strong, timeZone: zone)
        _ = try TermFitStore.checkLifts(DataChunks(Data(text.utf8)), unit: nil, timeZone: zone)
        let report = try store.importLifts(DataChunks(Data(text.utf8)), intoProfile: "ben", unit: nil, timeZone: zone)
        #expect(report.setsAdded == 6)
        #expect(report.workoutsAdded == 2)
        let back = try store.profileStore(named: "ben").archive().dumbbellWorkouts
        #expect(back.map(\.exercise) == workouts.map(\.exercise))
        #expect(back.map(\.unit) == workouts.map(\.unit))
        for (imported, original) in zip(back, workouts) {
            #expect(imported.sets.map(\.number) == original.sets.map(\.number))
            #expect(imported.sets.map(\.weight) == original.sets.map(\.weight))
            #expect(imported.sets.map(\.reps) == original.sets.map(\.reps))
            #expect(imported.sets.map(\.type) == original.sets.map(\.type))
            #expect(imported.sets.map(\.rpe) == original.sets.map(\.rpe))
            #expect(imported.sets.map(\.note) == original.sets.map(\.note))
            #expect(imported.sets.map(\.restBefore) == original.sets.map(\.restBefore))
            #expect(imported.sets.map(\.duration) == original.sets.map(\.duration))
            #expect(imported.workoutNote == original.workoutNote)
        }
        #expect(back[0].title == "Push day")
        #expect(back[0].startedAt == workouts[0].startedAt)
        #expect(back[0].finishedAt == workouts[0].finishedAt)
        #expect(back[1].sessionID == back[0].id, "the two exercises are still one workout")
        // Exported again, the text is the same.
        #expect(LiftExport.csv(back, format: .strong, timeZone: zone) == text)
        try store.close()
    }
}
