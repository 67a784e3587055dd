import ArgumentParser
import Flashcards
import Foundation
import Records
import Store

/// `termfit flashcards decks`: one deck a line, tab-separated under a header row.
struct FlashcardsDecksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decks",
        abstract: "List the decks: name, notes, cards and cards due now, tab-separated under a header row.",
        discussion: """
            A nested deck (Parent::Child) follows its parent, and a parent counts its children's \\
            cards too, as Anki's deck list does. Due counts cards whose review or learning step is \\
            due now; new cards are not due.
            Exit status: 0 success, 1 error, 3 database problem.
            """)

    @OptionGroup var data: DataOptions

    func run() throws {
        try withMemberData(data) { profile in
            let decks = try profile.decks()
            let reviews = try profile.flashcardReviews(ofCards: decks.flatMap(\.cards).map(\.id))
            let schedule = ReviewSchedule(reviews: reviews)
            let now = Date()
            var text = "deck\tnotes\tcards\tdue\n"
            for row in DeckTree(decks).rows {
                let name = row.name.replacingOccurrences(of: "\t", with: " ")
                text += "\(name)\t\(row.noteCount)\t\(row.cards.count)\t\(schedule.dueCount(of: row.cards, at: now))\n"
            }
            FileHandle.standardOutput.write(Data(TerminalText.sanitized(text, keepingLineBreaks: true).utf8))
        }
    }
}
