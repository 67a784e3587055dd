import ArgumentParser
import Foundation
import PostgresStore
import Records
import Store

/// `termfit migrate --to URL`: a box's SQLite data, every profile, copied into PostgreSQL, so a
/// gym moves from one box to several sharing one server.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Copy this box's data (every profile) into a PostgreSQL database.",
        discussion: """
            Every row keeps its identifier and is written as an upsert, so running it twice doubles \
            nothing. The counts of each profile are printed, then checked against what the server \
            holds. The password comes from PGPASSWORD or a password file (~/.pgpass, PGPASSFILE or \
            passfile= in the URL), never from the URL. Flashcard decks are not on PostgreSQL yet: \
            they are counted and said, and the exit status is then 1.
            Exit status: 0 everything copied, 1 error or something left behind, 2 usage error, \
            3 problem with the database file.
            """)

    @Option(
        help: ArgumentHelp(
            "The PostgreSQL database: postgresql://user@host/db, or ?host=/socket/dir for a unix socket.",
            valueName: "url"))
    var to: String

    @OptionGroup var data: DataOptions

    func run() throws {
        let url: DatabaseURL
        do { url = try DatabaseURL(to) } catch { throw ValidationError(error.description) }
        let environment = ProcessInfo.processInfo.environment
        guard let source = try TermFitStore.openForReading(at: try data.settings.fileLocation(environment: environment))
        else {
            printLine("Nothing to copy: this box has no data yet.")
            return
        }
        defer { try? source.close() }
        let target: PostgresStore
        do { target = try PostgresStore(url: url) } catch {
            printError("\(error)")
            throw TermFitExitStatus.failure
        }
        defer { target.close() }
        var complete = true
        for profile in try source.profiles() {
            let store = source.profileStore(for: profile)
            let snapshot = MemberSnapshot(
                profileName: profile.name, workouts: try store.recentWorkouts(limit: Int.max),
                cardSessions: try store.recentCardSessions(limit: Int.max),
                hiitSessions: try store.hiitSessions(since: nil, limit: nil), settings: try store.settings())
            let copied: CopyCounts
            do { copied = try target.copy(snapshot) } catch {
                printError("\(profile.name): \(error)")
                throw TermFitExitStatus.failure
            }
            let expected = snapshot.counts
            if copied == expected {
                printLine("\(profile.name): \(expected), all in \(url)")
            } else {
                complete = false
                printError("\(profile.name): this box has \(expected), but \(url) holds \(copied) of them")
            }
            let decks = try store.decks()
            if !decks.isEmpty {
                complete = false
                printError(
                    "\(profile.name): \(decks.count) flashcard deck\(decks.count == 1 ? "" : "s") not copied"
                        + " (flashcards are not on PostgreSQL yet)")
            }
        }
        if !complete { throw TermFitExitStatus.failure }
    }
}
