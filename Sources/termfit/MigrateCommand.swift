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
            passfile= in the URL), never from the URL. Flashcard decks, their cards, sessions and \
            answers (those carried in from Anki too) are copied and counted on a line of their own.
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
        let environment = TermFitEnvironment.process
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
            let flashcards = try FlashcardsCopy(store)
            guard !flashcards.isEmpty else { continue }
            let held: FlashcardsCopy
            do {
                let member = target.memberData(for: try target.profileCreatingIfNeeded(named: profile.name))
                try flashcards.copy(into: member)
                held = try FlashcardsCopy(member, of: flashcards)
            } catch {
                printError("\(profile.name): \(error)")
                throw TermFitExitStatus.failure
            }
            if held.counts == flashcards.counts {
                printLine("\(profile.name): \(flashcards.counts), all in \(url)")
            } else {
                complete = false
                printError("\(profile.name): this box has \(flashcards.counts), but \(url) holds \(held.counts)")
            }
        }
        if !complete { throw TermFitExitStatus.failure }
    }
}

/// A member's flashcards as `migrate` copies them: decks with their cards, sessions with their
/// answers, and the answers carried in from Anki (those in no session).
struct FlashcardsCopy {
    var decks: [FlashcardDeck]
    var sessions: [FlashcardSession]
    var carried: [FlashcardReview]

    /// Everything of the member's flashcards in `data`.
    init(_ data: any MemberData) throws {
        let archive = try data.archive()
        decks = archive.flashcardDecks
        sessions = archive.flashcardSessions
        let answered = Set(sessions.flatMap(\.reviews).map(\.id))
        carried = try data.flashcardReviews(ofCards: decks.flatMap(\.cards).map(\.id))
            .filter { !answered.contains($0.id) }
    }

    /// What `data` holds of `copy`'s rows (by identifier).
    init(_ data: any MemberData, of copy: FlashcardsCopy) throws {
        let all = try FlashcardsCopy(data)
        let deckIDs = Set(copy.decks.map(\.id))
        let cardIDs = Set(copy.decks.flatMap(\.cards).map(\.id))
        let sessionIDs = Set(copy.sessions.map(\.id))
        let answerIDs = Set(copy.sessions.flatMap(\.reviews).map(\.id))
        let carriedIDs = Set(copy.carried.map(\.id))
        decks = all.decks.filter { deckIDs.contains($0.id) }.map { deck in
            var kept = deck
            kept.cards = deck.cards.filter { cardIDs.contains($0.id) }
            return kept
        }
        sessions = all.sessions.filter { sessionIDs.contains($0.id) }.map { session in
            var kept = session
            kept.reviews = session.reviews.filter { answerIDs.contains($0.id) }
            return kept
        }
        carried = all.carried.filter { carriedIDs.contains($0.id) }
    }

    var isEmpty: Bool { decks.isEmpty && sessions.isEmpty }

    /// "2 flashcard decks (40 cards), 3 flashcard sessions (25 answers), 7 answers from Anki".
    var counts: String {
        "\(decks.count) flashcard decks (\(decks.reduce(0) { $0 + $1.cards.count }) cards), \(sessions.count)"
            + " flashcard sessions (\(sessions.reduce(0) { $0 + $1.reviews.count }) answers),"
            + " \(carried.count) answers from Anki"
    }

    /// Writes every row into `member` under its own identifier (an upsert: twice doubles nothing).
    func copy(into member: any MemberData) throws {
        try member.save(decks: decks, history: carried)
        for session in sessions { try member.start(session) }
    }
}
