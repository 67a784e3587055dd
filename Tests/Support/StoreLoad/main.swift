// A helper process for StoreTests. It exercises the Store module from outside the test
// process: several run at once against one database, and one is killed with SIGKILL right
// after it saved a set.
//
//   termfit-store-load write-hiit DIR PROFILE COUNT TAG
//       saves COUNT HIIT sessions named "TAG-0" ... one committed transaction each (one that
//       found the database locked too long tried again, up to 20 times in all), then prints
//       "done TAG".
//   termfit-store-load save-set-and-wait DIR PROFILE
//       starts a dumbbell workout, saves one set, prints "saved WORKOUT-ID" and waits to be
//       killed.
//   termfit-store-load open DIR [UID]
//       (as user UID when given, which needs root) opens the database and prints "opened",
//       or prints the error and exits with status 3.
//   termfit-store-load cache-pages DIR
//       makes the database and saves a session, opens it again and reads the session back, then
//       prints "singly BYTES": the page cache now held that SQLite allocated page by page
//       rather than from a block each connection takes up front.

import CSQLiteTuning
import Foundation
import Records
import Store

func fail(_ message: String, status: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(status)
}

func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func openProfile(directory: String, profile: String) throws -> ProfileStore {
    let store = try TermFitStore.open(at: StoreLocation(directory: directory, origin: .argument))
    return try store.profileStore(named: profile)
}

let arguments = Array(CommandLine.arguments.dropFirst())
do {
    switch arguments.first {
    case "write-hiit" where arguments.count == 5:
        guard let count = Int(arguments[3]) else { fail("COUNT must be a number") }
        let tag = arguments[4]
        let log = try openProfile(directory: arguments[1], profile: arguments[2])
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        // A save that found the database locked for too long is kept and tried again, as the
        // workouts' host does; how often that happened goes to stderr.
        var waits = 0
        for index in 0..<count {
            let session = HIITSession(
                exercise: "\(tag)-\(index)", startedAt: start.addingTimeInterval(Double(index)),
                duration: Double(index), completed: true, rating: index % 5 + 1)
            while true {
                do {
                    try log.save(session)
                    break
                } catch StoreError.busy where waits < 20 {
                    waits += 1
                }
            }
        }
        if waits > 0 { FileHandle.standardError.write(Data("\(tag): \(waits) saves tried again\n".utf8)) }
        say("done \(tag)")
    case "save-set-and-wait" where arguments.count == 3:
        let log = try openProfile(directory: arguments[1], profile: arguments[2])
        let now = Date()
        let workout = DumbbellWorkout(exercise: "Bicep curl", unit: .kilograms, startedAt: now)
        try log.start(workout)
        try log.save(
            DumbbellSet(
                number: 1, weight: 12.5, reps: 10, startedAt: now, finishedAt: now.addingTimeInterval(30)),
            inWorkout: workout.id)
        say("saved \(workout.id.uuidString)")
        while true { pause() }
    case "open" where arguments.count == 2 || arguments.count == 3:
        if arguments.count == 3 {
            guard let user = UInt32(arguments[2]) else { fail("UID must be a number") }
            guard setgid(user) == 0, setuid(user) == 0 else { fail("cannot switch to user \(user)") }
        }
        let store = try TermFitStore.open(at: StoreLocation(directory: arguments[1], origin: .argument))
        try store.close()
        say("opened")
    case "cache-pages" where arguments.count == 2:
        let location = StoreLocation(directory: arguments[1], origin: .argument)
        let first = try TermFitStore.open(at: location)
        try first.profileStore(named: "anna").save(
            HIITSession(exercise: "Squat", startedAt: Date(), duration: 30, completed: true))
        try first.close()
        // Opened again, as at every start: each connection reads a handful of pages.
        let store = try TermFitStore.open(at: location, check: .headerAndSchema)
        _ = try store.profileStore(named: "anna").hiitSessions(since: nil, limit: nil)
        say("singly \(termfit_sqlite_pages_allocated_singly(0))")
        try store.close()
    default:
        fail("usage: termfit-store-load write-hiit|save-set-and-wait|open|cache-pages ...", status: 2)
    }
} catch let error as StoreError {
    say("\(error)")
    exit(3)
} catch {
    fail("\(error)")
}
