import Foundation
import Testing

/// `termfit history`, `export` and `import` from the command line, as a user runs them: the real
/// binary on a real database in a temporary directory, no terminal.
@Suite struct DataCommandEndToEndTests {
    /// A profile's archive in the exact form `termfit export` writes it.
    static let archive = #"""
        {
          "cardSessions" : [

          ],
          "dumbbellWorkouts" : [
            {
              "exercise" : "Bicep curl",
              "finishedAt" : "2025-03-02T07:36:00.000Z",
              "id" : "00000000-0000-0000-0000-000000000002",
              "sets" : [
                {
                  "finishedAt" : "2025-03-02T07:30:40.000Z",
                  "number" : 1,
                  "reps" : 10,
                  "startedAt" : "2025-03-02T07:30:00.000Z",
                  "weight" : 12
                },
                {
                  "finishedAt" : "2025-03-02T07:32:45.500Z",
                  "number" : 2,
                  "reps" : 8,
                  "restBefore" : 90,
                  "startedAt" : "2025-03-02T07:32:10.000Z",
                  "weight" : 12.5
                }
              ],
              "startedAt" : "2025-03-02T07:30:00.000Z",
              "status" : "finished",
              "unit" : "kg"
            }
          ],
          "flashcardDecks" : [

          ],
          "flashcardSessions" : [

          ],
          "format" : "termfit-profile",
          "hiitSessions" : [
            {
              "completed" : true,
              "duration" : 30,
              "exercise" : "Squat",
              "id" : "00000000-0000-0000-0000-000000000005",
              "rating" : 4,
              "startedAt" : "2025-03-04T06:45:00.000Z"
            }
          ],
          "profile" : "anna",
          "settings" : {

          },
          "version" : 2
        }

        """#

    private func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("termfit-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private func termfit(_ arguments: [String], input: Data? = nil) throws -> CommandResult {
        try runCommand([Binary.termfit] + arguments, environment: ["TZ": "UTC"], input: input)
    }

    /// A data directory holding ``archive`` for anna.
    private func importedArchive(into directory: URL) throws -> String {
        let data = directory.appendingPathComponent("data").path
        let file = directory.appendingPathComponent("backup.json")
        try Self.archive.write(to: file, atomically: true, encoding: .utf8)
        #expect(try termfit(["import", file.path, "--data-dir", data]).status == 0)
        return data
    }

    @Test func detailListsEverySetAndExerciseWithWholeSeconds() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = try importedArchive(into: directory)
        let history = ["history", "--data-dir", data, "--profile", "anna", "--detail"]
        let csv = try termfit(history + ["--format", "csv"])
        #expect(csv.status == 0)
        #expect(
            csv.output == """
                session_id,workout,status,item,number,at,exercise,weight,unit,reps,duration_seconds,rest_seconds,\
                card,outcome,rating,set_type,rpe,note
                00000000-0000-0000-0000-000000000002,dumbbells,finished,set,1,2025-03-02T07:30:00.000Z,Bicep curl,\
                12,kg,10,40,,,,,working,,
                00000000-0000-0000-0000-000000000002,dumbbells,finished,set,2,2025-03-02T07:32:10.000Z,Bicep curl,\
                12.5,kg,8,35,90,,,,working,,
                00000000-0000-0000-0000-000000000005,hiit,finished,exercise,1,2025-03-04T06:45:00.000Z,Squat,,,,30,,,,4,,,

                """, "oldest first")
        let newest = try termfit(history + ["--format", "csv", "--newest-first"])
        #expect(
            newest.output.split(separator: "\n").dropFirst().first?.hasPrefix(
                "00000000-0000-0000-0000-000000000005,hiit") == true)
        let json = try termfit(history + ["--format", "json"])
        #expect(
            json.output.contains(#""durationSeconds" : 35,"#),
            "35.5 s in whole seconds, as a stopwatch:\n\(json.output)")
        #expect(json.output.contains(#""item" : "set""#))
        let table = try termfit(history)
        #expect(
            table.output.contains(
                "Bicep curl: 2 sets, 12 kg x 10, 12.5 kg x 8\n    set 1  12 kg x 10  0:40\n    set 2  12.5 kg x 8  0:35  rest 1:30\n"
            ), "\(table.output)")
    }

    @Test func aCutListSaysHowManyMoreAndKeepsCSVAndJSONClean() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = try importedArchive(into: directory)
        let history = ["history", "--data-dir", data, "--profile", "anna", "--limit", "1"]
        let table = try termfit(history)
        #expect(table.output.hasSuffix("Squat, rated 4/5\n1 more session - use --limit 2 or --limit 0 to see all\n"))
        for format in ["csv", "json"] {
            let result = try termfit(history + ["--format", format])
            #expect(!result.output.contains("more"), "the data stays clean")
            #expect(result.error == "termfit: 1 more session - use --limit 2 or --limit 0 to see all\n")
        }
        let all = try termfit(["history", "--data-dir", data, "--profile", "anna", "--limit", "0"])
        #expect(!all.output.contains("more") && all.error.isEmpty)
    }

    @Test func importHistoryExportRoundTrip() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data").path
        let file = directory.appendingPathComponent("backup.json")
        try Self.archive.write(to: file, atomically: true, encoding: .utf8)

        let imported = try termfit(["import", file.path, "--data-dir", data])
        #expect(imported.status == 0)
        #expect(imported.output == "Imported 2 records into profile 'anna'.\n")

        let table = try termfit(["history", "--data-dir", data, "--profile", "anna"])
        #expect(table.status == 0)
        #expect(
            table.output == """
                DATE              WORKOUT     DURATION  STATUS      SUMMARY
                2025-03-04 06:45  hiit            0:30  finished    Squat, rated 4/5
                2025-03-02 07:30  dumbbells       6:00  finished    Bicep curl: 2 sets, 12 kg x 10, 12.5 kg x 8

                """)

        let csv = try termfit(["history", "--data-dir", data, "--profile", "anna", "--format", "csv"])
        #expect(
            csv.output == """
                started_at,finished_at,workout,status,duration_seconds,summary,id
                2025-03-04T06:45:00.000Z,2025-03-04T06:45:30.000Z,hiit,finished,30,"Squat, rated 4/5",\
                00000000-0000-0000-0000-000000000005
                2025-03-02T07:30:00.000Z,2025-03-02T07:36:00.000Z,dumbbells,finished,360,\
                "Bicep curl: 2 sets, 12 kg x 10, 12.5 kg x 8",00000000-0000-0000-0000-000000000002

                """)

        let onlyHIIT = try termfit([
            "history", "--data-dir", data, "--profile", "anna", "--workout", "hiit", "--format", "csv",
        ])
        #expect(onlyHIIT.output.split(separator: "\n").count == 2)

        let exported = try termfit(["export", "--data-dir", data, "--profile", "anna", "--format", "json"])
        #expect(exported.status == 0)
        #expect(exported.output == Self.archive, "export gives back exactly what was imported")

        let again = try termfit(["import", "-", "--data-dir", data], input: Data(Self.archive.utf8))
        #expect(again.output == "Imported 0 records into profile 'anna'; 2 were already there.\n")
        let after = try termfit(["history", "--data-dir", data, "--profile", "anna", "--format", "csv"])
        #expect(after.output == csv.output, "importing twice adds nothing")
    }

    @Test func profilesDoNotSeeEachOther() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data").path
        _ = try termfit(["import", "-", "--data-dir", data], input: Data(Self.archive.utf8))
        let other = try termfit(["history", "--data-dir", data, "--profile", "ben", "--format", "csv"])
        #expect(other.output.split(separator: "\n").count <= 1, "ben sees only the header: \(other.output)")
    }

    @Test func aBadDateIsAUsageError() throws {
        let result = try termfit(["history", "--since", "2025-13-45", "--data-dir", "/nonexistent/termfit"])
        #expect(result.status == 2)
        #expect(result.error.contains("'2025-13-45' is not a date; write it as YYYY-MM-DD"))
    }

    @Test func aFileThatIsNotADatabaseIsRefusedAndLeftAlone() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("termfit.sqlite")
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        try garbage.write(to: database)

        let history = try termfit(["history", "--data-dir", directory.path])
        #expect(history.status == 3)
        #expect(history.error.contains("is not a TermFit database"))
        #expect(history.error.contains("left it untouched"))

        let session = try TmuxSession([Binary.termfit, "--data-dir", directory.path])
        defer { session.close() }
        #expect(try session.waitForExit() == 3)
        #expect(try session.screen().joined().contains("is not a TermFit database"))
        #expect(try session.terminalIsRestored())

        #expect(try Data(contentsOf: database) == garbage, "the file is byte-for-byte unchanged")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(leftovers == ["termfit.sqlite"], "no -wal or -shm files appear")
    }

    @Test func aDataDirectoryOthersCanWriteToIsRefusedWithItsPlantedFiles() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let shared = directory.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        chmod(shared.path, 0o1777)
        let target = directory.appendingPathComponent("victim").path
        #expect(symlink(target, shared.appendingPathComponent("termfit.sqlite").path) == 0)
        for command in [["import", "-"], ["history"], ["export"]] {
            let result = try termfit(command + ["--data-dir", shared.path], input: Data(Self.archive.utf8))
            #expect(result.status == 3, "\(command): \(result.error)")
            #expect(result.error.contains("TermFit will not use \(shared.path): its group or other users may write"))
        }
        #expect(!FileManager.default.fileExists(atPath: target), "nothing was written through the planted link")

        chmod(shared.path, 0o700)
        let planted = try termfit(["import", "-", "--data-dir", shared.path], input: Data(Self.archive.utf8))
        #expect(planted.status == 3)
        #expect(planted.error.contains("termfit.sqlite: it is a symbolic link"), "\(planted.error)")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    /// The database's bytes (SHA-256 not needed: the whole file is compared) and the directory's names.
    private func snapshot(_ directory: String) throws -> (Data, [String]) {
        (
            try Data(contentsOf: URL(fileURLWithPath: directory + "/termfit.sqlite")),
            try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        )
    }

    @Test func readCommandsAndRefusedImportsLeaveTheFileAlone() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data").path
        #expect(try termfit(["import", "-", "--data-dir", data], input: Data(Self.archive.utf8)).status == 0)
        let before = try snapshot(data)
        #expect(before.1 == ["termfit.sqlite"])
        for format in ["table", "csv", "json"] {
            #expect(try termfit(["history", "--data-dir", data, "--profile", "anna", "--format", format]).status == 0)
        }
        #expect(try termfit(["export", "--data-dir", data, "--profile", "anna"]).status == 0)
        #expect(try termfit(["history", "--data-dir", data, "--profile", "nobody"]).status == 1)
        let refused = [
            Self.archive.replacingOccurrences(of: #""version" : 2"#, with: #""version" : 0"#),
            Self.archive.replacingOccurrences(of: #""duration" : 30"#, with: #""duration" : 9.3e18"#),
            "not json",
        ]
        for file in refused {
            #expect(try termfit(["import", "-", "--data-dir", data], input: Data(file.utf8)).status == 3)
        }
        // Records that belong to another profile: refused after the database was opened.
        #expect(
            try termfit(["import", "-", "--data-dir", data, "--profile", "ben"], input: Data(Self.archive.utf8)).status
                == 3)
        let after = try snapshot(data)
        #expect(after.0 == before.0, "the database's bytes are unchanged")
        #expect(after.1 == before.1, "no -wal, -shm or -journal is left behind: \(after.1)")

        let fresh = directory.appendingPathComponent("fresh").path
        #expect(try termfit(["import", "-", "--data-dir", fresh], input: Data("not json".utf8)).status == 3)
        #expect(!FileManager.default.fileExists(atPath: fresh), "a refused import creates nothing")
    }

    @Test func looseDeckFilesAreRefusedAndTheDatabaseStaysTheSame() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = directory.appendingPathComponent("data").path
        #expect(try termfit(["import", "-", "--data-dir", data], input: Data(Self.archive.utf8)).status == 0)
        let before = try snapshot(data)
        let huge = directory.appendingPathComponent("huge.tsv").path
        #expect(FileManager.default.createFile(atPath: huge, contents: nil))
        #expect(truncate(huge, 257 << 20) == 0, "a sparse 257 MiB file")
        let refused: [(Data?, String)] = [
            (Data("Squat\tLegs\nhello\u{0}world\tanswer\n".utf8), "line 2: a NUL character"),
            (nil, "is larger than 256 MiB; nothing was imported"),
        ]
        for (contents, message) in refused {
            let path = contents == nil ? huge : directory.appendingPathComponent("deck.tsv").path
            if let contents { try contents.write(to: URL(fileURLWithPath: path)) }
            let result = try termfit([
                "flashcards", "import", path, "--deck", "D", "--data-dir", data, "--profile", "anna",
            ])
            #expect(result.status == 3)
            #expect(result.error.contains(message), "\(result.error)")
        }
        let twoSets = Self.archive.replacingOccurrences(of: #""number" : 2"#, with: #""number" : 1"#)
        let duplicate = try termfit(["import", "-", "--data-dir", data, "--profile", "zoe"], input: Data(twoSets.utf8))
        #expect(duplicate.status == 3)
        #expect(duplicate.error.contains("two sets have the same number (1)"), "\(duplicate.error)")
        let after = try snapshot(data)
        #expect(after.0 == before.0 && after.1 == before.1)
    }

    @Test func exportAndHistoryOfAMissingDataDirectoryAreErrors() throws {
        for command in [["export"], ["history"], ["history", "--format", "json"]] {
            let result = try termfit(command + ["--data-dir", "/no/such/dir"])
            #expect(result.status == 3, "\(command)")
            #expect(result.output.isEmpty, "no empty archive or history that looks like one")
            #expect(result.error.contains("There is no TermFit data directory /no/such/dir"))
        }
        #expect(!FileManager.default.fileExists(atPath: "/no/such/dir"))
    }

    @Test func anUnreadableImportFileSaysWhy() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("broken.json")
        try Data("{\"format\": \"termfit-profile\", \"version\": 1, \"profile\":".utf8).write(to: file)
        let result = try termfit(["import", file.path, "--data-dir", directory.appendingPathComponent("data").path])
        #expect(result.status == 3)
        #expect(!result.error.isEmpty)
        let history = try termfit([
            "history", "--data-dir", directory.appendingPathComponent("data").path, "--format", "csv",
        ])
        #expect(history.output.split(separator: "\n").count <= 1, "nothing was imported")
    }
}
