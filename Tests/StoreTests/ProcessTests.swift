import Foundation
import GRDB
import Records
import TestSupport
import Testing

@testable import Store

@Suite("Several processes, and killed processes", .serialized)
struct ProcessTests {
    @Test("8 processes writing 500 records each at once: all 4000 are there, none twice", .timeLimit(.minutes(5)))
    func concurrentWriters() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        try TermFitStore.open(at: location).close()

        let writers = try (0..<8).map { index in
            try LoadHelper.start(["write-hiit", location.directory, "kiosk", "500", "p\(index)"])
        }
        for (index, (process, output, errors)) in writers.enumerated() {
            let said = readLine(from: output)
            let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            // A writer may find the lock held past the busy timeout on a loaded machine; it keeps
            // the save and tries again (as a workout does), and says so on stderr.
            #expect(process.terminationStatus == 0, "writer \(index): \(complaint)")
            #expect(said == "done p\(index)")
        }

        let queue = try DatabaseQueue(path: location.databasePath)
        let names = try queue.read { db in
            try String.fetchAll(db, sql: "SELECT exercise FROM hiit_session")
        }
        #expect(names.count == 4000)
        #expect(Set(names).count == 4000)
        let expected = Set((0..<8).flatMap { process in (0..<500).map { "p\(process)-\($0)" } })
        #expect(Set(names) == expected)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM profile") } == 1)
        try queue.close()
    }

    @Test("8 processes opening a brand-new database at once all succeed", .timeLimit(.minutes(2)))
    func concurrentCreation() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        let writers = try (0..<8).map { index in
            try LoadHelper.start(["write-hiit", location.directory, "profile\(index % 2)", "5", "p\(index)"])
        }
        for (index, (process, output, errors)) in writers.enumerated() {
            let said = readLine(from: output)
            let complaint = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "writer \(index): \(said) \(complaint)")
        }
        let store = try TermFitStore.open(at: location)
        #expect(try store.profiles().map(\.name) == ["profile0", "profile1"])
        #expect(try store.profileStore(named: "profile0").hiitSessions(since: nil, limit: nil).count == 20)
        #expect(try store.profileStore(named: "profile1").hiitSessions(since: nil, limit: nil).count == 20)
        try store.close()
    }

    @Test("SQLite allocates cache pages as it reads them, not 20 at a time per connection")
    func cachePagesAsRead() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        // In a process of its own: the setting is per process, made before its first connection.
        let result = try LoadHelper.run(["cache-pages", temporary.location().directory])
        #expect(result.status == 0, "\(result.errors)")
        let words = result.output.split(whereSeparator: \.isWhitespace)
        #expect(words.first == "singly")
        // The connections hold about 20 pages read (the schema twice, the profile and history
        // tables), each allocated on its own: 80 KB. With a block per connection only the
        // 4 pages of caches too small for a block would be (16 KB).
        let singly = (words.count == 2 ? Int(words[1]) : nil) ?? 0
        #expect(singly >= 10 * 4096, "\(result.output)")
    }

    @Test("A process killed with SIGKILL right after a completed set has that set on disk", .timeLimit(.minutes(1)))
    func durableAfterSIGKILL() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let location = temporary.location()
        let (process, output, _) = try LoadHelper.start(["save-set-and-wait", location.directory, "anna"])
        let line = readLine(from: output)
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGKILL)

        let words = line.split(separator: " ")
        #expect(words.first == "saved")
        let workoutID = try #require(words.count == 2 ? UUID(uuidString: String(words[1])) : nil)
        // The killed process left its write-ahead log behind; the next open recovers from it.
        #expect(FileManager.default.fileExists(atPath: location.databasePath + "-wal"))
        let store = try TermFitStore.open(at: location)
        let workout = try #require(try store.profileStore(named: "anna").workout(id: workoutID))
        #expect(workout.status == .inProgress)
        #expect(workout.sets.count == 1)
        #expect(workout.sets.first?.weight == 12.5)
        #expect(workout.sets.first?.reps == 10)
        try store.close()
    }
}

@Suite("Killed while creating the database", .serialized)
struct KilledDuringCreationTests {
    /// How many kills: a few dozen in `make test`, `TERMFIT_SOAK_RUNS` (`make soak`: 500) more.
    static let runs = ProcessInfo.processInfo.environment["TERMFIT_SOAK_RUNS"].flatMap(Int.init) ?? 30

    @Test("SIGKILL at random instants of the very first save never leaves a database that cannot be opened")
    func killedDuringFirstSave() throws {
        let seed =
            ProcessInfo.processInfo.environment["TERMFIT_PROPERTY_SEED"].flatMap(UInt64.init)
            ?? UInt64.random(in: 0...UInt64.max)
        print("KilledDuringCreationTests seed \(seed) (TERMFIT_PROPERTY_SEED=\(seed) replays the instants)")
        var random = SeededGenerator(seed: seed)
        // How long a first save takes here, to spread the kills over it.
        let measured = try TemporaryDirectory()
        defer { measured.remove() }
        let started = ContinuousClock.now
        #expect(try LoadHelper.run(["write-hiit", measured.location().directory, "anna", "1", "t"]).status == 0)
        let span = max(ContinuousClock.now - started, .milliseconds(5))
        var leftovers: [String: Int] = [:]
        for run in 0..<Self.runs {
            let temporary = try TemporaryDirectory()
            defer { temporary.remove() }
            let location = temporary.location()
            let (process, _, _) = try LoadHelper.start(["write-hiit", location.directory, "anna", "1", "t"])
            let fraction = Double(random.next() % 1000) / 1000
            Thread.sleep(forTimeInterval: Double(span.components.attoseconds) / 1e18 * fraction * 1.2)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            for name in listing(location.directory) { leftovers[name, default: 0] += 1 }
            let opened = try LoadHelper.run(["open", location.directory])
            #expect(
                opened.status == 0 && opened.output == "opened\n",
                "run \(run) (seed \(seed)) left \(listing(location.directory)): \(opened.output) \(opened.errors)")
        }
        print("KilledDuringCreationTests files left by the kills: \(leftovers.sorted { $0.key < $1.key })")
    }
}

/// What opening the database waits out: a clash with another process, not a lasting problem.
@Suite("Passing clashes when opening")
struct PassingClashTests {
    @Test func aLogFileRemovedByAnotherProcessIsWaitedOut() {
        let vanished = NSError(
            domain: NSCocoaErrorDomain, code: NSFileReadNoSuchFileError,
            userInfo: [NSFilePathErrorKey: "/data/termfit.sqlite-wal"])
        #expect(TermFitStore.isPassing(vanished))
        #expect(TermFitStore.isPassing(DatabaseError(resultCode: .SQLITE_BUSY)))
        let database = NSError(
            domain: NSCocoaErrorDomain, code: NSFileReadNoSuchFileError,
            userInfo: [NSFilePathErrorKey: "/data/termfit.sqlite"])
        #expect(!TermFitStore.isPassing(database), "the database itself missing is no passing clash")
        #expect(!TermFitStore.isPassing(DatabaseError(resultCode: .SQLITE_CORRUPT)))
    }
}
