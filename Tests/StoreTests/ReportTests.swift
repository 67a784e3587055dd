import Foundation
import Records
import Testing

@testable import Store

@Suite("history, export and import")
struct ReportTests {
    /// A database holding the fixture for "anna", and nothing for "ben".
    private func fixtureStore(_ temporary: TemporaryDirectory) throws -> (TermFitStore, ProfileStore) {
        let store = try TermFitStore.open(at: temporary.location())
        let log = try store.profileStore(named: "anna")
        try Fixture.record(into: log)
        _ = try store.profileStore(named: "ben")
        return (store, log)
    }

    private let utc = TimeZone(secondsFromGMT: 0) ?? .current

    @Test("history as a table")
    func table() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (store, log) = try fixtureStore(temporary)
        defer { try? store.close() }
        let expected = [
            "DATE              WORKOUT     DURATION  STATUS      SUMMARY",
            "2025-03-04 06:46  hiit            0:13  abandoned   Step up, left early",
            "2025-03-04 06:45  hiit            0:30  finished    Squat, rated 4/5",
            "2025-03-03 20:00  flashcards      1:40  finished    Spanish, verbs: 2 correct, 1 wrong",
            "2025-03-02 07:30  dumbbells       6:00  finished    Bicep curl: 3 sets, 12 kg x 10, 12.5 kg x 8, 14 kg x 6",
            "2025-03-01 18:00  cards           4:51  abandoned   4 cards: Burpees 20, Push-ups 16, Squats 10",
        ]
        #expect(try log.historyReport(format: .table, timeZone: utc) == expected.joined(separator: "\n") + "\n")

        // The table shows local times.
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let local = try log.historyReport(format: .table, workout: .dumbbells, timeZone: berlin)
        #expect(local.split(separator: "\n").last?.hasPrefix("2025-03-02 08:30  dumbbells") == true)

        let ben = try store.profileStore(named: "ben")
        #expect(try ben.historyReport(format: .table) == "No sessions to show.\n")
    }

    @Test("history as CSV")
    func csv() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (store, log) = try fixtureStore(temporary)
        defer { try? store.close() }
        let expected = """
            started_at,finished_at,workout,status,duration_seconds,summary,id
            2025-03-04T06:46:00.000Z,2025-03-04T06:46:12.500Z,hiit,abandoned,13,"Step up, left early",00000000-0000-0000-0000-000000000006
            2025-03-04T06:45:00.000Z,2025-03-04T06:45:30.000Z,hiit,finished,30,"Squat, rated 4/5",00000000-0000-0000-0000-000000000005
            2025-03-03T20:00:00.000Z,2025-03-03T20:01:40.000Z,flashcards,finished,100,"Spanish, verbs: 2 correct, 1 wrong",00000000-0000-0000-0000-000000000004
            2025-03-02T07:30:00.000Z,2025-03-02T07:36:00.000Z,dumbbells,finished,360,"Bicep curl: 3 sets, 12 kg x 10, 12.5 kg x 8, 14 kg x 6",00000000-0000-0000-0000-000000000002
            2025-03-01T18:00:00.000Z,2025-03-01T18:05:00.000Z,cards,abandoned,291,"4 cards: Burpees 20, Push-ups 16, Squats 10",00000000-0000-0000-0000-000000000001

            """
        #expect(try log.historyReport(format: .csv) == expected)
        let ben = try store.profileStore(named: "ben")
        #expect(
            try ben.historyReport(format: .csv) == "started_at,finished_at,workout,status,duration_seconds,summary,id\n"
        )
    }

    @Test("history --detail as CSV: each row in its unit, the workout's session, oldest first unless asked")
    func detailCSVOfAWorkoutOfTwoUnitsAndExercises() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let store = try TermFitStore.open(at: temporary.location())
        defer { try? store.close() }
        let log = try store.profileStore(named: "anna")
        // Yesterday a curl in kg; today a workout of a press in kg and a row in lb.
        let workouts = [
            (id(10), "Curl", WeightUnit.kilograms, "2025-03-01T07:00:00Z", id(10), 12.25),
            (id(11), "Press", WeightUnit.kilograms, "2025-03-02T07:00:00Z", id(11), 20.0),
            (id(12), "Row", WeightUnit.pounds, "2025-03-02T07:10:00Z", id(11), 27.5),
        ]
        for (workoutID, exercise, unit, start, session, weight) in workouts {
            let started = time(start)
            try log.start(
                DumbbellWorkout(id: workoutID, exercise: exercise, unit: unit, startedAt: started, sessionID: session))
            try log.save(
                DumbbellSet(
                    number: 1, weight: weight, reps: 10, startedAt: started,
                    finishedAt: started.addingTimeInterval(40.9)),
                inWorkout: workoutID)
            try log.finishWorkout(workoutID, status: .finished, at: started.addingTimeInterval(60))
        }
        let rows = try log.historyReport(format: .csv, detail: true).split(separator: "\n")
        #expect(rows.first?.contains(",weight,unit,") == true)
        func fields(_ row: Substring) -> [String] {
            let all = row.split(separator: ",").map(String.init)
            return [all[0]] + Array(all[6...10])
        }
        let expected: [[String]] = [
            [id(10).uuidString, "Curl", "12.25", "kg", "10", "40"],
            [id(11).uuidString, "Press", "20", "kg", "10", "40"],
            [id(11).uuidString, "Row", "27.5", "lb", "10", "40"],
        ]
        #expect(rows.dropFirst().map(fields) == expected, "\(rows)")
        let newest = try log.historyReport(format: .csv, detail: true, newestFirst: true).split(separator: "\n")
        let exercises: [String] = newest.dropFirst().map { fields($0)[1] }
        #expect(exercises == ["Row", "Press", "Curl"])
        // The JSON carries the same session as the export.
        let json = try log.historyReport(format: .json, detail: true)
        #expect(json.components(separatedBy: "\"sessionID\" : \"\(id(11).uuidString)\"").count == 3)
    }

    @Test("history as JSON, filtered by workout, date and limit")
    func jsonAndFilters() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (store, log) = try fixtureStore(temporary)
        defer { try? store.close() }
        let expected = """
            [
              {
                "durationSeconds" : 360,
                "finishedAt" : "2025-03-02T07:36:00.000Z",
                "id" : "00000000-0000-0000-0000-000000000002",
                "startedAt" : "2025-03-02T07:30:00.000Z",
                "status" : "finished",
                "summary" : "Bicep curl: 3 sets, 12 kg x 10, 12.5 kg x 8, 14 kg x 6",
                "workout" : "dumbbells"
              }
            ]

            """
        #expect(try log.historyReport(format: .json, workout: .dumbbells) == expected)
        #expect(try log.history(since: time("2025-03-03T00:00:00Z")).map(\.id) == [id(6), id(5), id(4)])
        #expect(try log.history(limit: 2).map(\.id) == [id(6), id(5)])
        #expect(try log.history(since: time("2025-03-02T00:00:00Z"), workout: .cards).isEmpty)
        #expect(try log.history(workout: .hiit, limit: 1).map(\.id) == [id(6)])
        let ben = try store.profileStore(named: "ben")
        #expect(try ben.historyReport(format: .json) == "[\n\n]\n")
    }

    @Test("The home screen's summary")
    func home() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (store, log) = try fixtureStore(temporary)
        defer { try? store.close() }
        let home = try log.homeSummary()
        #expect(home.profile.name == "anna")
        #expect(home.profiles.map(\.name) == ["anna", "ben"])
        #expect(home.latestSessions[.hiit]?.id == id(6))
        #expect(home.latestSessions[.cards]?.summary == "4 cards: Burpees 20, Push-ups 16, Squats 10")
    }

    @Test("export writes stable, sorted, pretty JSON")
    func export() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (store, log) = try fixtureStore(temporary)
        defer { try? store.close() }
        let json = String(decoding: try log.exportJSON(), as: UTF8.self)
        #expect(json == ExpectedExport.anna)
        let ben = try store.profileStore(named: "ben")
        #expect(String(decoding: try ben.exportJSON(), as: UTF8.self) == ExpectedExport.empty)
    }

    @Test("export, import into an empty database, export again: identical")
    func roundTrip() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (store, log) = try fixtureStore(temporary)
        let exported = try log.exportJSON()
        try store.close()

        let fresh = try TermFitStore.open(at: temporary.location("other"))
        let summary = try fresh.importJSON(exported)
        #expect(summary == ImportSummary(profile: "anna", added: 6, alreadyPresent: 0, settingsAdded: 4))
        #expect(summary.description == "Imported 6 records into profile 'anna' with 4 settings.")
        let imported = try fresh.profileStore(named: "anna", createIfNeeded: false)
        #expect(try imported.exportJSON() == exported)
        #expect(try imported.archive() == Fixture.expectedArchive(profile: "anna"))

        // A second import adds nothing.
        let again = try fresh.importJSON(exported)
        #expect(again == ImportSummary(profile: "anna", added: 0, alreadyPresent: 6, settingsAdded: 0))
        #expect(again.description == "Imported 0 records into profile 'anna'; 6 were already there.")
        #expect(try imported.exportJSON() == exported)

        // Into another name, in a database that does not have these records yet.
        let third = try TermFitStore.open(at: temporary.location("third"))
        #expect(try third.importJSON(exported, intoProfile: "carl").profile == "carl")
        #expect(try third.profileStore(named: "carl").archive() == Fixture.expectedArchive(profile: "carl"))
        try third.close()
        try fresh.close()
    }

    @Test("import merges: what the profile has is kept, the rest is added")
    func merge() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (store, log) = try fixtureStore(temporary)
        let exported = try log.exportJSON()
        try store.close()

        let partial = try TermFitStore.open(at: temporary.location("partial"))
        let anna = try partial.profileStore(named: "anna")
        for session in Fixture.hiitSessions { try anna.save(session) }
        try anna.setValue(false, for: .reducedMotion)
        let summary = try partial.importJSON(exported)
        #expect(
            summary
                == ImportSummary(
                    profile: "anna", added: 4, alreadyPresent: 2, settingsAdded: 3,
                    settingsKept: ["display.reducedMotion"]))
        // A setting the profile has with another value is kept, and the import says so.
        #expect(
            summary.description == """
                Imported 4 records into profile 'anna' with 3 settings; 2 were already there.
                Setting display.reducedMotion was already set in this profile: kept its value, not the file's.
                """)
        #expect(try anna.value(for: .reducedMotion) == false)
        #expect(try anna.history().count == 5)
        try partial.close()
    }

    @Test("import refuses bad files and writes nothing")
    func badImports() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let (store, log) = try fixtureStore(temporary)
        defer { try? store.close() }
        let exported = String(decoding: try log.exportJSON(), as: UTF8.self)

        // Records that belong to another profile of this database.
        let conflict = #expect(throws: StoreError.self) {
            try store.importJSON(Data(exported.utf8), intoProfile: "dora")
        }
        guard case .archiveConflict? = conflict else {
            Issue.record("expected a conflict, got \(String(describing: conflict))")
            return
        }
        #expect(try store.profile(named: "dora") == nil)

        #expect(throws: StoreError.invalidArchive("it is not a JSON object")) {
            try store.importJSON(Data("not json".utf8))
        }
        #expect(throws: StoreError.invalidArchive("it has no \"format\": \"termfit-profile\" field")) {
            try store.importJSON(Data(#"{"profile": "anna"}"#.utf8))
        }
        #expect(throws: StoreError.archiveFromNewerVersion(found: 3, supported: 2)) {
            try store.importJSON(
                Data(exported.replacingOccurrences(of: #""version" : 2"#, with: #""version" : 3"#).utf8))
        }
        let badDate = exported.replacingOccurrences(of: "2025-03-04T06:45:00.000Z", with: "yesterday")
        #expect(
            throws: StoreError.invalidArchive(
                "hiitSessions[0].startedAt: 'yesterday' is not an ISO-8601 time such as 2025-03-04T07:30:00Z")
        ) {
            try store.importJSON(Data(badDate.utf8), intoProfile: "erin")
        }
        let badRating = exported.replacingOccurrences(of: #""rating" : 4"#, with: #""rating" : 7"#)
        #expect(throws: StoreError.invalidArchive("hiitSessions[0]: a rating must be from 1 to 5, not 7")) {
            try store.importJSON(Data(badRating.utf8), intoProfile: "erin")
        }
        #expect(try store.profiles().map(\.name) == ["anna", "ben"])
    }

    @Test("Export times are ISO-8601 UTC with milliseconds, and read back in any offset")
    func timestamps() {
        #expect(Timestamp.isoText(time("2025-03-04T07:30:00Z")) == "2025-03-04T07:30:00.000Z")
        #expect(Timestamp.isoText(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
        #expect(Timestamp.isoText(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00.000Z")
        #expect(time("2025-03-04T09:30:00.5+02:00") == time("2025-03-04T07:30:00.500Z"))
        #expect(Timestamp.date(isoText: "2025-03-04") == nil)
        #expect(Timestamp.date(isoText: "2025-03-04T07:30:00") == nil)
        #expect(Timestamp.date(isoText: "2025-13-04T07:30:00Z") == nil)
    }
}
