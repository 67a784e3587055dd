import Foundation
import GRDB
import Records
import Testing

@testable import Store

@Suite("Strong, Hevy and FitNotes exports import with every set, type, RPE, note and unit")
struct LiftImportTests {
    private let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    private func local(_ text: String) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let parts = text.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).map { Int($0) ?? 0 }
        return calendar.date(
            from: DateComponents(
                year: parts[0], month: parts[1], day: parts[2], hour: parts[3], minute: parts[4], second: parts[5]))
            ?? .distantPast
    }

    private func importing(
        _ text: String, into store: TermFitStore, unit: WeightUnit? = nil, chunk: Int = 1 << 20
    ) throws -> LiftImportReport {
        _ = try TermFitStore.checkLifts(DataChunks(Data(text.utf8), chunkSize: chunk), unit: unit, timeZone: zone)
        return try store.importLifts(
            DataChunks(Data(text.utf8), chunkSize: chunk), intoProfile: "anna", unit: unit, timeZone: zone)
    }

    private func workouts(_ store: TermFitStore) throws -> [DumbbellWorkout] {
        try store.profileStore(named: "anna").archive().dumbbellWorkouts
    }

    @Test("Strong 2019: semicolons, quotes, a byte-order mark, a unit per row, RPE and notes")
    func strong2019() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        // Read in tiny chunks: rows and quotes split across reads come out whole.
        let report = try importing(LiftFixtures.strong2019, into: store, chunk: 7)
        #expect(report.format == .strong)
        #expect(
            report.description == """
                Imported 5 sets in 2 workouts from a Strong export into profile 'anna':
                  Bench Press (Barbell): 2 sets, 1 workout
                  Deadlift (Barbell): 2 sets, 1 workout
                  Squat (Barbell): 1 set, 1 workout
                Skipped 1 set of Plank: time-only sets (TermFit logs weight × reps).
                """)
        let saved = try workouts(store)
        #expect(saved.map(\.exercise) == ["Deadlift (Barbell)", "Squat (Barbell)", "Bench Press (Barbell)"])
        let deadlift = saved[0]
        #expect(deadlift.startedAt == local("2019-01-11 12:31:54"))
        #expect(deadlift.unit == .kilograms)
        #expect(deadlift.title == "Leg")
        #expect(deadlift.workoutNote == "Felt strong")
        #expect(deadlift.sets.map(\.weight) == [60, 80])
        #expect(deadlift.sets.map(\.rpe) == [nil, 8])
        #expect(deadlift.sets.map(\.note) == [nil, "Belt on"])
        #expect(saved[1].sessionID == deadlift.id, "one workout: one session")
        #expect(saved[1].sets.map(\.rpe) == [8.5])
        let bench = saved[2]
        #expect(bench.unit == .pounds)
        #expect(bench.sets.map(\.weight) == [135, 135])
        #expect(bench.sets[1].note == "Paused, last rep")
        try store.close()
    }

    @Test("Strong 2024: 12-hour times, durations, W/D/F and Rest Timer rows; --unit where the file says none")
    func strong2024() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        #expect(throws: LiftImportError.self) {
            try TermFitStore.checkLifts(DataChunks(Data(LiftFixtures.strong2024.utf8)), unit: nil)
        }
        do {
            _ = try TermFitStore.checkLifts(DataChunks(Data(LiftFixtures.strong2024.utf8)), unit: nil)
        } catch let error as LiftImportError {
            #expect(
                error.description
                    == "this looks like a Strong CSV export, but line 2: the file does not say whether weights are kg "
                    + "or lb: add --unit kg or --unit lb; nothing was imported")
        }
        let report = try importing(LiftFixtures.strong2024, into: store, unit: .pounds)
        #expect(report.setsAdded == 6)
        #expect(report.workoutsAdded == 2)
        #expect(report.skipped == ["Plank": ["time-only sets (TermFit logs weight × reps)": 1]])
        let saved = try workouts(store)
        let bench = try #require(saved.first { $0.exercise == "Bench Press (Barbell)" })
        #expect(bench.unit == .pounds)
        #expect(bench.startedAt == local("2024-03-01 07:12:05"))
        #expect(bench.finishedAt == local("2024-03-01 08:17:05"), "1h 5m")
        #expect(bench.title == "Morning Push")
        #expect(bench.sets.map(\.type) == [.warmUp, .working, .drop, .failure])
        #expect(
            bench.sets.map(\.restBefore) == [nil, 90, 120, nil], "a Rest Timer row is the rest after the set above")
        #expect(bench.sets.map(\.rpe) == [nil, 8, 9.5, 10])
        #expect(bench.sets[1].note == "Slow, controlled")
        let pull = try #require(saved.first { $0.exercise == "Pull Up" })
        #expect(pull.startedAt == local("2024-03-03 18:40:00"))
        #expect(pull.sets.map(\.reps) == [10, 8])
        #expect(pull.sets.map(\.weight) == [0, 0])
        try store.close()
    }

    @Test("Hevy in kg and in lb: set types, RPE, exercise notes and the unit of the header")
    func hevy() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let kilograms = try importing(LiftFixtures.hevyKilograms, into: store)
        #expect(kilograms.format == .hevy)
        #expect(kilograms.setsAdded == 4)
        #expect(kilograms.skipped == ["Treadmill": ["distance sets (TermFit logs weight × reps)": 1]])
        let pounds = try importing(LiftFixtures.hevyPounds, into: store)
        #expect(pounds.setsAdded == 3)
        let saved = try workouts(store)
        let squat = try #require(saved.first { $0.exercise == "Squat (Barbell)" })
        #expect(squat.unit == .kilograms)
        #expect(squat.startedAt == local("2024-03-01 07:12:00"))
        #expect(squat.finishedAt == local("2024-03-01 08:03:00"))
        #expect(squat.title == "Leg Day")
        #expect(squat.workoutNote == "Knees fine")
        #expect(squat.exerciseNote == "Low bar")
        #expect(squat.sets.map(\.type) == [.warmUp, .working, .drop])
        #expect(squat.sets.map(\.weight) == [60, 100, 80])
        #expect(squat.sets.map(\.rpe) == [nil, 8, 9])
        let press = try #require(saved.first { $0.exercise == "Leg Press (Machine)" })
        #expect(press.sets.map(\.type) == [.failure])
        let bench = try #require(saved.first { $0.exercise == "Bench Press (Barbell)" })
        #expect(bench.unit == .pounds)
        #expect(bench.sets.map(\.weight) == [185, 185])
        #expect(bench.sets.map(\.rpe) == [7.5, 8])
        let curl = try #require(saved.first { $0.exercise == "Bicep Curl (Dumbbell)" })
        #expect(curl.sets.map(\.weight) == [27.5])
        #expect(curl.sessionID == bench.id)
        try store.close()
    }

    @Test("FitNotes: a day per workout, its unit column, comments as notes")
    func fitNotes() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let report = try importing(LiftFixtures.fitNotes, into: store)
        #expect(report.format == .fitNotes)
        #expect(report.setsAdded == 3)
        #expect(report.workoutsAdded == 2)
        #expect(report.skipped == ["Plank": ["time-only sets (TermFit logs weight × reps)": 1]])
        let bench = try #require(try workouts(store).first { $0.exercise == "Flat Barbell Bench Press" })
        #expect(bench.sets.map(\.weight) == [60, 62.5])
        #expect(bench.sets.map(\.note) == [nil, "Tough"])
        #expect(bench.startedAt == local("2024-06-01 00:00:00"))
        try store.close()
    }

    @Test("Importing the same file twice adds nothing")
    func secondImportAddsNothing() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        for fixture in [LiftFixtures.strong2019, LiftFixtures.hevyKilograms, LiftFixtures.fitNotes] {
            let first = try importing(fixture, into: store)
            let before = try workouts(store)
            let again = try importing(fixture, into: store)
            #expect(again.setsAdded == 0)
            #expect(again.workoutsAdded == 0)
            #expect(again.alreadyPresent == first.setsAdded)
            #expect(try workouts(store) == before)
        }
        try store.close()
    }

    @Test("Exercises are matched to the member's own by name, whatever the case")
    func caseInsensitiveNames() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        let log = try store.profileStore(named: "anna")
        try log.start(
            DumbbellWorkout(
                id: UUID(), exercise: "deadlift (barbell)", unit: .kilograms, startedAt: local("2018-05-01 10:00:00"),
                finishedAt: local("2018-05-01 11:00:00"), status: .finished,
                sets: [
                    DumbbellSet(
                        number: 1, weight: 50, reps: 5, startedAt: local("2018-05-01 10:00:00"),
                        finishedAt: local("2018-05-01 10:01:00"))
                ]))
        let report = try importing(LiftFixtures.strong2019, into: store)
        #expect(report.added["deadlift (barbell)"] == LiftImportReport.Tally(sets: 2, workouts: 1))
        #expect(report.added["Deadlift (Barbell)"] == nil)
        #expect(try log.workouts(exercise: "deadlift (barbell)", limit: 10).count == 2)
        try store.close()
    }

    @Test("A value that cannot be read names the format, the line and the column; nothing is written")
    func unreadableValue() throws {
        let broken = LiftFixtures.strong2019.replacingOccurrences(of: ";2;80;kg;", with: ";2;eighty;kg;")
        #expect {
            try TermFitStore.checkLifts(DataChunks(Data(broken.utf8)), unit: nil)
        } throws: { error in
            (error as? LiftImportError)?.description
                == "this looks like a Strong CSV export, but line 3, column \"Weight\": \"eighty\" is not a number; "
                + "nothing was imported"
        }
        let hevy = LiftFixtures.hevyKilograms.replacingOccurrences(of: "\"dropset\"", with: "\"superset\"")
        #expect {
            try TermFitStore.checkLifts(DataChunks(Data(hevy.utf8)), unit: nil)
        } throws: { error in
            (error as? LiftImportError)?.description
                == "this looks like a Hevy CSV export, but line 4, column \"set_type\": \"superset\" is not warmup, "
                + "normal, dropset or failure; nothing was imported"
        }
        #expect {
            try TermFitStore.checkLifts(DataChunks(Data("name,age\nAnna,40\n".utf8)), unit: nil)
        } throws: { error in
            (error as? LiftImportError)?.description
                == "that file is not an export TermFit can read: its first line (name,age) is the header of no "
                + "export TermFit reads: a TermFit JSON export, or a Strong, Hevy or FitNotes CSV export; nothing "
                + "was imported"
        }
    }

    @Test("Dates and durations as Strong, Hevy and FitNotes write them")
    func datesAndDurations() {
        let expected = DateComponents(year: 2024, month: 3, day: 1, hour: 19, minute: 12, second: 5)
        for text in [
            "2024-03-01 19:12:05", "2024-03-01 7:12:05 PM", "2024-03-01 7:12:05\u{202F}PM",
            "2024-03-01 7:12:05\u{00A0}pm",
        ] {
            #expect(LiftColumns.dateComponents(text) == expected, "\(text)")
        }
        #expect(
            LiftColumns.dateComponents("1 Mar 2024, 07:12")
                == DateComponents(year: 2024, month: 3, day: 1, hour: 7, minute: 12, second: 0))
        #expect(LiftColumns.dateComponents("2024-03-01 12:00:00 AM")?.hour == 0)
        #expect(LiftColumns.dateComponents("2024-13-01 10:00:00") == nil)
        #expect(LiftColumns.dateComponents("2024-03-01 13:00:00 PM") == nil)
        #expect(LiftColumns.duration("1h 5m") == 3900)
        #expect(LiftColumns.duration("45m") == 2700)
        #expect(LiftColumns.duration("01:00") == 3600)
        #expect(LiftColumns.duration("1:02:03") == 3723)
        #expect(LiftColumns.duration("95") == 95)
        #expect(LiftColumns.duration("soon") == nil)
    }

    @Test("A file's weight is kept to the hundredth of its unit from its text, not from a float")
    func weightsAreExactHundredths() {
        #expect(LiftColumns.hundredths("1.005") == 101, "a tie away from zero (1.005 × 100 as a Double is 100.4999…)")
        #expect(LiftColumns.hundredths("12,5") == 1250, "a decimal comma")
        #expect(LiftColumns.hundredths("0.005") == 1)
        #expect(LiftColumns.hundredths("1.004") == 100)
        #expect(LiftColumns.hundredths("100") == 10000)
        #expect(LiftColumns.hundredths("kg") == nil)
        #expect(LiftGrouper.storedWeight(22.68, from: .kilograms, to: .kilograms) == 2268)
        #expect(LiftGrouper.storedWeight(27.5, from: .pounds, to: .kilograms) == 1247, "27.5 lb is 12.47 kg")
        #expect(LiftGrouper.storedWeight(12.5, from: .kilograms, to: .pounds) == 2756, "12.5 kg is 27.56 lb")
    }
}
