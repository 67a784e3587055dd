import Foundation
import Records
import Testing

@testable import Store

/// A recovery file exactly as TermFit 0.1 writes it (the command each host queues is the step
/// the file keeps): `termfit recover` and the start-up replay still read it, step names and all.
@Suite struct RecoveryFormatTests {
    /// A dumbbell workout, one set and its end, as written by the release before the store
    /// worker: the names of the steps and of their fields are the file's format.
    static let todaysFile = """
        {
          "format" : "termfit-recovery",
          "profile" : "ann",
          "steps" : [
            {
              "dumbbellWorkout" : {
                "_0" : {
                  "exercise" : "Lunge",
                  "id" : "6224ADC9-5DF5-491C-ADEB-8EFB485B663C",
                  "sets" : [

                  ],
                  "sessionID" : "6224ADC9-5DF5-491C-ADEB-8EFB485B663C",
                  "startedAt" : "2025-03-03T11:06:40.000Z",
                  "status" : "inProgress",
                  "unit" : "kg"
                }
              }
            },
            {
              "dumbbellSet" : {
                "_0" : {
                  "finishedAt" : "2025-03-03T11:07:20.000Z",
                  "number" : 1,
                  "reps" : 10,
                  "startedAt" : "2025-03-03T11:06:40.000Z",
                  "weight" : 12.5
                },
                "exercise" : "Lunge",
                "unit" : "kg",
                "workoutID" : "6224ADC9-5DF5-491C-ADEB-8EFB485B663C"
              }
            },
            {
              "dumbbellFinish" : {
                "at" : "2025-03-03T11:07:40.000Z",
                "status" : "finished",
                "workoutID" : "6224ADC9-5DF5-491C-ADEB-8EFB485B663C"
              }
            }
          ],
          "version" : 1,
          "writtenAt" : "2025-03-03T11:08:00.000Z"
        }

        """

    @Test func aFileInTodaysFormatIsReplayedIntoTheDatabase() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = StoreLocation(directory: directory.path, origin: .argument)
        let path = directory.path + "/termfit-recovery-ann-20250303T110800.json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.todaysFile.utf8)))
        chmod(path, 0o600)
        let store = try TermFitStore.open(at: location)
        defer { try? store.close() }
        let outcomes = Recovery.replay(into: store, profile: "ann")
        #expect(outcomes.map(\.problem) == [nil])
        #expect(outcomes.first?.stepCount == 3)
        #expect(Recovery.files(in: location).isEmpty, "replayed whole, so removed")
        let workout = try #require(try store.profileStore(named: "ann").lastWorkout(exercise: "Lunge"))
        #expect(workout.id.uuidString == "6224ADC9-5DF5-491C-ADEB-8EFB485B663C")
        #expect(workout.status == .finished)
        #expect(workout.sets.map(\.reps) == [10])
        #expect(workout.sets.map(\.weight) == [12.5])
    }

    @Test func theStepsOfTodaysFileAreTheCommandsTheHostsQueue() throws {
        let file = try ArchiveCoding.decoder().decode(RecoveryFile.self, from: Data(Self.todaysFile.utf8))
        let id = try #require(UUID(uuidString: "6224ADC9-5DF5-491C-ADEB-8EFB485B663C"))
        let start = try #require(Timestamp.date(isoText: "2025-03-03T11:06:40.000Z"))
        let set = DumbbellSet(
            number: 1, weight: 12.5, reps: 10, startedAt: start, finishedAt: start.addingTimeInterval(40))
        #expect(
            file.steps == [
                .dumbbellWorkout(
                    DumbbellWorkout(id: id, exercise: "Lunge", unit: .kilograms, startedAt: start, sessionID: id)),
                .dumbbellSet(set, workoutID: id, exercise: "Lunge", unit: .kilograms),
                .dumbbellFinish(workoutID: id, status: .finished, at: start.addingTimeInterval(60)),
            ])
        // Written again, it reads the same.
        let again = try ArchiveCoding.decoder().decode(
            RecoveryFile.self, from: try ArchiveCoding.encoder().encode(file))
        #expect(again == file)
    }

    /// A settings command as a recovery file keeps it: each change with what the window saw
    /// (none here: both were unset) and what it set.
    static let settingsFile = """
        {
          "format" : "termfit-recovery",
          "profile" : "ann",
          "steps" : [
            {
              "settings" : {
                "_0" : [
                  {
                    "value" : {
                      "name" : "dumbbells.unit",
                      "new" : "lb"
                    }
                  },
                  {
                    "item" : {
                      "key" : "Squat",
                      "new" : 5,
                      "setting" : "hiit.ratings"
                    }
                  }
                ]
              }
            }
          ],
          "version" : 1,
          "writtenAt" : "2025-03-03T11:08:00.000Z"
        }

        """

    @Test func aSettingsCommandIsKeptAndReplayedAsACompareAndSet() throws {
        let file = try ArchiveCoding.decoder().decode(RecoveryFile.self, from: Data(Self.settingsFile.utf8))
        #expect(
            file.steps == [
                .settings([
                    .value(name: "dumbbells.unit", expected: nil, new: .string("lb")),
                    .item(setting: "hiit.ratings", key: "Squat", expected: nil, new: .number(5)),
                ])
            ])
        #expect(String(decoding: try ArchiveCoding.encoder().encode(file), as: UTF8.self) + "\n" == Self.settingsFile)

        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let location = StoreLocation(directory: directory.path, origin: .argument)
        let store = try TermFitStore.open(at: location)
        defer { try? store.close() }
        // Another window set the unit to kg since: its change stays; the rating goes in.
        try store.profileStore(named: "ann").setSetting(.string("kg"), forName: "dumbbells.unit")
        let path = directory.path + "/termfit-recovery-ann-20250303T110800.json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.settingsFile.utf8)))
        chmod(path, 0o600)
        #expect(Recovery.replay(into: store, profile: "ann").map(\.problem) == [nil])
        let settings = try store.profileStore(named: "ann").settings()
        #expect(settings["dumbbells.unit"] == .string("kg"))
        #expect(settings["hiit.ratings"] == .object(["Squat": .number(5)]))
    }
}
