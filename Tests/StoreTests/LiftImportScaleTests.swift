import Foundation
import GRDB
import Records
import Testing

@testable import Store

/// A Strong export of thousands of sets (the 2024 form: 12-hour times with a narrow no-break space,
/// warm-up, drop and Rest Timer rows, RPE, quoted notes, time-only planks), and what importing it
/// must add, counted from the rows as they are written.
private struct GeneratedStrongExport {
    var text =
        "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
    /// Sets with reps per exercise, and the days each exercise was trained with such a set.
    var sets: [String: Int] = [:]
    var days: [String: Int] = [:]
    /// Workouts (days) with at least one set with reps.
    var workouts = 0
    /// Plank rows: time only, skipped.
    var planks = 0
    /// Lines of the file, the header included.
    var lines = 1

    static let exercises = [
        "Bench Press (Barbell)", "Squat (Barbell)", "Deadlift (Barbell)", "Overhead Press (Barbell)",
        "Pull Up", "Bicep Curl (Dumbbell)",
    ]

    init(sets wanted: Int) {
        var generator = SplitMix(seed: 32)
        var day = 0
        var written = 0
        while written < wanted {
            let date = Date(timeIntervalSince1970: 1_420_099_200 + Double(day) * 86_400 + Double(day % 7) * 600)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = .gmt
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let hour = (parts.hour ?? 0) % 12 == 0 ? 12 : (parts.hour ?? 0) % 12
            let stamp =
                String(format: "%04d-%02d-%02d ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
                + String(format: "%d:%02d:%02d", hour, parts.minute ?? 0, parts.second ?? 0)
                + "\u{202F}" + ((parts.hour ?? 0) < 12 ? "AM" : "PM")
            let first = Int(generator.next() % UInt64(Self.exercises.count))
            var trained = false
            for offset in 0..<3 {
                let exercise = Self.exercises[(first + offset * 2) % Self.exercises.count]
                var setsToday = 0
                for order in ["W", "1", "2", "3", "4", "D"] where written < wanted {
                    let weight = ["20", "40", "62.5", "80", "100"][Int(generator.next() % 5)]
                    let note = generator.next() % 20 == 0 ? "\"Felt good, fast\"" : ""
                    let rpe = ["", "7", "8.5", "9"][Int(generator.next() % 4)]
                    let reps = 1 + Int(generator.next() % 12)
                    text += "\(stamp),Day \(day % 3),1h 5m,\(exercise),\(order),\(weight),\(reps),0,0,\(note),,\(rpe)\n"
                    lines += 1
                    written += 1
                    setsToday += 1
                    if order != "D" {
                        text += "\(stamp),Day \(day % 3),1h 5m,\(exercise),Rest Timer,,,,90,,,\n"
                        lines += 1
                    }
                }
                if setsToday > 0 {
                    sets[exercise, default: 0] += setsToday
                    days[exercise, default: 0] += 1
                    trained = true
                }
            }
            if day % 10 == 0 {
                text += "\(stamp),Day \(day % 3),1h 5m,Plank,1,0,0,0,45,,,\n"
                lines += 1
                planks += 1
            }
            if trained { workouts += 1 }
            day += 1
        }
    }
}

/// A small seeded generator (SplitMix64), so the file is the same on every run.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

@Suite("A Strong export of thousands of sets imports whole, once, in one transaction")
struct LiftImportScaleTests {
    private static let export = GeneratedStrongExport(sets: 20_000)

    private func importing(_ text: String, into store: TermFitStore, chunk: Int = 1 << 20) throws -> LiftImportReport {
        try store.importLifts(
            DataChunks(Data(text.utf8), chunkSize: chunk), intoProfile: "anna", unit: .kilograms, timeZone: .gmt)
    }

    @Test("20,000 sets: every set and workout counted from the file is added, per exercise, and re-import adds nothing")
    func twentyThousandSets() throws {
        let export = Self.export
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        var progress: [Int] = []
        let first = try store.importLifts(
            DataChunks(Data(export.text.utf8), chunkSize: 64 << 10), intoProfile: "anna", unit: .kilograms,
            timeZone: .gmt, progress: { progress.append($0) })
        #expect(first.setsAdded == 20_000)
        #expect(first.workoutsAdded == export.workouts)
        #expect(first.alreadyPresent == 0)
        #expect(first.added.mapValues(\.sets) == export.sets)
        #expect(first.added.mapValues(\.workouts) == export.days)
        #expect(first.skipped == ["Plank": ["time-only sets (TermFit logs weight × reps)": export.planks]])
        #expect(progress.last == export.text.utf8.count)
        #expect(progress == progress.sorted() && progress.count > 1)

        // What the store holds, counted by the queries the workouts use.
        let log = try store.profileStore(named: "anna")
        for (exercise, days) in export.days {
            let stored = try log.workouts(exercise: exercise, limit: 100_000)
            #expect(stored.count == days, "\(exercise)")
            #expect(stored.reduce(0) { $0 + $1.sets.count } == export.sets[exercise], "\(exercise)")
        }

        let again = try importing(export.text, into: store)
        #expect(again.setsAdded == 0)
        #expect(again.workoutsAdded == 0)
        #expect(again.alreadyPresent == 20_000)
        #expect(
            try store.profileStore(named: "anna").archive().dumbbellWorkouts.reduce(0) { $0 + $1.sets.count } == 20_000)
    }

    @Test("The same file read in tiny chunks adds exactly what it adds read whole")
    func chunkSizeChangesNothing() throws {
        let export = GeneratedStrongExport(sets: 2_000)
        var archives: [[DumbbellWorkout]] = []
        for chunk in [1 << 20, 7] {
            let temporary = try TemporaryDirectory()
            defer { temporary.remove() }
            let store = try TermFitStore.open(at: temporary.location())
            defer { try? store.close() }
            let report = try importing(export.text, into: store, chunk: chunk)
            #expect(report.setsAdded == 2_000)
            archives.append(try store.profileStore(named: "anna").archive().dumbbellWorkouts)
        }
        #expect(archives[0] == archives[1])
        #expect(archives[0].count == export.days.values.reduce(0, +))
    }

    @Test("A value refused on the last line leaves nothing: no set, no workout, no profile")
    func refusedAtTheEndAddsNothing() throws {
        let export = Self.export
        let broken = export.text + "2030-01-01 7:00:00\u{202F}AM,Day,1h,Squat (Barbell),1,eighty,5,0,0,,,\n"
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        #expect {
            try importing(broken, into: store)
        } throws: { error in
            guard let error = error as? LiftImportError else { return false }
            return error.line == export.lines + 1 && error.column == "Weight"
        }
        let counts = try DatabaseQueue(path: temporary.location().databasePath).read { db in
            try ["profile", "dumbbell_workout", "dumbbell_set"].map {
                try Int.fetchOne(db, sql: "SELECT count(*) FROM \($0)") ?? -1
            }
        }
        #expect(counts == [0, 0, 0])
    }
}
