import App
import ArgumentParser
import Foundation
import PostgresStore
import Records
import Store

/// What TermFit does at its end with saves the workouts could not carry out: one more try into
/// the database, then a recovery file per profile next to it, and a message naming each step and
/// where it was kept (or that even that failed). The run then ends with status 3.
enum UnsavedKeeping {
    /// Keeps `work` in recovery files, after one more try into the database when `usesDatabase`
    /// (not while the store worker is still in a save: the database is the worker's until it
    /// answers, and would wait for it).
    static func keep(_ work: [UnsavedWork], database: StoreOpening, usesDatabase: Bool = true) -> LaunchFailure {
        var lines: [String] = []
        var lost = false
        for group in work {
            let logs: (profile: Profile, data: any MemberData)?
            // Without the database every step is kept: one the worker is still carrying out
            // goes in again on replay, once (commands carry their ids).
            do {
                logs = usesDatabase ? try database.existingMemberData(named: group.profile) : nil
                if usesDatabase, database.isOpened, logs == nil {
                    // Removed while the session ran: what it owed goes with the rest of its data.
                    lines.append(
                        "termfit: \(group.profile) was removed from this box; "
                            + "\(describe(group.steps.count)) not saved and not kept")
                    continue
                }
            } catch {
                logs = nil
            }
            let work = remaining(group, in: logs?.data)
            guard !work.steps.isEmpty else { continue }
            lines.append("termfit: not saved in the database for \(group.profile):")
            lines += work.steps.map { "  " + $0.summary }
            do {
                let path = try Recovery.write(work, profileID: logs?.profile.id, in: database.location)
                lines.append(
                    "termfit: kept in \(path); the next start of TermFit (or 'termfit recover') puts it in the database"
                )
            } catch {
                lost = true
                lines.append("termfit: and the recovery file could not be written either: \(error)")
            }
        }
        if lost { lines.append("termfit: write down what is listed above: it is not kept anywhere") }
        let message = lines.map { TerminalText.sanitized($0) }.joined(separator: "\n")
        return LaunchFailure(message: message, exitStatus: TermFitExitStatus.dataFile.rawValue)
    }

    private static func describe(_ count: Int) -> String { count == 1 ? "1 change was" : "\(count) changes were" }

    /// What of `work` still does not go in, after one more try in order (the first that fails
    /// stops the rest, as in the workouts' queues), each step with its command's identifier:
    /// one the store carried out before (its answer was lost) is not carried out again.
    private static func remaining(_ work: UnsavedWork, in data: (any MemberData)?) -> UnsavedWork {
        guard let data else { return work }
        let ledger = data as? any CarriesOutCommandsOnce
        var index = 0
        while index < work.steps.count {
            let step = work.steps[index]
            do {
                if let ledger, !work.commandIDs.isEmpty {
                    _ = try ledger.carryOut(command: work.commandIDs[index]) { try step.save(into: data) }
                } else {
                    try step.save(into: data)
                }
            } catch {
                break
            }
            index += 1
        }
        return UnsavedWork(
            profile: work.profile, steps: Array(work.steps[index...]),
            commandIDs: work.commandIDs.isEmpty ? [] : Array(work.commandIDs[index...]))
    }
}

/// `termfit recover`: replays recovery files into the database now.
struct RecoverCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recover",
        abstract: "Put saves that TermFit could not make (a full disk, a read-only file) into the database.",
        discussion: """
            When TermFit ends with work it could not save, it writes it to a recovery file next to the
            database (termfit-recovery-PROFILE-TIME.json) and says so. The next full-screen start
            replays the file for its profile; this command does it for every profile (or only for
            --profile). With --database the files go into that PostgreSQL database, each save once.
            A file replayed whole is removed; one that cannot be is kept and reported.
            Exit status: 0 success, 1 error, 2 usage error, 3 a file could not be replayed.
            """)

    @OptionGroup var data: DataOptions

    func run() throws {
        try reportingErrors {
            let environment = TermFitEnvironment.process
            let location = try data.settings.fileLocation(environment: environment)
            guard !Recovery.files(in: location).isEmpty else {
                printLine("Nothing to recover.")
                return
            }
            let outcomes: [RecoveryOutcome]
            if let server = try data.settings.server(environment: environment, kiosk: false) {
                // The box's queue goes into the database the boxes share, each command once.
                let store: PostgresStore
                do {
                    store = try PostgresStore(url: server, box: location.boxIdentifier())
                } catch {
                    printError("termfit: \(error)")
                    throw TermFitExitStatus.dataFile
                }
                defer { store.close() }
                outcomes = Recovery.replay(from: location, into: store, profile: data.profile)
            } else {
                let store = try TermFitStore.open(at: location)
                defer { try? store.close() }
                outcomes = Recovery.replay(into: store, profile: data.profile)
            }
            for outcome in outcomes { printLine(outcome.description) }
            if outcomes.isEmpty { printLine("Nothing to recover for \(data.profileName()).") }
            if outcomes.contains(where: { $0.problem != nil }) { throw TermFitExitStatus.dataFile }
        }
    }
}
